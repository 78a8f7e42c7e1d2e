#!/usr/bin/env bash
# Plays a match in Debian's XBoard 4.9.1 (headless, under xvfb-run) between two
# CECP engines, saves the PGN and XBoard's debug log, and reports the result
# and any illegal move, false illegal-move claim or loss on time.
#
# Usage: scripts/xboard-match.sh VARIANT GAMES TC [ENGINE1 [ENGINE2]]
#   TC        MIN[:SS][+INC]  e.g. 1, 0:20, 0:10+0.1 (increment in seconds, may be fractional)
#   ENGINEn   a command line; default build/rulezero (two copies); `list:NAME`
#             is the engine NAME of XBoard's engine list (-fe/-se NAME)
# Environment: XBOARD_MATCH_DIR (default build/xboard-match) receives
#   games.pgn, xboard.debug and xboard.out; XBOARD_MAX_MOVES (default 80)
#   adjudicates a draw after that many moves per side; XBOARD_SETTINGS=FILE
#   makes XBoard read and save its settings (its engine list) in FILE and add
#   the engines it finds in the plugin directories (-autoInstall, which only
#   runs with XBoard's windows, so -noGUI is then left out).
# Exit status: 0 when every game ended without an illegal move or forfeit,
#   1 when one did, 2 on usage errors, 77 when xboard or xvfb-run is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 3 ] || [ $# -gt 5 ]; then
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
variant=$1 games=$2 tc=$3
engine1=${4:-$root/build/rulezero}
engine2=${5:-$engine1}
XBOARD=${XBOARD:-/usr/games/xboard}
if [ ! -x "$XBOARD" ] || ! command -v xvfb-run >/dev/null; then
    echo "xboard-match: needs $XBOARD and xvfb-run (Debian packages xboard, xvfb)" >&2
    exit 77
fi
case $games in '' | *[!0-9]*) echo "xboard-match: GAMES must be a number" >&2; exit 2 ;; esac
base=${tc%%+*}
inc=0
[ "$base" != "$tc" ] && inc=${tc#*+}

out=${XBOARD_MATCH_DIR:-$root/build/xboard-match}
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/e1" "$work/e2"
rm -f "$out/games.pgn" "$out/xboard.debug" "$out/xboard.out"

legality=false
[ "$variant" = normal ] && legality=true

# engine_args FLAG_CMD FLAG_LIST FLAG_DIR DIR ENGINE: XBoard's arguments for one engine.
engine_args() {
    case $5 in
        list:*) printf '%s\n' "$2" "${5#list:}" ;;
        *) printf '%s\n' "$1" "$5" "$3" "$4" ;;
    esac
}
mapfile -t first < <(engine_args -fcp -fe -fd "$work/e1" "$engine1")
mapfile -t second < <(engine_args -scp -se -sd "$work/e2" "$engine2")
if [ -n "${XBOARD_SETTINGS:-}" ]; then
    settings=(-settingsFile "$XBOARD_SETTINGS" -saveSettingsFile "$XBOARD_SETTINGS"
              -saveSettingsOnExit true -autoInstall ALL)
else
    settings=(-saveSettingsOnExit false -noGUI)
fi

set +e
HOME=$work/home timeout $((games * 600 + 60)) xvfb-run -a "$XBOARD" "${settings[@]}" \
    -variant "$variant" -testLegality "$legality" "${first[@]}" "${second[@]}" \
    -mg "$games" -tc "$base" -inc "$inc" -autoCallFlag true -testClaims false \
    -adjudicateDrawMoves "${XBOARD_MAX_MOVES:-80}" \
    -sgf "$out/games.pgn" -popupExitMessage false -matchPause 100 \
    -debug -nameOfDebugFile "$out/xboard.debug" >"$out/xboard.out" 2>&1
status=$?
set -e

echo "PGN: $out/games.pgn   debug log: $out/xboard.debug"
grep -E '^\[Result|^\[Termination|\{[^}]*\} *(1-0|0-1|1/2-1/2|\*)' "$out/games.pgn" 2>/dev/null | grep -v '^\[Result' || true
grep -o 'Match .*final score.*' "$out/xboard.out" || echo "xboard-match: no final score (xboard exit status $status)"
problems=$( (grep -hiE 'illegal move|forfeit|loses on time|flag|false illegal|did not send setup' \
                 "$out/games.pgn" "$out/xboard.out" 2>/dev/null || true;
             grep -hE '^[0-9]+ <(first|second) *: *(Illegal move|Error)' "$out/xboard.debug" 2>/dev/null || true) |
            grep -v 'Error (unknown command)' || true)
played=$(grep -c '^\[Result' "$out/games.pgn" 2>/dev/null || true)
echo "games played: ${played:-0} of $games"
if [ -n "$problems" ]; then
    echo "PROBLEMS:"
    echo "$problems"
    exit 1
fi
if [ "$status" -ne 0 ] || [ "${played:-0}" -lt "$games" ]; then
    echo "xboard-match: the match did not finish (xboard exit status $status); see $out/xboard.out" >&2
    exit 1
fi
