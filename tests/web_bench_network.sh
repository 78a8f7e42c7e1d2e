#!/usr/bin/env bash
# The browser build's engine (WebAssembly, plain C kernels) gives the same
# bench as the native build with a network loaded: every node count, move
# and score of `bench --variant interweave --depth 5 --eval-file NET`, NET a
# tiny Interweave network (input layout 2) the native build makes here. Its
# use shows in a bench unlike the hand-set evaluation's. The command line
# under Node.js (WEB_DIR/wasm/rulezero.js) is built in scripts/web.sh's
# WebAssembly tree the first time, as scripts/bench-web.sh builds it.
# Usage: tests/web_bench_network.sh NATIVE_RULEZERO WEB_DIR
# Exit: 0 when they agree, 1 otherwise.
set -u
native=$(realpath "${1:?usage: web_bench_network.sh NATIVE_RULEZERO WEB_DIR}")
web=$(realpath "${2:?usage: web_bench_network.sh NATIVE_RULEZERO WEB_DIR}")
wasm=$web/wasm/rulezero.js
if [ ! -f "$wasm" ]; then
    export NODE_PATH=/usr/share/nodejs
    [ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ] && export EMSDK_PYTHON=/usr/bin/python3
    cmake --build "$web/wasm" -j2 --target rulezero >/dev/null || { echo "FAIL: cannot build $wasm"; exit 1; }
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$native" datagen --variant interweave --games 4 --nodes 200 --seed 1 --out "$dir/d.bin" >/dev/null 2>&1
"$native" train --variant interweave --data "$dir/d.bin" --out "$dir/iw.nnue" --epochs 2 --hidden 32 \
    --batch 64 --threads 1 >/dev/null 2>&1 || { echo "FAIL: no network made"; exit 1; }
bench() { "$@" | grep -v '^Nodes/second'; } # the time differs
classic=$(bench "$native" bench --variant interweave --depth 5)
want=$(bench "$native" bench --variant interweave --depth 5 --eval-file "$dir/iw.nnue")
got=$(bench node --no-experimental-fetch "$wasm" bench --variant interweave --depth 5 --eval-file "$dir/iw.nnue")
[ "$want" != "$classic" ] || { echo "FAIL: the network changed nothing"; exit 1; }
if [ "$got" = "$want" ]; then
    echo "ok   bench with a network: $(sed -n 's/^Nodes searched: //p' <<<"$want") nodes in both"
    exit 0
fi
echo "FAIL bench with a network differs (native, then WebAssembly):"
diff <(echo "$want") <(echo "$got")
exit 1
