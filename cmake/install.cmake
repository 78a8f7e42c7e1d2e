# Install rules: `cmake --install build [--prefix P]` (and DESTDIR) put each file
# where Debian's engine packages (fairymax, gnuchess, ...) put theirs:
#   P/games/rulezero                               the engine
#   P/share/man/man6/rulezero.6.gz                 the man page (section 6, games)
#   P/share/games/plugins/xboard/rulezero.eng      XBoard's engine-list entry
#   P/share/games/plugins/logos/rulezero.png       the logo XBoard shows
#   P/share/rulezero/lab-charts.py                 the charts of `rulezero lab` (run by python3)
#   P/share/doc/rulezero/                          README, docs/ (with screenshots, the lab studies, weights files), copyright, changelog
# XBoard scans /usr/share/games/plugins and /usr/local/share/games/plugins.
include(GNUInstallDirs)

set(RULEZERO_GAMESDIR "games" CACHE STRING "Directory of the binary, relative to the install prefix")
set(RULEZERO_PLUGINDIR "${CMAKE_INSTALL_DATADIR}/games/plugins")
set(RULEZERO_PACKAGING_DIR "${CMAKE_CURRENT_SOURCE_DIR}/packaging")

install(TARGETS rulezero RUNTIME DESTINATION "${RULEZERO_GAMESDIR}")
# A stripped install (`cmake --install --strip`, CPack's CPACK_STRIP_FILES) also
# drops the compilers' identification section .comment, as Debian's dh_strip
# does (lintian: binary-has-unneeded-section).
if(CMAKE_STRIP AND NOT WIN32)
  install(CODE "
    if(CMAKE_INSTALL_DO_STRIP)
      execute_process(COMMAND \"${CMAKE_STRIP}\" --remove-section=.comment
                      \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${RULEZERO_GAMESDIR}/rulezero\"
                      RESULT_VARIABLE status)
      if(status)
        message(FATAL_ERROR \"strip --remove-section=.comment failed: \${status}\")
      endif()
    endif()
  ")
endif()

# Documentation: README.md and the docs it links to (the pages, the rules, the
# variants' notes, the screenshots, the game file games/builtin.ini), copied at build time into release-docs/ by
# cmake/release_docs.cmake so that every relative link of every page resolves
# in the installed copy: a link to a source file (variants/core/platform.h, ...) becomes
# plain text, and LICENSE is Debian's copyright file. The Windows build makes
# the same folder, with LICENSE, for its zip (scripts/windows.sh).
set(RULEZERO_RELEASE_DOCS README.md docs/*.md docs/rules/*.md docs/variants/*.md docs/screenshots/*.png
    docs/lab/*.md docs/lab/*/*.md docs/lab/*/*.svg docs/lab/*/*.html docs/lab/*/*.pgn docs/lab/*/conditions.txt
    docs/lab/*/*/*.md docs/lab/*/*/*.svg docs/lab/*/*/*.html docs/lab/*/*/*.pgn docs/lab/*/*/conditions.txt docs/weights/*.txt
    games/*.ini)
if(WIN32)
  list(APPEND RULEZERO_RELEASE_DOCS LICENSE)
  set(RULEZERO_RELEASE_RENAME "")
else()
  set(RULEZERO_RELEASE_RENAME LICENSE=copyright)
endif()
set(RULEZERO_RELEASE_DOCS_DIR "${CMAKE_CURRENT_BINARY_DIR}/release-docs")
set(release_doc_files "")
foreach(pattern ${RULEZERO_RELEASE_DOCS})
  file(GLOB matches CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/${pattern}")
  list(APPEND release_doc_files ${matches})
endforeach()
# (commas between the globs: a shell would see the semicolons of a list)
string(REPLACE ";" "," release_docs_arg "${RULEZERO_RELEASE_DOCS}")
add_custom_command(OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/release-docs.stamp"
  COMMAND "${CMAKE_COMMAND}" "-DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}" "-DDEST=${RULEZERO_RELEASE_DOCS_DIR}"
          "-DFILES=${release_docs_arg}" "-DRENAME=${RULEZERO_RELEASE_RENAME}"
          "-DSTAMP=${CMAKE_CURRENT_BINARY_DIR}/release-docs.stamp"
          -P "${CMAKE_CURRENT_SOURCE_DIR}/cmake/release_docs.cmake"
  DEPENDS ${release_doc_files} "${CMAKE_CURRENT_SOURCE_DIR}/cmake/release_docs.cmake"
  COMMENT "Copying the documentation a release carries" VERBATIM)
add_custom_target(rulezero_release_docs ALL DEPENDS "${CMAKE_CURRENT_BINARY_DIR}/release-docs.stamp")
install(DIRECTORY "${RULEZERO_RELEASE_DOCS_DIR}/" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(FILES "${RULEZERO_PACKAGING_DIR}/copyright" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
# `rulezero lab` runs it with python3 from ../share/rulezero beside its own directory.
if(NOT WIN32)
  install(FILES scripts/lab-charts.py DESTINATION "${CMAKE_INSTALL_DATADIR}/rulezero")
endif()

# rulezero_gzip(SOURCE OUTPUT_NAME TARGET): OUTPUT_NAME in the build tree, compressed
# as Debian policy wants (-n: no name or time stamp, so builds are reproducible).
find_program(RULEZERO_GZIP gzip)
function(rulezero_gzip source output target)
  add_custom_command(OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${output}"
    COMMAND "${RULEZERO_GZIP}" -9n -c "${source}" > "${CMAKE_CURRENT_BINARY_DIR}/${output}"
    DEPENDS "${source}" VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${CMAKE_CURRENT_BINARY_DIR}/${output}")
endfunction()

if(RULEZERO_GZIP)
  rulezero_gzip("${CMAKE_CURRENT_SOURCE_DIR}/docs/rulezero.6" rulezero.6.gz rulezero_manpage)
  rulezero_gzip("${RULEZERO_PACKAGING_DIR}/changelog" changelog.gz rulezero_changelog)
  install(FILES "${CMAKE_CURRENT_BINARY_DIR}/rulezero.6.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man6")
  install(FILES "${CMAKE_CURRENT_BINARY_DIR}/changelog.gz" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
else()
  install(FILES docs/rulezero.6 DESTINATION "${CMAKE_INSTALL_MANDIR}/man6")
  install(FILES "${RULEZERO_PACKAGING_DIR}/changelog" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
endif()

# The logo: our own SVG rendered to the 100x50 PNG XBoard shows beside the clock.
find_program(RULEZERO_RSVG_CONVERT rsvg-convert)
if(RULEZERO_RSVG_CONVERT)
  add_custom_command(OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/rulezero.png"
    COMMAND "${RULEZERO_RSVG_CONVERT}" -w 100 -h 50 -o "${CMAKE_CURRENT_BINARY_DIR}/rulezero.png"
            "${RULEZERO_PACKAGING_DIR}/rulezero.svg"
    DEPENDS "${RULEZERO_PACKAGING_DIR}/rulezero.svg" VERBATIM)
  add_custom_target(rulezero_logo ALL DEPENDS "${CMAKE_CURRENT_BINARY_DIR}/rulezero.png")
  install(FILES "${CMAKE_CURRENT_BINARY_DIR}/rulezero.png" DESTINATION "${RULEZERO_PLUGINDIR}/logos")
else()
  message(STATUS "rsvg-convert not found (Debian package librsvg2-bin): the logo will not be installed")
endif()

# XBoard's engine-list entry. Its command is decided at install time, when the
# real prefix is known (cmake --install --prefix, CPack's /usr): the bare name
# where the binary lands in a directory of Debian's default PATH, as Debian's
# own .eng files do, else the absolute path.
install(CODE "
  set(RULEZERO_BINDIR \"\${CMAKE_INSTALL_PREFIX}/${RULEZERO_GAMESDIR}\")
  if(RULEZERO_BINDIR STREQUAL \"/usr/games\" OR RULEZERO_BINDIR STREQUAL \"/usr/local/games\")
    set(RULEZERO_ENGINE_COMMAND rulezero)
  else()
    set(RULEZERO_ENGINE_COMMAND \"\${RULEZERO_BINDIR}/rulezero\")
  endif()
  # one staging file per destination, so that installs running at once do not mix
  string(MD5 RULEZERO_ENG_KEY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  set(RULEZERO_ENG \"${CMAKE_CURRENT_BINARY_DIR}/eng-\${RULEZERO_ENG_KEY}/rulezero.eng\")
  configure_file(\"${RULEZERO_PACKAGING_DIR}/rulezero.eng.in\" \"\${RULEZERO_ENG}\" @ONLY)
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${RULEZERO_PLUGINDIR}/xboard\" TYPE FILE
       FILES \"\${RULEZERO_ENG}\")
")
