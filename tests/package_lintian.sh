#!/usr/bin/env bash
# lintian on the Debian package package_deb.sh built in BUILD_DIR/package-test:
# no error, no warning; its informational tags (-I) are printed, and
# package-contains-empty-directory is not among them.
# Usage: tests/package_lintian.sh BUILD_DIR
# Exit: 0 when all is right, 1 otherwise, 77 (skipped) without lintian
#   (LINTIAN names another program) or without the package.
set -uo pipefail
build=$(cd "${1:?usage: package_lintian.sh BUILD_DIR}" && pwd)
lintian=${LINTIAN:-lintian}
command -v "$lintian" >/dev/null || {
    echo "SKIPPED: $lintian is not installed (Debian package lintian): the package is not checked"; exit 77; }
out=$build/package-test
version=$("$build/rulezero" --version | awk '{print $2}')
deb=$out/rulezero_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || { echo "SKIPPED: no $deb (package_deb builds it)"; exit 77; }
fail=0
"$lintian" -I --fail-on error,warning "$deb" >"$out/lintian.log" 2>&1
status=$?
grep -v 'running with root privileges' "$out/lintian.log"
[ "$status" -eq 0 ] || { echo "FAIL: lintian found errors or warnings (exit $status)"; fail=1; }
if grep -q 'package-contains-empty-directory' "$out/lintian.log"; then
    echo "FAIL: lintian: package-contains-empty-directory"; fail=1
fi
echo "lintian: $(grep -c '^I: ' "$out/lintian.log") informational tags"
[ "$fail" -eq 0 ] && echo "ok"
