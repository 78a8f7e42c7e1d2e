/* Rule Zero: the logistic fit behind `rulezero tune` (Texel's method).
 *
 * A sample is a position whose evaluation (centipawns, one side's view) is
 * paired with the game's result for that side (1 win, 0.5 draw, 0 loss). The
 * predicted result is sigmoid(s) = 1 / (1 + 10^(-k s / 400)); the error is the
 * mean squared difference. First k is fitted with the weights as they are,
 * then the weights, k fixed, by local search: each weight in turn is moved up
 * or down by its step while that lowers the error; steps start at 1/16 of a
 * weight's range and halve when a pass changes nothing, down to 1. Everything
 * is deterministic. */
#ifndef RULEZERO_TUNE_FIT_H
#define RULEZERO_TUNE_FIT_H

#include <stdio.h>

struct tune_set {
    int count;
    const double *target;            /* per sample: the result for the side its score speaks for */
    int (*score)(void *ctx, int i);  /* per sample: the evaluation with the current weights */
    void (*changed)(void *ctx);      /* optional: called after a weight changes, before scoring */
    void *ctx;
};

struct tune_weight {
    const char *name;
    int *value;
    int min, max;
};

double tune_sigmoid(double k, double score);
/* Mean squared error over the set with the current weights. */
double tune_error(const struct tune_set *s, double k);
/* The k in (0, 10] with the least error, to three decimals. */
double tune_fit_k(const struct tune_set *s);
/* At most `passes` passes over the weights (each pass tries every weight up
 * and down); stops early when no step lowers the error. Prints one line per
 * pass to `log` (NULL: quiet). Returns the error at the end; the weights keep
 * their best values. */
double tune_search(const struct tune_set *s, double k, const struct tune_weight *w, int n, int passes, FILE *log);

#endif
