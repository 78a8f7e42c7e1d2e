/* Rule Zero: the match runner's settings, from the command line. */
#ifndef RULEZERO_MATCH_CONFIG_H
#define RULEZERO_MATCH_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/elo.h"
#include "variants/core/settings.h"
#include "protocol/match/match_report.h"
#include "protocol/match/player.h"

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
    int shard_index, shard_count; /* --shard I/N (I from 1); count 0: the whole match */
    bool merge;             /* --merge: the arguments are PGN files to sum up */
    int merge_count;
    char **merge_paths;
    bool debug, verbose;
    bool distinct_openings; /* --distinct-openings: game i has opening i (not i / 2) */
    bool resume;            /* --resume: skip the games --pgn FILE holds */
    /* An engine option asks for the variant's hidden setting (`--option Shift=hidden`):
     * the referee draws it per game from --seed and tells no engine (match.c). */
    bool hidden;
    bool *done;             /* per game index: already in the PGN file (match_resume_load) */
    int done_count;
    struct match_tally resumed; /* those games' tally: the match's goes on from it */
    /* openings read from the file */
    int fen_count;
    char **fens;
};

/* Fills c from the arguments (defaults set by the caller); prints usage
 * errors. MATCH_EXIT_OK, MATCH_EXIT_USAGE or MATCH_EXIT_DONE. */
int match_parse_options(int argc, char **argv, struct match_config *c);
/* Its options (protocol/match/options_table.h); its --help. */
struct options_table;
extern const struct options_table match_options_table;
/* Makes the arbiter's settings (c->rules): the variant's, with the engines'
 * options the variant declares. 0 or -1 after printing why. */
int match_apply_variant_options(struct match_config *c);

/* Sharding (match_shard.c). Games go to shards by opening, so both colours of
 * an opening stay together: shard I of N plays the games 2k and 2k+1 for every
 * opening k with k % N == I - 1. Each game's opening and seed depend only on
 * --seed and its number, so the shards together play exactly the games of the
 * whole match. The shard's k-th game (from 0), or -1 past its last. */
int match_game_index(const struct match_config *c, int k);
/* Games this run plays: all of them, or the shard's share. */
int match_game_count(const struct match_config *c);

/* --resume (match_resume.c): reads --pgn FILE (when it exists) and marks
 * the games it holds, by their Round tag, in c->done (allocated here; the
 * caller frees it). A last game cut off in writing is removed from the file.
 * 0, or -1 after saying why. */
int match_resume_load(struct match_config *c);
/* Whether game `index` (from 0) is already in the PGN file. */
bool match_game_done(const struct match_config *c, int index);

/* `rulezero match --merge FILE...` (match_merge.c): the summary of every game
 * in the PGN files, as the match would print it. An exit code. */
int match_merge_main(const struct match_config *c);

#endif
