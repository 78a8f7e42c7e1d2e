/* Rule Zero: reading a protocol command line against a command table
 * (CECP, UCI and the console share it). */
#ifndef RULEZERO_COMMAND_H
#define RULEZERO_COMMAND_H

#include <stddef.h>

/* Trims line, copies the whole trimmed line into whole, and returns its
 * first word with *rest just past it (and its spaces); NULL for a blank line. */
char *command_split(char *line, char **rest, char *whole, size_t n);
/* The entry named `name` of a command table: `count` entries of `size`
 * bytes, each beginning with its `const char *name`. NULL when none. */
const void *command_find(const void *table, size_t count, size_t size, const char *name);

#endif
