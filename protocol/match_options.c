/* `rulezero match` command-line options (getopt_long). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/match_config.h"
#include "protocol/openings.h"
#include "variants/registry.h"

enum { EXIT_OK = MATCH_EXIT_OK, EXIT_USAGE = MATCH_EXIT_USAGE };

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rulezero match: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'rulezero match --help'.\n");
    return EXIT_USAGE;
}

static const char match_usage[] =
    "Usage: rulezero match --variant V --engine CMD [--engine-name NAME] [--protocol cecp|uci]\n"
    "                      [--option NAME=VALUE ...] [--ponder] --engine CMD [...] [OPTIONS]\n"
    "\n"
    "Plays games between two players, checking every turn with Rule Zero's rules.\n"
    "CMD is a shell command (an engine speaking CECP or UCI) or builtin:random /\n"
    "builtin:greedy (in-process baselines). --engine-name, --protocol, --option and --ponder\n"
    "after an --engine apply to that engine; before the first --engine, to both.\n"
    "\n"
    "  -v, --variant V          variant id (default normal)\n"
    "  -e, --engine CMD         a player (exactly two)\n"
    "  -N, --engine-name NAME   its name in the PGN and the reports\n"
    "  -P, --protocol P         cecp, uci or auto (default: probe with `uci`)\n"
    "  -O, --option NAME=VALUE  engine option (CECP `option`, UCI `setoption`); a\n"
    "                           name the variant declares also sets the arbiter's rules\n"
    "      --ponder             let the engine think on the opponent's time (CECP hard,\n"
    "                           UCI Ponder with go ponder / ponderhit)\n"
    "  -g, --games N            games (default 2); each opening is played with both colours\n"
    "  -t, --tc [M/]BASE[+INC]  clock: BASE seconds (or MIN:SS), INC seconds, M moves per session\n"
    "      --engine-tc TC       this engine's own clock (after its --engine), e.g. time odds\n"
    "      --st SEC             fixed time per move\n"
    "      --nodes N            nodes per move (UCI go nodes; CECP nps N + st 1)\n"
    "  -d, --depth D            depth per move (UCI go depth; CECP sd)\n"
    "  -o, --openings FILE      start positions: one FEN per line (EPD lines allowed)\n"
    "  -r, --random-plies K     openings of K random legal turns from the start\n"
    "  -s, --seed S             seed of the random openings and baselines (default 1)\n"
    "  -p, --pgn FILE           append the games to FILE\n"
    "  -j, --concurrency J      games at once (default 1)\n"
    "      --sprt SPEC          elo0=0,elo1=5,alpha=0.05,beta=0.05; stops when decided\n"
    "      --timemargin MS      tolerance on the clock (default 50)\n"
    "      --max-moves N        adjudicate a draw after N moves by each side past the opening\n"
    "      --max-wait SEC       longest wait for a move without a clock (default 60)\n"
    "      --shard I/N          play only shard I of N (its share of the openings, both colours)\n"
    "      --verbose            also print each game's final FEN\n"
    "      --debug              log all engine traffic on standard error\n"
    "  -h, --help               this text\n"
    "\n"
    "       rulezero match --merge [--sprt SPEC] FILE.pgn...\n"
    "Sums up the games of PGN files (e.g. the shards' files) into one result.\n";

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

enum {
    OPT_ST = 256, OPT_ENGINE_TC, OPT_PONDER, OPT_MAXMOVES, OPT_NODES, OPT_SPRT, OPT_MARGIN, OPT_MAXWAIT, OPT_DEBUG,
    OPT_VERBOSE, OPT_SHARD, OPT_MERGE,
};

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

/* After the options: the PGN files of --merge. */
static int take_merge_files(int argc, char **argv, struct match_config *c)
{
    if (optind >= argc)
        return usage_error("%s", "--merge needs PGN files");
    c->merge_paths = argv + optind;
    c->merge_count = argc - optind;
    return EXIT_OK;
}

int match_parse_options(int argc, char **argv, struct match_config *c)
{
    static const struct option longopts[] = {
        {"variant", required_argument, NULL, 'v'},   {"engine", required_argument, NULL, 'e'},
        {"engine-name", required_argument, NULL, 'N'}, {"protocol", required_argument, NULL, 'P'},
        {"option", required_argument, NULL, 'O'},     {"games", required_argument, NULL, 'g'},
        {"tc", required_argument, NULL, 't'},         {"st", required_argument, NULL, OPT_ST},
        {"engine-tc", required_argument, NULL, OPT_ENGINE_TC}, {"ponder", no_argument, NULL, OPT_PONDER},
        {"nodes", required_argument, NULL, OPT_NODES}, {"depth", required_argument, NULL, 'd'},
        {"openings", required_argument, NULL, 'o'},   {"random-plies", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},       {"pgn", required_argument, NULL, 'p'},
        {"concurrency", required_argument, NULL, 'j'}, {"sprt", required_argument, NULL, OPT_SPRT},
        {"timemargin", required_argument, NULL, OPT_MARGIN}, {"max-wait", required_argument, NULL, OPT_MAXWAIT},
        {"max-moves", required_argument, NULL, OPT_MAXMOVES},
        {"debug", no_argument, NULL, OPT_DEBUG},      {"verbose", no_argument, NULL, OPT_VERBOSE},
        {"shard", required_argument, NULL, OPT_SHARD}, {"merge", no_argument, NULL, OPT_MERGE},
        {"help", no_argument, NULL, 'h'},             {NULL, 0, NULL, 0},
    };
    struct player_config defaults = {0};
    int limit_flags = 0;
    long long n;
    const char *variant_id = "normal";
    optind = 1;
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":v:e:N:P:O:g:t:d:o:r:s:p:j:h", longopts, NULL)) != -1) {
        struct player_config *cur = c->engine_count ? &c->engines[c->engine_count - 1] : &defaults;
        switch (ch) {
        case 'v': variant_id = optarg; break;
        case 'e':
            if (c->engine_count == 2)
                return usage_error("%s", "exactly two --engine players, please");
            c->engines[c->engine_count++].cmd = optarg;
            break;
        case 'N': snprintf(cur->name, sizeof cur->name, "%s", optarg); break;
        case 'P':
            if (parse_protocol(optarg, &cur->protocol))
                return usage_error("bad protocol '%s' (cecp, uci or auto)", optarg);
            break;
        case 'O':
            if (cur->option_count == PLAYER_MAX_OPTIONS || !strchr(optarg, '='))
                return usage_error("bad option '%s' (NAME=VALUE)", optarg);
            cur->options[cur->option_count++] = optarg;
            break;
        case OPT_PONDER: cur->ponder = true; break;
        case 'g':
            if (parse_long(optarg, 1, 1000000, &n))
                return usage_error("bad game count '%s'", optarg);
            c->games = (int)n;
            break;
        case 't':
            if (read_clock(optarg, &c->limits, c->tc_text, sizeof c->tc_text))
                return EXIT_USAGE;
            limit_flags++;
            break;
        case OPT_ENGINE_TC:
            if (c->engine_count == 0)
                return usage_error("%s", "--engine-tc comes after the --engine it applies to");
            if (read_clock(optarg, &cur->limits, cur->tc_text, sizeof cur->tc_text))
                return EXIT_USAGE;
            break;
        case OPT_ST:
            if (parse_seconds(optarg, &c->limits.movetime_ms) || c->limits.movetime_ms <= 0)
                return usage_error("bad time per move '%s'", optarg);
            c->limits.kind = LIMIT_MOVETIME;
            limit_flags++;
            break;
        case OPT_NODES:
            if (parse_long(optarg, 1, (long long)1e15, &n))
                return usage_error("bad node count '%s'", optarg);
            c->limits.kind = LIMIT_NODES;
            c->limits.nodes = (uint64_t)n;
            limit_flags++;
            break;
        case 'd':
            if (parse_long(optarg, 1, 128, &n))
                return usage_error("bad depth '%s' (1..128)", optarg);
            c->limits.kind = LIMIT_DEPTH;
            c->limits.depth = (int)n;
            limit_flags++;
            break;
        case 'o': c->openings_path = optarg; break;
        case 'r':
            if (parse_long(optarg, 0, OPENING_MAX_PLIES, &n))
                return usage_error("bad random plies '%s' (0..200)", optarg);
            c->random_plies = (int)n;
            break;
        case 's':
            if (parse_long(optarg, 0, INT64_MAX, &n))
                return usage_error("bad seed '%s'", optarg);
            c->seed = (uint64_t)n;
            break;
        case 'p': c->pgn_path = optarg; break;
        case 'j':
            if (parse_long(optarg, 1, 64, &n))
                return usage_error("bad concurrency '%s' (1..64)", optarg);
            c->concurrency = (int)n;
            break;
        case OPT_SPRT:
            if (sprt_parse(optarg, &c->sprt))
                return usage_error("bad SPRT '%s' (elo0=0,elo1=5,alpha=0.05,beta=0.05)", optarg);
            c->sprt_on = true;
            break;
        case OPT_MARGIN:
            if (parse_long(optarg, 0, 3600000, &n))
                return usage_error("bad time margin '%s' (milliseconds)", optarg);
            c->margin_ms = n;
            break;
        case OPT_MAXWAIT:
            if (parse_long(optarg, 1, 86400, &n))
                return usage_error("bad max wait '%s' (seconds)", optarg);
            c->max_wait_ms = n * 1000;
            break;
        case OPT_MAXMOVES:
            if (parse_long(optarg, 1, 100000, &n))
                return usage_error("bad max moves '%s'", optarg);
            c->max_moves = (int)n;
            break;
        case OPT_SHARD:
            if (parse_shard(optarg, c))
                return usage_error("bad shard '%s' (I/N with 1 <= I <= N)", optarg);
            break;
        case OPT_MERGE: c->merge = true; break;
        case OPT_DEBUG: c->debug = true; break;
        case OPT_VERBOSE: c->verbose = true; break;
        case 'h': fputs(match_usage, stdout); return MATCH_EXIT_DONE;
        case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
        default: return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (c->merge)
        return take_merge_files(argc, argv, c);
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (c->engine_count != 2)
        return usage_error("%s", "needs two --engine players");
    if (limit_flags > 1)
        return usage_error("%s", "give one of --tc, --st, --nodes, --depth");
    if (limit_flags == 0) {
        parse_tc("10+0.1", &c->limits);
        snprintf(c->tc_text, sizeof c->tc_text, "10+0.1");
    }
    if (c->openings_path && c->random_plies)
        return usage_error("%s", "give --openings or --random-plies, not both");
    if (match_game_count(c) == 0)
        return usage_error("%s", "this shard has no games (more shards than openings)");
    c->variant = variant_find(variant_id);
    if (!c->variant)
        return usage_error("unknown variant '%s'", variant_id);
    for (int i = 0; i < 2; i++) {
        struct player_config *e = &c->engines[i];
        if (e->protocol == PROTO_AUTO)
            e->protocol = defaults.protocol;
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", defaults.name[0] ? defaults.name : "");
        struct player_config merged = defaults;
        merged.cmd = e->cmd;
        bool own_clock = e->tc_text[0] != '\0'; /* --engine-tc */
        merged.limits = own_clock ? e->limits : c->limits;
        snprintf(merged.tc_text, sizeof merged.tc_text, "%s",
                 own_clock ? e->tc_text : c->limits.kind == LIMIT_CLOCK ? c->tc_text : "-");
        merged.protocol = e->protocol;
        merged.ponder = defaults.ponder || e->ponder;
        memcpy(merged.name, e->name, sizeof merged.name);
        for (int k = 0; k < e->option_count && merged.option_count < PLAYER_MAX_OPTIONS; k++)
            merged.options[merged.option_count++] = e->options[k];
        *e = merged;
    }
    return EXIT_OK;
}

/* Options the variant declares also set the arbiter's rules. */
int match_apply_variant_options(struct match_config *c)
{
    const struct variant *v = c->variant;
    char err[VARIANT_ERR_LEN];
    if (settings_init(&c->rules, v, err, sizeof err)) {
        fprintf(stderr, "rulezero match: %s\n", err);
        return -1;
    }
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < c->engines[i].option_count; k++) {
            const char *opt = c->engines[i].options[k];
            const char *eq = strchr(opt, '=');
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - opt), opt);
            if (settings_offers(v, name) && settings_set(&c->rules, name, eq + 1, err, sizeof err)) {
                fprintf(stderr, "rulezero match: %s\n", err);
                return -1;
            }
        }
    return 0;
}
