/* `rulezero puzzles`: self-play games, each searched for a puzzle (puzzles.h). */
#include <stdio.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/puzzles.h"
#include "protocol/learn/selfplay.h"
#include "protocol/match/options_table.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1 };

struct run {
    const struct puzzles_config *c;
    struct engine *player, *finder;
    struct game g;
    FILE *out;
    int64_t found;
};

/* The self-play turn's own two lines show some gap: the finder looks deeper. */
static bool worth_a_look(const struct puzzle_lines *l)
{
    return l->count == 2 && l->score[0] >= PUZZLE_WIN_CP / 2 && l->score[0] - l->score[1] >= PUZZLE_GAP_CP / 2;
}

/* Plies after a puzzle before the next one of the same game (not the same tactic again). */
#define PUZZLE_SPACING 10

static void keep(struct run *r, struct puzzle *p, int64_t index)
{
    p->game = index;
    p->ply = r->g.count;
    puzzle_write(r->out, r->c->variant->id, r->c->options, r->c->option_count, ++r->found, p);
    fflush(r->out);
}

/* Plays game `index`, writing each position that passes the finder, until
 * the game ends or enough are found: 0, or -1 with a message. */
static int play_game(struct run *r, int64_t index, char *err, size_t errlen)
{
    const struct puzzles_config *c = r->c;
    uint64_t rng = selfplay_game_seed(c->seed, index);
    if (puzzles_new_game(&r->g, c->variant, c->options, c->option_count, NULL, err, errlen))
        return -1;
    if (!selfplay_random_opening(&r->g, (int)c->random_plies, &rng))
        return 0;
    engine_clear(r->player);
    struct search_limits limits;
    search_limits_init(&limits);
    limits.nodes = (uint64_t)c->nodes;
    int64_t next_look = 0;
    while (r->found < c->count && r->g.count < c->max_plies && game_outcome(&r->g).result == RESULT_NONE) {
        struct puzzle_lines quick;
        struct puzzle p;
        struct search_result best = puzzle_search_with(r->player, r->g.pos, &limits, &quick);
        if (r->g.count >= next_look && worth_a_look(&quick)) {
            int rc = puzzle_find(r->finder, &r->g, (int)c->depth, (int)c->confirm_depth, &p, err, errlen);
            if (rc < 0)
                return -1;
            if (rc) {
                keep(r, &p, index);
                next_look = r->g.count + PUZZLE_SPACING;
            }
        }
        if (!best.has_move || game_play(&r->g, &best.best, err, errlen))
            return best.has_move ? -1 : 0;
    }
    return 0;
}

static int run(const struct puzzles_config *c, FILE *out)
{
    char command[8192], err[VARIANT_ERR_LEN + 256];
    struct run r = {.c = c, .out = out, .player = engine_new(PUZZLE_HASH_MB), .finder = engine_new(PUZZLE_HASH_MB)};
    int rc = r.player && r.finder && game_init(&r.g) == 0 ? EXIT_OK : EXIT_FAILED;
    if (rc) {
        fprintf(stderr, "rulezero puzzles: out of memory\n");
    } else {
        puzzles_command(c, command, sizeof command);
        puzzle_write_header(out, &(struct puzzle_header){c->variant->id, command, c->options, c->option_count});
    }
    int64_t games = 0;
    for (; rc == EXIT_OK && r.found < c->count && games < c->max_games; games++) {
        if (play_game(&r, games, err, sizeof err)) {
            fprintf(stderr, "rulezero puzzles: game %lld: %s\n", (long long)games, err);
            rc = EXIT_FAILED;
        }
    }
    if (rc == EXIT_OK)
        fprintf(stderr, "rulezero puzzles: %lld puzzle%s from %lld game%s\n", (long long)r.found,
                r.found == 1 ? "" : "s", (long long)games, games == 1 ? "" : "s");
    if (r.player && r.finder)
        game_free(&r.g);
    engine_free(r.player);
    engine_free(r.finder);
    return rc;
}

int puzzles_main(int argc, char **argv)
{
    struct puzzles_config c;
    int first_file;
    int rc = puzzles_parse(argc, argv, &c, &first_file);
    if (rc)
        return rc == OPTIONS_TABLE_DONE ? EXIT_OK : rc;
    if (c.check)
        return puzzles_check((const char *const *)argv + first_file, argc - first_file);
    FILE *out = c.out ? fopen(c.out, "w") : stdout;
    if (!out) {
        perror(c.out);
        return EXIT_FAILED;
    }
    rc = run(&c, out);
    if (c.out && fclose(out) && rc == EXIT_OK) {
        perror(c.out);
        rc = EXIT_FAILED;
    }
    return rc;
}
