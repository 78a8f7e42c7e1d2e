/* The engine object, its search thread, iterative deepening with aspiration
 * windows, and turning the principal variation into whole turns. */
#include "engine/baseline.h"
#include "engine/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/clock.h"
#include "engine/search_internal.h"
#include "variants/variant.h"

#define ASPIRATION_DELTA 30
#define THREAD_STACK_BYTES (16u * 1024 * 1024)

/* ---- Whole turns from lines of steps --------------------------------------------- */

/* Appends step m (in the current position) to t's text and steps. */
static void turn_append(struct turn *t, const struct position *pos, Move m)
{
    char text[TURN_TEXT_LEN];
    step_text(pos, m, text, sizeof text);
    search_text_append(t->text, TURN_TEXT_LEN, t->count ? "," : "", text);
    t->steps[t->count++] = m;
}

/* Reads whole turns off the front of `line`: plays up to `max_turns` of
 * them into out[] and returns how many were complete. The position is left
 * as it was. *partial gets the steps of an unfinished turn, if any. */
static int line_to_turns(struct position *pos, const Move *line, int len, struct turn *out, int max_turns,
                         struct turn *partial)
{
    int done = 0, played = 0;
    struct turn cur = {0, {0}, {0}};
    for (int i = 0; i < len && done < max_turns; i++) {
        Color side = pos->side;
        turn_append(&cur, pos, line[i]);
        variant_make(pos, line[i]);
        played++;
        if (pos->side != side || cur.count == MAX_TURN_STEPS) {
            out[done++] = cur;
            cur = (struct turn){0, {0}, {0}};
        }
    }
    for (int i = played - 1; i >= 0; i--)
        variant_unmake(pos, line[i]);
    if (partial)
        *partial = cur;
    return done;
}

/* Finishes the turn begun by `t` (possibly empty): depth-first over legal
 * steps, the hash move first, the first turn not excluded wins. */
static bool complete_turn(struct searcher *s, struct turn *t)
{
    struct position *pos = &s->pos;
    const struct variant *v = s->v;
    struct move_list list;
    v->generate(pos, &list);
    struct tt_entry te;
    if (tt_probe(&s->engine->tt, search_tt_key(pos), &te))
        for (int i = 1; i < list.count; i++)
            if (list.moves[i] == te.move) {
                list.moves[i] = list.moves[0];
                list.moves[0] = te.move;
            }
    Color side = pos->side;
    for (int i = 0; i < list.count; i++) {
        struct turn saved = *t;
        turn_append(t, pos, list.moves[i]);
        variant_make(pos, list.moves[i]);
        bool ok;
        if (pos->side != side || t->count == MAX_TURN_STEPS)
            ok = !search_turn_excluded(&s->limits, t->text);
        else
            ok = complete_turn(s, t);
        variant_unmake(pos, list.moves[i]);
        if (ok)
            return true;
        *t = saved;
    }
    return false;
}

/* PV text: whole turns separated by spaces (the first one is always whole). */
static void pv_text(struct searcher *s, const Move *line, int len, char *out, size_t n)
{
    struct turn turns[64];
    struct turn partial;
    struct position *pos = &s->pos;
    int count = line_to_turns(pos, line, len, turns, 64, &partial);
    out[0] = '\0';
    if (count == 0 && partial.count > 0) {
        snprintf(out, n, "%s", partial.text);
        return;
    }
    size_t used = 0;
    for (int i = 0; i < count; i++) {
        size_t tl = strlen(turns[i].text);
        if (used + tl + 2 > n)
            break;
        if (i)
            out[used++] = ' ';
        memcpy(out + used, turns[i].text, tl + 1);
        used += tl;
    }
}

/* ---- Iterative deepening ------------------------------------------------------------ */

static int64_t elapsed_ms(const struct searcher *s) { return clock_ms() - s->start_ms; }

static void send_report(struct searcher *s, const struct search_callbacks *cb, int depth, int score,
                        const Move *line, int len)
{
    if (!cb || !cb->on_report)
        return;
    struct search_report r;
    memset(&r, 0, sizeof r);
    r.depth = depth;
    r.seldepth = s->seldepth;
    r.score = score;
    r.nodes = s->nodes;
    r.time_ms = elapsed_ms(s);
    r.nps = r.time_ms > 0 ? s->nodes * 1000 / (uint64_t)r.time_ms : s->nodes * 1000;
    pv_text(s, line, len, r.pv, sizeof r.pv);
    cb->on_report(&r, cb->ctx);
}

static int aspiration(struct searcher *s, int depth, int prev)
{
    int delta = ASPIRATION_DELTA;
    int alpha = -SCORE_INFINITE, beta = SCORE_INFINITE;
    if (depth >= 4 && prev > -SCORE_MATE_BOUND && prev < SCORE_MATE_BOUND) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int score = search_root(s, alpha, beta, depth);
        if (s->aborted)
            return score;
        if (score <= alpha && alpha > -SCORE_INFINITE) {
            alpha = score - delta < -SCORE_INFINITE ? -SCORE_INFINITE : score - delta;
        } else if (score >= beta && beta < SCORE_INFINITE) {
            beta = score + delta > SCORE_INFINITE ? SCORE_INFINITE : score + delta;
        } else {
            return score;
        }
        delta *= 2;
        if (delta > 600) {
            alpha = -SCORE_INFINITE;
            beta = SCORE_INFINITE;
        }
    }
}

struct best_line {
    int depth;
    int score;
    int len;
    Move pv[MAX_PLY];
};

static void keep_line(struct best_line *b, int depth, int score, const Move *pv, int len)
{
    b->depth = depth;
    b->score = score;
    b->len = len;
    memcpy(b->pv, pv, (size_t)len * sizeof(Move));
}

static void iterate(struct searcher *s, const struct search_callbacks *cb, struct best_line *best)
{
    int max_depth = s->limits.depth > 0 && s->limits.depth < MAX_SEARCH_DEPTH ? s->limits.depth : MAX_SEARCH_DEPTH;
    int prev = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        s->iter_valid = false;
        s->seldepth = 0;
        int score = aspiration(s, depth, prev);
        if (s->aborted) {
            /* A root step searched in full in the unfinished iteration beat the old best. */
            if (s->iter_valid)
                keep_line(best, depth, s->iter_score, s->iter_pv, s->iter_pv_len);
            break;
        }
        keep_line(best, depth, score, s->pv[0], s->pv_len[0]);
        send_report(s, cb, depth, score, best->pv, best->len);
        prev = score;
        if (s->limits.infinite)
            continue;
        /* Nothing to choose: on a clock, answer after one iteration. */
        if (s->only_turn && s->budget.limited && !s->budget.fixed)
            break;
        /* The next iteration takes longer than all before it: do not start
         * one that cannot end before the soft limit. */
        if (s->budget.limited && !s->budget.fixed && elapsed_ms(s) * 2 >= s->budget.soft_ms)
            break;
        /* A mate found is final once the depth covers it twice over. */
        int mate = score_mate_moves(score);
        if (mate != 0 && depth >= 4 * abs(mate) + 4 && !s->limits.depth)
            break;
    }
}

/* An infinite search reports its result only when told to stop. */
static void wait_for_stop(struct searcher *s)
{
    struct timespec ts = {0, 1000000};
    while (s->limits.infinite && !atomic_load(&s->engine->stop))
        nanosleep(&ts, NULL);
}

static void fill_result(struct searcher *s, const struct best_line *best, struct search_result *r)
{
    struct turn turns[2];
    struct turn partial;
    int n = line_to_turns(&s->pos, best->pv, best->len, turns, 2, &partial);
    if (n >= 1) {
        r->best = turns[0];
        r->has_move = true;
    } else {
        r->best = partial;
        r->has_move = complete_turn(s, &r->best);
    }
    if (n >= 2) {
        r->ponder = turns[1];
        r->has_ponder = true;
    }
    r->score = best->score;
    r->depth = best->depth;
}

static bool single_step_turn(struct position *pos, Move m)
{
    Color side = pos->side;
    variant_make(pos, m);
    bool changed = pos->side != side;
    variant_unmake(pos, m);
    return changed;
}

static void run_search(struct engine *e, const struct position *root, const struct search_limits *limits,
                       const struct search_callbacks *cb, struct search_result *r)
{
    struct searcher *s = e->s;
    memset(r, 0, sizeof *r);
    position_copy(&s->pos, root);
    s->engine = e;
    s->v = root->variant;
    s->limits = *limits;
    s->start_ms = clock_ms();
    s->budget = timeman_budget(limits, root->side);
    s->nodes = 0;
    s->seldepth = 0;
    s->aborted = false;
    s->root_ply = s->pos.ply;
    memset(s->killers, 0, sizeof s->killers);
    tt_new_search(&e->tt);

    struct move_list list;
    s->v->generate(&s->pos, &list);
    struct outcome oc = search_outcome(&s->pos, list.count);
    if (list.count == 0 || oc.result != RESULT_NONE) {
        r->score = search_outcome_score(&s->pos, oc.result, 0);
    } else if (e->player != PLAYER_SEARCH) {
        r->has_move = baseline_choose(&s->pos, e->player == PLAYER_RANDOM ? BASELINE_RANDOM : BASELINE_GREEDY,
                                      &e->player_rng, &r->best);
    } else {
        s->only_turn = list.count == 1 && single_step_turn(&s->pos, list.moves[0]);
        struct best_line *best = malloc(sizeof *best);
        if (best) {
            best->len = 0;
            best->depth = 0;
            best->score = 0;
            iterate(s, cb, best);
            fill_result(s, best, r);
            free(best);
        } else {
            r->has_move = complete_turn(s, &r->best);
        }
    }
    wait_for_stop(s);
    r->nodes = s->nodes;
    r->time_ms = elapsed_ms(s);
}

/* ---- Engine object and thread ----------------------------------------------------- */

static void *search_thread(void *arg)
{
    struct engine *e = arg;
    struct search_result r;
    pthread_mutex_lock(&e->lock);
    for (;;) {
        while (!e->job_pending && !e->quit)
            pthread_cond_wait(&e->cond, &e->lock);
        if (e->quit)
            break;
        e->job_pending = false;
        struct search_callbacks cb = e->job_cb;
        pthread_mutex_unlock(&e->lock);
        run_search(e, e->job_pos, &e->job_limits, &cb, &r);
        if (cb.on_done)
            cb.on_done(&r, cb.ctx);
        pthread_mutex_lock(&e->lock);
        if (!e->job_pending) {
            e->busy = false;
            pthread_cond_broadcast(&e->cond);
        }
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

static bool on_search_thread(const struct engine *e)
{
    return e->thread_started && pthread_equal(pthread_self(), e->thread);
}

static int start_thread(struct engine *e)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK_BYTES);
    int rc = pthread_create(&e->thread, &attr, search_thread, e);
    pthread_attr_destroy(&attr);
    if (rc == 0)
        e->thread_started = true;
    return rc;
}

void engine_set_player(struct engine *e, enum engine_player player, uint64_t seed)
{
    engine_wait(e);
    e->player = player;
    e->player_rng = seed;
}

struct engine *engine_new(size_t hash_mb)
{
    search_init_tables();
    struct engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->s = calloc(1, sizeof *e->s);
    e->job_pos = malloc(sizeof *e->job_pos);
    e->history = calloc((size_t)2 * BOARD_SIZE * BOARD_SIZE, sizeof *e->history);
    e->counter = calloc(2 * MAX_TYPES, sizeof *e->counter);
    atomic_init(&e->stop, false);
    if (!e->s || !e->job_pos || !e->history || !e->counter || tt_resize(&e->tt, hash_mb ? hash_mb : 1)) {
        free(e->s);
        free(e->job_pos);
        free(e->history);
        free(e->counter);
        tt_free(&e->tt);
        free(e);
        return NULL;
    }
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->cond, NULL);
    if (start_thread(e)) {
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(struct engine *e)
{
    if (!e)
        return;
    if (e->thread_started) {
        engine_stop(e);
        pthread_mutex_lock(&e->lock);
        e->quit = true;
        pthread_cond_broadcast(&e->cond);
        pthread_mutex_unlock(&e->lock);
        pthread_join(e->thread, NULL);
    }
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
    tt_free(&e->tt);
    free(e->history);
    free(e->counter);
    free(e->job_pos);
    free(e->s);
    free(e);
}

int engine_set_hash(struct engine *e, size_t hash_mb)
{
    engine_wait(e);
    return tt_resize(&e->tt, hash_mb ? hash_mb : 1);
}

void engine_clear(struct engine *e)
{
    engine_wait(e);
    tt_clear(&e->tt);
    memset(e->history, 0, (size_t)2 * BOARD_SIZE * BOARD_SIZE * sizeof *e->history);
    memset(e->counter, 0, 2 * MAX_TYPES * sizeof *e->counter);
}

struct search_result engine_search(struct engine *e, const struct position *pos, const struct search_limits *limits,
                                   const struct search_callbacks *cb)
{
    struct search_result r;
    engine_wait(e);
    atomic_store(&e->stop, false);
    run_search(e, pos, limits, cb, &r);
    if (cb && cb->on_done)
        cb->on_done(&r, cb->ctx);
    return r;
}

void engine_search_async(struct engine *e, const struct position *pos, const struct search_limits *limits,
                         const struct search_callbacks *cb)
{
    if (!on_search_thread(e))
        engine_wait(e);
    pthread_mutex_lock(&e->lock);
    position_copy(e->job_pos, pos);
    e->job_limits = *limits;
    e->job_cb = cb ? *cb : (struct search_callbacks){0};
    atomic_store(&e->stop, false);
    e->job_pending = true;
    e->busy = true;
    pthread_cond_broadcast(&e->cond);
    pthread_mutex_unlock(&e->lock);
}

void engine_stop(struct engine *e)
{
    atomic_store(&e->stop, true);
}

void engine_wait(struct engine *e)
{
    if (on_search_thread(e))
        return;
    pthread_mutex_lock(&e->lock);
    while (e->busy)
        pthread_cond_wait(&e->cond, &e->lock);
    pthread_mutex_unlock(&e->lock);
}

bool engine_busy(struct engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool busy = e->busy;
    pthread_mutex_unlock(&e->lock);
    return busy;
}
