/* The session's life and the page's messages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clock.h"
#include "engine/fen.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/gui/gui_json.h"

static void default_limits(struct limits *l)
{
    memset(l, 0, sizeof *l);
    l->kind = LIMIT_CLOCK;
    l->base_ms = 300000;
    l->inc_ms = 2000;
}

static void reset_clocks(struct gui_session *s)
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
    if (!s->scratch || !s->view_pos || !s->scratch_moves || game_init(&s->game)) {
        free(s->scratch);
        free(s->view_pos);
        free(s->scratch_moves);
        game_free(&s->game);
        free(s);
        return NULL;
    }
    snprintf(s->player_id[WHITE], GUI_ID_LEN, "human");
    snprintf(s->player_id[BLACK], GUI_ID_LEN, "%s", cfg->self_cmd ? "engine:0" : "builtin:greedy");
    default_limits(&s->limits);
    reset_clocks(s);
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    if (!cfg->no_threads) {
        s->thread_started = pthread_create(&s->thread, NULL, gui_engine_thread, s) == 0;
        s->ticker_started = pthread_create(&s->ticker, NULL, gui_ticker_thread, s) == 0;
    }
    return s;
}

void gui_session_free(struct gui_session *s)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->quit = true;
    gui_interrupt_engine(s);
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
    if (s->thread_started)
        pthread_join(s->thread, NULL);
    if (s->ticker_started)
        pthread_join(s->ticker, NULL);
    for (int i = 0; i < 2; i++)
        player_quit(&s->slot[i].p);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    game_free(&s->game);
    free(s->legal_json);
    free(s->choices_json);
    free(s->scratch);
    free(s->view_pos);
    free(s->scratch_moves);
    free(s);
}

/* ---- Changes of the game ------------------------------------------------------------------ */

void gui_game_changed(struct gui_session *s)
{
    s->generation++;
    gui_interrupt_engine(s);
    pthread_cond_broadcast(&s->wake);
    gui_broadcast_state(s);
}

void gui_set_result(struct gui_session *s, enum game_result r, const char *reason)
{
    s->over = true;
    snprintf(s->result_score, sizeof s->result_score, "%s",
             r == RESULT_WHITE_WINS ? "1-0" : r == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2");
    snprintf(s->result_reason, sizeof s->result_reason, "%s", reason ? reason : "Game over");
}

static void check_outcome(struct gui_session *s)
{
    struct outcome o = game_outcome(&s->game);
    if (o.result != RESULT_NONE)
        gui_set_result(s, o.result, o.reason);
    else if (s->game.pos->ply + 2 * MAX_TURN_STEPS >= GAME_MAX_PLY)
        gui_set_result(s, RESULT_DRAW, "Draw: the game is too long to go on");
}

void gui_side_loses(struct gui_session *s, Color side, const char *how)
{
    char reason[160];
    snprintf(reason, sizeof reason, "%s %s", side == WHITE ? "White" : "Black", how);
    gui_set_result(s, side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS, reason);
    gui_game_changed(s);
}

/* After a turn was played: the mover's clock, the result, everyone told. */
void gui_after_turn(struct gui_session *s, int64_t elapsed_ms)
{
    Color mover = s->game.turns[s->game.count - 1].side;
    if (s->limits.kind == LIMIT_CLOCK) {
        s->clock_ms[mover] -= elapsed_ms;
        if (s->clock_ms[mover] < 0)
            s->clock_ms[mover] = 0;
        s->clock_ms[mover] += s->limits.inc_ms;
    }
    s->turn_start_ms = clock_ms();
    check_outcome(s);
    gui_game_changed(s);
}

/* ---- Messages -------------------------------------------------------------------------------- */

struct request {
    struct gui_session *s;
    const cJSON *msg;
    gui_send_fn reply;
    void *reply_ctx;
};

static int fail(const struct request *r, const char *what, const char *detail)
{
    gui_send_error(r->reply, r->reply_ctx, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return -1;
}

static void send_json(gui_send_fn send, void *ctx, cJSON *o)
{
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (text)
        send(ctx, text, strlen(text));
    free(text);
}

static const char *string_field(const cJSON *msg, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(msg, name);
    return cJSON_IsString(f) ? f->valuestring : NULL;
}

static int64_t int_field(const cJSON *o, const char *name, int64_t lo, int64_t hi, bool *ok)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsNumber(f) || f->valuedouble < (double)lo || f->valuedouble > (double)hi ||
        f->valuedouble != (double)(int64_t)f->valuedouble) {
        *ok = false;
        return 0;
    }
    return (int64_t)f->valuedouble;
}

static void on_hello(const struct request *r)
{
    send_json(r->reply, r->reply_ctx, gui_json_setup(gui_players_json(r->s)));
    char *state = gui_state_text(r->s);
    if (state)
        r->reply(r->reply_ctx, state, strlen(state));
    free(state);
}

static int read_tc(const struct request *r, struct limits *out)
{
    const cJSON *tc = cJSON_GetObjectItemCaseSensitive(r->msg, "tc");
    default_limits(out);
    if (!tc || cJSON_IsNull(tc))
        return 0;
    const char *kind = cJSON_IsObject(tc) ? string_field(tc, "kind") : NULL;
    bool ok = true;
    if (kind && strcmp(kind, "clock") == 0) {
        out->base_ms = int_field(tc, "base_ms", 1000, 24LL * 3600 * 1000, &ok);
        out->inc_ms = int_field(tc, "inc_ms", 0, 3600LL * 1000, &ok);
    } else if (kind && strcmp(kind, "movetime") == 0) {
        out->kind = LIMIT_MOVETIME;
        out->movetime_ms = int_field(tc, "ms", 1, 3600LL * 1000, &ok);
    } else if (kind && strcmp(kind, "depth") == 0) {
        out->kind = LIMIT_DEPTH;
        out->depth = (int)int_field(tc, "depth", 1, 64, &ok);
    } else {
        ok = false;
    }
    return ok ? 0 : fail(r, "bad time control", "expected {kind: clock|movetime|depth} with values in range");
}

static bool variant_has_option(const struct variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcmp(v->options[i].name, name) == 0)
            return true;
    return false;
}

#define MAX_SETTINGS 8

struct saved_settings {
    int count;
    char name[MAX_SETTINGS][64];
    char value[MAX_SETTINGS][1024];
};

static void restore_settings(struct gui_session *s, const struct saved_settings *saved)
{
    char err[VARIANT_ERR_LEN];
    for (int i = saved->count - 1; i >= 0; i--)
        game_set_option(&s->game, saved->name[i], saved->value[i], err, sizeof err);
}

/* Applies the game's settings, saving the old values; -1 (all restored) on a bad one. */
static int apply_settings(const struct request *r, const struct variant *v, struct saved_settings *saved)
{
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(r->msg, "options");
    saved->count = 0;
    if (!opts || cJSON_IsNull(opts))
        return 0;
    if (!cJSON_IsObject(opts))
        return fail(r, "bad setting", "options must be an object");
    const cJSON *o;
    cJSON_ArrayForEach(o, opts)
    {
        char err[VARIANT_ERR_LEN];
        if (!o->string || !variant_has_option(v, o->string) || !cJSON_IsString(o) || saved->count == MAX_SETTINGS) {
            restore_settings(r->s, saved);
            return fail(r, "bad setting", o->string ? o->string : "?");
        }
        int i = saved->count;
        snprintf(saved->name[i], sizeof saved->name[i], "%s", o->string);
        v->get_option(o->string, saved->value[i], sizeof saved->value[i]);
        if (game_set_option(&r->s->game, o->string, o->valuestring, err, sizeof err)) {
            restore_settings(r->s, saved);
            return fail(r, "bad setting", err);
        }
        saved->count++;
    }
    return 0;
}

/* Starts a game of v from fen ("" or NULL: the start) in place of the current one. */
static int start_game(const struct request *r, const struct variant *v, const char *fen)
{
    struct gui_session *s = r->s;
    struct game fresh;
    char err[VARIANT_ERR_LEN];
    if (game_init(&fresh))
        return fail(r, "out of memory", NULL);
    if (game_new(&fresh, v, fen && fen[0] ? fen : NULL, err, sizeof err)) {
        game_free(&fresh);
        return fail(r, "bad FEN", err);
    }
    game_free(&s->game);
    s->game = fresh;
    s->over = false;
    s->paused = false;
    s->thinking.valid = false;
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    reset_clocks(s);
    check_outcome(s);
    return 0;
}

static int on_new_game(const struct request *r)
{
    struct gui_session *s = r->s;
    const char *id = string_field(r->msg, "variant");
    const struct variant *v = variant_find(id);
    if (!v)
        return fail(r, "unknown variant", id);
    const char *players[2] = {string_field(r->msg, "white"), string_field(r->msg, "black")};
    for (int c = 0; c < 2; c++)
        if (!players[c] || !gui_player_exists(s, players[c]))
            return fail(r, "unknown player", players[c]);
    const cJSON *fen_item = cJSON_GetObjectItemCaseSensitive(r->msg, "fen");
    if (fen_item && !cJSON_IsString(fen_item) && !cJSON_IsNull(fen_item))
        return fail(r, "bad FEN", "not a string");
    struct limits limits;
    if (read_tc(r, &limits))
        return -1;
    struct saved_settings saved;
    gui_wait_for_builtin(s);
    if (apply_settings(r, v, &saved))
        return -1;
    if (start_game(r, v, cJSON_IsString(fen_item) ? fen_item->valuestring : NULL)) {
        restore_settings(s, &saved);
        return -1;
    }
    for (int c = 0; c < 2; c++)
        snprintf(s->player_id[c], GUI_ID_LEN, "%s", players[c]);
    s->limits = limits;
    reset_clocks(s);
    gui_game_changed(s);
    return 0;
}

static int on_turn(const struct request *r)
{
    struct gui_session *s = r->s;
    const char *text = string_field(r->msg, "text");
    if (!text)
        return fail(r, "illegal turn", "no text");
    if (s->over)
        return fail(r, "the game is over", NULL);
    if (!gui_player_is_human(s->player_id[s->game.pos->side]))
        return fail(r, "not your turn", text);
    char err[VARIANT_ERR_LEN];
    struct turn t;
    if (game_find_turn(&s->game, text, &t, err, sizeof err) || game_play(&s->game, &t, err, sizeof err))
        return fail(r, "illegal turn", text);
    gui_after_turn(s, s->paused ? 0 : clock_ms() - s->turn_start_ms);
    return 0;
}

static bool any_human(const struct gui_session *s)
{
    return gui_player_is_human(s->player_id[WHITE]) || gui_player_is_human(s->player_id[BLACK]);
}

static int on_undo(const struct request *r)
{
    struct gui_session *s = r->s;
    if (s->game.count == 0)
        return fail(r, "nothing to take back", NULL);
    game_undo(&s->game);
    if (any_human(s))
        while (s->game.count > 0 && !gui_player_is_human(s->player_id[s->game.pos->side]))
            game_undo(&s->game);
    else
        s->paused = true;
    s->over = false;
    s->thinking.valid = false;
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    s->turn_start_ms = clock_ms();
    check_outcome(s);
    gui_game_changed(s);
    return 0;
}

static int on_load_fen(const struct request *r)
{
    const char *fen = string_field(r->msg, "fen");
    if (!fen)
        return fail(r, "bad FEN", "no fen");
    if (start_game(r, r->s->game.variant, fen))
        return -1;
    gui_game_changed(r->s);
    return 0;
}

static int on_view(const struct request *r)
{
    bool ok = true;
    int ply = (int)int_field(r->msg, "ply", 0, r->s->game.count, &ok);
    if (!ok)
        return fail(r, "bad ply", "expected 0 to the number of turns played");
    send_json(r->reply, r->reply_ctx, gui_view_json(r->s, ply));
    return 0;
}

static int on_pause(const struct request *r, bool pause)
{
    struct gui_session *s = r->s;
    if (s->paused == pause)
        return 0;
    if (pause && gui_clock_runs(s)) {
        Color side = s->game.pos->side;
        s->clock_ms[side] = gui_clock_left(s, side);
    }
    s->paused = pause;
    s->turn_start_ms = clock_ms();
    gui_game_changed(s);
    return 0;
}

static void dispatch(const struct request *r)
{
    const char *type = string_field(r->msg, "type");
    if (!type)
        fail(r, "malformed message", "no type");
    else if (strcmp(type, "hello") == 0)
        on_hello(r);
    else if (strcmp(type, "new_game") == 0)
        on_new_game(r);
    else if (strcmp(type, "turn") == 0)
        on_turn(r);
    else if (strcmp(type, "undo") == 0)
        on_undo(r);
    else if (strcmp(type, "load_fen") == 0)
        on_load_fen(r);
    else if (strcmp(type, "view") == 0)
        on_view(r);
    else if (strcmp(type, "stop") == 0)
        on_pause(r, true);
    else if (strcmp(type, "resume") == 0)
        on_pause(r, false);
    else
        fail(r, "unknown command", type);
}

void gui_session_handle(struct gui_session *s, const char *data, size_t len, gui_send_fn reply, void *reply_ctx)
{
    if (len > GUI_MAX_MESSAGE) {
        gui_send_error(reply, reply_ctx, "message too long (%zu bytes, at most %d)", len, GUI_MAX_MESSAGE);
        return;
    }
    cJSON *msg = cJSON_ParseWithLength(data, len);
    if (!cJSON_IsObject(msg)) {
        cJSON_Delete(msg);
        gui_send_error(reply, reply_ctx, "malformed JSON");
        return;
    }
    pthread_mutex_lock(&s->lock);
    struct request r = {s, msg, reply, reply_ctx};
    dispatch(&r);
    pthread_mutex_unlock(&s->lock);
    cJSON_Delete(msg);
}

char *gui_session_state(struct gui_session *s)
{
    pthread_mutex_lock(&s->lock);
    char *text = gui_state_text(s);
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
