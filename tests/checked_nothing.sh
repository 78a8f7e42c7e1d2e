#!/usr/bin/env bash
# A check that ran over nothing must fail, not pass: each checker below is
# given an empty or a missing input and must exit non-zero saying so. These
# are the checkers that used to pass there (issue 30).
# Usage: tests/checked_nothing.sh RULEZERO PYTHON FUZZ_REPLAY
set -u
rz=${1:?usage: checked_nothing.sh RULEZERO PYTHON FUZZ_REPLAY}
py=${2:?python}; replay=${3:?a fuzz replay binary}
here=$(cd "$(dirname "$0")" && pwd)
ref=$here/reference
. "$(dirname "$0")/lib/scratch.sh"
: > "$tmp/empty.epd"
printf '# only a comment\n\n' > "$tmp/comments.epd"
mkdir "$tmp/empty-folder"
pass=0 fail=0
# refuses NAME PATTERN CMD...: CMD must exit non-zero and print PATTERN.
refuses() {
    local name=$1 pattern=$2; shift 2
    "$@" > "$tmp/out" 2>&1
    local status=$?
    if [ "$status" -ne 0 ] && grep -Eq -- "$pattern" "$tmp/out"; then
        pass=$((pass + 1)); echo "ok   $name (exit $status)"
    else
        fail=$((fail + 1)); echo "FAIL $name: exit $status, expected non-zero and /$pattern/"; cat "$tmp/out"
    fi
}
refuses "nickdanger_ref.sh, empty suite" "nothing was checked" "$ref/nickdanger_ref.sh" "$py" "$rz" 1500 1 "$tmp/empty.epd"
refuses "nickdanger_ref.sh, only comments" "nothing was checked" "$ref/nickdanger_ref.sh" "$py" "$rz" 1500 1 "$tmp/comments.epd"
refuses "nickdanger_ref.sh, no position under the D1 limit" "nothing was checked" "$ref/nickdanger_ref.sh" "$py" "$rz" -1 1 \
    "$here/../perft/suites/nickdanger-small.epd"
refuses "nickdanger_ref.sh, missing suite" "cannot read" "$ref/nickdanger_ref.sh" "$py" "$rz" 1500 1 "$tmp/none.epd"
refuses "polypiece_ref.py, empty suite" "nothing was checked" "$py" "$ref/polypiece_ref.py" --suite "$tmp/empty.epd" 2
refuses "polypiece_ref.py, depth 0" "nothing was checked" "$py" "$ref/polypiece_ref.py" --suite "$here/../perft/suites/polypiece.epd" 0
refuses "interdependent_ref.py, empty suite" "nothing was checked" "$py" "$ref/interdependent_ref.py" --epd "$tmp/empty.epd" 2
refuses "suite_check.py, empty suite" "no count compared" "$py" "$ref/suite_check.py" "$tmp/empty.epd" 2 100000000 \
    "$py" "$ref/dialectic_ref.py" dialectic
refuses "suite_check.py --batch, empty suite" "no count compared" "$py" "$ref/suite_check.py" --batch "$tmp/empty.epd" 2 \
    100000000 "$py" "$ref/dialectic_ref.py" dialectic
# The batch reference ending before its answers (here at once) fails every count, not the run's silence.
refuses "suite_check.py --batch, a reference that ends" "the reference exited with 1" "$py" "$ref/suite_check.py" --batch \
    "$here/../perft/suites/dialectic.epd" 1 100000000 false
refuses "perft-suite, empty suite" "no count checked" "$rz" perft-suite "$tmp/empty.epd"
refuses "fuzz replay, missing folder" "no such file or folder" "$replay" "$tmp/none"
refuses "fuzz replay, empty folder" "holds no input" "$replay" "$tmp/empty-folder"
refuses "fuzz replay, no argument" "usage" "$replay"
# A stand-in for a test whose tool is missing says so and exits 77 (ctest: skipped).
"$here/skipped.sh" "a tool" > "$tmp/out"
if [ $? -eq 77 ] && grep -q "SKIPPED: a tool" "$tmp/out"; then pass=$((pass + 1)); echo "ok   skipped.sh exits 77"
else fail=$((fail + 1)); echo "FAIL skipped.sh"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
