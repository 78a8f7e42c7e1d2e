#include "protocol/learn/tune_fit.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

double tune_sigmoid(double k, double score) { return 1.0 / (1.0 + pow(10.0, -k * score / 400.0)); }

/* The error from scores computed once, for any k. */
static double error_of_scores(const struct tune_set *s, const int *scores, double k)
{
    double sum = 0;
    for (int i = 0; i < s->count; i++) {
        double d = s->target[i] - tune_sigmoid(k, scores[i]);
        sum += d * d;
    }
    return s->count ? sum / s->count : 0;
}

double tune_error(const struct tune_set *s, double k)
{
    double sum = 0;
    for (int i = 0; i < s->count; i++) {
        double d = s->target[i] - tune_sigmoid(k, s->score(s->ctx, i));
        sum += d * d;
    }
    return s->count ? sum / s->count : 0;
}

/* Best k on the grid lo, lo + step, ..., hi (the first of equals). */
static double scan_k(const struct tune_set *s, const int *scores, double lo, double hi, double step)
{
    double best_k = lo, best = error_of_scores(s, scores, lo);
    int n = (int)lround((hi - lo) / step);
    for (int i = 1; i <= n; i++) {
        double k = lo + i * step, e = error_of_scores(s, scores, k);
        if (e < best) {
            best = e;
            best_k = k;
        }
    }
    return best_k;
}

double tune_fit_k(const struct tune_set *s)
{
    int *scores = malloc(sizeof *scores * (size_t)(s->count ? s->count : 1));
    if (!scores)
        return 1.0;
    for (int i = 0; i < s->count; i++)
        scores[i] = s->score(s->ctx, i);
    double k = scan_k(s, scores, 0.1, 10.0, 0.1);
    k = scan_k(s, scores, fmax(0.01, k - 0.1), k + 0.1, 0.01);
    k = scan_k(s, scores, fmax(0.001, k - 0.01), k + 0.01, 0.001);
    free(scores);
    return k;
}

static int step_of(const struct tune_weight *w, int shift)
{
    int step = (w->max - w->min) >> shift;
    return step < 1 ? 1 : step;
}

/* Sets a weight (clamped to its range); false when that changes nothing. */
static bool set_weight(const struct tune_set *s, const struct tune_weight *w, int value)
{
    if (value < w->min)
        value = w->min;
    if (value > w->max)
        value = w->max;
    if (value == *w->value)
        return false;
    *w->value = value;
    if (s->changed)
        s->changed(s->ctx);
    return true;
}

/* Tries one weight up, then down, by its step; keeps a move that lowers the error. */
static bool improve(const struct tune_set *s, double k, const struct tune_weight *w, int step, double *error)
{
    int old = *w->value;
    for (int dir = 1; dir >= -1; dir -= 2) {
        if (!set_weight(s, w, old + dir * step))
            continue;
        double e = tune_error(s, k);
        if (e < *error) {
            *error = e;
            return true;
        }
        set_weight(s, w, old);
    }
    return false;
}

double tune_search(const struct tune_set *s, double k, const struct tune_weight *w, int n, int passes, FILE *log)
{
    double error = tune_error(s, k);
    int shift = 4;
    for (int pass = 1; pass <= passes; pass++) {
        int moved = 0;
        for (int i = 0; i < n; i++)
            moved += improve(s, k, &w[i], step_of(&w[i], shift), &error);
        if (log)
            fprintf(log, "pass %d: %d weights moved, error %.6f\n", pass, moved, error);
        if (moved)
            continue;
        bool all_unit = true;
        for (int i = 0; i < n; i++)
            all_unit &= step_of(&w[i], shift) == 1;
        if (all_unit)
            break;
        shift++;
    }
    return error;
}
