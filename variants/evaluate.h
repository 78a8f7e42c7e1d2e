/* Rule Zero: evaluation terms shared by the chess-like variants. */
#ifndef RULEZERO_EVALUATE_H
#define RULEZERO_EVALUATE_H

#include "engine/position.h"

/* Material and piece-square terms for orthodox pieces, side-to-move relative. */
int evaluate_material(const struct position *pos);

#endif
