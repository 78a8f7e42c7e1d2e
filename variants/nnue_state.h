/* Rule Zero: each game's state as inputs of the learned evaluation (input
 * layout 2, engine/nnue.h; docs/networks.md "Input layout 2"): what a
 * game's position holds beyond the pieces on its board's squares, from a
 * view's side. The entries point at these through nnue_state_count and
 * nnue_state_active (variants/core/variant.h); hands are the core's and the
 * network reads them itself. */
#ifndef RULEZERO_NNUE_STATE_H
#define RULEZERO_NNUE_STATE_H

#include "variants/core/position.h"

/* Dialectic and Hegelian: each token (Thesis, Antithesis) on each of the
 * nine squares of the 3x3 board (the same in both views: the tokens are
 * neither side's, and a leap is the same for both). */
#define DIALECTIC_NNUE_STATE (2 * 9)
int dialectic_nnue_state(const struct position *pos, Color view, int *out);

/* Interweave: the square of the piece that must capture again (a pending
 * chain), by whose it is (the view's side or the other) and the square. */
#define IW_NNUE_STATE (2 * 64)
int iw_nnue_state(const struct position *pos, Color view, int *out);

/* Nick Danger: each linked location of each board, and which side owes
 * the second part of its turn. */
#define ND_NNUE_STATE (2 * 64 + 2)
int nd_nnue_state(const struct position *pos, Color view, int *out);

/* Pickle and Shifted Square: the piece on the place added beside the
 * board, by its colour relative to the view and its type. */
#define SSQ_NNUE_STATE (2 * 6)
int ssq_nnue_state(const struct position *pos, Color view, int *out);

/* Polypiece (both): each piece type's current entry in its power list,
 * the view's side's and the other side's (they differ in the phased game). */
#define POLYPIECE_NNUE_STATE (2 * 5 * 9)

#endif
