#!/bin/sh
# Fails when a layer's library uses a symbol that only a higher layer's
# library defines: an upward call, however it is written (an include, an
# angle-bracket include, a prototype of its own, none at all).
# Usage: tests/layers_link.sh NM LEVEL:LIBRARY...
#   NM: the nm program; each LIBRARY a static library of the project with
#   its layer (0 core ... 4 front ends). An undefined symbol of a library must
#   be defined by a library of the same or a lower layer, or by none (libc,
#   libm, threads, cJSON, civetweb, cmark: outside the project).
set -eu
nm_prog=$1
shift
[ "$#" -gt 0 ] || { echo "no libraries given"; exit 1; }
. "$(dirname "$0")/lib/scratch.sh"
# defined.txt: "LEVEL SYMBOL" for every global symbol a library defines;
# undefined.txt: "LEVEL LIBRARY MEMBER SYMBOL" for every one it needs.
: > "$tmp/defined.txt"
: > "$tmp/undefined.txt"
for arg in "$@"; do
    level=${arg%%:*}
    lib=${arg#*:}
    [ -f "$lib" ] || { echo "no library $lib"; exit 1; }
    "$nm_prog" -g -P "$lib" > "$tmp/nm.txt" 2>/dev/null || { echo "$nm_prog cannot read $lib"; exit 1; }
    awk -v level="$level" -v lib="$(basename "$lib")" -v def="$tmp/defined.txt" -v undef="$tmp/undefined.txt" '
        # A member starts with "LIB[MEMBER]:" (GNU nm) or "MEMBER:" (llvm-nm).
        /:$/ { member = $0; sub(/^.*\[/, "", member); sub(/\]?:$/, "", member); next }
        NF < 2 { next }
        $2 == "U" || $2 == "w" || $2 == "v" { print level, lib, member, $1 >> undef; next }
        { print level, $1 >> def }
    ' "$tmp/nm.txt"
done
[ -s "$tmp/defined.txt" ] || { echo "the libraries define nothing"; exit 1; }
if awk 'NF != 4 { exit 1 }' "$tmp/undefined.txt"; then :; else echo "cannot read $nm_prog's output"; exit 1; fi
# For each symbol, the lowest layer that defines it.
awk '!($2 in low) || $1 < low[$2] { low[$2] = $1 } END { for (s in low) print s, low[s] }' \
    "$tmp/defined.txt" > "$tmp/lowest.txt"
awk 'NR == FNR { low[$1] = $2; next }
     ($4 in low) && low[$4] > $1 {
         printf "%s (layer %s), %s: uses %s, defined only in layer %s\n", $2, $1, $3, $4, low[$4]; bad = 1
     }
     END { exit bad }' "$tmp/lowest.txt" "$tmp/undefined.txt" && status=0 || status=1
if [ "$status" -eq 0 ]; then
    echo "$# libraries, $(wc -l < "$tmp/undefined.txt") undefined symbols, none defined only in a higher layer"
fi
exit "$status"
