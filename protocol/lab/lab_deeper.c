/* `rulezero lab --confirm-deeper`: whether a study's answers hold when the
 * same games (the same openings, conditions and values) are played one ply
 * deeper. An answer is the direction of one figure between two values: does
 * White score more, do games draw more, last longer, end more often by mate,
 * under the second value than under the first? Self-play at a small depth
 * measures how Rule Zero plays the rules at that depth; an answer that flips
 * one ply deeper is one about the depth, not about the rules. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/lab/lab_config.h"

struct figure {
    char name[64];
    bool percent;
    struct interval (*of)(const struct lab_tally *t, int end);
    int end;
};

static struct interval white_score(const struct lab_tally *t, int end)
{
    (void)end;
    return lab_white_score(t);
}

static struct interval draw_rate(const struct lab_tally *t, int end)
{
    (void)end;
    return lab_wilson(t->draws, t->games);
}

static struct interval length(const struct lab_tally *t, int end)
{
    (void)end;
    return lab_length(t);
}

static struct interval end_share(const struct lab_tally *t, int end)
{
    return lab_wilson(t->ends[end], t->games);
}

/* White's score, the draw rate, the length, and each way of ending seen at either depth. */
static int figures(const struct lab_config *c, const struct lab_tally *base, const struct lab_tally *deeper,
                   struct figure *out)
{
    int n = 0;
    out[n++] = (struct figure){"White's score", true, white_score, 0};
    out[n++] = (struct figure){"draw rate", true, draw_rate, 0};
    out[n++] = (struct figure){"length", false, length, 0};
    for (int e = 0; e < LAB_END_KINDS; e++) {
        int seen = 0;
        for (int v = 0; v < c->value_count; v++)
            seen += base[v].ends[e] + deeper[v].ends[e];
        if (seen) {
            out[n] = (struct figure){"", true, end_share, e};
            snprintf(out[n].name, sizeof out[n].name, "%s", lab_end_names[e]);
            n++;
        }
    }
    return n;
}

static int sign(double x)
{
    return x > 1e-9 ? 1 : x < -1e-9 ? -1 : 0;
}

static bool apart(struct interval a, struct interval b)
{
    return a.high < b.low || b.high < a.low;
}

int lab_answers(const struct lab_config *c, const struct lab_tally *base, const struct lab_tally *deeper,
                struct lab_answer *out, int max)
{
    struct figure fig[3 + LAB_END_KINDS];
    int figure_count = figures(c, base, deeper, fig), n = 0;
    for (int k = 0; k < figure_count; k++)
        for (int i = 0; i < c->value_count; i++)
            for (int j = i + 1; j < c->value_count && n < max; j++) {
                struct interval bi = fig[k].of(&base[i], fig[k].end), bj = fig[k].of(&base[j], fig[k].end);
                struct interval di = fig[k].of(&deeper[i], fig[k].end), dj = fig[k].of(&deeper[j], fig[k].end);
                double scale = fig[k].percent ? 100 : 1;
                struct lab_answer *a = &out[n++];
                snprintf(a->figure, sizeof a->figure, "%.63s", fig[k].name);
                a->from = i;
                a->to = j;
                a->base = scale * (bj.value - bi.value);
                a->deeper = scale * (dj.value - di.value);
                a->base_clear = apart(bi, bj);
                a->deeper_clear = apart(di, dj);
                a->verdict = sign(a->base) * sign(a->deeper);
            }
    return n;
}

const char *lab_verdict_name(int verdict)
{
    return verdict > 0 ? "holds" : verdict < 0 ? "flips" : "no direction at one depth";
}

static void append(char *out, size_t len, const char *fmt, ...)
{
    size_t used = strlen(out);
    va_list ap;
    va_start(ap, fmt);
    if (used < len)
        vsnprintf(out + used, len - used, fmt, ap);
    va_end(ap);
}

void lab_answers_summary(const struct lab_config *c, const struct lab_answer *a, int n, char *out, size_t len)
{
    int holds = 0, flips = 0, clear = 0, clear_holds = 0;
    for (int i = 0; i < n; i++) {
        holds += a[i].verdict > 0;
        flips += a[i].verdict < 0;
        clear += a[i].base_clear;
        clear_holds += a[i].base_clear && a[i].verdict > 0;
    }
    snprintf(out, len, "%s: %d of %d answers hold, %d flip, %d without a direction at one depth; of the %d clear "
                       "ones (95%% intervals apart), %d hold",
             flips ? "answers flip" : holds == n ? "every answer holds" : "no answer flips", holds, n, flips, n - holds - flips, clear, clear_holds);
    int shown = 0;
    for (int i = 0; i < n && shown < 12; i++) {
        if (a[i].verdict >= 0)
            continue;
        append(out, len, "%s %s, %s to %s: %+.1f, deeper %+.1f%s", shown ? ";" : ". Flipping:", a[i].figure,
               c->values[a[i].from], c->values[a[i].to], a[i].base, a[i].deeper,
               a[i].base_clear ? " (clear before)" : "");
        shown++;
    }
    if (flips > shown)
        append(out, len, "; ...");
}

struct lab_answer *lab_answers_made(const struct lab_config *c, const struct lab_tally *base,
                                    const struct lab_tally *deeper, int *n, char *summary, size_t len)
{
    struct lab_answer *a = calloc(LAB_MAX_ANSWERS, sizeof *a);
    *n = a ? lab_answers(c, base, deeper, a, LAB_MAX_ANSWERS) : 0;
    if (a)
        lab_answers_summary(c, a, *n, summary, len);
    return a;
}
