/* The analysis board's engine on the native server: Rule Zero (engine:0) as
 * a CECP process of its own, driven on the analysis thread, which blocks on
 * its lines with the session's lock released. The tasks and what the lines
 * do are gui_analysis_task.c's. Before each task the engine gets a new game,
 * the start position and the turns to it, so repetitions count as in play. */
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis_task.h"

#define READ_SLICE_MS 100 /* how soon a change of the board reaches the engine */

/* ---- The engine process (lock not held) ---------------------------------------------------- */

static void stop_analyzing(struct analysis_engine *e)
{
    if (e->analyzing && e->slot.p.running)
        proc_send(&e->slot.p.proc, "exit");
    e->analyzing = false;
}

/* Started for the task's game and settings (restarted when they differ). */
static int ready_engine(struct gui_session *s, const struct analysis_task *t, char *err, size_t errlen)
{
    struct engine_slot *slot = &s->analysis->engine.slot;
    if (slot->p.running && slot->variant == t->variant && gui_same_option_texts(&slot->options, &t->options))
        return 0;
    player_quit(&slot->p);
    gui_analysis_configure(s, slot, t);
    slot->p.debug = s->cfg.debug;
    slot->p.handshake_ms = ANALYSIS_HANDSHAKE_MS;
    return player_start(&slot->p, &slot->cfg, t->variant, err, errlen);
}

/* The task's position set up and `analyze` sent. 0, or -1 with err. */
static int start_task(struct gui_session *s, const struct analysis_task *t, char *err, size_t errlen)
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

/* Reads the engine until the task is stale or (a game position) scored. Lock held on entry and exit. */
static void follow_task(struct gui_session *s, const struct analysis_task *t)
{
    struct analysis_engine *e = &s->analysis->engine;
    struct analysis_line_counter counter = {-1, 0};
    int64_t end = clock_ms() + t->ms;
    char line[PROC_LINE_MAX];
    for (;;) {
        pthread_mutex_unlock(&s->lock);
        int got = proc_read_line(&e->slot.p.proc, line, sizeof line, clock_ms() + READ_SLICE_MS);
        pthread_mutex_lock(&s->lock);
        if (gui_analysis_stale(s, t))
            return;
        if (got < 0) {
            player_quit(&e->slot.p);
            e->analyzing = false;
            gui_analysis_engine_failed(s, t, "Rule Zero stopped during the analysis");
            return;
        }
        bool scored = got == 1 && gui_analysis_take_line(s, t, &counter, line);
        if (t->for_game && (scored || gui_analysis_ply_timed_out(s, t, end))) {
            gui_analysis_finish_ply(s, t);
            gui_analysis_flush(s, false);
            return;
        }
        gui_analysis_flush(s, false);
    }
}

static void run_task(struct gui_session *s, const struct analysis_task *t)
{
    struct gui_analysis *a = s->analysis;
    char err[512];
    a->running = true;
    a->dirty = true;
    pthread_mutex_unlock(&s->lock);
    int rc = start_task(s, t, err, sizeof err);
    pthread_mutex_lock(&s->lock);
    if (rc)
        gui_analysis_engine_failed(s, t, err);
    else if (!gui_analysis_stale(s, t))
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
    gui_analysis_idle(s);
    gui_wait_ms(s, 250);
}

void *gui_analysis_thread(void *arg)
{
    struct gui_session *s = arg;
    struct analysis_task *t = malloc(sizeof *t);
    pthread_mutex_lock(&s->lock);
    while (t && !s->quit) {
        if (gui_analysis_next_task(s, t))
            run_task(s, t);
        else
            go_idle(s);
    }
    pthread_mutex_unlock(&s->lock);
    free(t);
    player_quit(&s->analysis->engine.slot.p);
    return NULL;
}
