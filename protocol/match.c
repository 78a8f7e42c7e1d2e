#include "protocol/match.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/adjudicate.h"
#include "engine/baseline.h"
#include "engine/clock.h"
#include "engine/elo.h"
#include "engine/fen.h"
#include "protocol/pgn.h"
#include "protocol/player.h"
#include "variants/variant.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

struct match_config {
    const struct variant *variant;
    int engine_count;
    struct player_config engines[2];
    int games;
    struct limits limits;
    char tc_text[64];
    const char *openings_path;
    int random_plies;
    uint64_t seed;
    const char *pgn_path;
    int concurrency;
    bool sprt_on;
    struct sprt_params sprt;
    int64_t margin_ms;
    int64_t max_wait_ms;
    bool debug, verbose;
    /* openings read from the file */
    int fen_count;
    char **fens;
};

/* How a game ended, for the counters. */
enum end_kind { END_RULES, END_RESIGN, END_TIME, END_ILLEGAL, END_CRASH, END_CLAIM, END_ERROR, END_LENGTH };

struct engine_stats {
    int time_forfeits, illegal, crashes, false_claims, errors;
};

struct shared {
    const struct match_config *cfg;
    pthread_mutex_t lock;
    int next_game;
    int finished;
    bool stop;
    struct wdl score;                /* from the first engine's side */
    struct engine_stats stats[2];
    FILE *pgn;
    char date[16], site[64];
    enum sprt_state sprt_state;
};

/* ---- Options --------------------------------------------------------------- */

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "rulezero match: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'rulezero match --help'.\n");
    return EXIT_USAGE;
}

static const char match_usage[] =
    "Usage: rulezero match --variant V --engine CMD [--engine-name NAME] [--protocol cecp|uci]\n"
    "                      [--option NAME=VALUE ...] --engine CMD [...] [OPTIONS]\n"
    "\n"
    "Plays games between two players, checking every turn with Rule Zero's rules.\n"
    "CMD is a shell command (an engine speaking CECP or UCI) or builtin:random /\n"
    "builtin:greedy (in-process baselines). --engine-name, --protocol and --option\n"
    "after an --engine apply to that engine; before the first --engine, to both.\n"
    "\n"
    "  -v, --variant V          variant id (default normal)\n"
    "  -e, --engine CMD         a player (exactly two)\n"
    "  -N, --engine-name NAME   its name in the PGN and the reports\n"
    "  -P, --protocol P         cecp, uci or auto (default: probe with `uci`)\n"
    "  -O, --option NAME=VALUE  engine option (CECP `option`, UCI `setoption`); a\n"
    "                           name the variant declares also sets the arbiter's rules\n"
    "  -g, --games N            games (default 2); each opening is played with both colours\n"
    "  -t, --tc [M/]BASE[+INC]  clock: BASE seconds (or MIN:SS), INC seconds, M moves per session\n"
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
    "      --max-wait SEC       longest wait for a move without a clock (default 60)\n"
    "      --verbose            also print each game's final FEN\n"
    "      --debug              log all engine traffic on standard error\n"
    "  -h, --help               this text\n";

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
    OPT_ST = 256, OPT_NODES, OPT_SPRT, OPT_MARGIN, OPT_MAXWAIT, OPT_DEBUG, OPT_VERBOSE,
};

static int parse_match_options(int argc, char **argv, struct match_config *c)
{
    static const struct option longopts[] = {
        {"variant", required_argument, NULL, 'v'},   {"engine", required_argument, NULL, 'e'},
        {"engine-name", required_argument, NULL, 'N'}, {"protocol", required_argument, NULL, 'P'},
        {"option", required_argument, NULL, 'O'},     {"games", required_argument, NULL, 'g'},
        {"tc", required_argument, NULL, 't'},         {"st", required_argument, NULL, OPT_ST},
        {"nodes", required_argument, NULL, OPT_NODES}, {"depth", required_argument, NULL, 'd'},
        {"openings", required_argument, NULL, 'o'},   {"random-plies", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},       {"pgn", required_argument, NULL, 'p'},
        {"concurrency", required_argument, NULL, 'j'}, {"sprt", required_argument, NULL, OPT_SPRT},
        {"timemargin", required_argument, NULL, OPT_MARGIN}, {"max-wait", required_argument, NULL, OPT_MAXWAIT},
        {"debug", no_argument, NULL, OPT_DEBUG},      {"verbose", no_argument, NULL, OPT_VERBOSE},
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
        case 'g':
            if (parse_long(optarg, 1, 1000000, &n))
                return usage_error("bad game count '%s'", optarg);
            c->games = (int)n;
            break;
        case 't':
            if (parse_tc(optarg, &c->limits))
                return usage_error("bad time control '%s' (e.g. 10+0.1, 40/60, 1:30+1)", optarg);
            snprintf(c->tc_text, sizeof c->tc_text, "%s", optarg);
            limit_flags++;
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
            if (parse_long(optarg, 0, 200, &n))
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
        case OPT_DEBUG: c->debug = true; break;
        case OPT_VERBOSE: c->verbose = true; break;
        case 'h': fputs(match_usage, stdout); exit(EXIT_OK);
        case ':': return usage_error("option '%s' needs a value", argv[optind - 1]);
        default: return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
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
        merged.protocol = e->protocol;
        memcpy(merged.name, e->name, sizeof merged.name);
        for (int k = 0; k < e->option_count && merged.option_count < PLAYER_MAX_OPTIONS; k++)
            merged.options[merged.option_count++] = e->options[k];
        *e = merged;
    }
    return EXIT_OK;
}

/* Options the variant declares also set the arbiter's rules. */
static int apply_variant_options(const struct match_config *c)
{
    const struct variant *v = c->variant;
    if (!v->set_option)
        return 0;
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < c->engines[i].option_count; k++) {
            const char *opt = c->engines[i].options[k];
            const char *eq = strchr(opt, '=');
            for (int j = 0; j < v->option_count; j++) {
                size_t len = strlen(v->options[j].name);
                if ((size_t)(eq - opt) == len && strncmp(opt, v->options[j].name, len) == 0) {
                    char name[64], err[VARIANT_ERR_LEN];
                    snprintf(name, sizeof name, "%.*s", (int)len, opt);
                    if (v->set_option(name, eq + 1, err, sizeof err)) {
                        fprintf(stderr, "rulezero match: %s\n", err);
                        return -1;
                    }
                }
            }
        }
    return 0;
}

/* ---- Openings --------------------------------------------------------------- */

/* Reads FEN or EPD lines: the longest prefix of the line's fields (up to any
 * ';') that reads as a position of the variant. */
static int load_openings(struct match_config *c, struct position *pos)
{
    FILE *f = fopen(c->openings_path, "r");
    if (!f) {
        fprintf(stderr, "rulezero match: cannot read '%s'\n", c->openings_path);
        return -1;
    }
    char line[FEN_MAX_LEN * 2];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, ";\r\n")] = '\0';
        char *s = line;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s || *s == '#')
            continue;
        char *fields[32];
        int nf = 0;
        char copy[sizeof line];
        strcpy(copy, s);
        for (char *t = strtok(copy, " \t"); t && nf < 32; t = strtok(NULL, " \t"))
            fields[nf++] = t;
        bool ok = false;
        for (int k = nf; k >= 1 && !ok; k--) {
            char fen[sizeof line] = "", err[VARIANT_ERR_LEN];
            for (int i = 0; i < k; i++) {
                strcat(fen, fields[i]);
                if (i + 1 < k)
                    strcat(fen, " ");
            }
            if (fen_read(pos, c->variant, fen, err, sizeof err) == 0) {
                char canon[FEN_MAX_LEN];
                fen_write(pos, canon, sizeof canon);
                char **grown = realloc(c->fens, (size_t)(c->fen_count + 1) * sizeof *grown);
                if (!grown)
                    break;
                c->fens = grown;
                c->fens[c->fen_count++] = strdup(canon);
                ok = true;
            }
        }
        if (!ok) {
            fprintf(stderr, "rulezero match: %s:%d: not a %s position\n", c->openings_path, lineno, c->variant->id);
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    if (c->fen_count == 0) {
        fprintf(stderr, "rulezero match: no positions in '%s'\n", c->openings_path);
        return -1;
    }
    return 0;
}

struct opening {
    char fen[FEN_MAX_LEN];
    int nmoves;
    char moves[200][TURN_TEXT_LEN];
};

/* Opening `k`: a FEN from the file, K random turns from the start (seeded by
 * seed and k only, so every run and every worker agrees), or the start. */
static void make_opening(const struct match_config *c, int k, struct position *pos, struct opening *o)
{
    o->nmoves = 0;
    if (c->fen_count) {
        snprintf(o->fen, sizeof o->fen, "%s", c->fens[k % c->fen_count]);
        return;
    }
    snprintf(o->fen, sizeof o->fen, "%s", c->variant->start_fen);
    if (!c->random_plies)
        return;
    uint64_t rng = c->seed * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull + 1;
    for (int attempt = 0; attempt < 1000; attempt++) {
        char err[VARIANT_ERR_LEN];
        fen_read(pos, c->variant, o->fen, err, sizeof err);
        o->nmoves = 0;
        while (o->nmoves < c->random_plies) {
            if (game_adjudicate(pos).result != RESULT_NONE)
                break;
            struct turn t;
            if (!baseline_choose(pos, BASELINE_RANDOM, &rng, &t))
                break;
            turn_make(pos, &t);
            snprintf(o->moves[o->nmoves++], TURN_TEXT_LEN, "%s", t.text);
        }
        if (o->nmoves == c->random_plies && game_adjudicate(pos).result == RESULT_NONE)
            return;
    }
    o->nmoves = 0; /* every attempt ended the game: play from the start */
}

/* ---- One game ------------------------------------------------------------- */

struct worker {
    struct shared *sh;
    struct player players[2];
    struct position *pos;
    struct opening opening;
    char (*moves)[TURN_TEXT_LEN];
};

struct game_end {
    enum game_result result;
    enum end_kind kind;
    int culprit;            /* engine index at fault, -1 when none */
    char reason[300];
};

static const char *colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

static void lose(struct game_end *e, Color loser, int engine, enum end_kind kind, const char *fmt, const char *what)
{
    e->result = loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    e->kind = kind;
    e->culprit = engine;
    char words[256], detail[160];
    text_copy(detail, sizeof detail, what);
    snprintf(words, sizeof words, fmt, detail);
    snprintf(e->reason, sizeof e->reason, "%s %s", colour_name(loser), words);
}

static int64_t move_deadline(const struct match_config *c, const struct game_view *g, Color side)
{
    int64_t now = clock_ms();
    switch (c->limits.kind) {
    case LIMIT_CLOCK: return now + (g->clock_ms[side] > 0 ? g->clock_ms[side] : 0) + c->margin_ms;
    case LIMIT_MOVETIME: return now + c->limits.movetime_ms + c->margin_ms;
    default: return now + c->max_wait_ms;
    }
}

/* Starts a player if needed and prepares the game; false after filling e. */
static bool ready_player(struct worker *w, int engine, Color colour, const struct game_view *g, uint64_t seed,
                         struct game_end *e)
{
    const struct match_config *c = w->sh->cfg;
    struct player *p = &w->players[engine];
    char err[512];
    if (!p->running) {
        p->debug = c->debug;
        p->handshake_ms = c->max_wait_ms < 10000 ? c->max_wait_ms : 10000;
        if (player_start(p, &c->engines[engine], c->variant, err, sizeof err)) {
            lose(e, colour, engine, END_CRASH, "engine could not start: %s", err);
            return false;
        }
    }
    if (player_new_game(p, g, seed, err, sizeof err)) {
        lose(e, colour, engine, END_CRASH, "engine failed to start the game: %s", err);
        player_quit(p);
        return false;
    }
    return true;
}

static void play_moves(struct worker *w, struct game_view *g, const int engine_of[2], struct game_end *e)
{
    const struct match_config *c = w->sh->cfg;
    struct position *pos = w->pos;
    for (;;) {
        struct outcome o = game_adjudicate(pos);
        if (o.result != RESULT_NONE) {
            e->result = o.result;
            e->kind = END_RULES;
            snprintf(e->reason, sizeof e->reason, "%s", o.reason ? o.reason : "Game over");
            return;
        }
        if (pos->ply + 2 * MAX_TURN_STEPS >= MAX_HISTORY || g->nmoves >= MAX_HISTORY - 1) {
            e->result = RESULT_DRAW;
            e->kind = END_LENGTH;
            snprintf(e->reason, sizeof e->reason, "Draw: game longer than %d steps", pos->ply);
            return;
        }
        Color side = pos->side;
        int engine = engine_of[side];
        struct player *p = &w->players[engine];
        struct reply r;
        int64_t start = clock_ms();
        player_move(p, g, move_deadline(c, g, side), &r);
        int64_t elapsed = clock_ms() - start;
        switch (r.kind) {
        case REPLY_TIMEOUT: lose(e, side, engine, END_TIME, "%s", "loses on time (no move)"); return;
        case REPLY_CRASH: lose(e, side, engine, END_CRASH, "loses: %s", r.text); return;
        case REPLY_ERROR: lose(e, side, engine, END_ERROR, "loses: %s", r.text); return;
        case REPLY_RESIGN:
            lose(e, side, engine, END_RESIGN, "%s", "resigns");
            e->culprit = -1;
            return;
        case REPLY_CLAIM: lose(e, side, engine, END_CLAIM, "loses by a false claim: %s", r.text); return;
        case REPLY_MOVE: break;
        }
        if (c->limits.kind == LIMIT_CLOCK) {
            g->clock_ms[side] -= elapsed;
            if (g->clock_ms[side] < -c->margin_ms) {
                lose(e, side, engine, END_TIME, "%s", "loses on time");
                return;
            }
            if (g->clock_ms[side] < 0)
                g->clock_ms[side] = 0; /* late within the margin: tolerated */
        } else if (c->limits.kind == LIMIT_MOVETIME && elapsed > c->limits.movetime_ms + c->margin_ms) {
            lose(e, side, engine, END_TIME, "%s", "loses on time (over the time per move)");
            return;
        }
        struct turn t;
        if (match_parse_turn(pos, r.move, &t)) {
            lose(e, side, engine, END_ILLEGAL, "loses by an illegal move: %s", r.move);
            return;
        }
        turn_make(pos, &t);
        snprintf(g->moves[g->nmoves++], TURN_TEXT_LEN, "%s", t.text);
        if (c->limits.kind == LIMIT_CLOCK) {
            g->clock_ms[side] += c->limits.inc_ms;
            if (c->limits.moves_per_session && --g->moves_to_go[side] == 0) {
                g->clock_ms[side] += c->limits.base_ms;
                g->moves_to_go[side] = c->limits.moves_per_session;
            }
        }
    }
}

static const char *termination_of(enum end_kind k)
{
    switch (k) {
    case END_RULES:
    case END_RESIGN: return "normal";
    case END_TIME: return "time forfeit";
    case END_CRASH: return "abandoned";
    case END_LENGTH: return "adjudication";
    default: return "rules infraction";
    }
}

static void record_game(struct worker *w, int index, const int engine_of[2], const struct game_view *g,
                        const struct game_end *e);

static void play_game(struct worker *w, int index)
{
    const struct match_config *c = w->sh->cfg;
    make_opening(c, index / 2, w->pos, &w->opening);
    char err[VARIANT_ERR_LEN];
    fen_read(w->pos, c->variant, w->opening.fen, err, sizeof err);
    struct game_view g = {0};
    g.variant = c->variant;
    g.start_fen = w->opening.fen;
    g.standard_start = strcmp(w->opening.fen, c->variant->start_fen) == 0;
    g.moves = w->moves;
    g.pos = w->pos;
    g.limits = &c->limits;
    for (int i = 0; i < w->opening.nmoves; i++) {
        struct turn t;
        if (turn_parse(w->pos, w->opening.moves[i], &t))
            break;
        turn_make(w->pos, &t);
        snprintf(g.moves[g.nmoves++], TURN_TEXT_LEN, "%s", t.text);
    }
    g.clock_ms[WHITE] = g.clock_ms[BLACK] = c->limits.base_ms;
    g.moves_to_go[WHITE] = g.moves_to_go[BLACK] = c->limits.moves_per_session;
    /* Even games: the first engine has White. */
    int engine_of[2] = {index % 2, 1 - index % 2};
    struct game_end e = {RESULT_NONE, END_RULES, -1, ""};
    uint64_t seed = c->seed ^ ((uint64_t)(index + 1) * 0x9E3779B97F4A7C15ull);
    bool ready = ready_player(w, engine_of[WHITE], WHITE, &g, seed, &e) &&
                 ready_player(w, engine_of[BLACK], BLACK, &g, seed ^ 0x5555555555555555ull, &e);
    if (ready)
        play_moves(w, &g, engine_of, &e);
    for (int i = 0; i < 2; i++) {
        player_game_over(&w->players[i], result_text(e.result), e.reason);
        if (e.culprit == i || (e.kind == END_CRASH && e.culprit == i))
            player_quit(&w->players[i]); /* a fresh process for the next game */
    }
    record_game(w, index, engine_of, &g, &e);
}

/* ---- Results ------------------------------------------------------------------ */

static void print_score_line(const struct shared *sh, FILE *out)
{
    char elo[16], err[16];
    elo_format(elo_diff(&sh->score), elo, sizeof elo);
    elo_format(elo_error95(&sh->score), err, sizeof err);
    fprintf(out, "%d games: %s +%d =%d -%d, Elo %s +/- %s", wdl_games(&sh->score), sh->cfg->engines[0].name,
            sh->score.wins, sh->score.draws, sh->score.losses, elo, err);
}

static void record_game(struct worker *w, int index, const int engine_of[2], const struct game_view *g,
                        const struct game_end *e)
{
    struct shared *sh = w->sh;
    const struct match_config *c = sh->cfg;
    pthread_mutex_lock(&sh->lock);
    sh->finished++;
    int first_colour = engine_of[WHITE] == 0 ? WHITE : BLACK;
    if (e->result == RESULT_DRAW)
        sh->score.draws++;
    else if ((e->result == RESULT_WHITE_WINS) == (first_colour == WHITE))
        sh->score.wins++;
    else
        sh->score.losses++;
    if (e->culprit >= 0) {
        struct engine_stats *s = &sh->stats[e->culprit];
        switch (e->kind) {
        case END_TIME: s->time_forfeits++; break;
        case END_ILLEGAL: s->illegal++; break;
        case END_CRASH: s->crashes++; break;
        case END_CLAIM: s->false_claims++; break;
        default: s->errors++; break;
        }
    }
    const char *white = c->engines[engine_of[WHITE]].name, *black = c->engines[engine_of[BLACK]].name;
    if (sh->pgn) {
        struct game_record rec = {
            .variant = c->variant, .event = "Rule Zero match", .site = sh->site, .date = sh->date,
            .round = index + 1, .white = white, .black = black, .start_fen = g->start_fen,
            .setup = !g->standard_start, .time_control = c->limits.kind == LIMIT_CLOCK ? c->tc_text : "-",
            .result = result_text(e->result), .termination = termination_of(e->kind), .reason = e->reason,
            .nmoves = g->nmoves, .moves = g->moves, .opening_plies = w->opening.nmoves,
        };
        pgn_write(sh->pgn, &rec);
        fflush(sh->pgn);
    }
    printf("Game %d/%d %s vs %s: %s {%s} | ", index + 1, c->games, white, black, result_text(e->result), e->reason);
    print_score_line(sh, stdout);
    printf("\n");
    if (c->verbose) {
        char fen[FEN_MAX_LEN];
        fen_write(w->pos, fen, sizeof fen);
        printf("  final position: %s\n", fen);
    }
    fflush(stdout);
    if (c->sprt_on && sh->sprt_state == SPRT_CONTINUE) { /* a decision stands; games under way still count */
        sh->sprt_state = sprt_decide(&sh->score, &c->sprt);
        if (sh->sprt_state != SPRT_CONTINUE)
            sh->stop = true;
    }
    pthread_mutex_unlock(&sh->lock);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct shared *sh = w->sh;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        int index = sh->stop || sh->next_game >= sh->cfg->games ? -1 : sh->next_game++;
        pthread_mutex_unlock(&sh->lock);
        if (index < 0)
            break;
        play_game(w, index);
    }
    for (int i = 0; i < 2; i++)
        player_quit(&w->players[i]);
    return NULL;
}

static void print_summary(const struct shared *sh)
{
    const struct match_config *c = sh->cfg;
    const struct wdl *s = &sh->score;
    int n = wdl_games(s);
    char elo[16], err[16], lo[16], hi[16];
    double mean = elo_score(s);
    elo_format(elo_diff(s), elo, sizeof elo);
    elo_format(elo_error95(s), err, sizeof err);
    printf("\nMatch: %s vs %s, variant %s, %d games\n", c->engines[0].name, c->engines[1].name, c->variant->id, n);
    printf("%s: wins %d, draws %d, losses %d, score %.1f%%, draw ratio %.1f%%\n", c->engines[0].name, s->wins,
           s->draws, s->losses, 100.0 * mean, n ? 100.0 * s->draws / n : 0.0);
    double e95 = elo_error95(s), d = elo_diff(s);
    elo_format(d - e95, lo, sizeof lo);
    elo_format(d + e95, hi, sizeof hi);
    printf("Elo difference: %s +/- %s (95%%: %s .. %s)\n", elo, err, isinf(e95) ? "-inf" : lo, isinf(e95) ? "+inf" : hi);
    printf("LOS: %.1f%%\n", 100.0 * elo_los(s));
    if (c->sprt_on) {
        double lower, upper;
        sprt_bounds(&c->sprt, &lower, &upper);
        const char *state = sh->sprt_state == SPRT_H1 ? "H1 accepted"
                            : sh->sprt_state == SPRT_H0 ? "H0 accepted"
                                                        : "continue";
        printf("SPRT: elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f (bounds %.3f, %.3f): %s\n", c->sprt.elo0,
               c->sprt.elo1, c->sprt.alpha, c->sprt.beta, sprt_llr(s, &c->sprt), lower, upper, state);
    }
    for (int i = 0; i < 2; i++) {
        const struct engine_stats *st = &sh->stats[i];
        printf("%s: time forfeits %d, illegal moves %d, crashes %d, false claims %d, other errors %d\n",
               c->engines[i].name, st->time_forfeits, st->illegal, st->crashes, st->false_claims, st->errors);
    }
}

/* Names: given, else the engine's own, else the command; made distinct. */
static int prepare_engines(struct match_config *c)
{
    for (int i = 0; i < 2; i++) {
        struct player_config *e = &c->engines[i];
        if (e->protocol == PROTO_AUTO || strncmp(e->cmd, "builtin:", 8) == 0)
            e->protocol = player_detect(e, c->max_wait_ms < 5000 ? c->max_wait_ms : 5000, c->debug);
        struct player probe = {0};
        probe.debug = c->debug;
        probe.handshake_ms = c->max_wait_ms < 10000 ? c->max_wait_ms : 10000;
        char err[512];
        if (player_start(&probe, e, c->variant, err, sizeof err)) {
            fprintf(stderr, "rulezero match: %s\n", err);
            return -1;
        }
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", probe.engine_name);
        bool cannot_setup = c->fen_count > 0 && probe.protocol == PROTO_CECP && !probe.setboard;
        player_quit(&probe);
        if (cannot_setup) {
            fprintf(stderr, "rulezero match: %s cannot set up positions (no setboard=1); use --random-plies\n",
                    e->name);
            return -1;
        }
    }
    if (strcmp(c->engines[0].name, c->engines[1].name) == 0) {
        size_t len = strlen(c->engines[1].name);
        if (len > sizeof c->engines[1].name - 5)
            len = sizeof c->engines[1].name - 5;
        snprintf(c->engines[1].name + len, 5, " (2)");
    }
    return 0;
}

static void fill_date_site(struct shared *sh)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(sh->date, sizeof sh->date, "%Y.%m.%d", &tm);
    if (gethostname(sh->site, sizeof sh->site) != 0)
        snprintf(sh->site, sizeof sh->site, "?");
    sh->site[sizeof sh->site - 1] = '\0';
}

int match_main(int argc, char **argv)
{
    struct match_config c = {0};
    c.games = 2;
    c.seed = 1;
    c.concurrency = 1;
    c.margin_ms = 50;
    c.max_wait_ms = 60000;
    int rc = parse_match_options(argc, argv, &c);
    if (rc)
        return rc;
    signal(SIGPIPE, SIG_IGN);
    if (apply_variant_options(&c))
        return EXIT_FAIL;
    struct position *scratch = malloc(sizeof *scratch);
    if (!scratch)
        return EXIT_FAIL;
    if (c.openings_path && load_openings(&c, scratch)) {
        free(scratch);
        return EXIT_FAIL;
    }
    free(scratch);
    if (prepare_engines(&c))
        return EXIT_FAIL;

    struct shared sh = {0};
    sh.cfg = &c;
    pthread_mutex_init(&sh.lock, NULL);
    fill_date_site(&sh);
    if (c.pgn_path && !(sh.pgn = fopen(c.pgn_path, "a"))) {
        fprintf(stderr, "rulezero match: cannot write '%s'\n", c.pgn_path);
        return EXIT_FAIL;
    }
    int workers = c.concurrency < c.games ? c.concurrency : c.games;
    struct worker *w = calloc((size_t)workers, sizeof *w);
    pthread_t *threads = calloc((size_t)workers, sizeof *threads);
    bool ok = w && threads;
    for (int i = 0; ok && i < workers; i++) {
        w[i].sh = &sh;
        w[i].pos = malloc(sizeof *w[i].pos);
        w[i].moves = malloc(MAX_HISTORY * sizeof *w[i].moves);
        ok = w[i].pos && w[i].moves;
    }
    int started = 0;
    for (; ok && started < workers; started++)
        if (pthread_create(&threads[started], NULL, worker_main, &w[started]))
            break;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    if (ok && started)
        print_summary(&sh);
    for (int i = 0; w && i < workers; i++) {
        free(w[i].pos);
        free(w[i].moves);
    }
    free(w);
    free(threads);
    if (sh.pgn)
        fclose(sh.pgn);
    for (int i = 0; i < c.fen_count; i++)
        free(c.fens[i]);
    free(c.fens);
    pthread_mutex_destroy(&sh.lock);
    return ok && started ? EXIT_OK : EXIT_FAIL;
}
