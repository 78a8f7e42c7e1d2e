/* Rule Zero: a match's tally (score from the first engine's side, each
 * engine's faults) and its printed summary, shared by `rulezero match` and
 * `rulezero match --merge`, so that a merged result reads exactly like the
 * match it came from. */
#ifndef RULEZERO_MATCH_REPORT_H
#define RULEZERO_MATCH_REPORT_H

#include <stdio.h>

#include "engine/elo.h"

/* Words of the closing comment that name a fault under "rules infraction"
 * (the runner writes them; --merge reads them back). */
#define FAULT_WORDS_ILLEGAL "by an illegal move"
#define FAULT_WORDS_CLAIM "by a false claim"

/* How a game ended, as far as the counters care. */
enum fault_kind { FAULT_NONE, FAULT_TIME, FAULT_ILLEGAL, FAULT_CRASH, FAULT_CLAIM, FAULT_ERROR };

struct engine_faults {
    int time_forfeits, illegal, crashes, false_claims, errors;
};

struct match_tally {
    struct wdl score;                 /* from the first engine's side */
    struct engine_faults faults[2];   /* by engine */
};

/* Counts one game: first_won is +1 (the first engine won), 0 (draw) or -1;
 * the fault, if any, is charged to engine `culprit`. */
void tally_game(struct match_tally *t, int first_won, enum fault_kind fault, int culprit);

/* The fault behind a PGN game's end, from its Termination tag and closing
 * comment (the words the runner writes). */
enum fault_kind fault_from_pgn(const char *termination, const char *comment);

/* Prints "Match: A vs B, variant V, N games", the score, Elo with its 95%
 * interval, LOS, the SPRT line when sprt is not NULL, and each engine's faults. */
void match_print_summary(FILE *out, const char *const names[2], const char *variant_id, const struct match_tally *t,
                         const struct sprt_params *sprt, enum sprt_state state);

#endif
