/* Rule Zero: evaluation terms for the chess-like variants. */
#ifndef RULEZERO_EVALUATE_H
#define RULEZERO_EVALUATE_H

#include "variants/core/position.h"
#include "variants/chess.h"

/* Orthodox chess on the 8x8 board: tapered (middlegame/endgame) material
 * and piece-square tables, mobility, king safety, pawn structure, passed
 * pawns, bishop pair, rooks on open files. Side-to-move relative. */
int evaluate_normal(const struct position *pos);
/* Its weights by name, for the tuner and `--weights` (the `normal` variant's
 * eval_params). evaluate_pawns_and_kings below keeps its own fixed set. */
extern const struct eval_params normal_eval_params;

/* Only the Pawn and King terms of the above (piece-square tables, isolated,
 * doubled and passed Pawns, the Pawn shield), for variants whose other pieces
 * move differently. Pieces off the 8x8 board (files or ranks beyond 0..7) are
 * ignored. `phase` is the game phase, 24 (opening, all pieces on) to 0 (bare
 * Kings and Pawns); values beyond are taken as the nearer end. Side-to-move
 * relative. */
int evaluate_pawns_and_kings(const struct position *pos, int phase);
/* Empties the calling thread's cache of those terms (results never depend on it). */
void evaluate_clear_cache(void);

/* The game phase of `evaluate_pawns_and_kings` from the non-Pawn pieces: 24
 * with the sixteen orthodox ones on the board. */
#define EVAL_PHASE_MAX 24

/* A chess piece type's share of that phase: Knight and Bishop 1, Rook 2,
 * Queen 4, the others 0 (inline: the evaluations call it for every piece). */
static inline int evaluate_phase_weight(int type)
{
    switch (type) {
    case KNIGHT:
    case BISHOP:
        return 1;
    case ROOK:
        return 2;
    case QUEEN:
        return 4;
    default:
        return 0;
    }
}

#endif
