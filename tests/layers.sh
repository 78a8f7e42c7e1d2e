#!/bin/sh
# Fails when a file of the engine includes a header of a higher layer,
# written "dir/header.h" or <dir/header.h>.
# Usage: tests/layers.sh SOURCE_DIR LAYER_MAP
#   LAYER_MAP: lines "LEVEL FILE" (the build writes it from the CMake layer
#   libraries: build/layers.txt). Every quoted include of a listed file must
#   name a listed header of the same or a lower level; so must every
#   angle-bracket include that names a file of the source tree (the others
#   are the system's and the libraries': <stdio.h>, <cjson/cJSON.h>).
#   A prototype written by hand instead of an include is the link check's
#   (tests/layers_link.sh).
set -eu
src=$1
map=$2
status=0
checked=0
includes() {
    sed -n -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/" \1/p' \
           -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\([^>]*\)>.*/< \1/p' "$1"
}
while read -r level file; do
    checked=$((checked + 1))
    [ -f "$src/$file" ] || { echo "$file: in the layer map but not in $src"; status=1; continue; }
    includes "$src/$file" > "${TMPDIR:-/tmp}/layers.$$"
    while read -r kind inc; do
        inc_level=$(awk -v f="$inc" '$2 == f { print $1 }' "$map")
        if [ -z "$inc_level" ]; then
            if [ "$kind" = '"' ] || [ -f "$src/$inc" ]; then
                echo "$file: includes $inc, which is in no layer"
                status=1
            fi
        elif [ "$inc_level" -gt "$level" ]; then
            echo "$file (layer $level) includes $inc (layer $inc_level)"
            status=1
        fi
    done < "${TMPDIR:-/tmp}/layers.$$"
    rm -f "${TMPDIR:-/tmp}/layers.$$"
done < "$map"
[ "$checked" -gt 0 ] || { echo "empty layer map $map"; exit 1; }
[ "$status" -eq 0 ] && echo "$checked files, no include goes up a layer"
exit "$status"
