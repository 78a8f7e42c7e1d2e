/* `rulezero lab`: the evaluation weights fitted to one value's games, by the
 * tuner's own fit (protocol/learn/tune_fit.h, Texel's method). The positions are
 * those of the games past the random opening where the side to move is not
 * in check and the turn played is not a capture (as `rulezero tune-data`
 * keeps them), each paired with the game's result. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/lab/lab_config.h"
#include "protocol/match/pgn.h"
#include "protocol/learn/tune_fit.h"
#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/settings.h"

struct lab_samples {
    struct settings settings;
    struct position *pos;
    char **fens;
    double *target;
    int count, cap;
    int *game_start;                  /* per game: its first sample; game_start[games] == count */
    int games, games_cap;
    const int *pick;                  /* NULL: every sample; else sample i of the set is pick[i] (a resample) */
};

static int score_sample(void *ctx, int i)
{
    struct lab_samples *s = ctx;
    if (fen_read_with(s->pos, &s->settings, s->fens[s->pick ? s->pick[i] : i], NULL, 0))
        return 0;
    return s->pos->variant->evaluate(s->pos);
}

static void weights_changed(void *ctx)
{
    struct lab_samples *s = ctx;
    eval_params_changed(s->settings.variant->eval_params);
}

static int start_game(struct lab_samples *s)
{
    if (s->games + 2 > s->games_cap) {
        int cap = s->games_cap ? 2 * s->games_cap : 256;
        int *starts = realloc(s->game_start, sizeof *starts * (size_t)cap);
        if (!starts)
            return -1;
        s->game_start = starts;
        s->games_cap = cap;
    }
    s->game_start[s->games++] = s->count;
    s->game_start[s->games] = s->count;
    return 0;
}

static int add_sample(struct lab_samples *s, const struct position *pos, double white_result)
{
    if (s->count == s->cap) {
        int cap = s->cap ? 2 * s->cap : 1024;
        char **fens = realloc(s->fens, sizeof *fens * (size_t)cap);
        if (fens)
            s->fens = fens;
        double *target = fens ? realloc(s->target, sizeof *target * (size_t)cap) : NULL;
        if (!target)
            return -1;
        s->target = target;
        s->cap = cap;
    }
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    if (!(s->fens[s->count] = strdup(fen)))
        return -1;
    s->target[s->count++] = pos->side == WHITE ? white_result : 1.0 - white_result;
    return 0;
}

static double white_result(const struct pgn_game *g)
{
    const char *r = pgn_tag(g, "Result");
    r = r ? r : g->result;
    return strcmp(r, "1-0") == 0 ? 1.0 : strcmp(r, "0-1") == 0 ? 0.0 : 0.5;
}

/* The quiet positions of one game past its opening plies. */
static int add_game(struct lab_samples *s, const struct pgn_game *g, int opening_plies)
{
    const char *fen = pgn_tag(g, "FEN");
    if (fen_read_with(s->pos, &s->settings, fen ? fen : s->settings.variant->start_fen, NULL, 0))
        return -1;
    const struct variant *v = s->pos->variant;
    double result = white_result(g);
    if (start_game(s))
        return -1;
    for (int i = 0; i < g->nmoves; i++) {
        struct turn t;
        if (match_parse_turn(s->pos, g->moves[i], &t))
            return -1;
        bool checked = v->has_check && v->in_check(s->pos);
        if (i >= opening_plies && !checked && !v->is_capture(s->pos, t.steps[0]) && add_sample(s, s->pos, result))
            return -1;
        turn_make(s->pos, &t);
    }
    s->game_start[s->games] = s->count;
    return 0;
}

static int load_games(struct lab_samples *s, const char *path, int opening_plies, char *why, size_t n)
{
    struct pgn_reader r;
    if (pgn_open(&r, path))
        return snprintf(why, n, "no games"), -1;
    struct pgn_game g;
    char err[256];
    int got, rc = 0;
    while (rc == 0 && (got = pgn_next(&r, &g, err, sizeof err)) > 0) {
        if (add_game(s, &g, opening_plies)) {
            snprintf(why, n, "a game of %s does not replay", path);
            rc = -1;
        }
        pgn_game_free(&g);
    }
    pgn_close(&r);
    return rc;
}

/* The weights to fit; 0 or -1 with why. */
static int pick_weights(const struct lab_config *c, const struct eval_params *t, struct tune_weight *w, int *n,
                        char *why, size_t len)
{
    *n = 0;
    bool all = !c->fit_weights || strcmp(c->fit_weights, "all") == 0;
    for (int i = 0; all && i < t->count && *n < LAB_MAX_WEIGHTS; i++)
        w[(*n)++] = (struct tune_weight){t->params[i].name, t->params[i].value, t->params[i].min, t->params[i].max};
    if (all)
        return 0;
    char list[512];
    snprintf(list, sizeof list, "%s", c->fit_weights);
    char *save = NULL;
    for (char *name = strtok_r(list, ",", &save); name && *n < LAB_MAX_WEIGHTS; name = strtok_r(NULL, ",", &save)) {
        struct eval_param *p = eval_param_find(t, name);
        if (!p)
            return snprintf(why, len, "the variant has no weight '%s'", name), -1;
        w[(*n)++] = (struct tune_weight){p->name, p->value, p->min, p->max};
    }
    return 0;
}

/* splitmix64: the resamples drawn from --seed, the value and the refit's number only. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A resample: s->games games drawn with replacement, their samples listed in
 * pick (room for s->count * ... grown as needed) with their targets. */
static int resample(struct lab_samples *s, uint64_t *state, int **pick, double **target, int *cap)
{
    int n = 0;
    for (int g = 0; g < s->games; g++) {
        int game = (int)(next_random(state) % (uint64_t)s->games);
        int from = s->game_start[game], to = s->game_start[game + 1];
        if (n + (to - from) > *cap) {
            int grown = 2 * (n + (to - from));
            int *p = realloc(*pick, sizeof *p * (size_t)grown);
            if (p)
                *pick = p;
            double *t = p ? realloc(*target, sizeof *t * (size_t)grown) : NULL;
            if (!t)
                return -1;
            *target = t;
            *cap = grown;
        }
        for (int i = from; i < to; i++) {
            (*pick)[n] = i;
            (*target)[n++] = s->target[i];
        }
    }
    return n;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The p-quantile of sorted values, linearly interpolated. */
static double quantile(const double *sorted, int n, double p)
{
    double at = p * (n - 1);
    int i = (int)at;
    return i + 1 < n ? sorted[i] + (at - i) * (sorted[i + 1] - sorted[i]) : sorted[n - 1];
}

/* The weights fitted again to --fit-bootstrap resamples of the games (each
 * from the defaults, K fitted anew): each weight's 2.5% and 97.5% quantiles. */
static void bootstrap(const struct lab_config *c, int value, struct lab_samples *s, struct tune_weight *w, int n,
                      struct lab_fit *out)
{
    int b_count = (int)c->fit_bootstrap, cap = 0;
    double *fitted = calloc((size_t)(b_count * n + 1), sizeof *fitted);
    int *pick = NULL;
    double *target = NULL;
    uint64_t state = (uint64_t)c->seed * 0x2545F4914F6CDD1Dull + (uint64_t)value * 0x9E3779B97F4A7C15ull;
    int b = 0;
    for (; fitted && b < b_count; b++) {
        int count = resample(s, &state, &pick, &target, &cap);
        if (count <= 0)
            break;
        eval_params_reset(c->variant->eval_params);
        s->pick = pick;
        struct tune_set set = {count, target, score_sample, weights_changed, s};
        tune_search(&set, tune_fit_k(&set), w, n, (int)c->fit_passes, NULL);
        for (int i = 0; i < n; i++)
            fitted[i * b_count + b] = *w[i].value;
    }
    s->pick = NULL;
    if (fitted && b == b_count && b_count > 0) {
        for (int i = 0; i < n; i++) {
            qsort(fitted + i * b_count, (size_t)b_count, sizeof *fitted, compare_doubles);
            out->low[i] = quantile(fitted + i * b_count, b_count, 0.025);
            out->high[i] = quantile(fitted + i * b_count, b_count, 0.975);
        }
        out->bootstrap = b_count;
    }
    free(fitted);
    free(pick);
    free(target);
}

/* The interval leaves the default out, on the side the fit to all the games moved the weight to. */
bool lab_fit_significant(const struct lab_fit *f, int w)
{
    if (!f->done || f->bootstrap == 0)
        return false;
    int d = f->before[w], fitted = f->after[w];
    return (fitted > d && f->low[w] > d) || (fitted < d && f->high[w] < d);
}

static void fit_samples(const struct lab_config *c, int value, struct lab_samples *s, struct lab_fit *out)
{
    const struct eval_params *t = c->variant->eval_params;
    struct tune_weight w[LAB_MAX_WEIGHTS];
    int n;
    if (pick_weights(c, t, w, &n, out->why, sizeof out->why))
        return;
    struct tune_set set = {s->count, s->target, score_sample, weights_changed, s};
    clock_t start = clock();
    out->count = n;
    for (int i = 0; i < n; i++) {
        snprintf(out->names[i], sizeof out->names[i], "%s", w[i].name);
        out->before[i] = *w[i].value;
    }
    out->k = tune_fit_k(&set);
    out->error_before = tune_error(&set, out->k);
    out->error_after = tune_search(&set, out->k, w, n, (int)c->fit_passes, NULL);
    for (int i = 0; i < n; i++)
        out->after[i] = *w[i].value;
    if (c->fit_bootstrap > 0)
        bootstrap(c, value, s, w, n, out);
    out->seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    out->done = true;
}

void lab_fit_file(const struct lab_config *c, int value, const char *path, struct lab_fit *out)
{
    *out = (struct lab_fit){0};
    const struct eval_params *t = c->variant->eval_params;
    if (c->fit_passes == 0) {
        snprintf(out->why, sizeof out->why, "not asked (--fit-passes 0)");
        return;
    }
    if (!t || t->count == 0) {
        snprintf(out->why, sizeof out->why, "%s has no tunable weights", c->variant->id);
        return;
    }
    struct lab_samples s = {0};
    char err[VARIANT_ERR_LEN];
    s.pos = malloc(sizeof *s.pos);
    if (!s.pos || settings_init(&s.settings, c->variant, err, sizeof err)) {
        free(s.pos);
        snprintf(out->why, sizeof out->why, "out of memory");
        return;
    }
    eval_params_reset(t);
    if (settings_set(&s.settings, c->setting, c->values[value], err, sizeof err) == 0 &&
        load_games(&s, path, (int)c->random_plies, out->why, sizeof out->why) == 0) {
        out->positions = s.count;
        if (s.count < 100)
            snprintf(out->why, sizeof out->why, "too few positions (%d) to fit", s.count);
        else
            fit_samples(c, value, &s, out);
    }
    eval_params_reset(t);
    for (int i = 0; i < s.count; i++)
        free(s.fens[i]);
    free(s.fens);
    free(s.target);
    free(s.game_start);
    free(s.pos);
    settings_free(&s.settings);
}
