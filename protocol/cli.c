#include "protocol/cli.h"

#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <strings.h>

#include "engine/bench.h"
#include "engine/nnue.h"
#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "variants/core/notation.h"
#include "variants/core/platform.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/core/turn.h"
#include "perft/perft.h"
#include "protocol/lab/lab.h"
#include "protocol/match/match.h"
#include "protocol/match/options_table.h"
#include "protocol/match/pgn.h"
#include "protocol/engine_options.h"
#include "protocol/session.h"
#include "protocol/learn/datagen.h"
#include "protocol/learn/puzzles.h"
#include "protocol/learn/train.h"
#include "protocol/learn/tune.h"
#include "protocol/learn/tune_weights.h"
#include "variants/registry.h"

/* EXIT_DONE: --help or --version answered; the command stops with status 0. */
enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2, EXIT_DONE = -1 };

static void print_variants(FILE *out)
{
    fprintf(out, "\nVariants:");
    for (int i = 0; i < variant_count(); i++)
        fprintf(out, " %s", variant_at(i)->id);
    fprintf(out, "\n");
}

static int usage_error(const char *fmt, const char *arg)
{
    return options_table_error(&cli_options_table, fmt, arg);
}

#define CLI_MAX_SETTINGS 8

struct cli_options {
    const char *variant;
    const char *fen;
    const char *moves;
    int depth;
    int max_depth;
    bool divide;
    bool bulk;
    bool notation; /* moves: print the readable text too */
    const char *eval_file; /* --eval-file, or "" after --eval classic (NULL: neither) */
    /* Game settings, applied in order: names and values (--option, --powers). */
    const char *setting_name[CLI_MAX_SETTINGS];
    const char *setting_value[CLI_MAX_SETTINGS];
    char setting_text[CLI_MAX_SETTINGS][64];
    int settings;
    /* The session's player (--play) and its random seed (--seed). */
    struct session_options session;
};

static int add_setting(struct cli_options *o, const char *name, const char *value, const char *arg)
{
    if (o->settings == CLI_MAX_SETTINGS)
        return usage_error("too many settings at '%s'", arg);
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
        return usage_error("bad option '%s' (expected NAME=VALUE)", arg);
    if (o->settings == CLI_MAX_SETTINGS)
        return usage_error("too many settings at '%s'", arg);
    char *name = o->setting_text[o->settings];
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = '\0';
    return add_setting(o, name, eq + 1, arg);
}

/* The settings of a game of v with the command line's options; prints the
 * error and returns an exit code on failure. */
static int make_settings(const struct variant *v, const struct cli_options *o, struct settings *s)
{
    char err[VARIANT_ERR_LEN];
    if (settings_init(s, v, err, sizeof err)) {
        fprintf(stderr, "rulezero: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    for (int i = 0; i < o->settings; i++) {
        if (!settings_offers(v, o->setting_name[i])) {
            settings_free(s);
            return usage_error("this variant has no option '%s'", o->setting_name[i]);
        }
        if (settings_set(s, o->setting_name[i], o->setting_value[i], err, sizeof err)) {
            settings_free(s);
            return usage_error("%s", err);
        }
    }
    return EXIT_OK;
}

static bool is_engine_option(const char *name)
{
    for (const struct engine_option *eo = engine_options(); eo->o.name; eo++)
        if (strcasecmp(eo->o.name, name) == 0)
            return true;
    return false;
}

/* An engine option given on the command line goes to the session, tried
 * first on a scratch engine so that a bad value stops here. */
static int add_engine_option(struct session_options *s, const char *name, const char *value)
{
    if (s->engine_option_count == SESSION_MAX_ENGINE_OPTIONS)
        return usage_error("too many engine options at '%s'", name);
    s->engine_option_name[s->engine_option_count] = name;
    s->engine_option_value[s->engine_option_count++] = value;
    struct engine *e = engine_new(1);
    if (!e)
        return EXIT_BAD_INPUT;
    struct engine_settings st;
    engine_settings_init(&st);
    char err[VARIANT_ERR_LEN];
    int rc = session_engine_options(s, &st, e, err, sizeof err);
    engine_free(e);
    return rc ? usage_error("%s", err) : EXIT_OK;
}

/* Without a variant (the protocol session): an engine option (Threads,
 * Skill, ...) goes to the session; any other setting must be one some variant
 * offers, with a value that variant accepts, and the session's games take it. */
static int check_session_settings(struct cli_options *o)
{
    int kept = 0;
    for (int i = 0; i < o->settings; i++) {
        if (strcasecmp(o->setting_name[i], "UCI_Variant") == 0)
            return usage_error("%s is the GUI's choice (UCI setoption, CECP variant); the session starts in normal",
                               o->setting_name[i]);
        if (is_engine_option(o->setting_name[i])) {
            int rc = add_engine_option(&o->session, o->setting_name[i], o->setting_value[i]);
            if (rc)
                return rc;
            continue;
        }
        const struct variant *v = NULL;
        for (int k = 0; k < variant_count() && !v; k++)
            if (settings_offers(variant_at(k), o->setting_name[i]))
                v = variant_at(k);
        if (!v)
            return usage_error("no variant has an option '%s'", o->setting_name[i]);
        struct cli_options one = *o;
        one.settings = 1;
        one.setting_name[0] = o->setting_name[i];
        one.setting_value[0] = o->setting_value[i];
        struct settings probe;
        int rc = make_settings(v, &one, &probe);
        if (rc)
            return rc;
        settings_free(&probe);
        o->setting_name[kept] = o->setting_name[i];
        o->setting_value[kept++] = o->setting_value[i];
    }
    o->settings = kept;
    o->session.setting_name = o->setting_name;
    o->session.setting_value = o->setting_value;
    o->session.settings = kept;
    return EXIT_OK;
}

static int load_weights(const char *path)
{
    char err[VARIANT_ERR_LEN];
    if (weights_load(path, NULL, err, sizeof err) == 0)
        return EXIT_OK;
    fprintf(stderr, "rulezero: %s\n", err);
    return EXIT_BAD_INPUT;
}

/* ---- The options: setters, then the table (which is also --help) ---------------- */

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
        return usage_error("bad player '%s' (expected search, random or greedy)", arg);
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
        return usage_error("bad seed '%s' (expected a non-negative integer)", arg);
    return EXIT_OK;
}

static int set_weights(void *ctx, const char *arg, int64_t number)
{
    (void)ctx;
    (void)number;
    return load_weights(arg);
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
    if (strcmp(arg, "classic") != 0 && strcmp(arg, ENGINE_EVAL_FILE_DEFAULT) != 0)
        return usage_error("bad evaluation '%s' (expected classic or " ENGINE_EVAL_FILE_DEFAULT
                           "; a network is given with --eval-file FILE)", arg);
    ((struct cli_options *)ctx)->eval_file = strcmp(arg, "classic") == 0 ? "" : ENGINE_EVAL_FILE_DEFAULT;
    return EXIT_OK;
}

static int show_variants(void *ctx, const char *arg, int64_t number)
{
    (void)ctx;
    (void)arg;
    (void)number;
    print_variants(stdout);
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

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct cli_options, field)

static const struct options_table_entry cli_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero [SUBCOMMAND] [OPTIONS]\n"
             "\n"
             "With no subcommand, rulezero reads commands from standard input: a first line\n"
             "`xboard` selects CECP (XBoard/WinBoard), `uci` selects UCI, anything else a\n"
             "console for people (type `help`).\n"},
    {"play", 'p', OPTIONS_TABLE_TEXT, "KIND",
     "who chooses the moves: search (default), random (a uniformly\n"
     "random legal turn) or greedy (best material after one turn)",
     .set = set_play},
    {"seed", 0, OPTIONS_TABLE_TEXT, "S", "random seed of the random and greedy players", .set = set_seed},
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "\n"
             "Subcommands:\n"
             "  perft --variant V [--fen FEN] [--moves \"M1 M2 ...\"] --depth D [--divide] [--no-bulk]\n"
             "      Count the leaves of the tree of legal turns.\n"
             "  perft-suite FILE [--variant V] [--max-depth D] [--no-bulk]\n"
             "      Check every `FEN ;D1 n ;D2 n ...` line of an EPD suite.\n"
             "  moves --variant V [--fen FEN] [--moves \"M1 M2 ...\"] [--notation]\n"
             "      One line per legal turn: the turn, a space, the FEN after it (with\n"
             "      --notation, the turn's readable text between them).\n"
             "  bench [--variant V|all] [--depth D]\n"
             "      Fixed positions, fixed depth (1..64; default each variant's own):\n"
             "      total nodes and nodes per second.\n"
             "  match --variant V --engine CMD --engine CMD [...]\n"
             "      Games between two engines (CECP, UCI or builtin:random|greedy), checked\n"
             "      by Rule Zero's rules; PGN, Elo, SPRT. See `rulezero match --help`.\n"
             "      (Not in the Windows build: it needs POSIX child processes.)\n"
             "  pgn-check FILE\n"
             "      Replay every game of a PGN file through the rules and check its result.\n"
             "  tune-data --variant V --out FILE [--games N] [--nodes K] [--seed S]\n"
             "      Self-play positions with their games' results, for tune.\n"
             "      See `rulezero tune-data --help`.\n"
             "  datagen --variant V --games N (--nodes K | --depth D) --seed S --out FILE\n"
             "      Training data for the networks: self-play positions with the search's\n"
             "      score and the game's result; resumable, shardable (--shard I/N, --merge).\n"
             "      See `rulezero datagen --help`.\n"
             "  tune --variant V --data FILE [--iterations N] [--out FILE]\n"
             "      Fit the variant's evaluation weights to them (Texel's method); writes a\n"
             "      weights file. See `rulezero tune --help`.\n"
             "  train --variant V --data FILE... --out NET [--epochs N] [--seed S]\n"
             "      Train a network on training data; writes it and its learning curve.\n"
             "      See `rulezero train --help`.\n"
             "  puzzles --variant V [--count N] [--nodes K] [--depth D] [--seed S] [--out FILE]\n"
             "      Positions from self-play where one turn clearly wins, with the solution's\n"
             "      line, as JSON lines; --check FILE... searches them again.\n"
             "      See `rulezero puzzles --help`.\n"
             "  lab --variant V --vary NAME=V1,V2,... --out DIR [--games N] [--tc TC]\n"
             "      Self-play study of a game setting: per value, White's score, draw rate,\n"
             "      game length, how games ended and fitted weights, with 95% intervals;\n"
             "      report.md, report.html with charts, PGN. See `rulezero lab --help`.\n"
             "      (Not in the Windows build: it plays through the match runner.)\n"
             "  gui [--port N] [--host ADDR] [--engine CMD]...\n"
             "      A local web server for the browser GUI; open the address it prints.\n"
             "      See `rulezero gui --help`.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "variant id (default normal); see --help for the list", KEEP(TEXT, variant)},
    {"fen", 'f', OPTIONS_TABLE_TEXT, "FEN", "start from this position instead of the start position",
     KEEP(TEXT, fen)},
    {"moves", 'M', OPTIONS_TABLE_TEXT, "LIST",
     "perft, moves: play these turns first (space-separated, in\n"
     "coordinates or the readable notation), keeping the\n"
     "game's history",
     KEEP(TEXT, moves)},
    {"depth", 'd', OPTIONS_TABLE_NUMBER, "D", "depth in turns", 0, 64, "bad depth '%s' (expected 0..64)",
     KEEP(INT, depth)},
    {"divide", 'D', OPTIONS_TABLE_FLAG, NULL, "perft: one line per root turn", KEEP(TRUE, divide)},
    {"no-bulk", 'n', OPTIONS_TABLE_FLAG, NULL, "perft: make every leaf turn instead of counting the last ply",
     KEEP(FALSE, bulk)},
    {"max-depth", 'm', OPTIONS_TABLE_NUMBER, "D", "perft-suite: skip depths above D", 0, 64,
     "bad max depth '%s' (expected 0..64)", KEEP(INT, max_depth)},
    {"option", 'o', OPTIONS_TABLE_TEXT, "NAME=VALUE",
     "set a game setting of the variant (repeatable; with no\n"
     "subcommand, of every variant that has it, or an engine\n"
     "option: Hash, Threads, MultiPV, Ponder, UCI_LimitStrength,\n"
     "UCI_Elo, Skill, Move Overhead, EvalFile, EvalBlend); game\n"
     "settings:\n"
     "Powers (polypiece),\n"
     "Captures=compulsory-chains|optional-single (interweave),\n"
     "Dialectic=square|stair-step (hegelian),\n"
     "Link=SQUARE=PLACE (pickle), Shift=SQUARE=PLACE\n"
     "(shifted-square): a board square and a place beside the\n"
     "board, x1-x8 or z1-z8, default e4=x5;\n"
     "Links=1..32, LinkSquares=same-rank|same-square|same-colour|\n"
     "any, AfterLinking=twinkle|remove (nickdanger)",
     .set = set_option},
    {"powers", 0, OPTIONS_TABLE_TEXT, "LIST",
     "same as --option Powers=LIST (polypiece, polypiece-phased),\n"
     "e.g. 'K:K Q:Q,WAND R:R,NN B:B,R4 N:N,WD'",
     .set = set_powers},
    {"weights", 'w', OPTIONS_TABLE_TEXT, "FILE",
     "evaluation weights of a variant, as `rulezero tune` writes\n"
     "them (with no subcommand, and bench)",
     .set = set_weights},
    {"eval-file", 0, OPTIONS_TABLE_TEXT, "FILE",
     "evaluate with this network (the EvalFile option; with no\n"
     "subcommand, and bench); docs/networks.md",
     .set = set_eval_file},
    {"eval", 0, OPTIONS_TABLE_TEXT, "KIND",
     "classic: the hand-set evaluation; default: each game's\n"
     "built-in network where it has one (the default; the last\n"
     "of --eval and --eval-file counts)",
     .set = set_eval},
    {"notation", 0, OPTIONS_TABLE_FLAG, NULL, NULL, KEEP(TRUE, notation)}, /* listed with `moves` above */
    {"help", 'h', OPTIONS_TABLE_HELP, NULL, "this text", .set = show_variants},
    {"version", 'V', OPTIONS_TABLE_FLAG, NULL, "print the version", .set = show_version},
    {0},
};

const struct options_table cli_options_table = {"rulezero", 21, cli_entries, false};

static int parse_options(int argc, char **argv, struct cli_options *o)
{
    return options_table_parse(&cli_options_table, o, argc, argv);
}
static const struct variant *pick_variant(const char *id)
{
    return variant_find(id ? id : "normal");
}

/* Plays the space-separated turns of `list` from pos, as a game would. */
static int play_moves(struct position *pos, const char *list)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", list);
    char *rest = buf;
    for (char *tok = text_token(&rest, " \t\r\n"); tok; tok = text_token(&rest, " \t\r\n")) {
        struct turn t;
        if (turn_read(pos, tok, &t)) {
            fprintf(stderr, "rulezero: illegal move '%s'\n", tok);
            return EXIT_BAD_INPUT;
        }
        turn_make(pos, &t);
    }
    return EXIT_OK;
}

/* Sets up pos and its game's settings s from the options (the caller frees
 * s after use); prints the error and returns an exit code on failure. */
static int setup_position(struct position *pos, struct settings *s, const struct cli_options *o)
{
    const struct variant *v = pick_variant(o->variant);
    if (!v)
        return usage_error("unknown variant '%s'", o->variant);
    int rc = make_settings(v, o, s);
    if (rc)
        return rc;
    char err[VARIANT_ERR_LEN];
    if (fen_read_with(pos, s, o->fen ? o->fen : v->start_fen, err, sizeof err)) {
        fprintf(stderr, "rulezero: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    return o->moves ? play_moves(pos, o->moves) : EXIT_OK;
}

static void print_speed(FILE *out, uint64_t nodes, double seconds)
{
    double nps = seconds > 0 ? (double)nodes / seconds : 0;
    fprintf(out, "Time: %.3f s, %.0f nodes per second\n", seconds, nps);
}

static int perft_at(struct position *pos, int argc, char **argv)
{
    struct cli_options o = {.bulk = true, .depth = -1};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (o.depth < 0)
        return usage_error("%s needs --depth", "perft");
    struct settings s = {0};
    if ((rc = setup_position(pos, &s, &o))) {
        settings_free(&s);
        return rc;
    }
    double start = clock_seconds();
    uint64_t nodes = o.divide ? perft_divide(pos, o.depth, o.bulk, stdout) : perft(pos, o.depth, o.bulk);
    print_speed(stdout, nodes, clock_seconds() - start);
    printf("Nodes searched: %llu\n", (unsigned long long)nodes);
    settings_free(&s);
    return EXIT_OK;
}

static int cmd_perft_suite(int argc, char **argv)
{
    struct cli_options o = {.bulk = true};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (optind >= argc)
        return usage_error("%s needs a FILE", "perft-suite");
    if (optind + 1 < argc)
        return usage_error("unexpected argument '%s'", argv[optind + 1]);
    if (o.variant && !variant_find(o.variant))
        return usage_error("unknown variant '%s'", o.variant);
    if (o.settings && !o.variant)
        return usage_error("%s: settings need --variant", "perft-suite");
    struct settings base = {0};
    if (o.settings && (rc = make_settings(variant_find(o.variant), &o, &base)))
        return rc;
    double start = clock_seconds();
    int failed = perft_suite(argv[optind], o.variant, base.variant ? &base : NULL, o.max_depth, o.bulk, stdout);
    settings_free(&base);
    if (failed < 0) {
        fprintf(stderr, "rulezero: cannot read '%s'\n", argv[optind]);
        return EXIT_BAD_INPUT;
    }
    printf("Time: %.3f s\n", clock_seconds() - start);
    return failed ? EXIT_BAD_INPUT : EXIT_OK;
}

static void print_turn_and_fen(struct position *after, const struct turn *t, void *ctx)
{
    const bool *notation = ctx;
    char fen[FEN_MAX_LEN];
    fen_write(after, fen, sizeof fen);
    if (*notation) {
        char text[TURN_TEXT_LEN];
        turn_unmake(after, t);
        turn_notation(after, t, text, sizeof text);
        turn_make(after, t);
        printf("%s %s %s\n", t->text, text, fen);
    } else {
        printf("%s %s\n", t->text, fen);
    }
}

static int moves_at(struct position *pos, int argc, char **argv)
{
    struct cli_options o = {.bulk = true};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    struct settings s = {0};
    if ((rc = setup_position(pos, &s, &o)) == EXIT_OK)
        for_each_turn(pos, print_turn_and_fen, &o.notation);
    settings_free(&s);
    return rc;
}

/* Runs a subcommand that needs a position (too big for the stack of some platforms). */
static int with_position(int (*run)(struct position *, int, char **), int argc, char **argv)
{
    struct position *pos = malloc(sizeof *pos);
    if (!pos)
        return EXIT_BAD_INPUT;
    int rc = run(pos, argc, argv);
    free(pos);
    return rc;
}

static int cmd_perft(int argc, char **argv) { return with_position(perft_at, argc, argv); }
static int cmd_moves(int argc, char **argv) { return with_position(moves_at, argc, argv); }

static int cmd_bench(int argc, char **argv)
{
    struct cli_options o = {.bulk = true, .depth = -1};
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (o.depth == 0)
        return usage_error("%s: --depth 0 searches nothing (1..64, or no --depth for each variant's own)", "bench");
    if (o.variant && strcmp(o.variant, "all") != 0 && !variant_find(o.variant))
        return usage_error("unknown variant '%s'", o.variant);
    struct nnue_net *net = NULL;
    enum bench_eval eval = !o.eval_file || strcmp(o.eval_file, ENGINE_EVAL_FILE_DEFAULT) == 0 ? BENCH_EVAL_BUILTIN
                           : *o.eval_file                                                   ? BENCH_EVAL_NETWORK
                                                                                           : BENCH_EVAL_CLASSIC;
    if (eval == BENCH_EVAL_NETWORK) {
        char err[VARIANT_ERR_LEN];
        if (!(net = nnue_load(o.eval_file, err, sizeof err))) {
            fprintf(stderr, "rulezero: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        printf("Evaluation: network %s (%s, 2x%d hidden)\n", o.eval_file, net->variant->id, net->hidden);
    }
    struct bench_result r = bench_run_with(o.variant, o.depth, eval, net, stdout);
    printf("Nodes/second: %.0f\n", r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0);
    printf("Nodes searched: %llu\n", (unsigned long long)r.nodes);
    return EXIT_OK;
}

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv); /* NULL: not available on this platform */
};

/* Every subcommand. The match runner starts engines as child processes
 * (fork, pipes, poll), so it exists only where the platform has them. */
static const struct subcommand subcommands[] = {
    {"perft", cmd_perft},
    {"perft-suite", cmd_perft_suite},
    {"moves", cmd_moves},
    {"bench", cmd_bench},
    {"match", PF_WITH_PROCESSES(match_main)},
    {"pgn-check", pgn_check_main},
    {"tune-data", tune_data_main},
    {"tune", tune_main},
    {"datagen", datagen_main},
    {"train", train_main},
    {"puzzles", puzzles_main},
    {"lab", PF_WITH_PROCESSES(lab_main)},
};

static int run_subcommand(int argc, char **argv)
{
    const char *name = argv[0];
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
        const struct subcommand *s = &subcommands[i];
        if (strcmp(s->name, name) != 0)
            continue;
        if (!s->run) {
            fprintf(stderr, "rulezero: '%s' is not available in the %s build\n", name, PF_NAME);
            return EXIT_USAGE;
        }
        return s->run(argc, argv);
    }
    return usage_error("unknown subcommand '%s'", name);
}

static int cli_run(int argc, char **argv)
{
    char err[VARIANT_ERR_LEN];
    zobrist_init();
    if (variant_check_all(err, sizeof err)) {
        fprintf(stderr, "rulezero: internal error: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (argc < 2 || argv[1][0] == '-') {
        struct cli_options o = {.bulk = true};
        o.session.seed = (uint64_t)time(NULL) ^ (pf_process_id() << 32);
        int rc = parse_options(argc, argv, &o);
        if (rc)
            return rc;
        if (optind < argc)
            return usage_error("unknown subcommand '%s'", argv[optind]);
        if ((rc = check_session_settings(&o)))
            return rc;
        if (o.eval_file && (rc = add_engine_option(&o.session, "EvalFile", o.eval_file)))
            return rc;
        return session_run(stdin, stdout, &o.session);
    }
    return run_subcommand(argc - 1, argv + 1);
}

int cli_load_variant_files(int *argc, char **argv)
{
    int kept = 1;
    zobrist_init();
    for (int i = 1; i < *argc; i++) {
        const char *path;
        if (strcmp(argv[i], "--variants") == 0 && i + 1 < *argc)
            path = argv[++i];
        else if (strncmp(argv[i], "--variants=", 11) == 0)
            path = argv[i] + 11;
        else if (strcmp(argv[i], "--variants") == 0)
            return usage_error("%s needs a game file (docs/gamefiles.md)", "--variants");
        else {
            argv[kept++] = argv[i];
            continue;
        }
        char err[VARIANT_ERR_LEN];
        if (variant_load_file(path, err, sizeof err) < 0) {
            fprintf(stderr, "rulezero: %s\n", err);
            return EXIT_BAD_INPUT;
        }
    }
    *argc = kept;
    argv[kept] = NULL;
    return EXIT_OK;
}

int cli_main(int argc, char **argv)
{
    int rc = cli_run(argc, argv);
    return rc == EXIT_DONE ? EXIT_OK : rc;
}
