/* A whole game as a JSON record, and the game rebuilt from one
 * (docs/gui-protocol.md, "Saving a game"): the browser build keeps the game
 * in the browser's storage and resumes it after a reload. A record is
 * checked completely, every turn replayed on a game built aside with the code
 * new_game uses, before it replaces the current game: a bad one leaves the
 * game as it was. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/match/pgn.h"

/* A clock may hold this much more than its time control can have given it. */
#define RECORD_CLOCK_MARGIN_MS 1000

static const char *const side_names[2] = {"white", "black"};

/* ---- Saving -------------------------------------------------------------------------------- */

/* The time control as new_game takes it (gui_read_tc reads it back). */
static cJSON *tc_json(const struct gui_session *s)
{
    const struct limits *l = &s->limits;
    cJSON *o = cJSON_CreateObject();
    if (!s->untimed && l->kind == LIMIT_CLOCK) {
        cJSON_AddStringToObject(o, "kind", "clock");
        cJSON_AddNumberToObject(o, "base_ms", (double)l->base_ms);
        cJSON_AddNumberToObject(o, "inc_ms", (double)l->inc_ms);
    } else if (!s->untimed && l->kind == LIMIT_MOVETIME) {
        cJSON_AddStringToObject(o, "kind", "movetime");
        cJSON_AddNumberToObject(o, "ms", (double)l->movetime_ms);
    } else if (!s->untimed && l->kind == LIMIT_DEPTH) {
        cJSON_AddStringToObject(o, "kind", "depth");
        cJSON_AddNumberToObject(o, "depth", l->depth);
    } else {
        cJSON_AddStringToObject(o, "kind", "untimed");
    }
    return o;
}

/* Every setting of the game's variant, NAME: VALUE, as new_game takes them. */
static cJSON *options_json(const struct game *g)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < g->variant->option_count; i++) {
        char value[GAME_OPTION_LEN];
        settings_get(&g->settings, g->variant->options[i].name, value, sizeof value);
        cJSON_AddStringToObject(o, g->variant->options[i].name, value);
    }
    return o;
}

static cJSON *turns_json(const struct game *g)
{
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; i < g->count; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(g->turns[i].turn.text));
    return a;
}

static cJSON *result_json(const struct gui_session *s)
{
    if (!s->over)
        return cJSON_CreateNull();
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "score", s->result_score);
    cJSON_AddStringToObject(o, "reason", s->result_reason);
    return o;
}

cJSON *gui_record_json(struct gui_session *s)
{
    const struct game *g = &s->game;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", GUI_RECORD_FORMAT);
    cJSON_AddNumberToObject(o, "version", GUI_RECORD_VERSION);
    cJSON_AddStringToObject(o, "variant", g->variant->id);
    cJSON_AddItemToObject(o, "options", options_json(g));
    cJSON_AddStringToObject(o, "fen", strcmp(g->start_fen, g->variant->start_fen) == 0 ? "" : g->start_fen);
    cJSON_AddItemToObject(o, "turns", turns_json(g));
    cJSON_AddStringToObject(o, "white", s->player_id[WHITE]);
    cJSON_AddStringToObject(o, "black", s->player_id[BLACK]);
    cJSON_AddItemToObject(o, "tc", tc_json(s));
    cJSON *clocks = cJSON_AddArrayToObject(o, "clock_ms");
    for (Color c = WHITE; c <= BLACK; c++)
        cJSON_AddItemToArray(clocks, cJSON_CreateNumber((double)gui_clock_left(s, c)));
    cJSON_AddBoolToObject(o, "paused", s->paused);
    cJSON_AddItemToObject(o, "result", result_json(s));
    if (s->hidden) /* its value is in `options`: a record is the server's, never a page's while hidden */
        cJSON_AddBoolToObject(o, "hidden", true);
    return o;
}

static cJSON *saved_message(struct gui_session *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "saved");
    cJSON_AddItemToObject(o, "record", gui_record_json(s));
    return o;
}

int gui_on_save(const struct gui_request *r)
{
    gui_send_json(r->reply, r->reply_ctx, saved_message(r->s));
    return 0;
}

void gui_broadcast_record(struct gui_session *s)
{
    gui_send_json(s->broadcast, s->broadcast_ctx, saved_message(s));
}

/* ---- Restoring ----------------------------------------------------------------------------- */

/* What a record says, each field checked. Texts point into the message. */
struct restore {
    const struct variant *variant;
    const char *player[2];
    const cJSON *options;
    const char *fen;
    const cJSON *turns;
    struct limits limits;
    bool untimed;
    int64_t clock_ms[2];
    bool paused;
    enum game_result result; /* RESULT_NONE: the record gives none */
    const char *reason;
    bool hidden;             /* the game's hidden setting is not told (gui_hidden.c) */
};

static int bad(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static const cJSON *field(const cJSON *o, const char *name) { return cJSON_GetObjectItemCaseSensitive(o, name); }

/* A field that must be a text: 0 with *out, or -1 with why. */
static int text_field(const cJSON *o, const char *name, const char **out, char *err, size_t errlen)
{
    const cJSON *f = field(o, name);
    *out = NULL;
    if (!cJSON_IsString(f))
        return bad(err, errlen, "'%s' is missing or not a text", name);
    *out = f->valuestring;
    return 0;
}

/* A field that may be missing or null (then *out = NULL) or must be a text. */
static int optional_text(const cJSON *o, const char *name, const char **out, char *err, size_t errlen)
{
    const cJSON *f = field(o, name);
    *out = NULL;
    if (!f || cJSON_IsNull(f))
        return 0;
    return text_field(o, name, out, err, errlen);
}

static int read_header(const cJSON *rec, char *err, size_t errlen)
{
    const char *format = NULL;
    if (text_field(rec, "format", &format, err, errlen) || strcmp(format, GUI_RECORD_FORMAT) != 0)
        return bad(err, errlen, "it is not a Rule Zero game (format must be \"%s\")", GUI_RECORD_FORMAT);
    const cJSON *version = field(rec, "version");
    if (!cJSON_IsNumber(version))
        return bad(err, errlen, "'version' is missing or not a number");
    if (version->valuedouble != GUI_RECORD_VERSION)
        return bad(err, errlen, "version %g is not known (this build reads version %d)", version->valuedouble,
                   GUI_RECORD_VERSION);
    return 0;
}

/* The variant, and players that exist and play it. */
static int read_sides(struct gui_session *s, const cJSON *rec, struct restore *x, char *err, size_t errlen)
{
    const char *id = NULL;
    if (text_field(rec, "variant", &id, err, errlen))
        return -1;
    x->variant = variant_find(id);
    if (!x->variant)
        return bad(err, errlen, "unknown variant '%.40s'", id);
    for (Color c = WHITE; c <= BLACK; c++) {
        if (text_field(rec, side_names[c], &x->player[c], err, errlen))
            return -1;
        if (!gui_player_exists(s, x->player[c]))
            return bad(err, errlen, "unknown player '%.40s'", x->player[c]);
    }
    char why[300];
    for (Color c = WHITE; c <= BLACK; c++)
        if (gui_player_check(s, x->player[c], x->variant, why, sizeof why))
            return bad(err, errlen, "engine cannot play this game: %s", why);
    return 0;
}

static int read_result(const cJSON *rec, struct restore *x, char *err, size_t errlen)
{
    static const struct {
        const char *score;
        enum game_result result;
    } scores[] = {{"1-0", RESULT_WHITE_WINS}, {"0-1", RESULT_BLACK_WINS}, {"1/2-1/2", RESULT_DRAW}};
    const cJSON *result = field(rec, "result");
    x->result = RESULT_NONE;
    if (!result || cJSON_IsNull(result))
        return 0;
    const char *score = NULL;
    if (!cJSON_IsObject(result) || text_field(result, "score", &score, err, errlen) ||
        text_field(result, "reason", &x->reason, err, errlen) || !x->reason[0] || strlen(x->reason) >= 200)
        return bad(err, errlen, "'result' must be null or {score, reason} (a reason of 1 to 199 characters)");
    for (size_t i = 0; i < sizeof scores / sizeof scores[0]; i++)
        if (strcmp(score, scores[i].score) == 0)
            x->result = scores[i].result;
    return x->result == RESULT_NONE ? bad(err, errlen, "result '%.20s' is not 1-0, 0-1 or 1/2-1/2", score) : 0;
}

/* Every field but the clocks, which depend on the turns. */
static int read_fields(struct gui_session *s, const cJSON *rec, struct restore *x, char *err, size_t errlen)
{
    if (!cJSON_IsObject(rec))
        return bad(err, errlen, "'record' is missing or not an object");
    if (read_header(rec, err, errlen) || read_sides(s, rec, x, err, errlen))
        return -1;
    if (gui_read_tc(field(rec, "tc"), &x->limits, &x->untimed, err, errlen) ||
        optional_text(rec, "fen", &x->fen, err, errlen))
        return -1;
    x->options = field(rec, "options");
    x->turns = field(rec, "turns");
    if (!cJSON_IsArray(x->turns))
        return bad(err, errlen, "'turns' is missing or not an array");
    int count = cJSON_GetArraySize(x->turns);
    if (count > GAME_MAX_PLY)
        return bad(err, errlen, "too many turns (%d, at most %d)", count, GAME_MAX_PLY);
    const cJSON *paused = field(rec, "paused");
    if (!cJSON_IsBool(paused))
        return bad(err, errlen, "'paused' is missing or not true or false");
    x->paused = cJSON_IsTrue(paused);
    const cJSON *hidden = field(rec, "hidden");
    if (hidden && !(cJSON_IsBool(hidden) && (cJSON_IsFalse(hidden) || x->variant->hidden)))
        return bad(err, errlen, "'hidden' must be true (for a game with a hidden setting) or false");
    x->hidden = cJSON_IsTrue(hidden);
    return read_result(rec, x, err, errlen);
}

/* Plays the record's turns on g, in order, each legal where it comes. */
static int replay(struct game *g, const cJSON *turns, char *err, size_t errlen)
{
    int n = 0;
    const cJSON *t;
    cJSON_ArrayForEach(t, turns)
    {
        n++;
        if (!cJSON_IsString(t) || strlen(t->valuestring) >= TURN_TEXT_LEN)
            return bad(err, errlen, "turn %d is not a turn's text", n);
        struct outcome end = gui_outcome(g);
        if (end.result != RESULT_NONE)
            return bad(err, errlen, "turn %d '%.40s' comes after the game ended (%s)", n, t->valuestring, end.reason);
        char why[VARIANT_ERR_LEN];
        struct turn turn;
        /* the texts `turn` takes, then what XBoard writes to PGN (an imported game, docs/web.md) */
        bool found = game_find_turn(g, t->valuestring, &turn, why, sizeof why) == 0 ||
                     match_parse_turn(g->pos, t->valuestring, &turn) == 0;
        if (!found || game_play(g, &turn, why, sizeof why))
            return bad(err, errlen, "turn %d '%.40s' is illegal", n, t->valuestring);
    }
    return 0;
}

/* The most a side's clock can hold: the base, an increment per turn it made, a margin. */
static int64_t clock_cap(const struct restore *x, const struct game *g, Color c)
{
    if (x->untimed || x->limits.kind != LIMIT_CLOCK)
        return RECORD_CLOCK_MARGIN_MS;
    return x->limits.base_ms + x->limits.inc_ms * game_turns_by(g, c) + RECORD_CLOCK_MARGIN_MS;
}

static int read_clocks(const cJSON *rec, const struct game *g, struct restore *x, char *err, size_t errlen)
{
    const cJSON *clocks = field(rec, "clock_ms");
    if (!cJSON_IsArray(clocks) || cJSON_GetArraySize(clocks) != 2)
        return bad(err, errlen, "'clock_ms' must be [white, black] in milliseconds");
    for (Color c = WHITE; c <= BLACK; c++) {
        const cJSON *ms = cJSON_GetArrayItem(clocks, c);
        double cap = (double)clock_cap(x, g, c);
        if (!cJSON_IsNumber(ms) || ms->valuedouble < 0 || ms->valuedouble > cap ||
            ms->valuedouble != (double)(int64_t)ms->valuedouble)
            return bad(err, errlen, "%s's clock must be a whole number of milliseconds from 0 to %.0f",
                       c == WHITE ? "White" : "Black", cap);
        x->clock_ms[c] = (int64_t)ms->valuedouble;
    }
    return 0;
}

/* The game built from a record, its turns played; NULL with why. */
static struct game *rebuild(const cJSON *rec, struct restore *x, char *err, size_t errlen)
{
    struct game *g = gui_build_game(NULL, x->variant, x->options, x->fen, err, errlen);
    if (g && (replay(g, x->turns, err, errlen) || read_clocks(rec, g, x, err, errlen))) {
        gui_free_game(g);
        return NULL;
    }
    return g;
}

/* The rebuilt game in place of the current one, as it stood when it was
 * saved; nobody told yet. */
static void install_quietly(struct gui_session *s, const struct restore *x, struct game *g)
{
    gui_install_game(s, g);
    for (Color c = WHITE; c <= BLACK; c++) {
        snprintf(s->player_id[c], GUI_ID_LEN, "%s", x->player[c]);
        s->clock_ms[c] = x->clock_ms[c];
    }
    s->limits = x->limits;
    s->untimed = x->untimed;
    s->turn_start_ms = clock_ms();
    s->paused = x->paused;
    s->hidden = x->hidden;
    if (!s->over && x->result != RESULT_NONE)
        gui_set_result(s, x->result, x->reason); /* a resignation, time, an agreement: the turns do not show it */
}

/* The game a record rebuilds, checked (NULL with why). */
static struct game *rebuild_record(struct gui_session *s, const cJSON *rec, struct restore *x, char *err,
                                   size_t errlen)
{
    return read_fields(s, rec, x, err, errlen) ? NULL : rebuild(rec, x, err, errlen);
}

int gui_on_restore(const struct gui_request *r)
{
    struct restore x = {0};
    char err[VARIANT_ERR_LEN + 200];
    const cJSON *rec = field(r->msg, "record");
    struct game *g = rebuild_record(r->s, rec, &x, err, sizeof err);
    if (!g) {
        gui_send_error(r->reply, r->reply_ctx, "the stored game could not be restored: %s", err);
        return -1;
    }
    install_quietly(r->s, &x, g);
    gui_game_changed(r->s);
    return 0;
}

int gui_record_put_back(struct gui_session *s, const char *record, char *err, size_t errlen)
{
    struct restore x = {0};
    cJSON *rec = cJSON_Parse(record);
    struct game *g = rebuild_record(s, rec, &x, err, errlen);
    if (g) {
        install_quietly(s, &x, g);
        gui_game_touched(s);
    }
    cJSON_Delete(rec); /* after the install: x's texts point into it */
    return g ? 0 : -1;
}
