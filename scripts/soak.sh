#!/usr/bin/env bash
# Soak test: self-play matches of every variant through `rulezero match` at a
# very fast time control, with the sanitizer build (ASan + UBSan) as both
# engines, so any crash, hang, illegal move, time forfeit or sanitizer report
# shows. Prints a table per variant and the peak memory of one engine process
# against its Hash setting.
# Usage: scripts/soak.sh [GAMES_PER_VARIANT [TC]]   (defaults 100, 1+0.01)
#   SOAK_BUILD=release uses build/rulezero instead of the sanitizer build.
#   SOAK_HASH=MB sets the engines' hash (default 16).
#   SOAK_CONCURRENCY=J plays J games at once (default 1; each game needs about one core).
#   SOAK_VARIANTS="v1 v2" soaks only those variants (default: every variant).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
games=${1:-100}
tc=${2:-1+0.01}
hash=${SOAK_HASH:-16}
"$root/scripts/deps.sh" clang time >&2
if [ "${SOAK_BUILD:-sanitize}" = release ]; then
    "$root/scripts/build.sh" "$root/build" Release >&2
    rz=$root/build/rulezero
else
    CC=clang "$root/scripts/build.sh" "$root/build-sanitize" Debug >&2
    rz=$root/build-sanitize/rulezero
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
out=${SOAK_DIR:-$root/build/soak}
mkdir -p "$out"
read -r -a variants <<<"${SOAK_VARIANTS:-$("$rz" --help | sed -n 's/^Variants: //p')}"
printf '%-18s %6s %6s %6s %6s %8s %8s %8s %9s\n' variant games white draws black forfeits illegal crashes other
total_faults=0
for v in "${variants[@]}"; do
    log=$out/$v.log
    "$rz" match --variant "$v" --option "Hash=$hash" --engine "$rz" --engine "$rz" --games "$games" --tc "$tc" \
        --random-plies 4 --seed 1 --max-moves 300 --concurrency "${SOAK_CONCURRENCY:-1}" \
        --pgn "$out/$v.pgn" >"$log" 2>&1 || true
    sums=$(grep -E "time forfeits [0-9]+, illegal moves [0-9]+, crashes [0-9]+, false claims [0-9]+, other errors [0-9]+" "$log" |
        sed -E 's/.*time forfeits ([0-9]+), illegal moves ([0-9]+), crashes ([0-9]+), false claims ([0-9]+), other errors ([0-9]+).*/\1 \2 \3 \4 \5/' |
        awk '{f+=$1; i+=$2; c+=$3; o+=$4+$5} END {print f+0, i+0, c+0, o+0}')
    read -r f i c o <<<"$sums"
    played=$(grep -c "^Game " "$log" || true)
    wdl=$(grep -E "wins [0-9]+, draws [0-9]+, losses [0-9]+" "$log" | head -1 |
        sed -E 's/.*wins ([0-9]+), draws ([0-9]+), losses ([0-9]+).*/\1 \2 \3/')
    read -r w d l <<<"${wdl:-0 0 0}"
    printf '%-18s %6s %6s %6s %6s %8s %8s %8s %9s\n' "$v" "$played" "$w" "$d" "$l" "$f" "$i" "$c" "$o"
    [ "$played" -eq "$games" ] || { echo "  $v: only $played of $games games finished (see $log)"; o=$((o + 1)); }
    total_faults=$((total_faults + f + i + c + o))
    grep -l "ERROR: AddressSanitizer\|runtime error:" "$log" >/dev/null 2>&1 && { echo "  $v: sanitizer report in $log"; total_faults=$((total_faults + 1)); }
done
# Peak memory of one engine process with this Hash: a short search, measured by GNU time.
if [ -x /usr/bin/time ]; then
    peak=$( { printf 'uci\nsetoption name Hash value %s\nposition startpos\ngo movetime 2000\n' "$hash"; sleep 3; echo quit; } |
        /usr/bin/time -f '%M' "$rz" 2>&1 >/dev/null | tail -1)
    echo "peak resident memory of one engine (Hash $hash MB): $((peak / 1024)) MB"
fi
echo "faults: $total_faults"
[ "$total_faults" -eq 0 ]
