#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest.
# Exits non-zero on any failure.
# Usage: scripts/test.sh [--deep]    (--deep adds the full-depth perft suites, ctest label "deep")
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
deep=OFF
for arg in "$@"; do
    case $arg in
        --deep) deep=ON ;;
        *) echo "usage: scripts/test.sh [--deep]" >&2; exit 2 ;;
    esac
done
"$root/scripts/deps.sh" clang
# XBoard under a virtual display, for the xboard_match test (skipped when missing).
"$root/scripts/deps.sh" xboard xvfb || echo "xboard/xvfb not installed: the xboard_match test will be skipped" >&2
"$root/scripts/build.sh" "$root/build" Release -DRULEZERO_DEEP_TESTS=$deep -DRULEZERO_WERROR=ON
cd "$root/build"
ctest --output-on-failure -j"$(nproc)" --timeout 3600
