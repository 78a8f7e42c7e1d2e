# The counts of a test script's checks, sourced by it
# (`. "$(dirname "$0")/lib/checks.sh"`): `ok` counts one passed, `problem
# MESSAGE` one failed and prints "FAIL: MESSAGE". The script prints the
# counts and fails when $fail is not 0.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
problem() { echo "FAIL: $*"; fail=$((fail + 1)); }
