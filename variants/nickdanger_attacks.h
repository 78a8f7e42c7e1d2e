/* Nick Danger Chess: who attacks which square, for the evaluation.
 *
 * A linked square is one square with two locations; the map keys it by its
 * board-0 location ("home"), so an attack on either location counts once on
 * the square. Pieces attack from every location they stand on. */
#ifndef RULEZERO_NICKDANGER_ATTACKS_H
#define RULEZERO_NICKDANGER_ATTACKS_H

#include "variants/nickdanger.h"

struct nd_attacks {
    uint8_t by[2][BOARD_SIZE];    /* the types attacking the square (bit 1 << type), by colour */
    int mobility[2][CHESS_TYPES]; /* squares reached, not attacked by enemy Pawns, by colour and type */
    int king_hits[2][CHESS_TYPES]; /* attacks on the enemy King's neighbourhood, by colour and type */
    int king_attackers[2];        /* pieces with at least one such attack */
};

/* Fills the map for the position (every piece of both colours). */
void nd_attacks_build(const struct position *pos, struct nd_attacks *a);

#endif
