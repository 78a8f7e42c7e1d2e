#!/usr/bin/env bash
# `cmake --install` of this build tree: under a non-default prefix every file
# lands where README's install section says and the engine-list entry names the
# binary by its absolute path; with DESTDIR and prefix /usr/local the files go
# under DESTDIR and the entry names the bare command, as Debian's do.
# Usage: tests/install.sh BUILD_DIR
set -uo pipefail
build=$(cd "${1:?usage: install.sh BUILD_DIR}" && pwd)
scratch=$build/install-test
fail=0
pass=0
check_tree() { # root prefix expected-command
    local p=$1$2
    for f in games/rulezero share/man/man6/rulezero.6.gz share/games/plugins/xboard/rulezero.eng \
             share/games/plugins/logos/rulezero.png share/doc/rulezero/README.md \
             share/doc/rulezero/copyright share/doc/rulezero/changelog.gz share/doc/rulezero/docs/match.md; do
        if [ -f "$p/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $p/$f missing"; fi
    done
    local command
    command=$(sed -n 2p "$p/share/games/plugins/xboard/rulezero.eng")
    if [ "$command" = "$3" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: engine-list command '$command', expected '$3'"; fi
    if "$p/games/rulezero" --version >/dev/null; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: the installed engine does not start"; fi
}
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/opt/rulezero" >/dev/null || { echo "FAIL: cmake --install --prefix"; exit 1; }
check_tree "" "$scratch/opt/rulezero" "$scratch/opt/rulezero/games/rulezero"
DESTDIR=$scratch/dest cmake --install "$build" --prefix /usr/local >/dev/null || { echo "FAIL: DESTDIR install"; exit 1; }
check_tree "$scratch/dest" /usr/local rulezero
echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
