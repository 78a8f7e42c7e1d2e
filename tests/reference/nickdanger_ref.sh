#!/usr/bin/env bash
# Compares every position of perft/suites/nickdanger.epd (or those whose D1 is
# at most MAX_D1, default 1500) with the independent Python reference:
# the same turn texts, the same FEN after each, and the same number of turns
# in a few child positions. A line's `;option Links=N`, `;option LinkSquares=V`
# and `;option AfterLinking=V` are the game's settings, given to both programs
# (no other option is known here). Fails when the suite cannot be read or when no
# position was compared (nothing checked is not a pass).
# REF_ARGS, when given, go to the reference before each line's settings: a
# game of a game file and its sizes and defaults (nickdanger_ref.py --board1
# 2x2 --links 4 --link-squares same-quadrant --game ID --variants FILE).
# The positions are read and compared by nickdanger_ref.py itself, in one process.
# Usage: nickdanger_ref.sh PYTHON RULEZERO [MAX_D1 [SAMPLES [SUITE [REF_ARGS...]]]]
set -u
py=${1:?python}; rz=${2:?rulezero}; max=${3:-1500}; samples=${4:-1}
here=$(cd "$(dirname "$0")" && pwd)
suite=${5:-$here/../../perft/suites/nickdanger.epd}
shift $(($# < 5 ? $# : 5))
base=("$@")
[ -f "$suite" ] && [ -r "$suite" ] || { echo "FAIL: cannot read the suite $suite"; exit 1; }
# One Python process for the whole suite (nickdanger_ref.py's `suite`), not one per position.
exec "$py" "$here/nickdanger_ref.py" "${base[@]}" suite "$rz" "$suite" "$max" "$samples"
