#!/usr/bin/env bash
# XBoard with the engine installed from the Debian package (unpacked by
# package_deb.sh into BUILD_DIR/package-test/unpacked): a short game of normal
# started with the installed binary, during which XBoard adds the package's
# engine-list entry (rulezero.eng) to its list, then a short game of polypiece
# with the engine picked from that list by name (-fe/-se rulezero); last, XBoard
# shows the package's logo beside its clock (a screenshot of the virtual display).
# XBoard reads entries only from /usr/share/games/plugins and
# /usr/local/share/games/plugins; so that nothing is installed on the machine,
# XBoard runs in a private mount namespace where the scratch root's usr/share
# stands at /usr/local/share. Without mount namespaces both games still run,
# with the binary's path, and the engine-list part is reported as skipped.
# Usage: tests/package_xboard.sh BUILD_DIR SOURCE_DIR
# Exit: 0 when both games ended without an illegal move or forfeit, 1 otherwise,
#   77 (skipped) without xboard/xvfb-run or without the unpacked package.
set -uo pipefail

# --shoot XBOARD SHOT (run by this script inside the virtual display): starts
# XBoard with logos on, takes screenshots until the logo is there (at most 20 s)
# and prints the logo's pixel count.
if [ "${1:-}" = --shoot ]; then
    "$2" -fcp rulezero -autoLogo true -logoSize 100 -saveSettingsOnExit false \
        -popupExitMessage false >/dev/null 2>&1 &
    xboard=$! pixels=0
    for _ in $(seq 20); do
        sleep 1
        import -window root "$3" 2>/dev/null || continue
        pixels=$(convert "$3" -fill black +opaque '#2D3A4A' -fill white -opaque '#2D3A4A' \
                 -format '%[fx:round(mean*w*h)]' info:)
        [ "$pixels" -ge 2500 ] && break
    done
    kill "$xboard"
    echo "$pixels"
    exit 0
fi
build=$(cd "${1:?usage: package_xboard.sh BUILD_DIR SOURCE_DIR}" && pwd)
src=$(cd "${2:?usage: package_xboard.sh BUILD_DIR SOURCE_DIR}" && pwd)
out=$build/package-test
root=$out/unpacked
engine=$root/usr/games/rulezero
[ -x "$engine" ] || { echo "package_xboard: no $engine (run package_deb first)"; exit 77; }
match=$src/scripts/xboard-match.sh
settings=$out/xboardrc
rm -f "$settings"

# in_namespace CMD...: CMD with the scratch root's plugin directory where XBoard looks.
in_namespace() {
    unshare -m sh -c 'mount --bind "$0" /usr/local/share && exec "$@"' "$root/usr/share" "$@"
}
if unshare -m true 2>/dev/null; then run=in_namespace; else run=env; fi

echo "== normal, the installed binary =="
XBOARD_MATCH_DIR=$out/xboard-normal XBOARD_MAX_MOVES=40 XBOARD_SETTINGS=$settings \
    $run "$match" normal 1 0:04+0.04 "$engine" "$engine"
status=$?
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || { echo "FAIL: the game of normal"; exit 1; }

if [ "$run" = env ]; then
    echo "no mount namespace (unshare -m): engine-list entry not checked; polypiece with the binary's path"
    XBOARD_MATCH_DIR=$out/xboard-polypiece XBOARD_MAX_MOVES=40 \
        "$match" polypiece 1 0:04+0.04 "$engine" "$engine" || { echo "FAIL: the game of polypiece"; exit 1; }
    exit 0
fi

# XBoard saved its engine list: the entry it made from rulezero.eng is the bare
# command, found on PATH as /usr/games/rulezero would be.
list=$(sed -n '/^-firstChessProgramNames {/,/^}/p' "$settings")
grep -qx 'rulezero' <<<"$list" || { echo "$list"; echo "FAIL: XBoard did not add rulezero to its engine list"; exit 1; }
echo "XBoard's engine list has the entry 'rulezero'"

echo "== polypiece, the engine picked from XBoard's engine list =="
PATH=$root/usr/games:$PATH XBOARD_MATCH_DIR=$out/xboard-polypiece XBOARD_MAX_MOVES=40 XBOARD_SETTINGS=$settings \
    in_namespace "$match" polypiece 1 0:04+0.04 list:rulezero list:rulezero ||
    { echo "FAIL: the game of polypiece"; exit 1; }
grep -q '^\[White "Rule Zero' "$out/xboard-polypiece/games.pgn" ||
    { echo "FAIL: the engine from the list is not Rule Zero"; exit 1; }

# XBoard finds an engine's logo by the engine's name in the plugin logo
# directories. Screenshots of XBoard with logos on, until the logo's ground
# colour (#2D3A4A, 2983 pixels of the 100x50 image) covers most of a logo.
if ! command -v import >/dev/null || ! command -v convert >/dev/null; then
    echo "ImageMagick missing: the logo on screen not checked"; echo "ok"; exit 0
fi
echo "== the logo beside XBoard's clock =="
shot=$out/xboard-logo.png
pixels=$(PATH=$root/usr/games:$PATH HOME=$out in_namespace xvfb-run -a -s '-screen 0 1024x768x24' \
         "$0" --shoot "${XBOARD:-/usr/games/xboard}" "$shot")
echo "logo pixels on screen: $pixels (screenshot $shot)"
[ "${pixels:-0}" -ge 2500 ] || { echo "FAIL: XBoard did not show the logo"; exit 1; }
echo "ok"
