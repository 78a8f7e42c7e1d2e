/* Rule Zero: match statistics. Elo from a win/draw/loss record (logistic
 * model), its 95% interval, the likelihood of superiority, and a sequential
 * probability ratio test (GSPRT, normal approximation of the trinomial). */
#ifndef RULEZERO_ELO_H
#define RULEZERO_ELO_H

#include <stdbool.h>

struct wdl {
    int wins;
    int draws;
    int losses;
};

static inline int wdl_games(const struct wdl *r) { return r->wins + r->draws + r->losses; }

/* Mean score per game, 0..1 (0.5 when no games). */
double elo_score(const struct wdl *r);
/* Elo difference for a score: -400 log10(1/s - 1); +-INFINITY at 1 and 0. */
double elo_from_score(double score);
/* Elo difference of the record (positive: the first player is stronger). */
double elo_diff(const struct wdl *r);
/* The 95% interval in Elo: the Elo of the score's bounds, so it is not
 * symmetric, and a bound is infinite when the score's bound passes 0 or 1
 * (a lower bound still says something at a near-perfect score). */
void elo_interval95(const struct wdl *r, double *lo, double *hi);
/* Half-width of the 95% interval in Elo (INFINITY when it cannot be bounded). */
double elo_error95(const struct wdl *r);
/* Likelihood of superiority, 0..1: Phi((W - L) / sqrt(W + L)). */
double elo_los(const struct wdl *r);

struct sprt_params {
    double elo0, elo1, alpha, beta;
};

enum sprt_state { SPRT_CONTINUE = 0, SPRT_H0, SPRT_H1 };

/* Parses "elo0=0,elo1=5,alpha=0.05,beta=0.05" (any order, any subset over
 * these defaults). 0 on success, -1 on a bad entry. */
int sprt_parse(const char *text, struct sprt_params *out);
/* Log-likelihood ratio of H1 (elo1) against H0 (elo0). */
double sprt_llr(const struct wdl *r, const struct sprt_params *p);
/* lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha). */
void sprt_bounds(const struct sprt_params *p, double *lower, double *upper);
enum sprt_state sprt_decide(const struct wdl *r, const struct sprt_params *p);

/* "12.3", "+inf" or "-inf". */
void elo_format(double elo, char *out, int n);

#endif
