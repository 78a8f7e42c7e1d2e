#!/usr/bin/env bash
# Installs what building and testing Rule Zero needs, if it is missing.
# Usage: scripts/deps.sh [extra Debian packages...]
# When another apt-get or dpkg holds the package lock (a fresh cloud machine
# often runs one at boot), waits for it, up to RULEZERO_APT_LOCK_WAIT seconds
# (default 1800), instead of failing at once: apt-get install waits by itself
# (-o DPkg::Lock::Timeout), and any apt-get call that still fails on a lock
# (apt-get update takes the package lists' lock, for which apt ignores that
# option) is retried until the same deadline.
set -euo pipefail
need=(cmake gcc make pkg-config check python3 libcivetweb-dev libcjson-dev libcmark-dev libsqlite3-dev "$@")
missing=()
for pkg in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -gt 0 ] || exit 0

lock_wait=${RULEZERO_APT_LOCK_WAIT:-1800}
deadline=$((SECONDS + lock_wait))
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
export DEBIAN_FRONTEND=noninteractive

# What apt-get says when another process holds one of its locks.
lock_error='Could not get lock|Unable to lock|Unable to acquire the dpkg frontend lock'
# apt ARGS...: apt-get ARGS, waiting for the package lock until the deadline.
apt() {
    local err status
    err=$(mktemp)
    while :; do
        status=0
        $SUDO apt-get -o DPkg::Lock::Timeout="$(( deadline > SECONDS ? deadline - SECONDS : 0 ))" "$@" 2> "$err" || status=$?
        if [ "$status" -eq 0 ] || ! grep -q -E "$lock_error" "$err"; then
            cat "$err" >&2
            rm -f "$err"
            return "$status"
        fi
        if [ "$SECONDS" -ge "$deadline" ]; then
            cat "$err" >&2
            rm -f "$err"
            echo "deps.sh: the package lock was still held after ${lock_wait} s (RULEZERO_APT_LOCK_WAIT): giving up" >&2
            return "$status"
        fi
        echo "deps.sh: another apt-get or dpkg holds the package lock ($(grep -E -m1 "$lock_error" "$err")); waiting for it" >&2
        sleep 2
    done
}

echo "Installing: ${missing[*]} (waiting up to ${lock_wait} s for the package lock if another apt-get or dpkg holds it)"
apt update -qq
apt install -y -qq "${missing[@]}" >/dev/null
