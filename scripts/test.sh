#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest, the
# stages that do not compete side by side (arranged for at most 15 minutes on
# 2 idle cores):
#   1. Release build (gcc, -Werror), then every test but the browser build's and
#      the Windows build's: as many that compute at a time as there are
#      cores, and beside them one more than that of the tests that mostly wait
#      (on a browser, a clock, a server, XBoard), the longest first
#      (tests/schedule.cmake).
#      While those tests run, beside them at a lower priority (nice), each
#      build logged to build-logs/NAME.log:
#      - the browser build (Emscripten, scripts/web.sh at -O1: the static site,
#        the single file rulezero.html and their release zip, in build-web/),
#        then the Windows build (mingw-w64, scripts/windows.sh: rulezero.exe
#        and the release zip, which carries rulezero.html from the browser build);
#      - as soon as those two exist, their tests (ctest label "web", and label
#        "windows": tests/windows/wine_test.sh under Wine against the Linux
#        build: handshakes, a short game of every variant over CECP and UCI, the
#        perft suites and the bench signature), one at a time, at the tests'
#        priority, in the background (build-logs/outside-tests.log): the
#        browser and Wine mostly wait;
#      - the five libFuzzer targets only (build-fuzz/, one configure and one
#        build), not the whole tree again;
#      - then a short libFuzzer run of each fuzz target (fixed seed and run
#        count), at the lower priority, in the background (build-logs/fuzz.log):
#        it first replays the target's saved crash inputs, corpus and seeds
#        (so stage 2's sanitizer tests leave out the replay tests, label
#        "fuzz"); one target per core at a time, the longest first; beside it
#      - the sanitizer build (clang, Debug = AddressSanitizer +
#        UndefinedBehaviorSanitizer at -O1, -Werror, build-sanitize/).
#   2. Once the Release tests and the sanitizer build are done: the sanitizer
#      build's tests (label "sanitize": unit tests, CLI, shallow perft suites,
#      short self-play; any sanitizer report fails the run; one test per core;
#      --deep adds label "sanitize-deep", tests whose C a cheaper test or a
#      fuzz target also runs under the sanitizers), and beside them, at the
#      lower priority, the ThreadSanitizer build of the binary (build-tsan/);
#      then the ThreadSanitizer build's tests (label "tsan": a two-thread
#      search, a match with two games at once, the GUI server with two pages);
#      then the script waits for the fuzzing and the browser and Windows tests.
# Every test passes with the machine busy beside it (games are node- or
# depth-limited, or their clocks generous; see docs/reliability.md), which is
# what lets the stages overlap. The time of each stage and build is printed at
# the end.
# Exits non-zero on any failure, and when a test was skipped: a test exits 77
# (ctest: skipped) when a tool it needs is missing, and this script installs
# every tool, so a skip here means something was not checked.
# Usage: scripts/test.sh [--deep] [--no-sanitize] [--no-web] [--no-windows] [--no-fuzz] [--allow-skips]
#   --deep         also run the full-depth perft suites and long soak tests (label "deep")
#   --no-sanitize  skip the sanitizer builds and their tests (quicker local runs)
#   --no-web       skip the browser build and its tests
#   --no-windows   skip the Windows build and its tests under Wine
#   --no-fuzz      skip the short fuzzing runs
#   --allow-skips  list the skipped tests but do not fail for them
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deep=OFF
sanitize=1
fuzz=1
web=1
windows=1
allow_skips=0
for arg in "$@"; do
    case $arg in
        --deep) deep=ON ;;
        --no-sanitize) sanitize=0 ;;
        --no-fuzz) fuzz=0 ;;
        --no-web) web=0 ;;
        --no-windows) windows=0 ;;
        --allow-skips) allow_skips=1 ;;
        *) echo "usage: scripts/test.sh [--deep] [--no-sanitize] [--no-web] [--no-windows] [--no-fuzz] [--allow-skips]" >&2; exit 2 ;;
    esac
done

# run_ctest DIR [ctest args...]: ctest in DIR; fails on a failed test, and on a
# skipped one unless --allow-skips (each skipped test's output says what is missing).
run_ctest() {
    local dir=$1 log skipped
    shift
    log=$(mktemp)
    (cd "$dir" && ctest "$@") 2>&1 | tee "$log"
    skipped=$(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$log" | tr '\n' ' ')
    rm -f "$log"
    if [ -n "$skipped" ]; then
        echo "Skipped, so not checked: $skipped(ctest -V -R NAME says what is missing)" >&2
        [ "$allow_skips" -eq 1 ] || { echo "scripts/test.sh installs every tool: a skipped test fails the run" >&2; exit 1; }
    fi
}
# resource_spec CORES WAITS: writes (once) and prints the name of a ctest
# resource file with CORES "cores" slots and WAITS "waits" slots: a test that
# mostly waits (on a browser, a clock, a server, XBoard) takes one of the
# second, every other test one of the first (tests/schedule.cmake), so with
# ctest -j CORES+WAITS the tests that wait run beside CORES that compute.
resource_spec() {
    local file="$logs/resources-$1-$2.json"
    [ -e "$file" ] || printf '{"version": {"major": 1, "minor": 0}, "local": [{"cores": [{"id": "0", "slots": %d}], "waits": [{"id": "0", "slots": %d}]}]}\n' \
        "$1" "$2" >"$file"
    echo "$file"
}
# stage NAME: starts timing a stage; the previous one's time is recorded, and
# every stage's time is printed at the end (where a slow run's time goes).
stage_names=() stage_secs=() stage_start=$SECONDS
stage() {
    stage_end
    stage_names+=("$1")
    stage_start=$SECONDS
    echo "== $1 =="
}
stage_end() {
    [ ${#stage_names[@]} -gt ${#stage_secs[@]} ] && stage_secs+=($((SECONDS - stage_start)))
    return 0
}
stage_report() {
    stage_end
    echo "== Time per stage (s) =="
    for i in "${!stage_names[@]}"; do printf '%6d  %s\n' "${stage_secs[$i]}" "${stage_names[$i]}"; done
    for f in "$logs"/*.secs; do
        [ -e "$f" ] && printf '%6s  (beside the tests) %s\n' "$(cat "$f")" "$(basename "$f" .secs)"
    done
    printf '%6d  total\n' "$SECONDS"
}
# The jobs started in the background end with the script, whatever its end,
# with every process they started.
background=()
kill_tree() {
    local child
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
    kill "$1" 2>/dev/null || true
}
finish() {
    local status=$?
    for pid in "${background[@]}"; do kill_tree "$pid"; done
    stage_report
    exit "$status"
}
trap finish EXIT
logs=$root/build-logs
rm -rf "$logs"
mkdir -p "$logs"
# logged NAME COMMAND...: COMMAND (a program or a function), its output in
# build-logs/NAME.log and its time in build-logs/NAME.secs; on failure, the
# end of its log.
logged() {
    local name=$1 start=$SECONDS
    shift
    echo "-- $name (build-logs/$name.log)"
    if "$@" >"$logs/$name.log" 2>&1; then
        echo $((SECONDS - start)) >"$logs/$name.secs"
    else
        echo "failed" >"$logs/$name.secs"
        tail -n 40 "$logs/$name.log"
        echo "$name failed (build-logs/$name.log)"
        return 1
    fi
}
stage "Installing what is missing"
# python3 and node run the independent reference implementations (tests/reference/);
# python3-matplotlib draws the charts of `rulezero lab` (scripts/lab-charts.py).
"$root/scripts/deps.sh" clang fairymax stockfish python3 nodejs python3-matplotlib
# XBoard under a virtual display, for the XBoard tests.
"$root/scripts/deps.sh" xboard xvfb
# The Debian package and its tests: dpkg-shlibdeps (dpkg-dev), lintian, the logo
# (rsvg-convert; ImageMagick finds it on XBoard's screen), the man page checks
# (groff, man-db).
"$root/scripts/deps.sh" dpkg-dev lintian librsvg2-bin imagemagick groff-base man-db
# The browser tests (ctest label "gui"): Debian's Chromium, and playwright-core from
# npm (tests/gui/package-lock.json; it downloads no browser). Node and npm usually
# come with the machine; Debian's npm is installed only when there is none.
"$root/scripts/deps.sh" chromium firefox-esr
command -v npm >/dev/null || "$root/scripts/deps.sh" npm
(cd "$root/tests/gui" && npm ci --no-audit --no-fund --loglevel=error)
jobs=$(nproc)
# Debian's Phalanx (the SAN match test) and GNU parallel (the sharded match test).
"$root/scripts/deps.sh" phalanx parallel
# pgn-extract reads the GUI's orthodox PGN as other chess software would (gui_server_notation).
"$root/scripts/deps.sh" pgn-extract
# What the builds beside the tests need, installed now so that no apt-get runs
# beside the tests: Emscripten, mingw-w64, Wine, zip, clang's runtimes.
[ "$web" -eq 0 ] || "$root/scripts/deps.sh" emscripten dpkg-dev zip nodejs
[ "$windows" -eq 0 ] || "$root/scripts/deps.sh" mingw-w64 wine wine64 zip
if [ "$sanitize" -eq 1 ] || [ "$fuzz" -eq 1 ]; then "$root/scripts/deps.sh" clang libclang-rt-14-dev; fi

# The Release tree knows from the start where the browser and Windows builds
# will be, so that their tests (labels "web" and "windows") can run there as
# soon as those two builds exist, beside the Release tests.
outside_args=()
[ "$web" -eq 0 ] || outside_args+=(-DRULEZERO_WEB_DIR="$root/build-web")
[ "$windows" -eq 0 ] || outside_args+=(-DRULEZERO_WINDOWS_EXE="$root/build-windows/rulezero.exe")
stage "Release build (gcc)"
CC=gcc "$root/scripts/build.sh" "$root/build" Release -DRULEZERO_DEEP_TESTS=$deep -DRULEZERO_WERROR=ON \
    "${outside_args[@]}"

# Only the binary is built with ThreadSanitizer. (These functions run where
# set -e does not stop them: each failure returns.)
tsan_build() {
    CC=clang cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRULEZERO_WERROR=ON \
        -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread >/dev/null &&
        cmake --build "$root/build-tsan" -j"$jobs" --target rulezero
}
# The five fuzz targets, built as scripts/fuzz.sh builds them (only they, not
# the whole tree again), in one configure and one build.
fuzz_build() {
    FUZZ_BUILD_ONLY=1 "$root/scripts/fuzz.sh" all 0
}
# The sanitizer stage's tests: label "sanitize" ("sanitize-deep" too with
# --deep: tests whose C a cheaper "sanitize" test or a fuzz target also runs
# under the sanitizers, docs/performance.md, "Issue 43, eighth session"),
# less the corpus replays (label "fuzz") when the fuzzing (beside) replays
# every target's corpus, seeds and saved crash inputs under the same
# sanitizers before it fuzzes.
if [ "$deep" = ON ]; then sanitize_selection=(-L '^sanitize(-deep)?$'); else sanitize_selection=(-L '^sanitize$'); fi
[ "$fuzz" -eq 0 ] || sanitize_selection+=(-LE '^fuzz$')
# sanitize_build: the sanitizer tree (clang, Debug = ASan + UBSan), whole.
# (Building only the programs its tests run, with one make goal each, cost
# more CPU in make's checks than the targets left out: docs/performance.md,
# "Issue 43, seventh session".)
sanitize_build() {
    CC=clang "$root/scripts/build.sh" "$root/build-sanitize" Debug -DRULEZERO_WERROR=ON -DRULEZERO_DEEP_TESTS=$deep
}
# outside_builds: the browser and Windows builds, one after the other (the
# Windows zip takes rulezero.html from the browser build), at a lower priority
# than the tests. The browser build's WebAssembly is compiled and linked at
# -O1 (cmake/web.cmake): its tests check what the page and the engine do, not
# how fast; the release (scripts/web.sh alone) stays -O3. The Release tree
# web.sh takes the native binary from was built above (WEB_NATIVE_BUILT=1):
# it is not reconfigured while its tests run.
outside_builds() {
    renice -n 10 -p "$BASHPID" >/dev/null
    if [ "$web" -eq 1 ]; then
        logged web-build env WEB_NATIVE_BUILT=1 "$root/scripts/web.sh" "$root/build-web" -DRULEZERO_WERROR=ON \
            -DRULEZERO_WEB_OPT=-O1 ||
            return 1
    fi
    if [ "$windows" -eq 1 ]; then
        logged windows-build "$root/scripts/windows.sh" "$root/build-windows" -DRULEZERO_WERROR=ON || return 1
    fi
}
# niced_fuzz_build: the fuzz targets' build at a lower priority than the tests.
niced_fuzz_build() {
    renice -n 10 -p "$BASHPID" >/dev/null
    logged fuzz-build fuzz_build
}
# sanitizer_builds: the sanitizer build, with its log, at a lower priority
# than the tests. (The fuzz build comes before it, so that the fuzzing starts
# beside it.)
sanitizer_builds() {
    renice -n 10 -p "$BASHPID" >/dev/null
    if [ "$sanitize" -eq 1 ]; then
        logged sanitize-build sanitize_build || return 1
    fi
}
# niced_tsan_build: the ThreadSanitizer build (the binary alone), with its
# log, at a lower priority than the sanitizer tests it is made beside: it
# takes what they leave of the cores while their servers and engines wait,
# instead of holding up their start (133 s of the last clean-clone run).
niced_tsan_build() {
    renice -n 10 -p "$BASHPID" >/dev/null
    logged tsan-build tsan_build
}
# release_tests: the Release tree's tests but the browser and Windows builds'
# (their own stage's time in build-logs/release-tests.secs). Run as a
# background job, where set -e ends it at a failure (not after `||`, where
# bash would ignore the failure inside run_ctest).
release_tests() {
    local start=$SECONDS
    run_ctest "$root/build" --output-on-failure -j$((2 * jobs + 1)) \
        --resource-spec-file "$(resource_spec "$jobs" $((jobs + 1)))" --timeout 3600 -LE '^(windows|web)$'
    echo $((SECONDS - start)) >"$logs/release-tests.secs"
}

stage "Release tests; beside them the other builds, then the browser and Windows tests and the fuzzing"
release_tests &
release_pid=$!
background+=("$release_pid")
outside_builds &
builds=$!
background+=("$builds")
wait "$builds" || { echo "the browser or Windows build failed (see above, build-logs/)"; exit 1; }
# The browser and Windows builds' tests (in the Release tree) in the
# background as soon as those builds exist, one at a time, at the tests'
# priority: beside the rest of the Release tests, then beside the sanitizer
# tests. The browser and Wine mostly wait. (Two browsers beside the sanitizer
# tests overloaded 2 cores: a clean-clone run lost a clock game in `match`
# under ASan; docs/reliability.md.)
if [ "$web" -eq 1 ] || [ "$windows" -eq 1 ]; then
    outside=()
    [ "$web" -eq 0 ] || outside+=(web)
    [ "$windows" -eq 0 ] || outside+=(windows)
    labels=$(IFS='|'; echo "${outside[*]}")
    echo "-- the ${outside[*]} build(s)' tests (build-logs/outside-tests.log)"
    (run_ctest "$root/build" --output-on-failure --timeout 900 -L "^($labels)\$") >"$logs/outside-tests.log" 2>&1 &
    outside_pid=$!
    background+=("$outside_pid")
fi
# fuzz_one TARGET:RUNS: one short libFuzzer run of the prebuilt TARGET (RUNS
# times FUZZ_RUNS_SCALE inputs), its log in build-fuzz/logs/TARGET.log; fails
# on a finding.
fuzz_one() {
    local target=${1%%:*} start=$SECONDS log
    local runs=$(( ${1#*:} * ${FUZZ_RUNS_SCALE:-1} ))
    log="$root/build-fuzz/logs/$target.log"
    # -timeout (libFuzzer's per-input limit, wall time: 10 s in fuzz.sh) is 600
    # here: a hang still fails, but not a GUI game at depth 3 that took 12 s
    # with two targets and a load of 30 beside it, nor one the tests beside
    # this lower-priority run leave a tenth of a core.
    if FUZZ_SCRATCH=1 FUZZ_PREBUILT=1 "$root/scripts/fuzz.sh" "$target" 3600 -runs="$runs" -timeout=600 \
        >"$log" 2>&1; then
        echo "fuzz $target: $(grep -E 'stat::number_of_executed_units' "$log" | awk '{print $2}') inputs, no findings ($((SECONDS - start)) s)"
    else
        tail -40 "$log"
        echo "fuzz target $target failed (build-fuzz/logs/$target.log)"
        return 1
    fi
}

# The fuzzing: beside the tests, at a lower priority (it takes what they
# leave of the cores, until the end of the sanitizer stage if need be).
# A fixed seed and a fixed number of runs per target, so a test run explores
# the same inputs on every machine. FUZZ_RUNS_SCALE multiplies the counts for
# longer runs. The targets run $jobs at a time (each libFuzzer run is one
# process on one core; xargs starts the next as one ends), the longest first:
# cecp's run is only the replay of its corpus (more inputs than its 800
# runs). fen and move: 15,000 runs each (60,000 before), uci 1,200 (2,000
# before), gui 600 (1,500 before), their corpora holding what the longer run
# found, so the shorter run starts from the coverage the longer one ended with
# (docs/performance.md, "Issue 43, sixth session").
fuzz_all() {
    renice -n 10 -p "$BASHPID" >/dev/null
    mkdir -p "$root/build-fuzz/logs"
    printf '%s\n' cecp:800 gui:600 uci:1200 fen:15000 move:15000 |
        xargs -P "$jobs" -n 1 bash -c 'fuzz_one "$1"' fuzz_one
}
# The fuzz build first, then the fuzzing beside the sanitizer and
# ThreadSanitizer builds and the tests: the fuzzing (about 300 CPU-s) was the
# last thing running when it started after those two builds.
if [ "$fuzz" -eq 1 ]; then
    (niced_fuzz_build) || { echo "a build beside the tests failed (see above, build-logs/)"; exit 1; }
    export root
    export -f fuzz_one
    echo "-- fuzzing (libFuzzer, fixed seed and run count per target, $jobs at a time; build-logs/fuzz.log)"
    fuzz_all >"$logs/fuzz.log" 2>&1 &
    fuzz_pid=$!
    background+=("$fuzz_pid")
fi
sanitizer_builds &
builds=$!
background+=("$builds")
wait "$builds" || { echo "a build beside the tests failed (see above, build-logs/)"; exit 1; }
stage "Waiting for the Release tests"
wait "$release_pid" || { echo "a Release test failed (above)"; exit 1; }

if [ "$sanitize" -eq 1 ]; then
    stage "Sanitizer tests (clang, ASan + UBSan); beside them the ThreadSanitizer build"
    niced_tsan_build &
    tsan_build_pid=$!
    background+=("$tsan_build_pid")
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # The replay tests (label "fuzz") run here only when the fuzzing does not
    # (sanitize_selection, above).
    # One test per core: the browser and Wine tests and the fuzzing may still
    # run beside (slots for the tests that wait, as in stage 1, overloaded the
    # machine here).
    run_ctest "$root/build-sanitize" --output-on-failure -j"$jobs" --timeout 3600 "${sanitize_selection[@]}"
    # The "tsan" tests drive a two-thread search, a match of two games at once
    # and the GUI server with two pages through the ThreadSanitizer binary
    # (tests/threads_tsan.sh; about 30 s).
    stage "ThreadSanitizer tests: a threaded search, a match, the GUI server"
    wait "$tsan_build_pid" || { echo "a build beside the tests failed (see above, build-logs/)"; exit 1; }
    run_ctest "$root/build-tsan" --output-on-failure --timeout 600 -L tsan
fi

stage "Waiting for the fuzzing, the web and Windows tests"
if [ -n "${fuzz_pid:-}" ]; then
    status=0
    wait "$fuzz_pid" || status=$?
    cat "$logs/fuzz.log"
    [ "$status" -eq 0 ] || { echo "a fuzz target failed (above; build-logs/fuzz.log)"; exit 1; }
fi
if [ -n "${outside_pid:-}" ]; then
    status=0
    wait "$outside_pid" || status=$?
    cat "$logs/outside-tests.log"
    [ "$status" -eq 0 ] || { echo "the web or Windows tests failed (above; build-logs/outside-tests.log)"; exit 1; }
fi
