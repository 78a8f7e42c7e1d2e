#!/usr/bin/env bash
# Perft speed, side by side in one run: Rule Zero against Fairy-Stockfish and
# Stockfish (both with bulk counting, as ours), on the start position (depth 6)
# and Kiwipete (depth 5). The engines run in alternating rounds (Rule Zero,
# Fairy-Stockfish, Stockfish, then again), so that a shared machine's load
# falls on all of them alike; prints each engine's best time and the median
# over the rounds of each round's ratios.
# Usage: scripts/bench-perft.sh [RUNS] [--no-fsf]   (RUNS rounds, default 3;
#        --no-fsf leaves Fairy-Stockfish out, its runs take ten times longer)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
with_fsf=1
[ "${2:-}" = "--no-fsf" ] && with_fsf=0
"$root/scripts/deps.sh" fairy-stockfish stockfish >&2
"$root/scripts/build.sh" "$root/build" Release >&2
RZ=$root/build/rulezero
FSF=/usr/games/fairy-stockfish
SF=/usr/games/stockfish

positions=(
    "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324"
    "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5|193690690"
)

now() { date +%s.%N; }

time_once() { # prints the seconds of one run; checks the node count
    local want=$1; shift
    local t0 t1 out
    t0=$(now)
    out=$("$@")
    t1=$(now)
    grep -q "Nodes searched: $want" <<<"$out" || { echo "wrong count from $1" >&2; exit 1; }
    printf '%.3f' "$(echo "$t1 - $t0" | bc -l)"
}

uci_perft_wait() { # engine fen depth: prints the engine's "Nodes searched" line
    local line
    coproc ENG { "$1" 2>/dev/null; }
    printf 'uci\nposition fen %s\ngo perft %s\n' "$2" "$3" >&"${ENG[1]}"
    while read -r line <&"${ENG[0]}"; do
        case $line in "Nodes searched"*) echo "$line"; break ;; esac
    done
    echo quit >&"${ENG[1]}"
    wait "$ENG_PID" 2>/dev/null || true
}

best() { printf '%s\n' "$@" | sort -g | head -1; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

command -v bc >/dev/null || "$root/scripts/deps.sh" bc >&2
printf '%-10s %5s %12s %12s %12s %10s %10s\n' position depth rulezero fairy-sf stockfish "fsf/rz" "rz/sf"
for entry in "${positions[@]}"; do
    IFS='|' read -r name fen depth nodes <<<"$entry"
    rz_times=() fsf_times=() sf_times=() fsf_ratios=() sf_ratios=()
    for _ in $(seq "$runs"); do
        rz=$(time_once "$nodes" "$RZ" perft -v normal -f "$fen" -d "$depth")
        rz_times+=("$rz")
        if [ "$with_fsf" = 1 ]; then
            fsf=$(time_once "$nodes" uci_perft_wait "$FSF" "$fen" "$depth")
            fsf_times+=("$fsf")
            fsf_ratios+=("$(echo "$fsf / $rz" | bc -l)")
        fi
        sf=$(time_once "$nodes" uci_perft_wait "$SF" "$fen" "$depth")
        sf_times+=("$sf")
        sf_ratios+=("$(echo "$rz / $sf" | bc -l)")
    done
    fsf_best=-- fsf_ratio=--
    if [ "$with_fsf" = 1 ]; then
        fsf_best="$(best "${fsf_times[@]}")s"
        fsf_ratio=$(printf '%.2fx' "$(median "${fsf_ratios[@]}")")
    fi
    printf '%-10s %5s %11ss %12s %11ss %10s %9.2fx\n' "$name" "$depth" "$(best "${rz_times[@]}")" "$fsf_best" \
        "$(best "${sf_times[@]}")" "$fsf_ratio" "$(median "${sf_ratios[@]}")"
done
echo "times: the best of $runs rounds; ratios: the median over the rounds of each round's ratio"
echo "fsf/rz: how many times faster Rule Zero is than Fairy-Stockfish (target >= 3)"
echo "rz/sf:  how many times slower Rule Zero is than Stockfish (target <= 1.0, issue 47)"
