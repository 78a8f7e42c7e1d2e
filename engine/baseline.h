/* Rule Zero: baseline players for strength floors. `random` picks a uniformly
 * random legal turn; `greedy` the turn after which its material lead is
 * largest (piece values from the variant table, board and hands), random
 * among ties. Both are generic over the variant table. */
#ifndef RULEZERO_BASELINE_H
#define RULEZERO_BASELINE_H

#include "variants/core/turn.h"

enum baseline_kind { BASELINE_RANDOM, BASELINE_GREEDY };

/* Chooses a turn for the side to move; false when there is none. pos is left
 * as it was found. rng_state is advanced (any seed works). */
bool baseline_choose(struct position *pos, enum baseline_kind kind, uint64_t *rng_state, struct turn *out);

/* "random" or "greedy"; 0 on success. */
int baseline_parse(const char *name, enum baseline_kind *out);
const char *baseline_name(enum baseline_kind kind);

/* Material of colour c: piece values (1 each when the variant has none) over
 * the board and c's hand. */
int baseline_material(const struct position *pos, Color c);

/* splitmix64: the next number of the sequence in *state. */
uint64_t baseline_rand(uint64_t *state);

#endif
