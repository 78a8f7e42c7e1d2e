#include "protocol/match/match_report.h"

#include <string.h>
#include <strings.h>

void tally_game(struct match_tally *t, int first_won, enum fault_kind fault, int culprit)
{
    if (first_won > 0)
        t->score.wins++;
    else if (first_won < 0)
        t->score.losses++;
    else
        t->score.draws++;
    if (fault == FAULT_NONE || culprit < 0 || culprit > 1)
        return;
    struct engine_faults *f = &t->faults[culprit];
    switch (fault) {
    case FAULT_TIME: f->time_forfeits++; break;
    case FAULT_ILLEGAL: f->illegal++; break;
    case FAULT_CRASH: f->crashes++; break;
    case FAULT_CLAIM: f->false_claims++; break;
    default: f->errors++; break;
    }
}

enum fault_kind fault_from_pgn(const char *termination, const char *comment)
{
    if (!termination)
        return FAULT_NONE;
    if (strcasecmp(termination, "time forfeit") == 0)
        return FAULT_TIME;
    if (strcasecmp(termination, "abandoned") == 0)
        return FAULT_CRASH;
    if (strcasecmp(termination, "rules infraction") != 0)
        return FAULT_NONE;
    if (comment && strstr(comment, FAULT_WORDS_ILLEGAL))
        return FAULT_ILLEGAL;
    if (comment && strstr(comment, FAULT_WORDS_CLAIM))
        return FAULT_CLAIM;
    return FAULT_ERROR;
}

static void print_sprt(FILE *out, const struct wdl *s, const struct sprt_params *p, enum sprt_state state)
{
    double lower, upper;
    sprt_bounds(p, &lower, &upper);
    const char *words = state == SPRT_H1 ? "H1 accepted" : state == SPRT_H0 ? "H0 accepted" : "continue";
    fprintf(out, "SPRT: elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f (bounds %.3f, %.3f): %s\n", p->elo0, p->elo1,
            p->alpha, p->beta, sprt_llr(s, p), lower, upper, words);
}

void match_print_summary(FILE *out, const char *const names[2], const char *variant_id, const struct match_tally *t,
                         const struct sprt_params *sprt, enum sprt_state state)
{
    const struct wdl *s = &t->score;
    int n = wdl_games(s);
    char elo[16], err[16], lo[16], hi[16];
    elo_format(elo_diff(s), elo, sizeof elo);
    elo_format(elo_error95(s), err, sizeof err);
    fprintf(out, "Match: %s vs %s, variant %s, %d games\n", names[0], names[1], variant_id, n);
    fprintf(out, "%s: wins %d, draws %d, losses %d, score %.1f%%, draw ratio %.1f%%\n", names[0], s->wins, s->draws,
            s->losses, 100.0 * elo_score(s), n ? 100.0 * s->draws / n : 0.0);
    double lo95, hi95;
    elo_interval95(s, &lo95, &hi95);
    elo_format(lo95, lo, sizeof lo);
    elo_format(hi95, hi, sizeof hi);
    fprintf(out, "Elo difference: %s +/- %s (95%%: %s .. %s)\n", elo, err, lo, hi);
    fprintf(out, "LOS: %.1f%%\n", 100.0 * elo_los(s));
    if (sprt)
        print_sprt(out, s, sprt, state);
    for (int i = 0; i < 2; i++) {
        const struct engine_faults *f = &t->faults[i];
        fprintf(out, "%s: time forfeits %d, illegal moves %d, crashes %d, false claims %d, other errors %d\n",
                names[i], f->time_forfeits, f->illegal, f->crashes, f->false_claims, f->errors);
    }
}
