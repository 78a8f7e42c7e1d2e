#include "engine/elo.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/text.h"

#define Z95 1.959963984540054

double elo_score(const struct wdl *r)
{
    int n = wdl_games(r);
    return n ? (r->wins + 0.5 * r->draws) / n : 0.5;
}

double elo_from_score(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double elo_diff(const struct wdl *r) { return elo_from_score(elo_score(r)); }

/* Variance of one game's score around the mean. */
static double score_variance(const struct wdl *r, double mean)
{
    int n = wdl_games(r);
    if (!n)
        return 0.0;
    double w = (1.0 - mean) * (1.0 - mean), d = (0.5 - mean) * (0.5 - mean), l = mean * mean;
    return (r->wins * w + r->draws * d + r->losses * l) / n;
}

void elo_interval95(const struct wdl *r, double *lo, double *hi)
{
    int n = wdl_games(r);
    if (!n) {
        *lo = -INFINITY;
        *hi = INFINITY;
        return;
    }
    double mean = elo_score(r);
    double dev = Z95 * sqrt(score_variance(r, mean) / n);
    *lo = elo_from_score(mean - dev);
    *hi = elo_from_score(mean + dev);
}

double elo_error95(const struct wdl *r)
{
    double lo, hi;
    elo_interval95(r, &lo, &hi);
    if (isinf(hi) || isinf(lo))
        return INFINITY;
    return (hi - lo) / 2.0;
}

double elo_los(const struct wdl *r)
{
    if (r->wins + r->losses == 0)
        return 0.5;
    return 0.5 * (1.0 + erf((r->wins - r->losses) / sqrt(2.0 * (r->wins + r->losses))));
}

int sprt_parse(const char *text, struct sprt_params *out)
{
    struct sprt_params p = {0.0, 5.0, 0.05, 0.05};
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    char *rest = buf;
    for (char *item = text_token(&rest, ","); item; item = text_token(&rest, ",")) {
        char *eq = strchr(item, '=');
        if (!eq)
            return -1;
        *eq = '\0';
        char *end;
        double value = strtod(eq + 1, &end);
        if (end == eq + 1 || *end)
            return -1;
        if (strcmp(item, "elo0") == 0)
            p.elo0 = value;
        else if (strcmp(item, "elo1") == 0)
            p.elo1 = value;
        else if (strcmp(item, "alpha") == 0)
            p.alpha = value;
        else if (strcmp(item, "beta") == 0)
            p.beta = value;
        else
            return -1;
    }
    if (p.alpha <= 0 || p.alpha >= 1 || p.beta <= 0 || p.beta >= 1 || p.elo0 >= p.elo1)
        return -1;
    *out = p;
    return 0;
}

static double score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double sprt_llr(const struct wdl *r, const struct sprt_params *p)
{
    int n = wdl_games(r);
    if (!n)
        return 0.0;
    double mean = elo_score(r);
    double var = score_variance(r, mean);
    if (var <= 0.0)
        return 0.0;
    double s0 = score_from_elo(p->elo0), s1 = score_from_elo(p->elo1);
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
}

void sprt_bounds(const struct sprt_params *p, double *lower, double *upper)
{
    *lower = log(p->beta / (1.0 - p->alpha));
    *upper = log((1.0 - p->beta) / p->alpha);
}

enum sprt_state sprt_decide(const struct wdl *r, const struct sprt_params *p)
{
    double lo, hi, llr = sprt_llr(r, p);
    sprt_bounds(p, &lo, &hi);
    if (llr >= hi)
        return SPRT_H1;
    if (llr <= lo)
        return SPRT_H0;
    return SPRT_CONTINUE;
}

void elo_format(double elo, char *out, int n)
{
    if (isinf(elo))
        snprintf(out, (size_t)n, "%sinf", elo > 0 ? "+" : "-");
    else
        snprintf(out, (size_t)n, "%.1f", fabs(elo) < 0.05 ? 0.0 : elo);
}
