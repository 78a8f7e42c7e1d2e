# The browser build's compiles without emcc's own start (issue 43). emcc is a
# Python program; for `-c` it only puts its target, sysroot and defines
# (`emcc --cflags`) before the arguments and runs its clang, and its Python
# start was about 40% of each compile's CPU (docs/performance.md, "Issue 43,
# seventh session"). So each C file is compiled by that clang with those
# flags, and only the links go through emcc (wasm-ld, Binaryen, the
# JavaScript glue). A probe file compiled both ways at configure time must
# give the same object, byte for byte; otherwise every compile stays emcc's.
option(RULEZERO_WEB_DIRECT_CLANG "Compile the browser build's C files with emcc's clang and flags (emcc still links)" ON)

# rulezero_web_direct_clang(): sets CMAKE_C_COMPILE_OBJECT (in the caller's
# scope) to emcc's clang and flags when the probe's objects agree.
function(rulezero_web_direct_clang)
  get_filename_component(bindir "${CMAKE_C_COMPILER}" DIRECTORY)
  set(em_config "${bindir}/em-config")
  if(NOT EXISTS "${em_config}")
    message(STATUS "Browser build: compiling through emcc (no em-config beside it)")
    return()
  endif()
  execute_process(COMMAND "${em_config}" LLVM_ROOT OUTPUT_VARIABLE llvm_root RESULT_VARIABLE rc1
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND "${em_config}" CLANG_ADD_VERSION OUTPUT_VARIABLE version RESULT_VARIABLE rc2
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  execute_process(COMMAND "${CMAKE_C_COMPILER}" --cflags OUTPUT_VARIABLE cflags RESULT_VARIABLE rc3
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  set(clang "${llvm_root}/clang")
  if(rc2 EQUAL 0 AND version AND NOT version STREQUAL "None")
    set(clang "${clang}-${version}")
  endif()
  if(NOT rc1 EQUAL 0 OR NOT rc3 EQUAL 0 OR NOT EXISTS "${clang}" OR cflags STREQUAL "")
    message(STATUS "Browser build: compiling through emcc (its clang or flags not found)")
    return()
  endif()
  # The probe: some of what the sources use (libc headers, a loop, a table,
  # a call through a pointer), at the build's flags.
  set(dir "${CMAKE_BINARY_DIR}/web_direct_clang")
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${dir}/probe.c" [=[
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
typedef int (*step_fn)(int);
static int twice(int x) { return 2 * x; }
int probe(const char *text, step_fn step) {
    int sum = 0;
    for (size_t i = 0; i < strlen(text); i++) sum += table[(uint8_t)text[i] & 7] * (step ? step(i) : twice((int)i));
    char *copy = malloc(16);
    if (!copy) return -1;
    snprintf(copy, 16, "%d", sum);
    sum += atoi(copy);
    free(copy);
    return sum;
}
]=])
  separate_arguments(flags UNIX_COMMAND "${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_RELEASE} -std=c11 -Wall -Wextra -Werror")
  separate_arguments(cflags_list UNIX_COMMAND "${cflags}")
  execute_process(COMMAND "${CMAKE_C_COMPILER}" ${flags} -c "${dir}/probe.c" -o "${dir}/emcc.o"
                  RESULT_VARIABLE rc4 OUTPUT_QUIET ERROR_QUIET)
  execute_process(COMMAND "${clang}" ${cflags_list} ${flags} -c "${dir}/probe.c" -o "${dir}/clang.o"
                  RESULT_VARIABLE rc5 OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc4 EQUAL 0 OR NOT rc5 EQUAL 0)
    message(STATUS "Browser build: compiling through emcc (the probe did not compile both ways)")
    return()
  endif()
  file(SHA256 "${dir}/emcc.o" emcc_sum)
  file(SHA256 "${dir}/clang.o" clang_sum)
  if(NOT emcc_sum STREQUAL clang_sum)
    message(STATUS "Browser build: compiling through emcc (${clang} with emcc's flags gave another object)")
    return()
  endif()
  string(REPLACE "<CMAKE_C_COMPILER>" "${clang} ${cflags}" rule "${CMAKE_C_COMPILE_OBJECT}")
  if(rule STREQUAL CMAKE_C_COMPILE_OBJECT)
    message(STATUS "Browser build: compiling through emcc (an unexpected compile rule)")
    return()
  endif()
  message(STATUS "Browser build: compiling with ${clang} and emcc's flags (the same objects), linking with emcc")
  set(CMAKE_C_COMPILE_OBJECT "${rule}" PARENT_SCOPE)
endfunction()

if(RULEZERO_WEB_DIRECT_CLANG)
  rulezero_web_direct_clang()
endif()
