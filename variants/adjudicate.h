/* Rule Zero: the arbiter's view of a position at the start of a turn: is the
 * game over, and why. Generic over the variant table: the variant's own
 * outcome (mate, stalemate, variant wins), then repetition (three times the
 * same position, the variant deciding what it means), then the fifty-move
 * rule (halfmove clock at 100). */
#ifndef RULEZERO_ADJUDICATE_H
#define RULEZERO_ADJUDICATE_H

#include "variants/registry.h"

struct outcome game_adjudicate(struct position *pos);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *result_text(enum game_result r);

#endif
