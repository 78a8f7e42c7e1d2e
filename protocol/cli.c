#include "protocol/cli.h"

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
#include "protocol/cli_options.h"
#include "protocol/engine_options.h"
#include "protocol/session.h"
#include "protocol/learn/datagen.h"
#include "protocol/learn/puzzles.h"
#include "protocol/learn/train.h"
#include "protocol/learn/tune.h"
#include "variants/registry.h"

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
            return cli_usage_error(o, "this variant has no option '%s'", o->setting_name[i]);
        }
        if (settings_set(s, o->setting_name[i], o->setting_value[i], err, sizeof err)) {
            settings_free(s);
            return cli_usage_error(o, "%s", err);
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
static int add_engine_option(struct cli_options *o, const char *name, const char *value)
{
    struct session_options *s = &o->session;
    if (s->engine_option_count == SESSION_MAX_ENGINE_OPTIONS)
        return cli_usage_error(o, "too many engine options at '%s'", name);
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
    return rc ? cli_usage_error(o, "%s", err) : EXIT_OK;
}

/* Without a variant (the protocol session): an engine option (Threads,
 * Skill, ...) goes to the session; any other setting must be one some variant
 * offers, with a value that variant accepts, and the session's games take it. */
static int check_session_settings(struct cli_options *o)
{
    int kept = 0;
    for (int i = 0; i < o->settings; i++) {
        if (strcasecmp(o->setting_name[i], "UCI_Variant") == 0)
            return cli_usage_error(o, "%s is the GUI's choice (UCI setoption, CECP variant); the session starts in normal",
                               o->setting_name[i]);
        if (is_engine_option(o->setting_name[i])) {
            int rc = add_engine_option(o, o->setting_name[i], o->setting_value[i]);
            if (rc)
                return rc;
            continue;
        }
        const struct variant *v = NULL;
        for (int k = 0; k < variant_count() && !v; k++)
            if (settings_offers(variant_at(k), o->setting_name[i]))
                v = variant_at(k);
        if (!v)
            return cli_usage_error(o, "no variant has an option '%s'", o->setting_name[i]);
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
        return cli_usage_error(o, "unknown variant '%s'", o->variant);
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
    int rc = cli_options_parse(&cli_perft_table, &o, argc, argv);
    if (rc)
        return rc;
    if (optind < argc)
        return cli_usage_error(&o, "unexpected argument '%s'", argv[optind]);
    if (o.depth < 0)
        return cli_usage_error(&o, "%s is required", "--depth");
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
    int rc = cli_options_parse(&cli_perft_suite_table, &o, argc, argv);
    if (rc)
        return rc;
    if (optind >= argc)
        return cli_usage_error(&o, "%s", "needs a FILE");
    if (optind + 1 < argc)
        return cli_usage_error(&o, "unexpected argument '%s'", argv[optind + 1]);
    if (o.variant && !variant_find(o.variant))
        return cli_usage_error(&o, "unknown variant '%s'", o.variant);
    if (o.settings && !o.variant)
        return cli_usage_error(&o, "%s", "settings need --variant");
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
    int rc = cli_options_parse(&cli_moves_table, &o, argc, argv);
    if (rc)
        return rc;
    if (optind < argc)
        return cli_usage_error(&o, "unexpected argument '%s'", argv[optind]);
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
    int rc = cli_options_parse(&cli_bench_table, &o, argc, argv);
    if (rc)
        return rc;
    if (optind < argc)
        return cli_usage_error(&o, "unexpected argument '%s'", argv[optind]);
    if (o.depth == 0)
        return cli_usage_error(&o, "%s", "--depth 0 searches nothing (1..64, or no --depth for each variant's own)");
    if (o.variant && strcmp(o.variant, "all") != 0 && !variant_find(o.variant))
        return cli_usage_error(&o, "unknown variant '%s'", o.variant);
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
    return options_table_error(&cli_options_table, "unknown subcommand '%s'", name);
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
        int rc = cli_options_parse(&cli_options_table, &o, argc, argv);
        if (rc)
            return rc;
        if (optind < argc)
            return cli_usage_error(&o, "unknown subcommand '%s'", argv[optind]);
        if ((rc = check_session_settings(&o)))
            return rc;
        if (o.eval_file && (rc = add_engine_option(&o, "EvalFile", o.eval_file)))
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
            return options_table_error(&cli_options_table, "%s needs a game file (docs/gamefiles.md)", "--variants");
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
