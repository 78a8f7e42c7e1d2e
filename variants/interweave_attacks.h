/* Rule Zero: Interweave's one-step capture map, for the evaluation.
 *
 * For one side, which enemy pieces a single capture step of its could take
 * from the board as it stands (compulsion, chains, pending pieces and en
 * passant left aside), and how many quiet steps its pieces have. */
#ifndef RULEZERO_INTERWEAVE_ATTACKS_H
#define RULEZERO_INTERWEAVE_ATTACKS_H

#include "variants/interweave.h"

struct iw_attacks {
    uint64_t victims;       /* bit rank * 8 + file: an enemy piece there can be captured */
    int victim_count;       /* bits set in victims */
    int mobility[IW_TYPES]; /* quiet steps, by the moving piece's type */
    int sandwiches;         /* enemies a single Pawn step would sandwich, once per step */
};

static inline uint64_t iw_square_bit(Square sq) { return 1ull << (square_rank(sq) * 8 + square_col(sq)); }

void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out);

#endif
