/* Rule Zero: board geometry and square names. */
#ifndef RULEZERO_BOARD_H
#define RULEZERO_BOARD_H

#include "variants/core/types.h"

/* A board is `files` x `ranks` squares; file f sits in mailbox column
 * file_col[f] (the identity for one board; Nick Danger's second board starts
 * further right so that the two never touch). */
struct geometry {
    int files;
    int ranks;
    int file_col[BOARD_MAX_COLS];
};

static inline Square geo_square(const struct geometry *g, int file, int rank)
{
    return make_square(g->file_col[file], rank);
}

/* File index of a square, or -1 when its column is not a file. */
int geo_file(const struct geometry *g, Square sq);
bool geo_on_board(const struct geometry *g, Square sq);

/* "e4"; writes at most 4 bytes plus NUL. Returns the length. */
int geo_square_name(const struct geometry *g, Square sq, char *out);
/* Parses a square name at *text, advancing it; NO_SQUARE when there is none. */
Square geo_parse_square(const struct geometry *g, const char **text);

#endif
