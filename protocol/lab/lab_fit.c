/* `rulezero lab`: the evaluation weights fitted to one value's games, by the
 * tuner's own fit (protocol/tune_fit.h, Texel's method). The positions are
 * those of the games past the random opening where the side to move is not
 * in check and the turn played is not a capture (as `rulezero tune-data`
 * keeps them), each paired with the game's result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/lab/lab_config.h"
#include "protocol/match/pgn.h"
#include "protocol/tune_fit.h"
#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/settings.h"

struct lab_samples {
    struct settings settings;
    struct position *pos;
    char **fens;
    double *target;
    int count, cap;
};

static int score_sample(void *ctx, int i)
{
    struct lab_samples *s = ctx;
    if (fen_read_with(s->pos, &s->settings, s->fens[i], NULL, 0))
        return 0;
    return s->pos->variant->evaluate(s->pos);
}

static void weights_changed(void *ctx)
{
    struct lab_samples *s = ctx;
    eval_params_changed(s->settings.variant->eval_params);
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
    for (int i = 0; i < g->nmoves; i++) {
        struct turn t;
        if (match_parse_turn(s->pos, g->moves[i], &t))
            return -1;
        bool checked = v->has_check && v->in_check(s->pos);
        if (i >= opening_plies && !checked && !v->is_capture(s->pos, t.steps[0]) && add_sample(s, s->pos, result))
            return -1;
        turn_make(s->pos, &t);
    }
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

static void fit_samples(const struct lab_config *c, struct lab_samples *s, struct lab_fit *out)
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
            fit_samples(c, &s, out);
    }
    eval_params_reset(t);
    for (int i = 0; i < s.count; i++)
        free(s.fens[i]);
    free(s.fens);
    free(s.target);
    free(s.pos);
    settings_free(&s.settings);
}
