#!/usr/bin/env bash
# Tunes one variant's evaluation weights from scratch, with one command:
# self-play positions (rulezero tune-data), then the fit (rulezero tune).
# Usage: scripts/tune.sh VARIANT [GAMES [NODES [SEED]]]
#   e.g. scripts/tune.sh interweave 300 2000
# Writes TUNE_DIR/VARIANT.epd (the positions) and TUNE_DIR/VARIANT-weights.txt
# (TUNE_DIR defaults to build/tune). Try the weights with
#   build/rulezero bench --variant VARIANT --weights TUNE_DIR/VARIANT-weights.txt
# or in a match, `--engine "build/rulezero --weights FILE"`; to make them the
# defaults, copy the values into the variant's weight list
# (variants/*_eval.c). TUNE_ITERATIONS (default 30) bounds the fit's passes.
# See docs/strength.md, "Tuning".
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
variant=${1:?usage: scripts/tune.sh VARIANT [GAMES [NODES [SEED]]]}
games=${2:-200}
nodes=${3:-2000}
seed=${4:-1}
dir=${TUNE_DIR:-$root/build/tune}
"$root/scripts/deps.sh" >&2
"$root/scripts/build.sh" "$root/build" Release >&2
mkdir -p "$dir"
rz=$root/build/rulezero
"$rz" tune-data --variant "$variant" --games "$games" --nodes "$nodes" --seed "$seed" --out "$dir/$variant.epd"
"$rz" tune --variant "$variant" --data "$dir/$variant.epd" --iterations "${TUNE_ITERATIONS:-30}" \
    --out "$dir/$variant-weights.txt"
echo "weights: $dir/$variant-weights.txt"
