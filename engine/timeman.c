#include "engine/timeman.h"

/* Moves we plan for when the time control does not say (sudden death). */
#define DEFAULT_MOVES_TO_GO 25
#define MAX_MOVES_TO_GO 50

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Time the GUI, the pipes and a loaded machine may take between our move
 * and the clock stopping (the `Move Overhead` option). */
static int64_t overhead_of(const struct search_limits *l)
{
    return l->move_overhead_ms < 0 ? TIMEMAN_DEFAULT_OVERHEAD_MS : min64(l->move_overhead_ms, TIMEMAN_MAX_OVERHEAD_MS);
}

/* What must stay on the clock after this move: the overhead plus a
 * twentieth of the clock, but never more than half of what is left. */
static int64_t reserve_of(int64_t clock, int64_t overhead)
{
    return min64(overhead + clock / 20, clock / 2);
}

static struct time_budget clock_budget(const struct search_limits *l, int side)
{
    struct time_budget b = {true, false, 1, 1};
    int64_t clock = l->time_ms[side];
    int64_t inc = l->inc_ms[side] > 0 ? l->inc_ms[side] : 0;
    int64_t avail = max64(1, clock - reserve_of(clock, overhead_of(l)));
    int64_t mtg = l->movestogo > 0 ? min64(l->movestogo, MAX_MOVES_TO_GO) : DEFAULT_MOVES_TO_GO;
    /* The increment arrives after the move, so it can be spent now, except
     * when the clock is already nearly empty. */
    int64_t soft = avail / mtg + (inc * 3) / 4;
    if (mtg == 1)
        soft = avail / 2 + (inc * 3) / 4;
    soft = min64(soft, avail / 2);
    int64_t hard = min64(soft * 3, (avail * 4) / 5);
    if (mtg == 1)
        hard = min64(hard, avail);
    b.soft_ms = max64(1, soft);
    b.hard_ms = max64(b.soft_ms, hard);
    return b;
}

struct time_budget timeman_budget(const struct search_limits *l, int side)
{
    struct time_budget none = {false, false, 0, 0};
    if (l->infinite)
        return none;
    if (l->movetime_ms > 0) {
        /* Fixed time per move: use it all but a small margin. */
        int64_t margin = min64(10, l->movetime_ms / 10);
        int64_t t = max64(1, l->movetime_ms - margin);
        return (struct time_budget){true, true, t, t};
    }
    if (side >= 0 && side <= 1 && l->time_ms[side] >= 0)
        return clock_budget(l, side);
    return none;
}

int timeman_soft_permille(int stable, int drop)
{
    static const int by_stability[] = {2000, 1400, 1100, 900, 750};
    int last = (int)(sizeof by_stability / sizeof by_stability[0]) - 1;
    int permille = by_stability[stable < last ? stable : last];
    if (drop >= 25)
        permille += permille / 4;
    return permille;
}
