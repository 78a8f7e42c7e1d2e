#!/bin/sh
# Shows that both layer checks catch an upward call: in a scratch copy of the
# tree, a core file that calls the search with no include at all (its own
# prototype), and one that includes a search header in angle brackets. The
# link check (tests/layers_link.sh) must fail on both, the include check
# (tests/layers.sh) on the second; both must pass on the tree as it is.
# Usage: tests/layers_bad.sh SOURCE_DIR LAYER_MAP CC AR NM LEVEL:LIBRARY...
set -eu
src=$1 map=$2 cc=$3 ar=$4 nm_prog=$5
shift 5
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# The scratch tree: every file of the layer map (one tar each way, not a
# process per file: a few processes in all, quick on a loaded machine), and
# a copy of each library.
mkdir -p "$scratch/tree" "$scratch/lib"
awk '{ print $2 }' "$map" > "$scratch/files.txt"
(cd "$src" && tar -cf - -T "$scratch/files.txt") | tar -xf - -C "$scratch/tree" || fail "cannot copy the tree"
libs=""
core=""
for arg in "$@"; do
    level=${arg%%:*}
    lib=${arg#*:}
    cp "$lib" "$scratch/lib/"
    libs="$libs $level:$scratch/lib/$(basename "$lib")"
    [ "$level" = 0 ] && core="$scratch/lib/$(basename "$lib")"
done
[ -n "$core" ] || fail "no layer-0 library given"

# shellcheck disable=SC2086
"$here/layers.sh" "$scratch/tree" "$map" > /dev/null || fail "the include check fails on the tree as it is"
# shellcheck disable=SC2086
"$here/layers_link.sh" "$nm_prog" $libs > /dev/null || fail "the link check fails on the libraries as they are"

# The include check stays cheap: a handful of processes for the whole tree,
# not one per include (it once started over a thousand, and took minutes on a
# loaded machine). Each tool it might start is a wrapper that counts itself.
mkdir -p "$scratch/count"
for tool in awk mawk gawk sed grep cat rm cp mkdir dirname basename tr sort wc head tail cut; do
    real=$(command -v "$tool") || continue
    printf '#!/bin/sh\necho %s >> "%s"\nexec %s "$@"\n' "$tool" "$scratch/count/calls" "$real" > "$scratch/count/$tool"
    chmod +x "$scratch/count/$tool"
done
PATH="$scratch/count:$PATH" "$here/layers.sh" "$scratch/tree" "$map" > /dev/null || fail "the include check fails on the tree as it is"
processes=$(wc -l < "$scratch/count/calls")
[ "$processes" -le 10 ] || fail "the include check started $processes processes for $(wc -l < "$map") files (at most 10)"
echo "include check: $processes processes for $(wc -l < "$map") files"

# 1. A core file that calls the search through a prototype of its own.
cat > "$scratch/tree/variants/core/upward_call.c" <<'C'
/* Deliberately bad: the core calling the search, no include at all. */
#include <stddef.h>
struct engine;
struct engine *engine_new(size_t hash_mb);
struct engine *core_starts_a_search(void);
struct engine *core_starts_a_search(void) { return engine_new(1); }
C
# 2. A core file that includes a search header in angle brackets.
cat > "$scratch/tree/variants/core/upward_include.c" <<'C'
/* Deliberately bad: the core including the search's header. */
#include <engine/search.h>
int core_counts_threads(const struct engine *e);
int core_counts_threads(const struct engine *e) { return engine_threads(e); }
C
cp "$map" "$scratch/map_call.txt"
echo "0 variants/core/upward_call.c" >> "$scratch/map_call.txt"
cp "$map" "$scratch/map_include.txt"
echo "0 variants/core/upward_include.c" >> "$scratch/map_include.txt"

for bad in upward_call upward_include; do
    "$cc" -std=c11 -D_POSIX_C_SOURCE=200809L -I "$scratch/tree" -c "$scratch/tree/variants/core/$bad.c" \
        -o "$scratch/$bad.o" || fail "$bad.c does not compile"
    cp "$core" "$scratch/core_$bad.a"
    "$ar" rcs "$scratch/core_$bad.a" "$scratch/$bad.o"
done

check_link() {  # BAD SYMBOL
    # shellcheck disable=SC2086
    set -- "$1" "$2" $(echo "$libs" | sed "s#0:$core#0:$scratch/core_$1.a#")
    bad=$1 symbol=$2
    shift 2
    if "$here/layers_link.sh" "$nm_prog" "$@" > "$scratch/out.txt"; then
        cat "$scratch/out.txt"
        fail "the link check passes a core library with $bad.c"
    fi
    grep -q "$bad.o: uses $symbol, defined only in layer 2" "$scratch/out.txt" ||
        { cat "$scratch/out.txt"; fail "the link check fails on $bad.c, but not for $symbol"; }
    echo "link check on $bad.c: $(grep "$bad.o" "$scratch/out.txt")"
}
check_link upward_call engine_new
check_link upward_include engine_threads

if "$here/layers.sh" "$scratch/tree" "$scratch/map_include.txt" > "$scratch/out.txt"; then
    cat "$scratch/out.txt"
    fail "the include check passes <engine/search.h> in the core"
fi
grep -q "upward_include.c (layer 0) includes engine/search.h (layer 2)" "$scratch/out.txt" ||
    { cat "$scratch/out.txt"; fail "the include check fails, but not on upward_include.c"; }
echo "include check: $(grep upward_include.c "$scratch/out.txt")"
echo "both checks catch both upward calls"
