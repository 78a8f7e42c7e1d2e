/* Rule Zero: Dialectic Chess and Hegelian Dialectic Chess (shared parts).
 *
 * The chess family with Philosophers (type KNIGHT, letter N) and Great
 * Philosophers (type DIALECTIC_GREAT, letter G) whose powers follow two
 * tokens on a 3x3 side board. Variant-owned state (struct dialectic_state):
 * the two token squares and the set of (Thesis, Antithesis) pairs, the
 * dialectic positions seen since the last board move (always holding the
 * current one). */
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

#define DIALECTIC_PAIRS 81

struct POSITION_EXT_TYPE dialectic_state {
    uint8_t thesis, antithesis;               /* token squares, x * 3 + y */
    uint8_t seen[(DIALECTIC_PAIRS + 7) / 8]; /* dialectic positions seen, by pair */
};

POSITION_EXT_ACCESSORS(struct dialectic_state, dialectic_st, dialectic_cst)

static inline int dialectic_thesis(const struct position *pos) { return dialectic_cst(pos)->thesis; }
static inline int dialectic_antithesis(const struct position *pos) { return dialectic_cst(pos)->antithesis; }
static inline int dialectic_pair(int thesis, int antithesis) { return thesis * 9 + antithesis; }
static inline bool is_dialectic_move(Move m) { return move_kind(m) >= MK_THESIS && move_kind(m) <= MK_SYNTHESIS; }
static inline bool dialectic_is_philosopher(Piece p)
{
    return piece_type(p) == KNIGHT || piece_type(p) == DIALECTIC_GREAT;
}

/* Whether token square sq (x * 3 + y) is part of the dialectic of pos's game:
 * all nine on the square dialectic; with Hegelian's setting
 * `Dialectic=stair-step` only the six on and south-east of the main diagonal
 * (x >= y; x grows to the right, y upward). */
bool dialectic_square_exists(const struct position *pos, int sq);

/* Evaluation (variants/dialectic_eval.c). */
void dialectic_eval_init(void);
int dialectic_evaluate(const struct position *pos);
extern const struct eval_params dialectic_eval_params; /* its weights, for the tuner */

/* XBoard's text of a turn and ours of XBoard's (variants/dialectic_xboard.c). */
void dialectic_xboard_move(const struct position *pos, const char *turn_text, char *out, size_t n);
void dialectic_xboard_parse(const struct position *pos, const char *xboard_text, char *out, size_t n);

#endif
