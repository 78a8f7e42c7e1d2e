# The browser build (Emscripten; scripts/web.sh): the engine and the GUI's
# session compiled to WebAssembly, each for a Web Worker of its own
# (protocol/web/). The session needs cJSON's source, which scripts/web.sh
# takes from Debian's source package (RULEZERO_CJSON_SOURCE_DIR): Debian's
# libcjson-dev has only the native library.
set(RULEZERO_CJSON_SOURCE_DIR "" CACHE PATH "cJSON's source (cJSON.c, cJSON.h) for the browser build")
# The optimisation level of the WebAssembly (compile and link: emcc's link
# runs Binaryen's wasm-opt at that level). The release (scripts/web.sh by
# default) is -O3; scripts/test.sh builds the one its tests load at a lower
# level, which compiles and links in less CPU (docs/performance.md,
# "Issue 43, fifth session"); no test measures the WebAssembly's speed.
set(RULEZERO_WEB_OPT "-O3" CACHE STRING "emcc optimisation level of the browser build (-O1, -O2, -O3)")
if(NOT RULEZERO_WEB_OPT MATCHES "^-O[0-3sz]$")
  message(FATAL_ERROR "RULEZERO_WEB_OPT must be one of -O0 .. -O3, -Os, -Oz, not '${RULEZERO_WEB_OPT}'")
endif()
set(CMAKE_C_FLAGS_RELEASE "${RULEZERO_WEB_OPT} -DNDEBUG")
include(${CMAKE_CURRENT_LIST_DIR}/web_direct_clang.cmake)
if(NOT EXISTS "${RULEZERO_CJSON_SOURCE_DIR}/cJSON.c")
  message(FATAL_ERROR "The browser build needs cJSON's source: -DRULEZERO_CJSON_SOURCE_DIR=DIR (scripts/web.sh fetches it)")
endif()

# Workers load their module with importScripts (classic workers, which every
# browser starts from a Blob URL); the wasm grows as the hash table needs.
set(RULEZERO_WEB_LINK_OPTIONS
  -sENVIRONMENT=worker -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=16MB -sINITIAL_MEMORY=48MB -sINVOKE_RUN=0
  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8
  -sEXPORTED_FUNCTIONS=_malloc,_free)

add_executable(rulezero_engine_web protocol/web/engine_web.c)
target_link_libraries(rulezero_engine_web PRIVATE rulezero_lib)
target_link_options(rulezero_engine_web PRIVATE ${RULEZERO_WEB_LINK_OPTIONS})
set_target_properties(rulezero_engine_web PROPERTIES OUTPUT_NAME rulezero-engine SUFFIX ".js"
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/web)

add_library(rulezero_cjson_web STATIC ${RULEZERO_CJSON_SOURCE_DIR}/cJSON.c)
target_include_directories(rulezero_cjson_web PUBLIC ${CMAKE_BINARY_DIR}/cjson-include)
target_compile_options(rulezero_cjson_web PRIVATE -w)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/cjson-include/cjson)
configure_file(${RULEZERO_CJSON_SOURCE_DIR}/cJSON.h ${CMAKE_BINARY_DIR}/cjson-include/cjson/cJSON.h COPYONLY)

# The session: protocol/gui/ without the HTTP server (civetweb), its runner
# thread, the engine probe's command line and the rules' renderer (cmark):
# the rules pages are rendered natively at build time (rulezero gui --export-rules).
add_executable(rulezero_session_web
  protocol/web/session_web.c
  protocol/gui/gui_json.c protocol/gui/gui_legal_tree.c protocol/gui/gui_players.c protocol/gui/gui_probe.c
  protocol/gui/gui_offers.c protocol/gui/gui_state.c protocol/gui/gui_session.c protocol/gui/gui_messages.c protocol/gui/gui_seats.c protocol/gui/gui_hidden.c protocol/gui/gui_record.c
  protocol/gui/gui_inbound.c protocol/gui/gui_engines.c protocol/gui/gui_thinking.c
  protocol/gui/gui_analysis.c protocol/gui/gui_analysis_task.c protocol/gui/gui_analysis_engine.c
  protocol/gui/gui_gamefiles.c
  protocol/web/analysis_web.c)
target_link_libraries(rulezero_session_web PRIVATE rulezero_lib rulezero_cjson_web)
# Asyncify only where the engine loop may suspend (direct calls from it to
# the two waits); the rules and the search stay uninstrumented.
target_link_options(rulezero_session_web PRIVATE ${RULEZERO_WEB_LINK_OPTIONS} -sASYNCIFY=1 -sASYNCIFY_IGNORE_INDIRECT=1)
set_target_properties(rulezero_session_web PROPERTIES OUTPUT_NAME rulezero-session SUFFIX ".js"
                      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/web)

# The command line (`rulezero bench`, `perft`) under Node.js, for measuring
# the WebAssembly engine beside the native one (docs/performance.md).
target_link_options(rulezero PRIVATE -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=16MB -sINITIAL_MEMORY=48MB -sNODERAWFS=1)
