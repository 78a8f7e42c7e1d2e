#!/usr/bin/env bash
# No test vanishes for a missing tool. The tree is configured with pkg-config
# hidden (so Check, and the GUI's cJSON and cmark), python3 and node hidden,
# and with the options of the build under test (build type, deep tests,
# Windows exe). It must configure, say that the unit tests are skipped, keep
# the engine, and register exactly the tests the build under test has; the
# ones whose tool is missing run as skipped (exit 77) and say what is missing.
# Usage: configure_without_tools.sh SOURCE_DIR SCRATCH_DIR CMAKE BUILD_DIR
set -u
src=${1:?source dir}; scratch=${2:?scratch dir}; cmake=${3:?cmake}; build=${4:?build dir under test}
ctest=$(dirname "$cmake")/ctest
[ -x "$ctest" ] || ctest=ctest
cached() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
rm -rf "$scratch"
mkdir -p "$scratch"
log=$scratch/configure.log
if ! "$cmake" -S "$src" -B "$scratch/build" -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
        -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON -DNODE_EXECUTABLE= \
        -DCMAKE_BUILD_TYPE="$(cached CMAKE_BUILD_TYPE)" -DRULEZERO_DEEP_TESTS="$(cached RULEZERO_DEEP_TESTS)" \
        -DRULEZERO_WINDOWS_EXE="$(cached RULEZERO_WINDOWS_EXE)" > "$log" 2>&1; then
    echo "FAIL: configuring without Check, python3 and node failed"; cat "$log"; exit 1
fi
grep -q "Check (libcheck) not found: the unit tests are skipped" "$log" || {
    echo "FAIL: no notice that the unit tests are skipped"; cat "$log"; exit 1; }
grep -q "^rulezero:" "$scratch/build/Makefile" 2>/dev/null || [ -f "$scratch/build/build.ninja" ] || {
    echo "FAIL: no rulezero target"; exit 1; }
names() { (cd "$1" && "$ctest" -N) | sed -n 's/^ *Test *#[0-9]*: //p' | sort; }
if ! diff <(names "$build") <(names "$scratch/build") > "$scratch/diff"; then
    cat "$scratch/diff"; echo "FAIL: the test lists differ (<: with every tool, >: without)"; exit 1
fi
echo "$(names "$build" | wc -l) tests registered with and without the tools"
# skipped TEST WHY: TEST runs as skipped, saying WHY.
fail=0
skipped() {
    local run
    run=$(cd "$scratch/build" && "$ctest" -V -R "^$1\$" 2>&1)
    if grep -q "$1 .*\*\*\*Skipped" <<<"$run" && grep -q "SKIPPED: $2" <<<"$run"; then
        echo "ok: $1 skipped: $2"
    else
        echo "$run"; echo "FAIL: $1 is not reported as skipped, saying '$2'"; fail=1
    fi
}
skipped test_core "Check (libcheck) was not found"
skipped gui_server "rulezero was built without its GUI"
skipped protocol_cecp "python3 not found"
skipped reference_nickdanger "python3 not found"
skipped reference_interweave "python3 not found"
skipped gui_browser "rulezero was built without its GUI"
[ "$fail" -eq 0 ] || exit 1
# With python3 there, a reference test whose node is missing says so.
if "$cmake" -S "$src" -B "$scratch/build" -DCMAKE_DISABLE_FIND_PACKAGE_Python3=OFF > "$log" 2>&1; then
    skipped reference_interweave "node not found"
else
    cat "$log"; echo "FAIL: configuring with python3 but without node"; fail=1
fi
[ "$fail" -eq 0 ] || exit 1
rm -rf "$scratch"
echo "OK: without Check, python3, node and the GUI's libraries every test is still listed, as skipped"
