#!/usr/bin/env bash
# `rulezero match --ponder`: Rule Zero over UCI (go ponder / ponderhit / stop)
# against Rule Zero over CECP (hard), both pondering, two short games of a
# variant given (default normal). Passes when the runner sent ponderhit and
# hard, the UCI engine pondered, and no game had a fault.
# Usage: tests/match_ponder.sh RULEZERO [VARIANT]
set -u
rz=$1
variant=${2:-normal}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$rz" match --variant "$variant" --engine "$rz" --protocol uci --engine-name U --ponder --engine "$rz" --protocol cecp \
    --engine-name C --ponder --games 2 --tc 2+0.05 --max-moves 25 --debug >"$out" 2>&1
rc=$?
fail() { echo "FAIL: $*"; grep -v '^[UC] [<>] info\|^[UC] > [0-9]' "$out" | tail -30; exit 1; }
[ $rc -eq 0 ] || fail "exit status $rc"
grep -q '^U < setoption name Ponder value true' "$out" || fail "no Ponder option sent"
grep -q '^U < go ponder ' "$out" || fail "no go ponder"
grep -q '^U < ponderhit' "$out" || fail "no ponderhit"
grep -q '^C < hard' "$out" || fail "no hard"
[ "$(grep -c 'time forfeits 0, illegal moves 0, crashes 0, false claims 0, other errors 0' "$out")" -eq 2 ] ||
    fail "a game had a fault"
echo "ok: $(grep -c '^U < ponderhit' "$out") ponder hits, $(grep -c '^U < stop' "$out") misses"
