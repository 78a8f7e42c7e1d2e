#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest:
#   1. Release build (gcc, -Werror): every test but the browser build's and the
#      Windows build's.
#   2. The browser build (Emscripten, scripts/web.sh: the static site, the single
#      file rulezero.html and their release zip, in build-web/) and its tests
#      (ctest label "web").
#   3. The Windows build (mingw-w64, scripts/windows.sh: rulezero.exe and the
#      release zip, which carries rulezero.html when stage 2 made it) tested under
#      Wine against the Linux build (ctest label "windows", tests/windows/wine_test.sh):
#      handshakes, a short game of every variant over CECP and UCI, the perft
#      suites and the bench signature.
#   4. Sanitizer build (clang, Debug = AddressSanitizer + UndefinedBehaviorSanitizer,
#      -Werror): the tests labelled "sanitize" (unit tests, CLI, shallow perft suites,
#      short self-play). Any sanitizer report fails the run. Then a ThreadSanitizer
#      build of the binary runs the tests labelled "tsan" (a two-thread search, a
#      match with two games at once, the GUI server with two pages).
#   5. A short libFuzzer run of each fuzz target (fixed seed and run count).
# Exits non-zero on any failure, and when a test was skipped: a test exits 77
# (ctest: skipped) when a tool it needs is missing, and this script installs
# every tool, so a skip here means something was not checked.
# Usage: scripts/test.sh [--deep] [--no-sanitize] [--no-web] [--no-windows] [--no-fuzz] [--allow-skips]
#   --deep         also run the full-depth perft suites and long soak tests (label "deep")
#   --no-sanitize  skip the sanitizer build (quicker local runs)
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
    printf '%6d  total\n' "$SECONDS"
}
trap stage_report EXIT
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

stage "Release build (gcc)"
CC=gcc "$root/scripts/build.sh" "$root/build" Release -DRULEZERO_DEEP_TESTS=$deep -DRULEZERO_WERROR=ON
run_ctest "$root/build" --output-on-failure -j"$jobs" --timeout 3600 -LE '^(windows|web)$'

if [ "$web" -eq 1 ]; then
    stage "Browser build (Emscripten): the static site, rulezero.html, their zip"
    "$root/scripts/web.sh" "$root/build-web" -DRULEZERO_WERROR=ON
    cmake "$root/build" -DRULEZERO_WEB_DIR="$root/build-web" >/dev/null
    run_ctest "$root/build" --output-on-failure --timeout 900 -L '^web$'
fi

if [ "$windows" -eq 1 ]; then
    stage "Windows build (mingw-w64), tested under Wine"
    "$root/scripts/deps.sh" mingw-w64 wine wine64 zip
    "$root/scripts/windows.sh" "$root/build-windows" -DRULEZERO_WERROR=ON
    cmake "$root/build" -DRULEZERO_WINDOWS_EXE="$root/build-windows/rulezero.exe" >/dev/null
    run_ctest "$root/build" --output-on-failure --timeout 900 -L windows
fi

if [ "$sanitize" -eq 1 ]; then
    stage "Sanitizer build (clang, ASan + UBSan)"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    CC=clang "$root/scripts/build.sh" "$root/build-sanitize" Debug -DRULEZERO_WERROR=ON
    run_ctest "$root/build-sanitize" --output-on-failure -j"$jobs" --timeout 3600 -L sanitize

    # Only the binary is built with ThreadSanitizer; the "tsan" tests drive a
    # two-thread search, a match of two games at once and the GUI server with
    # two pages through it (tests/threads_tsan.sh; about 30 s).
    stage "ThreadSanitizer build (clang): a threaded search, a match, the GUI server"
    CC=clang cmake -S "$root" -B "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRULEZERO_WERROR=ON \
        -DCMAKE_C_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread >/dev/null
    cmake --build "$root/build-tsan" -j"$jobs" --target rulezero
    run_ctest "$root/build-tsan" --output-on-failure --timeout 600 -L tsan
fi

if [ "$fuzz" -eq 1 ]; then
    # A fixed seed and a fixed number of runs per target (about 20 s each here),
    # so a test run explores the same inputs on every machine. FUZZ_RUNS_SCALE
    # multiplies the counts for longer runs.
    stage "Fuzzing (libFuzzer, fixed seed and run count per target)"
    scale=${FUZZ_RUNS_SCALE:-1}
    logs="$root/build-fuzz/logs"
    mkdir -p "$logs"
    for entry in fen:60000 move:60000 cecp:800 uci:2000 gui:1500; do
        target=${entry%%:*}
        runs=$(( ${entry#*:} * scale ))
        FUZZ_SCRATCH=1 "$root/scripts/fuzz.sh" "$target" 3600 -runs="$runs" >"$logs/$target.log" 2>&1 || {
            tail -40 "$logs/$target.log"; echo "fuzz target $target failed"; exit 1; }
        echo "fuzz $target: $(grep -E 'stat::number_of_executed_units' "$logs/$target.log" | awk '{print $2}') inputs, no findings"
    done
fi
