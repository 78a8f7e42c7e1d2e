#!/usr/bin/env bash
# Whole self-play games over CECP between two rulezero processes at a fixed
# depth (4 steps, 3 with --short, so every run plays the same game), refereed by
# `rulezero match` (every move checked with the rules), one per variant whose
# turns XBoard cannot relay, each checked for the feature it must show:
#   dialectic   a dialectic (token) move, e.g. T@11
#   interweave  a capture chain (legs joined by a comma)
#   nickdanger  the twinkle phase (field 8 of the final FEN is T)
#   shifted-square  the added square in the final FEN (field 7: a piece or -)
# and, for every game, no time forfeit, illegal move, crash or false claim.
# With --short, every registered variant plays one game of at most 30 moves and
# only the faults are checked (the sanitizer build runs this).
# Usage: tests/variant_games.sh path/to/rulezero [--short] [VARIANT...]
set -u
rz=${1:?usage: variant_games.sh path/to/rulezero [--short] [VARIANT...]}
shift
short=0
if [ "${1:-}" = --short ]; then short=1; shift; fi
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
    if [ $short -eq 1 ]; then
        read -r -a variants <<<"$("$rz" --help | sed -n 's/^Variants: //p')"
    else
        variants=(dialectic interweave nickdanger shifted-square)
    fi
fi
max_moves=400 depth=4
# --short (the sanitizer build): depth 3, the same code in every variant for
# fewer nodes (docs/performance.md, "Issue 43, fifth session"); Release plays
# its long games at depth 4.
[ $short -eq 1 ] && max_moves=30 depth=3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# A depth-4 search has no clock: in Nick Danger one can take 2.4 million
# nodes (18 s of a loaded core, a minute under the sanitizers), so the wait
# for a move, which only guards against a hung engine, is 5 minutes.
for v in "${variants[@]}"; do
    log=$tmp/$v.log pgn=$tmp/$v.pgn
    "$rz" match --variant "$v" --engine "$rz" --engine "$rz" --games 1 --depth $depth --max-moves $max_moves --max-wait 300 \
        --pgn "$pgn" --verbose >"$log" 2>&1 || { bad "$v: match exited $?"; cat "$log"; continue; }
    grep -E "^Game 1/1" "$log"
    faults=$(grep -cE "time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0" "$log")
    [ "$faults" -eq 2 ] && ok || { bad "$v: a fault was recorded"; cat "$log"; }
    "$rz" pgn-check "$pgn" >/dev/null 2>&1 && ok || bad "$v: the PGN does not replay"
    [ $short -eq 1 ] && continue
    case $v in
        dialectic) grep -qE "[TAS]@[0-2][0-2]" "$pgn" && ok || bad "dialectic: no dialectic move in the game" ;;
        interweave) grep -qE "[a-h][1-8][a-h][1-8][rnb]?,[a-h][1-8][a-h][1-8]" "$pgn" && ok ||
            bad "interweave: no capture chain in the game" ;;
        nickdanger) grep -E "final position:" "$log" | awk '{print $(NF-1)}' | grep -qx T && ok ||
            bad "nickdanger: the game never reached the twinkle phase" ;;
        shifted-square) grep -E "final position:" "$log" | awk '{print $NF}' | grep -qxE "[PNBRQKpnbrqk-]" && ok ||
            bad "shifted-square: the final FEN lacks the added square's field" ;;
    esac
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
