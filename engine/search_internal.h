/* Rule Zero: the search's private state, shared by search.c (engine object,
 * thread, iterative deepening), alphabeta.c (the tree search) and
 * movepick.c (move ordering). Not part of the public API. */
#ifndef RULEZERO_SEARCH_INTERNAL_H
#define RULEZERO_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "engine/platform.h"
#include "engine/search.h"
#include "engine/timeman.h"
#include "engine/tt.h"
#include "variants/variant.h"

#define MAX_PLY 256          /* steps from the root, extensions and quiescence included */
#define HISTORY_MAX 16384

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
    struct position pos;
};

struct engine {
    struct tt tt;
    int *history;            /* [side][from][to] */
    Move (*counter)[BOARD_SIZE]; /* [piece that moved][its square]: the step that refuted it */
    struct searcher *s;
    atomic_bool stop;
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
};

static inline int *history_slot(struct engine *e, Color side, Move m)
{
    return &e->history[((size_t)side * BOARD_SIZE + (size_t)move_from(m)) * BOARD_SIZE + (size_t)move_to(m)];
}

/* The step that last refuted the previous step, or MOVE_NONE. */
static inline Move *counter_slot(struct engine *e, const struct position *pos)
{
    if (pos->ply == 0)
        return NULL;
    Move prev = pos->history[pos->ply - 1].move;
    if (prev == MOVE_NONE)
        return NULL;
    Piece p = pos->board[move_to(prev)];
    if (!is_piece(p))
        return NULL;
    return &e->counter[piece_index(p)][move_to(prev)];
}

/* alphabeta.c */
int search_root(struct searcher *s, int alpha, int beta, int depth);
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

/* movepick.c */
void movepick_score(struct searcher *s, struct scored_list *l, int ply, Move hash_move);
void movepick_score_noisy(struct searcher *s, struct scored_list *l, Move hash_move);
/* Next move by score, MOVE_NONE when the list is exhausted. */
Move movepick_next(struct scored_list *l);
bool movepick_is_quiet(const struct position *pos, Move m);

#endif
