# Install rules: `cmake --install build [--prefix P]` (and DESTDIR) put each file
# where Debian's engine packages (fairymax, gnuchess, ...) put theirs:
#   P/games/rulezero                               the engine
#   P/share/man/man6/rulezero.6.gz                 the man page (section 6, games)
#   P/share/games/plugins/xboard/rulezero.eng      XBoard's engine-list entry
#   P/share/games/plugins/logos/rulezero.png       the logo XBoard shows
#   P/share/doc/rulezero/                          README, docs, copyright, changelog
# XBoard scans /usr/share/games/plugins and /usr/local/share/games/plugins.
include(GNUInstallDirs)

set(RULEZERO_GAMESDIR "games" CACHE STRING "Directory of the binary, relative to the install prefix")
set(RULEZERO_PLUGINDIR "${CMAKE_INSTALL_DATADIR}/games/plugins")
set(RULEZERO_PACKAGING_DIR "${CMAKE_CURRENT_SOURCE_DIR}/packaging")

install(TARGETS rulezero RUNTIME DESTINATION "${RULEZERO_GAMESDIR}")

# Documentation, keeping README's relative links into docs/ working.
install(FILES README.md "${RULEZERO_PACKAGING_DIR}/copyright" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
install(DIRECTORY docs/ DESTINATION "${CMAKE_INSTALL_DOCDIR}/docs" FILES_MATCHING PATTERN "*.md")

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
