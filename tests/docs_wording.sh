#!/usr/bin/env bash
# Issue 43's findings in the documents: the man page renders sigmoid(K·eval)
# with a dot, not a Greek letter; the man page and the README count seven
# fairy variants; docs/winboard.md names every variant id the engine has and
# says what WinBoard shows of each (Pickle and Shifted Square included).
# Usage: docs_wording.sh path/to/rulezero path/to/source
set -u
RZ=${1:?usage: docs_wording.sh path/to/rulezero path/to/source}
SRC=${2:?usage: docs_wording.sh path/to/rulezero path/to/source}
command -v groff >/dev/null || { echo "SKIPPED: groff is not installed"; exit 77; }
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

page=$(groff -man -Tutf8 -rLL=400n -P-c -P-b -P-u "$SRC/docs/rulezero.6" 2>/dev/null)
grep -q 'sigmoid(K[·⋅]eval)' <<<"$page" && ok || bad "man page: no 'sigmoid(K·eval)'"
grep -q 'ς' <<<"$page" && bad "man page: a final sigma (ς) is rendered" || ok
grep -q 'chess engine for seven fairy variants' <<<"$page" && ok || bad "man page NAME: not seven fairy variants"
grep -q 'orthodox chess and seven fairy variants' <<<"$page" && ok || bad "man page DESCRIPTION: not seven fairy variants"
grep -q 'for seven fairy variants' "$SRC/README.md" && ok || bad "README: not seven fairy variants"
grep -qiE '\b(five|six) fairy variants' "$SRC/README.md" "$SRC/docs/rulezero.6" && bad "a count other than seven" || ok

ids=$("$RZ" --help | sed -n 's/^Variants://p')
[ -n "$ids" ] && ok || bad "rulezero --help lists no variants"
for id in $ids; do
    grep -q "\`$id\`" "$SRC/docs/winboard.md" && ok || bad "docs/winboard.md does not name \`$id\`"
done
for id in pickle shifted-square; do
    grep -q "^| \`$id\` |" "$SRC/docs/winboard.md" && ok || bad "docs/winboard.md: no row for \`$id\` in its table"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
