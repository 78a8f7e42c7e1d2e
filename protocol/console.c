/* The console: plain commands for a person at a terminal. Searches run
 * synchronously here; the protocols for programs are CECP and UCI. */
#include "protocol/console.h"

#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "variants/core/clock.h"
#include "engine/search.h"
#include "perft/perft.h"
#include "protocol/game.h"
#include "protocol/command.h"
#include "variants/core/text.h"

#define DEFAULT_HASH_MB 16
#define DEFAULT_MOVETIME_MS 2000

struct console {
    struct writer *w;
    struct engine *engine;
    struct game game;
    struct search_limits *limits;
    bool quit;
};

static const char help_text[] =
    "Commands:\n"
    "  help                 this text\n"
    "  new                  restart the current variant from its start position\n"
    "  variant ID           start a game of another variant (list: variant)\n"
    "  fen FEN              set up a position of the current variant\n"
    "  MOVE [MOVE...]       play turns, in the engine's notation (e.g. e2e4)\n"
    "  moves                list the legal turns\n"
    "  undo                 take back the last turn\n"
    "  go [depth N|movetime MS|nodes N]\n"
    "                       let the engine play the side to move (default 2 s)\n"
    "  d                    show the board and its FEN\n"
    "  perft N              count the turns N deep, per first turn\n"
    "  option NAME=VALUE    change a variant setting\n"
    "  quit                 leave\n"
    "The first line `xboard` or `uci` selects those protocols instead.\n";

static void say_result(struct console *c)
{
    struct outcome o = game_outcome(&c->game);
    if (o.result != RESULT_NONE)
        writer_printf(c->w, "Game over: %s {%s}\n", result_text(o.result), o.reason ? o.reason : "");
}

static void cmd_help(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    writer_printf(c->w, "%s", help_text);
}

static void cmd_new(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    char err[VARIANT_ERR_LEN];
    game_new(&c->game, c->game.variant, NULL, err, sizeof err);
    engine_clear(c->engine);
    writer_printf(c->w, "New game of %s.\n", c->game.variant->title);
}

static void cmd_variant(void *session, char *args)
{
    struct console *c = session;
    char *id = text_trim(args);
    if (!*id) {
        writer_printf(c->w, "Current variant: %s. Available:", c->game.variant->id);
        for (int i = 0; i < variant_count(); i++)
            writer_printf(c->w, " %s", variant_at(i)->id);
        writer_printf(c->w, "\n");
        return;
    }
    char err[VARIANT_ERR_LEN];
    if (game_new(&c->game, variant_find(id), NULL, err, sizeof err)) {
        writer_printf(c->w, "Error: %s '%s'\n", err, id);
        return;
    }
    engine_clear(c->engine);
    writer_printf(c->w, "New game of %s.\n", c->game.variant->title);
}

static void cmd_fen(void *session, char *args)
{
    struct console *c = session;
    char err[VARIANT_ERR_LEN];
    if (game_new(&c->game, c->game.variant, text_trim(args), err, sizeof err))
        writer_printf(c->w, "Error: %s\n", err);
    else
        say_result(c);
}

static void cmd_d(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    writer_begin(c->w);
    game_print_board(&c->game, c->w->out);
    writer_end(c->w);
}

static void print_turn(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct console *c = ctx;
    writer_printf(c->w, " %s", t->text);
}

static void cmd_moves(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    int n = for_each_turn(c->game.pos, print_turn, c);
    writer_printf(c->w, "\n%d legal turns\n", n);
}

static void cmd_undo(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    if (game_undo(&c->game))
        writer_printf(c->w, "Error: no turn to take back\n");
}

static void cmd_perft(void *session, char *args)
{
    struct console *c = session;
    int64_t depth;
    if (text_int64(text_trim(args), 1, 64, &depth)) {
        writer_printf(c->w, "Error: expected perft DEPTH (1..64)\n");
        return;
    }
    double start = clock_seconds();
    writer_begin(c->w);
    uint64_t nodes = perft_divide(c->game.pos, (int)depth, true, c->w->out);
    fprintf(c->w->out, "Nodes searched: %llu\nTime: %.3f s\n", (unsigned long long)nodes, clock_seconds() - start);
    writer_end(c->w);
}

static void on_report(const struct search_report *r, void *ctx)
{
    struct console *c = ctx;
    int mate = score_mate_moves(r->score);
    char score[32];
    if (mate)
        snprintf(score, sizeof score, "mate %d", mate);
    else
        snprintf(score, sizeof score, "%+.2f", r->score / 100.0);
    writer_printf(c->w, "depth %2d  score %7s  nodes %10llu  time %6.2f s  pv %s\n", r->depth, score,
                  (unsigned long long)r->nodes, (double)r->time_ms / 1000.0, r->pv);
}

static void on_done(const struct search_result *r, void *ctx)
{
    (void)r;
    (void)ctx;
}

static void cmd_go(void *session, char *args)
{
    struct console *c = session;
    struct search_limits *l = c->limits;
    search_limits_init(l);
    l->movetime_ms = DEFAULT_MOVETIME_MS;
    char *p = args;
    while (*p) {
        char *word = text_word(&p);
        int64_t n;
        if (text_int64(text_word(&p), 1, INT64_C(1) << 40, &n)) {
            writer_printf(c->w, "Error: expected go [depth N|movetime MS|nodes N]\n");
            return;
        }
        if (strcmp(word, "depth") == 0 && n <= MAX_SEARCH_DEPTH)
            l->depth = (int)n, l->movetime_ms = 0;
        else if (strcmp(word, "movetime") == 0)
            l->movetime_ms = n;
        else if (strcmp(word, "nodes") == 0)
            l->nodes = (uint64_t)n, l->movetime_ms = 0;
        else {
            writer_printf(c->w, "Error: expected go [depth N|movetime MS|nodes N]\n");
            return;
        }
    }
    if (game_outcome(&c->game).result != RESULT_NONE) {
        say_result(c);
        return;
    }
    struct search_callbacks cb = {on_report, on_done, c};
    struct search_result r = engine_search(c->engine, c->game.pos, l, &cb);
    char err[VARIANT_ERR_LEN];
    if (!r.has_move || game_play(&c->game, &r.best, err, sizeof err)) {
        say_result(c);
        return;
    }
    writer_printf(c->w, "Rule Zero plays %s\n", r.best.text);
    say_result(c);
}

static void cmd_option(void *session, char *args)
{
    struct console *c = session;
    char *eq = strchr(args, '=');
    if (!eq) {
        writer_printf(c->w, "Error: expected option NAME=VALUE\n");
        return;
    }
    *eq = '\0';
    char err[VARIANT_ERR_LEN];
    if (game_set_option(&c->game, text_trim(args), text_trim(eq + 1), err, sizeof err))
        writer_printf(c->w, "Error: %s\n", err);
}

static void cmd_quit(void *session, char *args)
{
    struct console *c = session;
    (void)args;
    c->quit = true;
}

/* A line of turns; stops at the first that is not legal. */
static void play_turns(struct console *c, char *line)
{
    char *p = line;
    while (*p) {
        char *move = text_word(&p);
        char err[VARIANT_ERR_LEN];
        if (game_play_text(&c->game, move, err, sizeof err)) {
            writer_printf(c->w, "Error: unknown command or illegal move: %s (type help)\n", move);
            return;
        }
    }
    say_result(c);
}

/* Not a command: turns to play. */
static void other_line(void *session, char *name, char *rest, char *whole)
{
    (void)name;
    (void)rest;
    play_turns(session, whole);
}

static const struct command commands[] = {
    {"help", cmd_help}, {"new", cmd_new},     {"variant", cmd_variant}, {"fen", cmd_fen},
    {"d", cmd_d},       {"moves", cmd_moves}, {"undo", cmd_undo},       {"perft", cmd_perft},
    {"go", cmd_go},     {"option", cmd_option}, {"quit", cmd_quit},     {"exit", cmd_quit},
};

static const struct command_table console_commands = {commands, sizeof commands / sizeof commands[0], other_line};

static bool console_line(void *session, char *line)
{
    struct console *c = session;
    command_dispatch(&console_commands, c, line);
    return !c->quit;
}

int console_run(const char *first_line, FILE *in, struct writer *w, const struct session_options *opts)
{
    struct console *c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    c->w = w;
    c->limits = calloc(1, sizeof *c->limits);
    c->engine = session_engine_new(opts, DEFAULT_HASH_MB);
    if (!c->limits || !c->engine || game_init(&c->game) || session_apply_settings(opts, &c->game)) {
        free(c->limits);
        free(c);
        return 1;
    }
    struct engine_settings settings; /* Threads and Skill from the command line */
    engine_settings_init(&settings);
    char err[VARIANT_ERR_LEN];
    session_engine_options(opts, &settings, c->engine, err, sizeof err); /* checked by the command line */
    command_loop(in, first_line, console_line, c);
    engine_free(c->engine);
    game_free(&c->game);
    free(c->limits);
    free(c);
    return 0;
}
