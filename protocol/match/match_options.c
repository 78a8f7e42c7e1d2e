/* `rulezero match` command-line options: their table (protocol/match/options_table.h), then what they say together. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol/match/match_config.h"
#include "protocol/match/openings.h"
#include "protocol/match/options_table.h"
#include "variants/registry.h"

enum { EXIT_OK = MATCH_EXIT_OK, EXIT_USAGE = MATCH_EXIT_USAGE };

static int usage_error(const char *fmt, const char *arg)
{
    return options_table_error(&match_options_table, fmt, arg);
}

static int parse_long(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(text, &end, 10);
    if (errno || end == text || *end || n < lo || n > hi)
        return -1;
    *out = n;
    return 0;
}

static int parse_seconds(const char *text, int64_t *ms)
{
    char *end;
    double minutes = 0, s;
    const char *colon = strchr(text, ':');
    if (colon) {
        minutes = strtod(text, &end);
        if (end != colon || minutes < 0)
            return -1;
        text = colon + 1;
    }
    s = strtod(text, &end);
    if (end == text || *end || s < 0 || !isfinite(s) || s > 1e7)
        return -1;
    *ms = (int64_t)llround((minutes * 60 + s) * 1000);
    return 0;
}

/* [MOVES/]BASE[+INC] */
static int parse_tc(const char *text, struct limits *l)
{
    char buf[64];
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    char *base = buf;
    l->moves_per_session = 0;
    char *slash = strchr(buf, '/');
    if (slash) {
        *slash = '\0';
        long long m;
        if (parse_long(buf, 1, 1000, &m))
            return -1;
        l->moves_per_session = (int)m;
        base = slash + 1;
    }
    char *plus = strchr(base, '+');
    l->inc_ms = 0;
    if (plus) {
        *plus = '\0';
        if (parse_seconds(plus + 1, &l->inc_ms))
            return -1;
    }
    if (parse_seconds(base, &l->base_ms) || l->base_ms <= 0)
        return -1;
    l->kind = LIMIT_CLOCK;
    return 0;
}

/* A clock option's value into its limits and its PGN text; prints the usage error. */
static int read_clock(const char *text, struct limits *l, char *tc_text, size_t n)
{
    if (parse_tc(text, l)) {
        usage_error("bad time control '%s' (e.g. 10+0.1, 40/60, 1:30+1)", text);
        return -1;
    }
    snprintf(tc_text, n, "%s", text);
    return 0;
}

static int parse_protocol(const char *text, enum player_protocol *out)
{
    if (strcmp(text, "cecp") == 0 || strcmp(text, "xboard") == 0)
        *out = PROTO_CECP;
    else if (strcmp(text, "uci") == 0)
        *out = PROTO_UCI;
    else if (strcmp(text, "auto") == 0)
        *out = PROTO_AUTO;
    else
        return -1;
    return 0;
}

/* I/N with 1 <= I <= N. */
static int parse_shard(const char *text, struct match_config *c)
{
    char buf[48];
    const char *slash = strchr(text, '/');
    long long i, n;
    if (!slash || (size_t)(slash - text) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%.*s", (int)(slash - text), text);
    if (parse_long(buf, 1, 1000000, &i) || parse_long(slash + 1, 1, 1000000, &n) || i > n)
        return -1;
    c->shard_index = (int)i;
    c->shard_count = (int)n;
    return 0;
}

/* ---- The options: setters, then the table (which is also --help) ---------------- */

/* The parse's context: the config being filled, the engine options given
 * before the first --engine (they apply to both), how many of --tc, --st,
 * --nodes and --depth were given. */
struct match_parse {
    struct match_config c;
    struct player_config defaults;
    int limit_flags;
    const char *variant_id;
};

/* The player the engine options apply to: the last --engine, or both before the first. */
static struct player_config *current(struct match_parse *p)
{
    return p->c.engine_count ? &p->c.engines[p->c.engine_count - 1] : &p->defaults;
}

static int set_engine(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct match_config *c = &((struct match_parse *)ctx)->c;
    if (c->engine_count == 2)
        return usage_error("%s", "exactly two --engine players, please");
    c->engines[c->engine_count++].cmd = arg;
    return EXIT_OK;
}

static int set_engine_name(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct player_config *cur = current(ctx);
    snprintf(cur->name, sizeof cur->name, "%s", arg);
    return EXIT_OK;
}

static int set_protocol(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    if (parse_protocol(arg, &current(ctx)->protocol))
        return usage_error("bad protocol '%s' (cecp, uci or auto)", arg);
    return EXIT_OK;
}

static int set_engine_option(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct player_config *cur = current(ctx);
    if (cur->option_count == PLAYER_MAX_OPTIONS || !strchr(arg, '='))
        return usage_error("bad option '%s' (NAME=VALUE)", arg);
    cur->options[cur->option_count++] = arg;
    return EXIT_OK;
}

static int set_ponder(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    (void)number;
    current(ctx)->ponder = true;
    return EXIT_OK;
}

static int set_tc(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct match_parse *p = ctx;
    if (read_clock(arg, &p->c.limits, p->c.tc_text, sizeof p->c.tc_text))
        return EXIT_USAGE;
    p->limit_flags++;
    return EXIT_OK;
}

static int set_engine_tc(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct match_parse *p = ctx;
    struct player_config *cur = current(p);
    if (p->c.engine_count == 0)
        return usage_error("%s", "--engine-tc comes after the --engine it applies to");
    if (read_clock(arg, &cur->limits, cur->tc_text, sizeof cur->tc_text))
        return EXIT_USAGE;
    return EXIT_OK;
}

static int set_st(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct match_parse *p = ctx;
    if (parse_seconds(arg, &p->c.limits.movetime_ms) || p->c.limits.movetime_ms <= 0)
        return usage_error("bad time per move '%s'", arg);
    p->c.limits.kind = LIMIT_MOVETIME;
    p->limit_flags++;
    return EXIT_OK;
}

static int set_nodes(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    struct match_parse *p = ctx;
    p->c.limits.kind = LIMIT_NODES;
    p->c.limits.nodes = (uint64_t)number;
    p->limit_flags++;
    return EXIT_OK;
}

static int set_depth(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    struct match_parse *p = ctx;
    p->c.limits.kind = LIMIT_DEPTH;
    p->c.limits.depth = (int)number;
    p->limit_flags++;
    return EXIT_OK;
}

static int set_seed(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    ((struct match_parse *)ctx)->c.seed = (uint64_t)number;
    return EXIT_OK;
}

static int set_sprt(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct match_config *c = &((struct match_parse *)ctx)->c;
    if (sprt_parse(arg, &c->sprt))
        return usage_error("bad SPRT '%s' (elo0=0,elo1=5,alpha=0.05,beta=0.05)", arg);
    c->sprt_on = true;
    return EXIT_OK;
}

static int set_max_wait(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    ((struct match_parse *)ctx)->c.max_wait_ms = number * 1000;
    return EXIT_OK;
}

static int set_shard(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    if (parse_shard(arg, &((struct match_parse *)ctx)->c))
        return usage_error("bad shard '%s' (I/N with 1 <= I <= N)", arg);
    return EXIT_OK;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct match_parse, field)

static const struct options_table_entry match_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero match --variant V --engine CMD [--engine-name NAME] [--protocol cecp|uci]\n"
             "                      [--option NAME=VALUE ...] [--ponder] --engine CMD [...] [OPTIONS]\n"
             "\n"
             "Plays games between two players, checking every turn with Rule Zero's rules.\n"
             "CMD is a shell command (an engine speaking CECP or UCI) or builtin:random /\n"
             "builtin:greedy (in-process baselines). --engine-name, --protocol, --option and --ponder\n"
             "after an --engine apply to that engine; before the first --engine, to both.\n"
             "\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "variant id (default normal)", KEEP(TEXT, variant_id)},
    {"engine", 'e', OPTIONS_TABLE_TEXT, "CMD", "a player (exactly two)", .set = set_engine},
    {"engine-name", 'N', OPTIONS_TABLE_TEXT, "NAME", "its name in the PGN and the reports", .set = set_engine_name},
    {"protocol", 'P', OPTIONS_TABLE_TEXT, "P", "cecp, uci or auto (default: probe with `uci`)", .set = set_protocol},
    {"option", 'O', OPTIONS_TABLE_TEXT, "NAME=VALUE",
     "engine option (CECP `option`, UCI `setoption`); a\n"
     "name the variant declares also sets the arbiter's rules",
     .set = set_engine_option},
    {"ponder", 0, OPTIONS_TABLE_FLAG, NULL,
     "let the engine think on the opponent's time (CECP hard,\n"
     "UCI Ponder with go ponder / ponderhit)",
     .set = set_ponder},
    {"games", 'g', OPTIONS_TABLE_NUMBER, "N", "games (default 2); each opening is played with both colours", 1,
     1000000, "bad game count '%s'", KEEP(INT, c.games)},
    {"tc", 't', OPTIONS_TABLE_TEXT, "[M/]BASE[+INC]",
     "clock: BASE seconds (or MIN:SS), INC seconds, M moves per session", .set = set_tc},
    {"engine-tc", 0, OPTIONS_TABLE_TEXT, "TC", "this engine's own clock (after its --engine), e.g. time odds",
     .set = set_engine_tc},
    {"st", 0, OPTIONS_TABLE_TEXT, "SEC", "fixed time per move", .set = set_st},
    {"nodes", 0, OPTIONS_TABLE_NUMBER, "N", "nodes per move (UCI go nodes; CECP nps N + st 1)", 1,
     (int64_t)1e15, "bad node count '%s'", .set = set_nodes},
    {"depth", 'd', OPTIONS_TABLE_NUMBER, "D", "depth per move (UCI go depth; CECP sd)", 1, 128,
     "bad depth '%s' (1..128)", .set = set_depth},
    {"openings", 'o', OPTIONS_TABLE_TEXT, "FILE", "start positions: one FEN per line (EPD lines allowed)",
     KEEP(TEXT, c.openings_path)},
    {"random-plies", 'r', OPTIONS_TABLE_NUMBER, "K", "openings of K random legal turns from the start", 0,
     OPENING_MAX_PLIES, "bad random plies '%s' (0..200)", KEEP(INT, c.random_plies)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "seed of the random openings and baselines (default 1)", 0, INT64_MAX,
     "bad seed '%s'", .set = set_seed},
    {"pgn", 'p', OPTIONS_TABLE_TEXT, "FILE", "append the games to FILE", KEEP(TEXT, c.pgn_path)},
    {"distinct-openings", 0, OPTIONS_TABLE_FLAG, NULL,
     "every game its own opening (colours still alternate): for\n"
     "self-play, where the colour-reversed replay of an opening by\n"
     "the same program at a fixed depth would repeat the game",
     KEEP(TRUE, c.distinct_openings)},
    {"resume", 0, OPTIONS_TABLE_FLAG, NULL,
     "with --pgn: the games FILE already holds (by Round) are not\n"
     "played again; an interrupted match goes on where it stopped", KEEP(TRUE, c.resume)},
    {"concurrency", 'j', OPTIONS_TABLE_NUMBER, "J", "games at once (default 1)", 1, 64,
     "bad concurrency '%s' (1..64)", KEEP(INT, c.concurrency)},
    {"sprt", 0, OPTIONS_TABLE_TEXT, "SPEC", "elo0=0,elo1=5,alpha=0.05,beta=0.05; stops when decided",
     .set = set_sprt},
    {"timemargin", 0, OPTIONS_TABLE_NUMBER, "MS", "tolerance on the clock (default 50)", 0, 3600000,
     "bad time margin '%s' (milliseconds)", KEEP(INT64, c.margin_ms)},
    {"max-moves", 0, OPTIONS_TABLE_NUMBER, "N", "adjudicate a draw after N moves by each side past the opening", 1,
     100000, "bad max moves '%s'", KEEP(INT, c.max_moves)},
    {"max-wait", 0, OPTIONS_TABLE_NUMBER, "SEC", "longest wait for a move without a clock (default 60)", 1, 86400,
     "bad max wait '%s' (seconds)", .set = set_max_wait},
    {"shard", 0, OPTIONS_TABLE_TEXT, "I/N", "play only shard I of N (its share of the openings, both colours)",
     .set = set_shard},
    {"verbose", 0, OPTIONS_TABLE_FLAG, NULL, "also print each game's final FEN", KEEP(TRUE, c.verbose)},
    {"debug", 0, OPTIONS_TABLE_FLAG, NULL, "log all engine traffic on standard error", KEEP(TRUE, c.debug)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "\n"
             "       rulezero match --merge [--sprt SPEC] FILE.pgn...\n"
             "Sums up the games of PGN files (e.g. the shards' files) into one result.\n"},
    {"merge", 0, OPTIONS_TABLE_FLAG, NULL, NULL, KEEP(TRUE, c.merge)}, /* listed in the line above */
    {0},
};

const struct options_table match_options_table = {"rulezero match", 27, match_entries};

/* After the options: the PGN files of --merge. */
static int take_merge_files(int argc, char **argv, struct match_config *c)
{
    if (optind >= argc)
        return usage_error("%s", "--merge needs PGN files");
    c->merge_paths = argv + optind;
    c->merge_count = argc - optind;
    return EXIT_OK;
}

/* What the options say together: the players, one limit, the openings, the variant. */
static int check_together(struct match_parse *p, int argc, char **argv)
{
    struct match_config *c = &p->c;
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (c->engine_count != 2)
        return usage_error("%s", "needs two --engine players");
    if (p->limit_flags > 1)
        return usage_error("%s", "give one of --tc, --st, --nodes, --depth");
    if (p->limit_flags == 0) {
        parse_tc("10+0.1", &c->limits);
        snprintf(c->tc_text, sizeof c->tc_text, "10+0.1");
    }
    if (c->openings_path && c->random_plies)
        return usage_error("%s", "give --openings or --random-plies, not both");
    if (c->resume && !c->pgn_path)
        return usage_error("%s", "--resume needs --pgn FILE");
    if (match_game_count(c) == 0)
        return usage_error("%s", "this shard has no games (more shards than openings)");
    c->variant = variant_find(p->variant_id);
    if (!c->variant)
        return usage_error("unknown variant '%s'", p->variant_id);
    return EXIT_OK;
}

/* Each player gets the options given before the first --engine, then its own. */
static void merge_defaults(struct match_parse *p)
{
    const struct player_config *defaults = &p->defaults;
    for (int i = 0; i < 2; i++) {
        struct player_config *e = &p->c.engines[i];
        if (e->protocol == PROTO_AUTO)
            e->protocol = defaults->protocol;
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", defaults->name[0] ? defaults->name : "");
        struct player_config merged = *defaults;
        merged.cmd = e->cmd;
        bool own_clock = e->tc_text[0] != '\0'; /* --engine-tc */
        merged.limits = own_clock ? e->limits : p->c.limits;
        snprintf(merged.tc_text, sizeof merged.tc_text, "%s",
                 own_clock ? e->tc_text : p->c.limits.kind == LIMIT_CLOCK ? p->c.tc_text : "-");
        merged.protocol = e->protocol;
        merged.ponder = defaults->ponder || e->ponder;
        memcpy(merged.name, e->name, sizeof merged.name);
        for (int k = 0; k < e->option_count && merged.option_count < PLAYER_MAX_OPTIONS; k++)
            merged.options[merged.option_count++] = e->options[k];
        *e = merged;
    }
}

/* Does engine option `opt` (NAME=VALUE) ask for the variant's hidden setting? */
static bool asks_hidden(const struct variant *v, const char *opt)
{
    const char *eq = strchr(opt, '=');
    size_t len = (size_t)(eq - opt);
    return v->hidden && strlen(v->hidden->option) == len && strncasecmp(opt, v->hidden->option, len) == 0 &&
           strcmp(eq + 1, HIDDEN_VALUE) == 0;
}

/* Whether the match is played with the variant's setting hidden (an engine option NAME=hidden). */
static bool match_hidden(const struct match_config *c)
{
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < c->engines[i].option_count; k++)
            if (asks_hidden(c->variant, c->engines[i].options[k]))
                return true;
    return false;
}

/* The settings s of the variant with the engines' options it declares (but
 * the hidden one: the referee draws it per game); 0, or -1 with err (1 when
 * settings_init failed, 2 at a refused value). */
static int read_variant_options(const struct match_config *c, struct settings *s, char *err, size_t errlen)
{
    if (settings_init(s, c->variant, err, errlen))
        return 1;
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < c->engines[i].option_count; k++) {
            const char *opt = c->engines[i].options[k];
            const char *eq = strchr(opt, '=');
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - opt), opt);
            if (settings_offers(c->variant, name) && !asks_hidden(c->variant, opt) &&
                settings_set(s, name, eq + 1, err, errlen))
                return 2;
        }
    return 0;
}

/* A value the variant refuses for one of its settings is a usage error; so
 * is an opening in a game with a hidden setting (a FEN or the random turns
 * could tell it). */
static int check_variant_options(struct match_config *c)
{
    c->hidden = match_hidden(c);
    if (c->hidden && (c->openings_path || c->random_plies))
        return usage_error("%s", "a game with a hidden setting starts from the start position: no --openings or "
                                 "--random-plies");
    struct settings probe;
    char err[VARIANT_ERR_LEN];
    int rc = read_variant_options(c, &probe, err, sizeof err);
    settings_free(&probe);
    return rc == 2 ? usage_error("%s", err) : EXIT_OK;
}

static int parse_and_check(struct match_parse *p, int argc, char **argv)
{
    int rc = options_table_parse(&match_options_table, p, argc, argv);
    if (rc)
        return rc;
    if (p->c.merge)
        return take_merge_files(argc, argv, &p->c);
    if ((rc = check_together(p, argc, argv)))
        return rc;
    merge_defaults(p);
    return check_variant_options(&p->c);
}

int match_parse_options(int argc, char **argv, struct match_config *c)
{
    struct match_parse p = {.c = *c, .variant_id = "normal"};
    int rc = parse_and_check(&p, argc, argv);
    *c = p.c;
    return rc;
}

/* Options the variant declares also set the arbiter's rules. */
int match_apply_variant_options(struct match_config *c)
{
    char err[VARIANT_ERR_LEN];
    if (read_variant_options(c, &c->rules, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "rulezero match: %s\n", err);
    return -1;
}
