#!/usr/bin/env bash
# Builds the browser build of Rule Zero (the rules, the GUI's session and the
# engine compiled to WebAssembly with Debian's Emscripten) into OUT_DIR:
#   OUT_DIR/site/                        a static folder any static web host serves as it
#                                        is (only relative URLs: it may live in a folder)
#   OUT_DIR/rulezero.html                the same page in ONE file (workers, wasm, rules,
#                                        sounds inlined): opens from disk, offline
#   OUT_DIR/rulezero-web-VERSION.zip     both, with a README.txt and the licence
# Steps: installs what is missing (scripts/deps.sh); takes cJSON's source from
# Debian's source package into OUT_DIR/deps/ (kept for later runs); builds the
# native binary (scripts/build.sh build, for `rulezero gui --export-rules`)
# and the WebAssembly of the two Workers (OUT_DIR/wasm); assembles with scripts/web/assemble.mjs
# (esbuild from npm bundles the page's modules for the single file). Every
# step is incremental: a second run takes seconds.
# Usage: scripts/web.sh [OUT_DIR [extra cmake args for the WebAssembly build...]]
#   (default build-web)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/build-web}")
shift $(( $# > 0 ? 1 : 0 ))
native=$root/build

# emscripten: the compiler (Debian's 3.1.6, with its prebuilt libraries);
# dpkg-dev: dpkg-source, which apt-get source needs to unpack cJSON's source;
# zip: the release zip. Node.js and npm come with the machine (esbuild is an npm package).
"$root/scripts/deps.sh" emscripten dpkg-dev zip nodejs
command -v npm >/dev/null || "$root/scripts/deps.sh" npm
# Debian's emscripten runs Node.js tools that need Debian's node-acorn, which a
# node from elsewhere on PATH finds only here.
export NODE_PATH=/usr/share/nodejs
# emcc is a Python program run once per source file: Debian's python3 (the one
# Debian's emscripten is packaged for), not whatever `python3` is first on PATH
# (a version manager's shim costs more than the compile of a small file).
[ -z "${EMSDK_PYTHON:-}" ] && [ -x /usr/bin/python3 ] && export EMSDK_PYTHON=/usr/bin/python3

# The machine's Debian suites (apt sources of type deb whose suite is the
# release's codename or CODENAME-something), as deb-src sources, one file per
# format: FILE.list (one-line) and FILE.sources (deb822).
debian_source_lists() { # DEST_DIR
    local codename sl sp
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    [ -n "$codename" ] || { echo "web.sh: no VERSION_CODENAME in /etc/os-release: is this Debian?" >&2; return 1; }
    eval "$(apt-config shell sl Dir::Etc::sourcelist/f sp Dir::Etc::sourceparts/d)"
    cat "$sl" "$sp"/*.list 2>/dev/null | awk -v c="$codename" '
        $1 == "deb" { i = 2                        # the URI, after any [options]
                      if ($i ~ /^\[/) { while (i < NF && $i !~ /\]$/) i++; i++ }
                      if ($(i + 1) ~ "^" c "(-|$)") { $1 = "deb-src"; print } }' >"$1/debian.list"
    local f
    for f in "$sp"/*.sources; do
        [ -f "$f" ] || continue
        awk -v c="$codename" 'BEGIN { RS = ""; ORS = "\n\n" }
            { ok = 0; enabled = 1; n = split($0, lines, "\n"); out = ""
              for (k = 1; k <= n; k++) {
                  line = lines[k]
                  if (line ~ /^#/) continue
                  if (line ~ /^Types:/) { if (line !~ /[ \t]deb([ \t]|$)/) ok = -1; line = "Types: deb-src" }
                  if (line ~ /^Enabled:[ \t]*(no|false)/) enabled = 0
                  if (line ~ /^Suites:/ && ok == 0) { m = split(line, s, /[ \t]+/)
                      for (j = 2; j <= m; j++) if (s[j] ~ "^" c "(-|$)") ok = 1 }
                  out = out line "\n" }
              if (ok == 1 && enabled) printf "%s\n", out }' "$f"
    done >"$1/debian.sources"
    [ -s "$1/debian.list" ] || [ -s "$1/debian.sources" ] || {
        echo "web.sh: no Debian $codename suite among the machine's apt sources" >&2; return 1; }
}

# cJSON's source (Debian's libcjson-dev has only the built library): Debian's
# source package, with Debian's patches applied, fetched with apt-get source
# through private sources, lists and caches under OUT_DIR/deps/apt, so that the
# machine's apt configuration and state stay as they were. Kept for later runs.
# Prints the folder holding cJSON.c.
cjson_source() {
    local deps=$out/deps apt=$out/deps/apt found
    found=$(find "$deps" -mindepth 2 -maxdepth 2 -name cJSON.c 2>/dev/null | sort | head -n 1)
    if [ -n "$found" ]; then dirname "$found"; return; fi
    echo "Fetching cJSON's source (apt-get source cjson, private sources in $apt)" >&2
    rm -rf "$apt"
    mkdir -p "$apt/sources.list.d" "$apt/lists/partial" "$apt/cache/archives/partial"
    debian_source_lists "$apt/sources.list.d"
    local opts=(-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/sources.list.d"
                -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -q)
    # As root, apt downloads as the user _apt, who cannot write here.
    [ "$(id -u)" -ne 0 ] || opts+=(-o APT::Sandbox::User=root)
    # The version of the installed libcjson-dev (the native GUI's) when the archive has it.
    local version
    version=$(dpkg-query -W -f='${source:Version}' libcjson-dev 2>/dev/null || true)
    if ! apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 ||
       ! (cd "$deps" && { { [ -n "$version" ] && apt-get "${opts[@]}" source "cjson=$version"; } ||
                          apt-get "${opts[@]}" source cjson; }) >"$apt/source.log" 2>&1; then
        cat "$apt/update.log" "$apt/source.log" 2>/dev/null | tail -n 15 >&2
        echo "web.sh: could not fetch cJSON's source from Debian (see above, $apt/*.log)." >&2
        echo "Without a network, put cJSON.c and cJSON.h (Debian's source package cjson) in $deps/cjson-local/." >&2
        return 1
    fi
    found=$(find "$deps" -mindepth 2 -maxdepth 2 -name cJSON.c | sort | head -n 1)
    [ -n "$found" ] || { echo "web.sh: Debian's cjson source package has no cJSON.c" >&2; return 1; }
    dirname "$found"
}

cjson=$(cjson_source)

echo "== Native build ($native): rulezero gui --export-rules =="
# WEB_NATIVE_BUILT=1 (scripts/test.sh, which has just built that tree and runs
# its tests while this runs): the binary as it is, the tree neither
# reconfigured nor checked again.
[ "${WEB_NATIVE_BUILT:-0}" = 1 ] || "$root/scripts/build.sh" "$native" Release
"$native/rulezero" gui --help 2>&1 | grep -q -- --export-rules || {
    echo "web.sh: $native/rulezero has no GUI (civetweb, cJSON and cmark are needed: scripts/deps.sh)" >&2; exit 1; }

echo "== WebAssembly build ($out/wasm) =="
mkdir -p "$out/wasm"
# -O3 unless the arguments say otherwise (scripts/test.sh: -DRULEZERO_WEB_OPT=-O1),
# given each time so that a tree the tests built at -O1 is a release's again.
emcmake cmake -S "$root" -B "$out/wasm" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
    -DRULEZERO_WITH_GUI=OFF -DRULEZERO_CJSON_SOURCE_DIR="$cjson" -DRULEZERO_WEB_OPT=-O3 "$@" \
    >"$out/wasm/configure.log" 2>&1 || {
    cat "$out/wasm/configure.log" >&2; exit 1; }
# Only web/rulezero-{engine,session}.{js,wasm}, the Workers' modules (each
# library compiled once, for both): not the command line under Node.js
# (rulezero.{js,wasm}, which scripts/bench-web.sh builds when it needs it),
# nor the native tree's documents, man page and logo.
cmake --build "$out/wasm" -j"$(nproc)" --target rulezero_engine_web rulezero_session_web

echo "== Assembling =="
rm -rf "$out/rules"
"$native/rulezero" gui --export-rules "$out/rules"
web=$root/scripts/web
[ "$web/node_modules/.package-lock.json" -nt "$web/package-lock.json" ] ||
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
version=$(sed -n 's/^project(rulezero VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
node "$web/assemble.mjs" --root "$root" --wasm "$out/wasm/web" --rules "$out/rules" --out "$out"

# The release zip: one folder holding rulezero.html, site/ and README.txt, with
# fixed dates so the same sources give the same archive (as scripts/windows.sh).
name=rulezero-web-$version
stage=$out/package
rm -rf "$stage" "$out"/rulezero-web-*.zip
mkdir -p "$stage/$name"
cp -R "$out/site" "$out/rulezero.html" "$root/LICENSE" "$stage/$name/"
sed "s/@VERSION@/$version/" "$web/README.txt" >"$stage/$name/README.txt"
find "$stage" -exec touch -d @"$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)" {} +
(cd "$stage" && find "$name" | LC_ALL=C sort | zip -q -X "$out/$name.zip" -@)

size() { # FILE [gzip]: its size, and gzipped
    printf '%-40s %9d bytes' "${1#"$out"/}" "$(stat -c %s "$1")"
    [ "${2:-}" != gzip ] || printf '  (gzip %9d)' "$(gzip -9 -c "$1" | wc -c)"
    echo
}
echo "== Made in $out =="
printf '%-40s %9d files\n' site/ "$(find "$out/site" -type f | wc -l)"
size "$out/rulezero.html" gzip
size "$out/site/web/rulezero-session.wasm" gzip
size "$out/site/web/rulezero-engine.wasm" gzip
size "$out/$name.zip"
