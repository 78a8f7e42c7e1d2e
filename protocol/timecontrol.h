/* Rule Zero: CECP time controls (`level`, `st`, `sd`, `nps`, `time`, `otim`)
 * turned into search limits. */
#ifndef RULEZERO_TIMECONTROL_H
#define RULEZERO_TIMECONTROL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/search.h"

struct time_control {
    int mps;           /* moves per session, 0: incremental / sudden death */
    int64_t base_ms;
    int64_t inc_ms;
    int64_t st_ms;     /* fixed time per move (`st`), 0: none */
    int depth;         /* `sd`, 0: none */
    int64_t nps;       /* `nps`, 0: real time */
    int64_t own_ms;    /* last `time`, -1: not received since the last `level`/`new` */
    int64_t opp_ms;    /* last `otim` */
};

/* What the GUI's clock loses to pipes and a loaded machine beyond what the
 * search measures: the clock the search is told is this much shorter, so
 * that near the flag it moves at once instead of spending its increment. */
#define TC_LAG_MARGIN_MS 100
int64_t tc_clock_for_search(int64_t clock_ms);

/* The largest time a CECP command may give, in milliseconds (about 35 years). */
#define TC_MAX_MS (INT64_C(1) << 40)

/* A number of a CECP command: decimals are allowed ("st 0.5", "sd 3.0"); the
 * value times `scale` is rounded to the nearest whole unit, half up, and a
 * positive value is at least 1 unit. 0, or -1 (nothing written) when `s` is
 * not a number >= 0 or the units exceed `hi`. */
int tc_number(const char *s, double scale, int64_t hi, int64_t *out);

void tc_init(struct time_control *tc); /* XBoard's default: 40 moves in 5 minutes */
/* Parses `MPS BASE INC` (BASE is MIN or MIN:SS, INC seconds, maybe fractional). */
int tc_parse_level(struct time_control *tc, const char *args);
/* Fills the limits for the engine, playing `side`, which has made `moves_made` turns. */
void tc_limits(const struct time_control *tc, int side, int moves_made, struct search_limits *l);
/* The time one move may take, in ms: `st`, else a share of our clock (a
 * player that splits its time itself: a game with a hidden setting). */
int64_t tc_move_budget_ms(const struct time_control *tc, int moves_made);

#endif
