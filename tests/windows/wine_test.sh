#!/usr/bin/env bash
# Tests the Windows build (rulezero.exe) under Wine against the Linux build:
#   - the version, and `match` refused with exit code 2 and a clear message;
#   - `gui` refused with exit code 2, pointing to rulezero.html, WinBoard and the Linux build;
#   - the bench signature (node count) equal to the Linux build's, and every
#     bench position's nodes, best move and score, at depth 5 (every position
#     of every variant; the default depths only repeat the same search code
#     on larger trees); the same with a network loaded (Interweave's);
#   - every perft suite at a shallow depth passing, with the Linux build's
#     summary, and perft --divide from every variant's start position equal
#     line for line (suite paths are given with Windows' backslashes);
#   - the CECP and UCI handshakes, `stop` of an infinite search, a move on a
#     1 s clock, `analyze`/`exit`, and a short self-play game of every variant
#     through each protocol (8 plies), every move checked by the Linux build
#     (tests/windows/dialogues.py).
# Wine runs without a display; its prefix is BUILD_DIR/wineprefix (created on
# the first run, which takes a few seconds), and one wineserver serves the run.
# Usage: tests/windows/wine_test.sh LINUX_RULEZERO WINDOWS_EXE
# Exit: 0 when all agree, 1 otherwise, 77 (skipped) without Wine (WINE names
#   another program).
set -u
linux=$(realpath "${1:?usage: wine_test.sh LINUX_RULEZERO WINDOWS_EXE}")
exe=$(realpath "${2:?usage: wine_test.sh LINUX_RULEZERO WINDOWS_EXE}")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1

export WINEPREFIX=${WINEPREFIX:-$(dirname "$exe")/wineprefix}
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY
wine=${WINE-$(command -v wine64 || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } || command -v wine)}
[ -z "$wine" ] || command -v "$wine" >/dev/null || wine=
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver64)
[ -n "$wine" ] || { echo "SKIPPED: wine64 is not installed (Debian packages wine, wine64): the Windows build is not tested"; exit 77; }
if [ ! -f "$WINEPREFIX/system.reg" ]; then
    echo "Creating the Wine prefix $WINEPREFIX"
    "$wine" wineboot -i >/dev/null 2>&1
fi
"$wineserver" -p60 2>/dev/null   # one server for the run, gone a minute after the last process
trap '"$wineserver" -k 2>/dev/null' EXIT
win() { "$wine" "$exe" "$@" | tr -d '\r'; }

pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
same() { # NAME WINDOWS_OUTPUT LINUX_OUTPUT
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1"; diff <(echo "$3") <(echo "$2") | head -20; fi
}

same "version" "$(win --version)" "$("$linux" --version)"
err=$("$wine" "$exe" match --variant normal 2>&1 >/dev/null | tr -d '\r')
code=$("$wine" "$exe" match --variant normal >/dev/null 2>&1; echo $?)
if [ "$code" = 2 ] && [[ $err == *"not available in the Windows build"* ]]; then ok "match refused"; else
    bad "match refused: exit $code, '$err'"; fi

# The Windows build has no GUI server: `gui` says what it offers instead (the
# browser build's rulezero.html beside it, the engine for WinBoard, docs\winboard.md)
# and that the server needs the Linux build, and names no Debian package to install.
err=$("$wine" "$exe" gui 2>&1 >/dev/null | tr -d '\r')
code=$("$wine" "$exe" gui >/dev/null 2>&1; echo $?)
if [ "$code" = 2 ] && [[ $err == *rulezero.html* && $err == *WinBoard* && $err == *winboard.md* && $err == *"Linux build"* ]] &&
   [[ $err != *-dev* && $err != *Debian* ]]; then ok "gui refused, rulezero.html and WinBoard offered"; else
    bad "gui refused: exit $code, '$err'"; fi

# The signature, and every bench position's node count, move and score, at
# depth 5 (the search's pruning and reductions all take part from depth 3).
same "bench" "$(win bench --depth 5 | grep -v '^Nodes/second')" "$("$linux" bench --depth 5 | grep -v '^Nodes/second')"

# With a network loaded (--eval-file): the same bench again, every node,
# move and score, so the network's integer arithmetic gives the same numbers
# on Windows. The network is a tiny one the Linux build makes here for
# Interweave (input layout 2, its state inputs included), in the exe's
# folder, named by a path relative to the repository with forward slashes
# (Windows takes them; the bench's first line names the file as given);
# that it is in use shows in a bench unlike the
# hand-set evaluation's.
netdir=$(dirname "$exe")/nnue-test
rm -rf "$netdir" && mkdir -p "$netdir"
"$linux" datagen --variant interweave --games 4 --nodes 200 --seed 1 --out "$netdir/d.bin" >/dev/null 2>&1
"$linux" train --variant interweave --data "$netdir/d.bin" --out "$netdir/iw.nnue" --epochs 2 --hidden 32 \
    --batch 64 --threads 1 >/dev/null 2>&1
net=$(realpath --relative-to="$root" "$netdir/iw.nnue")
l=$("$linux" bench --variant interweave --depth 5 --eval-file "$net" | grep -v '^Nodes/second')
classic=$("$linux" bench --variant interweave --depth 5 | grep -v '^Nodes/second')
if [ -f "$netdir/iw.nnue" ] && [ "$l" != "$classic" ]; then
    same "bench with a network" "$(win bench --variant interweave --depth 5 --eval-file "$net" |
        grep -v '^Nodes/second')" "$l"
else bad "bench with a network: no network made, or it changed nothing"; fi

# suite:depth[:extra option] - every position of every suite, each a ply
# shallower than the Linux suites' shallowest runs (the same generation, on
# fewer nodes): under Wine the point is that the Windows build counts as the
# Linux build does, which the Linux build's own deep suites then cover.
for entry in normal:2 polypiece:2 polypiece-phased:2 dialectic:3 hegelian:3 interweave:4 \
             interdependent:2 nickdanger:1 nickdanger-small:1:--variant=nickdanger; do
    IFS=: read -r suite depth extra <<<"$entry"
    args=(perft-suite "perft\\suites\\$suite.epd" --max-depth "$depth" ${extra:+"$extra"})
    w=$(win "${args[@]}" | grep -v '^Time:')
    l=$("$linux" perft-suite "perft/suites/$suite.epd" --max-depth "$depth" ${extra:+"$extra"} | grep -v '^Time:')
    if [[ $w == *" passed, 0 failed" ]]; then same "perft-suite $suite depth $depth" "$w" "$l"; else
        bad "perft-suite $suite depth $depth: $w"; fi
done
for v in $("$linux" --help | sed -n 's/^Variants: //p'); do
    depth=3
    [ "$v" = nickdanger ] && depth=2
    same "perft --divide $v depth $depth" "$(win perft -v "$v" -d $depth --divide | grep -v '^Time:')" \
        "$("$linux" perft -v "$v" -d $depth --divide | grep -v '^Time:')"
done

python3 "$root/tests/windows/dialogues.py" --plies 8 "$linux" "$wine $exe" | grep -v '^  [<>] ' | sed 's/^/     /'
[ "${PIPESTATUS[0]}" -eq 0 ] && ok "dialogues" || bad "dialogues (see above)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
