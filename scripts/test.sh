#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest:
#   1. Release build (gcc, -Werror): every test.
#   2. Sanitizer build (clang, Debug = AddressSanitizer + UndefinedBehaviorSanitizer,
#      -Werror): the tests labelled "sanitize" (unit tests, CLI, shallow perft suites,
#      short self-play). Any sanitizer report fails the run.
# Exits non-zero on any failure.
#   3. A short libFuzzer run of each fuzz target (fixed seed and run count).
# Usage: scripts/test.sh [--deep] [--no-sanitize] [--no-fuzz]
#   --deep         also run the full-depth perft suites and long soak tests (label "deep")
#   --no-sanitize  skip the sanitizer build (quicker local runs)
#   --no-fuzz      skip the short fuzzing runs
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deep=OFF
sanitize=1
fuzz=1
for arg in "$@"; do
    case $arg in
        --deep) deep=ON ;;
        --no-sanitize) sanitize=0 ;;
        --no-fuzz) fuzz=0 ;;
        *) echo "usage: scripts/test.sh [--deep] [--no-sanitize] [--no-fuzz]" >&2; exit 2 ;;
    esac
done
"$root/scripts/deps.sh" clang fairymax stockfish python3
# XBoard under a virtual display, for the xboard_match test (skipped when missing).
"$root/scripts/deps.sh" xboard xvfb || echo "xboard/xvfb not installed: the xboard_match test will be skipped" >&2
# The browser tests (ctest label "gui"): Debian's Chromium, and playwright-core from
# npm (tests/gui/package-lock.json; it downloads no browser). Node and npm come with
# the machine; without them the gui test is skipped.
"$root/scripts/deps.sh" chromium
if command -v npm >/dev/null; then
    (cd "$root/tests/gui" && npm ci --no-audit --no-fund --loglevel=error)
else
    echo "npm not found: the gui browser test will be skipped" >&2
fi
jobs=$(nproc)

echo "== Release build (gcc) =="
CC=gcc "$root/scripts/build.sh" "$root/build" Release -DRULEZERO_DEEP_TESTS=$deep -DRULEZERO_WERROR=ON
(cd "$root/build" && ctest --output-on-failure -j"$jobs" --timeout 3600)

if [ "$sanitize" -eq 1 ]; then
    echo "== Sanitizer build (clang, ASan + UBSan) =="
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    CC=clang "$root/scripts/build.sh" "$root/build-sanitize" Debug -DRULEZERO_WERROR=ON
    (cd "$root/build-sanitize" && ctest --output-on-failure -j"$jobs" --timeout 3600 -L sanitize)
fi

if [ "$fuzz" -eq 1 ]; then
    # A fixed seed and a fixed number of runs per target (about 20 s each here),
    # so a test run explores the same inputs on every machine. FUZZ_RUNS_SCALE
    # multiplies the counts for longer runs.
    echo "== Fuzzing (libFuzzer, fixed seed and run count per target) =="
    scale=${FUZZ_RUNS_SCALE:-1}
    for entry in fen:60000 move:60000 cecp:800 uci:2000 gui:1500; do
        target=${entry%%:*}
        runs=$(( ${entry#*:} * scale ))
        FUZZ_SCRATCH=1 "$root/scripts/fuzz.sh" "$target" 3600 -runs="$runs" >/tmp/rulezero-fuzz-$target.log 2>&1 || {
            tail -40 /tmp/rulezero-fuzz-$target.log; echo "fuzz target $target failed"; exit 1; }
        echo "fuzz $target: $(grep -E 'stat::number_of_executed_units' /tmp/rulezero-fuzz-$target.log | awk '{print $2}') inputs, no findings"
    done
fi
