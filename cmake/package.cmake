# The Debian package, built by CPack's DEB generator from the install rules of
# cmake/install.cmake (scripts/package.sh runs it). CPack rather than a debian/
# folder: the install rules stay the one description of what goes where, no
# debhelper is needed, and dpkg-shlibdeps still computes Depends from the
# binary, so any library the engine links (libcivetweb, libcjson, libcmark, ...) is
# declared without editing this file (cmake/package_depends.cmake, run by
# cpack on the staged binary).
set(RULEZERO_MAINTAINER "Rule Zero developers <rulezero@example.org>" CACHE STRING
    "Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME rulezero)
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "the Rule Zero authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "chess engine for five fairy variants and orthodox chess")
set(CPACK_PACKAGE_DESCRIPTION "Rule Zero plays Polypiece Chess, Dialectic and Hegelian Chess,
Interdependent Chess, Interweave and Nick Danger Chess, and orthodox chess.
It speaks the XBoard protocol (CECP) and UCI, appears in XBoard's engine
list, and has a console for people, perft tools and a match runner that
referees games between engines with its own rules.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${RULEZERO_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends: dpkg-shlibdeps on the staged binary (cmake/package_depends.cmake),
# not CPack's CPACK_DEBIAN_PACKAGE_SHLIBDEPS, which starts `file` once per
# staged file to find the ELF ones (docs/performance.md).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
set(CPACK_RULEZERO_GAMESDIR "${RULEZERO_GAMESDIR}")
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_LIST_DIR}/package_depends.cmake")
# python3-matplotlib: the charts of `rulezero lab` (/usr/share/rulezero/lab-charts.py).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xboard, python3-matplotlib")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

include(CPack)
