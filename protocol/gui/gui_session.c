/* The session: its life, its threads, and what every change of the game does. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis.h"

void gui_untimed_limits(struct limits *l)
{
    memset(l, 0, sizeof *l);
    l->kind = LIMIT_MOVETIME;
    l->movetime_ms = GUI_UNTIMED_MOVETIME_MS;
}

void gui_reset_clocks(struct gui_session *s)
{
    s->clock_ms[WHITE] = s->clock_ms[BLACK] = s->limits.base_ms;
    s->turn_start_ms = clock_ms();
}

struct gui_session *gui_session_new(const struct gui_config *cfg, gui_send_fn broadcast, void *broadcast_ctx)
{
    struct gui_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *cfg;
    if (s->cfg.engine_wait_ms <= 0)
        s->cfg.engine_wait_ms = 60000;
    s->broadcast = broadcast;
    s->broadcast_ctx = broadcast_ctx;
    s->scratch = malloc(sizeof *s->scratch);
    s->view_pos = malloc(sizeof *s->view_pos);
    s->scratch_moves = malloc(MAX_HISTORY * sizeof *s->scratch_moves);
    s->analysis = gui_analysis_new();
    if (!s->scratch || !s->view_pos || !s->scratch_moves || !s->analysis || game_init(&s->game)) {
        gui_analysis_free(s->analysis);
        free(s->scratch);
        free(s->view_pos);
        free(s->scratch_moves);
        game_free(&s->game);
        free(s);
        return NULL;
    }
    snprintf(s->player_id[WHITE], GUI_ID_LEN, "human");
    snprintf(s->player_id[BLACK], GUI_ID_LEN, "%s", cfg->self_cmd ? "engine:0" : "builtin:greedy");
    gui_untimed_limits(&s->limits); /* the default game has no clock: nobody loses on time before playing */
    s->untimed = true;
    gui_reset_clocks(s);
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    gui_offers_reset(s);
    gui_probe_init(s);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    if (!cfg->no_threads) {
        s->thread_started = pthread_create(&s->thread, NULL, gui_engine_thread, s) == 0;
        s->ticker_started = pthread_create(&s->ticker, NULL, gui_ticker_thread, s) == 0;
        s->prober_started = s->cfg.engine_count > 0 && pthread_create(&s->prober, NULL, gui_probe_thread, s) == 0;
        if (s->cfg.engine_count > 0 && !s->prober_started)
            for (int n = 1; n <= s->cfg.engine_count; n++)
                s->engine_info[n].status = ENGINE_UNKNOWN;
        s->analysis_started = pthread_create(&s->analysis_thread, NULL, gui_analysis_thread, s) == 0;
    }
    return s;
}

void gui_session_free(struct gui_session *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->quit = true;
    if (s->thinking_player && s->thinking_player->proc.pid > 0)
        kill(s->thinking_player->proc.pid, SIGKILL); /* a hung engine must not hold the exit up */
    gui_wake(s);
    pthread_mutex_unlock(&s->lock);
    if (s->thread_started)
        pthread_join(s->thread, NULL);
    if (s->ticker_started)
        pthread_join(s->ticker, NULL);
    if (s->prober_started)
        pthread_join(s->prober, NULL);
    if (s->analysis_started)
        pthread_join(s->analysis_thread, NULL);
    for (int i = 0; i < 2; i++)
        player_quit(&s->slot[i].p);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    game_free(&s->game);
    gui_analysis_free(s->analysis);
    free(s->legal_json);
    free(s->choices_json);
    free(s->scratch);
    free(s->view_pos);
    free(s->scratch_moves);
    gui_page_files_free(s);
    free(s);
}

/* ---- Changes of the game ------------------------------------------------------------------ */

void gui_game_touched(struct gui_session *s)
{
    s->generation++;
    gui_interrupt_engine(s);
    if (s->thinking_player)
        proc_abandon(&s->thinking_player->proc);
    gui_wake(s);
}

void gui_game_changed(struct gui_session *s)
{
    gui_game_touched(s);
    if (s->cfg.store && s->cfg.store(s->cfg.store_ctx, s))
        return; /* not on the disk: the game is back as it was, and nobody hears of the change */
    gui_broadcast_state(s);
    if (s->cfg.records)
        gui_broadcast_record(s);
}

void gui_set_result(struct gui_session *s, enum game_result r, const char *reason)
{
    s->over = true;
    snprintf(s->result_score, sizeof s->result_score, "%s",
             r == RESULT_WHITE_WINS ? "1-0" : r == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2");
    snprintf(s->result_reason, sizeof s->result_reason, "%s", reason ? reason : "Game over");
}

struct outcome gui_outcome(struct game *g)
{
    struct outcome o = game_outcome(g);
    if (o.result == RESULT_NONE && g->pos->ply + 2 * MAX_TURN_STEPS >= GAME_MAX_PLY)
        o = (struct outcome){RESULT_DRAW, "Draw: the game is too long to go on"};
    return o;
}

void gui_after_take_back(struct gui_session *s)
{
    s->over = false;
    gui_offers_reset(s);
    s->thinking.valid = false;
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    s->turn_start_ms = clock_ms();
    gui_check_outcome(s);
    gui_game_changed(s);
}

void gui_check_outcome(struct gui_session *s)
{
    struct outcome o = gui_outcome(&s->game);
    if (o.result != RESULT_NONE)
        gui_set_result(s, o.result, o.reason);
}

void gui_side_loses(struct gui_session *s, Color side, const char *how)
{
    char reason[160];
    snprintf(reason, sizeof reason, "%s %s", side == WHITE ? "White" : "Black", how);
    gui_set_result(s, side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, reason);
    gui_game_changed(s);
}

/* Did c play a turn among the game's first n? */
static bool played_before(const struct gui_session *s, Color c, int n)
{
    for (int i = 0; i < n; i++)
        if (s->game.turns[i].side == c)
            return true;
    return false;
}

bool gui_clock_started(const struct gui_session *s, Color c)
{
    return s->limits.kind == LIMIT_CLOCK && !s->untimed && played_before(s, c, s->game.count);
}

/* After a turn was played: the mover's clock (when it ran: a side's first
 * turn is untimed), the result, everyone told. */
void gui_after_turn(struct gui_session *s, int64_t elapsed_ms)
{
    Color mover = s->game.turns[s->game.count - 1].side;
    if (s->limits.kind == LIMIT_CLOCK && !s->untimed && played_before(s, mover, s->game.count - 1)) {
        s->clock_ms[mover] -= elapsed_ms;
        if (s->clock_ms[mover] < 0)
            s->clock_ms[mover] = 0;
        s->clock_ms[mover] += s->limits.inc_ms;
    }
    s->turn_start_ms = clock_ms();
    gui_offers_after_turn(s, mover);
    gui_check_outcome(s);
    gui_game_changed(s);
}

char *gui_session_state(struct gui_session *s)
{
    pthread_mutex_lock(&s->lock);
    char *text = gui_state_text(s, true);
    pthread_mutex_unlock(&s->lock);
    return text;
}

char *gui_session_pgn(struct gui_session *s)
{
    pthread_mutex_lock(&s->lock);
    char *text = gui_pgn_text(s);
    pthread_mutex_unlock(&s->lock);
    return text;
}
