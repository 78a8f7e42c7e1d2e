/* Rule Zero: playing a game whose setting is hidden (variant.hidden,
 * docs/rules/partial-shifted-square.md), as a player who does not know it.
 *
 * The belief is the set of the setting's values still consistent with what
 * the player has seen: the start position reads under the value, every turn
 * played by either side is legal under it, and none of the player's own
 * turns that the referee refused is. The player chooses its turn by
 * sampling: up to `samples` consistent values (all of them when fewer), drawn
 * by a seeded generator; under each, every legal turn is searched; a turn's
 * value is its mean over the samples, a sample under which it is illegal
 * counting that sample's best turn less HIDDEN_REFUSAL_COST (a refused try
 * costs only time and tells something). The turn with the best mean is
 * chosen, among the turns legal under at least one sampled value: so never
 * a turn that was refused (no consistent value allows it). Under a time
 * budget fewer samples are drawn when it is short (one per 25 ms), a
 * sample the clock cuts short is dropped, and when that is the first, its
 * turns left are scored by the static evaluation; a stop raised by the
 * caller (CECP `?`) ends the choice the same way, at once. Generic over the
 * variant table: the rules under a value are the variant's, read through
 * settings_set(hidden->option, value). */
#ifndef RULEZERO_HIDDEN_H
#define RULEZERO_HIDDEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/search.h"
#include "variants/core/fen.h"
#include "variants/registry.h"

#define HIDDEN_REFUSAL_COST 20 /* centipawns: a turn illegal under a sample, against that sample's best */
#define HIDDEN_SAMPLES 8       /* values sampled per choice unless the caller says otherwise */
#define HIDDEN_MAX_REFUSED 1024
#define HIDDEN_STACK_BYTES (16u * 1024 * 1024) /* a thread that runs hidden_choose: the search's stack */

struct hidden_belief {
    const struct variant *variant;
    int count;       /* the hidden setting's values */
    bool *alive;     /* by value index: still consistent */
    int alive_count;
    char fen[FEN_MAX_LEN]; /* the position as every consistent value reads it (the added square's field
                              as one of them writes it) */
    int plies;             /* turns played since the start */
    /* The player's turns refused in this position (none may be tried again). */
    char (*refused)[TURN_TEXT_LEN];
    int refused_count;
};

/* The budget of one choice, split evenly across samples and their turns:
 * nodes (0: none), time in ms (0: none), search depth (0: none). A choice
 * with none of them searches each turn to depth 2. `stop` (NULL: none),
 * raised from another thread, ends the choice as a time budget's end does:
 * the running search stops, no further sample is drawn, and the turns left
 * are scored by the static evaluation (all of them when it is raised
 * before the choice starts), so a turn is chosen at once. `on_sample`
 * (NULL: none) is told, after each drawn value is counted, how many are,
 * the best turn so far and its mean score (centipawns, the mover's view). */
typedef void (*hidden_progress_fn)(int samples, int score, const char *best, void *ctx);
struct hidden_budget {
    uint64_t nodes;
    int64_t time_ms;
    int depth;
    int samples; /* 0: HIDDEN_SAMPLES */
    const atomic_bool *stop;
    hidden_progress_fn on_sample;
    void *ctx;
};

/* Is `name` (case-insensitive) the hidden setting of some game? */
bool hidden_setting_named(const char *name);

/* A belief for variant v (which must have a hidden setting) from `fen`:
 * every value under which the position reads. 0, or -1 with a message (no
 * hidden setting, out of memory, no value reads the position). */
int hidden_belief_start(struct hidden_belief *b, const struct variant *v, const char *fen, char *err, size_t errlen);
void hidden_belief_free(struct hidden_belief *b);

/* A turn was played (by either side): drops the values under which it is
 * illegal and moves on. 0, or -1 when no consistent value allows it (the
 * belief is then unchanged). */
int hidden_belief_played(struct hidden_belief *b, const char *text);
/* The player's own turn `text` was refused: drops the values under which it
 * is legal and remembers it. 0, or -1 when that leaves no value (unchanged). */
int hidden_belief_refused(struct hidden_belief *b, const char *text);
/* The player is asked for a turn, so the game goes on: drops the values
 * under which the side to move has no legal turn (mated or stalemated
 * there; the referee would have ended the game). 0, or -1 when that leaves
 * none (unchanged). */
int hidden_belief_to_move(struct hidden_belief *b);
/* Was `text` refused in this position? */
bool hidden_belief_was_refused(const struct hidden_belief *b, const char *text);
/* Writes the index-th consistent value's text (index from 0); -1 past the last. */
int hidden_belief_value(const struct hidden_belief *b, int index, char *out, size_t n);

/* Chooses a turn as the header says, searching with e (its table is
 * cleared for each sample: positions of different values share keys).
 * 1 with *out's text set, 0 when no consistent value has a legal turn,
 * -1 out of memory. Deterministic for a seed under node and depth budgets. */
int hidden_choose(struct hidden_belief *b, struct engine *e, const struct hidden_budget *budget, uint64_t seed,
                  char *out, size_t n);

#endif
