/* CECP v2. The stdin loop runs commands under the session lock; the search
 * runs on the engine's thread and its on_done callback takes the same lock to
 * play the engine's move, so the game changes on one thread at a time. Every
 * command that changes the game first stops a running search and discards
 * its result. Output from both threads goes through the writer. */
#include "protocol/xboard.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/adjudicate.h"
#include "variants/core/fen.h"
#include "variants/core/clock.h"
#include "variants/core/platform.h"
#include "engine/hidden.h"
#include "engine/search.h"
#include "protocol/engine_options.h"
#include "protocol/game.h"
#include "protocol/options.h"
#include "protocol/command.h"
#include "variants/core/text.h"
#include "protocol/timecontrol.h"
#include "protocol/xboard_setup.h"

#define MAX_PENDING_PINGS 64
#define DEFAULT_HASH_MB 16
#define DRAW_ACCEPT_CP (-50) /* a draw offer is accepted at this score or worse, from our side */

/* SEARCH_PONDER: on the opponent's time, in the position after the move
 * we expect (ponder_turn); it becomes SEARCH_MOVE when that move comes. */
enum search_kind { SEARCH_NONE, SEARCH_MOVE, SEARCH_ANALYZE, SEARCH_PONDER };

struct xboard {
    struct writer *w;
    struct engine *engine;
    struct game game;
    pf_rmutex lock;       /* the session: game, modes, pending pings */
    pf_cond idle;         /* signalled when a search's on_done has run */
    enum search_kind searching;
    bool discard;         /* on_done must not play the result */
    bool stopping;        /* stop_search is waiting: on_done starts nothing new */
    bool ponder;          /* `hard`: think on the opponent's time */
    char ponder_turn[TURN_TEXT_LEN];
    int64_t last_think_ms; /* how long our last move took, for the clock while pondering */
    struct engine_settings settings;
    bool full_turns;      /* the GUI accepted `fullturns`: turns travel whole, in our notation */
    bool analyzing;
    bool force;
    bool game_over;
    bool quit;
    Color engine_color;
    atomic_bool post;
    atomic_bool analysis_running; /* thinking output is always sent in analysis */
    struct time_control tc;
    int pending_pings[MAX_PENDING_PINGS];
    int pending_count;
    struct search_limits *limits; /* exclusions; copied into `active` for each search */
    struct search_limits *active; /* what the running search was given */
    /* Written by on_report under the writer lock. */
    struct search_report last_report;
    bool has_hint;
    char hint[TURN_TEXT_LEN];
    /* A game played with its setting hidden (`option Shift=hidden`, engine/hidden.h):
     * the setting asked hidden, whether this game is, what we believe, and
     * our turn the referee has neither refused nor followed with a reply. */
    char hidden_option[64];
    bool hidden;
    struct hidden_belief belief;
    char pending[TURN_TEXT_LEN];
    uint64_t seed;
    /* Our hidden choice runs on a thread of its own (searching is SEARCH_MOVE
     * meanwhile), so that `?` is read while it thinks: `?` raises hidden_stop
     * and sets hurry, which keeps the next tries of this turn (after a
     * refusal) as quick, until a turn of ours stands. */
    pf_thread hidden_thread;
    bool hidden_thread_started;
    atomic_bool hidden_stop;
    bool hurry;
    struct hidden_budget hidden_budget;
    int64_t hidden_start_ms;
};

/* ---- Output ------------------------------------------------------------------ */

static void send_error(struct xboard *xb, const char *reason, const char *command)
{
    char clean[VARIANT_ERR_LEN];
    text_no_parens(reason, clean, sizeof clean);
    writer_printf(xb->w, "Error (%s): %s\n", clean, command);
}

static void send_illegal(struct xboard *xb, const char *reason, const char *move)
{
    char clean[VARIANT_ERR_LEN];
    text_no_parens(reason, clean, sizeof clean);
    writer_printf(xb->w, "Illegal move (%s): %s\n", clean, move);
}

static int xboard_score(int score)
{
    int mate = score_mate_moves(score);
    if (mate > 0)
        return 100000 + mate;
    if (mate < 0)
        return -100000 + mate;
    return score;
}

static void on_report(const struct search_report *r, void *ctx)
{
    struct xboard *xb = ctx;
    writer_begin(xb->w);
    xb->last_report = *r;
    if (atomic_load(&xb->post) || atomic_load(&xb->analysis_running))
        fprintf(xb->w->out, "%d %d %lld %llu %d %llu\t%s\n", r->depth, xboard_score(r->score),
                (long long)(r->time_ms / 10), (unsigned long long)r->nodes, r->seldepth,
                (unsigned long long)r->nps, r->pv);
    writer_end(xb->w);
}

/* Forgets the last search's score (a new game). */
static void forget_report(struct xboard *xb)
{
    writer_begin(xb->w);
    memset(&xb->last_report, 0, sizeof xb->last_report);
    writer_end(xb->w);
}

static void flush_pings(struct xboard *xb)
{
    for (int i = 0; i < xb->pending_count; i++)
        writer_printf(xb->w, "pong %d\n", xb->pending_pings[i]);
    xb->pending_count = 0;
}

/* Claims the result when the game is over; returns whether it is. */
static bool claim_if_over(struct xboard *xb)
{
    if (xb->hidden)
        return false; /* the referee knows the setting; we do not */
    struct outcome o = game_outcome(&xb->game);
    if (o.result == RESULT_NONE)
        return false;
    if (!xb->game_over)
        writer_printf(xb->w, "%s {%s}\n", result_text(o.result), o.reason ? o.reason : "Game over");
    xb->game_over = true;
    return true;
}

/* ---- Searching ----------------------------------------------------------------- */

/* A turn as this GUI reads it: XBoard's forms (a locust capture, a pass for a
 * dialectic move), unless the GUI accepted whole turns in our notation. */
static void turn_for_gui(const struct xboard *xb, const char *turn_text, char *out, size_t n)
{
    const struct game *g = &xb->game;
    snprintf(out, n, "%s", turn_text);
    xboard_text_fn to_xboard = game_of(g->variant)->xboard_move;
    if (to_xboard && !xb->full_turns)
        to_xboard(g->pos, turn_text, out, n);
}

static void play_engine_move(struct xboard *xb, const struct search_result *r)
{
    struct game *g = &xb->game;
    if (!r->has_move) {
        claim_if_over(xb);
        return;
    }
    char text[TURN_TEXT_LEN];
    turn_for_gui(xb, r->best.text, text, sizeof text);
    char err[VARIANT_ERR_LEN];
    if (game_play(g, &r->best, err, sizeof err)) {
        writer_printf(xb->w, "1/2-1/2 {%s}\n", "Game too long");
        xb->game_over = true;
        return;
    }
    writer_printf(xb->w, "move %s\n", text);
    xb->has_hint = r->has_ponder;
    if (r->has_ponder)
        snprintf(xb->hint, sizeof xb->hint, "%s", r->ponder.text);
    claim_if_over(xb);
}

static void start_ponder(struct xboard *xb);

static void on_done(const struct search_result *r, void *ctx)
{
    struct xboard *xb = ctx;
    pf_rmutex_lock(&xb->lock);
    bool moved = xb->searching == SEARCH_MOVE && !xb->discard;
    if (moved) {
        xb->last_think_ms = r->time_ms;
        play_engine_move(xb, r);
    }
    xb->searching = SEARCH_NONE;
    flush_pings(xb);
    if (moved && !xb->stopping)
        start_ponder(xb);
    pf_cond_broadcast(&xb->idle);
    pf_rmutex_unlock(&xb->lock);
}

/* The thread of our last hidden choice, which has said its turn (searching
 * is SEARCH_NONE) and ends: joined. */
static void join_hidden(struct xboard *xb)
{
    if (xb->hidden_thread_started)
        pf_thread_join(&xb->hidden_thread);
    xb->hidden_thread_started = false;
}

/* Stops a running search (or hidden choice) and waits for its on_done; with
 * `discard` its move is dropped. */
static void stop_search(struct xboard *xb, bool discard)
{
    if (xb->searching != SEARCH_NONE) {
        xb->discard = discard;
        xb->stopping = true;
        atomic_store(&xb->hidden_stop, true);
        engine_stop(xb->engine);
        while (xb->searching != SEARCH_NONE)
            pf_cond_wait_r(&xb->idle, &xb->lock);
        engine_wait(xb->engine);
        xb->stopping = false;
    }
    join_hidden(xb);
}

/* Our clock after the move we just made, as XBoard's will read: the last
 * `time` less what the move took, plus the increment. */
static struct time_control clock_after_our_move(const struct xboard *xb)
{
    struct time_control tc = xb->tc;
    if (tc.own_ms >= 0) {
        tc.own_ms -= xb->last_think_ms;
        if (tc.own_ms < 1)
            tc.own_ms = 1;
        tc.own_ms += tc.inc_ms;
    }
    return tc;
}

static void start_search(struct xboard *xb, enum search_kind kind)
{
    struct search_limits *l = xb->active;
    search_limits_init(l);
    l->excluded_count = xb->limits->excluded_count;
    memcpy(l->excluded, xb->limits->excluded, sizeof l->excluded);
    l->multipv = xb->settings.multipv;
    l->move_overhead_ms = xb->settings.move_overhead_ms;
    if (kind == SEARCH_ANALYZE) {
        l->infinite = true;
    } else if (kind == SEARCH_PONDER) {
        struct time_control tc = clock_after_our_move(xb);
        tc_limits(&tc, xb->engine_color, game_turns_by(&xb->game, xb->engine_color), l);
        l->ponder = true;
        l->multipv = 1;
    } else {
        tc_limits(&xb->tc, xb->engine_color, game_turns_by(&xb->game, xb->engine_color), l);
        l->multipv = 1;
    }
    struct search_callbacks cb = {on_report, on_done, xb};
    xb->searching = kind;
    xb->discard = false;
    atomic_store(&xb->analysis_running, kind == SEARCH_ANALYZE);
    writer_begin(xb->w);
    memset(&xb->last_report, 0, sizeof xb->last_report);
    writer_end(xb->w);
    engine_wait(xb->engine);
    engine_search_async(xb->engine, xb->game.pos, l, &cb);
}

/* Analysing an ended game: no search can change its score, so it is posted
 * at once, at the greatest depth (a host waiting for a depth has it), with
 * the result line Fairy-Stockfish sends there. */
static void post_ended_game(struct xboard *xb, struct outcome o)
{
    int score = 0;
    if (o.result != RESULT_DRAW)
        score = (o.result == RESULT_WHITE_WINS) == (xb->game.pos->side == WHITE) ? 100000 : -100000;
    writer_printf(xb->w, "%d %d 0 0 0 0\t\n%s {%s}\n", MAX_SEARCH_DEPTH, score, result_text(o.result),
                  o.reason ? o.reason : "Game over");
}

/* ---- A game with a hidden setting ------------------------------------------------- */

/* The game as we see it: the position the belief holds, under one value
 * still consistent (so the side to move and `d` read right). */
static void hidden_sync_game(struct xboard *xb)
{
    char value[GAME_OPTION_LEN], err[VARIANT_ERR_LEN];
    const struct variant *v = xb->game.variant;
    if (hidden_belief_value(&xb->belief, 0, value, sizeof value) ||
        game_set_option(&xb->game, v->hidden->option, value, err, sizeof err) ||
        game_new(&xb->game, v, xb->belief.fen, err, sizeof err))
        send_error(xb, "the hidden game's position reads under no value", "hidden");
}

/* After a new game, variant, position or setting: is it played hidden? */
static void hidden_restart(struct xboard *xb)
{
    const struct variant *v = xb->game.variant;
    stop_search(xb, true); /* a hidden choice reads the belief */
    if (xb->hidden)
        hidden_belief_free(&xb->belief);
    xb->pending[0] = '\0';
    xb->hurry = false;
    xb->hidden = xb->hidden_option[0] && v->hidden && strcasecmp(v->hidden->option, xb->hidden_option) == 0;
    if (!xb->hidden)
        return;
    char fen[FEN_MAX_LEN], err[VARIANT_ERR_LEN];
    fen_write(xb->game.pos, fen, sizeof fen);
    if (hidden_belief_start(&xb->belief, v, fen, err, sizeof err)) {
        xb->hidden = false;
        send_error(xb, err, "variant");
    }
}

/* Thinking output of a hidden choice (with `post`), a line per drawn value
 * counted: their number as the depth, the best turn's mean score, the turn.
 * (A host that sends `?` again at a search's first line, as the games
 * server does, so reaches us when its first `?` came before our turn.) */
static void hidden_progress(int samples, int score, const char *best, void *ctx)
{
    struct xboard *xb = ctx;
    if (atomic_load(&xb->post))
        writer_printf(xb->w, "%d %d %lld 0 0 0\t%s\n", samples, xboard_score(score),
                      (long long)((clock_ms() - xb->hidden_start_ms) / 10), best);
}

/* The hidden choice (on its thread): the turn chosen is sent and kept
 * pending until the referee answers, unless a command discarded it. */
static void hidden_think(void *arg)
{
    struct xboard *xb = arg;
    char text[TURN_TEXT_LEN];
    int rc = hidden_choose(&xb->belief, xb->engine, &xb->hidden_budget, xb->seed, text, sizeof text);
    pf_rmutex_lock(&xb->lock);
    if (!xb->discard && rc < 0)
        send_error(xb, "out of memory", "go");
    else if (!xb->discard && rc == 0)
        writer_printf(xb->w, "resign\n"); /* no value still consistent leaves us a turn */
    else if (!xb->discard) {
        snprintf(xb->pending, sizeof xb->pending, "%s", text);
        writer_printf(xb->w, "move %s\n", text);
    }
    xb->searching = SEARCH_NONE;
    flush_pings(xb);
    pf_cond_broadcast(&xb->idle);
    pf_rmutex_unlock(&xb->lock);
}

/* Our turn in a hidden game: sampled (engine/hidden.h) within the clock's
 * share, on a thread of its own where the platform has threads (else now). */
static void hidden_move(struct xboard *xb)
{
    struct search_limits *l = xb->active;
    search_limits_init(l);
    int made = game_turns_by(&xb->game, xb->engine_color);
    tc_limits(&xb->tc, xb->engine_color, made, l);
    struct hidden_budget budget = {
        .nodes = l->nodes, .depth = l->depth, .stop = &xb->hidden_stop, .on_sample = hidden_progress, .ctx = xb};
    if (!l->nodes)
        budget.time_ms = tc_move_budget_ms(&xb->tc, made);
    hidden_belief_to_move(&xb->belief); /* asked to move: the game goes on under the hidden shift */
    join_hidden(xb);
    xb->hidden_budget = budget;
    xb->hidden_start_ms = clock_ms();
    atomic_store(&xb->hidden_stop, xb->hurry); /* `?` came this turn: choose at once again */
    xb->searching = SEARCH_MOVE;
    xb->discard = false;
    if (PF_THREADS && pf_thread_start(&xb->hidden_thread, hidden_think, xb, HIDDEN_STACK_BYTES) == 0)
        xb->hidden_thread_started = true;
    else
        hidden_think(xb);
}

/* A turn played in the hidden game (ours confirmed first when pending):
 * false when no consistent value allows it. */
static bool hidden_played(struct xboard *xb, const char *text)
{
    if (xb->pending[0] && hidden_belief_played(&xb->belief, xb->pending) == 0)
        hidden_sync_game(xb);
    xb->pending[0] = '\0';
    xb->hurry = false; /* our turn stood */
    if (hidden_belief_played(&xb->belief, text))
        return false;
    hidden_sync_game(xb);
    return true;
}

/* The referee's `Illegal move (no such turn): M` for our pending turn M:
 * the values that allow M go, and we choose again. */
static void cmd_refused(void *session, char *args)
{
    struct xboard *xb = session;
    const char *colon = strrchr(args, ':');
    const char *move = colon ? text_trim((char *)colon + 1) : "";
    if (!xb->hidden || !xb->pending[0] || strcmp(move, xb->pending) != 0)
        return; /* not a refusal of our turn: nothing to learn */
    xb->pending[0] = '\0';
    if (hidden_belief_refused(&xb->belief, move)) {
        send_error(xb, "every value still consistent allows the refused turn", "Illegal move");
        return;
    }
    hidden_sync_game(xb);
    if (!xb->force && xb->game.pos->side == xb->engine_color)
        hidden_move(xb);
}

/* After the position changed: think if it is now the engine's turn. */
static void think_if_engine_to_move(struct xboard *xb)
{
    if (xb->hidden) { /* no analysis or pondering: the position is not known */
        if (!xb->analyzing && !xb->force && !xb->pending[0] && xb->game.pos->side == xb->engine_color)
            hidden_move(xb);
        return;
    }
    if (xb->analyzing) {
        struct outcome o = game_outcome(&xb->game);
        if (o.result == RESULT_NONE)
            start_search(xb, SEARCH_ANALYZE);
        else
            post_ended_game(xb, o);
        return;
    }
    if (xb->force || xb->game.pos->side != xb->engine_color)
        return;
    if (claim_if_over(xb))
        return;
    start_search(xb, SEARCH_MOVE);
}

static void position_changed(struct xboard *xb)
{
    xb->limits->excluded_count = 0;
    xb->has_hint = false;
}

/* After our move, with `hard`: search the position after the reply we expect. */
static void start_ponder(struct xboard *xb)
{
    if (xb->hidden || !xb->ponder || !xb->has_hint || xb->force || xb->analyzing || xb->game_over)
        return;
    struct turn t;
    char err[VARIANT_ERR_LEN];
    if (game_find_turn(&xb->game, xb->hint, &t, err, sizeof err) || game_play(&xb->game, &t, err, sizeof err))
        return;
    if (game_outcome(&xb->game).result == RESULT_NONE) {
        snprintf(xb->ponder_turn, sizeof xb->ponder_turn, "%s", t.text);
        xb->limits->excluded_count = 0;
        start_search(xb, SEARCH_PONDER);
    }
    game_undo(&xb->game);
}

/* The opponent played the move we ponder on: that search is now our move. */
static bool ponder_hit(struct xboard *xb, const struct turn *t)
{
    if (xb->searching != SEARCH_PONDER || strcmp(t->text, xb->ponder_turn) != 0)
        return false;
    char err[VARIANT_ERR_LEN];
    if (game_play(&xb->game, t, err, sizeof err))
        return false;
    position_changed(xb);
    xb->searching = SEARCH_MOVE;
    engine_ponderhit(xb->engine);
    return true;
}

/* ---- Features -------------------------------------------------------------------- */

static void send_option_feature(struct xboard *xb, const struct variant_option *o)
{
    char line[1024];
    if (strcmp(o->type, "spin") == 0)
        snprintf(line, sizeof line, "%s -spin %s %s", o->name, o->default_value, o->choices ? o->choices : "0 0");
    else if (strcmp(o->type, "check") == 0)
        snprintf(line, sizeof line, "%s -check %d", o->name, options_check_on(o->default_value));
    else if (strcmp(o->type, "combo") == 0) {
        /* Mark the default with '*'. */
        size_t len = (size_t)snprintf(line, sizeof line, "%s -combo", o->name);
        char choices[512];
        snprintf(choices, sizeof choices, "%s", o->choices ? o->choices : "");
        char *rest = choices;
        bool first = true;
        while (rest && *rest && len < sizeof line) {
            char *sep = strstr(rest, "///");
            if (sep)
                *sep = '\0';
            char *item = text_trim(rest);
            len += (size_t)snprintf(line + len, sizeof line - len, "%s %s%s", first ? "" : " ///",
                                    strcmp(item, o->default_value) == 0 ? "*" : "", item);
            first = false;
            rest = sep ? sep + 3 : NULL;
        }
    } else
        snprintf(line, sizeof line, "%s -string %s", o->name, o->default_value ? o->default_value : "");
    writer_printf(xb->w, "feature option=\"%s\"\n", line);
}

/* The ids of every game, those of game files too, as `feature variants` lists them. */
static void variant_list(char *variants, size_t n)
{
    size_t len = 0;
    variants[0] = '\0';
    for (int i = 0; i < variant_count() && len < n; i++)
        len += (size_t)snprintf(variants + len, n - len, "%s%s", i ? "," : "", variant_at(i)->id);
}

/* With the built-in networks in force, which evaluation the game gets and why. */
static void say_builtin_eval(struct xboard *xb)
{
    char eval[VARIANT_ERR_LEN];
    if (engine_settings_builtin_note(xb->engine, xb->game.variant, xb->game.settings.rules, eval, sizeof eval))
        writer_printf(xb->w, "# %s\n", eval);
}

static void cmd_protover(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    writer_printf(xb->w, "feature done=0\n");
    char variants[2048];
    variant_list(variants, sizeof variants);
    writer_printf(xb->w,
                  "feature ping=1 setboard=1 usermove=1 playother=1 colors=0 sigint=0 sigterm=0 reuse=1 "
                  "analyze=1 time=1 nps=1 draw=1 memory=1 smp=1 exclude=1 highlight=1 debug=1 fullturns=1 "
                  "myname=\"Rule Zero %s\" "
                  "variants=\"%s\"\n",
                  RULEZERO_VERSION, variants);
    for (const struct engine_option *eo = engine_options(); eo->o.name; eo++)
        if (eo->protocols & ENGINE_OPTION_CECP)
            send_option_feature(xb, &eo->o);
    const struct variant_option *opts[MAX_LISTED_OPTIONS];
    int n = options_collect(opts, MAX_LISTED_OPTIONS);
    for (int i = 0; i < n; i++)
        send_option_feature(xb, opts[i]);
    if (engine_network(xb->engine)) {
        char eval[VARIANT_ERR_LEN];
        engine_settings_describe_eval(xb->engine, eval, sizeof eval);
        writer_printf(xb->w, "# %s\n", eval);
    } else {
        say_builtin_eval(xb);
    }
    writer_printf(xb->w, "feature done=1\n");
}

/* ---- Game commands ------------------------------------------------------------------ */

static void cmd_new(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    char err[VARIANT_ERR_LEN];
    game_new(&xb->game, variant_find("normal"), NULL, err, sizeof err);
    engine_clear(xb->engine);
    forget_report(xb);
    xb->force = false;
    xb->game_over = false;
    xb->engine_color = BLACK;
    xb->tc.depth = 0;
    xb->tc.own_ms = xb->tc.opp_ms = -1;
    position_changed(xb);
    hidden_restart(xb);
    if (xb->analyzing)
        think_if_engine_to_move(xb);
}

static void cmd_variant(void *session, char *args)
{
    struct xboard *xb = session;
    const struct variant *v = variant_find(args);
    if (!v) {
        send_error(xb, "unsupported variant", "variant");
        return;
    }
    stop_search(xb, true);
    char err[VARIANT_ERR_LEN];
    if (game_new(&xb->game, v, NULL, err, sizeof err)) {
        send_error(xb, err, "variant");
        return;
    }
    forget_report(xb);
    xb->game_over = false;
    position_changed(xb);
    hidden_restart(xb);
    if (engine_settings_eval_mismatch(xb->engine, v, err, sizeof err))
        writer_printf(xb->w, "# %s\n", err);
    else
        say_builtin_eval(xb);
    if (game_of(v)->xboard) {
        char setup[FEN_MAX_LEN + 256];
        if (xboard_setup_line(xb->game.pos, setup, sizeof setup))
            writer_printf(xb->w, "%s", setup);
        char pieces[XBOARD_PIECE_LINES_LEN];
        if (xboard_piece_lines(xb->game.pos, pieces, sizeof pieces))
            writer_printf(xb->w, "%s", pieces);
        if (game_of(v)->xboard->limits)
            writer_printf(xb->w, "telluser %s\n", game_of(v)->xboard->limits);
    }
    if (xb->analyzing)
        think_if_engine_to_move(xb);
}

static void cmd_force(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->force = true;
}

static void cmd_go(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->force = false;
    xb->engine_color = xb->game.pos->side;
    think_if_engine_to_move(xb);
}

static void cmd_playother(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->force = false;
    xb->engine_color = xb->game.pos->side ^ 1;
}

static void cmd_move_now(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    if (xb->searching != SEARCH_MOVE)
        return;
    xb->hurry = xb->hidden;
    stop_search(xb, false);
}

/* Finds the turn XBoard wrote as `text` in the current position. */
static int parse_xboard_turn(struct xboard *xb, const char *text, struct turn *t, char *err, size_t errlen)
{
    struct game *g = &xb->game;
    char ours[TURN_TEXT_LEN];
    snprintf(ours, sizeof ours, "%s", text);
    xboard_text_fn from_xboard = game_of(g->variant)->xboard_parse;
    if (from_xboard && !xb->full_turns)
        from_xboard(g->pos, text, ours, sizeof ours);
    return game_find_turn(g, ours, t, err, errlen);
}

static void cmd_usermove(void *session, char *args)
{
    struct xboard *xb = session;
    char *text = text_trim(args);
    struct turn t;
    char err[VARIANT_ERR_LEN];
    if (xb->searching == SEARCH_PONDER && *text && parse_xboard_turn(xb, text, &t, err, sizeof err) == 0 &&
        ponder_hit(xb, &t))
        return;
    stop_search(xb, true);
    if (xb->hidden) {
        if (!hidden_played(xb, text))
            send_illegal(xb, "no such turn", text);
        else
            think_if_engine_to_move(xb);
        return;
    }
    if (*text == '\0' || parse_xboard_turn(xb, text, &t, err, sizeof err) ||
        game_play(&xb->game, &t, err, sizeof err)) {
        send_illegal(xb, *text ? err : "no move given", text);
        if (xb->analyzing)
            think_if_engine_to_move(xb);
        return;
    }
    position_changed(xb);
    if (!xb->analyzing && game_outcome(&xb->game).result != RESULT_NONE) {
        if (!xb->force)
            claim_if_over(xb);
        return;
    }
    think_if_engine_to_move(xb);
}

static void cmd_setboard(void *session, char *args)
{
    struct xboard *xb = session;
    stop_search(xb, true);
    char err[VARIANT_ERR_LEN];
    if (game_new(&xb->game, xb->game.variant, text_trim(args), err, sizeof err)) {
        send_error(xb, err, "setboard");
        if (xb->analyzing)
            think_if_engine_to_move(xb);
        return;
    }
    forget_report(xb);
    xb->game_over = false;
    position_changed(xb);
    hidden_restart(xb);
    think_if_engine_to_move(xb);
}

static void take_back(struct xboard *xb, int turns, const char *command)
{
    stop_search(xb, true);
    if (xb->hidden) {
        send_error(xb, "no take-back in a game with a hidden setting", command);
        return;
    }
    if (xb->game.count < turns) {
        send_error(xb, "no turn to take back", command);
        return;
    }
    for (int i = 0; i < turns; i++)
        game_undo(&xb->game);
    xb->game_over = false;
    position_changed(xb);
    if (xb->analyzing)
        think_if_engine_to_move(xb);
}

static void cmd_undo(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    take_back(xb, 1, "undo");
}

static void cmd_remove(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    take_back(xb, 2, "remove");
}

static void cmd_result(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->game_over = true;
    xb->pending[0] = '\0';
}

/* ---- Time ------------------------------------------------------------------------------ */

static void cmd_level(void *session, char *args)
{
    struct xboard *xb = session;
    if (tc_parse_level(&xb->tc, args))
        send_error(xb, "expected level MPS BASE INC", "level");
}

/* A number of a command (decimals allowed, see tc_number) into *out, in
 * units of 1/scale; `Error (bad number)` and no change when it is not one. */
static void set_number(struct xboard *xb, const char *args, const char *command, double scale, int64_t hi,
                       int64_t *out)
{
    int64_t n;
    if (tc_number(text_trim((char *)args), scale, hi, &n))
        send_error(xb, "bad number", command);
    else
        *out = n;
}

/* `st SECONDS`: fixed time per move (0: none). */
static void cmd_st(void *session, char *args)
{
    struct xboard *xb = session;
    set_number(xb, args, "st", 1000.0, TC_MAX_MS, &xb->tc.st_ms);
}

static void cmd_sd(void *session, char *args)
{
    struct xboard *xb = session;
    int64_t d = xb->tc.depth;
    set_number(xb, args, "sd", 1.0, MAX_SEARCH_DEPTH, &d);
    xb->tc.depth = (int)d;
}

static void cmd_nps(void *session, char *args)
{
    struct xboard *xb = session;
    set_number(xb, args, "nps", 1.0, INT64_C(1) << 40, &xb->tc.nps);
}

/* `time CENTISECONDS`, `otim CENTISECONDS`: the clocks, kept in milliseconds. */
static void cmd_time(void *session, char *args)
{
    struct xboard *xb = session;
    set_number(xb, args, "time", 10.0, TC_MAX_MS, &xb->tc.own_ms);
}

static void cmd_otim(void *session, char *args)
{
    struct xboard *xb = session;
    set_number(xb, args, "otim", 10.0, TC_MAX_MS, &xb->tc.opp_ms);
}

/* ---- Other commands ------------------------------------------------------------------------ */

static void cmd_ping(void *session, char *args)
{
    struct xboard *xb = session;
    int64_t n;
    if (text_int64(text_trim(args), INT32_MIN, INT32_MAX, &n)) {
        send_error(xb, "bad number", "ping");
        return;
    }
    if (xb->searching == SEARCH_MOVE && xb->pending_count < MAX_PENDING_PINGS)
        xb->pending_pings[xb->pending_count++] = (int)n;
    else
        writer_printf(xb->w, "pong %d\n", (int)n);
}

static void cmd_post(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    atomic_store(&xb->post, true);
}

static void cmd_nopost(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    atomic_store(&xb->post, false);
}

static void cmd_analyze(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->analyzing = true;
    think_if_engine_to_move(xb);
}

static void cmd_exit(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    if (!xb->analyzing) {
        send_error(xb, "not analyzing", "exit");
        return;
    }
    stop_search(xb, true);
    xb->analyzing = false;
}

static void cmd_stat(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    if (!xb->analyzing)
        return;
    uint64_t total = count_turns(xb->game.pos);
    writer_begin(xb->w);
    const struct search_report *r = &xb->last_report;
    fprintf(xb->w->out, "stat01: %lld %llu %d %llu %llu\n", (long long)(r->time_ms / 10),
            (unsigned long long)r->nodes, r->depth, (unsigned long long)total, (unsigned long long)total);
    writer_end(xb->w);
}

static void cmd_hint(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    struct turn t;
    char err[VARIANT_ERR_LEN];
    if (!xb->has_hint || game_find_turn(&xb->game, xb->hint, &t, err, sizeof err))
        return;
    char text[TURN_TEXT_LEN];
    turn_for_gui(xb, t.text, text, sizeof text);
    writer_printf(xb->w, "Hint: %s\n", text);
}

/* Not in CECP (Fairy-Stockfish offers the same): the game's FEN and the
 * number of turns played, as `#` lines that XBoard ignores. */
static void cmd_show(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    char fen[FEN_MAX_LEN];
    fen_write(xb->game.pos, fen, sizeof fen);
    writer_printf(xb->w, "# variant %s\n# fen %s\n", xb->game.variant->id, fen);
}

static void cmd_bk(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    writer_printf(xb->w, " Rule Zero has no opening book.\n\n");
}

static void cmd_memory(void *session, char *args)
{
    struct xboard *xb = session;
    int64_t mb;
    if (tc_number(text_trim(args), 1.0, 1 << 20, &mb) || mb < 1) {
        send_error(xb, "bad number", "memory");
        return;
    }
    stop_search(xb, true);
    if (engine_set_hash(xb->engine, (size_t)mb))
        send_error(xb, "cannot allocate the hash table", "memory");
}

/* Stops what runs, applies a change, and starts again what must go on. */
static void restart_after(struct xboard *xb, enum search_kind was)
{
    if (xb->analyzing || was == SEARCH_MOVE)
        think_if_engine_to_move(xb);
}

/* An engine option (`cores`, `option MultiPV=`, `option Skill=`): 1 when `name` is none. */
static int set_engine_option(struct xboard *xb, const char *name, const char *value, const char *command)
{
    enum search_kind was = xb->searching;
    stop_search(xb, true);
    char err[VARIANT_ERR_LEN];
    xb->settings.variant = xb->game.variant;
    xb->settings.rules = xb->game.settings.rules;
    int games = variant_count();
    int rc = engine_settings_set(&xb->settings, xb->engine, name, value, err, sizeof err);
    if (rc < 0)
        send_error(xb, err, command);
    else if (rc == 0 && xb->settings.note[0])
        writer_printf(xb->w, "# %s\n", xb->settings.note);
    if (variant_count() != games) { /* VariantPath: the games of the file join the list */
        char variants[2048];
        variant_list(variants, sizeof variants);
        writer_printf(xb->w, "feature variants=\"%s\"\n", variants);
    }
    if (rc <= 0)
        restart_after(xb, was);
    return rc;
}

/* `cores N` (decimals rounded); what is not a count goes on as written, for
 * the Threads setting's own error. */
static void cmd_cores(void *session, char *args)
{
    struct xboard *xb = session;
    char *text = text_trim(args);
    int64_t n;
    char threads[32];
    if (tc_number(text, 1.0, INT32_MAX, &n) == 0) {
        snprintf(threads, sizeof threads, "%lld", (long long)n);
        text = threads;
    }
    set_engine_option(xb, "Threads", text, "cores");
}

static void cmd_hard(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    xb->ponder = true;
}

static void cmd_easy(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    xb->ponder = false;
    if (xb->searching == SEARCH_PONDER)
        stop_search(xb, true);
}

static void cmd_option(void *session, char *args)
{
    struct xboard *xb = session;
    char *eq = strchr(args, '=');
    const char *value = "";
    if (eq) {
        *eq = '\0';
        value = eq + 1;
    }
    char *name = text_trim(args);
    if (set_engine_option(xb, name, value, "option") <= 0)
        return;
    if (strcmp(value, HIDDEN_VALUE) == 0 && hidden_setting_named(name)) {
        snprintf(xb->hidden_option, sizeof xb->hidden_option, "%s", name); /* a game of it is played hidden */
        hidden_restart(xb);
        return;
    }
    if (strcasecmp(name, xb->hidden_option) == 0)
        xb->hidden_option[0] = '\0'; /* a value given: no longer hidden */
    /* XBoard sends check options as 1/0; the variants read true/false (as UCI sends them). */
    const struct variant_option *opts[MAX_LISTED_OPTIONS];
    int n = options_collect(opts, MAX_LISTED_OPTIONS);
    for (int i = 0; i < n; i++)
        if (strcasecmp(opts[i]->name, name) == 0 && strcmp(opts[i]->type, "check") == 0)
            value = options_check_on(value) ? "true" : "false";
    stop_search(xb, true);
    char err[VARIANT_ERR_LEN];
    if (game_set_option(&xb->game, name, value, err, sizeof err))
        send_error(xb, err, "option");
    else
        say_builtin_eval(xb);
    if (xb->hidden && !xb->hidden_option[0])
        hidden_restart(xb);
    if (xb->analyzing)
        think_if_engine_to_move(xb);
}

static void exclude_turn(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct search_limits *l = ctx;
    if (l->excluded_count < MAX_EXCLUDED)
        snprintf(l->excluded[l->excluded_count++], TURN_TEXT_LEN, "%s", t->text);
}

/* `exclude MOVE|all`, `include MOVE|all`: the root turns the search skips. */
static void exclusion(struct xboard *xb, char *args, bool exclude)
{
    char *text = text_trim(args);
    struct search_limits *l = xb->limits;
    bool was_analyzing = xb->searching == SEARCH_ANALYZE;
    if (was_analyzing)
        stop_search(xb, true);
    if (strcmp(text, "all") == 0) {
        l->excluded_count = 0;
        if (exclude)
            for_each_turn(xb->game.pos, exclude_turn, l);
    } else {
        struct turn t;
        char err[VARIANT_ERR_LEN];
        if (parse_xboard_turn(xb, text, &t, err, sizeof err)) {
            send_illegal(xb, err, text);
        } else {
            int found = -1;
            for (int i = 0; i < l->excluded_count; i++)
                if (strcmp(l->excluded[i], t.text) == 0)
                    found = i;
            if (exclude && found < 0 && l->excluded_count < MAX_EXCLUDED)
                snprintf(l->excluded[l->excluded_count++], TURN_TEXT_LEN, "%s", t.text);
            if (!exclude && found >= 0)
                memcpy(l->excluded[found], l->excluded[--l->excluded_count], TURN_TEXT_LEN);
        }
    }
    if (was_analyzing)
        think_if_engine_to_move(xb);
}

static void cmd_exclude(void *session, char *args)
{
    struct xboard *xb = session;
    exclusion(xb, args, true);
}
static void cmd_include(void *session, char *args)
{
    struct xboard *xb = session;
    exclusion(xb, args, false);
}

/* `lift SQ`: mark the targets of the piece there, from our own generator. */
static void cmd_lift(void *session, char *args)
{
    struct xboard *xb = session;
    const struct geometry *geo = &xb->game.variant->geo;
    const char *p = text_trim(args);
    Square from = geo_parse_square(geo, &p);
    if (from == NO_SQUARE || *p) {
        send_error(xb, "bad square", "lift");
        return;
    }
    char marks[BOARD_MAX_RANKS][BOARD_MAX_COLS];
    memset(marks, 0, sizeof marks);
    struct position *pos = xb->game.pos;
    struct move_list list;
    xb->game.variant->generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        Square to = move_to(m);
        if (move_from(m) != from || move_kind(m) == MK_DROP || !geo_on_board(geo, to))
            continue;
        char *mark = &marks[square_rank(to)][geo_file(geo, to)];
        char c = move_kind(m) == MK_PROMOTION ? 'M' : xb->game.variant->is_capture(pos, m) ? 'R' : 'Y';
        if (*mark != 'M' && !(*mark == 'R' && c == 'Y'))
            *mark = c;
    }
    char out[512];
    size_t len = 0;
    for (int rank = geo->ranks - 1; rank >= 0; rank--) {
        int empties = 0;
        for (int file = 0; file < geo->files; file++) {
            if (!marks[rank][file]) {
                empties++;
                continue;
            }
            if (empties)
                len += (size_t)snprintf(out + len, sizeof out - len, "%d", empties);
            empties = 0;
            len += (size_t)snprintf(out + len, sizeof out - len, "%c", marks[rank][file]);
        }
        if (empties)
            len += (size_t)snprintf(out + len, sizeof out - len, "%d", empties);
        if (rank > 0)
            len += (size_t)snprintf(out + len, sizeof out - len, "/");
    }
    writer_printf(xb->w, "highlight %s\n", out);
}

/* `fullturns` is ours: XBoard rejects a feature it does not know and keeps
 * getting its own forms; a GUI that accepts it gets every turn whole. */
static void cmd_accepted(void *session, char *args)
{
    struct xboard *xb = session;
    if (strcmp(text_trim(args), "fullturns") == 0)
        xb->full_turns = true;
}

/* How good the game looks to us: the score of our latest search (it searched
 * for our side, thinking or pondering), or, before we have searched in this
 * game, the static evaluation of the position. */
static int own_score(struct xboard *xb)
{
    writer_begin(xb->w);
    struct search_report r = xb->last_report;
    writer_end(xb->w);
    if (r.depth > 0)
        return r.score;
    const struct position *pos = xb->game.pos;
    int eval = pos->variant->evaluate(pos);
    return pos->side == xb->engine_color ? eval : -eval;
}

/* `draw`: the opponent offers a draw. We accept (`offer draw`, as CECP has
 * it) when a draw is not worse for us than playing on: our score is
 * DRAW_ACCEPT_CP or lower. Otherwise we say nothing, which declines. */
static void cmd_draw(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    if (xb->game_over || xb->analyzing || xb->force)
        return;
    if (own_score(xb) <= DRAW_ACCEPT_CP)
        writer_printf(xb->w, "offer draw\n");
}

static void cmd_ignore(void *session, char *args)
{
    (void)session;
    (void)args;
}

static void cmd_quit(void *session, char *args)
{
    struct xboard *xb = session;
    (void)args;
    stop_search(xb, true);
    xb->quit = true;
}

/* Not a command: without the usermove prefix, a move if it is one. */
static void other_line(void *session, char *name, char *rest, char *whole)
{
    struct xboard *xb = session;
    struct turn t;
    char err[VARIANT_ERR_LEN];
    if (*rest == '\0' && parse_xboard_turn(xb, name, &t, err, sizeof err) == 0) {
        cmd_usermove(xb, name);
        return;
    }
    send_error(xb, "unknown command", whole);
}

static const struct command commands[] = {
    {"protover", cmd_protover}, {"new", cmd_new},       {"variant", cmd_variant},   {"force", cmd_force},
    {"go", cmd_go},             {"playother", cmd_playother}, {"level", cmd_level},   {"st", cmd_st},
    {"sd", cmd_sd},             {"nps", cmd_nps},       {"time", cmd_time},         {"otim", cmd_otim},
    {"usermove", cmd_usermove}, {"?", cmd_move_now},    {"ping", cmd_ping},         {"draw", cmd_draw},
    {"result", cmd_result},     {"setboard", cmd_setboard}, {"undo", cmd_undo},     {"remove", cmd_remove},
    {"hard", cmd_hard},         {"easy", cmd_easy},   {"post", cmd_post},         {"nopost", cmd_nopost},
    {"analyze", cmd_analyze},   {"exit", cmd_exit},     {".", cmd_stat},            {"hint", cmd_hint},
    {"bk", cmd_bk}, {"d", cmd_show},             {"name", cmd_ignore},   {"rating", cmd_ignore},     {"computer", cmd_ignore},
    {"random", cmd_ignore},     {"ics", cmd_ignore},    {"memory", cmd_memory},     {"cores", cmd_cores},
    {"egtpath", cmd_ignore},    {"option", cmd_option}, {"exclude", cmd_exclude},   {"include", cmd_include},
    {"lift", cmd_lift},         {"put", cmd_ignore},    {"hover", cmd_ignore},      {"quit", cmd_quit},
    {"accepted", cmd_accepted},   {"rejected", cmd_ignore}, {"xboard", cmd_ignore},   {"pause", cmd_ignore},
    {"resume", cmd_ignore},     {"Illegal", cmd_refused},
};

static const struct command_table xboard_commands = {commands, sizeof commands / sizeof commands[0], other_line};

static void xboard_destroy(struct xboard *xb)
{
    if (xb->hidden)
        hidden_belief_free(&xb->belief);
    engine_free(xb->engine);
    game_free(&xb->game);
    free(xb->limits);
    free(xb->active);
    free(xb);
}

struct xboard *xboard_new(struct writer *w, const struct session_options *opts)
{
    struct xboard *xb = calloc(1, sizeof *xb);
    if (!xb)
        return NULL;
    xb->limits = calloc(1, sizeof *xb->limits);
    xb->active = calloc(1, sizeof *xb->active);
    xb->engine = session_engine_new(opts, DEFAULT_HASH_MB);
    bool game_ready = game_init(&xb->game) == 0;
    if (!xb->limits || !xb->active || !xb->engine || !game_ready || session_apply_settings(opts, &xb->game)) {
        if (!game_ready)
            memset(&xb->game, 0, sizeof xb->game);
        xboard_destroy(xb);
        return NULL;
    }
    pf_ignore_interrupt();
    xb->w = w;
    xb->engine_color = BLACK;
    xb->seed = opts->seed;
    atomic_init(&xb->post, false);
    atomic_init(&xb->analysis_running, false);
    atomic_init(&xb->hidden_stop, false);
    tc_init(&xb->tc);
    engine_settings_init(&xb->settings);
    char err[VARIANT_ERR_LEN];
    session_engine_options(opts, &xb->settings, xb->engine, err, sizeof err); /* checked by the command line */
    pf_rmutex_init(&xb->lock);
    pf_cond_init(&xb->idle);
    return xb;
}

bool xboard_line(struct xboard *xb, char *line)
{
    pf_rmutex_lock(&xb->lock);
    if (!xb->quit)
        command_dispatch(&xboard_commands, xb, line);
    bool more = !xb->quit;
    pf_rmutex_unlock(&xb->lock);
    return more;
}

static bool xboard_read_line(void *session, char *line)
{
    return xboard_line(session, line);
}

void xboard_free(struct xboard *xb)
{
    if (!xb)
        return;
    pf_rmutex_lock(&xb->lock);
    stop_search(xb, true);
    pf_rmutex_unlock(&xb->lock);
    pf_cond_destroy(&xb->idle);
    pf_rmutex_destroy(&xb->lock);
    xboard_destroy(xb);
}

int xboard_run(FILE *in, struct writer *w, const struct session_options *opts)
{
    struct xboard *xb = xboard_new(w, opts);
    if (!xb)
        return 1;
    command_loop(in, NULL, xboard_read_line, xb);
    xboard_free(xb);
    return 0;
}
