/* Self-play helpers of the learning tools (selfplay.h). */
#include "protocol/learn/selfplay.h"

#include "protocol/game.h"
#include "variants/core/turn.h"

uint64_t selfplay_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t selfplay_game_seed(int64_t seed, int64_t index)
{
    return (uint64_t)seed * 1000003u + (uint64_t)index;
}

struct pick {
    int target, seen;
    struct turn turn;
};

static void pick_turn(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct pick *p = ctx;
    if (p->seen++ == p->target)
        p->turn = *t;
}

bool selfplay_random_opening(struct game *g, int plies, uint64_t *rng)
{
    char err[VARIANT_ERR_LEN];
    for (int i = 0; i < plies; i++) {
        int n = (int)count_turns(g->pos);
        if (n == 0 || game_outcome(g).result != RESULT_NONE)
            return false;
        struct pick p = {.target = (int)(selfplay_random(rng) % (uint64_t)n)};
        for_each_turn(g->pos, pick_turn, &p);
        if (game_play(g, &p.turn, err, sizeof err))
            return false;
    }
    return game_outcome(g).result == RESULT_NONE;
}
