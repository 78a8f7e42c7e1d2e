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
# Usage: nickdanger_ref.sh PYTHON RULEZERO [MAX_D1 [SAMPLES [SUITE [REF_ARGS...]]]]
set -u
py=${1:?python}; rz=${2:?rulezero}; max=${3:-1500}; samples=${4:-1}
here=$(cd "$(dirname "$0")" && pwd)
suite=${5:-$here/../../perft/suites/nickdanger.epd}
shift $(($# < 5 ? $# : 5))
base=("$@")
[ -f "$suite" ] && [ -r "$suite" ] || { echo "FAIL: cannot read the suite $suite"; exit 1; }
fail=0 n=0
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    fen=${line%%;*}; fen=$(echo "$fen" | sed 's/ *$//')
    d1=$(echo "$line" | sed -n 's/.*;D1 \([0-9]*\).*/\1/p')
    [ -n "$d1" ] && [ "$d1" -gt "$max" ] && continue
    settings=("${base[@]}") unknown=
    while IFS= read -r opt; do
        [ -n "$opt" ] || continue
        value=$(echo "${opt#;option *=}" | sed 's/ *$//')
        case ${opt#;option } in
            Links=*) settings+=(--links "$value") ;;
            LinkSquares=*) settings+=(--link-squares "$value") ;;
            AfterLinking=*) settings+=(--after-linking "$value") ;;
            *) unknown="$unknown $opt" ;;
        esac
    done < <(echo "$line" | grep -o ';option [^;]*')
    [ -z "$unknown" ] || { echo "FAIL: a setting this reference does not know:$unknown"; fail=$((fail + 1)); continue; }
    n=$((n + 1))
    "$py" "$here/nickdanger_ref.py" "${settings[@]}" check "$rz" "$fen" "$samples" || fail=$((fail + 1))
done < "$suite"
echo "$n positions compared, $fail differ"
[ "$n" -gt 0 ] || { echo "FAIL: no position of $suite with D1 at most $max: nothing was checked"; exit 1; }
[ "$fail" -eq 0 ]
