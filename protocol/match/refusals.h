#ifndef RULEZERO_REFUSALS_H
#define RULEZERO_REFUSALS_H

/* A game with a hidden setting (docs/rules/partial-shifted-square.md): the
 * turns the referee has refused the player to move in the position now. The
 * player is told of each (player_refused) and tries again; it loses on a
 * turn refused before in the same position, or on the one past
 * REFUSALS_MAX there. The referee's rule of the match runner and of the
 * games server alike. */

#include <stddef.h>

#include "variants/core/turn.h"

#define REFUSALS_MAX 1000

struct refusals {
    int count;
    char (*turn)[TURN_TEXT_LEN]; /* REFUSALS_MAX of them */
};

/* 0, or -1 out of memory. */
int refusals_init(struct refusals *r);
void refusals_free(struct refusals *r);
/* A new position: nothing refused yet. */
void refusals_clear(struct refusals *r);
/* Notes that `turn` is refused: 0 (the player may try again), or -1 with
 * `why`, the turn and the reason it loses ("M (refused before)", "M (the
 * refusals' cap, 1000 in one position)"). */
int refusals_note(struct refusals *r, const char *turn, char *why, size_t n);

#endif
