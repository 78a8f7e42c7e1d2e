/* `rulezero tune-data`: training positions for the tuner from self-play. */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "variants/core/text.h"
#include "protocol/game.h"
#include "protocol/match/options_table.h"
#include "protocol/learn/selfplay.h"
#include "protocol/learn/tune.h"
#include "protocol/learn/tune_weights.h"

#define CMD "tune-data"

struct data_options {
    const char *variant, *out, *weights;
    int64_t games, nodes, seed, random_plies, max_turns;
};

struct selfplay {
    const struct data_options *o;
    struct game game;
    struct engine *engine;
    char (*fens)[FEN_MAX_LEN]; /* this game's quiet positions so far */
    int count;
    FILE *out;
    int64_t written;
};

static bool is_quiet(struct position *pos, const struct search_result *r)
{
    const struct variant *v = pos->variant;
    if (v->has_check && v->in_check(pos))
        return false;
    if (r->score > SCORE_MATE_BOUND || r->score < -SCORE_MATE_BOUND)
        return false;
    return !v->is_capture(pos, r->best.steps[0]);
}

static void write_game(struct selfplay *s, enum game_result result)
{
    const char *text = result == RESULT_WHITE_WINS ? "1-0" : result == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
    for (int i = 0; i < s->count; i++)
        fprintf(s->out, "%s ;result %s\n", s->fens[i], text);
    s->written += s->count;
}

/* One game; -1 with a message on stderr when the rules refuse a turn. */
static int play_game(struct selfplay *s, int64_t index)
{
    const struct data_options *o = s->o;
    struct game *g = &s->game;
    char err[VARIANT_ERR_LEN];
    uint64_t rng = selfplay_game_seed(o->seed, index);
    if (game_new(g, variant_find(o->variant), NULL, err, sizeof err))
        return fprintf(stderr, "rulezero " CMD ": %s\n", err), -1;
    if (!selfplay_random_opening(g, (int)o->random_plies, &rng))
        return 0;
    engine_clear(s->engine);
    struct search_limits limits;
    search_limits_init(&limits);
    limits.nodes = (uint64_t)o->nodes;
    s->count = 0;
    enum game_result result = RESULT_DRAW; /* a game reaching the turn limit */
    for (int64_t turn = 0; turn < o->max_turns; turn++) {
        struct outcome now = game_outcome(g);
        if (now.result != RESULT_NONE) {
            result = now.result;
            break;
        }
        struct search_result r = engine_search(s->engine, g->pos, &limits, NULL);
        if (!r.has_move)
            break;
        if (is_quiet(g->pos, &r))
            fen_write(g->pos, s->fens[s->count++], FEN_MAX_LEN);
        if (game_play(g, &r.best, err, sizeof err))
            return fprintf(stderr, "rulezero " CMD ": %s: %s\n", r.best.text, err), -1;
    }
    write_game(s, result);
    return 0;
}

static int run(const struct data_options *o)
{
    struct selfplay s = {.o = o};
    s.fens = malloc(sizeof *s.fens * (size_t)o->max_turns);
    s.engine = engine_new(16);
    s.out = fopen(o->out, "w");
    int rc = !s.fens || !s.engine || game_init(&s.game) ? 1 : 0;
    if (!s.out) {
        perror(o->out);
        rc = 1;
    }
    for (int64_t i = 0; i < o->games && rc == 0; i++)
        rc = play_game(&s, i) ? 1 : 0;
    if (s.out && fclose(s.out) && rc == 0)
        rc = 1;
    if (rc == 0)
        fprintf(stderr, "%lld positions from %lld games written to %s\n", (long long)s.written, (long long)o->games,
                o->out);
    game_free(&s.game);
    if (s.engine)
        engine_free(s.engine);
    free(s.fens);
    return rc;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct data_options, field)

static const struct options_table_entry data_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero tune-data --variant V --out FILE [OPTIONS]\n"
             "\n"
             "Plays the built-in engine against itself at a fixed node count per move,\n"
             "each game from its own random opening, and writes the quiet positions met\n"
             "(at a turn's start, side to move not in check, the engine's choice not a\n"
             "capture, no mate in sight) as lines `FEN ;result R`, R the game's result\n"
             "(1-0, 0-1, 1/2-1/2). A fixed seed gives the same file.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the variant (one with tunable weights)", KEEP(TEXT, variant)},
    {"out", 'o', OPTIONS_TABLE_TEXT, "FILE", "where the positions go", KEEP(TEXT, out)},
    {"games", 'g', OPTIONS_TABLE_NUMBER, "N", "games to play (default 20)", 1, 1000000,
     "bad game count '%s' (expected 1..1000000)", KEEP(INT64, games)},
    {"nodes", 'n', OPTIONS_TABLE_NUMBER, "K", "nodes per move (default 2000)", 1, 100000000,
     "bad node count '%s' (expected 1..100000000)", KEEP(INT64, nodes)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "seed of the random openings (default 1)", 0, 2147483647,
     "bad seed '%s' (expected 0..2147483647)", KEEP(INT64, seed)},
    {"random-plies", 'r', OPTIONS_TABLE_NUMBER, "P", "random turns that open each game (default 8)", 0, 100,
     "bad random plies '%s' (expected 0..100)", KEEP(INT64, random_plies)},
    {"max-turns", 'm', OPTIONS_TABLE_NUMBER, "T", "a game longer than this is scored a draw (default 300)", 1, 500,
     "bad turn limit '%s' (expected 1..500)", KEEP(INT64, max_turns)},
    {"weights", 'w', OPTIONS_TABLE_TEXT, "FILE", "play with these weights (a `rulezero tune` output)",
     KEEP(TEXT, weights)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

const struct options_table tune_data_options_table = {"rulezero " CMD, 26, data_entries};

static int parse(int argc, char **argv, struct data_options *o)
{
    int rc = options_table_parse(&tune_data_options_table, o, argc, argv);
    if (rc == 0 && optind < argc)
        rc = tune_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (rc == 0 && !o->out)
        rc = tune_usage_error(CMD, "%s", "--out is required");
    return rc;
}

int tune_data_main(int argc, char **argv)
{
    struct data_options o = {.games = 20, .nodes = 2000, .seed = 1, .random_plies = 8, .max_turns = 300};
    int rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!tune_variant(CMD, o.variant))
        return 2;
    char err[VARIANT_ERR_LEN];
    if (o.weights && weights_load(o.weights, NULL, err, sizeof err))
        return fprintf(stderr, "rulezero " CMD ": %s\n", err), 1;
    return run(&o);
}
