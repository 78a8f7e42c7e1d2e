/* Rule Zero: evaluation terms for the chess-like variants. */
#ifndef RULEZERO_EVALUATE_H
#define RULEZERO_EVALUATE_H

#include "engine/position.h"

/* Material only, orthodox values, side-to-move relative. Variants with the
 * orthodox pieces but other rules may use it as a starting point. */
int evaluate_material(const struct position *pos);

/* Orthodox chess on the 8x8 board: tapered (middlegame/endgame) material
 * and piece-square tables, mobility, king safety, pawn structure, passed
 * pawns, bishop pair, rooks on open files. Side-to-move relative. */
int evaluate_normal(const struct position *pos);

#endif
