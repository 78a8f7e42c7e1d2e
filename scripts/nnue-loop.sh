#!/usr/bin/env bash
# The retraining loop of docs/networks.md ("The retraining loop"): a network
# makes the data its successor is trained on, and each round is measured by a
# match at fixed nodes against the hand-set evaluation; the loop stops when a
# round gains nothing over the one before.
#
# Usage: scripts/nnue-loop.sh RULEZERO VARIANT DIR NET0 [ROUNDS]
#   NET0     the first network (e.g. `rulezero train` on the hand-set evaluation's data)
#   DIR      where the data, networks, logs and DIR/loop.csv go (out of git)
# Environment (defaults in brackets): GAMES [2000] datagen games a round,
# DATA_NODES [1000] nodes a move in datagen, MATCH_GAMES [100], MATCH_NODES
# [10000], SEED [100] (round r's data seed SEED+r, its match seed SEED+50+r),
# BASE_DATA [none]: data files (space-separated) every round also trains on,
# TRAIN_OPTS ["--lambda 1 --hidden 256 --epochs 20 --lr 0.002 --lr-decay 0.9 --batch 4096"].
# Everything runs under nice -n 19 with one datagen thread and two train
# threads; every step is a command docs/networks.md names, so a round is made
# again from its log.
set -euo pipefail
rz=${1:?usage: nnue-loop.sh RULEZERO VARIANT DIR NET0 [ROUNDS]}
variant=${2:?variant}
dir=${3:?dir}
net=${4:?first network}
rounds=${5:-3}
games=${GAMES:-2000}
data_nodes=${DATA_NODES:-1000}
match_games=${MATCH_GAMES:-100}
match_nodes=${MATCH_NODES:-10000}
seed=${SEED:-100}
train_opts=${TRAIN_OPTS:---lambda 1 --hidden 256 --epochs 20 --lr 0.002 --lr-decay 0.9 --batch 4096}
mkdir -p "$dir"
[ -f "$dir/loop.csv" ] || echo "round,network,data,elo,low,high" >"$dir/loop.csv"

# The network's Elo against the hand-set evaluation: "ELO LOW HIGH" (the match runner's 95% interval).
measure() {
    local candidate=$1 log=$2 s=$3
    nice -n 19 "$rz" match --variant "$variant" --engine "$rz" --engine-name classic \
        --engine "$rz --eval-file $candidate" --engine-name network --nodes "$match_nodes" \
        --random-plies 8 --seed "$s" -g "$match_games" -j 2 --pgn "$log.pgn" >"$log" 2>&1
    # The report is from the first engine's (classic's) side: the network's is its negation.
    sed -n 's/^Elo difference: \([-+0-9.inf]*\) +\/- [+0-9.inf]* (95%: \([-+0-9.inf]*\) \.\. \([-+0-9.inf]*\))$/\1 \2 \3/p' "$log" |
        awk '{ printf "%.1f %.1f %.1f\n", -$1, -$3, -$2 }'
}

read -r best low high < <(measure "$net" "$dir/round0-match.log" $((seed + 50)))
echo "0,$net,,$best,$low,$high" >>"$dir/loop.csv"
read -r -a data <<<"${BASE_DATA:-}"
for r in $(seq 1 "$rounds"); do
    out="$dir/round$r.bin"
    nice -n 19 "$rz" datagen --variant "$variant" --games "$games" --nodes "$data_nodes" --seed $((seed + r)) \
        --eval-file "$net" --out "$out" 2>"$dir/round$r-datagen.log"
    data+=("$out")
    args=()
    for d in "${data[@]}"; do args+=(--data "$d"); done
    # shellcheck disable=SC2086 # TRAIN_OPTS is a list of options
    nice -n 19 "$rz" train --variant "$variant" "${args[@]}" --out "$dir/round$r.nnue" --seed 1 --threads 2 \
        $train_opts >"$dir/round$r-train.log" 2>&1
    read -r elo low high < <(measure "$dir/round$r.nnue" "$dir/round$r-match.log" $((seed + 50 + r)))
    echo "$r,$dir/round$r.nnue,$out,$elo,$low,$high" >>"$dir/loop.csv"
    if awk -v a="$elo" -v b="$best" 'BEGIN { exit !(a <= b) }'; then
        echo "round $r: $elo Elo, no gain over $best: the loop stops ($dir/loop.csv)"
        exit 0
    fi
    best=$elo
    net="$dir/round$r.nnue"
done
echo "$rounds rounds; the last network $net at $best Elo ($dir/loop.csv)"
