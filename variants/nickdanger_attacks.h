/* Nick Danger Chess: who attacks which square, for the evaluation.
 *
 * A linked square is one square with two locations. The map keeps the
 * locations apart, as sets of locations (by board, a bit per local square),
 * and nd_in_set asks both locations of a square, so an attack on either
 * counts once on the square. Pieces attack from every location they stand on.
 *
 * The map is built from each piece's reach: the set of locations its capture
 * rays reach (the first piece on a slide included). A piece's reach depends
 * only on where it stands and on the contents of the locations it reaches,
 * and most of the positions a search evaluates one after the other differ in
 * one link action, so each thread remembers the reaches of the position it
 * last mapped and walks again only the pieces that moved or whose reach met
 * a location whose contents changed. The memo never changes a result. */
#ifndef RULEZERO_NICKDANGER_ATTACKS_H
#define RULEZERO_NICKDANGER_ATTACKS_H

#include "variants/nickdanger.h"

/* The map knows two boards (board 1 at column ND_BOARD1_COL): a game of
 * more boards is evaluated without it (nickdanger_eval.c). A location's
 * board and local square there: */
static inline int nd2_board(Square sq) { return square_col(sq) >= ND_BOARD1_COL; }
static inline int nd2_local(Square sq) { return square_rank(sq) * 8 + (square_col(sq) & 7); }

struct nd_attacks {
    uint64_t by[2][CHESS_TYPES][2]; /* by colour and type: the locations its pieces reach, by board (local
                                       squares; a link's two locations apart, nd_in_set joins them) */
    int mobility[2][CHESS_TYPES];   /* Knight to Queen: squares reached, neither own pieces nor guarded by
                                       enemy Pawns (either location of a link guarded, both are) */
    int king_hits[2][CHESS_TYPES];  /* Knight to Queen: reached locations next to the enemy King */
    int king_attackers[2];          /* Knights to Queens with at least one such hit */
};

/* Fills the map for the position (every piece of both colours). */
void nd_attacks_build(const struct position *pos, struct nd_attacks *a);

/* Is a square in a set of locations: by its listed location sq, or by
 * partner, its link's other location (NO_SQUARE if none)? */
static inline bool nd_in_set(const uint64_t set[2], Square sq, Square partner)
{
    bool in = (set[nd2_board(sq)] >> nd2_local(sq)) & 1;
    return in || (partner != NO_SQUARE && ((set[nd2_board(partner)] >> nd2_local(partner)) & 1));
}

/* Forgets this thread's remembered reaches (the next map walks every piece). */
void nd_attacks_forget(void);

#endif
