#!/usr/bin/env bash
# scripts/test.sh's stages (issue 43): run on a scratch tree whose builds,
# installs, ctest and fuzz runs are stubs that say what they were asked, it
#   - starts the browser and Windows builds' tests (ctest -L web|windows) while
#     the Release tests still run (the Release ctest stub waits, up to 120 s,
#     for them to start, and fails the run if they do not);
#   - builds the fuzz targets before the sanitizer build, and starts the
#     fuzzing and the ThreadSanitizer build before the sanitizer tests end
#     (likewise);
#   - runs label "sanitize" in the sanitizer stage, and "sanitize-deep" too
#     with --deep;
#   - builds the five fuzz targets in one call, and only the binary in the
#     ThreadSanitizer tree;
#   - passes when every stub passes, and fails when any one of them fails: a
#     Release test, a browser or Windows test, a fuzz target, the browser,
#     fuzz, sanitizer or ThreadSanitizer build.
# No test here waits on the clock but for a failure (the 120 s reads).
# Usage: tests/test_script_stages.sh SOURCE_DIR
# Exit: 0 when every case behaves, 1 otherwise.
set -u
src=$(realpath "${1:?usage: test_script_stages.sh SOURCE_DIR}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# The scratch tree: scripts/test.sh itself, stub scripts beside it.
tree=$tmp/tree stubs=$tmp/bin
mkdir -p "$tree/scripts" "$tree/tests/gui" "$stubs"
cp "$src/scripts/test.sh" "$tree/scripts/test.sh"
stub() { # NAME BODY: an executable stub script
    printf '#!/usr/bin/env bash\n%s\n' "$2" >"$1"
    chmod +x "$1"
}
# Each stub appends what it did to $EVENTS and fails when $FAIL names it.
stub "$tree/scripts/deps.sh" 'exit 0'
stub "$tree/scripts/build.sh" '[ "$FAIL-$(basename "$1")" != sanitize-build-build-sanitize ] || exit 1
mkdir -p "$1"; echo "build $(basename "$1")" >>"$EVENTS"'
stub "$tree/scripts/web.sh" '[ "$FAIL" != web-build ] || exit 1; mkdir -p "$1"
echo "web-build native-built=${WEB_NATIVE_BUILT:-0} $*" >>"$EVENTS"'
stub "$tree/scripts/windows.sh" 'mkdir -p "$1"; echo "windows-build" >>"$EVENTS"'
stub "$tree/scripts/fuzz.sh" '
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && { [ "$FAIL" != fuzz-build ] || exit 1; echo "fuzz-build $1" >>"$EVENTS"; exit 0; }
echo "fuzz $1" >>"$EVENTS"
# The first run tells the sanitizer tests it started.
if mkdir "$SYNC/fuzz-started" 2>/dev/null; then echo fuzz >"$SYNC/fuzz"; fi
[ "$FAIL" != "fuzz-$1" ] || exit 1
echo "stat::number_of_executed_units: 1"'
stub "$stubs/npm" 'exit 0'
# cmake: configures (makes the -B folder); `--build DIR [--target T...]` says
# what it built.
stub "$stubs/cmake" '
if [ "$1" = --build ]; then
    dir=$2; shift 2; targets=(); on=0
    for a; do case $a in --target) on=1 ;; -j*) ;; *) [ $on -eq 0 ] || targets+=("$a") ;; esac; done
    echo "cmake-build $(basename "$dir")${targets[*]:+ ${targets[*]}}" >>"$EVENTS"
    # The ThreadSanitizer build tells the sanitizer tests it started.
    if [ "$(basename "$dir")" = build-tsan ]; then
        timeout 120 bash -c '"'"'echo tsan >"$1"'"'"' _ "$SYNC/tsan"
        [ "$FAIL" != tsan-build ] || exit 1
    fi
    exit 0
fi
prev=; for a; do [ "$prev" != -B ] || mkdir -p "$a"; prev=$a; done'
# ctest: which run it is, by its label arguments.
stub "$stubs/ctest" '
args="$*"
case $args in
*"-LE ^(windows|web)\$"*)
    echo "release-start" >>"$EVENTS"
    exec 3<>"$SYNC/outside"
    read -r -t 120 -u 3 _ || { echo "release: the web and Windows tests did not start beside the Release tests"; exit 1; }
    echo "release-end" >>"$EVENTS"
    [ "$FAIL" != release ] || exit 8 ;;
*"-L ^(web|windows)\$"*)
    echo "outside-start" >>"$EVENTS"
    echo started >"$SYNC/outside"
    [ "$FAIL" != outside ] || exit 8 ;;
*"-L ^sanitize"*)
    echo "sanitize-start $args" >>"$EVENTS"
    exec 3<>"$SYNC/fuzz"
    read -r -t 120 -u 3 _ || { echo "sanitize: the fuzzing did not start before the sanitizer tests ended"; exit 1; }
    exec 4<>"$SYNC/tsan"
    read -r -t 120 -u 4 _ ||
        { echo "sanitize: the ThreadSanitizer build did not start before the sanitizer tests ended"; exit 1; }
    echo "sanitize-end" >>"$EVENTS" ;;
*"-L tsan"*)
    echo "tsan" >>"$EVENTS" ;;
*)  echo "unexpected ctest $args"; exit 1 ;;
esac
exit 0'

# run_case NAME [ARGS...]: scripts/test.sh ARGS with $FAIL=NAME ("none" or
# "deep": nothing fails); its output in $tmp/NAME.out, its events in
# $tmp/NAME.events; prints its exit code.
run_case() {
    local name=$1 sync=$tmp/sync-$1
    shift
    mkdir -p "$sync"
    mkfifo "$sync/outside" "$sync/fuzz" "$sync/tsan"
    rm -rf "$tree/build-logs"
    FAIL=$name EVENTS=$tmp/$name.events SYNC=$sync PATH="$stubs:$PATH" \
        timeout 600 "$tree/scripts/test.sh" "$@" >"$tmp/$name.out" 2>&1
    echo $?
}

rc=$(run_case none)
if [ "$rc" -eq 0 ]; then ok "every stage passes: exit 0"; else bad "every stage passes: exit $rc"; tail -20 "$tmp/none.out"; fi
grep -q '^web-build .*-DRULEZERO_WEB_OPT=-O1' "$tmp/none.events" && ok "the browser build for the tests at -O1" ||
    bad "the browser build for the tests at -O1"
grep -q '^web-build native-built=1 ' "$tmp/none.events" &&
    ok "the browser build takes the Release tree as built, not reconfigured beside its tests" ||
    bad "the browser build takes the Release tree as built, not reconfigured beside its tests"
grep -q '^release-end' "$tmp/none.events" && ok "web and Windows tests beside the Release tests" ||
    bad "web and Windows tests beside the Release tests"
grep -q '^sanitize-end' "$tmp/none.events" && ok "fuzzing and the ThreadSanitizer build beside the sanitizer tests" ||
    bad "fuzzing and the ThreadSanitizer build beside the sanitizer tests"
[ "$(grep -c '^fuzz [a-z]*$' "$tmp/none.events")" -eq 5 ] && ok "five fuzz targets run" || bad "five fuzz targets run"
grep -q '^tsan' "$tmp/none.events" && ok "ThreadSanitizer tests run" || bad "ThreadSanitizer tests run"
# The fuzz targets are built before the sanitizer tree, so that the fuzzing
# runs beside the sanitizer and ThreadSanitizer builds, not after them.
last_fuzz_build=$(grep -n '^fuzz-build ' "$tmp/none.events" | tail -n 1 | cut -d: -f1)
sanitize_build=$(grep -n '^build build-sanitize$' "$tmp/none.events" | cut -d: -f1)
if [ -n "$last_fuzz_build" ] && [ -n "$sanitize_build" ] && [ "$last_fuzz_build" -lt "$sanitize_build" ]; then
    ok "the fuzz build before the sanitizer build"
else
    bad "the fuzz build before the sanitizer build (events: $(tr '\n' ' ' <"$tmp/none.events"))"
fi
[ "$(grep -c '^fuzz-build ' "$tmp/none.events")" -eq 1 ] && grep -q '^fuzz-build all$' "$tmp/none.events" &&
    ok "the five fuzz targets built in one call" || bad "the five fuzz targets built in one call"
# The ThreadSanitizer tree: only the binary.
grep -qx 'cmake-build build-tsan rulezero' "$tmp/none.events" && ok "the ThreadSanitizer build makes only the binary" ||
    bad "the ThreadSanitizer build makes only the binary"

# The sanitizer stage runs label "sanitize" alone (not "sanitize-deep") and
# leaves the corpus replays to the fuzzing; --deep adds "sanitize-deep".
grep -q '^sanitize-start .*-L ^sanitize\$ .*-LE ^fuzz\$' "$tmp/none.events" &&
    ok "the sanitizer stage: label sanitize, not sanitize-deep nor the replays" ||
    bad "the sanitizer stage: label sanitize, not sanitize-deep nor the replays ($(grep sanitize-start "$tmp/none.events"))"
rc=$(run_case deep --deep)
if [ "$rc" -eq 0 ] && grep -q '^sanitize-start .*-L ^sanitize(-deep)?\$' "$tmp/deep.events"; then
    ok "--deep adds label sanitize-deep to the sanitizer stage"
else
    bad "--deep adds label sanitize-deep to the sanitizer stage (exit $rc: $(grep sanitize-start "$tmp/deep.events"))"
fi

# A failure anywhere fails the run, and the run says where.
expect_fail() { # CASE MESSAGE
    local rc
    rc=$(run_case "$1")
    if [ "$rc" -ne 0 ] && grep -q "$2" "$tmp/$1.out"; then
        ok "$1 fails the run: exit $rc, '$2'"
    else
        bad "$1 must fail the run saying '$2' (exit $rc)"
        tail -20 "$tmp/$1.out"
    fi
}
expect_fail release "a Release test failed"
expect_fail outside "the web or Windows tests failed"
expect_fail fuzz-cecp "fuzz target cecp failed"
expect_fail fuzz-move "fuzz target move failed"
expect_fail web-build "the browser or Windows build failed"
expect_fail fuzz-build "a build beside the tests failed"
expect_fail sanitize-build "a build beside the tests failed"
expect_fail tsan-build "a build beside the tests failed"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
