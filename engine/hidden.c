/* Playing with a hidden setting by sampling the values still consistent with
 * what was seen (engine/hidden.h, docs/rules/partial-shifted-square.md). */
#include "engine/hidden.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/baseline.h"
#include "variants/adjudicate.h"
#include "variants/core/clock.h"
#include "variants/core/error.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"

#define MAX_UNION_TURNS 512 /* distinct turns across the samples of one choice */
#define MAX_SAMPLES 64
#define MIN_CHILD_NODES 64  /* a turn's search gets at least this (a depth-1 search with its captures) */
#define MS_PER_SAMPLE 25    /* a time budget draws at most one sample per this many ms (at least one) */

bool hidden_setting_named(const char *name)
{
    for (int i = 0; i < variant_count(); i++)
        if (variant_at(i)->hidden && strcasecmp(variant_at(i)->hidden->option, name) == 0)
            return true;
    return false;
}

/* ---- Reading the position under one value ------------------------------------------------ */

/* pos read from fen with the index-th value of the hidden setting (s holds
 * the rules; free with settings_free). 0, or -1 when it does not read. */
static int read_under(const struct variant *v, int index, const char *fen, struct settings *s, struct position *pos)
{
    char value[128], err[VARIANT_ERR_LEN];
    v->hidden->value(index, value, sizeof value);
    if (settings_init(s, v, err, sizeof err))
        return -1;
    if (settings_set(s, v->hidden->option, value, err, sizeof err) || fen_read_with(pos, s, fen, err, sizeof err)) {
        settings_free(s);
        return -1;
    }
    return 0;
}

int hidden_belief_start(struct hidden_belief *b, const struct variant *v, const char *fen, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    if (!v->hidden)
        return error_set(err, errlen, "%s has no hidden setting", v->id);
    b->variant = v;
    b->count = v->hidden->count;
    b->alive = calloc((size_t)b->count, sizeof *b->alive);
    b->refused = malloc(HIDDEN_MAX_REFUSED * sizeof *b->refused);
    struct position *pos = malloc(sizeof *pos);
    if (!b->alive || !b->refused || !pos) {
        free(pos);
        hidden_belief_free(b);
        return error_set(err, errlen, "out of memory");
    }
    snprintf(b->fen, sizeof b->fen, "%s", fen);
    for (int i = 0; i < b->count; i++) {
        struct settings s;
        if (read_under(v, i, fen, &s, pos) == 0) {
            b->alive[i] = true;
            b->alive_count++;
            settings_free(&s);
        }
    }
    free(pos);
    if (b->alive_count == 0) {
        hidden_belief_free(b);
        return error_set(err, errlen, "the position reads under no value of %s", v->hidden->option);
    }
    return 0;
}

void hidden_belief_free(struct hidden_belief *b)
{
    free(b->alive);
    free(b->refused);
    b->alive = NULL;
    b->refused = NULL;
    b->alive_count = 0;
}

/* Marks in keep the consistent values under which turn `text` is legal (or,
 * with `legal` false, illegal); the position after it (the first keeper's)
 * into next when next is not NULL. The number kept, or -1 out of memory. */
static int sift(const struct hidden_belief *b, const char *text, bool legal, bool *keep, char *next, size_t n)
{
    struct position *pos = malloc(sizeof *pos);
    if (!pos)
        return -1;
    int kept = 0;
    for (int i = 0; i < b->count; i++) {
        struct settings s;
        if (!b->alive[i] || read_under(b->variant, i, b->fen, &s, pos))
            continue;
        struct turn t;
        bool allows = turn_parse(pos, text, &t) == 0;
        if (allows == legal) {
            keep[i] = true;
            if (next && kept == 0) {
                turn_make(pos, &t);
                fen_write(pos, next, n);
            }
            kept++;
        }
        settings_free(&s);
    }
    free(pos);
    return kept;
}

/* Keeps the values sift kept; -1 (unchanged) when none. */
static int keep_only(struct hidden_belief *b, const char *text, bool legal, char *next, size_t n)
{
    bool *keep = calloc((size_t)b->count, sizeof *keep);
    int kept = keep ? sift(b, text, legal, keep, next, n) : -1;
    if (kept > 0) {
        memcpy(b->alive, keep, (size_t)b->count * sizeof *keep);
        b->alive_count = kept;
    }
    free(keep);
    return kept > 0 ? 0 : -1;
}

int hidden_belief_played(struct hidden_belief *b, const char *text)
{
    char next[FEN_MAX_LEN];
    if (keep_only(b, text, true, next, sizeof next))
        return -1;
    snprintf(b->fen, sizeof b->fen, "%s", next);
    b->plies++;
    b->refused_count = 0;
    return 0;
}

int hidden_belief_refused(struct hidden_belief *b, const char *text)
{
    if (keep_only(b, text, false, NULL, 0))
        return -1;
    if (b->refused_count < HIDDEN_MAX_REFUSED)
        snprintf(b->refused[b->refused_count++], TURN_TEXT_LEN, "%s", text);
    return 0;
}

int hidden_belief_to_move(struct hidden_belief *b)
{
    bool *keep = calloc((size_t)b->count, sizeof *keep);
    struct position *pos = malloc(sizeof *pos);
    int kept = 0;
    for (int i = 0; keep && pos && i < b->count; i++) {
        struct settings s;
        if (!b->alive[i] || read_under(b->variant, i, b->fen, &s, pos))
            continue;
        keep[i] = count_turns(pos) > 0;
        kept += keep[i];
        settings_free(&s);
    }
    if (kept > 0) {
        memcpy(b->alive, keep, (size_t)b->count * sizeof *keep);
        b->alive_count = kept;
    }
    free(keep);
    free(pos);
    return kept > 0 ? 0 : -1;
}

bool hidden_belief_was_refused(const struct hidden_belief *b, const char *text)
{
    for (int i = 0; i < b->refused_count; i++)
        if (strcmp(b->refused[i], text) == 0)
            return true;
    return false;
}

int hidden_belief_value(const struct hidden_belief *b, int index, char *out, size_t n)
{
    for (int i = 0; i < b->count; i++)
        if (b->alive[i] && index-- == 0) {
            b->variant->hidden->value(i, out, n);
            return 0;
        }
    return -1;
}

/* ---- Choosing by sampling ------------------------------------------------------------------- */

/* Up to k consistent value indices into out, drawn without repeats; how many. */
static int draw_samples(const struct hidden_belief *b, int k, uint64_t seed, int *out)
{
    int *pool = malloc((size_t)b->alive_count * sizeof *pool);
    if (!pool)
        return 0;
    int n = 0;
    for (int i = 0; i < b->count; i++)
        if (b->alive[i])
            pool[n++] = i;
    if (k > n)
        k = n;
    uint64_t state = seed;
    for (int i = 0; i < k; i++) { /* a partial Fisher-Yates shuffle */
        int j = i + (int)(baseline_rand(&state) % (uint64_t)(n - i));
        int t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        out[i] = pool[i];
    }
    free(pool);
    return k;
}

/* The turns met across the samples, with each sample's score of each. */
struct choice {
    struct engine *engine;
    struct search_limits limits; /* one turn's search */
    int samples;                 /* sampled so far */
    int sample;                  /* the one being searched */
    int64_t deadline_ms;         /* a time budget's end (0: none) */
    const atomic_bool *stop;     /* the caller's stop (NULL: none) */
    bool late;                   /* past the end or stopped: the turns left are scored by the evaluation alone */
    Color mover;
    int union_count;
    char (*text)[TURN_TEXT_LEN];
    int *score;                  /* [turn * MAX_SAMPLES + sample] */
    bool *legal;                 /* the same, whether the turn is legal under the sample */
    int best[MAX_SAMPLES];
};

static int turn_slot(struct choice *c, const char *text)
{
    for (int i = 0; i < c->union_count; i++)
        if (strcmp(c->text[i], text) == 0)
            return i;
    if (c->union_count == MAX_UNION_TURNS)
        return -1;
    snprintf(c->text[c->union_count], TURN_TEXT_LEN, "%s", text);
    return c->union_count++;
}

static bool stopped(const struct choice *c) { return c->stop && atomic_load(c->stop); }

/* After each iteration of a turn's search: a stop raised while that search
 * started (engine_search clears the engine's own) still ends it. */
static void stop_check(const struct search_report *r, void *ctx)
{
    struct choice *c = ctx;
    (void)r;
    if (stopped(c))
        engine_stop(c->engine);
}

/* The score of the position after a turn, for the player who made it. */
static int score_after(struct choice *c, struct position *after)
{
    struct outcome o = game_adjudicate(after);
    if (o.result == RESULT_DRAW)
        return 0;
    if (o.result != RESULT_NONE)
        return (o.result == RESULT_WHITE_WINS) == (c->mover == WHITE) ? SCORE_MATE_BOUND : -SCORE_MATE_BOUND;
    if (!c->late && (stopped(c) || (c->deadline_ms && clock_ms() >= c->deadline_ms)))
        c->late = true;
    if (c->late) {
        int eval = after->variant->evaluate(after);
        return after->side == c->mover ? eval : -eval;
    }
    struct search_callbacks cb = {c->stop ? stop_check : NULL, NULL, c};
    struct search_result r = engine_search(c->engine, after, &c->limits, &cb);
    if (stopped(c))
        c->late = true;
    return after->side == c->mover ? r.score : -r.score;
}

static void score_turn(struct position *after, const struct turn *t, void *ctx)
{
    struct choice *c = ctx;
    int slot = turn_slot(c, t->text);
    if (slot < 0)
        return;
    int score = score_after(c, after);
    c->score[slot * MAX_SAMPLES + c->sample] = score;
    c->legal[slot * MAX_SAMPLES + c->sample] = true;
    if (score > c->best[c->sample])
        c->best[c->sample] = score;
}

/* One turn's search limits when a sample has `turns` turns. */
static void child_limits(const struct hidden_budget *budget, int samples, int turns, struct search_limits *l)
{
    search_limits_init(l);
    int64_t share = (int64_t)samples * (turns > 0 ? turns : 1);
    if (budget->depth > 0)
        l->depth = budget->depth > 1 ? budget->depth - 1 : 1;
    if (budget->nodes) {
        uint64_t nodes = budget->nodes / (uint64_t)share;
        l->nodes = nodes > MIN_CHILD_NODES ? nodes : MIN_CHILD_NODES;
    }
    if (budget->time_ms > 0)
        l->movetime_ms = budget->time_ms / share > 1 ? budget->time_ms / share : 1;
    if (!budget->depth && !budget->nodes && budget->time_ms <= 0)
        l->depth = 2;
}

/* Searches every legal turn under value `index`. */
static int search_sample(struct choice *c, const struct hidden_belief *b, int index, const struct hidden_budget *budget,
                         int samples)
{
    struct position *pos = malloc(sizeof *pos);
    struct settings s;
    if (!pos || read_under(b->variant, index, b->fen, &s, pos)) {
        free(pos);
        return pos ? 0 : -1;
    }
    c->mover = pos->side;
    c->best[c->sample] = -SCORE_INFINITE;
    child_limits(budget, samples, (int)count_turns(pos), &c->limits);
    engine_clear(c->engine); /* the same key under two values is two positions */
    for_each_turn(pos, score_turn, c);
    settings_free(&s);
    free(pos);
    return 0;
}

/* The turn with the best mean over the samples counted, among the turns
 * legal under at least one of them (*sum: its sum over them); -1 when there
 * is none. */
static int best_turn(const struct choice *c, int64_t *sum_out)
{
    int best = -1;
    int64_t best_sum = 0;
    for (int u = 0; u < c->union_count; u++) {
        int64_t sum = 0;
        bool legal_somewhere = false;
        for (int s = 0; s < c->samples; s++) {
            bool legal = c->legal[u * MAX_SAMPLES + s];
            legal_somewhere |= legal;
            sum += legal ? c->score[u * MAX_SAMPLES + s] : c->best[s] - HIDDEN_REFUSAL_COST;
        }
        if (legal_somewhere && (best < 0 || sum > best_sum)) {
            best = u;
            best_sum = sum;
        }
    }
    *sum_out = best_sum;
    return best;
}

/* Tells budget->on_sample the choice so far. */
static void progress(const struct choice *c, const struct hidden_budget *budget)
{
    int64_t sum;
    int best = budget->on_sample && c->samples > 0 ? best_turn(c, &sum) : -1;
    if (best >= 0)
        budget->on_sample(c->samples, (int)(sum / c->samples), c->text[best], budget->ctx);
}

int hidden_choose(struct hidden_belief *b, struct engine *e, const struct hidden_budget *budget, uint64_t seed,
                  char *out, size_t n)
{
    int want = budget->samples > 0 ? budget->samples : HIDDEN_SAMPLES;
    want = want < MAX_SAMPLES ? want : MAX_SAMPLES;
    if (budget->time_ms > 0 && !budget->nodes && !budget->depth && want > budget->time_ms / MS_PER_SAMPLE)
        want = budget->time_ms / MS_PER_SAMPLE > 1 ? (int)(budget->time_ms / MS_PER_SAMPLE) : 1; /* a short clock */
    struct choice *c = calloc(1, sizeof *c);
    int drawn[MAX_SAMPLES];
    if (!c)
        return -1;
    c->engine = e;
    c->text = malloc(MAX_UNION_TURNS * sizeof *c->text);
    c->score = calloc(MAX_UNION_TURNS * MAX_SAMPLES, sizeof *c->score);
    c->legal = calloc(MAX_UNION_TURNS * MAX_SAMPLES, sizeof *c->legal);
    int k = c->text && c->score && c->legal ? draw_samples(b, want, seed ^ (uint64_t)b->plies, drawn) : 0;
    int rc = k > 0 ? 0 : -1;
    c->deadline_ms = budget->time_ms > 0 ? clock_ms() + budget->time_ms : 0;
    c->stop = budget->stop;
    for (int i = 0; i < k && rc == 0 && !c->late; i++) {
        c->sample = i;
        rc = search_sample(c, b, drawn[i], budget, k);
        /* A sample cut short by the clock or the stop counts only when it is the first. */
        if (i == 0 || !c->late)
            c->samples = i + 1;
        if (rc == 0 && c->samples == i + 1)
            progress(c, budget);
    }
    int64_t sum;
    int best = rc == 0 ? best_turn(c, &sum) : -1;
    if (best >= 0)
        snprintf(out, n, "%s", c->text[best]);
    free(c->text);
    free(c->score);
    free(c->legal);
    free(c);
    return rc < 0 ? -1 : best >= 0;
}
