/* UCI. The stdin loop owns the game; the search runs on the engine's thread
 * and its on_done only prints `bestmove`. Commands that change the position
 * while a search runs stop it first (its bestmove is still sent, as UCI
 * wants one per `go`). Bad input gets `info string error: ...` and changes
 * nothing. */
#include "protocol/uci.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/core/platform.h"
#include "engine/hidden.h"
#include "engine/search.h"
#include "perft/perft.h"
#include "protocol/engine_options.h"
#include "protocol/game.h"
#include "protocol/options.h"
#include "protocol/command.h"
#include "variants/core/text.h"
#include "protocol/timecontrol.h"

#define DEFAULT_HASH_MB 16
#define MAX_HASH_MB 4096

struct uci {
    struct writer *w;
    struct engine *engine;
    struct game game;
    struct game scratch; /* `position` is built here first, then swapped in */
    struct search_limits *limits; /* given to the running search */
    struct search_limits *parsed; /* a `go` line being read */
    struct engine_settings settings;
    pf_mutex lock;
    pf_cond idle;
    bool searching;
    bool quit;
};

static void send_error(struct uci *u, const char *fmt, const char *arg)
{
    char msg[1024];
    snprintf(msg, sizeof msg, fmt, arg);
    writer_printf(u->w, "info string error: %s\n", msg);
}

/* ---- Search output ---------------------------------------------------------- */

/* `cp N` or `mate N` (moves; `mate 0`: mated now). */
static void score_text(int score, char *out, size_t n)
{
    if (score > SCORE_MATE_BOUND || score < -SCORE_MATE_BOUND)
        snprintf(out, n, "mate %d", score_mate_moves(score));
    else
        snprintf(out, n, "cp %d", score);
}

static void on_report(const struct search_report *r, void *ctx)
{
    struct uci *u = ctx;
    char score[32];
    score_text(r->score, score, sizeof score);
    char line[32] = "";
    if (u->settings.multipv > 1)
        snprintf(line, sizeof line, " multipv %d", r->multipv);
    writer_printf(u->w, "info depth %d seldepth %d%s score %s nodes %llu nps %llu time %lld pv %s\n", r->depth,
                  r->seldepth, line, score, (unsigned long long)r->nodes, (unsigned long long)r->nps,
                  (long long)r->time_ms, r->pv);
}

static void on_done(const struct search_result *r, void *ctx)
{
    struct uci *u = ctx;
    if (!r->has_move) {
        /* No turn to play (mated, stalemated, the game over): the result, as Stockfish reports it. */
        char score[32];
        score_text(r->score, score, sizeof score);
        writer_printf(u->w, "info depth 0 score %s\nbestmove 0000\n", score);
    } else if (r->has_ponder)
        writer_printf(u->w, "bestmove %s ponder %s\n", r->best.text, r->ponder.text);
    else
        writer_printf(u->w, "bestmove %s\n", r->best.text);
    pf_mutex_lock(&u->lock);
    u->searching = false;
    pf_cond_broadcast(&u->idle);
    pf_mutex_unlock(&u->lock);
}

static void stop_search(struct uci *u)
{
    pf_mutex_lock(&u->lock);
    if (u->searching)
        engine_stop(u->engine);
    while (u->searching)
        pf_cond_wait(&u->idle, &u->lock);
    pf_mutex_unlock(&u->lock);
    engine_wait(u->engine);
}

/* ---- Commands ------------------------------------------------------------------ */

/* UCI_Variant values other than our ids: the names Fairy-Stockfish gives the
 * games we play, which clients such as python-chess send (it sends `chess`
 * for an orthodox board and lets no user change that). */
static const struct {
    const char *name;
    const char *id;
} uci_variant_aliases[] = {{"chess", "normal"}};

#define UCI_VARIANT_ALIASES ((int)(sizeof uci_variant_aliases / sizeof uci_variant_aliases[0]))

static const struct variant *uci_variant_find(const char *name)
{
    for (int i = 0; i < UCI_VARIANT_ALIASES; i++)
        if (strcmp(name, uci_variant_aliases[i].name) == 0)
            return variant_find(uci_variant_aliases[i].id);
    return variant_find(name);
}

static void send_option(struct uci *u, const struct variant_option *o)
{
    if (strcmp(o->type, "spin") == 0) {
        int lo = 0, hi = 0;
        if (o->choices)
            sscanf(o->choices, "%d %d", &lo, &hi);
        writer_printf(u->w, "option name %s type spin default %s min %d max %d\n", o->name, o->default_value, lo, hi);
    } else if (strcmp(o->type, "check") == 0) {
        writer_printf(u->w, "option name %s type check default %s\n", o->name,
                      options_check_on(o->default_value) ? "true" : "false");
    } else if (strcmp(o->type, "combo") == 0) {
        char line[1024];
        size_t len = (size_t)snprintf(line, sizeof line, "option name %s type combo default %s", o->name,
                                      o->default_value);
        char choices[512];
        snprintf(choices, sizeof choices, "%s", o->choices ? o->choices : "");
        char *rest = choices;
        while (rest && *rest && len < sizeof line) {
            char *sep = strstr(rest, "///");
            if (sep)
                *sep = '\0';
            len += (size_t)snprintf(line + len, sizeof line - len, " var %s", text_trim(rest));
            rest = sep ? sep + 3 : NULL;
        }
        writer_printf(u->w, "%s\n", line);
    } else {
        const char *d = o->default_value && *o->default_value ? o->default_value : "<empty>";
        writer_printf(u->w, "option name %s type string default %s\n", o->name, d);
    }
}

/* UCI_Variant's line: every game, those of game files too (sent again after VariantPath adds some). */
static void send_variant_option(struct uci *u)
{
    char line[2048];
    size_t len = (size_t)snprintf(line, sizeof line, "option name UCI_Variant type combo default normal");
    for (int i = 0; i < variant_count(); i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " var %s", variant_at(i)->id);
    for (int i = 0; i < UCI_VARIANT_ALIASES; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " var %s", uci_variant_aliases[i].name);
    writer_printf(u->w, "%s\n", line);
}

/* With the built-in networks in force, which evaluation the game gets and why. */
static void say_builtin_eval(struct uci *u)
{
    char eval[VARIANT_ERR_LEN];
    if (engine_settings_builtin_note(u->engine, u->game.variant, u->game.settings.rules, eval, sizeof eval))
        writer_printf(u->w, "info string %s\n", eval);
}

static void cmd_uci(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    writer_printf(u->w, "id name Rule Zero %s\nid author the Rule Zero authors\n", RULEZERO_VERSION);
    writer_printf(u->w, "option name Hash type spin default %d min 1 max %d\n", DEFAULT_HASH_MB, MAX_HASH_MB);
    send_variant_option(u);
    for (const struct engine_option *eo = engine_options(); eo->o.name; eo++)
        if (eo->protocols & ENGINE_OPTION_UCI)
            send_option(u, &eo->o);
    const struct variant_option *opts[MAX_LISTED_OPTIONS];
    int n = options_collect(opts, MAX_LISTED_OPTIONS);
    for (int i = 0; i < n; i++)
        send_option(u, opts[i]);
    char eval[VARIANT_ERR_LEN];
    if (engine_network(u->engine)) {
        engine_settings_describe_eval(u->engine, eval, sizeof eval);
        writer_printf(u->w, "info string %s\n", eval);
    } else {
        say_builtin_eval(u);
    }
    writer_printf(u->w, "uciok\n");
}

static void cmd_isready(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    writer_printf(u->w, "readyok\n");
}

static void cmd_ucinewgame(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    stop_search(u);
    engine_clear(u->engine);
    char err[VARIANT_ERR_LEN];
    game_new(&u->game, u->game.variant, NULL, err, sizeof err);
}

/* `setoption name NAME [value VALUE]`; names may hold spaces. */
static void cmd_setoption(void *session, char *args)
{
    struct uci *u = session;
    char *p = args;
    if (strcmp(text_word(&p), "name") != 0) {
        send_error(u, "%s", "expected setoption name NAME value VALUE");
        return;
    }
    char *name = p;
    char *value = "";
    char *v = strstr(p, " value ");
    if (v) {
        *v = '\0';
        value = text_trim(v + 7);
    } else if (strncmp(p, "value ", 6) == 0) {
        send_error(u, "%s", "option name missing");
        return;
    }
    name = text_trim(name);
    if (strcmp(value, "<empty>") == 0)
        value = "";
    stop_search(u);
    char err[VARIANT_ERR_LEN];
    u->settings.variant = u->game.variant;
    u->settings.rules = u->game.settings.rules;
    int games = variant_count();
    int engine_rc = engine_settings_set(&u->settings, u->engine, name, value, err, sizeof err);
    if (engine_rc <= 0) {
        if (engine_rc < 0)
            send_error(u, "%s", err);
        else if (u->settings.note[0])
            writer_printf(u->w, "info string %s\n", u->settings.note);
        if (variant_count() != games)
            send_variant_option(u);
    } else if (strcasecmp(name, "UCI_Variant") == 0) {
        const struct variant *var = uci_variant_find(value);
        if (!var)
            send_error(u, "unknown variant '%s'", value);
        else if (game_new(&u->game, var, NULL, err, sizeof err))
            send_error(u, "%s", err);
        else if (engine_settings_eval_mismatch(u->engine, var, err, sizeof err))
            writer_printf(u->w, "info string %s\n", err);
        else
            say_builtin_eval(u);
    } else if (strcmp(value, HIDDEN_VALUE) == 0 && hidden_setting_named(name)) {
        send_error(u, "option %s: '" HIDDEN_VALUE "' is CECP-only: UCI has no answer for a refused move, so a "
                      "game with a hidden setting is played over CECP (xboard)", name);
    } else if (game_set_option(&u->game, name, value, err, sizeof err)) {
        char msg[VARIANT_ERR_LEN + 128];
        snprintf(msg, sizeof msg, "option %s: %s", name, err);
        send_error(u, "%s", msg);
    } else {
        say_builtin_eval(u);
    }
}

/* `position startpos|fen FEN [moves ...]`: built in scratch, kept only if all of it is good. */
/* The moves of `position ... moves M1 M2 ...`, split in place. */
static char **split_moves(char *moves, int *count)
{
    size_t cap = moves ? strlen(moves) / 2 + 1 : 1;
    char **tokens = malloc(cap * sizeof *tokens);
    *count = 0;
    while (tokens && moves && *(moves = text_trim(moves)))
        tokens[(*count)++] = text_word(&moves);
    return tokens;
}

/* A GUI sends the whole game before every move: when it is the game we hold
 * plus new turns, only the new ones are played (replaying a long Nick Danger
 * game each move would eat a fast increment). */
static bool extends_game(const struct game *g, const char *fen, char **tokens, int n)
{
    const char *start = fen ? fen : g->variant->start_fen;
    if (strcmp(start, g->start_fen) != 0 || n < g->count)
        return false;
    for (int i = 0; i < g->count; i++)
        if (strcasecmp(tokens[i], g->turns[i].turn.text) != 0)
            return false;
    return true;
}

static void play_new_turns(struct uci *u, char **tokens, int n)
{
    char err[VARIANT_ERR_LEN];
    int had = u->game.count;
    stop_search(u);
    for (int i = had; i < n; i++) {
        if (game_play_text(&u->game, tokens[i], err, sizeof err)) {
            while (u->game.count > had)
                game_undo(&u->game);
            char msg[VARIANT_ERR_LEN + 64];
            snprintf(msg, sizeof msg, "illegal move '%s': %s", tokens[i], err);
            send_error(u, "%s", msg);
            return;
        }
    }
}

/* Sets up the position from scratch; the game is replaced only if every move is legal. */
static void replace_game(struct uci *u, const char *fen, char **tokens, int n)
{
    char err[VARIANT_ERR_LEN];
    game_copy_options(&u->scratch, &u->game);
    if (game_new(&u->scratch, u->game.variant, fen, err, sizeof err)) {
        send_error(u, "%s", err);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (game_play_text(&u->scratch, tokens[i], err, sizeof err)) {
            char msg[VARIANT_ERR_LEN + 64];
            snprintf(msg, sizeof msg, "illegal move '%s': %s", tokens[i], err);
            send_error(u, "%s", msg);
            return;
        }
    }
    stop_search(u);
    struct game t = u->game;
    u->game = u->scratch;
    u->scratch = t;
}

static void cmd_position(void *session, char *args)
{
    struct uci *u = session;
    char *p = args;
    char *kind = text_word(&p);
    char *fen = NULL;
    char *moves = strstr(p, "moves");
    if (moves && (moves == p || moves[-1] == ' ') && (moves[5] == ' ' || moves[5] == '\0')) {
        moves[0] = '\0';
        moves += 5;
    } else {
        moves = NULL;
    }
    if (strcmp(kind, "fen") == 0) {
        fen = text_trim(p);
    } else if (strcmp(kind, "startpos") != 0 || (*text_trim(p) != '\0')) {
        send_error(u, "%s", "expected position startpos|fen FEN [moves ...]");
        return;
    }
    int n = 0;
    char **tokens = split_moves(moves, &n);
    if (!tokens) {
        send_error(u, "%s", "out of memory");
        return;
    }
    if (extends_game(&u->game, fen, tokens, n))
        play_new_turns(u, tokens, n);
    else
        replace_game(u, fen, tokens, n);
    free(tokens);
}

static int go_number(char **p, int64_t hi, int64_t *out)
{
    return text_int64(text_word(p), 0, hi, out);
}

static void cmd_perft(struct uci *u, char *p)
{
    int64_t depth;
    if (go_number(&p, 64, &depth)) {
        send_error(u, "%s", "expected go perft DEPTH");
        return;
    }
    writer_begin(u->w);
    uint64_t nodes = perft_divide(u->game.pos, (int)depth, true, u->w->out);
    fprintf(u->w->out, "Nodes searched: %llu\n", (unsigned long long)nodes);
    writer_end(u->w);
}

/* The `go` parameters that take a number, and their ranges. */
enum go_number_kind { GO_WTIME, GO_BTIME, GO_WINC, GO_BINC, GO_MOVESTOGO, GO_DEPTH, GO_NODES, GO_MOVETIME, GO_MATE };

#define GO_BIG (INT64_C(1) << 40)

static const struct {
    const char *name;
    int64_t lo, hi;
} go_numbers[] = {
    [GO_WTIME] = {"wtime", 0, GO_BIG},           [GO_BTIME] = {"btime", 0, GO_BIG},
    [GO_WINC] = {"winc", 0, GO_BIG},             [GO_BINC] = {"binc", 0, GO_BIG},
    [GO_MOVESTOGO] = {"movestogo", 0, 10000},    [GO_DEPTH] = {"depth", 0, MAX_SEARCH_DEPTH},
    [GO_NODES] = {"nodes", 0, GO_BIG},           [GO_MOVETIME] = {"movetime", 0, GO_BIG},
    [GO_MATE] = {"mate", 1, MAX_SEARCH_DEPTH},
};

#define GO_NUMBERS ((int)(sizeof go_numbers / sizeof go_numbers[0]))

static void set_go_number(struct search_limits *l, enum go_number_kind kind, int64_t n)
{
    switch (kind) {
    case GO_WTIME: l->time_ms[WHITE] = n; break;
    case GO_BTIME: l->time_ms[BLACK] = n; break;
    case GO_WINC: l->inc_ms[WHITE] = n; break;
    case GO_BINC: l->inc_ms[BLACK] = n; break;
    case GO_MOVESTOGO: l->movestogo = (int)n; break;
    case GO_DEPTH: l->depth = (int)n; break;
    case GO_NODES: l->nodes = (uint64_t)n; break;
    case GO_MOVETIME: l->movetime_ms = n; break;
    case GO_MATE: l->mate = (int)n; break;
    }
}

static int find_go_number(const char *w)
{
    for (int i = 0; i < GO_NUMBERS; i++)
        if (strcmp(w, go_numbers[i].name) == 0)
            return i;
    return -1;
}

static bool is_go_keyword(const char *w)
{
    static const char *const words[] = {"infinite", "ponder", "perft", "searchmoves", NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(w, words[i]) == 0)
            return true;
    return find_go_number(w) >= 0;
}

struct root_filter {
    char (*allowed)[TURN_TEXT_LEN];
    int allowed_count;
    struct search_limits *l;
};

static void exclude_unlisted(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct root_filter *f = ctx;
    for (int i = 0; i < f->allowed_count; i++)
        if (strcasecmp(f->allowed[i], t->text) == 0)
            return;
    if (f->l->excluded_count < MAX_EXCLUDED)
        snprintf(f->l->excluded[f->l->excluded_count++], TURN_TEXT_LEN, "%s", t->text);
}

/* `searchmoves M1 M2 ...`: every other root turn is excluded; a turn that is
 * not legal here is reported and left out (none left: no restriction). */
static void restrict_root(struct uci *u, char **p, struct search_limits *l)
{
    struct root_filter f = {calloc(MAX_EXCLUDED, TURN_TEXT_LEN), 0, l};
    while (**p) {
        char move[TURN_TEXT_LEN];
        size_t len = strcspn(*p, " \t\r\n");
        if (len >= sizeof move)
            len = sizeof move - 1;
        memcpy(move, *p, len);
        move[len] = '\0';
        if (is_go_keyword(move))
            break;
        text_word(p);
        struct turn t;
        char err[VARIANT_ERR_LEN];
        if (game_find_turn(&u->game, move, &t, err, sizeof err))
            send_error(u, "searchmoves: '%s' is not a legal turn (left out)", move);
        else if (f.allowed && f.allowed_count < MAX_EXCLUDED)
            snprintf(f.allowed[f.allowed_count++], TURN_TEXT_LEN, "%s", t.text);
    }
    if (f.allowed_count > 0)
        for_each_turn(u->game.pos, exclude_unlisted, &f);
    free(f.allowed);
}

/* Stops the running search, if any, and starts one with the limits of a `go` line. */
static void start_search(struct uci *u, struct search_limits *l)
{
    for (int c = WHITE; c <= BLACK; c++)
        if (l->time_ms[c] >= 0)
            l->time_ms[c] = tc_clock_for_search(l->time_ms[c]);
    l->multipv = u->settings.multipv;
    l->move_overhead_ms = u->settings.move_overhead_ms;
    stop_search(u);
    *u->limits = *l;
    struct search_callbacks cb = {on_report, on_done, u};
    pf_mutex_lock(&u->lock);
    u->searching = true;
    pf_mutex_unlock(&u->lock);
    engine_search_async(u->engine, u->game.pos, u->limits, &cb);
}

/* One parameter of a `go` line (its value read from *p); a bad value or an
 * unknown word is reported and ignored, as the host still waits for `bestmove`. */
static void go_parameter(struct uci *u, const char *word, char **p, struct search_limits *l)
{
    int kind = find_go_number(word);
    if (kind >= 0) {
        int64_t n;
        if (text_int64(text_word(p), go_numbers[kind].lo, go_numbers[kind].hi, &n))
            send_error(u, "bad value for go %s (ignored)", word);
        else
            set_go_number(l, (enum go_number_kind)kind, n);
    } else if (strcmp(word, "infinite") == 0) {
        l->infinite = true;
    } else if (strcmp(word, "ponder") == 0) {
        l->ponder = true;
    } else if (strcmp(word, "searchmoves") == 0) {
        restrict_root(u, p, l);
    } else {
        send_error(u, "unknown go parameter '%s' (ignored)", word);
    }
}

/* `go [PARAMETER ...]`: every search ends with `bestmove`, whatever the line held. */
static void cmd_go(void *session, char *args)
{
    struct uci *u = session;
    char *p = args;
    struct search_limits *l = u->parsed;
    search_limits_init(l);
    while (*(p = text_trim(p))) {
        char *word = text_word(&p);
        if (strcmp(word, "perft") == 0) {
            stop_search(u);
            cmd_perft(u, p);
            return;
        }
        go_parameter(u, word, &p, l);
    }
    start_search(u, l);
}

/* The move pondered on was played: the search goes on, now on the clock. */
static void cmd_ponderhit(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    engine_ponderhit(u->engine);
}

static void cmd_stop(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    stop_search(u);
}

static void cmd_d(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    writer_begin(u->w);
    game_print_board(&u->game, u->w->out);
    writer_end(u->w);
}

static void cmd_quit(void *session, char *args)
{
    struct uci *u = session;
    (void)args;
    stop_search(u);
    u->quit = true;
}

static void cmd_ignore(void *session, char *args)
{
    (void)session;
    (void)args;
}

static void other_line(void *session, char *name, char *rest, char *whole)
{
    (void)rest;
    (void)whole;
    send_error(session, "unknown command '%s'", name);
}

static const struct command commands[] = {
    {"uci", cmd_uci},           {"isready", cmd_isready}, {"ucinewgame", cmd_ucinewgame},
    {"setoption", cmd_setoption}, {"position", cmd_position}, {"go", cmd_go},
    {"stop", cmd_stop},         {"quit", cmd_quit},       {"d", cmd_d},
    {"ponderhit", cmd_ponderhit},  {"debug", cmd_ignore},    {"register", cmd_ignore},
};

static const struct command_table uci_commands = {commands, sizeof commands / sizeof commands[0], other_line};

static bool uci_line(void *session, char *line)
{
    struct uci *u = session;
    command_dispatch(&uci_commands, u, line);
    return !u->quit;
}

int uci_run(const char *first_line, FILE *in, struct writer *w, const struct session_options *opts)
{
    struct uci *u = calloc(1, sizeof *u);
    if (!u)
        return 1;
    u->w = w;
    u->limits = calloc(1, sizeof *u->limits);
    u->parsed = calloc(1, sizeof *u->parsed);
    u->engine = session_engine_new(opts, DEFAULT_HASH_MB);
    if (!u->limits || !u->parsed || !u->engine || game_init(&u->game) || game_init(&u->scratch) ||
        session_apply_settings(opts, &u->game)) {
        free(u->limits);
        free(u->parsed);
        free(u);
        return 1;
    }
    engine_settings_init(&u->settings);
    char err[VARIANT_ERR_LEN];
    session_engine_options(opts, &u->settings, u->engine, err, sizeof err); /* checked by the command line */
    pf_mutex_init(&u->lock);
    pf_cond_init(&u->idle);
    command_loop(in, first_line, uci_line, u);
    stop_search(u);
    engine_free(u->engine);
    game_free(&u->game);
    game_free(&u->scratch);
    pf_cond_destroy(&u->idle);
    pf_mutex_destroy(&u->lock);
    free(u->limits);
    free(u->parsed);
    free(u);
    return 0;
}
