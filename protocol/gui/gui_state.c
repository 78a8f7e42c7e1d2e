/* The `state`, `view` and PGN of the session's game. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/gui/gui_json.h"
#include "protocol/gui/gui_legal_tree.h"
#include "protocol/match/pgn.h"

static const char *color_name(Color c) { return c == WHITE ? "white" : "black"; }

void gui_send_error(gui_send_fn send, void *ctx, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    gui_json_utf8_fix(message); /* a text frame is UTF-8, whatever the sender's bytes (and a cut) left */
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "error");
    cJSON_AddStringToObject(o, "message", message);
    gui_send_json(send, ctx, o);
}

void gui_send_json(gui_send_fn send, void *ctx, cJSON *o)
{
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (text)
        send(ctx, text, strlen(text));
    free(text);
}

bool gui_clock_runs(const struct gui_session *s)
{
    return !s->over && !s->paused && gui_clock_started(s, s->game.pos->side);
}

int64_t gui_clock_left(const struct gui_session *s, Color c)
{
    int64_t left = s->clock_ms[c];
    if (gui_clock_runs(s) && c == s->game.pos->side)
        left -= clock_ms() - s->turn_start_ms;
    return left > 0 ? left : 0;
}

/* The board after the game's first `ply` turns (ply = count: the game's), in s->view_pos. */
static void position_at(struct gui_session *s, int ply, struct board_view *b, char (*last)[8], int *last_count)
{
    struct position *pos = s->view_pos;
    position_copy(pos, s->game.pos);
    for (int i = s->game.count; i > ply; i--)
        turn_unmake(pos, &s->game.turns[i - 1].turn);
    *last_count = 0;
    if (ply > 0) {
        const struct turn *t = &s->game.turns[ply - 1].turn;
        turn_unmake(pos, t);
        *last_count = view_turn_squares(pos, t, last, 8);
        turn_make(pos, t);
    }
    if (gui_hidden_now(s))
        view_describe_hidden(pos, b);
    else
        view_describe(pos, b);
}

static cJSON *board_at(struct gui_session *s, int ply)
{
    struct board_view *b = malloc(sizeof *b);
    if (!b)
        return cJSON_CreateNull();
    char last[8][8];
    int n;
    position_at(s, ply, b, last, &n);
    cJSON *json = gui_json_board(b, last, n);
    free(b);
    return json;
}

cJSON *gui_view_json(struct gui_session *s, int ply)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "view");
    cJSON_AddNumberToObject(o, "ply", ply);
    cJSON_AddItemToObject(o, "board", board_at(s, ply));
    char fen[FEN_MAX_LEN];
    fen_write(s->view_pos, fen, sizeof fen);
    cJSON_AddStringToObject(o, "fen", fen);
    return o;
}

static const char *to_move(const struct gui_session *s)
{
    if (s->over)
        return "none";
    return gui_player_is_human(s->player_id[s->game.pos->side]) ? "human" : "engine";
}

static cJSON *players_json(const struct gui_session *s)
{
    cJSON *o = cJSON_CreateObject();
    for (Color c = WHITE; c <= BLACK; c++) {
        char name[128];
        gui_player_name(s, s->player_id[c], name, sizeof name);
        cJSON *p = cJSON_AddObjectToObject(o, color_name(c));
        cJSON_AddStringToObject(p, "id", s->player_id[c]);
        cJSON_AddStringToObject(p, "name", name);
    }
    return o;
}

/* The clock fields of a state's `clocks` and of a `clock` tick: what each
 * side has left and whose clock runs (null when none does). */
static void add_clock_fields(cJSON *o, const struct gui_session *s)
{
    cJSON_AddNumberToObject(o, "white_ms", (double)gui_clock_left(s, WHITE));
    cJSON_AddNumberToObject(o, "black_ms", (double)gui_clock_left(s, BLACK));
    if (gui_clock_runs(s))
        cJSON_AddStringToObject(o, "running", color_name(s->game.pos->side));
    else
        cJSON_AddNullToObject(o, "running");
}

static cJSON *clocks_json(const struct gui_session *s)
{
    if (s->limits.kind != LIMIT_CLOCK || s->untimed)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    add_clock_fields(o, s);
    return o;
}

static cJSON *moves_json(const struct gui_session *s)
{
    cJSON *a = cJSON_CreateArray();
    const struct game *g = &s->game;
    /* Move numbers count from the start position's fullmove number. */
    struct position *pos = s->view_pos;
    position_copy(pos, g->pos);
    for (int i = g->count; i > 0; i--)
        turn_unmake(pos, &g->turns[i - 1].turn);
    int number = pos->fullmove;
    for (int i = 0; i < g->count; i++) {
        Color side = g->turns[i].side;
        if (i > 0 && side == WHITE && g->turns[i - 1].side == BLACK)
            number++;
        cJSON *m = cJSON_CreateObject();
        cJSON_AddNumberToObject(m, "ply", i + 1);
        cJSON_AddNumberToObject(m, "number", number);
        cJSON_AddStringToObject(m, "color", color_name(side));
        /* A hidden setting: the readable text (its check mark, its SAN) could tell it. */
        cJSON_AddStringToObject(m, "text", gui_hidden_now(s) ? g->turns[i].turn.text : g->turns[i].notation);
        cJSON_AddStringToObject(m, "coord", g->turns[i].turn.text);
        cJSON_AddItemToArray(a, m);
    }
    return a;
}

static cJSON *thinking_json(const struct gui_session *s)
{
    const struct thinking *t = &s->thinking;
    if (!t->valid || gui_hidden_now(s)) /* an engine's lines would tell its refused turns */
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "color", color_name(t->color));
    cJSON_AddNumberToObject(o, "depth", t->depth);
    cJSON_AddStringToObject(o, "score", t->score.text); /* White's side, as the two below */
    if (t->score.kind == SCORE_CP)
        cJSON_AddNumberToObject(o, "score_cp", t->score.cp);
    else
        cJSON_AddNullToObject(o, "score_cp");
    if (t->score.kind == SCORE_MATE)
        cJSON_AddNumberToObject(o, "mate", t->score.mate);
    else
        cJSON_AddNullToObject(o, "mate");
    cJSON_AddNumberToObject(o, "nodes", (double)t->nodes);
    cJSON_AddStringToObject(o, "pv", t->pv);
    return o;
}

/* The legal turns of the current position, computed once per change. */
static void refresh_legal(struct gui_session *s)
{
    if (s->legal_json && s->legal_generation == s->generation)
        return;
    free(s->legal_json);
    free(s->choices_json);
    s->legal_json = s->choices_json = NULL;
    struct view_turns turns = {0};
    struct board_view *board = malloc(sizeof *board);
    bool human = !s->over && gui_player_is_human(s->player_id[s->game.pos->side]);
    if (board && human && gui_hidden_now(s)) {
        view_describe_hidden(s->game.pos, board);
        if (gui_hidden_turns(s, board, &turns) == 0) {
            s->legal_json = gui_legal_tree_json(&turns, board);
            s->choices_json = gui_json_choices(&turns);
            view_turns_free(&turns);
        }
    } else if (board && human && view_legal_turns(s->game.pos, &turns) == 0) {
        view_describe(s->game.pos, board);
        s->legal_json = gui_legal_tree_json(&turns, board);
        s->choices_json = gui_json_choices(&turns);
        view_turns_free(&turns);
    }
    free(board);
    if (!s->legal_json || !s->choices_json) {
        free(s->legal_json);
        free(s->choices_json);
        s->legal_json = strdup("{\"root\":0,\"nodes\":[{}]}");
        s->choices_json = strdup("{}");
    }
    s->legal_generation = s->generation;
}

char *gui_state_text(struct gui_session *s, bool with_legal)
{
    const struct game *g = &s->game;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "state");
    cJSON_AddNumberToObject(o, "generation", s->generation);
    cJSON_AddStringToObject(o, "variant", g->variant->id);
    cJSON_AddStringToObject(o, "title", g->variant->title);
    cJSON_AddItemToObject(o, "board", board_at(s, g->count));
    cJSON_AddStringToObject(o, "side", color_name(g->pos->side));
    cJSON_AddStringToObject(o, "to_move", to_move(s));
    cJSON_AddItemToObject(o, "players", players_json(s));
    cJSON_AddItemToObject(o, "clocks", clocks_json(s));
    cJSON_AddItemToObject(o, "moves", moves_json(s));
    cJSON_AddNumberToObject(o, "ply", g->count);
    cJSON_AddNumberToObject(o, "game_number", s->game_number);
    char fen[FEN_MAX_LEN];
    fen_write(g->pos, fen, sizeof fen);
    cJSON_AddStringToObject(o, "fen", fen);
    if (s->over) {
        cJSON *r = cJSON_AddObjectToObject(o, "result");
        cJSON_AddStringToObject(r, "score", s->result_score);
        cJSON_AddStringToObject(r, "reason", s->result_reason);
    } else {
        cJSON_AddNullToObject(o, "result");
    }
    cJSON_AddBoolToObject(o, "paused", s->paused);
    if (s->draw_offer >= 0)
        cJSON_AddStringToObject(o, "draw_offer", color_name((Color)s->draw_offer));
    else
        cJSON_AddNullToObject(o, "draw_offer");
    if (s->takeback_offer >= 0)
        cJSON_AddStringToObject(o, "takeback_offer", color_name((Color)s->takeback_offer));
    else
        cJSON_AddNullToObject(o, "takeback_offer");
    if (s->note[0])
        cJSON_AddStringToObject(o, "note", s->note);
    else
        cJSON_AddNullToObject(o, "note");
    cJSON_AddItemToObject(o, "thinking", thinking_json(s));
    if (with_legal) {
        refresh_legal(s);
        cJSON_AddRawToObject(o, "legal", s->legal_json);
        cJSON_AddRawToObject(o, "choices", s->choices_json);
    }
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

static void broadcast_text(struct gui_session *s, char *text)
{
    if (text)
        s->broadcast(s->broadcast_ctx, text, strlen(text));
    free(text);
    s->last_broadcast_ms = clock_ms();
}

/* Every page has the legal turns of the generation last broadcast (or of its
 * `hello`, which is later): a state of the same generation leaves them out. */
void gui_broadcast_state(struct gui_session *s)
{
    bool with_legal = !s->legal_broadcast || s->legal_broadcast_generation != s->generation;
    broadcast_text(s, gui_state_text(s, with_legal));
    s->legal_broadcast = true;
    s->legal_broadcast_generation = s->generation;
}

void gui_broadcast_clock(struct gui_session *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "clock");
    cJSON_AddNumberToObject(o, "generation", s->generation);
    add_clock_fields(o, s);
    broadcast_text(s, cJSON_PrintUnformatted(o));
    cJSON_Delete(o);
}

/* ---- PGN ------------------------------------------------------------------------------------ */

static void tc_text(const struct limits *l, bool untimed, char *out, size_t n)
{
    if (untimed)
        snprintf(out, n, "-");
    else if (l->kind == LIMIT_CLOCK)
        snprintf(out, n, "%g+%g", (double)l->base_ms / 1000.0, (double)l->inc_ms / 1000.0);
    else if (l->kind == LIMIT_MOVETIME)
        snprintf(out, n, "%g/move", (double)l->movetime_ms / 1000.0);
    else
        snprintf(out, n, "-");
}

char *gui_pgn_text(struct gui_session *s)
{
    const struct game *g = &s->game;
    char (*moves)[TURN_TEXT_LEN] = malloc((size_t)(g->count ? g->count : 1) * sizeof *moves);
    if (!moves)
        return NULL;
    for (int i = 0; i < g->count; i++)
        snprintf(moves[i], TURN_TEXT_LEN, "%s", gui_hidden_now(s) ? g->turns[i].turn.text : g->turns[i].notation);
    char white[128], black[128], date[16], tc[32];
    char options[SETTINGS_TEXT_LEN];
    gui_hidden_settings_text(s, options, sizeof options);
    gui_player_name(s, s->player_id[WHITE], white, sizeof white);
    gui_player_name(s, s->player_id[BLACK], black, sizeof black);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    tc_text(&s->limits, s->untimed, tc, sizeof tc);
    struct game_record rec = {
        .variant = g->variant, .event = "Rule Zero GUI", .site = s->cfg.site ? s->cfg.site : "localhost", .date = date, .round = 1,
        .white = white, .black = black, .start_fen = g->start_fen,
        .setup = strcmp(g->start_fen, g->variant->start_fen) != 0, .time_control = tc, .variant_options = options,
        .result = s->over ? s->result_score : "*", .termination = s->over ? "normal" : "unterminated",
        .reason = s->over ? s->result_reason : "", .nmoves = g->count, .moves = moves, .opening_plies = 0,
    };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f) {
        pgn_write(f, &rec);
        fclose(f);
    }
    free(moves);
    return text;
}
