/* Rule Zero: the moves XBoard writes to PGN for a game it does not know the
 * pieces of: a piece letter, the origin in full or part, the destination,
 * and for a capture on the way (Interweave's locust form) the victim's
 * square before it, e.g. `Sf1f3`, `Pcb3`, `Pe7-e8=Q`, `Kdxd2-d3`. */
#ifndef RULEZERO_XBOARD_SAN_H
#define RULEZERO_XBOARD_SAN_H

#include "variants/core/turn.h"

/* The one legal one-step turn that text names, compared with each turn's
 * XBoard coordinates (the game's xboard_move): 0, or -1 when none or more
 * than one fits. The piece letter is the variant's where it decides; a
 * letter of XBoard's own is passed over when the squares name one turn. */
int xboard_san_parse(struct position *pos, const char *text, struct turn *out);

#endif
