/* Rule Zero: Interweave's one-step capture map, for the evaluation.
 *
 * For one side, which enemy pieces a single capture step of its could take
 * from the board as it stands (compulsion, chains, pending pieces and en
 * passant left aside), and how many quiet steps its pieces have. */
#ifndef RULEZERO_INTERWEAVE_ATTACKS_H
#define RULEZERO_INTERWEAVE_ATTACKS_H

#include "variants/interweave.h"

struct iw_attacks {
    bool victim[BOARD_SIZE]; /* an enemy piece here can be captured */
    int victims;             /* how many squares are marked */
    int mobility[IW_TYPES];  /* quiet steps, by the moving piece's type */
};

void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out);

#endif
