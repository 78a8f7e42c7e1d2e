#!/usr/bin/env bash
# The WebAssembly engine against the native one, side by side in one run:
# `rulezero bench --variant V` for every variant, native and under Node.js
# (V8, as in Chromium), alternating, best of RUNS. Prints the node counts
# (they must be equal: the same search) and the nodes per second.
# Usage: scripts/bench-web.sh [RUNS]   (default 3; needs scripts/web.sh first)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3}
native=${NATIVE:-$root/build/rulezero}
wasm=${WASM:-$root/build-web/wasm/rulezero.js}
[ -x "$native" ] || { echo "bench-web: no native build at $native (scripts/build.sh build Release)" >&2; exit 1; }
# scripts/web.sh builds only what the page needs: the command line under
# Node.js is built here, in its WebAssembly tree, the first time.
if [ ! -f "$wasm" ] && [ -z "${WASM:-}" ] && [ -f "$root/build-web/wasm/CMakeCache.txt" ]; then
    export NODE_PATH=/usr/share/nodejs
    [ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ] && export EMSDK_PYTHON=/usr/bin/python3
    cmake --build "$root/build-web/wasm" -j"$(nproc)" --target rulezero
fi
[ -f "$wasm" ] || { echo "bench-web: no WebAssembly build at $wasm (scripts/web.sh)" >&2; exit 1; }
# scripts/test.sh builds build-web at -O1 (cmake/web.cmake): say so, since
# its speed is not the release's.
opt=$(sed -n 's/^RULEZERO_WEB_OPT:STRING=//p' "$(dirname "$wasm")/CMakeCache.txt" 2>/dev/null || true)
[ -z "$opt" ] || [ "$opt" = -O3 ] ||
    echo "bench-web: warning: $wasm is built at $opt, not the release's -O3 (scripts/web.sh rebuilds it at -O3)" >&2

run_native() { "$native" bench --variant "$1"; }
run_wasm() { node --no-experimental-fetch "$wasm" bench --variant "$1"; }

best() { # runner variant: prints "nodes nps" of the fastest of $runs runs
    local top=0 nodes=""
    for _ in $(seq "$runs"); do
        local out n s
        out=$("$1" "$2" 2>&1)
        n=$(sed -n 's/^Nodes searched: //p' <<<"$out")
        s=$(sed -n 's#^Nodes/second: ##p' <<<"$out")
        [ -n "$n" ] && [ -n "$s" ] || { echo "bench-web: no result from $1 $2" >&2; exit 1; }
        nodes=$n
        [ "$s" -gt "$top" ] && top=$s
    done
    echo "$nodes $top"
}

variants="normal polypiece polypiece-phased dialectic hegelian interdependent interweave nickdanger"
printf '%-18s %12s %12s %12s %12s %7s\n' variant nodes native_nps wasm_nodes wasm_nps ratio
total_n=0; total_w=0; same=1
for v in $variants; do
    read -r nn ns < <(best run_native "$v")
    read -r wn ws < <(best run_wasm "$v")
    [ "$nn" = "$wn" ] || same=0
    printf '%-18s %12s %12s %12s %12s %6.0f%%\n' "$v" "$nn" "$ns" "$wn" "$ws" "$(echo "100 * $ws / $ns" | bc -l)"
done
for which in native wasm; do
    if [ $which = native ]; then out=$("$native" bench 2>&1); else out=$(node --no-experimental-fetch "$wasm" bench 2>&1); fi
    echo "$which bench (all variants): $(sed -n 's/^Nodes searched: //p' <<<"$out") nodes, $(sed -n 's#^Nodes/second: ##p' <<<"$out") nodes/s"
done
[ "$same" = 1 ] && echo "node counts: equal in every variant" || { echo "node counts differ: not the same search" >&2; exit 1; }
