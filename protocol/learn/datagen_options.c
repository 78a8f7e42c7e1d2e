/* `rulezero datagen`: its command line (datagen.h). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/learn/datagen.h"
#include "protocol/match/options_table.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/core/variant.h"
#include "variants/registry.h"

#define CMD "rulezero datagen"

struct parse {
    struct datagen_config c;
    const char *variant, *merge;
    bool has_seed;
};

int datagen_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, CMD ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '" CMD " --help'.\n");
    return OPTIONS_TABLE_USAGE;
}

static int set_shard(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct datagen_config *c = &((struct parse *)ctx)->c;
    char buf[32];
    const char *slash = strchr(arg, '/');
    int64_t i, n;
    if (!slash || (size_t)(slash - arg) >= sizeof buf)
        return datagen_usage_error("bad shard '%s' (I/N with 1 <= I <= N)", arg);
    snprintf(buf, sizeof buf, "%.*s", (int)(slash - arg), arg);
    if (text_int64(buf, 1, 1000000, &i) || text_int64(slash + 1, 1, 1000000, &n) || i > n)
        return datagen_usage_error("bad shard '%s' (I/N with 1 <= I <= N)", arg);
    c->shard_index = (int)i;
    c->shard_count = (int)n;
    return 0;
}

static int set_option(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct datagen_config *c = &((struct parse *)ctx)->c;
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        return datagen_usage_error("bad option '%s' (expected NAME=VALUE)", arg);
    if (c->option_count == DATAGEN_OPTIONS_MAX)
        return datagen_usage_error("too many options at '%s'", arg);
    c->options[c->option_count++] = arg;
    return 0;
}

static int set_seed(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    struct parse *p = ctx;
    p->c.seed = number;
    p->has_seed = true;
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct parse, c.field)
#define KEEP_PARSE(kind, field) OPTIONS_TABLE_KEEP(kind, struct parse, field)

static const struct options_table_entry entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero datagen --variant V --games N (--nodes K | --depth D) --seed S --out FILE\n"
             "                        [--shard I/N] [--option NAME=VALUE ...] [--random-plies R]\n"
             "                        [--max-plies P] [--eval-file NET]\n"
             "       rulezero datagen --merge OUT IN...\n"
             "\n"
             "Plays the built-in engine against itself (one thread, the hash cleared per\n"
             "game), each game from R random legal turns, and writes every position met\n"
             "at a turn's start with the search's score, the game's result and flags (in\n"
             "check, best move a capture) in the training data format (docs/networks.md).\n"
             "The same command gives the same bytes. FILE.games beside FILE keeps the\n"
             "conditions and the games done: the same command again resumes an\n"
             "interrupted run; under other conditions it is refused. --merge joins the\n"
             "shards' files (each with its .games) into the whole run's file.\n"
             "With --eval-file the searches evaluate with a network, which the header names.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the game", KEEP_PARSE(TEXT, variant)},
    {"games", 'g', OPTIONS_TABLE_NUMBER, "N", "games in the whole run", 1, 100000000,
     "bad game count '%s' (expected 1..100000000)", KEEP(INT64, games)},
    {"nodes", 'n', OPTIONS_TABLE_NUMBER, "K", "nodes per move", 1, 1000000000,
     "bad node count '%s' (expected 1..1000000000)", KEEP(INT64, nodes)},
    {"depth", 'd', OPTIONS_TABLE_NUMBER, "D", "depth per move (instead of --nodes)", 1, 64,
     "bad depth '%s' (expected 1..64)", KEEP(INT64, depth)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "seed of the random openings", 0, 2147483647,
     "bad seed '%s' (expected 0..2147483647)", .set = set_seed},
    {"out", 'o', OPTIONS_TABLE_TEXT, "FILE", "the data file (and FILE.games beside it)", KEEP(TEXT, out)},
    {"shard", 0, OPTIONS_TABLE_TEXT, "I/N", "play only games I-1, I-1+N, I-1+2N, ... (I from 1)", .set = set_shard},
    {"option", 'O', OPTIONS_TABLE_TEXT, "NAME=VALUE", "a setting of the game (repeatable)", .set = set_option},
    {"eval-file", 'e', OPTIONS_TABLE_TEXT, "NET", "the searches evaluate with this network (default: hand-set)",
     KEEP(TEXT, eval_file)},
    {"random-plies", 'r', OPTIONS_TABLE_NUMBER, "R", "random turns that open each game (default 8)", 0, 100,
     "bad random plies '%s' (expected 0..100)", KEEP(INT64, random_plies)},
    {"max-plies", 'm', OPTIONS_TABLE_NUMBER, "P", "a game reaching this many turns is a draw (default 400)", 1,
     10000, "bad turn limit '%s' (expected 1..10000)", KEEP(INT64, max_plies)},
    {"merge", 0, OPTIONS_TABLE_TEXT, "OUT", "merge the shards' files IN... into OUT", KEEP_PARSE(TEXT, merge)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

static const struct options_table table = {CMD, 28, entries};

static int check_run_options(const struct parse *p, int argc, char **argv)
{
    const struct datagen_config *c = &p->c;
    if (optind < argc)
        return datagen_usage_error("unexpected argument '%s'", argv[optind]);
    if (!p->variant)
        return datagen_usage_error("%s", "--variant is required");
    if (!c->variant)
        return datagen_usage_error("unknown variant '%s'", p->variant);
    if (!c->games)
        return datagen_usage_error("%s", "--games is required");
    if (!c->nodes == !c->depth)
        return datagen_usage_error("%s", "give one of --nodes and --depth");
    if (!p->has_seed)
        return datagen_usage_error("%s", "--seed is required");
    if (!c->out)
        return datagen_usage_error("%s", "--out is required");
    if (c->shard_index > c->games)
        return datagen_usage_error("%s", "this shard has no games (more shards than games)");
    return 0;
}

int datagen_parse(int argc, char **argv, struct datagen_config *c, const char **merge_out, int *first_input)
{
    struct parse p = {.c = {.random_plies = 8, .max_plies = 400, .shard_index = 1, .shard_count = 1}};
    int rc = options_table_parse(&table, &p, argc, argv);
    p.c.variant = p.variant ? variant_find(p.variant) : NULL;
    *c = p.c;
    if (rc)
        return rc;
    *merge_out = p.merge;
    *first_input = optind;
    if (p.merge)
        return optind < argc ? 0 : datagen_usage_error("%s", "--merge OUT needs the shards' files after it");
    return check_run_options(&p, argc, argv);
}

int64_t datagen_game_index(const struct datagen_config *c, int64_t k)
{
    int64_t index = (c->shard_index - 1) + k * c->shard_count;
    return k >= 0 && index < c->games ? index : -1;
}

/* The next "NAME=VALUE" of a settings text ("A=1; B=2"), into item; NULL after the last. */
static const char *next_setting(const char *text, char *item, size_t n)
{
    if (!text || !*text)
        return NULL;
    const char *end = strstr(text, "; ");
    size_t len = end ? (size_t)(end - text) : strlen(text);
    snprintf(item, n, "%.*s", (int)len, text);
    return end ? end + 2 : text + len;
}

/* The settings of c's options that differ from the defaults, into c->differ. */
static void find_differences(struct datagen_config *c, const struct settings *asked, const struct settings *defaults)
{
    char mine[SETTINGS_TEXT_LEN], theirs[SETTINGS_TEXT_LEN];
    char a[SETTINGS_TEXT_LEN], d[SETTINGS_TEXT_LEN];
    settings_text(asked, mine, sizeof mine);
    settings_text(defaults, theirs, sizeof theirs);
    size_t used = 0;
    const char *pa = mine, *pd = theirs;
    c->differ_count = 0;
    while ((pa = next_setting(pa, a, sizeof a)) != NULL) {
        pd = next_setting(pd, d, sizeof d);
        if ((pd && strcmp(a, d) == 0) || c->differ_count == DATAGEN_OPTIONS_MAX ||
            used + strlen(a) + 1 > sizeof c->differ_text)
            continue;
        memcpy(c->differ_text + used, a, strlen(a) + 1);
        c->differ[c->differ_count++] = c->differ_text + used;
        used += strlen(a) + 1;
    }
}

/* Sets "NAME=VALUE" on s: 0, or 2 after a usage error. */
static int apply_option(const struct variant *v, struct settings *s, const char *option)
{
    char name[128], err[VARIANT_ERR_LEN];
    const char *eq = strchr(option, '=');
    snprintf(name, sizeof name, "%.*s", (int)(eq - option), option);
    if (!settings_offers(v, name)) {
        fprintf(stderr, CMD ": %s has no option '%s'\nTry '" CMD " --help'.\n", v->id, name);
        return OPTIONS_TABLE_USAGE;
    }
    if (settings_set(s, name, eq + 1, err, sizeof err))
        return datagen_usage_error("%s", err);
    return 0;
}

int datagen_settle(struct datagen_config *c)
{
    struct settings asked, defaults;
    char err[VARIANT_ERR_LEN];
    if (settings_init(&asked, c->variant, err, sizeof err))
        return datagen_usage_error("%s", err);
    if (settings_init(&defaults, c->variant, err, sizeof err)) {
        settings_free(&asked);
        return datagen_usage_error("%s", err);
    }
    int rc = 0;
    for (int i = 0; i < c->option_count && rc == 0; i++)
        rc = apply_option(c->variant, &asked, c->options[i]);
    if (rc == 0)
        find_differences(c, &asked, &defaults);
    settings_free(&asked);
    settings_free(&defaults);
    return rc;
}

/* Appends " WORD" to out, in single quotes when the shell would split or expand it. */
static size_t append_word(char *out, size_t n, size_t used, const char *word)
{
    bool plain = *word != '\0';
    for (const char *p = word; *p && plain; p++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789=:,._/+-", *p) != NULL;
    if (used >= n)
        return used;
    if (plain || strchr(word, '\''))
        return used + (size_t)snprintf(out + used, n - used, " %s", word);
    return used + (size_t)snprintf(out + used, n - used, " '%s'", word);
}

void datagen_command(const struct datagen_config *c, char *out, size_t n)
{
    size_t used = (size_t)snprintf(out, n, "rulezero datagen --variant %s --games %lld %s %lld --seed %lld "
                                           "--random-plies %lld --max-plies %lld",
                                   c->variant->id, (long long)c->games, c->nodes ? "--nodes" : "--depth",
                                   (long long)(c->nodes ? c->nodes : c->depth), (long long)c->seed,
                                   (long long)c->random_plies, (long long)c->max_plies);
    if (c->shard_count > 1 && used < n)
        used += (size_t)snprintf(out + used, n - used, " --shard %d/%d", c->shard_index, c->shard_count);
    for (int i = 0; i < c->differ_count; i++) {
        used = append_word(out, n, used, "--option");
        used = append_word(out, n, used, c->differ[i]);
    }
    if (c->eval_file) {
        used = append_word(out, n, used, "--eval-file");
        append_word(out, n, used, c->eval_file);
    }
}

void datagen_header_of(const struct datagen_config *c, char *command, size_t n, struct datagen_header *h)
{
    datagen_command(c, command, n);
    *h = (struct datagen_header){.variant = c->variant->id, .command = command, .seed = (uint64_t)c->seed,
                                 .option_count = c->differ_count, .eval = c->eval[0] ? c->eval : NULL};
    for (int i = 0; i < c->differ_count; i++)
        h->options[i] = c->differ[i];
}
