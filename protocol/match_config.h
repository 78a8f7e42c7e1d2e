/* Rule Zero: the match runner's settings, from the command line. */
#ifndef RULEZERO_MATCH_CONFIG_H
#define RULEZERO_MATCH_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/elo.h"
#include "engine/settings.h"
#include "protocol/player.h"

/* MATCH_EXIT_DONE: --help answered, the match stops with status 0. */
enum { MATCH_EXIT_OK = 0, MATCH_EXIT_FAIL = 1, MATCH_EXIT_USAGE = 2, MATCH_EXIT_DONE = -1 };

struct match_config {
    const struct variant *variant;
    struct settings rules;  /* the arbiter's game settings (match_apply_variant_options) */
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
    int max_moves;          /* adjudicate a draw after this many moves past the opening; 0: never */
    bool debug, verbose;
    /* openings read from the file */
    int fen_count;
    char **fens;
};

/* How a game ended, for the counters. */
/* Fills c from the arguments (defaults set by the caller); prints usage
 * errors. MATCH_EXIT_OK, MATCH_EXIT_USAGE or MATCH_EXIT_DONE. */
int match_parse_options(int argc, char **argv, struct match_config *c);
/* Makes the arbiter's settings (c->rules): the variant's, with the engines'
 * options the variant declares. 0 or -1 after printing why. */
int match_apply_variant_options(struct match_config *c);

#endif
