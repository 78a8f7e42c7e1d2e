#!/bin/sh
# Fails when a file of the engine includes a header of a higher layer.
# Usage: tests/layers.sh SOURCE_DIR LAYER_MAP
#   LAYER_MAP: lines "LEVEL FILE" (the build writes it from the CMake layer
#   libraries: build/layers.txt). Every quoted include of a listed file must
#   name a listed header of the same or a lower level.
set -eu
src=$1
map=$2
status=0
checked=0
while read -r level file; do
    checked=$((checked + 1))
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$src/$file"); do
        inc_level=$(awk -v f="$inc" '$2 == f { print $1 }' "$map")
        if [ -z "$inc_level" ]; then
            echo "$file: includes $inc, which is in no layer"
            status=1
        elif [ "$inc_level" -gt "$level" ]; then
            echo "$file (layer $level) includes $inc (layer $inc_level)"
            status=1
        fi
    done
done < "$map"
[ "$checked" -gt 0 ] || { echo "empty layer map $map"; exit 1; }
[ "$status" -eq 0 ] && echo "$checked files, no include goes up a layer"
exit "$status"
