/* Rule Zero: what a chess-family piece does with the powers in force, for
 * evaluations of games whose pieces change powers (read from the rays of a
 * struct piece_power, so a Philosopher under any token pair, a Polypiece
 * in any phase and an orthodox Bishop are counted alike). */
#ifndef RULEZERO_POWER_MOBILITY_H
#define RULEZERO_POWER_MOBILITY_H

#include "variants/chess.h"

struct power_activity {
    int moves;     /* empty squares its move rays reach, enemy pieces its capture rays reach,
                      leaving out squares an enemy Pawn guards */
    int zone_hits; /* squares its capture rays reach within one King step of `enemy_king` */
};

/* The activity of the piece of colour `c` on `sq` with power `pw`. A ray goes
 * on over empty squares while its range lasts; it ends at the first piece. */
struct power_activity power_activity(const struct position *pos, Square sq, const struct piece_power *pw, Color c,
                                     Square enemy_king);

/* True when a Pawn of colour `by` (capturing diagonally forward) attacks `sq`. */
bool pawn_guards(const struct position *pos, Square sq, Color by);

#endif
