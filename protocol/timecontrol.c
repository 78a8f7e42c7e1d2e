#include "protocol/timecontrol.h"

#include <stdio.h>
#include <string.h>

#include "variants/core/text.h"

int64_t tc_clock_for_search(int64_t clock_ms)
{
    return clock_ms > TC_LAG_MARGIN_MS ? clock_ms - TC_LAG_MARGIN_MS : 1;
}

int tc_number(const char *s, double scale, int64_t hi, int64_t *out)
{
    double d;
    if (text_double(s, &d))
        return -1;
    double units = d * scale;
    if (units > (double)hi + 0.5)
        return -1;
    int64_t n = (int64_t)(units + 0.5);
    if (n == 0 && units > 0.0)
        n = 1;
    if (n > hi)
        return -1;
    *out = n;
    return 0;
}

void tc_init(struct time_control *tc)
{
    *tc = (struct time_control){.mps = 40, .base_ms = 5 * 60 * 1000, .own_ms = -1, .opp_ms = -1};
}

static int parse_base(const char *s, int64_t *ms)
{
    double minutes, seconds = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", s);
    char *colon = strchr(buf, ':');
    if (colon) {
        *colon = '\0';
        if (text_double(colon + 1, &seconds))
            return -1;
    }
    if (text_double(buf, &minutes))
        return -1;
    *ms = (int64_t)(minutes * 60000.0 + seconds * 1000.0 + 0.5);
    return 0;
}

int tc_parse_level(struct time_control *tc, const char *args)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", args);
    char *p = buf;
    char *mps = text_word(&p), *base = text_word(&p), *inc = text_word(&p);
    int64_t m, base_ms, inc_ms;
    if (*p || tc_number(mps, 1.0, 100000, &m) || parse_base(base, &base_ms) ||
        tc_number(inc, 1000.0, TC_MAX_MS, &inc_ms))
        return -1;
    if (base_ms == 0 && inc_ms == 0)
        return -1; /* a time control with no time at all */
    tc->mps = (int)m;
    tc->base_ms = base_ms;
    tc->inc_ms = inc_ms;
    tc->st_ms = 0;
    tc->own_ms = tc->opp_ms = -1;
    return 0;
}

/* A rough per-move budget for `nps` mode, where the clock counts nodes. */
static int64_t nps_budget_ms(int64_t left, int64_t inc, int movestogo)
{
    int64_t share = left / (movestogo > 0 ? movestogo + 1 : 30) + inc * 3 / 4;
    return share > 1 ? share : 1;
}

void tc_limits(const struct time_control *tc, int side, int moves_made, struct search_limits *l)
{
    l->depth = tc->depth;
    if (tc->st_ms > 0 && tc->nps > 0) {
        /* `nps N` with `st S`: S*N nodes a move (python-chess's node limit is `nps 1` and `st NODES`). */
        uint64_t st = (uint64_t)tc->st_ms, nps = (uint64_t)tc->nps;
        uint64_t nodes = nps > UINT64_MAX / st ? UINT64_MAX : st * nps / 1000;
        l->nodes = nodes > 0 ? nodes : 1;
        return;
    }
    if (tc->st_ms > 0) {
        int64_t t = tc->st_ms - 50;
        l->movetime_ms = t > 10 ? t : 10;
        return;
    }
    int movestogo = tc->mps > 0 ? tc->mps - moves_made % tc->mps : 0;
    int64_t own = tc->own_ms >= 0 ? tc->own_ms : tc->base_ms;
    int64_t opp = tc->opp_ms >= 0 ? tc->opp_ms : tc->base_ms;
    if (tc->nps > 0) {
        int64_t budget = nps_budget_ms(own, tc->inc_ms, movestogo);
        uint64_t nodes = (uint64_t)budget * (uint64_t)tc->nps / 1000;
        l->nodes = nodes > 0 ? nodes : 1;
        return;
    }
    l->time_ms[side] = tc_clock_for_search(own);
    l->time_ms[side ^ 1] = tc_clock_for_search(opp);
    l->inc_ms[0] = l->inc_ms[1] = tc->inc_ms;
    l->movestogo = movestogo;
}

int64_t tc_move_budget_ms(const struct time_control *tc, int moves_made)
{
    if (tc->st_ms > 0)
        return tc->st_ms;
    int movestogo = tc->mps > 0 ? tc->mps - moves_made % tc->mps : 0;
    return nps_budget_ms(tc->own_ms >= 0 ? tc->own_ms : tc->base_ms, tc->inc_ms, movestogo);
}
