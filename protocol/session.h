/* Rule Zero: the interactive session on standard input (CECP, UCI or console). */
#ifndef RULEZERO_SESSION_H
#define RULEZERO_SESSION_H

#include <stdio.h>

#include "engine/search.h"
#include "protocol/engine_options.h"

#define SESSION_MAX_ENGINE_OPTIONS 8

/* Set from the command line before the session starts. */
struct session_options {
    enum engine_player player; /* --play random|greedy */
    uint64_t seed;             /* --seed: the baseline players' random choices */
    /* --option NAME=VALUE naming an engine option (Threads, Skill, ...), in order. */
    int engine_option_count;
    const char *engine_option_name[SESSION_MAX_ENGINE_OPTIONS];
    const char *engine_option_value[SESSION_MAX_ENGINE_OPTIONS];
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
/* Applies the command line's engine options to st and e; -1 with err at the
 * first bad value (the ones before it stay applied). */
int session_engine_options(const struct session_options *opts, struct engine_settings *st, struct engine *e,
                           char *err, size_t errlen);

#endif
