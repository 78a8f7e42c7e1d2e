#!/usr/bin/env bash
# Fuzzes one target with libFuzzer (clang, ASan + UBSan) for SECONDS.
# Usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer args...]
#   TARGET: fen | move | cecp | uci | gui (see tests/fuzz/; gui needs civetweb and cJSON),
#   or all with FUZZ_BUILD_ONLY=1: the five built in one configure and one build
# New coverage is added to tests/fuzz/corpus/TARGET (commit what is worth keeping);
# a crash input is written to tests/fuzz/out/ and the script exits non-zero: fix the
# bug, then keep the input under tests/fuzz/regressions/TARGET so every build replays it
# (and this script, first, before it fuzzes). Before fuzzing, libFuzzer runs every
# input of the corpus and the seeds once: with scripts/test.sh's sanitizers, that is
# the replay the sanitizer build's fuzz_TARGET_replay tests would make.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS}
shift 2
case $target in
fen|move|cecp|uci|gui) targets=$target ;;
all) [ "${FUZZ_BUILD_ONLY:-0}" = 1 ] || { echo "fuzz target 'all' only builds (FUZZ_BUILD_ONLY=1)" >&2; exit 2; }
     targets="fen move cecp uci gui" ;;
*) echo "unknown fuzz target '$target'" >&2; exit 2 ;;
esac
# FUZZ_PREBUILT=1 (used by scripts/test.sh, which builds every target first
# and then fuzzes two at a time): no install, configure or build, which two
# runs at once in one build tree would race on.
if [ "${FUZZ_PREBUILT:-0}" != 1 ]; then
    "$root/scripts/deps.sh" clang libclang-rt-14-dev >&2
    CC=clang cmake -S "$root" -B "$root/build-fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRULEZERO_FUZZ=ON \
        -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
        -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
    # Only the targets' binaries and what they link: the rest of the tree (the
    # engine, the unit tests) is other builds' work.
    cmake --build "$root/build-fuzz" -j"$(nproc)" --target $(printf 'fuzz_%s ' $targets) >&2
fi
for t in $targets; do
    [ -x "$root/build-fuzz/tests/fuzz_$t" ] ||
        { echo "fuzz target '$t' was not built (the gui target needs the GUI's libraries)" >&2; exit 2; }
done
bin=$root/build-fuzz/tests/fuzz_$target
# FUZZ_BUILD_ONLY=1 (used by scripts/test.sh, which builds beside its tests): build, do not fuzz.
[ "${FUZZ_BUILD_ONLY:-0}" != 1 ] || exit 0
corpus=$root/tests/fuzz/corpus/$target
mkdir -p "$corpus" "$root/tests/fuzz/out"
# FUZZ_SCRATCH=1 (used by scripts/test.sh): fuzz a temporary copy of the corpus,
# with a fixed seed, so a test run never changes the tree.
if [ "${FUZZ_SCRATCH:-0}" = 1 ]; then
    scratch=$(mktemp -d)
    cp -r "$corpus/." "$scratch/"
    corpus=$scratch
    set -- -seed=1 "$@"
fi
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The saved crash inputs first, each whole (the fuzzing below cuts inputs at
# -max_len): libFuzzer runs each file named and exits non-zero on a finding.
regressions=$root/tests/fuzz/regressions/$target
if [ -d "$regressions" ]; then
    "$bin" "$regressions"/* >&2
fi
# The seeds (real inputs of every game, tests/fuzz/seeds/TARGET) are read too;
# new inputs go to the first folder, the corpus.
"$bin" "$corpus" "$root/tests/fuzz/seeds/$target" -max_total_time="$seconds" -max_len=2048 -timeout=10 \
    -artifact_prefix="$root/tests/fuzz/out/$target-" -print_final_stats=1 "$@"
