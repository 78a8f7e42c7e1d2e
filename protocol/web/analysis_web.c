/* Rule Zero in the browser: the analysis board's engine (gui_analysis.h)
 * without a thread. Natively the analysis has a thread of its own that
 * blocks on the engine's lines; here the session's one coroutine is the
 * game's engine loop, so the analysis is a step that never blocks, called by
 * the session's worker every few tens of milliseconds
 * (rz_session_analysis_poll, session_web.c): it starts the engine's Worker
 * for a task, reads what lines have come, and ends the Worker when the task
 * is done or stale. The tasks and what their lines do are the native
 * thread's (gui_analysis_task.c).
 *
 * A search in a Worker runs to its end inside the line that started it, and
 * `analyze` has no end: so the board's engine is a Worker of its own, set up
 * without waiting for its answers (the engine reads its lines in order) and
 * ended when its position changes (the next task starts a fresh one). A
 * position of an analysed game is searched with `sd` and `st` and `go`
 * instead: the search ends by itself (its `move` line) and the same Worker
 * takes the next position, so a game is scored without a Worker started per
 * position. The game's engine is another Worker, so a game in progress goes
 * on meanwhile.
 *
 * A Worker that says nothing at all (not even its `feature` lines, the
 * answer to `protover 2`) within START_MS of being started is taken as one
 * that never started: it is ended and a fresh one started, with twice the
 * time, at most START_TRIES times in all, then the analysis fails with a
 * message. Firefox at times started an engine Worker that never ran
 * (docs/reliability.md): the board then said "Thinking…" for good. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis_task.h"

#define START_MS 4000 /* the first try's time for a Worker's first line; doubled for each try */
#define START_TRIES 4

struct analysis_poll {
    struct analysis_task task;
    bool busy;                            /* task is being analysed by proc */
    struct engine_slot slot;              /* its configuration (the game's options) */
    struct engine_proc proc;
    struct analysis_line_counter counter;
    int64_t end;                          /* a game position's time */
    bool idle;                            /* proc ended a bounded search: it may take the next game position */
    bool heard;                           /* proc has said a line since it was started */
    int64_t started;                      /* when proc was started */
    int tries;                            /* Workers started in a row that said nothing */
};

static void end_engine(struct analysis_poll *p)
{
    if (p->proc.pid > 0)
        proc_stop(&p->proc, 0);
    p->busy = false;
    p->idle = false;
}

/* The idle engine of the last game position serves this one (same game and settings). */
static bool reusable(const struct analysis_poll *p)
{
    return p->idle && p->proc.pid > 0 && p->task.for_game && p->slot.variant == p->task.variant &&
           gui_same_option_texts(&p->slot.options, &p->task.options);
}

/* The task's engine started and told the position; `analyze` sent. 0, or -1 with err. */
static int start_engine(struct gui_session *s, struct analysis_poll *p, char *err, size_t errlen)
{
    const struct analysis_task *t = &p->task;
    struct engine_proc *e = &p->proc;
    if (!reusable(p)) {
        end_engine(p);
        gui_analysis_configure(s, &p->slot, t);
        memset(e, 0, sizeof *e);
        e->label = p->slot.cfg.name;
        if (proc_spawn(e, p->slot.cfg.cmd, err, errlen))
            return -1;
        p->heard = false;
        p->started = clock_ms();
        proc_send(e, "xboard");
        proc_send(e, "protover 2");
        for (int i = 0; i < p->slot.cfg.option_count; i++)
            proc_send(e, "option %s", p->slot.cfg.options[i]);
    }
    p->idle = false;
    proc_send(e, "new");
    if (strcmp(t->variant->id, "normal") != 0)
        proc_send(e, "variant %s", t->variant->id);
    proc_send(e, "post");
    proc_send(e, "force");
    if (strcmp(t->start_fen, t->variant->start_fen) != 0)
        proc_send(e, "setboard %s", t->start_fen);
    for (int i = 0; i < t->nmoves; i++)
        proc_send(e, "usermove %s", s->analysis->engine.moves[i]);
    proc_send(e, "option MultiPV=%d", t->multipv);
    if (t->for_game) {
        proc_send(e, "sd %d", t->depth);
        proc_send(e, "st %d.%03d", t->ms / 1000, t->ms % 1000);
        proc_send(e, "go");
    } else {
        proc_send(e, "analyze");
    }
    p->counter = (struct analysis_line_counter){-1, 0};
    p->end = clock_ms() + t->ms;
    p->busy = true;
    return 0;
}

/* The lines that have come. A game position is scored when its search ends
 * (its `move` line: depth or time reached), its engine then idle; one whose
 * engine says nothing long past its time is given up with the engine. */
static void read_lines(struct gui_session *s, struct analysis_poll *p)
{
    char line[PROC_LINE_MAX];
    for (;;) {
        int got = proc_read_line(&p->proc, line, sizeof line, 0); /* deadline 0: never waits */
        if (got < 0) {
            end_engine(p);
            gui_analysis_engine_failed(s, &p->task, "Rule Zero stopped during the analysis");
            return;
        }
        if (got == 0) {
            if (p->task.for_game && clock_ms() >= p->end + ANALYSIS_PLY_GRACE_MS) {
                end_engine(p);
                gui_analysis_finish_ply(s, &p->task);
            }
            return;
        }
        p->heard = true;
        p->tries = 0;
        gui_analysis_take_line(s, &p->task, &p->counter, line);
        if (p->task.for_game && strncmp(line, "move ", 5) == 0) {
            p->busy = false;
            p->idle = true;
            gui_analysis_finish_ply(s, &p->task);
            return;
        }
    }
}

/* True when proc, started for t, has been silent past its try's time: it
 * is ended (and t failed after the last try), so that the next poll starts
 * t again. */
static bool never_started(struct gui_session *s, struct analysis_poll *p)
{
    if (p->heard || clock_ms() - p->started < ((int64_t)START_MS << p->tries))
        return false;
    end_engine(p);
    if (++p->tries >= START_TRIES) {
        p->tries = 0;
        gui_analysis_engine_failed(s, &p->task, "Rule Zero's Worker did not start");
    }
    return true;
}

void gui_analysis_poll(struct gui_session *s)
{
    struct gui_analysis *a = s->analysis;
    if (!a->engine.poll && !(a->engine.poll = calloc(1, sizeof *a->engine.poll)))
        return;
    struct analysis_poll *p = a->engine.poll;
    if (p->busy && gui_analysis_stale(s, &p->task))
        end_engine(p);
    if (!p->busy) {
        if (!gui_analysis_next_task(s, &p->task)) {
            if (!a->active)
                end_engine(p); /* the board closed: its idle engine too */
            gui_analysis_idle(s);
            return;
        }
        char err[512];
        a->running = true;
        a->dirty = true;
        if (start_engine(s, p, err, sizeof err)) {
            gui_analysis_engine_failed(s, &p->task, err);
            return;
        }
    }
    read_lines(s, p);
    if (p->busy && never_started(s, p))
        a->dirty = true;
    gui_analysis_flush(s, false);
}
