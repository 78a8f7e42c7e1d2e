#include "engine/timeman.h"

/* Moves we plan for when the time control does not say (sudden death). */
#define DEFAULT_MOVES_TO_GO 25
#define MAX_MOVES_TO_GO 50
/* No turn takes more than 1/TURN_SHARE of the clock, plus the increment. */
#define TURN_SHARE 20

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

/* The most one turn may take, the overhead included: a twentieth of the
 * clock plus the increment (a larger share when fewer moves than that are
 * left in the session). Without it, the hard limit (three soft limits) and
 * a changing best step (twice the soft limit) let one turn take a ninth of
 * the clock: some 25 s a turn at 5+0 in Nick Danger, whose iterations are
 * few and long. */
static int64_t turn_ceiling(int64_t clock, int64_t inc, int64_t overhead, int64_t movestogo)
{
    int64_t share = movestogo > 0 ? min64(movestogo, TURN_SHARE) : TURN_SHARE;
    return max64(1, clock / share + inc - overhead);
}

static struct time_budget clock_budget(const struct search_limits *l, int side)
{
    struct time_budget b = {true, false, 1, 1};
    int64_t clock = l->time_ms[side];
    int64_t inc = l->inc_ms[side] > 0 ? l->inc_ms[side] : 0;
    int64_t overhead = overhead_of(l);
    int64_t avail = max64(1, clock - reserve_of(clock, overhead));
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
    hard = min64(hard, turn_ceiling(clock, inc, overhead, l->movestogo));
    b.hard_ms = max64(1, hard);
    b.soft_ms = max64(1, min64(soft, b.hard_ms));
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

int64_t timeman_iteration_target(const struct time_budget *b, int stable, int drop)
{
    return min64(b->soft_ms * timeman_soft_permille(stable, drop) / 1000, b->hard_ms);
}
