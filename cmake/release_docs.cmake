# The documentation a release file carries (the Debian package, the Windows
# zip), copied from the sources so that every relative link of every Markdown
# file resolves inside the release:
#   - FILES (globs relative to SOURCE: README.md, docs/*.md, docs/screenshots/*.png,
#     ...) are copied to DEST, keeping their places relative to each other;
#   - in the Markdown files, a link to a carried file or to a folder holding one is
#     kept; a link to a file the release holds under another name (RENAME, "FROM=TO"
#     with both relative to the root: LICENSE=copyright in the package) is pointed
#     at that name; a link to anything else (a source file such as variants/core/platform.h)
#     becomes its plain text, since a release has no sources.
# Links to web addresses and to anchors of the same page are left alone.
# Lists are separated by semicolons or commas.
# Usage: cmake -DSOURCE=DIR -DDEST=DIR "-DFILES=README.md,docs/*.md" [-DRENAME=LICENSE=copyright]
#              [-DSTAMP=FILE] -P cmake/release_docs.cmake
cmake_minimum_required(VERSION 3.16)
foreach(var SOURCE DEST FILES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "release_docs.cmake: ${var} is not set")
  endif()
endforeach()
get_filename_component(SOURCE "${SOURCE}" ABSOLUTE)
string(REPLACE "," ";" FILES "${FILES}")
string(REPLACE "," ";" RENAME "${RENAME}")

set(carried "")
foreach(pattern ${FILES})
  file(GLOB matches RELATIVE "${SOURCE}" "${SOURCE}/${pattern}")
  if(NOT matches)
    message(FATAL_ERROR "release_docs.cmake: nothing matches ${pattern}")
  endif()
  list(APPEND carried ${matches})
endforeach()
list(REMOVE_DUPLICATES carried)

# The folders a carried file lies in (docs, docs/rules, ...): links to them resolve.
set(folders "")
foreach(f ${carried})
  get_filename_component(dir "${f}" DIRECTORY)
  while(dir)
    list(APPEND folders "${dir}")
    get_filename_component(dir "${dir}" DIRECTORY)
  endwhile()
endforeach()

# rulezero_release_target(MD_DIR TARGET OUT): OUT is TARGET as the release's copy of
# a Markdown file in MD_DIR (relative to the root) must write it, or "" for no link.
function(rulezero_release_target md_dir target out)
  string(REGEX REPLACE "#.*$" "" path "${target}")
  string(REGEX MATCH "#.*$" anchor "${target}")
  get_filename_component(abs "${SOURCE}/${md_dir}/${path}" ABSOLUTE)
  file(RELATIVE_PATH rel "${SOURCE}" "${abs}")
  if(rel IN_LIST carried OR rel IN_LIST folders)
    set(${out} "${target}" PARENT_SCOPE)
    return()
  endif()
  foreach(pair ${RENAME})
    string(REGEX REPLACE "=.*$" "" from "${pair}")
    string(REGEX REPLACE "^[^=]*=" "" to "${pair}")
    if(rel STREQUAL from)
      file(RELATIVE_PATH new "${SOURCE}/${md_dir}" "${SOURCE}/${to}")
      set(${out} "${new}${anchor}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# rulezero_release_markdown(FILE): the release's copy of the Markdown FILE.
function(rulezero_release_markdown file)
  file(READ "${SOURCE}/${file}" text)
  get_filename_component(md_dir "${file}" DIRECTORY)
  string(REGEX MATCHALL "!?\\[[^]\n]*\\]\\([^) \n]+\\)" links "${text}")
  list(REMOVE_DUPLICATES links)
  foreach(link ${links})
    string(REGEX REPLACE "^!?\\[([^]\n]*)\\]\\(([^) \n]+)\\)$" "\\1" label "${link}")
    string(REGEX REPLACE "^!?\\[([^]\n]*)\\]\\(([^) \n]+)\\)$" "\\2" target "${link}")
    if(target MATCHES "^[a-z]+:" OR target MATCHES "^#")
      continue()
    endif()
    rulezero_release_target("${md_dir}" "${target}" new)
    if(new STREQUAL target)
      continue()
    elseif(new)
      string(REGEX REPLACE "#.*$" "" old_path "${target}")
      string(REGEX REPLACE "#.*$" "" new_path "${new}")
      string(REPLACE "`${old_path}`" "`${new_path}`" label "${label}")
      string(REGEX REPLACE "^(!?\\[).*$" "\\1" opening "${link}")
      set(replacement "${opening}${label}](${new})")
    else()
      set(replacement "${label}")
    endif()
    string(REPLACE "${link}" "${replacement}" text "${text}")
  endforeach()
  file(WRITE "${DEST}/${file}" "${text}")
endfunction()

file(REMOVE_RECURSE "${DEST}")
foreach(f ${carried})
  if(f MATCHES "[.]md$")
    get_filename_component(dir "${DEST}/${f}" DIRECTORY)
    file(MAKE_DIRECTORY "${dir}")
    rulezero_release_markdown("${f}")
  else()
    configure_file("${SOURCE}/${f}" "${DEST}/${f}" COPYONLY)
  endif()
endforeach()
if(DEFINED STAMP)
  file(WRITE "${STAMP}" "${carried}\n")
endif()
