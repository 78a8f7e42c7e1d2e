/* Rule Zero: the match runner's openings: FENs from a file (EPD lines
 * allowed), or K random legal turns from the start, seeded. */
#ifndef RULEZERO_OPENINGS_H
#define RULEZERO_OPENINGS_H

#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "protocol/match/match_config.h"

#define OPENING_MAX_PLIES 200

struct opening {
    char fen[FEN_MAX_LEN];
    int nmoves;
    char moves[OPENING_MAX_PLIES][TURN_TEXT_LEN];
};

/* Reads c->openings_path into c->fens; pos is scratch. 0, or -1 after printing why. */
int load_openings(struct match_config *c, struct position *pos);
/* Opening number k (the same for every worker and run with the same seed). */
void make_opening(const struct match_config *c, int k, struct position *pos, struct opening *o);

#endif
