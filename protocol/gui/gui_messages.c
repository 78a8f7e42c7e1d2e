/* The page's messages (docs/gui-protocol.md): each checked completely before
 * it changes anything, so bad input leaves the game as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_analysis.h"
#include "protocol/gui/gui_inbound.h"
#include "protocol/gui/gui_json.h"

struct request {
    struct gui_session *s;
    const cJSON *msg;
    gui_send_fn reply;
    void *reply_ctx;
    int seat_side; /* with seats: the side the sender's seat acts for (-1: both seats, or no seats) */
};

static int fail(const struct request *r, const char *what, const char *detail)
{
    gui_send_error(r->reply, r->reply_ctx, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
    return -1;
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
    gui_send_json(r->reply, r->reply_ctx, gui_json_setup(gui_players_json(r->s)));
    char *state = gui_state_text(r->s, true);
    if (state)
        r->reply(r->reply_ctx, state, strlen(state));
    free(state);
    if (r->s->analysis->active) {
        char *analysis = gui_analysis_text(r->s);
        if (analysis)
            r->reply(r->reply_ctx, analysis, strlen(analysis));
        free(analysis);
    }
}

/* The messages handled in other files: the analysis board's (gui_analysis.c)
 * and a whole game's save and restore (gui_record.c). */
static const struct {
    const char *type;
    int (*handle)(const struct gui_request *r);
} other_messages[] = {
    {"analyse", gui_on_analyse},
    {"analysis_turn", gui_on_analysis_turn},
    {"analysis_back", gui_on_analysis_back},
    {"analysis_multipv", gui_on_analysis_multipv},
    {"analysis_goto", gui_on_analysis_goto},
    {"analysis_stop", gui_on_analysis_stop},
    {"analyse_game", gui_on_analyse_game},
    {"save", gui_on_save},
    {"restore", gui_on_restore},
    {"game_file", gui_on_game_file},
};

/* Until a hidden setting is told, no analysis (its board plays by the
 * setting) and no saved record (which holds it). */
static bool hides_from(const char *type) { return strncmp(type, "analys", 6) == 0 || strcmp(type, "save") == 0; }

static bool other_message(const struct request *r, const char *type)
{
    if (gui_hidden_now(r->s) && hides_from(type)) {
        fail(r, "refused", "the game's setting is hidden until its end");
        return true;
    }
    for (size_t i = 0; i < sizeof other_messages / sizeof other_messages[0]; i++)
        if (strcmp(type, other_messages[i].type) == 0) {
            struct gui_request gr = {r->s, r->msg, r->reply, r->reply_ctx};
            other_messages[i].handle(&gr);
            return true;
        }
    return false;
}

/* A page's `tc`; none, null or {kind: "untimed"}: an untimed game. */
int gui_read_tc(const cJSON *tc, struct limits *out, bool *untimed, char *err, size_t errlen)
{
    gui_untimed_limits(out);
    *untimed = true;
    if (!tc || cJSON_IsNull(tc))
        return 0;
    const char *kind = cJSON_IsObject(tc) ? string_field(tc, "kind") : NULL;
    if (kind && strcmp(kind, "untimed") == 0)
        return 0;
    *untimed = false;
    bool ok = true;
    if (kind && strcmp(kind, "clock") == 0) {
        out->kind = LIMIT_CLOCK;
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
    if (!ok)
        snprintf(err, errlen, "bad time control: expected {kind: untimed|clock|movetime|depth} with values in range");
    return ok ? 0 : -1;
}

static bool variant_has_option(const struct variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcmp(v->options[i].name, name) == 0)
            return true;
    return false;
}

/* A setting's value as the variant reads it: a string as it is, a number
 * (the page sends a spin option's value as one) in decimal, true/false;
 * NULL for anything else. */
static const char *setting_text(const cJSON *o, char *buf, size_t n)
{
    if (cJSON_IsString(o))
        return o->valuestring;
    if (cJSON_IsBool(o))
        return cJSON_IsTrue(o) ? "true" : "false";
    if (!cJSON_IsNumber(o))
        return NULL;
    double d = o->valuedouble;
    if (d == (double)(long long)d && d > -1e15 && d < 1e15)
        snprintf(buf, n, "%lld", (long long)d);
    else
        snprintf(buf, n, "%g", d);
    return buf;
}

/* "bad setting: WHY", the value the variant quotes in WHY (as 'VALUE') put
 * as any sent text is (gui_json_echo): the variant's explanation of what it
 * allows stays whole, what was sent is a short, escaped prefix. */
static void setting_refused(char *why, const char *value, char *err, size_t errlen)
{
    size_t len = strlen(value);
    const char *at = len ? strstr(why, value) : NULL;
    if (!at) {
        snprintf(err, errlen, "bad setting: %s", gui_json_cut(why));
        return;
    }
    const char *after = at + len;
    if (at > why && at[-1] == '\'' && *after == '\'') { /* the variant's own quotes give way to the echo's */
        at--;
        after++;
    }
    char echo[GUI_ECHO_LEN];
    snprintf(err, errlen, "bad setting: %.*s%s%s", (int)(at - why), why, gui_json_echo(value, echo), after);
}

/* Sets `options` (an object NAME: VALUE, or none) on g, a game not yet in play; -1 with why on a bad one. */
static int apply_settings(const cJSON *opts, const struct variant *v, struct game *g, char *err, size_t errlen)
{
    if (!opts || cJSON_IsNull(opts))
        return 0;
    if (!cJSON_IsObject(opts)) {
        snprintf(err, errlen, "bad setting: options must be an object");
        return -1;
    }
    const cJSON *o;
    cJSON_ArrayForEach(o, opts)
    {
        char why[VARIANT_ERR_LEN], text[64], echo[GUI_ECHO_LEN];
        const char *value = setting_text(o, text, sizeof text);
        if (!o->string || !variant_has_option(v, o->string) || !value) {
            snprintf(err, errlen, "bad setting: %s", o->string ? gui_json_echo(o->string, echo) : "?");
            return -1;
        }
        if (game_set_option(g, o->string, value, why, sizeof why)) {
            setting_refused(why, value, err, errlen);
            return -1;
        }
    }
    return 0;
}

void gui_free_game(struct game *g)
{
    if (g)
        game_free(g);
    free(g);
}

struct game *gui_build_game(const struct game *settings_from, const struct variant *v, const cJSON *options,
                            const char *fen, char *err, size_t errlen)
{
    struct game *g = malloc(sizeof *g); /* 11 KB: not on a server thread's stack */
    if (!g || game_init(g)) {
        free(g);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (settings_from)
        game_copy_options(g, settings_from);
    if (apply_settings(options, v, g, err, errlen)) {
        gui_free_game(g);
        return NULL;
    }
    char why[VARIANT_ERR_LEN];
    if (game_new(g, v, fen && fen[0] ? fen : NULL, why, sizeof why)) {
        snprintf(err, errlen, "bad FEN: %s", gui_json_cut(why));
        gui_free_game(g);
        return NULL;
    }
    return g;
}

/* Freeing the old game frees its settings, which a built-in player may be
 * generating moves with: wait for it first. */
void gui_install_game(struct gui_session *s, struct game *fresh)
{
    gui_wait_for_builtin(s);
    game_free(&s->game);
    s->game = *fresh;
    free(fresh);
    s->over = false;
    s->paused = false;
    gui_offers_reset(s);
    s->thinking.valid = false;
    s->hidden = false;
    s->fresh[WHITE] = s->fresh[BLACK] = true;
    s->game_number++;
    gui_reset_clocks(s);
    gui_check_outcome(s);
}

/* Starts a game of v from fen ("" or NULL: the start) in place of the
 * current one, with the current game's settings and then `options` (NULL:
 * none). On any error nothing changes. */
static int start_game(const struct request *r, const struct variant *v, const char *fen, const cJSON *options)
{
    char err[VARIANT_ERR_LEN + 64];
    struct game *fresh = gui_build_game(&r->s->game, v, options, fen, err, sizeof err);
    if (!fresh)
        return fail(r, err, NULL);
    gui_install_game(r->s, fresh);
    return 0;
}

/* A new game's settings with its hidden one drawn (docs/rules/partial-shifted-square.md):
 * *played (free it), or -1 after an error (people and CECP engines, the start position). */
static int hidden_settings(const struct request *r, const struct variant *v, const char *const players[2],
                           const cJSON *fen_item, cJSON **played)
{
    if (r->s->cfg.one_page)
        return fail(r, "refused", "a game with a hidden setting is played on the games server with seats "
                                  "(rulezero gui --db FILE), one page per player, not on one page for both");
    char err[300];
    for (int c = 0; c < 2; c++)
        if (gui_hidden_player_check(r->s, players[c], err, sizeof err))
            return fail(r, "refused", err);
    if (cJSON_IsString(fen_item) && fen_item->valuestring[0])
        return fail(r, "refused", "a game with a hidden setting starts from the start position");
    char drawn[GAME_OPTION_LEN];
    if (gui_hidden_value(r->s, v, drawn, sizeof drawn, err, sizeof err))
        return fail(r, err, NULL);
    *played = cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(r->msg, "options"), true);
    if (!*played ||
        !cJSON_ReplaceItemInObjectCaseSensitive(*played, v->hidden->option, cJSON_CreateString(drawn))) {
        cJSON_Delete(*played);
        return fail(r, "out of memory", NULL);
    }
    return 0;
}

static int on_new_game(const struct request *r)
{
    struct gui_session *s = r->s;
    const char *id = string_field(r->msg, "variant");
    const struct variant *v = variant_find(id);
    char echo[GUI_ECHO_LEN];
    if (!v)
        return fail(r, "unknown variant", id ? gui_json_echo(id, echo) : NULL);
    const char *players[2] = {string_field(r->msg, "white"), string_field(r->msg, "black")};
    for (int c = 0; c < 2; c++)
        if (!players[c] || !gui_player_exists(s, players[c]))
            return fail(r, "unknown player", players[c] ? gui_json_echo(players[c], echo) : NULL);
    char err[300];
    for (int c = 0; c < 2; c++)
        if (gui_player_check(s, players[c], v, err, sizeof err))
            return fail(r, "engine cannot play this game", err);
    const cJSON *fen_item = cJSON_GetObjectItemCaseSensitive(r->msg, "fen");
    if (fen_item && !cJSON_IsString(fen_item) && !cJSON_IsNull(fen_item))
        return fail(r, "bad FEN", "not a string");
    struct limits limits;
    bool untimed;
    if (gui_read_tc(cJSON_GetObjectItemCaseSensitive(r->msg, "tc"), &limits, &untimed, err, sizeof err))
        return fail(r, err, NULL);
    const cJSON *options = cJSON_GetObjectItemCaseSensitive(r->msg, "options");
    bool hidden = gui_hidden_asked(v, options);
    cJSON *played = NULL;
    if (hidden && hidden_settings(r, v, players, fen_item, &played))
        return -1;
    int started = start_game(r, v, cJSON_IsString(fen_item) ? fen_item->valuestring : NULL, hidden ? played : options);
    cJSON_Delete(played);
    if (started)
        return -1;
    s->hidden = hidden;
    for (int c = 0; c < 2; c++)
        snprintf(s->player_id[c], GUI_ID_LEN, "%s", players[c]);
    s->limits = limits;
    s->untimed = untimed;
    gui_reset_clocks(s);
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
    char echo[GUI_ECHO_LEN];
    if (!gui_player_is_human(s->player_id[s->game.pos->side]))
        return fail(r, "not your turn", gui_json_echo(text, echo));
    char err[VARIANT_ERR_LEN];
    struct turn t;
    if (game_find_turn(&s->game, text, &t, err, sizeof err) || game_play(&s->game, &t, err, sizeof err))
        return fail(r, gui_hidden_now(s) ? "no such turn" : "illegal turn", gui_json_echo(text, echo));
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
    gui_after_take_back(s);
    return 0;
}

static int on_load_fen(const struct request *r)
{
    const char *fen = string_field(r->msg, "fen");
    if (!fen)
        return fail(r, "bad FEN", "no fen");
    if (gui_hidden_now(r->s)) /* a FEN refused for its hidden removed square would tell it */
        return fail(r, "refused", "the game's setting is hidden until its end");
    if (start_game(r, r->s->game.variant, fen, NULL))
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
    gui_send_json(r->reply, r->reply_ctx, gui_view_json(r->s, ply));
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

/* The game as PGN: what GET /game.pgn serves, for a page without HTTP. */
static int on_pgn(const struct request *r)
{
    char *text = gui_pgn_text(r->s);
    if (!text)
        return fail(r, "out of memory", NULL);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "pgn");
    cJSON_AddStringToObject(o, "text", text);
    free(text);
    gui_send_json(r->reply, r->reply_ctx, o);
    return 0;
}

/* The engine to move plays its best turn so far (CECP `?`, UCI `stop`; an
 * engine that `?` cannot reach: the best turn it reported), at once or, when
 * it is still starting or has reported no line of this search, as soon as it
 * has; the turn comes back as the engine's reply and is played as any other. */
static int on_move_now(const struct request *r)
{
    if (gui_move_now(r->s) != 0)
        return fail(r, "no engine is thinking", NULL);
    return 0;
}

/* ---- Resignation and draws ------------------------------------------------------------- */

/* The side a message speaks for: the sender's seat (with seats), else its
 * `color` (a person's side), else the only person, else (two people)
 * `fallback`; -1 after an error. */
static int person_side(const struct request *r, Color fallback)
{
    const struct gui_session *s = r->s;
    if (r->seat_side >= 0)
        return gui_player_is_human(s->player_id[r->seat_side]) ? r->seat_side : fail(r, "not your side", NULL);
    int c;
    int color = gui_color_field(r->msg, &c);
    if (color < 0)
        return fail(r, "bad color", "\"white\" or \"black\"");
    if (color > 0)
        return gui_player_is_human(s->player_id[c]) ? c : fail(r, "not your side", c == WHITE ? "white" : "black");
    bool white = gui_player_is_human(s->player_id[WHITE]), black = gui_player_is_human(s->player_id[BLACK]);
    if (white && black)
        return fallback;
    if (white || black)
        return white ? WHITE : BLACK;
    return fail(r, "no person plays this game", NULL);
}

/* The side a resign or offer_draw speaks for (two people: the side to
 * move); -1 after an error, as when the game is over. */
static int acting_side(const struct request *r)
{
    if (r->s->over)
        return fail(r, "the game is over", NULL);
    return person_side(r, r->s->game.pos->side);
}

static int on_resign(const struct request *r)
{
    struct gui_session *s = r->s;
    int side = acting_side(r);
    if (side < 0)
        return -1;
    gui_offers_reset(s);
    gui_side_loses(s, (Color)side, "resigns");
    return 0;
}

static int on_offer_draw(const struct request *r)
{
    struct gui_session *s = r->s;
    int side = acting_side(r);
    if (side < 0)
        return -1;
    if (s->draw_offer == !side) {
        gui_draw_agreed(s); /* offered both ways: agreed */
        return 0;
    }
    if (s->draw_offer != side) {
        s->draw_offer = side;
        s->draw_to_engine = false;
        snprintf(s->note, sizeof s->note, "%s offers a draw", side == WHITE ? "White" : "Black");
        gui_deliver_draw_offer(s);
    }
    gui_broadcast_state(s);
    return 0;
}

/* accept_draw (accept) or decline_draw: a person answers the opponent's offer. */
static int on_answer_draw(const struct request *r, bool accept)
{
    struct gui_session *s = r->s;
    if (s->over)
        return fail(r, "the game is over", NULL);
    if (s->draw_offer < 0)
        return fail(r, "no draw offer to answer", NULL);
    int side = person_side(r, (Color)!s->draw_offer);
    if (side < 0)
        return -1;
    if (s->draw_offer != !side)
        return fail(r, "no draw offer to answer", "the offer is your own");
    if (accept) {
        gui_draw_agreed(s);
        return 0;
    }
    s->draw_offer = -1;
    snprintf(s->note, sizeof s->note, "%s declines the draw", side == WHITE ? "White" : "Black");
    gui_broadcast_state(s);
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
    else if (strcmp(type, "pgn") == 0)
        on_pgn(r);
    else if (strcmp(type, "move_now") == 0)
        on_move_now(r);
    else if (strcmp(type, "resign") == 0)
        on_resign(r);
    else if (strcmp(type, "offer_draw") == 0)
        on_offer_draw(r);
    else if (strcmp(type, "accept_draw") == 0)
        on_answer_draw(r, true);
    else if (strcmp(type, "decline_draw") == 0)
        on_answer_draw(r, false);
    else if (other_message(r, type))
        return;
    else {
        char echo[GUI_ECHO_LEN];
        fail(r, "unknown command", gui_json_echo(type, echo));
    }
}

void gui_session_handle(struct gui_session *s, const char *data, size_t len, gui_send_fn reply, void *reply_ctx)
{
    gui_session_handle_as(s, data, len, reply, reply_ctx, NULL);
}

void gui_session_handle_as(struct gui_session *s, const char *data, size_t len, gui_send_fn reply, void *reply_ctx,
                           const struct gui_actor *actor)
{
    if (len > GUI_MAX_MESSAGE) {
        gui_send_error(reply, reply_ctx, "message too long (%zu bytes, at most %d)", len, GUI_MAX_MESSAGE);
        return;
    }
    char why[128];
    if (gui_inbound_check(data, len, why, sizeof why)) {
        gui_send_error(reply, reply_ctx, "%s", why);
        return;
    }
    cJSON *msg = cJSON_ParseWithLength(data, len);
    if (!cJSON_IsObject(msg)) {
        cJSON_Delete(msg);
        gui_send_error(reply, reply_ctx, "malformed JSON");
        return;
    }
    pthread_mutex_lock(&s->lock);
    struct request r = {s, msg, reply, reply_ctx, -1};
    struct gui_request gr = {s, msg, reply, reply_ctx};
    s->asker = reply; /* a change the store refuses is said to this page alone */
    s->asker_ctx = reply_ctx;
    if (!actor || gui_seat_gate(&gr, actor, msg, &r.seat_side) == GUI_GATE_PASS)
        dispatch(&r);
    s->asker = NULL;
    pthread_mutex_unlock(&s->lock);
    cJSON_Delete(msg);
}
