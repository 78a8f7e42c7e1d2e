/* The analysis board's engine: Rule Zero (engine:0) as a CECP process of its
 * own, driven on the analysis thread. A task is one position: the board
 * (analysed until it changes, with `option MultiPV=N`) or a position of an
 * analysed game (one line, until the depth or the time per position is
 * reached; these go first). Before each task the engine gets a new game,
 * the start position and the turns to it, so repetitions count as in play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis.h"

#define READ_SLICE_MS 100 /* how soon a change of the board reaches the engine */
#define HANDSHAKE_MS 10000
#define PLY_GRACE_MS 5000  /* a game position without any line by its time gets this much more */

struct task {
    unsigned id;           /* the board's id, or the game job's */
    bool for_game;
    int ply;               /* for_game: the position after this many turns */
    const struct variant *variant;
    struct game_option_texts options;
    char start_fen[FEN_MAX_LEN];
    int nmoves;
    Color side;
    int multipv;
    int depth;             /* for_game: enough at this depth */
    int ms;                /* for_game: or after this long */
};

/* ---- Choosing the next task (lock held) ---------------------------------------------------- */

static void copy_turns(struct gui_analysis *a, const struct game *g, int count, struct task *t)
{
    t->variant = g->variant;
    snprintf(t->start_fen, sizeof t->start_fen, "%s", g->start_fen);
    t->nmoves = count;
    for (int i = 0; i < count; i++)
        snprintf(a->engine.moves[i], TURN_TEXT_LEN, "%s", g->turns[i].turn.text);
    gui_game_option_texts(g, &t->options);
}

static bool next_game_task(struct gui_analysis *a, struct task *t)
{
    if (!a->game_job)
        return false;
    for (int i = 0; i <= a->source.count; i++)
        if (!a->ply[i].done) {
            memset(t, 0, sizeof *t);
            t->id = a->game_id;
            t->for_game = true;
            t->ply = i;
            t->multipv = 1;
            t->depth = a->depth;
            t->ms = a->ms;
            copy_turns(a, &a->source, i, t);
            t->side = i < a->source.count ? a->source.turns[i].side : a->source.pos->side;
            return true;
        }
    a->game_job = false;
    a->dirty = true;
    return false;
}

static bool next_task(struct gui_session *s, struct task *t)
{
    struct gui_analysis *a = s->analysis;
    if (!a->active || !s->cfg.self_cmd)
        return false;
    if (next_game_task(a, t))
        return true;
    if (a->failed_id == a->id || game_outcome(&a->game).result != RESULT_NONE)
        return false;
    memset(t, 0, sizeof *t);
    t->id = a->id;
    uint64_t turns = count_turns(a->game.pos); /* no more lines than turns, so that each iteration's last comes */
    t->multipv = turns < (uint64_t)a->multipv ? (int)turns : a->multipv;
    t->side = a->game.pos->side;
    copy_turns(a, &a->game, a->game.count, t);
    return true;
}

static bool stale(const struct gui_session *s, const struct task *t)
{
    const struct gui_analysis *a = s->analysis;
    if (s->quit || !a->active)
        return true;
    if (t->for_game)
        return !a->game_job || a->game_id != t->id;
    return a->game_job || a->id != t->id;
}

/* ---- The engine process (lock not held) ---------------------------------------------------- */

static void stop_analyzing(struct analysis_engine *e)
{
    if (e->analyzing && e->slot.p.running)
        proc_send(&e->slot.p.proc, "exit");
    e->analyzing = false;
}

/* Started for the task's game and settings (restarted when they differ). */
static int ready_engine(struct gui_session *s, const struct task *t, char *err, size_t errlen)
{
    struct engine_slot *slot = &s->analysis->engine.slot;
    if (slot->p.running && slot->variant == t->variant && gui_same_option_texts(&slot->options, &t->options))
        return 0;
    player_quit(&slot->p);
    struct limits limits;
    gui_untimed_limits(&limits);
    gui_slot_configure(s, slot, "engine:0", &limits);
    slot->variant = t->variant;
    slot->options = t->options;
    for (int i = 0; i < slot->options.count && slot->cfg.option_count < PLAYER_MAX_OPTIONS; i++)
        slot->cfg.options[slot->cfg.option_count++] = slot->options.text[i];
    snprintf(slot->cfg.name, sizeof slot->cfg.name, "Rule Zero (analysis)");
    slot->p.debug = s->cfg.debug;
    slot->p.handshake_ms = HANDSHAKE_MS;
    return player_start(&slot->p, &slot->cfg, t->variant, err, errlen);
}

/* The task's position set up and `analyze` sent. 0, or -1 with err. */
static int start_task(struct gui_session *s, const struct task *t, char *err, size_t errlen)
{
    struct analysis_engine *e = &s->analysis->engine;
    stop_analyzing(e);
    if (ready_engine(s, t, err, errlen))
        return -1;
    struct player *p = &e->slot.p;
    struct game_view view = {
        .variant = t->variant,
        .start_fen = t->start_fen,
        .standard_start = strcmp(t->start_fen, t->variant->start_fen) == 0,
        .nmoves = t->nmoves,
        .moves = e->moves,
    };
    if (player_new_game(p, &view, 0, err, errlen)) {
        player_quit(p);
        return -1;
    }
    for (int i = 0; i < t->nmoves; i++)
        proc_send(&p->proc, p->usermove ? "usermove %s" : "%s", e->moves[i]);
    proc_send(&p->proc, "option MultiPV=%d", t->multipv);
    proc_send(&p->proc, "analyze");
    e->analyzing = true;
    return 0;
}

/* ---- Reading its lines ---------------------------------------------------------------------- */

/* Which MultiPV line a report is: Rule Zero prints an iteration's lines in
 * order, best first; a new depth starts again at the first. */
struct line_counter {
    int depth;
    int index;
};

static int line_index(struct line_counter *c, int depth, int multipv)
{
    if (depth != c->depth || c->index + 1 >= multipv)
        c->index = 0;
    else
        c->index++;
    c->depth = depth;
    return c->index;
}

/* One line of the engine (lock held); true when a game position is scored. */
static bool take_line(struct gui_session *s, const struct task *t, struct line_counter *c, const char *text)
{
    int depth, score;
    const char *pv;
    if (!gui_analysis_parse(text, &depth, &score, &pv))
        return false;
    struct gui_analysis *a = s->analysis;
    struct analysis_score sc = gui_analysis_score(depth, score, t->side);
    int index = line_index(c, depth, t->multipv);
    if (!t->for_game) {
        /* An iteration's lines are shown together, so that they are of one depth. */
        struct pending_line *pending = a->engine.pending;
        pending[index].score = sc;
        text_copy(pending[index].pv, sizeof pending[index].pv, pv);
        if (index == t->multipv - 1)
            for (int i = 0; i <= index; i++)
                gui_analysis_store_line(a, i, &pending[i].score, pending[i].pv);
        return false;
    }
    gui_analysis_store_best(a, t->ply, &sc, pv);
    return depth >= t->depth;
}

/* A game position's time is up: after `end` with a line, or long after without one. */
static bool ply_timed_out(const struct gui_session *s, const struct task *t, int64_t end)
{
    int64_t now = clock_ms();
    return (now >= end && s->analysis->ply[t->ply].score.valid) || now >= end + PLY_GRACE_MS;
}

static void finish_ply(struct gui_session *s, const struct task *t)
{
    s->analysis->ply[t->ply].done = true;
    s->analysis->dirty = true;
}

static void engine_failed(struct gui_session *s, const struct task *t, const char *why)
{
    struct gui_analysis *a = s->analysis;
    text_copy(a->error, sizeof a->error, why);
    if (t->for_game)
        a->game_job = false;
    else
        a->failed_id = t->id;
    a->dirty = true;
    gui_send_error(s->broadcast, s->broadcast_ctx, "analysis engine: %s", why);
}

/* Reads the engine until the task is stale or (a game position) scored. Lock held on entry and exit. */
static void follow_task(struct gui_session *s, const struct task *t)
{
    struct analysis_engine *e = &s->analysis->engine;
    struct line_counter counter = {-1, 0};
    int64_t end = clock_ms() + t->ms;
    char line[PROC_LINE_MAX];
    for (;;) {
        pthread_mutex_unlock(&s->lock);
        int got = proc_read_line(&e->slot.p.proc, line, sizeof line, clock_ms() + READ_SLICE_MS);
        pthread_mutex_lock(&s->lock);
        if (stale(s, t))
            return;
        if (got < 0) {
            player_quit(&e->slot.p);
            e->analyzing = false;
            engine_failed(s, t, "Rule Zero stopped during the analysis");
            return;
        }
        bool scored = got == 1 && take_line(s, t, &counter, line);
        if (t->for_game && (scored || ply_timed_out(s, t, end))) {
            finish_ply(s, t);
            gui_analysis_flush(s, false);
            return;
        }
        gui_analysis_flush(s, false);
    }
}

static void run_task(struct gui_session *s, const struct task *t)
{
    struct gui_analysis *a = s->analysis;
    char err[512];
    a->running = true;
    a->dirty = true;
    pthread_mutex_unlock(&s->lock);
    int rc = start_task(s, t, err, sizeof err);
    pthread_mutex_lock(&s->lock);
    if (rc)
        engine_failed(s, t, err);
    else if (!stale(s, t))
        follow_task(s, t);
}

static void go_idle(struct gui_session *s)
{
    struct analysis_engine *e = &s->analysis->engine;
    if (e->analyzing) {
        pthread_mutex_unlock(&s->lock);
        stop_analyzing(e);
        pthread_mutex_lock(&s->lock);
    }
    if (s->analysis->running) {
        s->analysis->running = false;
        s->analysis->dirty = true;
    }
    gui_analysis_flush(s, true);
    gui_wait_ms(s, 250);
}

void *gui_analysis_thread(void *arg)
{
    struct gui_session *s = arg;
    struct task *t = malloc(sizeof *t);
    pthread_mutex_lock(&s->lock);
    while (t && !s->quit) {
        if (next_task(s, t))
            run_task(s, t);
        else
            go_idle(s);
    }
    pthread_mutex_unlock(&s->lock);
    free(t);
    player_quit(&s->analysis->engine.slot.p);
    return NULL;
}
