#!/usr/bin/env bash
# The referee against a real engine that sends SAN: Debian's Phalanx XXV
# plays itself through `rulezero match` from two positions where both sides
# still have to castle. Phalanx sends every move in coordinates except
# castling, which it sends as `O-O` / `O-O-O` (whatever `san` feature it was
# told); before the SAN reader that lost the game as an illegal move.
# Exit 77 (skip) when /usr/games/phalanx is missing.
set -u
RZ=${1:?usage: phalanx_match.sh path/to/rulezero}
PHALANX=${PHALANX:-/usr/games/phalanx}
[ -x "$PHALANX" ] || { echo "SKIPPED: $PHALANX not installed (Debian package phalanx)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=1; echo "FAIL $*"; }

cat > "$tmp/castle.epd" <<'EPD'
r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5
r3kb1r/pppq1ppp/2np1n2/4p3/4P1b1/2NPBN2/PPPQ1PPP/R3KB1R w KQkq - 2 7
EPD
"$RZ" match --engine "$PHALANX" --protocol cecp --engine "$PHALANX" --protocol cecp \
    --games 4 --tc 2+0.05 --timemargin 1000 --max-moves 20 --openings "$tmp/castle.epd" \
    --pgn "$tmp/p.pgn" --debug > "$tmp/out" 2> "$tmp/log" || bad "match exit code"
cat "$tmp/out"
[ "$(grep -c '^Game [0-9]/4 ' "$tmp/out")" -eq 4 ] || bad "four games expected"
# Both players' fault lines clean, found whatever their names: on a loaded
# machine Phalanx may send its features (myname) later than the 2 s CECP
# allows, and is then named by its command.
[ "$(grep -c ': time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0$' "$tmp/out")" -eq 2 ] ||
    bad "a player has faults"
# The SAN path was taken: Phalanx sent castling as O-O or O-O-O, and it was relayed as a move.
grep -Eq '> move O-O(-O)?$' "$tmp/log" || bad "Phalanx never sent O-O here (nothing tested)"
grep -Eq ' (e1g1|e1c1|e8g8|e8c8)( |$)' "$tmp/p.pgn" || bad "no castling in the PGN"
"$RZ" pgn-check "$tmp/p.pgn" > "$tmp/check" || { bad "pgn-check"; cat "$tmp/check"; }
[ $fail -eq 0 ] && echo "phalanx_match: OK"
exit $fail
