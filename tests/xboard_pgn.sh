#!/usr/bin/env bash
# Games saved by Debian's XBoard 4.9.1 (headless, under xvfb-run, Rule Zero
# against itself) replay in `rulezero pgn-check` (issue 43), in every game
# docs/winboard.md says XBoard plays whole: normal (a game from the start,
# and one from a mate in one, which XBoard saves with no Termination tag),
# polypiece, polypiece-phased, interdependent, pickle and shifted-square.
# A game is cut short by XBoard's draw adjudication after MOVES moves a side.
# The engines search 2 plies a move (XBoard's -depth: `sd 2`), not on the
# clock: what is checked is the PGN XBoard saves, not the play, and a
# depth-limited game takes no time on its clock to wait for.
# Usage: xboard_pgn.sh path/to/rulezero [MOVES]; exit 77 without xboard or xvfb-run.
set -u
RZ=${1:?usage: xboard_pgn.sh path/to/rulezero [MOVES]}
MOVES=${2:-12}
XBOARD=${XBOARD:-/usr/games/xboard}
if [ ! -x "$XBOARD" ] || ! command -v xvfb-run >/dev/null; then
    echo "SKIPPED: needs $XBOARD and xvfb-run (Debian packages xboard, xvfb)"
    exit 77
fi
RZ=$(cd "$(dirname "$RZ")" && pwd)/$(basename "$RZ")
. "$(dirname "$0")/lib/scratch.sh"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# One game of VARIANT in XBoard, saved to $tmp/NAME.pgn, then pgn-check on it.
xboard_game() { # name, variant, extra XBoard arguments...
    local name=$1 variant=$2; shift 2
    local legality=false
    [ "$variant" = normal ] && legality=true
    mkdir -p "$tmp/$name/home"
    HOME=$tmp/$name/home timeout 900 xvfb-run -a "$XBOARD" -saveSettingsOnExit false -noGUI \
        -variant "$variant" -testLegality "$legality" -fcp "$RZ" -fd "$tmp/$name" -scp "$RZ" -sd "$tmp/$name" \
        -mg 1 -tc 0:20 -inc 0.1 -depth 2 -autoCallFlag true -testClaims false -adjudicateDrawMoves "$MOVES" \
        -sgf "$tmp/$name.pgn" -popupExitMessage false -matchPause 100 "$@" > "$tmp/$name.out" 2>&1
    if [ "$(grep -c '^\[Result' "$tmp/$name.pgn" 2>/dev/null)" != 1 ]; then
        bad "$name: XBoard saved no game"; tail -n 5 "$tmp/$name.out"; return
    fi
    if "$RZ" pgn-check "$tmp/$name.pgn" > "$tmp/$name.check"; then ok; else
        bad "$name: pgn-check refuses XBoard's game"; cat "$tmp/$name.check" "$tmp/$name.pgn"; fi
}

printf '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\n' > "$tmp/mate.fen"
xboard_game normal-mate normal -lpf "$tmp/mate.fen"
grep -q '^Game 1: OK 1 plies 1-0 ' "$tmp/normal-mate.check" 2>/dev/null && ok || bad "normal-mate: not the mate in one"
for variant in normal polypiece polypiece-phased interdependent pickle shifted-square; do
    xboard_game "$variant" "$variant"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
