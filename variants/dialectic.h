/* Rule Zero: Dialectic Chess and Hegelian Dialectic Chess (shared parts).
 *
 * The chess family with Philosophers (type KNIGHT, letter N) and Great
 * Philosophers (type DIALECTIC_GREAT, letter G) whose powers follow two
 * tokens on a 3x3 side board. Variant-owned state in pos->ext:
 *   ext[0]  Thesis square, x * 3 + y
 *   ext[1]  Antithesis square
 *   ext[2..12]  bit set over the 81 (Thesis, Antithesis) pairs: the dialectic
 *           positions seen since the last board move (always holds the current one). */
#ifndef RULEZERO_DIALECTIC_H
#define RULEZERO_DIALECTIC_H

#include "variants/chess.h"

enum { DIALECTIC_GREAT = CHESS_TYPES }; /* 7 */

/* Step kinds of the dialectic moves; from/to hold token squares 0..8. */
enum {
    MK_THESIS = MK_VARIANT1,
    MK_ANTITHESIS = MK_VARIANT2,
    MK_SYNTHESIS = MK_VARIANT3,
};

#define DIALECTIC_EXT_SIZE 13
#define DIALECTIC_SEEN_BYTE 2
#define DIALECTIC_PAIRS 81

static inline int dialectic_thesis(const struct position *pos) { return pos->ext[0]; }
static inline int dialectic_antithesis(const struct position *pos) { return pos->ext[1]; }
static inline int dialectic_pair(int thesis, int antithesis) { return thesis * 9 + antithesis; }
static inline bool is_dialectic_move(Move m) { return move_kind(m) >= MK_THESIS && move_kind(m) <= MK_SYNTHESIS; }

/* Evaluation (variants/dialectic_eval.c). */
void dialectic_eval_init(void);
int dialectic_evaluate(const struct position *pos);

#endif
