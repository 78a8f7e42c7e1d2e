/* `rulezero tune`: fits a variant's evaluation weights to positions from
 * `rulezero tune-data` (protocol/learn/tune_fit.h) and writes a weights file. */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/eval_params.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "protocol/match/options_table.h"
#include "protocol/learn/tune.h"
#include "protocol/learn/tune_fit.h"
#include "protocol/learn/tune_weights.h"

#define CMD "tune"

struct tune_options {
    const char *variant, *data, *weights, *out;
    int64_t iterations;
    double k; /* 0: fit it */
};

/* The positions as FEN text (a position is too large to keep thousands), read again to score. */
struct samples {
    struct settings settings;
    char **fens;
    double *target;
    int count, capacity;
    struct position *scratch;
};

static int score_sample(void *ctx, int i)
{
    struct samples *s = ctx;
    if (fen_read_with(s->scratch, &s->settings, s->fens[i], NULL, 0))
        return 0;
    return s->scratch->variant->evaluate(s->scratch);
}

static void weights_changed(void *ctx)
{
    struct samples *s = ctx;
    eval_params_changed(s->settings.variant->eval_params);
}

static double result_value(const char *text)
{
    if (strcmp(text, "1-0") == 0)
        return 1.0;
    if (strcmp(text, "0-1") == 0)
        return 0.0;
    if (strcmp(text, "1/2-1/2") == 0)
        return 0.5;
    return -1;
}

static int add_sample(struct samples *s, const char *fen, double white_result)
{
    if (s->count == s->capacity) {
        int cap = s->capacity ? 2 * s->capacity : 1024;
        char **fens = realloc(s->fens, sizeof *fens * (size_t)cap);
        double *target = fens ? realloc(s->target, sizeof *target * (size_t)cap) : NULL;
        if (fens)
            s->fens = fens;
        if (!target)
            return -1;
        s->target = target;
        s->capacity = cap;
    }
    if (!(s->fens[s->count] = strdup(fen)))
        return -1;
    s->target[s->count++] = s->scratch->side == WHITE ? white_result : 1.0 - white_result;
    return 0;
}

/* One line `FEN ;result R`: 0, or -1 with a message. */
static int read_sample(struct samples *s, char *line, char *err, size_t errlen)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *mark = strstr(line, " ;result ");
    if (!mark)
        return snprintf(err, errlen, "expected 'FEN ;result R'"), -1;
    *mark = '\0';
    double r = result_value(mark + strlen(" ;result "));
    if (r < 0)
        return snprintf(err, errlen, "bad result '%s' (1-0, 0-1 or 1/2-1/2)", mark + strlen(" ;result ")), -1;
    if (fen_read_with(s->scratch, &s->settings, line, err, errlen))
        return -1;
    if (add_sample(s, line, r))
        return snprintf(err, errlen, "out of memory"), -1;
    return 0;
}

static int load_samples(struct samples *s, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return perror(path), -1;
    char line[FEN_MAX_LEN + 64], err[VARIANT_ERR_LEN];
    int rc = 0;
    for (int number = 1; rc == 0 && fgets(line, sizeof line, f); number++)
        if (line[0] != '\n' && line[0] != '#' && read_sample(s, line, err, sizeof err)) {
            fprintf(stderr, "rulezero " CMD ": %s:%d: %s\n", path, number, err);
            rc = -1;
        }
    fclose(f);
    if (rc == 0 && s->count == 0) {
        fprintf(stderr, "rulezero " CMD ": %s: no positions\n", path);
        rc = -1;
    }
    return rc;
}

static void free_samples(struct samples *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->fens[i]);
    free(s->fens);
    free(s->target);
    free(s->scratch);
    settings_free(&s->settings);
}

static int write_weights(const struct tune_options *o, const struct variant *v, const char *comment)
{
    FILE *out = o->out ? fopen(o->out, "w") : stdout;
    if (!out)
        return perror(o->out), 1;
    weights_write(out, v, comment);
    if (o->out && fclose(out))
        return perror(o->out), 1;
    return 0;
}

/* Fits and reports; the weights keep the fitted values. */
static int fit(const struct tune_options *o, struct samples *s)
{
    const struct eval_params *t = s->settings.variant->eval_params;
    struct tune_weight *w = malloc(sizeof *w * (size_t)t->count);
    if (!w)
        return 1;
    for (int i = 0; i < t->count; i++)
        w[i] = (struct tune_weight){t->params[i].name, t->params[i].value, t->params[i].min, t->params[i].max};
    struct tune_set set = {s->count, s->target, score_sample, weights_changed, s};
    double k = o->k > 0 ? o->k : tune_fit_k(&set);
    double before = tune_error(&set, k);
    printf("positions %d\nK %.3f\nerror before %.6f\n", s->count, k, before);
    fflush(stdout);
    double after = tune_search(&set, k, w, t->count, (int)o->iterations, o->out ? stdout : stderr);
    printf("error after %.6f\n", after);
    free(w);
    char comment[256];
    snprintf(comment, sizeof comment, "rulezero tune: %d positions, K %.3f, error %.6f -> %.6f", s->count, k, before,
             after);
    return write_weights(o, s->settings.variant, comment);
}

static int run(const struct tune_options *o, const struct variant *v)
{
    char err[VARIANT_ERR_LEN];
    if (o->weights) {
        const struct variant *named;
        if (weights_load(o->weights, &named, err, sizeof err))
            return fprintf(stderr, "rulezero " CMD ": %s\n", err), 1;
        if (named->eval_params != v->eval_params)
            return fprintf(stderr, "rulezero " CMD ": %s holds weights of %s, not %s\n", o->weights, named->id, v->id),
                   1;
    }
    struct samples s = {0};
    s.scratch = malloc(sizeof *s.scratch);
    if (!s.scratch || settings_init(&s.settings, v, err, sizeof err)) {
        free(s.scratch);
        return 1;
    }
    int rc = load_samples(&s, o->data) ? 1 : fit(o, &s);
    free_samples(&s);
    return rc;
}

static int set_scale(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct tune_options *o = ctx;
    if (text_double(arg, &o->k) || !(o->k > 0 && o->k <= 100))
        return tune_usage_error(CMD, "bad scale '%s' (expected a number in (0, 100])", arg);
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct tune_options, field)

static const struct options_table_entry tune_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero tune --variant V --data FILE [OPTIONS]\n"
             "\n"
             "Fits the variant's evaluation weights to the results of the games the\n"
             "positions of FILE come from (lines `FEN ;result R`, as `rulezero tune-data`\n"
             "writes them): first the logistic scale K, then the weights by local search\n"
             "on the mean squared error between sigmoid(K * eval) and the result. Prints\n"
             "the error before and after, and writes the weights as a weights file, which\n"
             "`rulezero --weights FILE` loads.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the variant (one with tunable weights)", KEEP(TEXT, variant)},
    {"data", 'd', OPTIONS_TABLE_TEXT, "FILE", "the positions", KEEP(TEXT, data)},
    {"iterations", 'i', OPTIONS_TABLE_NUMBER, "N", "passes over the weights at most (default 20; 0: error only)", 0,
     100000, "bad iteration count '%s' (expected 0..100000)", KEEP(INT64, iterations)},
    {"weights", 'w', OPTIONS_TABLE_TEXT, "FILE", "start from these weights instead of the built-in ones",
     KEEP(TEXT, weights)},
    {"scale", 'k', OPTIONS_TABLE_TEXT, "K", "use this K instead of fitting it (e.g. 1.25)", .set = set_scale},
    {"out", 'o', OPTIONS_TABLE_TEXT, "FILE", "where the weights go (default: standard output)", KEEP(TEXT, out)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

const struct options_table tune_options_table = {"rulezero " CMD, 26, tune_entries};

static int parse(int argc, char **argv, struct tune_options *o)
{
    int rc = options_table_parse(&tune_options_table, o, argc, argv);
    if (rc)
        return rc;
    if (optind < argc)
        return tune_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!o->data)
        return tune_usage_error(CMD, "%s", "--data is required");
    return 0;
}

int tune_main(int argc, char **argv)
{
    struct tune_options o = {.iterations = 20};
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    const struct variant *v = tune_variant(CMD, o.variant);
    return v ? run(&o, v) : 2;
}
