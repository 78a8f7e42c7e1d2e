#include "engine/baseline.h"

#include <string.h>

#include "variants/registry.h"

uint64_t baseline_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rand_below(uint64_t *state, uint64_t n) { return baseline_rand(state) % n; }

static int value_of(const struct position *pos, int type)
{
    const int *values = pos->variant->piece_values;
    return values ? values[type] : 1;
}

int baseline_material(const struct position *pos, Color c)
{
    int sum = 0;
    for (int i = 0; i < pos->pcount[c]; i++)
        sum += value_of(pos, piece_type(pos->board[pos->plist[c][i]]));
    for (int t = 1; t < MAX_TYPES; t++)
        sum += pos->hand[c][t] * value_of(pos, t);
    return sum;
}

struct pick {
    uint64_t *rng;
    enum baseline_kind kind;
    Color mover;
    uint64_t target;   /* random: index of the turn to take */
    uint64_t seen;     /* turns visited (random) or ties at the best (greedy) */
    int best;
    bool found;
    struct turn *out;
};

static void visit(struct position *after, const struct turn *t, void *vctx)
{
    struct pick *p = vctx;
    if (p->kind == BASELINE_RANDOM) {
        if (p->seen++ == p->target) {
            *p->out = *t;
            p->found = true;
        }
        return;
    }
    int score = baseline_material(after, p->mover) - baseline_material(after, !p->mover);
    if (!p->found || score > p->best) {
        p->best = score;
        p->seen = 1;
        p->found = true;
        *p->out = *t;
    } else if (score == p->best && rand_below(p->rng, ++p->seen) == 0) {
        *p->out = *t; /* reservoir sampling: each tied turn kept with equal chance */
    }
}

bool baseline_choose(struct position *pos, enum baseline_kind kind, uint64_t *rng_state, struct turn *out)
{
    struct pick p = {rng_state, kind, pos->side, 0, 0, 0, false, out};
    if (kind == BASELINE_RANDOM) {
        int n = for_each_turn(pos, NULL, NULL);
        if (n == 0)
            return false;
        p.target = rand_below(rng_state, (uint64_t)n);
    }
    for_each_turn(pos, visit, &p);
    return p.found;
}

int baseline_parse(const char *name, enum baseline_kind *out)
{
    if (strcmp(name, "random") == 0)
        *out = BASELINE_RANDOM;
    else if (strcmp(name, "greedy") == 0)
        *out = BASELINE_GREEDY;
    else
        return -1;
    return 0;
}

const char *baseline_name(enum baseline_kind kind) { return kind == BASELINE_GREEDY ? "greedy" : "random"; }
