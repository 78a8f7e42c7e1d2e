/* Rule Zero: what the learning tools' self-play shares (tune-data, datagen):
 * a seeded random stream and a random opening of legal turns. */
#ifndef RULEZERO_SELFPLAY_H
#define RULEZERO_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

struct game;

/* The next number of a splitmix64 stream. */
uint64_t selfplay_random(uint64_t *state);
/* The stream of game `index` of a run seeded `seed`. */
uint64_t selfplay_game_seed(int64_t seed, int64_t index);
/* Plays up to `plies` uniformly random legal turns; false when the game ended meanwhile. */
bool selfplay_random_opening(struct game *g, int plies, uint64_t *rng);

#endif
