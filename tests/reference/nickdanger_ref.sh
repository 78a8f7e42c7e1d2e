#!/usr/bin/env bash
# Compares every position of perft/suites/nickdanger.epd (or those whose D1 is
# at most MAX_D1, default 1500) with the independent Python reference:
# the same turn texts, the same FEN after each, and the same number of turns
# in a few child positions.
# Usage: nickdanger_ref.sh PYTHON RULEZERO [MAX_D1 [SAMPLES]]
set -u
py=${1:?python}; rz=${2:?rulezero}; max=${3:-1500}; samples=${4:-1}
here=$(cd "$(dirname "$0")" && pwd)
suite="$here/../../perft/suites/nickdanger.epd"
fail=0 n=0
while IFS= read -r line; do
    case $line in ''|'#'*) continue ;; esac
    fen=${line%%;*}; fen=$(echo "$fen" | sed 's/ *$//')
    d1=$(echo "$line" | sed -n 's/.*;D1 \([0-9]*\).*/\1/p')
    [ -n "$d1" ] && [ "$d1" -gt "$max" ] && continue
    n=$((n + 1))
    "$py" "$here/nickdanger_ref.py" check "$rz" "$fen" "$samples" || fail=$((fail + 1))
done < "$suite"
echo "$n positions compared, $fail differ"
[ "$fail" -eq 0 ]
