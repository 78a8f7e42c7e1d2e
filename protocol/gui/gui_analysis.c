/* The analysis board's messages and its `analysis` and `analysis_info`
 * messages (docs/gui-protocol.md, "Analysis"). Each message is checked
 * completely before it changes anything. */
#include "protocol/gui/gui_analysis.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "variants/core/notation.h"
#include "variants/core/text.h"
#include "protocol/gui/gui_json.h"
#include "protocol/gui/gui_legal_tree.h"

#define INFO_INTERVAL_MS 200 /* at most five `analysis_info` a second */
#define GAME_DEFAULT_DEPTH 10
#define GAME_DEFAULT_MS 400

struct gui_analysis *gui_analysis_new(void)
{
    struct gui_analysis *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->multipv = ANALYSIS_DEFAULT_LINES;
    a->engine.moves = malloc(MAX_HISTORY * sizeof *a->engine.moves);
    a->walk = malloc(sizeof *a->walk);
    if (!a->engine.moves || !a->walk || game_init(&a->game) || game_init(&a->source)) {
        gui_analysis_free(a);
        return NULL;
    }
    return a;
}

void gui_analysis_free(struct gui_analysis *a)
{
    if (!a)
        return;
    game_free(&a->game);
    game_free(&a->source);
    free(a->ply);
    free(a->engine.moves);
    free(a->engine.poll); /* the browser build's driver: plain data (its engine Worker ends with the session's) */
    free(a->walk);
    free(a);
}

static int fail(const struct gui_request *r, const char *what, const char *detail)
{
    gui_send_error(r->reply, r->reply_ctx, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return -1;
}

static const char *color_name(Color c) { return c == WHITE ? "white" : "black"; }

/* An optional integer field: `fallback` when absent; false when present but not an integer in [lo, hi]. */
static bool optional_int(const cJSON *msg, const char *name, int lo, int hi, int fallback, int *out)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(msg, name);
    *out = fallback;
    if (!f || cJSON_IsNull(f))
        return true;
    double v = cJSON_IsNumber(f) ? f->valuedouble : (double)lo - 1;
    if (v < lo || v > hi || v != (double)(int)v)
        return false;
    *out = (int)f->valuedouble;
    return true;
}

/* ---- The board --------------------------------------------------------------------------- */

/* `out` becomes src's game (its settings and start) after its first `ply` turns. */
static int copy_game(struct game *out, const struct game *src, int ply, char *err, size_t errlen)
{
    game_copy_options(out, src);
    if (game_new(out, src->variant, src->start_fen, err, errlen))
        return -1;
    for (int i = 0; i < ply; i++)
        if (game_play(out, &src->turns[i].turn, err, errlen))
            return -1;
    return 0;
}

static void clear_lines(struct gui_analysis *a)
{
    memset(a->line, 0, sizeof a->line);
}

/* The board is now `fresh` (taken over): lines cleared, the engine told, everyone told. */
static void set_board(struct gui_session *s, const struct game *fresh)
{
    struct gui_analysis *a = s->analysis;
    game_free(&a->game);
    a->game = *fresh;
    a->active = true;
    a->id++;
    a->error[0] = '\0';
    clear_lines(a);
    gui_analysis_changed(s);
}

/* A game allocated on the heap (the server's threads have small stacks), or NULL. */
static struct game *new_game(void)
{
    struct game *g = malloc(sizeof *g);
    if (g && game_init(g)) {
        free(g);
        return NULL;
    }
    return g;
}

static void delete_game(struct game *g)
{
    if (g)
        game_free(g);
    free(g);
}

/* The session's game at `ply`, or a FEN of its variant, on the board. */
static int board_from(const struct gui_request *r, const struct game *src, int ply, const char *fen)
{
    struct game *fresh = new_game();
    char err[VARIANT_ERR_LEN];
    if (!fresh)
        return fail(r, "out of memory", NULL);
    int rc;
    if (fen) {
        game_copy_options(fresh, src);
        rc = game_new(fresh, src->variant, fen, err, sizeof err);
    } else {
        rc = copy_game(fresh, src, ply, err, sizeof err);
    }
    if (rc) {
        delete_game(fresh);
        return fail(r, fen ? "bad FEN" : "cannot analyse", gui_json_cut(err));
    }
    set_board(r->s, fresh);
    free(fresh);
    return 0;
}

int gui_on_analyse(const struct gui_request *r)
{
    struct gui_session *s = r->s;
    const cJSON *fen = cJSON_GetObjectItemCaseSensitive(r->msg, "fen");
    int ply, multipv;
    if (!optional_int(r->msg, "ply", 0, s->game.count, s->game.count, &ply))
        return fail(r, "bad ply", "expected 0 to the number of turns played");
    if (!optional_int(r->msg, "multipv", 1, ANALYSIS_MAX_LINES, s->analysis->multipv, &multipv))
        return fail(r, "bad multipv", "expected 1 to 5");
    if (fen && !cJSON_IsNull(fen) && !cJSON_IsString(fen))
        return fail(r, "bad FEN", "not a string");
    if (cJSON_IsString(fen) && cJSON_GetObjectItemCaseSensitive(r->msg, "ply"))
        return fail(r, "cannot analyse", "give a ply or a FEN, not both");
    s->analysis->multipv = multipv;
    return board_from(r, &s->game, ply, cJSON_IsString(fen) ? fen->valuestring : NULL);
}

static int need_active(const struct gui_request *r)
{
    return r->s->analysis->active ? 0 : fail(r, "no analysis board", "send analyse first");
}

/* The turns to play: `text`, or the array `texts`. 0 with their count, or -1 after an error reply. */
static int turn_texts(const struct gui_request *r, const char **out, int *count)
{
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(r->msg, "text");
    const cJSON *texts = cJSON_GetObjectItemCaseSensitive(r->msg, "texts");
    *count = 0;
    if (cJSON_IsString(text) && !texts) {
        out[(*count)++] = text->valuestring;
        return 0;
    }
    if (text || !cJSON_IsArray(texts) || cJSON_GetArraySize(texts) < 1 ||
        cJSON_GetArraySize(texts) > ANALYSIS_MAX_PLAYED)
        return fail(r, "illegal turn", "expected text, or texts: 1 to 64 turns");
    const cJSON *t;
    cJSON_ArrayForEach(t, texts)
    {
        if (!cJSON_IsString(t))
            return fail(r, "illegal turn", "texts holds a non-string");
        out[(*count)++] = t->valuestring;
    }
    return 0;
}

/* Plays the turns on the board, all or none. */
int gui_on_analysis_turn(const struct gui_request *r)
{
    const char *texts[ANALYSIS_MAX_PLAYED];
    int count;
    if (need_active(r) || turn_texts(r, texts, &count))
        return -1;
    struct gui_analysis *a = r->s->analysis;
    int played = 0;
    for (; played < count; played++) {
        char err[VARIANT_ERR_LEN];
        struct turn t;
        if (game_outcome(&a->game).result != RESULT_NONE ||
            game_find_turn(&a->game, texts[played], &t, err, sizeof err) || game_play(&a->game, &t, err, sizeof err))
            break;
    }
    if (played < count) {
        for (int i = 0; i < played; i++)
            game_undo(&a->game);
        char echo[GUI_ECHO_LEN];
        return fail(r, "illegal turn", gui_json_echo(texts[played], echo));
    }
    a->id++;
    clear_lines(a);
    gui_analysis_changed(r->s);
    return 0;
}

int gui_on_analysis_back(const struct gui_request *r)
{
    struct gui_analysis *a = r->s->analysis;
    int count;
    if (need_active(r))
        return -1;
    if (!optional_int(r->msg, "count", 1, MAX_HISTORY, 1, &count) || count > a->game.count)
        return fail(r, "nothing to take back", "count is more than the turns on the analysis board");
    for (int i = 0; i < count; i++)
        game_undo(&a->game);
    a->id++;
    clear_lines(a);
    gui_analysis_changed(r->s);
    return 0;
}

int gui_on_analysis_multipv(const struct gui_request *r)
{
    struct gui_analysis *a = r->s->analysis;
    int multipv;
    if (need_active(r))
        return -1;
    if (!optional_int(r->msg, "multipv", 1, ANALYSIS_MAX_LINES, -1, &multipv) || multipv < 0)
        return fail(r, "bad multipv", "expected 1 to 5");
    a->multipv = multipv;
    a->id++;
    clear_lines(a);
    gui_analysis_changed(r->s);
    return 0;
}

/* The analysed game at `ply` on the board (the page's chart). */
int gui_on_analysis_goto(const struct gui_request *r)
{
    struct gui_analysis *a = r->s->analysis;
    int ply;
    if (!a->has_source)
        return fail(r, "no game analysed", "send analyse_game first");
    if (!optional_int(r->msg, "ply", 0, a->source.count, -1, &ply) || ply < 0)
        return fail(r, "bad ply", "expected 0 to the number of turns of the analysed game");
    return board_from(r, &a->source, ply, NULL);
}

int gui_on_analysis_stop(const struct gui_request *r)
{
    struct gui_analysis *a = r->s->analysis;
    a->active = false;
    a->game_job = false;
    a->has_source = false;
    a->id++;
    a->game_id++;
    clear_lines(a);
    gui_analysis_changed(r->s);
    return 0;
}

/* Each position of the analysed game: those where it is over are scored at once. */
static int prepare_plies(struct gui_analysis *a, char *err, size_t errlen)
{
    free(a->ply);
    a->ply = calloc((size_t)a->source.count + 1, sizeof *a->ply);
    if (!a->ply)
        return -1;
    struct game *walk = new_game();
    if (!walk)
        return -1;
    int rc = copy_game(walk, &a->source, 0, err, errlen);
    for (int i = 0; rc == 0 && i <= a->source.count; i++) {
        struct outcome o = game_outcome(walk);
        if (o.result != RESULT_NONE) {
            a->ply[i].done = true;
            snprintf(a->ply[i].result, sizeof a->ply[i].result, "%s",
                     o.result == RESULT_WHITE_WINS ? "1-0" : o.result == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2");
        }
        if (i < a->source.count)
            rc = game_play(walk, &a->source.turns[i].turn, err, errlen);
    }
    delete_game(walk);
    return rc;
}

/* Scores every position of the session's game; the board goes to its end (or `ply`). */
int gui_on_analyse_game(const struct gui_request *r)
{
    struct gui_session *s = r->s;
    struct gui_analysis *a = s->analysis;
    int depth, ms, ply;
    if (!optional_int(r->msg, "depth", 1, 64, GAME_DEFAULT_DEPTH, &depth) ||
        !optional_int(r->msg, "ms", 10, 60000, GAME_DEFAULT_MS, &ms))
        return fail(r, "bad limits", "expected depth 1 to 64 and ms 10 to 60000");
    if (!optional_int(r->msg, "ply", 0, s->game.count, s->game.count, &ply))
        return fail(r, "bad ply", "expected 0 to the number of turns played");
    struct game *fresh = new_game();
    char err[VARIANT_ERR_LEN] = "out of memory";
    if (!fresh)
        return fail(r, "out of memory", NULL);
    if (copy_game(fresh, &s->game, s->game.count, err, sizeof err)) {
        delete_game(fresh);
        return fail(r, "cannot analyse", err);
    }
    game_free(&a->source);
    a->source = *fresh;
    free(fresh);
    a->has_source = true;
    if (prepare_plies(a, err, sizeof err)) {
        a->has_source = false;
        return fail(r, "cannot analyse", err);
    }
    a->game_job = true;
    a->game_id++;
    a->depth = depth;
    a->ms = ms;
    return board_from(r, &a->source, ply, NULL);
}

/* ---- The messages out --------------------------------------------------------------------- */

static cJSON *score_json(cJSON *o, const struct analysis_score *sc)
{
    cJSON_AddNumberToObject(o, "depth", sc->depth);
    if (sc->is_mate) {
        cJSON_AddNullToObject(o, "score_cp");
        cJSON_AddNumberToObject(o, "mate", sc->mate);
    } else {
        cJSON_AddNumberToObject(o, "score_cp", sc->cp);
        cJSON_AddNullToObject(o, "mate");
    }
    return o;
}

static cJSON *lines_json(const struct gui_analysis *a)
{
    cJSON *lines = cJSON_CreateArray();
    for (int i = 0; i < a->multipv; i++) {
        const struct analysis_line *l = &a->line[i];
        if (!l->score.valid)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "multipv", i + 1);
        score_json(o, &l->score);
        cJSON *pv = cJSON_AddArrayToObject(o, "pv");
        cJSON *coords = cJSON_AddArrayToObject(o, "pv_coord");
        for (int k = 0; k < l->turn_count; k++) {
            cJSON_AddItemToArray(pv, cJSON_CreateString(l->turn[k]));
            cJSON_AddItemToArray(coords, cJSON_CreateString(l->coord[k]));
        }
        cJSON *arrow = cJSON_AddArrayToObject(o, "arrow");
        for (int k = 0; k < l->arrow_count; k++)
            cJSON_AddItemToArray(arrow, cJSON_CreateString(l->arrow[k]));
        cJSON_AddItemToArray(lines, o);
    }
    return lines;
}

static cJSON *game_json(const struct gui_analysis *a)
{
    if (!a->has_source)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "plies", a->source.count);
    cJSON_AddNumberToObject(o, "depth", a->depth);
    cJSON_AddNumberToObject(o, "ms", a->ms);
    bool done = true;
    cJSON *scores = cJSON_AddArrayToObject(o, "scores");
    for (int i = 0; i <= a->source.count; i++) {
        const struct analysis_ply *p = &a->ply[i];
        done = done && p->done;
        if (!p->done) {
            cJSON_AddItemToArray(scores, cJSON_CreateNull());
            continue;
        }
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "ply", i);
        if (p->result[0]) {
            cJSON_AddStringToObject(e, "result", p->result);
        } else if (p->score.valid) {
            score_json(e, &p->score);
            cJSON_AddStringToObject(e, "best", p->best);
            cJSON_AddStringToObject(e, "best_coord", p->best_coord);
        }
        cJSON_AddItemToArray(scores, e);
    }
    cJSON *moves = cJSON_AddArrayToObject(o, "moves");
    cJSON *coords = cJSON_AddArrayToObject(o, "coords");
    for (int i = 0; i < a->source.count; i++) {
        cJSON_AddItemToArray(moves, cJSON_CreateString(a->source.turns[i].notation));
        cJSON_AddItemToArray(coords, cJSON_CreateString(a->source.turns[i].turn.text));
    }
    cJSON_AddBoolToObject(o, "done", done);
    return o;
}

static void add_info(cJSON *o, const struct gui_analysis *a)
{
    cJSON_AddNumberToObject(o, "id", a->id);
    cJSON_AddBoolToObject(o, "running", a->running);
    cJSON_AddStringToObject(o, "error", a->error);
    cJSON_AddItemToObject(o, "lines", lines_json(a));
    cJSON_AddItemToObject(o, "game", game_json(a));
}

/* The board's view, with its last turn's squares, into `b`; the BOARD object. */
static cJSON *board_json(struct game *g, struct board_view *b)
{
    char last[8][8];
    int n = 0;
    if (g->count > 0) {
        const struct turn *t = &g->turns[g->count - 1].turn;
        turn_unmake(g->pos, t);
        n = view_turn_squares(g->pos, t, last, 8);
        turn_make(g->pos, t);
    }
    view_describe(g->pos, b);
    return gui_json_board(b, last, n);
}

/* The board's turns from its start, as in a `state`'s moves. */
static cJSON *moves_json(const struct gui_analysis *a)
{
    const struct game *g = &a->game;
    struct position *pos = a->walk;
    position_copy(pos, g->pos);
    for (int i = g->count; i > 0; i--)
        turn_unmake(pos, &g->turns[i - 1].turn);
    int number = pos->fullmove;
    cJSON *moves = cJSON_CreateArray();
    for (int i = 0; i < g->count; i++) {
        if (i > 0 && g->turns[i].side == WHITE && g->turns[i - 1].side == BLACK)
            number++;
        cJSON *m = cJSON_CreateObject();
        cJSON_AddNumberToObject(m, "ply", i + 1);
        cJSON_AddNumberToObject(m, "number", number);
        cJSON_AddStringToObject(m, "color", color_name(g->turns[i].side));
        cJSON_AddStringToObject(m, "text", g->turns[i].notation);
        cJSON_AddStringToObject(m, "coord", g->turns[i].turn.text);
        cJSON_AddItemToArray(moves, m);
    }
    return moves;
}

/* `legal` as the tree of clicks of a `state` (gui_legal_tree.h), frames told from `board`; and `choices`. */
static void add_legal(cJSON *o, struct gui_analysis *a, const struct board_view *board, bool over)
{
    struct view_turns turns = {0};
    char *legal = NULL, *choices = NULL;
    if (!over && board && view_legal_turns(a->game.pos, &turns) == 0) {
        legal = gui_legal_tree_json(&turns, board);
        choices = gui_json_choices(&turns);
        view_turns_free(&turns);
    }
    bool ok = legal && choices;
    cJSON_AddRawToObject(o, "legal", ok ? legal : "{\"root\":0,\"nodes\":[{}]}");
    cJSON_AddRawToObject(o, "choices", ok ? choices : "{}");
    free(legal);
    free(choices);
}

static void add_board(cJSON *o, struct gui_session *s)
{
    struct gui_analysis *a = s->analysis;
    struct game *g = &a->game;
    struct board_view *board = malloc(sizeof *board);
    cJSON_AddStringToObject(o, "variant", g->variant->id);
    cJSON_AddItemToObject(o, "board", board ? board_json(g, board) : cJSON_CreateNull());
    cJSON_AddStringToObject(o, "side", color_name(g->pos->side));
    cJSON_AddNumberToObject(o, "number", g->pos->fullmove); /* the move number of the side to move's turn */
    cJSON_AddNumberToObject(o, "ply", g->count);
    cJSON_AddItemToObject(o, "moves", moves_json(a));
    char fen[FEN_MAX_LEN];
    fen_write(g->pos, fen, sizeof fen);
    cJSON_AddStringToObject(o, "fen", fen);
    struct outcome out = game_outcome(g);
    if (out.result != RESULT_NONE) {
        cJSON *res = cJSON_AddObjectToObject(o, "result");
        cJSON_AddStringToObject(res, "score", out.result == RESULT_WHITE_WINS   ? "1-0"
                                              : out.result == RESULT_BLACK_WINS ? "0-1"
                                                                                : "1/2-1/2");
        cJSON_AddStringToObject(res, "reason", out.reason ? out.reason : "Game over");
    } else {
        cJSON_AddNullToObject(o, "result");
    }
    cJSON_AddNumberToObject(o, "multipv", a->multipv);
    cJSON_AddItemToObject(o, "engine", s->cfg.self_cmd ? cJSON_CreateString("Rule Zero") : cJSON_CreateNull());
    add_legal(o, a, board, out.result != RESULT_NONE);
    free(board);
}

static char *print_and_free(cJSON *o)
{
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

char *gui_analysis_text(struct gui_session *s)
{
    struct gui_analysis *a = s->analysis;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "analysis");
    cJSON_AddBoolToObject(o, "active", a->active);
    if (a->active)
        add_board(o, s);
    add_info(o, a);
    return print_and_free(o);
}

char *gui_analysis_info_text(struct gui_session *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "analysis_info");
    add_info(o, s->analysis);
    return print_and_free(o);
}

static void broadcast_text(struct gui_session *s, char *text)
{
    if (text)
        s->broadcast(s->broadcast_ctx, text, strlen(text));
    free(text);
    s->analysis->last_sent_ms = clock_ms();
    s->analysis->dirty = false;
}

void gui_analysis_changed(struct gui_session *s)
{
    broadcast_text(s, gui_analysis_text(s));
    gui_wake(s);
}

void gui_analysis_flush(struct gui_session *s, bool now)
{
    struct gui_analysis *a = s->analysis;
    if (a->dirty && (now || clock_ms() - a->last_sent_ms >= INFO_INTERVAL_MS))
        broadcast_text(s, gui_analysis_info_text(s));
}

/* ---- Engine output ------------------------------------------------------------------------ */

struct analysis_score gui_analysis_score(int depth, int cecp_score, Color side)
{
    struct analysis_score sc = {.valid = true, .depth = depth};
    int sign = side == WHITE ? 1 : -1;
    if (cecp_score >= 90000 || cecp_score <= -90000) {
        sc.is_mate = true;
        sc.mate = sign * (cecp_score > 0 ? cecp_score - 100000 : cecp_score + 100000);
    } else {
        sc.cp = sign * cecp_score;
    }
    return sc;
}

int gui_analysis_parse(const char *line, int *depth, int *score, const char **pv)
{
    int used = 0;
    long centis;
    unsigned long long nodes;
    if (sscanf(line, "%d %d %ld %llu %n", depth, score, &centis, &nodes, &used) != 4 || used == 0)
        return 0;
    const char *rest = line + used, *tab = strchr(rest, '\t'); /* extra fields end with a tab */
    *pv = tab ? tab + 1 : rest;
    return 1;
}

/* The arrow of a turn: from its first clicked square to its last, over its
 * first step only (Nick Danger's move, not its link action), unless the
 * steps are legs of one piece's way (Interweave's chains). */
static void set_arrow(struct position *pos, const struct turn *t, struct analysis_line *l)
{
    struct turn shown = *t;
    if (!view_of(pos->variant)->legs_continue)
        shown.count = 1;
    char sq[8][8];
    int n = view_turn_squares(pos, &shown, sq, 8);
    if (n >= 2) {
        snprintf(l->arrow[0], sizeof l->arrow[0], "%s", sq[0]);
        snprintf(l->arrow[1], sizeof l->arrow[1], "%s", sq[n - 1]);
        l->arrow_count = 2;
    }
}

/* Room for one more turn in a position's history (as the search leaves). */
static bool history_room(const struct position *pos) { return pos->ply < MAX_HISTORY - MAX_TURN_STEPS - 2; }

/* The engine's turns in coordinates, as far as they are legal on the board:
 * read and written (readable and coordinates) on a copy of the board. */
static void take_turns(struct gui_analysis *a, struct analysis_line *l, const char *pv)
{
    struct position *pos = a->walk;
    position_copy(pos, a->game.pos);
    char buf[PROC_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", pv);
    char *rest = buf;
    struct turn t;
    l->turn_count = l->arrow_count = 0;
    for (char *w = text_token(&rest, " "); w && l->turn_count < ANALYSIS_PV_TURNS && history_room(pos);
         w = text_token(&rest, " ")) {
        if (turn_parse(pos, w, &t))
            break;
        if (l->turn_count == 0)
            set_arrow(pos, &t, l);
        turn_notation(pos, &t, l->turn[l->turn_count], TURN_TEXT_LEN);
        snprintf(l->coord[l->turn_count], TURN_TEXT_LEN, "%s", t.text);
        turn_make(pos, &t);
        l->turn_count++;
    }
}

void gui_analysis_store_line(struct gui_analysis *a, int index, const struct analysis_score *sc, const char *pv)
{
    if (index < 0 || index >= ANALYSIS_MAX_LINES)
        return;
    struct analysis_line *l = &a->line[index];
    l->score = *sc;
    take_turns(a, l, pv);
    a->dirty = true;
}

void gui_analysis_store_best(struct gui_analysis *a, int ply, const struct analysis_score *sc, const char *pv)
{
    if (!a->ply || ply < 0 || ply > a->source.count)
        return;
    struct analysis_ply *p = &a->ply[ply];
    p->score = *sc;
    p->best[0] = p->best_coord[0] = '\0';
    char word[TURN_TEXT_LEN];
    size_t n = strcspn(pv, " ");
    snprintf(word, sizeof word, "%.*s", (int)(n < TURN_TEXT_LEN ? n : TURN_TEXT_LEN - 1), pv);
    struct position *pos = a->walk;
    position_copy(pos, a->source.pos);
    for (int i = a->source.count; i > ply; i--)
        turn_unmake(pos, &a->source.turns[i - 1].turn);
    struct turn t;
    if (word[0] && turn_parse(pos, word, &t) == 0) {
        turn_notation(pos, &t, p->best, sizeof p->best);
        snprintf(p->best_coord, sizeof p->best_coord, "%s", t.text);
    }
}
