/* Rule Zero: the search, generic over the variant table.
 *
 * An engine object owns the transposition table, the heuristics and a search
 * thread. The protocols start a search asynchronously and stop it at once on
 * `?`/`stop`; bench and tests call the synchronous form. Plies are steps:
 * the score changes sign only when the side to move changes.
 *
 * With more than one thread the search is Lazy SMP: helper threads search the
 * same root over the shared transposition table and the main thread's line
 * is played; with one thread the search is exactly deterministic. A ponder
 * search runs without time limit until engine_ponderhit() (then the clock
 * budget applies, counted from the start of the ponder search) or
 * engine_stop(). MultiPV searches several root lines per iteration; a skill
 * below SKILL_MAX plays weaker by a shallower, smaller search and a noisy
 * choice among good candidate lines. */
#ifndef RULEZERO_SEARCH_H
#define RULEZERO_SEARCH_H

#include "variants/core/position.h"
#include "variants/core/turn.h"

#define SCORE_INFINITE 32500
#define SCORE_MATE 32000
#define SCORE_MATE_BOUND (SCORE_MATE - 1000) /* |score| above this is a mate score */
#define MAX_SEARCH_DEPTH 128
#define MAX_EXCLUDED 256
#define MAX_MULTIPV 64
#define MAX_THREADS 64
#define SKILL_MAX 20         /* full strength */
/* The Elo range a skill level maps onto (UCI_Elo); see docs/strength.md. */
#define STRENGTH_ELO_MIN 1000
#define STRENGTH_ELO_MAX 2400

struct search_limits {
    int depth;               /* 0: no depth limit */
    int mate;                /* UCI `go mate N`: a mate in N moves or fewer ends the search; 0: none */
    uint64_t nodes;          /* 0: no node limit */
    int64_t movetime_ms;     /* fixed time for this move, 0: none */
    int64_t time_ms[2];      /* remaining clock by colour; < 0: no clock */
    int64_t inc_ms[2];       /* increment by colour */
    int movestogo;           /* moves to the next time control, 0: sudden death */
    bool infinite;           /* analyse until stopped */
    bool ponder;             /* think on the opponent's time until engine_ponderhit() or stop */
    int multipv;             /* best lines wanted (0 or 1: one) */
    int move_overhead_ms;    /* clock time our move may take to reach the GUI (< 0: the default) */
    /* Root turns not to consider (CECP exclude), by text. */
    int excluded_count;
    char excluded[MAX_EXCLUDED][TURN_TEXT_LEN];
};

/* One line of thinking output, sent after each completed iteration. */
struct search_report {
    int multipv;             /* which line, from 1 */
    int lines;               /* lines reported for this depth */
    int depth;
    int seldepth;
    int score;               /* centipawns, side to move's view; mate scores beyond SCORE_MATE_BOUND */
    uint64_t nodes;
    int64_t time_ms;
    uint64_t nps;
    char pv[1024];           /* turns in the variant's notation, space-separated */
};

struct search_result {
    bool has_move;           /* false when the side to move has no legal turn */
    struct turn best;
    bool has_ponder;
    struct turn ponder;
    int score;
    int depth;
    uint64_t nodes;
    int64_t time_ms;
};

struct search_callbacks {
    void (*on_report)(const struct search_report *report, void *ctx);
    /* Called once when a search ends (from the search thread when async). */
    void (*on_done)(const struct search_result *result, void *ctx);
    void *ctx;
};

struct engine;

/* Who chooses the moves: the search, or a baseline player for strength floors
 * (a uniformly random legal turn; the best material after one turn). */
enum engine_player { PLAYER_SEARCH = 0, PLAYER_RANDOM, PLAYER_GREEDY };

struct engine *engine_new(size_t hash_mb);
/* Plays with `player` from now on; seed drives the baseline players' choices. */
void engine_set_player(struct engine *e, enum engine_player player, uint64_t seed);
void engine_free(struct engine *e);
/* Resizes the transposition table; 0 on success. */
int engine_set_hash(struct engine *e, size_t hash_mb);
/* Search threads, 1..MAX_THREADS; 0 on success, -1 (nothing changed) otherwise. */
int engine_set_threads(struct engine *e, int threads);
int engine_threads(const struct engine *e);
/* Strength, 0..SKILL_MAX (full); 0 on success, -1 (nothing changed) otherwise. */
int engine_set_skill(struct engine *e, int skill);
/* The skill level that plays at about `elo` (clamped to the range). */
int skill_for_elo(int elo);
/* Forgets everything learned (new game, bench positions). */
void engine_clear(struct engine *e);
/* The network the search evaluates with (engine/nnue.h), in its own game
 * only: a position of another game gets the hand-set evaluation, as all
 * do with NULL. The engine owns net from here (and frees the one before);
 * the transposition table is cleared, as it holds static evaluations. */
struct nnue_net;
void engine_set_network(struct engine *e, struct nnue_net *net);
const struct nnue_net *engine_network(const struct engine *e);
/* Each game's built-in network (engine/nnue_builtin.h), a new engine's
 * evaluation: a game evaluates with its own where it has one and its
 * settings are those the network was trained under, with the hand-set
 * evaluation elsewhere. Frees the network engine_set_network gave; clears
 * the table. */
void engine_use_builtin_networks(struct engine *e);
bool engine_uses_builtin_networks(const struct engine *e);
/* Whether game v has a built-in network (used or not). */
bool engine_has_builtin_network(const struct engine *e, const struct variant *v);
/* The network a search of a position of v under `rules` (its settings'
 * rules value; NULL: v's defaults) evaluates with (NULL: the hand-set
 * evaluation); with the built-in networks, `why` (may be NULL) says which
 * and, for the hand-set evaluation, why. */
const struct nnue_net *engine_network_for(const struct engine *e, const struct variant *v, const void *rules,
                                          char *why, size_t n);
/* The network's share of the evaluation, in percent (ENGINE_EVAL_BLEND_MAX,
 * the default: the network alone): with a network in force the search
 * evaluates (share x network + (100 - share) x hand-set) / 100. 0 on
 * success, -1 (nothing changed) outside 0..100. Clears the table, as
 * engine_set_network does. */
#define ENGINE_EVAL_BLEND_MAX 100
int engine_set_eval_blend(struct engine *e, int percent);
int engine_eval_blend(const struct engine *e);

/* Synchronous search: returns when a limit is reached. */
struct search_result engine_search(struct engine *e, const struct position *pos, const struct search_limits *limits,
                                   const struct search_callbacks *cb);

/* Asynchronous search on the engine's thread; on_done reports the result. */
void engine_search_async(struct engine *e, const struct position *pos, const struct search_limits *limits,
                         const struct search_callbacks *cb);
void engine_stop(struct engine *e);  /* asks the search to end now; returns at once */
void engine_ponderhit(struct engine *e); /* the ponder move was played: search on the clock now */
void engine_wait(struct engine *e);  /* waits until the search thread is idle */
bool engine_busy(struct engine *e);

static inline void search_limits_init(struct search_limits *l)
{
    *l = (struct search_limits){0};
    l->time_ms[0] = l->time_ms[1] = -1;
    l->move_overhead_ms = -1;
}

/* Mate distance in moves (positive: side to move mates), 0 when not a mate score. */
static inline int score_mate_moves(int score)
{
    if (score > SCORE_MATE_BOUND)
        return (SCORE_MATE - score + 1) / 2;
    if (score < -SCORE_MATE_BOUND)
        return -((SCORE_MATE + score) / 2);
    return 0;
}

#endif
