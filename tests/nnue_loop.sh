#!/usr/bin/env bash
# scripts/nnue-loop.sh end to end and tiny: a network from a few games, one
# round of the loop (data made with the network, a network trained on it and
# the base data, a match at fixed nodes against the hand-set evaluation), its
# loop.csv rows with an Elo each, and the round's data naming the network.
# Usage: tests/nnue_loop.sh path/to/rulezero
set -uo pipefail
rz=$(cd "$(dirname "${1:?usage: nnue_loop.sh RULEZERO}")" && pwd)/$(basename "$1")
loop=$(cd "$(dirname "$0")/../scripts" && pwd)/nnue-loop.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fail=0
problem() { echo "FAIL: $*"; fail=$((fail + 1)); }

"$rz" datagen --variant normal --games 2 --nodes 200 --seed 2 --max-plies 80 --out base.bin 2>/dev/null ||
    problem "datagen"
"$rz" train --variant normal --data base.bin --out n0.nnue --epochs 1 --hidden 16 --threads 1 >n0.log 2>&1 ||
    problem "train"
GAMES=2 DATA_NODES=200 MATCH_GAMES=2 MATCH_NODES=200 BASE_DATA=base.bin \
    TRAIN_OPTS="--epochs 1 --hidden 16 --batch 256" "$loop" "$rz" normal out n0.nnue 1 >loop.out 2>&1 ||
    problem "the loop failed: $(cat loop.out)"
rows=$(grep -cE '^[01],[^,]+,[^,]*,[-+0-9.inf]+,[-+0-9.inf]+,[-+0-9.inf]+$' out/loop.csv 2>/dev/null)
[ "$rows" = 2 ] || problem "loop.csv: $(cat out/loop.csv 2>&1)"
[ -s out/round1.nnue ] || problem "no round 1 network"
head -c 600 out/round1.bin 2>/dev/null | grep -aq "^eval network checksum [0-9a-f]\{8\} n0.nnue$" ||
    problem "round 1's data does not name the network"
base=$(sed -n 's/^positions \([0-9]*\) .*/\1/p' n0.log)
both=$(sed -n 's/^positions \([0-9]*\) .*/\1/p' out/round1-train.log 2>/dev/null)
if [ -z "$base" ] || [ -z "$both" ] || [ "$both" -le "$base" ]; then
    problem "round 1 did not train on the base data and its own ($base, $both positions)"
fi
echo "nnue_loop: $fail failures"
[ "$fail" -eq 0 ]
