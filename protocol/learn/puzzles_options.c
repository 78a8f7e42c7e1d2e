/* `rulezero puzzles`: its command line (puzzles.h). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "protocol/game.h"
#include "protocol/learn/puzzles.h"
#include "protocol/match/options_table.h"
#include "variants/registry.h"

#define CMD "rulezero puzzles"

struct parse {
    struct puzzles_config c;
    const char *variant;
};

static int set_option(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct puzzles_config *c = &((struct parse *)ctx)->c;
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || strlen(arg) >= PUZZLE_OPTION_LEN)
        return puzzles_usage_error("bad option '%s' (expected NAME=VALUE)", arg);
    if (c->option_count == PUZZLE_OPTIONS_MAX)
        return puzzles_usage_error("too many options at '%s'", arg);
    c->options[c->option_count++] = arg;
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct parse, c.field)

static const struct options_table_entry entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero puzzles --variant V [--count N] [--nodes K] [--depth D] [--seed S] [--out FILE]\n"
             "       rulezero puzzles --check FILE...\n"
             "\n"
             "Plays the built-in engine against itself (one thread), each game from R random\n"
             "legal turns and K nodes a turn, and keeps a position where one turn clearly\n"
             "wins: a MultiPV 2 search to depth D puts the best turn at 300 centipawns or\n"
             "more (or a mate) and the second at least 300 below it and at most 100, and a\n"
             "search to the confirming depth (D+2) still finds that turn alone winning. A\n"
             "game's next puzzle comes 10 plies later at least. Each is written as a line\n"
             "of JSON: the game, its settings, the FEN, the solution's line and the\n"
             "evaluation (docs/puzzles.md). The same command writes the same file.\n"
             "--check searches every puzzle of the files again at its depth: the FEN\n"
             "loads, the line is legal and its first turn is still the best by 200\n"
             "centipawns or more; exit 1 when one is not.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the game", OPTIONS_TABLE_KEEP(TEXT, struct parse, variant)},
    {"count", 'c', OPTIONS_TABLE_NUMBER, "N", "puzzles to find (default 50)", 1, 100000,
     "bad puzzle count '%s' (expected 1..100000)", KEEP(INT64, count)},
    {"nodes", 'n', OPTIONS_TABLE_NUMBER, "K", "nodes per self-play turn (default 1000)", 1, 1000000000,
     "bad node count '%s' (expected 1..1000000000)", KEEP(INT64, nodes)},
    {"depth", 'd', OPTIONS_TABLE_NUMBER, "D", "depth of the MultiPV 2 search (default 4)", 1, 60,
     "bad depth '%s' (expected 1..60)", KEEP(INT64, depth)},
    {"confirm-depth", 0, OPTIONS_TABLE_NUMBER, "C", "depth of the confirming search (default D+2)", 1, 64,
     "bad confirming depth '%s' (expected 1..64)", KEEP(INT64, confirm_depth)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "seed of the random openings (default 1)", 0, 2147483647,
     "bad seed '%s' (expected 0..2147483647)", KEEP(INT64, seed)},
    {"out", 'o', OPTIONS_TABLE_TEXT, "FILE", "the puzzle file (default: standard output)", KEEP(TEXT, out)},
    {"option", 'O', OPTIONS_TABLE_TEXT, "NAME=VALUE", "a setting of the game (repeatable)", .set = set_option},
    {"random-plies", 'r', OPTIONS_TABLE_NUMBER, "R", "random turns that open each game (default 8)", 0, 100,
     "bad random plies '%s' (expected 0..100)", KEEP(INT64, random_plies)},
    {"max-plies", 'm', OPTIONS_TABLE_NUMBER, "P", "turns a game at most (default 200)", 1, 10000,
     "bad turn limit '%s' (expected 1..10000)", KEEP(INT64, max_plies)},
    {"max-games", 'g', OPTIONS_TABLE_NUMBER, "G", "games at most, found or not (default 40 a puzzle)", 1,
     100000000, "bad game limit '%s' (expected 1..100000000)", KEEP(INT64, max_games)},
    {"check", 0, OPTIONS_TABLE_FLAG, NULL, "check the puzzle files named after the options", KEEP(TRUE, check)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

static const struct options_table table = {CMD, 28, entries};

int puzzles_usage_error(const char *fmt, const char *arg) { return options_table_error(&table, fmt, arg); }

static int check_run_options(struct parse *p, int argc, char **argv)
{
    struct puzzles_config *c = &p->c;
    if (c->check)
        return optind < argc ? 0 : puzzles_usage_error("%s", "--check needs the puzzle files after it");
    if (optind < argc)
        return puzzles_usage_error("unexpected argument '%s'", argv[optind]);
    if (!p->variant)
        return puzzles_usage_error("%s", "--variant is required");
    if (!c->variant)
        return puzzles_usage_error("unknown variant '%s'", p->variant);
    if (!c->confirm_depth)
        c->confirm_depth = c->depth + 2 > 64 ? 64 : c->depth + 2;
    if (c->confirm_depth < c->depth)
        return puzzles_usage_error("%s", "the confirming depth is below --depth");
    if (!c->max_games)
        c->max_games = 40 * c->count;
    char err[VARIANT_ERR_LEN];
    struct game g = {0};
    if (game_init(&g))
        return puzzles_usage_error("%s", "out of memory");
    int rc = puzzles_new_game(&g, c->variant, c->options, c->option_count, NULL, err, sizeof err);
    game_free(&g);
    return rc ? puzzles_usage_error("%s", err) : 0;
}

int puzzles_parse(int argc, char **argv, struct puzzles_config *c, int *first_file)
{
    struct parse p = {.c = {.count = 50, .nodes = 1000, .depth = 4, .seed = 1, .random_plies = 8, .max_plies = 200}};
    int rc = options_table_parse(&table, &p, argc, argv);
    p.c.variant = p.variant ? variant_find(p.variant) : NULL;
    *c = p.c;
    if (rc)
        return rc;
    *first_file = optind;
    rc = check_run_options(&p, argc, argv);
    *c = p.c;
    return rc;
}

int puzzles_new_game(struct game *g, const struct variant *v, const char *const *options, int option_count,
                     const char *fen, char *err, size_t errlen)
{
    char name[128];
    if (game_new(g, v, NULL, err, errlen))
        return -1;
    for (int i = 0; i < option_count; i++) {
        const char *eq = strchr(options[i], '=');
        if (!eq || eq == options[i] || (size_t)(eq - options[i]) >= sizeof name) {
            snprintf(err, errlen, "bad option '%s' (expected NAME=VALUE)", options[i]);
            return -1;
        }
        snprintf(name, sizeof name, "%.*s", (int)(eq - options[i]), options[i]);
        if (game_set_option(g, name, eq + 1, err, errlen))
            return -1;
    }
    return fen ? game_new(g, v, fen, err, errlen) : 0;
}

void puzzles_command(const struct puzzles_config *c, char *out, size_t n)
{
    size_t used = (size_t)snprintf(out, n,
                                   "rulezero puzzles --variant %s --count %lld --nodes %lld --depth %lld "
                                   "--confirm-depth %lld --seed %lld --random-plies %lld --max-plies %lld "
                                   "--max-games %lld",
                                   c->variant->id, (long long)c->count, (long long)c->nodes, (long long)c->depth,
                                   (long long)c->confirm_depth, (long long)c->seed, (long long)c->random_plies,
                                   (long long)c->max_plies, (long long)c->max_games);
    for (int i = 0; i < c->option_count && used < n; i++)
        used += (size_t)snprintf(out + used, n - used, " --option '%s'", c->options[i]);
}
