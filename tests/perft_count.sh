#!/usr/bin/env bash
# One perft count, compared whole: rulezero must exit 0 and its last line must
# be exactly "Nodes searched: EXPECTED" (no pattern, so 3541 does not pass 35410).
# Usage: perft_count.sh path/to/rulezero EXPECTED [perft arguments...]
set -u
RZ=${1:?usage: perft_count.sh path/to/rulezero EXPECTED [perft arguments...]}
want=${2:?expected node count}
shift 2
output=$("$RZ" perft "$@")
rc=$?
last=$(printf '%s\n' "$output" | tail -n 1)
if [ "$rc" -ne 0 ]; then
    echo "FAIL: rulezero perft $* exited $rc"
    exit 1
fi
if [ "$last" != "Nodes searched: $want" ]; then
    echo "FAIL: rulezero perft $*: last line '$last', expected 'Nodes searched: $want'"
    exit 1
fi
echo "OK: rulezero perft $*: $want"
