#!/usr/bin/env bash
# Builds the Debian package from this build tree (CPack, as scripts/package.sh
# does), checks its name, metadata, dependencies and file list, prints its size,
# and unpacks it into BUILD_DIR/package-test/unpacked, where package_xboard.sh
# then plays XBoard games with the installed engine; package_lintian.sh runs
# lintian on it (its own test, skipped without lintian).
# Usage: tests/package_deb.sh BUILD_DIR
# Exit: 0 when all is right, 1 otherwise, 77 (skipped) without dpkg-deb or cpack.
set -uo pipefail
build=$(cd "${1:?usage: package_deb.sh BUILD_DIR}" && pwd)
for tool in dpkg-deb dpkg-shlibdeps cpack; do
    command -v "$tool" >/dev/null || { echo "package_deb: $tool missing (Debian packages dpkg-dev, cmake)"; exit 77; }
done
out=$build/package-test
fail=0
pass=0
problem() { echo "FAIL: $*"; fail=$((fail + 1)); }
ok() { pass=$((pass + 1)); }

rm -rf "$out"
mkdir -p "$out"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 ||
    { cat "$out/cpack.log"; echo "FAIL: cpack"; exit 1; }

version=$("$build/rulezero" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
deb=$out/rulezero_${version}_${arch}.deb
[ -f "$deb" ] || { ls "$out"; echo "FAIL: no $deb"; exit 1; }
echo "package: $deb"

info=$(dpkg-deb --info "$deb")
field() { sed -n "s/^ $1: //p" <<<"$info"; }
expect_field() { # name, value (grep -E, whole value)
    if field "$1" | grep -qxE -- "$2"; then ok; else problem "control field $1 is '$(field "$1")', expected /$2/"; fi
}
expect_field Package rulezero
expect_field Version "$version"
expect_field Architecture "$arch"
expect_field Section games
expect_field Priority optional
expect_field Maintainer '.+ <[^ ]+@[^ ]+>'
expect_field Description '.+'
expect_field Suggests '.*xboard.*'

# Depends names the package of every shared library the binary needs (the
# packaged binary, so a library added to the build, e.g. the GUI's, is caught).
depends=$(field Depends)
dpkg-deb -x "$deb" "$out/unpacked"
engine=$out/unpacked/usr/games/rulezero
while read -r lib; do
    pkg=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null)
    pkg=${pkg%%:*}
    if [ -z "$pkg" ]; then problem "no Debian package owns $lib"
    elif grep -qE "(^|, )$pkg( |,|$)" <<<"$depends"; then ok
    else problem "Depends '$depends' lacks $pkg (for $lib)"; fi
done < <(ldd "$engine" | awk '$2 == "=>" && $3 ~ /^\// {print $3}')

contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for f in ./usr/games/rulezero ./usr/share/man/man6/rulezero.6.gz \
         ./usr/share/games/plugins/xboard/rulezero.eng ./usr/share/games/plugins/logos/rulezero.png \
         ./usr/share/doc/rulezero/copyright ./usr/share/doc/rulezero/changelog.gz \
         ./usr/share/doc/rulezero/README.md ./usr/share/doc/rulezero/docs/protocols.md \
         ./usr/share/doc/rulezero/docs/rules/README.md ./usr/share/doc/rulezero/docs/variants/polypiece.md \
         ./usr/share/doc/rulezero/docs/screenshots/normal.png ./usr/share/rulezero/lab-charts.py; do
    if grep -qxF -- "$f" <<<"$contents"; then ok; else problem "$f is not in the package"; fi
done
if grep -vE '^\./usr/(games|share/(man/man6|games/plugins|doc/rulezero|rulezero))(/|$)|^\./(usr/(share/(doc/|games/|man/)?)?)?$' <<<"$contents"; then
    problem "files outside the expected places (above)"
else ok; fi

# The installed files themselves.
[ "$("$engine" --version)" = "rulezero $version" ] && ok || problem "the installed engine does not start"
features=$(printf 'xboard\nprotover 2\nquit\n' | "$engine" | sed -n 's/.* variants="\([^"]*\)".*/\1/p')
eng=$(cat "$out/unpacked/usr/share/games/plugins/xboard/rulezero.eng")
expected_eng=$(printf 'plugin spec 0.0\nrulezero\n%s' "$features")
[ -n "$features" ] && [ "$eng" = "$expected_eng" ] && ok ||
    problem "rulezero.eng is '$eng', expected '$expected_eng' (the variants the engine announces)"
png=$(od -An -tx1 -N24 "$out/unpacked/usr/share/games/plugins/logos/rulezero.png" | tr -d ' \n')
# PNG signature, IHDR, width 100, height 50 (the size of Debian's engine logos)
[ "${png:0:16}" = 89504e470d0a1a0a ] && [ "${png:24:8}" = 49484452 ] &&
    [ "${png:32:16}" = 0000006400000032 ] && ok || problem "the logo is not a 100x50 PNG ($png)"
man_warnings=$(zcat "$out/unpacked/usr/share/man/man6/rulezero.6.gz" | groff -ww -man -z 2>&1)
[ -z "$man_warnings" ] && ok || problem "the installed man page: $man_warnings"
changelog_version=$(zcat "$out/unpacked/usr/share/doc/rulezero/changelog.gz" | sed -n '1s/^rulezero (\([^)]*\)).*/\1/p')
[ "$changelog_version" = "$version" ] && ok || problem "changelog's latest entry is '$changelog_version', not $version"

# The figures docs/packaging.md quotes.
echo "size: $(stat -c %s "$deb") bytes, Installed-Size $(field Installed-Size) kB," \
     "$(grep -c '[^/]$' <<<"$contents") files"

echo "$pass checks passed, $fail failed"
[ "$fail" -eq 0 ]
