# Run by cpack (CPACK_PRE_BUILD_SCRIPTS, cmake/package.cmake) once the files
# are staged and before the .deb is made: sets the package's Depends from
# dpkg-shlibdeps run on the staged binary, the package's only ELF file.
# (CPack's own CPACK_DEBIAN_PACKAGE_SHLIBDEPS finds the ELF files by running
# `file` on every staged file, one process each: the documentation is some
# 200 files, and those starts were half of cpack's CPU; docs/performance.md.)
# Reads CPACK_TEMPORARY_INSTALL_DIRECTORY (the staging folder),
# CPACK_PACKAGING_INSTALL_PREFIX and CPACK_RULEZERO_GAMESDIR.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
set(rulezero_staged "${CPACK_TEMPORARY_INSTALL_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}/${CPACK_RULEZERO_GAMESDIR}/rulezero")
if(NOT EXISTS "${rulezero_staged}")
  message(FATAL_ERROR "package_depends: no staged binary at ${rulezero_staged}")
endif()
find_program(RULEZERO_SHLIBDEPS dpkg-shlibdeps)
if(NOT RULEZERO_SHLIBDEPS)
  message(FATAL_ERROR "package_depends: dpkg-shlibdeps is missing (Debian package dpkg-dev)")
endif()
# dpkg-shlibdeps wants a debian/control beside it (an empty one will do), and
# a DEBIAN folder above the binary to know the package's root.
set(rulezero_work "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/../shlibdeps")
file(MAKE_DIRECTORY "${rulezero_work}/debian" "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/DEBIAN")
file(WRITE "${rulezero_work}/debian/control" "")
execute_process(COMMAND "${RULEZERO_SHLIBDEPS}" -O "${rulezero_staged}"
  WORKING_DIRECTORY "${rulezero_work}"
  RESULT_VARIABLE rulezero_status OUTPUT_VARIABLE rulezero_out ERROR_VARIABLE rulezero_err
  OUTPUT_STRIP_TRAILING_WHITESPACE)
file(REMOVE_RECURSE "${rulezero_work}" "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/DEBIAN")
if(NOT rulezero_status EQUAL 0 OR NOT rulezero_out MATCHES "^shlibs:Depends=(.+)$")
  message(FATAL_ERROR "package_depends: dpkg-shlibdeps failed (${rulezero_status}): ${rulezero_err}${rulezero_out}")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${CMAKE_MATCH_1}")
