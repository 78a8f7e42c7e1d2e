/* Playing weaker. A skill level below SKILL_MAX caps the depth, ends the
 * search after a number of nodes that doubles every few levels, searches a
 * few candidate lines (MultiPV) and plays one of those within a margin of the
 * best, chosen with noise. Every candidate is a legal turn the search scored;
 * a mate found is always played and a line that loses to mate never is. */
#include "engine/search_internal.h"

#include <math.h>

#define SKILL_CANDIDATES 4
#define SKILL_BASE_NODES 64.0

struct skill_plan skill_plan_for(int skill)
{
    struct skill_plan p = {false, 0, 0, 1};
    if (skill >= SKILL_MAX || skill < 0)
        return p;
    p.active = true;
    p.depth = 2 + skill / 2;
    p.nodes = (uint64_t)(SKILL_BASE_NODES * pow(2.0, 0.6 * skill));
    p.candidates = SKILL_CANDIDATES;
    return p;
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

int skill_choose(int skill, const struct pv_line *lines, int count, uint64_t *rng)
{
    int weakness = SKILL_MAX - skill;
    int margin = 20 + 12 * weakness;
    int noise = 10 * weakness;
    int top = lines[0].score;
    if (top > SCORE_MATE_BOUND)
        return 0;
    int chosen = 0, chosen_value = -SCORE_INFINITE;
    for (int i = 0; i < count; i++) {
        if (lines[i].score < top - margin || lines[i].score < -SCORE_MATE_BOUND)
            continue;
        int value = lines[i].score + (int)(next_random(rng) % (uint64_t)(noise + 1));
        if (value > chosen_value) {
            chosen = i;
            chosen_value = value;
        }
    }
    return chosen;
}

int skill_for_elo(int elo)
{
    if (elo <= STRENGTH_ELO_MIN)
        return 0;
    if (elo >= STRENGTH_ELO_MAX)
        return SKILL_MAX;
    return (elo - STRENGTH_ELO_MIN) * SKILL_MAX / (STRENGTH_ELO_MAX - STRENGTH_ELO_MIN);
}
