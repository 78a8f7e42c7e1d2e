/* The engine object, its search thread, iterative deepening with aspiration
 * windows, and turning the principal variation into whole turns. */
#include "engine/baseline.h"
#include "engine/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "engine/search_internal.h"
#include "variants/registry.h"

#define ASPIRATION_DELTA 30


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

static bool pondering(const struct searcher *s)
{
    return atomic_load_explicit(&s->engine->pondering, memory_order_relaxed);
}

/* Reports line `index` of `count` (the main thread only). */
static void send_report(struct searcher *s, const struct search_callbacks *cb, const struct pv_line *line, int index,
                        int count)
{
    if (s->id > 0 || !cb || !cb->on_report)
        return;
    struct search_report r;
    memset(&r, 0, sizeof r);
    r.depth = line->depth;
    r.seldepth = s->seldepth;
    r.score = line->score;
    r.multipv = index + 1;
    r.lines = count;
    r.nodes = s->nodes + smp_nodes(s->engine);
    r.time_ms = elapsed_ms(s);
    r.nps = r.time_ms > 0 ? r.nodes * 1000 / (uint64_t)r.time_ms : r.nodes * 1000;
    pv_text(s, line->pv, line->len, r.pv, sizeof r.pv);
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

static void keep_line(struct pv_line *b, int depth, int score, const Move *pv, int len)
{
    b->depth = depth;
    b->score = score;
    b->len = len;
    memcpy(b->pv, pv, (size_t)len * sizeof(Move));
}

/* The whole first turn of a line (finished by complete_turn when cut short). */
static bool line_first_turn(struct searcher *s, const struct pv_line *l, struct turn *t)
{
    struct turn partial;
    if (line_to_turns(&s->pos, l->pv, l->len, t, 1, &partial) == 1)
        return true;
    *t = partial;
    return complete_turn(s, t);
}

/* MultiPV: lines 2.. of this depth, each searched with the first turns of
 * the lines before it excluded at the root. *count gets the lines found;
 * false when the search was aborted. */
static bool search_more_lines(struct searcher *s, int depth, struct pv_line *lines, int *count)
{
    int user_excluded = s->limits.excluded_count;
    int n = 1;
    while (n < s->multipv && s->limits.excluded_count < MAX_EXCLUDED) {
        struct turn t;
        if (!line_first_turn(s, &lines[n - 1], &t))
            break;
        snprintf(s->limits.excluded[s->limits.excluded_count++], TURN_TEXT_LEN, "%s", t.text);
        int score = search_root(s, -SCORE_INFINITE, SCORE_INFINITE, depth);
        if (s->aborted || s->pv_len[0] == 0 || score <= -SCORE_INFINITE + 1)
            break; /* aborted, or every root turn is excluded now */
        keep_line(&lines[n++], depth, score, s->pv[0], s->pv_len[0]);
    }
    s->limits.excluded_count = user_excluded;
    *count = n;
    return !s->aborted;
}

static void sort_lines(struct pv_line *lines, int count)
{
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && lines[j].score > lines[j - 1].score; j--) {
            struct pv_line t = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = t;
        }
}

/* After an iteration: the other lines when MultiPV asks for them, then the
 * reports. False when aborted in between (the best line stays). */
static bool finish_iteration(struct searcher *s, const struct search_callbacks *cb, struct pv_line *best)
{
    if (s->multipv <= 1) {
        send_report(s, cb, best, 0, 1);
        return true;
    }
    struct pv_line *work = s->lines + MAX_MULTIPV;
    work[0] = *best;
    int count;
    if (!search_more_lines(s, best->depth, work, &count))
        return false;
    sort_lines(work, count);
    memcpy(s->lines, work, (size_t)count * sizeof *work);
    s->line_count = count;
    *best = s->lines[0];
    /* As many as asked for (playing weaker searches more candidates than that). */
    int shown = s->limits.multipv > 1 ? (s->limits.multipv < count ? s->limits.multipv : count) : 1;
    for (int i = 0; i < shown; i++)
        send_report(s, cb, &s->lines[i], i, shown);
    return true;
}

/* The deepest iteration: the depth asked for; for a mate search without one,
 * the depth at which a found mate that long is final (see search_iterate). */
static int deepest_iteration(const struct search_limits *l)
{
    int depth = l->depth > 0 ? l->depth : l->mate > 0 ? 4 * l->mate + 4 : MAX_SEARCH_DEPTH;
    return depth < MAX_SEARCH_DEPTH ? depth : MAX_SEARCH_DEPTH;
}

void search_iterate(struct searcher *s, const struct search_callbacks *cb, struct pv_line *best)
{
    int max_depth = deepest_iteration(&s->limits);
    int prev = 0;
    Move prev_first = MOVE_NONE;
    int stable = 0;
    /* Lazy SMP: odd helpers run one ply ahead of the main thread. */
    for (int depth = 1 + (s->id & 1); depth <= max_depth; depth++) {
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
        int drop = depth > 1 ? prev - score : 0;
        prev = score;
        if (!finish_iteration(s, cb, best))
            break;
        Move first = best->len > 0 ? best->pv[0] : MOVE_NONE;
        stable = first == prev_first ? stable + 1 : 0;
        prev_first = first;
        if (s->soft_nodes && s->nodes >= s->soft_nodes)
            break;
        int mate = score_mate_moves(score);
        /* `go mate N`: the mate looked for is found. */
        if (s->limits.mate > 0 && mate > 0 && mate <= s->limits.mate)
            break;
        if (s->limits.infinite || pondering(s))
            continue;
        /* Nothing to choose: on a clock, answer after one iteration. */
        if (s->only_turn && s->budget.limited && !s->budget.fixed)
            break;
        /* The next iteration takes longer than all before it: do not start
         * one that cannot end before the soft limit. */
        if (s->budget.limited && !s->budget.fixed &&
            elapsed_ms(s) * 2 >= timeman_iteration_target(&s->budget, stable, drop))
            break;
        /* A mate found is final once the depth covers it twice over. */
        if (mate != 0 && depth >= 4 * abs(mate) + 4 && !s->limits.depth)
            break;
    }
}

/* An infinite search, or a ponder search not yet hit, reports its result
 * only when told to stop (or, pondering, when the ponder move is played). */
static void wait_for_stop(struct searcher *s)
{
    while ((s->limits.infinite || pondering(s)) && !atomic_load(s->stop))
        pf_sleep_ms(1);
}

/* A reply to ponder on when the line ends with our turn (an iteration cut
 * short): the hash move after our turn, finished into a whole turn. */
static bool ponder_from_tt(struct searcher *s, const struct turn *best, struct turn *out)
{
    struct position *pos = &s->pos;
    struct tt_entry te;
    turn_make(pos, best);
    *out = (struct turn){0, {0}, {0}};
    bool found = tt_probe(&s->engine->tt, search_tt_key(pos), &te) && complete_turn(s, out);
    turn_unmake(pos, best);
    return found;
}

static void fill_result(struct searcher *s, const struct pv_line *best, struct search_result *r)
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
    } else if (r->has_move) {
        r->has_ponder = ponder_from_tt(s, &r->best, &r->ponder);
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

void searcher_prepare(struct searcher *s, struct engine *e, const struct position *root,
                      const struct search_limits *limits)
{
    position_copy(&s->pos, root);
    s->engine = e;
    s->stop = s->id == 0 ? &e->stop : &e->helpers_stop;
    s->v = root->variant;
    s->limits = *limits;
    s->start_ms = clock_ms();
    s->budget = timeman_budget(limits, root->side);
    s->nodes = 0;
    atomic_store_explicit(&s->shared_nodes, 0, memory_order_relaxed);
    s->seldepth = 0;
    s->aborted = false;
    s->only_turn = false;
    s->root_ply = s->pos.ply;
    s->multipv = limits->multipv < 1 ? 1 : limits->multipv > MAX_MULTIPV ? MAX_MULTIPV : limits->multipv;
    s->soft_nodes = 0;
    s->line_count = 0;
    memset(s->killers, 0, sizeof s->killers);
    conthist_prepare(s, s->v);
    s->net = e->in_force;
    s->eval_blend = e->eval_blend;
    if (s->net)
        nnue_cache_init(&s->nnue, s->net, NULL);
}

/* Playing weaker: fewer nodes, a shallower search, several candidate lines. */
static bool apply_skill(struct searcher *s)
{
    struct skill_plan plan = skill_plan_for(s->engine->skill);
    if (!plan.active)
        return false;
    if (s->multipv < plan.candidates)
        s->multipv = plan.candidates;
    if (plan.depth && (s->limits.depth == 0 || s->limits.depth > plan.depth))
        s->limits.depth = plan.depth;
    s->soft_nodes = plan.nodes;
    return true;
}

/* The main thread's search of a position with legal turns. */
static void search_position(struct engine *e, struct searcher *s, const struct position *root,
                            const struct search_callbacks *cb, struct search_result *r)
{
    bool weaker = apply_skill(s);
    bool helpers = !weaker && e->threads > 1;
    if (helpers)
        smp_start(e, root, &s->limits);
    struct pv_line *best = malloc(sizeof *best);
    if (best) {
        best->len = 0;
        best->depth = 0;
        best->score = 0;
        search_iterate(s, cb, best);
        if (weaker && s->line_count > 1)
            *best = s->lines[skill_choose(e->skill, s->lines, s->line_count, &e->skill_rng)];
        fill_result(s, best, r);
        free(best);
    } else {
        r->has_move = complete_turn(s, &r->best);
    }
    wait_for_stop(s);
    if (helpers)
        r->nodes += smp_stop(e);
}

static void run_search(struct engine *e, const struct position *root, const struct search_limits *limits,
                       const struct search_callbacks *cb, struct search_result *r)
{
    struct searcher *s = e->s;
    memset(r, 0, sizeof *r);
    const struct nnue_net *net = engine_network_for(e, root->variant, root->rules, NULL, 0);
    if (net != e->in_force) { /* the table holds the other evaluation's static scores */
        tt_clear(&e->tt);
        e->in_force = net;
    }
    searcher_prepare(s, e, root, limits);
    tt_new_search(&e->tt);

    struct move_list list;
    s->v->generate(&s->pos, &list);
    struct outcome oc = search_outcome(&s->pos, list.count);
    /* A drawn position with legal steps (a dead position by material) still
     * gets a move: it is the GUI's to adjudicate, and analysis goes on. */
    bool decided = oc.result != RESULT_NONE && !(oc.result == RESULT_DRAW && list.count > 0);
    if (list.count == 0 || decided) {
        r->score = search_outcome_score(&s->pos, oc.result, 0);
        wait_for_stop(s);
    } else if (e->player != PLAYER_SEARCH) {
        r->has_move = baseline_choose(&s->pos, e->player == PLAYER_RANDOM ? BASELINE_RANDOM : BASELINE_GREEDY,
                                      &e->player_rng, &r->best);
        wait_for_stop(s);
    } else {
        s->only_turn = list.count == 1 && single_step_turn(&s->pos, list.moves[0]);
        search_position(e, s, root, cb, r);
    }
    r->nodes += s->nodes;
    r->time_ms = elapsed_ms(s);
}

/* ---- Searchers ------------------------------------------------------------------------ */

struct searcher *searcher_new(void)
{
    struct searcher *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->history = calloc((size_t)2 * BOARD_SIZE * BOARD_SIZE, sizeof *s->history);
    s->counter = calloc(2 * MAX_TYPES, sizeof *s->counter);
    s->lines = calloc(2 * MAX_MULTIPV, sizeof *s->lines);
    atomic_init(&s->shared_nodes, 0);
    if (!s->history || !s->counter || !s->lines) {
        searcher_free(s);
        return NULL;
    }
    return s;
}

void searcher_free(struct searcher *s)
{
    if (!s)
        return;
    free(s->history);
    free(s->counter);
    free(s->lines);
    conthist_free(s);
    free(s);
}

void searcher_clear_history(struct searcher *s)
{
    memset(s->history, 0, (size_t)2 * BOARD_SIZE * BOARD_SIZE * sizeof *s->history);
    memset(s->counter, 0, 2 * MAX_TYPES * sizeof *s->counter);
    conthist_clear(s);
}

/* ---- Engine object and thread ----------------------------------------------------- */

static void search_thread(void *arg)
{
    struct engine *e = arg;
    struct search_result r;
    pf_mutex_lock(&e->lock);
    for (;;) {
        while (!e->job_pending && !e->quit)
            pf_cond_wait(&e->cond, &e->lock);
        if (e->quit)
            break;
        e->job_pending = false;
        struct search_callbacks cb = e->job_cb;
        pf_mutex_unlock(&e->lock);
        run_search(e, e->job_pos, &e->job_limits, &cb, &r);
        if (cb.on_done)
            cb.on_done(&r, cb.ctx);
        pf_mutex_lock(&e->lock);
        if (!e->job_pending) {
            e->busy = false;
            pf_cond_broadcast(&e->cond);
        }
    }
    pf_mutex_unlock(&e->lock);
}

static bool on_search_thread(const struct engine *e)
{
    return e->thread_started && pf_thread_is_current(&e->thread);
}

static int start_thread(struct engine *e)
{
    if (!PF_THREADS)
        return 0; /* searches run on the caller's thread (engine_search_async) */
    int rc = pf_thread_start(&e->thread, search_thread, e, THREAD_STACK_BYTES);
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
    e->s = searcher_new();
    e->job_pos = malloc(sizeof *e->job_pos);
    atomic_init(&e->stop, false);
    atomic_init(&e->pondering, false);
    atomic_init(&e->helpers_stop, false);
    e->threads = 1;
    e->skill = SKILL_MAX;
    e->eval_blend = ENGINE_EVAL_BLEND_MAX;
    e->builtin = true;
    e->skill_rng = UINT64_C(0x9E3779B97F4A7C15);
    if (!e->s || !e->job_pos || tt_resize(&e->tt, hash_mb ? hash_mb : 1) ||
        nnue_builtins_read(&e->builtins, nnue_builtin_table)) {
        nnue_builtins_free(&e->builtins);
        searcher_free(e->s);
        free(e->job_pos);
        tt_free(&e->tt);
        free(e);
        return NULL;
    }
    pf_mutex_init(&e->lock);
    pf_cond_init(&e->cond);
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
        pf_mutex_lock(&e->lock);
        e->quit = true;
        pf_cond_broadcast(&e->cond);
        pf_mutex_unlock(&e->lock);
        pf_thread_join(&e->thread);
    }
    pf_mutex_destroy(&e->lock);
    pf_cond_destroy(&e->cond);
    smp_free(e);
    tt_free(&e->tt);
    free(e->job_pos);
    searcher_free(e->s);
    nnue_free(e->net);
    nnue_builtins_free(&e->builtins);
    free(e);
}

int engine_set_hash(struct engine *e, size_t hash_mb)
{
    engine_wait(e);
    return tt_resize(&e->tt, hash_mb ? hash_mb : 1);
}

int engine_set_threads(struct engine *e, int threads)
{
    if (threads < 1 || threads > MAX_THREADS)
        return -1;
    engine_wait(e);
    return smp_resize(e, threads);
}

int engine_threads(const struct engine *e) { return e->threads; }

int engine_set_skill(struct engine *e, int skill)
{
    if (skill < 0 || skill > SKILL_MAX)
        return -1;
    engine_wait(e);
    e->skill = skill;
    return 0;
}

void engine_clear(struct engine *e)
{
    engine_wait(e);
    tt_clear(&e->tt);
    searcher_clear_history(e->s);
    smp_clear(e);
}

void engine_set_network(struct engine *e, struct nnue_net *net)
{
    engine_wait(e);
    nnue_free(e->net);
    e->net = net;
    e->builtin = false;
    tt_clear(&e->tt);
}

const struct nnue_net *engine_network(const struct engine *e) { return e->net; }

void engine_use_builtin_networks(struct engine *e)
{
    engine_wait(e);
    nnue_free(e->net);
    e->net = NULL;
    e->builtin = true;
    tt_clear(&e->tt);
}

bool engine_uses_builtin_networks(const struct engine *e) { return e->builtin; }

bool engine_has_builtin_network(const struct engine *e, const struct variant *v)
{
    return nnue_builtins_find(&e->builtins, v) != NULL;
}

const struct nnue_net *engine_network_for(const struct engine *e, const struct variant *v, const void *rules,
                                          char *why, size_t n)
{
    if (e->builtin)
        return nnue_builtins_pick(&e->builtins, v, rules, why, n);
    if (why && n)
        snprintf(why, n, "evaluation: %s", e->net ? "the network loaded" : "classic");
    return e->net && e->net->variant == v ? e->net : NULL;
}

int engine_set_eval_blend(struct engine *e, int percent)
{
    if (percent < 0 || percent > ENGINE_EVAL_BLEND_MAX)
        return -1;
    engine_wait(e);
    e->eval_blend = percent;
    tt_clear(&e->tt);
    return 0;
}

int engine_eval_blend(const struct engine *e) { return e->eval_blend; }

struct search_result engine_search(struct engine *e, const struct position *pos, const struct search_limits *limits,
                                   const struct search_callbacks *cb)
{
    struct search_result r;
    engine_wait(e);
    atomic_store(&e->stop, false);
    atomic_store(&e->pondering, limits->ponder);
    run_search(e, pos, limits, cb, &r);
    if (cb && cb->on_done)
        cb->on_done(&r, cb->ctx);
    return r;
}

void engine_search_async(struct engine *e, const struct position *pos, const struct search_limits *limits,
                         const struct search_callbacks *cb)
{
    if (!e->thread_started) {
        engine_search(e, pos, limits, cb); /* no threads: it runs to its end now */
        return;
    }
    if (!on_search_thread(e))
        engine_wait(e);
    pf_mutex_lock(&e->lock);
    position_copy(e->job_pos, pos);
    e->job_limits = *limits;
    e->job_cb = cb ? *cb : (struct search_callbacks){0};
    atomic_store(&e->stop, false);
    atomic_store(&e->pondering, limits->ponder);
    e->job_pending = true;
    e->busy = true;
    pf_cond_broadcast(&e->cond);
    pf_mutex_unlock(&e->lock);
}

void engine_ponderhit(struct engine *e)
{
    atomic_store(&e->pondering, false);
}

void engine_stop(struct engine *e)
{
    atomic_store(&e->stop, true);
}

void engine_wait(struct engine *e)
{
    if (on_search_thread(e))
        return;
    pf_mutex_lock(&e->lock);
    while (e->busy)
        pf_cond_wait(&e->cond, &e->lock);
    pf_mutex_unlock(&e->lock);
}

bool engine_busy(struct engine *e)
{
    pf_mutex_lock(&e->lock);
    bool busy = e->busy;
    pf_mutex_unlock(&e->lock);
    return busy;
}
