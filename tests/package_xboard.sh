#!/usr/bin/env bash
# XBoard with the engine installed from the Debian package (unpacked by
# package_deb.sh into BUILD_DIR/package-test/unpacked), in three parts, each
# its own ctest test:
#   games (package_xboard): a short game of normal started with the installed
#     binary's path;
#   list (package_xboard_list): a short game during which XBoard adds the
#     package's engine-list entry (rulezero.eng) to its list, then a short game
#     of polypiece with the engine picked from that list by name (-fe/-se rulezero);
#   logo (package_xboard_logo): XBoard shows the package's logo beside its
#     clock (a screenshot of the virtual display, ImageMagick).
# XBoard reads entries only from /usr/share/games/plugins and
# /usr/local/share/games/plugins; so that nothing is installed on the machine,
# list and logo run XBoard in a private mount namespace where the scratch
# root's usr/share stands at /usr/local/share (unshare -m as root, unshare -rm
# otherwise).
# Usage: tests/package_xboard.sh BUILD_DIR SOURCE_DIR [games|list|logo]
# Exit: 0 when all held, 1 otherwise, 77 (skipped) without xboard/xvfb-run or
#   the unpacked package; list and logo also without a mount namespace, logo
#   also without ImageMagick (import, convert).
set -uo pipefail

# --shoot XBOARD SHOT (run by this script inside the virtual display): starts
# XBoard with logos on, takes screenshots until the logo is there (at most 90 s:
# a busy machine starts XBoard late; the loop ends as soon as the logo shows)
# and prints the logo's pixel count.
if [ "${1:-}" = --shoot ]; then
    "$2" -fcp rulezero -autoLogo true -logoSize 100 -saveSettingsOnExit false \
        -popupExitMessage false >/dev/null 2>&1 &
    xboard=$! pixels=0
    for _ in $(seq 90); do
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
build=$(cd "${1:?usage: package_xboard.sh BUILD_DIR SOURCE_DIR [games|list|logo]}" && pwd)
src=$(cd "${2:?usage: package_xboard.sh BUILD_DIR SOURCE_DIR [games|list|logo]}" && pwd)
part=${3:-games}
case $part in games | list | logo) ;; *) echo "package_xboard: unknown part '$part'"; exit 2 ;; esac
out=$build/package-test
root=$out/unpacked
engine=$root/usr/games/rulezero
[ -x "$engine" ] || { echo "package_xboard: no $engine (run package_deb first)"; exit 77; }
match=$src/scripts/xboard-match.sh

if [ "$part" = games ]; then
    echo "== normal, the installed binary =="
    XBOARD_MATCH_DIR=$out/xboard-normal XBOARD_MAX_MOVES=40 "$match" normal 1 0:04+0.04 "$engine" "$engine"
    status=$?
    [ "$status" -eq 77 ] && exit 77
    [ "$status" -eq 0 ] || { echo "FAIL: the game of normal"; exit 1; }
    echo "ok"
    exit 0
fi

# in_namespace CMD...: CMD with the scratch root's plugin directory where XBoard
# looks, in a mount namespace: as root `unshare -m`, otherwise inside a user
# namespace too (`unshare -rm`, where the kernel allows unprivileged ones).
if unshare -m true 2>/dev/null; then ns=-m
elif unshare -rm true 2>/dev/null; then ns=-rm
else echo "SKIPPED: no mount namespace (neither unshare -m nor unshare -rm is allowed): the $part part needs one"; exit 77
fi
in_namespace() {
    unshare "$ns" sh -c 'mount --bind "$0" /usr/local/share && exec "$@"' "$root/usr/share" "$@"
}
XBOARD=${XBOARD:-/usr/games/xboard}
[ -x "$XBOARD" ] && command -v xvfb-run >/dev/null || {
    echo "SKIPPED: needs $XBOARD and xvfb-run (Debian packages xboard, xvfb)"; exit 77; }

# The engine-list entry, then a game with the engine picked from the list.
part_list() {
    settings=$out/xboardrc
    rm -f "$settings"
    echo "== normal, the installed binary, XBoard making its engine list =="
    XBOARD_MATCH_DIR=$out/xboard-list-normal XBOARD_MAX_MOVES=10 XBOARD_SETTINGS=$settings \
        in_namespace "$match" normal 1 0:04+0.04 "$engine" "$engine" || { echo "FAIL: the game of normal"; exit 1; }

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
    echo "ok"
}

part_logo() {
    # XBoard finds an engine's logo by the engine's name in the plugin logo
    # directories. Screenshots of XBoard with logos on, until the logo's ground
    # colour (#2D3A4A, 2983 pixels of the 100x50 image) covers most of a logo.
    if ! command -v import >/dev/null || ! command -v convert >/dev/null; then
        echo "SKIPPED: ImageMagick (import, convert) is not installed: the logo on screen not checked"; exit 77
    fi
    echo "== the logo beside XBoard's clock =="
    shot=$out/xboard-logo.png
    pixels=$(PATH=$root/usr/games:$PATH HOME=$out in_namespace xvfb-run -a -s '-screen 0 1024x768x24' \
             "$0" --shoot "${XBOARD:-/usr/games/xboard}" "$shot")
    echo "logo pixels on screen: $pixels (screenshot $shot)"
    [ "${pixels:-0}" -ge 2500 ] || { echo "FAIL: XBoard did not show the logo"; exit 1; }
    echo "ok"
}

part_$part
