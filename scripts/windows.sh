#!/usr/bin/env bash
# Cross-compiles the 64-bit Windows build of Rule Zero with mingw-w64 and packs
# the release archive:
#   BUILD_DIR/rulezero.exe                          (static: needs no DLL beside it)
#   BUILD_DIR/rulezero-VERSION-windows-x64.zip      rulezero.exe, README.md, LICENSE and
#                                                   the docs README links to (docs/*.md,
#                                                   rules, variants, screenshots) in one
#                                                   folder: the build's release-docs/
#                                                   (cmake/install.cmake), where links to
#                                                   source files are plain text; and
#                                                   rulezero.html, every game in a browser,
#                                                   when scripts/web.sh has made
#                                                   build-web/rulezero.html
# Installs mingw-w64 and zip if missing (scripts/deps.sh).
# Usage: scripts/windows.sh [BUILD_DIR [extra cmake args...]]   (default build-windows)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(realpath -m "${1:-$root/build-windows}")
shift $(( $# > 0 ? 1 : 0 ))
"$root/scripts/deps.sh" mingw-w64 zip
cmake -S "$root" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64-x86_64.cmake" \
    -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"

version=$(sed -n 's/^project(rulezero VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
name=rulezero-$version-windows-x64
stage=$dir/package
rm -rf "$stage" "$dir/$name.zip"
mkdir -p "$stage"
cp -R "$dir/release-docs" "$stage/$name"
cp "$dir/rulezero.exe" "$stage/$name/"
# WinBoard cannot show every game (README): the browser build's single file can.
web_html=$root/build-web/rulezero.html
if [ -f "$web_html" ]; then
    cp "$web_html" "$stage/$name/"
else
    echo "windows.sh: no $web_html (scripts/web.sh makes it): the zip has no rulezero.html" >&2
fi
# Same archive for the same sources: fixed file dates, no extra attributes.
find "$stage" -exec touch -d @"$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)" {} +
(cd "$stage" && find "$name" | LC_ALL=C sort | zip -q -X "$dir/$name.zip" -@)
echo "$dir/rulezero.exe"
echo "$dir/$name.zip"
