/* The analysis engine's tasks and what its lines do to the analysis
 * (gui_analysis_task.h); the drivers that talk to the engine are
 * gui_analysis_engine.c (a thread) and protocol/web/analysis_web.c (a poll). */
#include <stdio.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis_task.h"

/* ---- Choosing the next task ---------------------------------------------------------------- */

static void copy_turns(struct gui_analysis *a, const struct game *g, int count, struct analysis_task *t)
{
    t->variant = g->variant;
    snprintf(t->start_fen, sizeof t->start_fen, "%s", g->start_fen);
    t->nmoves = count;
    for (int i = 0; i < count; i++)
        snprintf(a->engine.moves[i], TURN_TEXT_LEN, "%s", g->turns[i].turn.text);
    gui_game_option_texts(g, &t->options);
}

static bool next_game_task(struct gui_analysis *a, struct analysis_task *t)
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

bool gui_analysis_next_task(struct gui_session *s, struct analysis_task *t)
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

bool gui_analysis_stale(const struct gui_session *s, const struct analysis_task *t)
{
    const struct gui_analysis *a = s->analysis;
    if (s->quit || !a->active)
        return true;
    if (t->for_game)
        return !a->game_job || a->game_id != t->id;
    return a->game_job || a->id != t->id;
}

void gui_analysis_configure(struct gui_session *s, struct engine_slot *slot, const struct analysis_task *t)
{
    struct limits limits;
    gui_untimed_limits(&limits);
    gui_slot_configure(s, slot, "engine:0", &limits);
    slot->variant = t->variant;
    slot->options = t->options;
    for (int i = 0; i < slot->options.count && slot->cfg.option_count < PLAYER_MAX_OPTIONS; i++)
        slot->cfg.options[slot->cfg.option_count++] = slot->options.text[i];
    snprintf(slot->cfg.name, sizeof slot->cfg.name, "Rule Zero (analysis)");
}

/* ---- Reading its lines ---------------------------------------------------------------------- */

static int line_index(struct analysis_line_counter *c, int depth, int multipv)
{
    if (depth != c->depth || c->index + 1 >= multipv)
        c->index = 0;
    else
        c->index++;
    c->depth = depth;
    return c->index;
}

bool gui_analysis_take_line(struct gui_session *s, const struct analysis_task *t, struct analysis_line_counter *c,
                            const char *text)
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

bool gui_analysis_ply_timed_out(const struct gui_session *s, const struct analysis_task *t, int64_t end)
{
    int64_t now = clock_ms();
    return (now >= end && s->analysis->ply[t->ply].score.valid) || now >= end + ANALYSIS_PLY_GRACE_MS;
}

void gui_analysis_finish_ply(struct gui_session *s, const struct analysis_task *t)
{
    s->analysis->ply[t->ply].done = true;
    s->analysis->dirty = true;
}

void gui_analysis_engine_failed(struct gui_session *s, const struct analysis_task *t, const char *why)
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

void gui_analysis_idle(struct gui_session *s)
{
    if (s->analysis->running) {
        s->analysis->running = false;
        s->analysis->dirty = true;
    }
    gui_analysis_flush(s, true);
}
