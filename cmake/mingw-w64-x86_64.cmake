# CMake toolchain file: 64-bit Windows, cross-compiled on Debian with mingw-w64
# (package mingw-w64). Used by scripts/windows.sh:
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(RULEZERO_MINGW_PREFIX x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${RULEZERO_MINGW_PREFIX}-gcc)
set(CMAKE_RC_COMPILER ${RULEZERO_MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${RULEZERO_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
