/* Rule Zero: the engine's own options, as opposed to the games' options:
 * Hash, Threads, MultiPV, Ponder, UCI_LimitStrength, UCI_Elo, Skill and
 * Move Overhead, EvalFile (the network the search evaluates with: each
 * game's built-in one, `default`, unless told otherwise),
 * EvalBlend (its share of the evaluation, the rest the hand-set one's) and
 * VariantPath (a game file whose games join the others, variants/registry.h).
 * Both protocols and the command line read and apply them
 * here; a bad value is refused with a message and leaves every setting as
 * it was. */
#ifndef RULEZERO_ENGINE_OPTIONS_H
#define RULEZERO_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/search.h"
#include "variants/registry.h"

enum { ENGINE_OPTION_UCI = 1, ENGINE_OPTION_CECP = 2 };

#define ENGINE_EVAL_FILE_DEFAULT "default" /* EvalFile: each game's built-in network */
#define ENGINE_HASH_MAX_MB 4096 /* Hash: the transposition table's largest size */

struct engine_option {
    struct variant_option o;  /* name, type, default, "MIN MAX" for spins */
    int protocols;            /* which protocols list it (ENGINE_OPTION_*) */
};

struct engine_settings {
    int threads;
    int multipv;
    bool ponder;              /* UCI Ponder: the GUI may send go ponder */
    bool limit_strength;      /* UCI_LimitStrength: UCI_Elo decides the skill */
    int elo;
    int skill;                /* Skill, 0..SKILL_MAX, when UCI_LimitStrength is off */
    int move_overhead_ms;     /* Move Overhead: clock time a move takes to reach the GUI */
    /* The game in force, set by the front end before a change: EvalFile
     * refuses a network for another game (NULL: any game's). */
    const struct variant *variant;
    const void *rules;        /* its settings' rules value (NULL: the defaults) */
    /* What the last change has to say ("" when nothing): EvalFile names the
     * evaluation now in use; the front end shows it (UCI `info string`). */
    char note[VARIANT_ERR_LEN];
};

void engine_settings_init(struct engine_settings *st);
/* The options, ending with a NULL name. */
const struct engine_option *engine_options(void);
/* Sets `name` (case-insensitive) to `value` and applies it to the engine.
 * 1: not an engine option; 0: done; -1: a bad value, err says why and
 * nothing changed. Check options take true/false (or 1/0, on/off). */
int engine_settings_set(struct engine_settings *st, struct engine *e, const char *name, const char *value, char *err,
                        size_t errlen);
/* "evaluation: network ..." naming the network e holds, or "evaluation:
 * classic ..." (the front ends say it when a network is loaded). */
void engine_settings_describe_eval(const struct engine *e, char *out, size_t n);
/* When e holds a network for another game than v: "evaluation: classic
 * in V (...)" and true, for the front end to say when the game changes. */
bool engine_settings_eval_mismatch(const struct engine *e, const struct variant *v, char *out, size_t n);
/* With each game's built-in network in force (EvalFile `default`, the
 * start) and a game v that has one: which evaluation v under `rules`
 * (NULL: its defaults) gets and why ("evaluation: built-in network of ...",
 * or "evaluation: classic in V: its settings differ ...") and true, for
 * the front end to say when the game or its settings change. */
bool engine_settings_builtin_note(const struct engine *e, const struct variant *v, const void *rules, char *out,
                                  size_t n);
/* The skill level in force. */
int engine_settings_skill(const struct engine_settings *st);

#endif
