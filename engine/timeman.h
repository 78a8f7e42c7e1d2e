/* Rule Zero: time management.
 *
 * From the limits of one search, decides two budgets measured from the
 * moment the search starts: the soft limit (do not begin another iteration
 * after it) and the hard limit (abort the iteration in progress). Both stay
 * inside the clock minus a safety reserve, so the engine never loses on
 * time, even at 50 ms left. No turn takes more than a twentieth of the
 * clock plus the increment (the overhead included). */
#ifndef RULEZERO_TIMEMAN_H
#define RULEZERO_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/search.h"

struct time_budget {
    bool limited;      /* false: only depth, nodes or stop end the search */
    bool fixed;        /* a fixed time per move: iterate until the hard limit */
    int64_t soft_ms;
    int64_t hard_ms;
};

/* The move overhead when the limits leave it to the engine, in ms; the
 * `Move Overhead` option's default. */
#define TIMEMAN_DEFAULT_OVERHEAD_MS 30
#define TIMEMAN_MAX_OVERHEAD_MS 5000

/* Budget for `side` (WHITE or BLACK) under `limits`. */
struct time_budget timeman_budget(const struct search_limits *limits, int side);

/* The part of the soft limit to use, in per mille: more while the best
 * first step keeps changing between iterations or the score falls, less
 * once the best step has stayed the same for `stable` iterations.
 * `drop` is how many centipawns the score fell in the last iteration. */
int timeman_soft_permille(int stable, int drop);

/* When a search may end, after an iteration: the soft limit scaled by
 * timeman_soft_permille, but never past the hard limit (an iteration that
 * would end later is cut off there, its work mostly lost). */
int64_t timeman_iteration_target(const struct time_budget *b, int stable, int drop);

#endif
