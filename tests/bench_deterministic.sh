#!/usr/bin/env bash
# `rulezero bench` (default arguments) twice: the node counts must agree.
# Usage: tests/bench_deterministic.sh path/to/rulezero [bench arguments...]
set -euo pipefail
rz=$1
shift
a=$("$rz" bench "$@" | tail -n 1)
b=$("$rz" bench "$@" | tail -n 1)
echo "run 1: $a"
echo "run 2: $b"
case $a in "Nodes searched: "[0-9]*) ;; *) echo "FAIL: no node count"; exit 1 ;; esac
[ "$a" = "$b" ] || { echo "FAIL: bench is not deterministic"; exit 1; }
echo "ok"
