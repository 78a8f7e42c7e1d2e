/* The session's engine thread: asks the player of the side to move for its
 * turn (people excepted), referees it, keeps the clocks and the engine's
 * thinking, and ticks the clocks for the pages. A crash, a hang or an
 * illegal move is an `error` message; the game stays as it was, paused. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/match/match_report.h"
#include "protocol/match/pgn.h"
#include "protocol/match/refusals.h"

#define CLOCK_MARGIN_MS 1000
#define MOVETIME_MARGIN_MS 5000
#define TICK_MS 1000

void gui_interrupt_engine(struct gui_session *s)
{
    struct player *p = s->thinking_player;
    if (!p)
        return;
    if (p->protocol == PROTO_CECP)
        proc_send(&p->proc, "?");
    else if (p->protocol == PROTO_UCI)
        proc_send(&p->proc, "stop");
}

/* An engine or a built-in player is to move in a game that goes on. */
static bool engine_to_move(const struct gui_session *s)
{
    return !s->over && !s->paused && !gui_player_is_human(s->player_id[s->game.pos->side]);
}

static bool builtin_id(const char *id) { return strncmp(id, "builtin:", 8) == 0; }

/* The thinking engine plays now: told by `?` (or `stop`) where it hears it,
 * else its best turn reported so far is played for it. False while this
 * search has reported nothing: a `?` may then have reached the engine before
 * its turn did, so it is said again at the search's first line. */
static bool move_now_act(struct gui_session *s)
{
    const struct thinking *t = &s->thinking;
    bool reported = t->valid && t->generation == s->generation && t->best[0];
    if (proc_interruptible(&s->thinking_player->proc)) {
        gui_interrupt_engine(s);
        return reported;
    }
    if (!reported)
        return false;
    snprintf(s->move_now_turn, sizeof s->move_now_turn, "%s", t->best);
    proc_abandon(&s->thinking_player->proc);
    return true;
}

int gui_move_now(struct gui_session *s)
{
    if (!s->thinking_player && (!engine_to_move(s) || builtin_id(s->player_id[s->game.pos->side])))
        return -1;
    s->move_now_pending = !s->thinking_player || !move_now_act(s);
    s->move_now_generation = s->generation;
    return 0;
}

void gui_move_now_on_line(struct gui_session *s)
{
    if (!s->move_now_pending || s->move_now_generation != s->generation || !s->thinking_player)
        return;
    s->move_now_pending = !move_now_act(s);
}

static void error_all(struct gui_session *s, const char *what, const char *detail)
{
    gui_send_error(s->broadcast, s->broadcast_ctx, "%s: %s", what, detail);
}

/* ---- One engine turn ---------------------------------------------------------------------- */

struct move_job {
    Color side;
    unsigned generation;
    char id[GUI_ID_LEN];
    struct limits limits;
    bool untimed;
    bool clock_started;   /* the side's clock runs (its first turn is untimed) */
    bool fresh;
    bool hidden;          /* the game's setting is hidden: the referee refuses turns (refusals.h) */
    struct game_view view;
    struct game_option_texts options;
    char start_fen[FEN_MAX_LEN];
    int64_t deadline;
};

static int64_t deadline_of(const struct gui_session *s, const struct limits *l, Color side)
{
    int64_t now = clock_ms();
    switch (l->kind) {
    case LIMIT_CLOCK: return now + s->clock_ms[side] + CLOCK_MARGIN_MS;
    case LIMIT_MOVETIME: return now + l->movetime_ms + MOVETIME_MARGIN_MS;
    default: return now + s->cfg.engine_wait_ms;
    }
}

void gui_game_option_texts(const struct game *g, struct game_option_texts *out)
{
    const struct variant *v = g->variant;
    out->count = 0;
    for (int i = 0; i < v->option_count && out->count < GAME_MAX_OPTIONS; i++) {
        char value[GAME_OPTION_LEN];
        settings_get(&g->settings, v->options[i].name, value, sizeof value);
        snprintf(out->text[out->count++], sizeof out->text[0], "%s=%s", v->options[i].name, value);
    }
}

bool gui_same_option_texts(const struct game_option_texts *a, const struct game_option_texts *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->text[i], b->text[i]) != 0)
            return false;
    return true;
}

/* Copies what the engine needs (lock held). */
static void prepare_job(struct gui_session *s, struct move_job *j)
{
    const struct game *g = &s->game;
    j->side = g->pos->side;
    j->generation = s->generation;
    s->move_now_turn[0] = '\0';
    snprintf(j->id, sizeof j->id, "%s", s->player_id[j->side]);
    j->limits = s->limits;
    j->untimed = s->untimed;
    j->clock_started = gui_clock_started(s, j->side);
    j->fresh = s->fresh[j->side];
    s->fresh[j->side] = false;
    snprintf(j->start_fen, sizeof j->start_fen, "%s", g->start_fen);
    j->hidden = gui_hidden_now(s);
    gui_hidden_option_texts(s, &j->options);
    position_copy(s->scratch, g->pos);
    for (int i = 0; i < g->count; i++)
        snprintf(s->scratch_moves[i], TURN_TEXT_LEN, "%s", g->turns[i].turn.text);
    struct game_view *v = &j->view;
    memset(v, 0, sizeof *v);
    v->variant = g->variant;
    v->start_fen = j->start_fen;
    v->standard_start = strcmp(g->start_fen, g->variant->start_fen) == 0;
    v->nmoves = g->count;
    v->moves = s->scratch_moves;
    v->pos = s->scratch;
    for (Color c = WHITE; c <= BLACK; c++) {
        v->limits[c] = &s->slot[j->side].limits;
        v->clock_ms[c] = gui_clock_left(s, c);
    }
    j->deadline = deadline_of(s, &j->limits, j->side);
}

/* Starts or restarts the slot's player as needed (lock not held). 0 or -1 with err. */
static int ready_slot(struct gui_session *s, struct move_job *j, struct line_ctx *lctx, char *err, size_t errlen)
{
    struct engine_slot *slot = &s->slot[j->side];
    bool same = strcmp(slot->id, j->id) == 0 && slot->variant == j->view.variant &&
                gui_same_option_texts(&slot->options, &j->options) && memcmp(&slot->limits, &j->limits, sizeof j->limits) == 0;
    bool ended = slot->p.running && slot->p.protocol != PROTO_BUILTIN && slot->p.proc.eof;
    if (!same || !slot->p.running || ended) { /* `ended`: abandoned in a stale search, or crashed after its last move */
        player_quit(&slot->p);
        gui_slot_configure(s, slot, j->id, &j->limits);
        slot->variant = j->view.variant;
        slot->options = j->options;
        for (int i = 0; i < slot->options.count && slot->cfg.option_count < PLAYER_MAX_OPTIONS; i++)
            slot->cfg.options[slot->cfg.option_count++] = slot->options.text[i];
        j->fresh = true;
        if (slot->cfg.protocol == PROTO_AUTO)
            slot->cfg.protocol = player_detect(&slot->cfg, 5000, s->cfg.debug);
        slot->p.debug = s->cfg.debug;
        slot->p.on_line = gui_on_engine_line;
        slot->p.line_ctx = lctx;
        if (player_start(&slot->p, &slot->cfg, j->view.variant, err, errlen))
            return -1;
    }
    slot->p.line_ctx = lctx;
    if (j->fresh && player_new_game(&slot->p, &j->view, (uint64_t)clock_ms() ^ (uint64_t)j->side, err, errlen)) {
        player_quit(&slot->p);
        return -1;
    }
    return 0;
}

/* The engine's answer (lock held). */
static void take_reply(struct gui_session *s, struct move_job *j, const struct reply *r, int64_t elapsed)
{
    struct engine_slot *slot = &s->slot[j->side];
    if (r->kind == REPLY_CRASH && s->move_now_turn[0]) { /* its search ended by move_now: its best turn */
        struct reply best = {.kind = REPLY_MOVE};
        snprintf(best.move, sizeof best.move, "%s", s->move_now_turn);
        s->move_now_turn[0] = '\0';
        take_reply(s, j, &best, elapsed);
        return;
    }
    char who[160];
    snprintf(who, sizeof who, "%s (%s)", slot->cfg.name, j->side == WHITE ? "White" : "Black");
    if (r->kind == REPLY_MOVE) {
        struct turn t;
        char err[VARIANT_ERR_LEN];
        if (match_parse_turn(s->game.pos, r->move, &t) == 0 && game_play(&s->game, &t, err, sizeof err) == 0) {
            gui_after_turn(s, elapsed);
            return;
        }
        char detail[TURN_TEXT_LEN + 64];
        snprintf(detail, sizeof detail, "played an illegal move '%s'", r->move);
        error_all(s, who, detail);
    } else if (r->kind == REPLY_RESIGN) {
        gui_side_loses(s, j->side, "resigns");
        return;
    } else if (r->kind == REPLY_TIMEOUT && j->limits.kind == LIMIT_CLOCK && j->clock_started &&
               s->clock_ms[j->side] - elapsed < -CLOCK_MARGIN_MS / 2) {
        s->clock_ms[j->side] = 0;
        gui_side_loses(s, j->side, "loses on time");
        return;
    } else {
        error_all(s, who, r->kind == REPLY_TIMEOUT ? "did not answer in time" : r->text);
    }
    /* The engine failed: it is restarted on `resume`; the game stays. */
    player_quit(&slot->p);
    slot->id[0] = '\0';
    s->paused = true;
    gui_game_changed(s);
}


/* Waits (lock held) until `until`, unless the game changes first. */
static void pace(struct gui_session *s, const struct move_job *j, int64_t until)
{
    while (!s->quit && s->generation == j->generation && clock_ms() < until) {
        int64_t left = until - clock_ms();
        gui_wait_ms(s, left < 250 ? (int)left + 1 : 250);
    }
}

/* A game with a hidden setting (lock not held): while the engine's turn is
 * not one of the position's (the game plays by the drawn value), the engine
 * alone is told so and tries again, as in the match runner. True when it
 * loses by the refusals' rule (why says the turn and the rule). */
static bool referee_hidden(struct gui_session *s, struct move_job *j, struct reply *r, char *why, size_t n)
{
    struct refusals refused;
    if (refusals_init(&refused)) {
        r->kind = REPLY_ERROR;
        snprintf(r->text, sizeof r->text, "out of memory");
        return false;
    }
    bool lost = false;
    struct turn t;
    while (!lost && r->kind == REPLY_MOVE && match_parse_turn(j->view.pos, r->move, &t) != 0) {
        lost = refusals_note(&refused, r->move, why, n) != 0;
        if (!lost) {
            char move[TURN_TEXT_LEN];
            snprintf(move, sizeof move, "%s", r->move);
            player_refused(&s->slot[j->side].p, &j->view, move, j->deadline, r);
        }
    }
    refusals_free(&refused);
    return lost;
}

static void engine_turn(struct gui_session *s)
{
    struct move_job j;
    prepare_job(s, &j);
    struct line_ctx lctx = {s, j.side, j.generation};
    bool builtin = builtin_id(j.id);
    s->busy = true;
    s->busy_builtin = builtin;
    pthread_mutex_unlock(&s->lock);
    char err[512];
    struct reply r = {0};
    int64_t start = clock_ms();
    bool started = ready_slot(s, &j, &lctx, err, sizeof err) == 0;
    if (started) {
        j.deadline += clock_ms() - start; /* the handshake is not the engine's time */
        pthread_mutex_lock(&s->lock);
        s->thinking_player = builtin ? NULL : &s->slot[j.side].p; /* now `?` may reach it */
        gui_player_started(s, j.id, &s->slot[j.side].p);
        pthread_mutex_unlock(&s->lock);
        start = clock_ms();
        player_move(&s->slot[j.side].p, &j.view, j.deadline, &r);
    }
    char why[TURN_TEXT_LEN + 64];
    bool lost = started && j.hidden && referee_hidden(s, &j, &r, why, sizeof why);
    int64_t elapsed = clock_ms() - start;
    pthread_mutex_lock(&s->lock);
    s->thinking_player = NULL;
    s->busy = false;
    s->slot[j.side].p.line_ctx = NULL;
    gui_wake(s);
    if (started && builtin && j.limits.kind == LIMIT_MOVETIME && !j.untimed)
        pace(s, &j, start + j.limits.movetime_ms); /* a watched game of built-in players stays watchable */
    if (s->generation != j.generation || s->quit) {
        s->fresh[j.side] = true; /* the game changed meanwhile: the answer is stale, the engine's game too */
        return;
    }
    if (!started) {
        error_all(s, "engine could not start", err);
        s->slot[j.side].id[0] = '\0';
        s->paused = true;
        gui_game_changed(s);
        return;
    }
    if (lost) {
        char how[TURN_TEXT_LEN + 96];
        snprintf(how, sizeof how, "loses " FAULT_WORDS_ILLEGAL ": %s", why);
        gui_side_loses(s, j.side, how);
        return;
    }
    take_reply(s, &j, &r, elapsed);
}

/* ---- The loop ------------------------------------------------------------------------------ */

void gui_tick(struct gui_session *s)
{
    if (!gui_clock_runs(s))
        return;
    Color side = s->game.pos->side;
    if (gui_player_is_human(s->player_id[side]) && gui_clock_left(s, side) <= 0) {
        s->clock_ms[side] = 0;
        gui_side_loses(s, side, "loses on time");
        return;
    }
    if (clock_ms() - s->last_broadcast_ms >= TICK_MS)
        gui_broadcast_clock(s);
}

void *gui_engine_thread(void *arg)
{
    struct gui_session *s = arg;
    pthread_mutex_lock(&s->lock);
    while (!s->quit) {
        if (engine_to_move(s))
            engine_turn(s);
        else if (gui_draw_exchange_due(s))
            gui_draw_exchange(s);
        else
            gui_wait_ms(s, 250);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

void *gui_ticker_thread(void *arg)
{
    struct gui_session *s = arg;
    pthread_mutex_lock(&s->lock);
    while (!s->quit) {
        gui_tick(s);
        gui_wait_ms(s, 250);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}
