#!/usr/bin/env bash
# Installs what building and testing Rule Zero needs, if it is missing.
# Usage: scripts/deps.sh [extra Debian packages...]
set -euo pipefail
need=(cmake gcc make pkg-config check python3 libcivetweb-dev libcjson-dev libcmark-dev libsqlite3-dev "$@")
missing=()
for pkg in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing: ${missing[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
