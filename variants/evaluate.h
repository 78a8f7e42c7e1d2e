/* Rule Zero: evaluation terms for the chess-like variants. */
#ifndef RULEZERO_EVALUATE_H
#define RULEZERO_EVALUATE_H

#include "engine/position.h"

/* Orthodox chess on the 8x8 board: tapered (middlegame/endgame) material
 * and piece-square tables, mobility, king safety, pawn structure, passed
 * pawns, bishop pair, rooks on open files. Side-to-move relative. */
int evaluate_normal(const struct position *pos);

#endif
