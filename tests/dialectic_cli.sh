#!/usr/bin/env bash
# Dialectic and Hegelian Dialectic Chess through the command line: start counts,
# dialectic move text, and the no-repeat rule on a game played with --moves.
set -u
RZ=${1:?usage: dialectic_cli.sh path/to/rulezero}
pass=0 fail=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

run() { # expected exit code, command...
    local want=$1; shift
    "$@" >"$out" 2>"$err"
    local got=$?
    if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL ($*): exit $got, expected $want"; cat "$err"; fi
}
nodes_are() { # expected count
    local got; got=$(tail -n 1 "$out")
    if [ "$got" = "Nodes searched: $1" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: '$got', expected 'Nodes searched: $1'"; fi
}
has() { # stream file, pattern
    if grep -Eq -- "$2" "$1"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: no /$2/ in output"; head -5 "$1"; fi
}

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
run 0 "$RZ" perft -v dialectic -d 1; nodes_are 26
run 0 "$RZ" perft -v dialectic -d 2; nodes_are 652
run 0 "$RZ" perft -v hegelian -d 1;  nodes_are 26
run 0 "$RZ" perft -v hegelian -d 2;  nodes_are 660
run 0 "$RZ" perft -v dialectic -d 1 --divide
has "$out" '^T@02: 1$'; has "$out" '^A@20: 1$'; has "$out" '^g1f3: 1$'
# After T@11 in a game from the start, Black may not put the Thesis back: 20 turns.
run 0 "$RZ" perft -v dialectic --moves "T@11" -d 1; nodes_are 20
# The same position set up from a FEN counts only its own dialectic position: 21.
run 0 "$RZ" perft -v dialectic -f "$start b KQkq - 1 1 T11A21" -d 1; nodes_are 21
run 1 "$RZ" perft -v dialectic --moves "T@11 T@12" -d 1; has "$err" "illegal move 'T@12'"
# A board move forgets the history.
run 0 "$RZ" moves -v dialectic --moves "T@11 e7e5"
has "$out" "^T@12 rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 2 T12A21$"
run 0 "$RZ" moves -v dialectic --moves "T@11 A@20 e2e4"
has "$out" "^A@21 "
run 0 "$RZ" moves -v hegelian --moves "T@11 A@11"
has "$out" "^S@10 .* T10A10$"
run 1 "$RZ" perft -v dialectic -f "$start w KQkq - 0 1 T12A12" -d 1; has "$err" "field 7"
# --moves is generic over variants.
run 0 "$RZ" perft -v normal --moves "e2e4 e7e5" -d 1; nodes_are 29
run 0 "$RZ" moves -v normal -f "$start w KQkq - 0 1" -M "g1f3"; has "$out" "^g8f6 "

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
