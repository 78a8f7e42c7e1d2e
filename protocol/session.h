/* Rule Zero: the interactive session on standard input (CECP, UCI or console). */
#ifndef RULEZERO_SESSION_H
#define RULEZERO_SESSION_H

#include <stdio.h>

#include "engine/search.h"

/* Set from the command line before the session starts. */
struct session_options {
    enum engine_player player; /* --play random|greedy */
    uint64_t seed;             /* --seed: the baseline players' random choices */
    /* Game settings from the command line (--option, --powers), checked already. */
    const char *const *setting_name;
    const char *const *setting_value;
    int settings;
};

struct game;
/* Sets the command line's settings (checked already) on a protocol's game; 0 or -1. */
int session_apply_settings(const struct session_options *opts, struct game *g);

int session_run(FILE *in, FILE *out, const struct session_options *opts);

/* A new engine set up as the options say (every protocol uses this). */
struct engine *session_engine_new(const struct session_options *opts, size_t hash_mb);

#endif
