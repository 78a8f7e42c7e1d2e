/* The options of `rulezero` and of perft, perft-suite, moves and bench: one
 * table each (protocol/match/options_table.h), which is also its --help. An
 * option several commands take is written once, as an entry macro below; a
 * subcommand's usage lines are written once, shared by its --help and the
 * list of subcommands in `rulezero --help`. */
#include "protocol/cli_options.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/cli.h"
#include "protocol/engine_options.h"
#include "protocol/learn/tune_weights.h"
#include "protocol/match/options_table.h"
#include "variants/registry.h"

int cli_usage_error(const struct cli_options *o, const char *fmt, const char *arg)
{
    return options_table_error(o->table, fmt, arg);
}

static int add_setting(struct cli_options *o, const char *name, const char *value, const char *arg)
{
    if (o->settings == CLI_MAX_SETTINGS)
        return cli_usage_error(o, "too many settings at '%s'", arg);
    o->setting_name[o->settings] = name;
    o->setting_value[o->settings] = value;
    o->settings++;
    return EXIT_OK;
}

/* NAME=VALUE */
static int add_option_arg(struct cli_options *o, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof o->setting_text[0])
        return cli_usage_error(o, "bad option '%s' (expected NAME=VALUE)", arg);
    if (o->settings == CLI_MAX_SETTINGS)
        return cli_usage_error(o, "too many settings at '%s'", arg);
    char *name = o->setting_text[o->settings];
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    return add_setting(o, name, eq + 1, arg);
}

/* ---- Setters ---------------------------------------------------------------------- */

static int set_option(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    return add_option_arg(ctx, arg);
}

static int set_powers(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    return add_setting(ctx, "Powers", arg, arg);
}

static int set_play(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct cli_options *o = ctx;
    if (strcmp(arg, "random") == 0)
        o->session.player = PLAYER_RANDOM;
    else if (strcmp(arg, "greedy") == 0)
        o->session.player = PLAYER_GREEDY;
    else if (strcmp(arg, "search") == 0)
        o->session.player = PLAYER_SEARCH;
    else
        return cli_usage_error(o, "bad player '%s' (expected search, random or greedy)", arg);
    return EXIT_OK;
}

static int set_seed(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct cli_options *o = ctx;
    char *end;
    errno = 0;
    o->session.seed = strtoull(arg, &end, 10);
    if (errno || end == arg || *end || arg[0] == '-')
        return cli_usage_error(o, "bad seed '%s' (expected a non-negative integer)", arg);
    return EXIT_OK;
}

static int set_weights(void *ctx, const char *arg, int64_t number)
{
    (void)ctx;
    (void)number;
    char err[VARIANT_ERR_LEN];
    if (weights_load(arg, NULL, err, sizeof err) == 0)
        return EXIT_OK;
    fprintf(stderr, "rulezero: %s\n", err);
    return EXIT_BAD_INPUT;
}

static int set_eval_file(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    ((struct cli_options *)ctx)->eval_file = arg;
    return EXIT_OK;
}

static int set_eval(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct cli_options *o = ctx;
    if (strcmp(arg, "classic") != 0 && strcmp(arg, ENGINE_EVAL_FILE_DEFAULT) != 0)
        return cli_usage_error(o, "bad evaluation '%s' (expected classic or " ENGINE_EVAL_FILE_DEFAULT
                                  "; a network is given with --eval-file FILE)", arg);
    o->eval_file = strcmp(arg, "classic") == 0 ? "" : ENGINE_EVAL_FILE_DEFAULT;
    return EXIT_OK;
}

static int show_variants(void *ctx, const char *arg, int64_t number)
{
    (void)ctx;
    (void)arg;
    (void)number;
    printf("\nVariants:");
    for (int i = 0; i < variant_count(); i++)
        printf(" %s", variant_at(i)->id);
    printf("\n");
    return EXIT_DONE;
}

static int show_version(void *ctx, const char *arg, int64_t number)
{
    (void)ctx;
    (void)arg;
    (void)number;
    printf("rulezero %s\n", RULEZERO_VERSION);
    return EXIT_DONE;
}

/* ---- The options, each written once ------------------------------------------------- */

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct cli_options, field)

/* The game settings --option sets, for its help. */
#define CLI_GAME_SETTINGS                                                                                        \
    "Powers (polypiece),\n"                                                                                      \
    "Captures=compulsory-chains|optional-single (interweave),\n"                                                 \
    "Dialectic=square|stair-step (hegelian),\n"                                                                  \
    "Link=SQUARE=PLACE (pickle), Shift=SQUARE=PLACE\n"                                                           \
    "(shifted-square): a board square and a place beside the\n"                                                  \
    "board, x1-x8 or z1-z8, default e4=x5;\n"                                                                    \
    "Links=1..32, LinkSquares=same-rank|same-square|same-colour|\n"                                              \
    "any, AfterLinking=twinkle|remove (nickdanger)"

#define CLI_VARIANT(help) {"variant", 'v', OPTIONS_TABLE_TEXT, "V", help, KEEP(TEXT, variant)}
#define CLI_FEN {"fen", 'f', OPTIONS_TABLE_TEXT, "FEN", "start from this position instead of the start position", KEEP(TEXT, fen)}
#define CLI_MOVES                                                                                                \
    {"moves", 'M', OPTIONS_TABLE_TEXT, "LIST",                                                                   \
     "play these turns first (space-separated, in coordinates\n"                                                 \
     "or the readable notation), keeping the game's history",                                                    \
     KEEP(TEXT, moves)}
#define CLI_DEPTH(help) {"depth", 'd', OPTIONS_TABLE_NUMBER, "D", help, 0, 64, "bad depth '%s' (expected 0..64)", KEEP(INT, depth)}
#define CLI_NO_BULK(help) {"no-bulk", 'n', OPTIONS_TABLE_FLAG, NULL, help, KEEP(FALSE, bulk)}
#define CLI_GAME_OPTION                                                                                          \
    {"option", 'o', OPTIONS_TABLE_TEXT, "NAME=VALUE",                                                            \
     "set a game setting of the variant (repeatable):\n" CLI_GAME_SETTINGS, .set = set_option}
#define CLI_POWERS                                                                                               \
    {"powers", 0, OPTIONS_TABLE_TEXT, "LIST",                                                                    \
     "same as --option Powers=LIST (polypiece, polypiece-phased),\n"                                             \
     "e.g. 'K:K Q:Q,WAND R:R,NN B:B,R4 N:N,WD'",                                                                 \
     .set = set_powers}
#define CLI_WEIGHTS {"weights", 'w', OPTIONS_TABLE_TEXT, "FILE", "evaluation weights of a variant, as `rulezero tune` writes\nthem", .set = set_weights}
#define CLI_EVAL_FILE {"eval-file", 0, OPTIONS_TABLE_TEXT, "FILE", "evaluate with this network (the EvalFile option);\ndocs/networks.md", .set = set_eval_file}
#define CLI_EVAL                                                                                                 \
    {"eval", 0, OPTIONS_TABLE_TEXT, "KIND",                                                                      \
     "classic: the hand-set evaluation; default: each game's\n"                                                  \
     "built-in network where it has one (the default; the last\n"                                                \
     "of --eval and --eval-file counts)",                                                                        \
     .set = set_eval}
/* A subcommand's --help ends with the variant ids, as the program's does. */
#define CLI_HELP {"help", 'h', OPTIONS_TABLE_HELP, NULL, "this text and the variant ids", .set = show_variants}

/* ---- The subcommands' usage lines, each written once --------------------------------- */

#define CLI_PERFT_USAGE                                                                                          \
    "perft --variant V [--fen FEN] [--moves \"M1 M2 ...\"] --depth D [--divide] [--no-bulk]\n"                   \
    "      Count the leaves of the tree of legal turns.\n"
#define CLI_PERFT_SUITE_USAGE                                                                                    \
    "perft-suite FILE [--variant V] [--max-depth D] [--no-bulk]\n"                                               \
    "      Check every `FEN ;D1 n ;D2 n ...` line of an EPD suite.\n"
#define CLI_MOVES_USAGE                                                                                          \
    "moves --variant V [--fen FEN] [--moves \"M1 M2 ...\"] [--notation]\n"                                       \
    "      One line per legal turn: the turn, a space, the FEN after it (with\n"                                 \
    "      --notation, the turn's readable text between them).\n"
#define CLI_BENCH_USAGE                                                                                          \
    "bench [--variant V|all] [--depth D]\n"                                                                      \
    "      Fixed positions, fixed depth (1..64; default each variant's own):\n"                                  \
    "      total nodes and nodes per second.\n"

/* ---- The tables ------------------------------------------------------------------------ */

static const struct options_table_entry cli_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero [SUBCOMMAND] [OPTIONS]\n"
             "\n"
             "With no subcommand, rulezero reads commands from standard input: a first line\n"
             "`xboard` selects CECP (XBoard/WinBoard), `uci` selects UCI, anything else a\n"
             "console for people (type `help`).\n"},
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "\n"
             "Subcommands:\n"
             "  " CLI_PERFT_USAGE "  " CLI_PERFT_SUITE_USAGE "  " CLI_MOVES_USAGE "  " CLI_BENCH_USAGE
             "  match --variant V --engine CMD --engine CMD [...]\n"
             "      Games between two engines (CECP, UCI or builtin:random|greedy), checked\n"
             "      by Rule Zero's rules; PGN, Elo, SPRT.\n"
             "      (Not in the Windows build: it needs POSIX child processes.)\n"
             "  pgn-check FILE\n"
             "      Replay every game of a PGN file through the rules and check its result.\n"
             "  tune-data --variant V --out FILE [--games N] [--nodes K] [--seed S]\n"
             "      Self-play positions with their games' results, for tune.\n"
             "  datagen --variant V --games N (--nodes K | --depth D) --seed S --out FILE\n"
             "      Training data for the networks: self-play positions with the search's\n"
             "      score and the game's result; resumable, shardable (--shard I/N, --merge).\n"
             "  tune --variant V --data FILE [--iterations N] [--out FILE]\n"
             "      Fit the variant's evaluation weights to them (Texel's method); writes a\n"
             "      weights file.\n"
             "  train --variant V --data FILE... --out NET [--epochs N] [--seed S]\n"
             "      Train a network on training data; writes it and its learning curve.\n"
             "  puzzles --variant V [--count N] [--nodes K] [--depth D] [--seed S] [--out FILE]\n"
             "      Positions from self-play where one turn clearly wins, with the solution's\n"
             "      line, as JSON lines; --check FILE... searches them again.\n"
             "  lab --variant V --vary NAME=V1,V2,... --out DIR [--games N] [--tc TC]\n"
             "      Self-play study of a game setting: per value, White's score, draw rate,\n"
             "      game length, how games ended and fitted weights, with 95% intervals;\n"
             "      report.md, report.html with charts, PGN.\n"
             "      (Not in the Windows build: it plays through the match runner.)\n"
             "  gui [--port N] [--host ADDR] [--engine CMD]...\n"
             "      A local web server for the browser GUI; open the address it prints.\n"
             "\n"
             "`rulezero SUBCOMMAND --help` prints a subcommand's usage and options.\n"
             "\n"
             "Options:\n"},
    {"play", 'p', OPTIONS_TABLE_TEXT, "KIND",
     "who chooses the moves: search (default), random (a uniformly\n"
     "random legal turn) or greedy (best material after one turn)",
     .set = set_play},
    {"seed", 0, OPTIONS_TABLE_TEXT, "S", "random seed of the random and greedy players", .set = set_seed},
    {"option", 'o', OPTIONS_TABLE_TEXT, "NAME=VALUE",
     "set a game setting of every variant that has it, or an\n"
     "engine option: Hash, Threads, MultiPV, Ponder,\n"
     "UCI_LimitStrength, UCI_Elo, Skill, Move Overhead, EvalFile,\n"
     "EvalBlend (repeatable); game settings:\n" CLI_GAME_SETTINGS,
     .set = set_option},
    CLI_POWERS,
    CLI_WEIGHTS,
    CLI_EVAL_FILE,
    CLI_EVAL,
    CLI_HELP,
    {"version", 'V', OPTIONS_TABLE_FLAG, NULL, "print the version", .set = show_version},
    {0},
};

static const struct options_table_entry perft_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE, .name = "Usage: rulezero " CLI_PERFT_USAGE "\nOptions:\n"},
    CLI_VARIANT("variant id (default normal)"),
    CLI_FEN,
    CLI_MOVES,
    CLI_DEPTH("depth in turns"),
    {"divide", 'D', OPTIONS_TABLE_FLAG, NULL, "one line per root turn, then a blank line", KEEP(TRUE, divide)},
    CLI_NO_BULK("make every leaf turn instead of counting the last ply"),
    CLI_GAME_OPTION,
    CLI_POWERS,
    CLI_HELP,
    {0},
};

static const struct options_table_entry perft_suite_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE, .name = "Usage: rulezero " CLI_PERFT_SUITE_USAGE "\nOptions:\n"},
    CLI_VARIANT("variant id (default: the file's name; a line's ;variant\ncounts for that line)"),
    {"max-depth", 'm', OPTIONS_TABLE_NUMBER, "D", "skip depths above D", 0, 64, "bad max depth '%s' (expected 0..64)",
     KEEP(INT, max_depth)},
    CLI_NO_BULK("make every leaf turn instead of counting the last ply"),
    CLI_GAME_OPTION,
    CLI_POWERS,
    CLI_HELP,
    {0},
};

static const struct options_table_entry moves_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE, .name = "Usage: rulezero " CLI_MOVES_USAGE "\nOptions:\n"},
    CLI_VARIANT("variant id (default normal)"),
    CLI_FEN,
    CLI_MOVES,
    {"notation", 0, OPTIONS_TABLE_FLAG, NULL, "print each turn's readable text too", KEEP(TRUE, notation)},
    CLI_GAME_OPTION,
    CLI_POWERS,
    CLI_HELP,
    {0},
};

static const struct options_table_entry bench_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE, .name = "Usage: rulezero " CLI_BENCH_USAGE "\nOptions:\n"},
    CLI_VARIANT("variant id, or all (the default)"),
    CLI_DEPTH("depth in turns, 1..64 (default each variant's own)"),
    CLI_WEIGHTS,
    CLI_EVAL_FILE,
    CLI_EVAL,
    CLI_HELP,
    {0},
};

const struct options_table cli_options_table = {"rulezero", 21, cli_entries};
const struct options_table cli_perft_table = {"rulezero perft", 21, perft_entries};
const struct options_table cli_perft_suite_table = {"rulezero perft-suite", 21, perft_suite_entries};
const struct options_table cli_moves_table = {"rulezero moves", 21, moves_entries};
const struct options_table cli_bench_table = {"rulezero bench", 21, bench_entries};

int cli_options_parse(const struct options_table *t, struct cli_options *o, int argc, char **argv)
{
    o->table = t;
    return options_table_parse(t, o, argc, argv);
}
