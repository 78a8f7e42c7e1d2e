/* Rule Zero: the search's private state, shared by search.c (engine object,
 * thread, iterative deepening), alphabeta.c (the tree search) and
 * movepick.c (move ordering). Not part of the public API. */
#ifndef RULEZERO_SEARCH_INTERNAL_H
#define RULEZERO_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "variants/core/platform.h"
#include "engine/nnue.h"
#include "engine/nnue_builtin.h"
#include "engine/search.h"
#include "engine/timeman.h"
#include "engine/tt.h"
#include "variants/registry.h"

#define MAX_PLY 256          /* steps from the root, extensions and quiescence included */
#define HISTORY_MAX 16384
#define THREAD_STACK_BYTES (16u * 1024 * 1024)

/* One line of a search: its depth, score and steps. */
struct pv_line {
    int depth;
    int score;
    int len;
    Move pv[MAX_PLY];
};

/* A move list with ordering scores, one per ply. */
struct scored_list {
    int count;
    int next;                /* moves handed out so far */
    int sorted_from;         /* from here on the list is fully sorted */
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
};

struct searcher {
    struct engine *engine;
    int id;                  /* 0: the main thread; helpers of Lazy SMP from 1 */
    const atomic_bool *stop; /* set when this thread must end its search */
    _Atomic uint64_t shared_nodes; /* a helper's node count, published for reports */
    int *history;            /* [side][from][to], this thread's own */
    Move (*counter)[BOARD_SIZE]; /* [piece that moved][its square]: the step that refuted it */
    /* Continuation history (conthist.c): [previous step's key][this step's key]. */
    int16_t *cont_hist;
    const struct variant *cont_variant; /* the variant it is sized for */
    int cont_squares;        /* board squares of that variant */
    int cont_keys;           /* piece types times squares */
    int16_t square_index[BOARD_SIZE]; /* dense index of each board square, -1 elsewhere */
    int cont_key[MAX_PLY];   /* key of the step made at each ply (-1: none, a null move) */
    const struct variant *v;
    struct search_limits limits;
    struct time_budget budget;
    int64_t start_ms;
    uint64_t nodes;
    int seldepth;
    int root_ply;            /* pos.ply at the root */
    int root_depth;          /* depth of the current iteration */
    bool only_turn;          /* the root has one legal turn, of one step */
    bool aborted;
    int multipv;             /* lines searched per iteration (1: the best only) */
    uint64_t soft_nodes;     /* no new iteration past this many nodes (0: none) */
    /* The lines of the last completed iteration, best first. */
    int line_count;
    struct pv_line *lines;
    /* Best line of the current iteration, when a root step has been fully searched. */
    bool iter_valid;
    int iter_score;
    int iter_pv_len;
    Move iter_pv[MAX_PLY];
    Move killers[MAX_PLY][2];
    int pv_len[MAX_PLY];
    Move pv[MAX_PLY][MAX_PLY];
    /* Text of the root turn so far, by step, for excluded turns. */
    char prefix[MAX_TURN_STEPS + 1][TURN_TEXT_LEN];
    struct scored_list lists[MAX_PLY];
    /* The network in force for this search's game (NULL: the variant's own
     * evaluation) and this thread's carried accumulator. */
    const struct nnue_net *net;
    int eval_blend;          /* the network's share in percent (engine_set_eval_blend) */
    struct nnue_cache nnue;
    struct position pos;
};

/* A helper thread of Lazy SMP: its own searcher over the shared table. */
struct helper {
    struct searcher *s;
    pf_thread thread;
    bool running;
};

struct engine {
    struct tt tt;
    struct searcher *s;
    atomic_bool stop;
    atomic_bool pondering;   /* a ponder search not yet hit: no time limit applies */
    /* Lazy SMP: threads - 1 helpers, stopped by helpers_stop. */
    int threads;
    struct helper *helpers;
    atomic_bool helpers_stop;
    /* Playing weaker: SKILL_MAX is full strength. */
    int skill;
    uint64_t skill_rng;
    /* The search thread and its one-job queue. */
    pf_thread thread;
    bool thread_started;
    pf_mutex lock;
    pf_cond cond;
    bool job_pending;
    bool busy;
    bool quit;
    struct position *job_pos;
    struct search_limits job_limits;
    struct search_callbacks job_cb;
    enum engine_player player;
    uint64_t player_rng;
    struct nnue_net *net;    /* engine_set_network's; NULL: the hand-set evaluation */
    bool builtin;            /* each game's built-in network (engine_use_builtin_networks) */
    struct nnue_builtins builtins;
    const struct nnue_net *in_force; /* the last search's network (NULL: the hand-set evaluation) */
    int eval_blend;          /* engine_set_eval_blend's, percent */
};

static inline int *history_slot(struct searcher *s, Color side, Move m)
{
    return &s->history[((size_t)side * BOARD_SIZE + (size_t)move_from(m)) * BOARD_SIZE + (size_t)move_to(m)];
}

/* The step that last refuted the previous step, or MOVE_NONE. */
static inline Move *counter_slot(struct searcher *s, const struct position *pos)
{
    if (pos->ply == 0)
        return NULL;
    Move prev = pos->history[pos->ply - 1].move;
    if (prev == MOVE_NONE)
        return NULL;
    Piece p = pos->board[move_to(prev)];
    if (!is_piece(p))
        return NULL;
    return &s->counter[piece_index(p)][move_to(prev)];
}

/* alphabeta.c */
int search_root(struct searcher *s, int alpha, int beta, int depth);
/* Builds the reduction table on its first call (pf_once); engine_new calls it. */
void search_init_tables(void);
/* v->outcome, or a draw without legal steps when the variant has no hook. */
struct outcome search_outcome(struct position *pos, int legal_steps);
/* Score of a decided game from the side to move's view, `tply` turns from the root. */
int search_outcome_score(const struct position *pos, int result, int tply);
/* Key the transposition table uses for the position. */
uint64_t search_tt_key(const struct position *pos);
/* Appends sep and text to dst (capacity cap) when they fit. */
void search_text_append(char *dst, size_t cap, const char *sep, const char *text);
bool search_turn_excluded(const struct search_limits *l, const char *text);

/* search.c: a searcher ready to search `root` under `limits`. */
void searcher_prepare(struct searcher *s, struct engine *e, const struct position *root,
                      const struct search_limits *limits);
/* Iterative deepening; best gets the best line found (reports only on the main thread). */
void search_iterate(struct searcher *s, const struct search_callbacks *cb, struct pv_line *best);
/* Allocates / frees a searcher with its own history tables. */
struct searcher *searcher_new(void);
void searcher_free(struct searcher *s);
void searcher_clear_history(struct searcher *s);

/* smp.c: Lazy SMP helpers. */
int smp_resize(struct engine *e, int threads);
void smp_free(struct engine *e);
void smp_clear(struct engine *e);
/* Starts the helpers on `root` (nothing with one thread). */
void smp_start(struct engine *e, const struct position *root, const struct search_limits *limits);
/* Stops and joins the helpers; returns the nodes they searched. */
uint64_t smp_stop(struct engine *e);
/* Nodes the running helpers have searched so far (for reports). */
uint64_t smp_nodes(struct engine *e);

/* skill.c: playing weaker. */
struct skill_plan {
    bool active;
    int depth;               /* cap on the depth, 0: none */
    uint64_t nodes;          /* no new iteration past this many nodes */
    int candidates;          /* lines to choose among */
};
struct skill_plan skill_plan_for(int skill);
/* Index of the line to play among the lines of the last iteration. */
int skill_choose(int skill, const struct pv_line *lines, int count, uint64_t *rng);

/* conthist.c: continuation history. */
void conthist_prepare(struct searcher *s, const struct variant *v);
void conthist_clear(struct searcher *s);
void conthist_free(struct searcher *s);
/* Key of piece p standing on sq, or -1 (no table, no piece, not a board square). */
int conthist_key(const struct searcher *s, Piece p, Square sq);
/* Sum of quiet step m's values after the steps made at ply-1 and ply-2. */
int conthist_score(struct searcher *s, int ply, Move m);
/* Rewards (bonus > 0) or punishes step m after those steps, with gravity. */
void conthist_update(struct searcher *s, int ply, Move m, int bonus);

/* movepick.c */
void movepick_score(struct searcher *s, struct scored_list *l, int ply, Move hash_move);
void movepick_score_noisy(struct searcher *s, struct scored_list *l, Move hash_move);
/* Next move by score, MOVE_NONE when the list is exhausted. */
Move movepick_next(struct scored_list *l);
bool movepick_is_quiet(const struct position *pos, Move m);
/* The move movepick_next handed out last loses material by static exchange. */
bool movepick_last_losing(const struct scored_list *l);

#endif
