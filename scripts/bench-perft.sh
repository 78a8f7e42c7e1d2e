#!/usr/bin/env bash
# Perft speed, side by side in one run: Rule Zero against Fairy-Stockfish and
# Stockfish (both with bulk counting, as ours), on the start position (depth 6)
# and Kiwipete (depth 5). Prints each time and the ratios.
# Usage: scripts/bench-perft.sh [RUNS]   (best of RUNS, default 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
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

time_cmd() { # prints seconds for the best of $runs runs; checks the node count
    local want=$1; shift
    local best=""
    for _ in $(seq "$runs"); do
        local t0 t1 out
        t0=$(now)
        out=$("$@")
        t1=$(now)
        grep -q "Nodes searched: $want" <<<"$out" || { echo "wrong count from $1" >&2; exit 1; }
        local t; t=$(echo "$t1 - $t0" | bc -l)
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" -eq 1 ]; then best=$t; fi
    done
    printf '%.3f' "$best"
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

command -v bc >/dev/null || "$root/scripts/deps.sh" bc >&2
printf '%-10s %5s %12s %12s %12s %10s %10s\n' position depth rulezero fairy-sf stockfish "fsf/rz" "rz/sf"
for entry in "${positions[@]}"; do
    IFS='|' read -r name fen depth nodes <<<"$entry"
    rz=$(time_cmd "$nodes" "$RZ" perft -v normal -f "$fen" -d "$depth")
    fsf=$(time_cmd "$nodes" uci_perft_wait "$FSF" "$fen" "$depth")
    sf=$(time_cmd "$nodes" uci_perft_wait "$SF" "$fen" "$depth")
    printf '%-10s %5s %11ss %11ss %11ss %9.2fx %9.2fx\n' "$name" "$depth" "$rz" "$fsf" "$sf" \
        "$(echo "$fsf / $rz" | bc -l)" "$(echo "$rz / $sf" | bc -l)"
done
echo "fsf/rz: how many times faster Rule Zero is than Fairy-Stockfish (target >= 3)"
echo "rz/sf:  how many times slower Rule Zero is than Stockfish (target <= 2)"
