#!/usr/bin/env bash
# The tuner end to end, small: self-play data (deterministic for a seed), a
# fit that does not raise the error, a weights file the engine loads (and that
# changes its search), wrong files and arguments refused with clear errors.
# Usage: tests/tune.sh path/to/rulezero
set -uo pipefail
rz=${1:?usage: tune.sh RULEZERO}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/checks.sh"
check() { if "$@"; then ok; else problem "$*"; fi; }

variant=interweave
"$rz" tune-data --variant $variant --games 6 --nodes 400 --seed 3 --out "$dir/a.epd" 2>"$dir/data.err" ||
    problem "tune-data failed: $(cat "$dir/data.err")"
"$rz" tune-data -v $variant -g 6 -n 400 -s 3 -o "$dir/b.epd" 2>/dev/null || problem "tune-data (short options) failed"
check cmp -s "$dir/a.epd" "$dir/b.epd"
"$rz" tune-data --variant $variant --games 6 --nodes 400 --seed 4 --out "$dir/c.epd" 2>/dev/null
if cmp -s "$dir/a.epd" "$dir/c.epd"; then problem "another seed gave the same data"; else ok; fi
positions=$(wc -l <"$dir/a.epd")
[ "$positions" -ge 50 ] && ok || problem "only $positions positions"
bad_lines=$(grep -cvE ' ;result (1-0|0-1|1/2-1/2)$' "$dir/a.epd")
[ "$bad_lines" -eq 0 ] && ok || problem "$bad_lines malformed data lines"

"$rz" tune --variant $variant --data "$dir/a.epd" --iterations 3 --out "$dir/w.txt" >"$dir/tune.out" ||
    problem "tune failed: $(cat "$dir/tune.out")"
before=$(sed -n 's/^error before //p' "$dir/tune.out")
after=$(sed -n 's/^error after //p' "$dir/tune.out")
if [ -n "$before" ] && [ -n "$after" ] && awk -v b="$before" -v a="$after" 'BEGIN { exit !(a <= b) }'; then ok; else
    problem "error before '$before', after '$after'"; fi
grep -q "^variant $variant$" "$dir/w.txt" && ok || problem "no variant line in the weights file"
[ "$(grep -cE '^[A-Za-z0-9]+ -?[0-9]+$' "$dir/w.txt")" -ge 5 ] && ok || problem "too few weights written"
"$rz" tune --variant $variant --data "$dir/a.epd" --iterations 3 --out "$dir/w2.txt" >/dev/null
check cmp -s "$dir/w.txt" "$dir/w2.txt"

# The file loads: starting from it, the error is the one the fit ended with.
again=$("$rz" tune --variant $variant --data "$dir/a.epd" --weights "$dir/w.txt" --iterations 0 \
    --scale "$(sed -n 's/^K //p' "$dir/tune.out")" --out "$dir/w3.txt" | sed -n 's/^error before //p')
[ "$again" = "$after" ] && ok || problem "loaded weights give error '$again', not '$after'"
default_bench=$("$rz" bench --variant $variant --depth 4 | tail -1)
loaded_bench=$("$rz" bench --variant $variant --depth 4 --weights "$dir/w.txt" | tail -1) ||
    problem "bench --weights failed"
# (Tuned weights change the search; equal counts would mean the file was ignored.)
[ "$default_bench" != "$loaded_bench" ] && ok || problem "bench ignores --weights ($loaded_bench)"

# Wrong files and arguments.
printf 'variant %s\nNoSuchWeight 3\n' $variant >"$dir/bad.txt"
msg=$("$rz" --weights "$dir/bad.txt" 2>&1 </dev/null >/dev/null)
[ $? -eq 1 ] && grep -q "line 2: unknown weight 'NoSuchWeight'" <<<"$msg" && ok || problem "bad weights file: '$msg'"
printf 'variant dialectic\nPawn 100\n' >"$dir/other.txt"
msg=$("$rz" tune --variant $variant --data "$dir/a.epd" --weights "$dir/other.txt" 2>&1 >/dev/null)
[ $? -eq 1 ] && grep -q "holds weights of dialectic, not $variant" <<<"$msg" && ok || problem "other variant's file: '$msg'"
echo "not a fen ;result 1-0" >"$dir/bad.epd"
msg=$("$rz" tune --variant $variant --data "$dir/bad.epd" 2>&1 >/dev/null)
[ $? -eq 1 ] && grep -q "bad.epd:1:" <<<"$msg" && ok || problem "bad data file: '$msg'"
msg=$("$rz" tune --variant pickle --data "$dir/a.epd" 2>&1 >/dev/null)
[ $? -eq 2 ] && grep -q "has no tunable weights" <<<"$msg" && ok || problem "variant without weights: '$msg'"
msg=$("$rz" tune-data --variant $variant 2>&1 >/dev/null)
[ $? -eq 2 ] && grep -q -- "--out is required" <<<"$msg" && ok || problem "tune-data without --out: '$msg'"
msg=$("$rz" tune-data --variant $variant --games 0 --out "$dir/x" 2>&1 >/dev/null)
[ $? -eq 2 ] && grep -q "bad game count '0'" <<<"$msg" && ok || problem "tune-data --games 0: '$msg'"
"$rz" tune --help | grep -q -- "--iterations" && ok || problem "tune --help"
"$rz" tune-data --help | grep -q -- "--nodes" && ok || problem "tune-data --help"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
