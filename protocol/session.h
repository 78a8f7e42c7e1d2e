/* Rule Zero: the interactive session on standard input (CECP, UCI or console). */
#ifndef RULEZERO_SESSION_H
#define RULEZERO_SESSION_H

#include <stdio.h>

#include "engine/search.h"

/* Set from the command line before the session starts. */
struct session_options {
    enum engine_player player; /* --play random|greedy */
    uint64_t seed;             /* --seed: the baseline players' random choices */
};

int session_run(FILE *in, FILE *out, const struct session_options *opts);

/* A new engine set up as the options say (every protocol uses this). */
struct engine *session_engine_new(const struct session_options *opts, size_t hash_mb);

#endif
