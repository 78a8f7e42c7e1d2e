/* Rule Zero: error messages. Library functions never exit: they return -1
 * and write one line into the caller's buffer. */
#ifndef RULEZERO_ERROR_H
#define RULEZERO_ERROR_H

#include <stddef.h>

/* Writes the formatted message into err (when err and errlen allow) and
 * returns -1, so a failing path reads `return error_set(err, n, ...);`. */
int error_set(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
