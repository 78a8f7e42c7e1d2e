/* Rule Zero: weights files, the evaluation weights of one variant as text:
 *
 *     # comment
 *     variant interweave
 *     Pawn 100
 *     Smasher 325
 *
 * `rulezero tune` writes them; `rulezero --weights FILE` (and bench, tune)
 * loads them. A weight the file leaves out keeps its value. */
#ifndef RULEZERO_TUNE_WEIGHTS_H
#define RULEZERO_TUNE_WEIGHTS_H

#include <stddef.h>
#include <stdio.h>

#include "variants/registry.h"

/* Sets the weights a file names, all or none: 0, or -1 with a message naming
 * the line (unreadable file, no `variant` line first, a variant without
 * weights, an unknown weight, a value not an integer or out of range).
 * `loaded` (may be NULL) receives the variant the file names. */
int weights_load(const char *path, const struct variant **loaded, char *err, size_t errlen);
/* Writes the variant's current weights, after `# comment` when not NULL. */
void weights_write(FILE *out, const struct variant *v, const char *comment);

#endif
