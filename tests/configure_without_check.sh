#!/usr/bin/env bash
# The build must not need Check: configure the tree with pkg-config (and so
# Check) hidden, expect success, the one-line notice that the unit tests are
# skipped, and a build system that still has the engine and no unit test.
# Usage: configure_without_check.sh SOURCE_DIR SCRATCH_DIR [CMAKE]
set -u
src=${1:?source dir}; scratch=${2:?scratch dir}; cmake=${3:-cmake}
rm -rf "$scratch"
mkdir -p "$scratch"
log=$scratch/configure.log
if ! "$cmake" -S "$src" -B "$scratch/build" -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON > "$log" 2>&1; then
    echo "FAIL: configuring without Check failed"; cat "$log"; exit 1
fi
grep -q "Check (libcheck) not found: the unit tests are skipped" "$log" || {
    echo "FAIL: no notice that the unit tests are skipped"; cat "$log"; exit 1; }
ctest=$(dirname "$cmake")/ctest
[ -x "$ctest" ] || ctest=ctest
tests=$(cd "$scratch/build" && "$ctest" -N)
echo "$tests" | grep -q "test_core" && { echo "FAIL: a Check unit test is registered without Check"; exit 1; }
echo "$tests" | grep -q " cli$" || { echo "FAIL: the CLI test is missing without Check"; exit 1; }
grep -q "^rulezero:" "$scratch/build/Makefile" 2>/dev/null || [ -f "$scratch/build/build.ninja" ] || {
    echo "FAIL: no rulezero target"; exit 1; }
rm -rf "$scratch"
echo "OK: configures without Check; unit tests skipped"
