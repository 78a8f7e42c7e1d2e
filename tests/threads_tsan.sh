#!/usr/bin/env bash
# A threaded search end to end: UCI with Threads=2 (timed search, MultiPV,
# ponder and ponderhit, infinite analysis stopped, a thread-count change
# between searches) and CECP with cores 2 (a game move, pondering on the
# reply, analysis), in two variants. Built with -fsanitize=thread (the
# ThreadSanitizer stage of scripts/test.sh), any data race report fails it;
# in an ordinary build it is a smoke test of the threads.
# Usage: tests/threads_tsan.sh RULEZERO
set -uo pipefail
rz=$1
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
fail() { echo "FAIL: $*"; echo "--- stdout"; tail -20 "$out"; echo "--- stderr"; head -60 "$err"; exit 1; }

uci_dialogue() {
    printf 'uci\nsetoption name UCI_Variant value %s\nsetoption name Threads value 2\nisready\n' "$1"
    printf 'position startpos\ngo movetime 400\n'; sleep 0.8
    printf 'setoption name MultiPV value 3\ngo depth 5\n'; sleep 0.8
    printf 'setoption name MultiPV value 1\ngo ponder wtime 3000 btime 3000\n'; sleep 0.5
    printf 'ponderhit\n'; sleep 0.8
    printf 'go infinite\n'; sleep 0.5
    printf 'stop\nsetoption name Threads value 3\ngo movetime 300\n'; sleep 0.8
    printf 'quit\n'
}

cecp_dialogue() {
    printf 'xboard\nprotover 2\ncores 2\nhard\nnew\nvariant %s\nst 1\ngo\n' "$1"; sleep 1.6
    printf 'analyze\n'; sleep 0.6
    printf 'exit\nquit\n'
}

for v in normal interweave; do
    uci_dialogue "$v" | "$rz" >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || fail "UCI $v: exit status $rc"
    grep -q ThreadSanitizer "$err" && fail "UCI $v: ThreadSanitizer report"
    [ "$(grep -c '^bestmove ' "$out")" -eq 5 ] || fail "UCI $v: expected 5 bestmoves"
    grep -q ' multipv 3 ' "$out" || fail "UCI $v: no MultiPV line"

    cecp_dialogue "$v" | "$rz" >"$out" 2>"$err"
    rc=$?
    [ $rc -eq 0 ] || fail "CECP $v: exit status $rc"
    grep -q ThreadSanitizer "$err" && fail "CECP $v: ThreadSanitizer report"
    grep -q '^move ' "$out" || fail "CECP $v: no move"
    echo "ok $v"
done
