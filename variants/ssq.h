/* Single Square games (Ralph Betza, on his Nick Danger Chess page): orthodox
 * chess on an 8x8 board plus one location added beside its edge.
 *
 *  - `pickle` (Simple Pickle Single Square Chess): the added location is a
 *    second location of a chosen board square (setting `Link`, e.g. e4=x5).
 *  - `shifted-square` (Single Shifted Square Chess): the chosen board square
 *    is removed and the added location is an ordinary square (setting
 *    `Shift`, e.g. e4=x5).
 *
 * The board sits in mailbox columns 1-8 (files a-h), so that column 0 is the
 * x-file (left of a) and column 9 the z-file (right of h); the added location
 * is one of x1-x8 or z1-z8 (the mailbox holds 8 ranks, so no rank 0 or 9).
 * Rules: docs/rules/pickle.md and docs/rules/shifted-square.md. */
#ifndef RULEZERO_SSQ_H
#define RULEZERO_SSQ_H

#include "variants/chess.h"

#define SSQ_X_COL 0
#define SSQ_Z_COL 9
#define SSQ_DEFAULT "e4=x5"

/* The rules with this game's setting (pos->rules points here). */
struct ssq_rules {
    struct chess_rules chess; /* first: chess_rules_of(pos) reads it */
    Square board_sq;          /* the chosen square of the 8x8 board */
    Square added_sq;          /* the added location beside the board (x- or z-file) */
};

static inline const struct ssq_rules *ssq_rules_of(const struct position *pos)
{
    return (const struct ssq_rules *)pos->rules;
}

/* Name of a location: the board's names, x1-x8 and z1-z8 beside it. */
void ssq_square_name(Square sq, char *out);
/* Reads `SQUARE=LOCATION` (e.g. e4=x5) into r: 0, or -1 with a message
 * naming `setting` and the allowed values. `min_rank`/`max_rank` (1-8)
 * bound the board square's rank (Shift: 3-6, a square empty at the start). */
int ssq_parse_pair(struct ssq_rules *r, const char *setting, const char *value, int min_rank, int max_rank,
                   char *err, size_t errlen);
/* A rules value (free with free()): the chess family's rules of declaration
 * g and the pair `value` read as ssq_parse_pair does; NULL with a message
 * when the pair is refused or memory is short. */
void *ssq_rules_create(const struct game_decl *g, const char *setting, const char *value, int min_rank, int max_rank,
                       char *err, size_t errlen);
void ssq_pair_text(const struct ssq_rules *r, char *out, size_t n);
/* A step's coordinate text with these names (castling: the King's two squares). */
void ssq_format_step(const struct position *pos, Move m, char *out, size_t n);
/* Readable text (Shifted Square's notation_step): SAN for a step on the 8x8
 * board, else the piece letter (none for a Pawn), the two squares joined by
 * `-` or `x` (a capture), `=Q` for a promotion: `Ra5-x5`, `x5xa6`. */
void ssq_notation_step(struct position *pos, Move m, int index, char *out, size_t n);
/* Material and a centre term, on the board's 8x8 frame (ssq.c). */
int ssq_evaluate(const struct position *pos);
extern const int ssq_piece_values[MAX_TYPES];

#endif
