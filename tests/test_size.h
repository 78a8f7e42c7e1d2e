/* How many times a unit test repeats a check. The Release build (and the
 * --deep run) repeats it the full count; the sanitizer build (Debug: ASan +
 * UBSan, where a step costs ten to a hundred times more) defines
 * RULEZERO_SANITIZED (tests/CMakeLists.txt) and repeats it the smaller count,
 * which still goes through every code path the check covers. */
#ifndef RULEZERO_TEST_SIZE_H
#define RULEZERO_TEST_SIZE_H

#ifdef RULEZERO_SANITIZED
#define TEST_SIZE(full, sanitized) (sanitized)
#else
#define TEST_SIZE(full, sanitized) (full)
#endif

#endif
