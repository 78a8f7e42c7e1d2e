#!/usr/bin/env bash
# The build's check of the built-in networks (cmake/embed_networks.cmake):
# sound networks are written as a table, with their settings; a network cut
# short, damaged (its checksum), named for another game, without the magic,
# or with settings of more than one line stops the build with the reason.
# Usage: tests/embed_networks.sh CMAKE SOURCE_DIR
set -uo pipefail
cmake=${1:?usage: embed_networks.sh CMAKE SOURCE_DIR}
src=${2:?usage: embed_networks.sh CMAKE SOURCE_DIR}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/checks.sh"

# embed FOLDER: runs the script on it, output in $dir/out.c, messages in $out
embed() { out=$("$cmake" "-DDIR=$1" "-DOUT=$dir/out.c" -P "$src/cmake/embed_networks.cmake" 2>&1); }
# one CASE: a folder holding only the file given as normal.nnue (and settings when given)
one() {
    rm -rf "$dir/$1" && mkdir "$dir/$1" && cp "$2" "$dir/$1/${3:-normal}.nnue"
}

mkdir "$dir/good" && cp "$src/tests/networks/"* "$dir/good/"
embed "$dir/good" && grep -q '{"normal", net0, 24841, 0},' "$dir/out.c" &&
    grep -q '{"pickle", net1, 24841, "Link=d4=x5"},' "$dir/out.c" && ok || problem "sound networks: $out"
mkdir "$dir/none" && embed "$dir/none" && grep -q '{0, 0, 0, 0},' "$dir/out.c" && ! grep -q net0 "$dir/out.c" &&
    ok || problem "no networks: $out"

net="$src/tests/networks/normal.nnue"
size=$(wc -c <"$net")
# refused CASE REASON: the script fails, says REASON, and writes nothing
refused() {
    rm -f "$dir/out.c"
    if embed "$dir/$1"; then
        problem "$1 was taken"
    elif grep -q "$2" <<<"$out" && [ ! -e "$dir/out.c" ]; then
        ok
    else
        problem "$1: $out"
    fi
}
one cut "$net" && head -c $((size - 100)) "$net" >"$dir/cut/normal.nnue"
refused cut "bytes where its header says"
one damaged "$net" && printf '\x07' | dd of="$dir/damaged/normal.nnue" bs=1 seek=5000 conv=notrunc status=none
refused damaged "its checksum does not match"
one renamed "$net" pickle
refused renamed "it is for the game 'normal', and its name says 'pickle'"
one magic "$net" && printf 'X' | dd of="$dir/magic/normal.nnue" bs=1 seek=0 conv=notrunc status=none
refused magic "no RZNNUE01 magic"
one short "$net" && head -c 40 "$net" >"$dir/short/normal.nnue"
refused short "too short"
one settings "$net" && printf 'Link=d4=x5\nLink=e4=x5\n' >"$dir/settings/normal.settings"
refused settings "its settings must be one line"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
