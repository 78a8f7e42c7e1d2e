/* Rule Zero: perft (counting the leaves of the tree of legal turns). */
#ifndef RULEZERO_PERFT_H
#define RULEZERO_PERFT_H

#include <stdio.h>

#include "variants/core/position.h"

/* Leaves at `depth` turns. With bulk, the last ply counts turns without
 * making them; without, every leaf turn is made. */
uint64_t perft(struct position *pos, int depth, bool bulk);

/* Prints `TURN: COUNT` per legal turn, then a blank line; returns the total. */
uint64_t perft_divide(struct position *pos, int depth, bool bulk, FILE *out);

/* Runs an EPD suite (`FEN ;D1 n ;D2 n ...`), printing each mismatch with its
 * FEN and depth and a closing `N passed, N failed` line. Lines may carry
 * `;variant ID` and `;option NAME=VALUE` (see perft/suites/README.md); each
 * line is a game of its own, with `base`'s settings when `base` is of the
 * line's variant (NULL: the defaults) plus the line's options.
 * Returns the number of failed positions (a suite in which no count was
 * compared, e.g. an empty file or max_depth below every line's depths, counts
 * as one failure), or -1 when the file cannot be read. */
struct settings;
int perft_suite(const char *path, const char *variant_id, const struct settings *base, int max_depth, bool bulk,
                FILE *out);

#endif
