#!/usr/bin/env bash
# Builds the Debian package rulezero_VERSION_ARCH.deb: installs what packaging
# needs if missing, builds Release with Debian's hardening flags into BUILD_DIR
# (default build-deb), and runs CPack's DEB generator there (cmake/package.cmake;
# Depends computed by dpkg-shlibdeps). Prints the package's path.
# Usage: scripts/package.sh [BUILD_DIR]
# Then: sudo apt install ./build-deb/rulezero_*.deb    (or dpkg -i)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build-deb}
"$root/scripts/deps.sh" dpkg-dev librsvg2-bin
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# Debian's default compiler and linker flags (stack protector, fortify, relro, bindnow).
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
CFLAGS="$(dpkg-buildflags --get CPPFLAGS) $(dpkg-buildflags --get CFLAGS)" \
LDFLAGS=$(dpkg-buildflags --get LDFLAGS) \
    "$root/scripts/build.sh" "$dir" Release -DBUILD_TESTING=OFF
(cd "$dir" && cpack -G DEB >/dev/null)
version=$("$dir/rulezero" --version | awk '{print $2}')
echo "$dir/rulezero_${version}_$(dpkg --print-architecture).deb"
