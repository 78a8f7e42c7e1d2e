/* Rule Zero: the learned evaluation (NNUE). A network reads what stands
 * where from each side's view, keeps its first layer as one accumulator per
 * view, clips it (clipped ReLU) and sums it through a small output layer
 * into centipawns. Integer arithmetic throughout, so every platform and
 * every kernel (plain C, SSE2, AVX2) gives the same score. The file format
 * and the input layout are in docs/networks.md, section "The network". */
#ifndef RULEZERO_NNUE_H
#define RULEZERO_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "variants/core/variant.h"

#define NNUE_MAGIC "RZNNUE01"
#define NNUE_VERSION 1
/* Version 2 adds one header word after the scale, the network's target:
 * NNUE_TARGET_SCORE (a whole evaluation) or NNUE_TARGET_RESIDUAL (a
 * correction added to the hand-set evaluation). A plain network is written
 * as version 1, so its bytes are those of every network before; an engine
 * that reads only version 1 refuses a residual one instead of misreading it. */
#define NNUE_VERSION_TARGET 2
#define NNUE_TARGET_SCORE 0
#define NNUE_TARGET_RESIDUAL 1
/* Input layout 1: every piece on the board, by its colour relative to the
 * view, its type and its square, the ranks mirrored for Black's view. */
#define NNUE_LAYOUT_PIECES 1
/* Input layout 2: layout 1's, then the game's state beyond its board's
 * squares: its hands (each count by colour relative to the view and type,
 * as NNUE_HAND_STEPS inputs "at least k") and what the variant table's
 * nnue_state_active gives (variants/nnue_state.h). engine/nnue_layout.c. */
#define NNUE_LAYOUT_STATE 2
#define NNUE_HAND_STEPS 8
#define NNUE_MAX_STATE 128     /* state inputs active at once, per view */
#define NNUE_MAX_ACTIVE (NNUE_MAX_SQUARES + NNUE_MAX_STATE)
#define NNUE_MAX_HIDDEN 1024   /* first-layer width; a multiple of 16 */
#define NNUE_MAX_INPUTS 16384
#define NNUE_MAX_SQUARES 128
#define NNUE_VARIANT_LEN 32
#define NNUE_TEXT_MAX 4096     /* the description (how it was made) */
#define NNUE_QA 255            /* the first layer's unit and the clip's ceiling */
#define NNUE_QB 64             /* the output weights' unit */
#define NNUE_SCALE 400         /* centipawns of an output of 1.0 */
#define NNUE_WORD 8            /* bytes the cache compares at once (a uint64_t) */
_Static_assert(BOARD_SIZE % NNUE_WORD == 0 && sizeof(Piece) == 1, "the board compares in whole words");

/* The integer kernels: plain C and, on x86, SSE2 and AVX2 (chosen at run
 * time from what the processor has; all three give the same numbers). */
struct nnue_kernels {
    const char *name;
    void (*add_row)(int16_t *acc, const int16_t *row, int n);
    void (*sub_row)(int16_t *acc, const int16_t *row, int n);
    /* sum of clamp(acc[i], 0, qa) * w[i] over n entries */
    int32_t (*dot)(const int16_t *acc, const int16_t *w, int n, int qa);
};

/* By name ("plain", "sse2", "avx2"); NULL when this build or processor lacks it. */
const struct nnue_kernels *nnue_kernels_named(const char *name);
/* The fastest this processor runs. */
const struct nnue_kernels *nnue_kernels_best(void);

struct nnue_net {
    const struct variant *variant;
    int layout;
    int inputs, hidden;
    int qa, qb, scale;
    int target;         /* NNUE_TARGET_SCORE or NNUE_TARGET_RESIDUAL */
    char text[NNUE_TEXT_MAX + 1];
    int16_t *w1;        /* inputs rows of hidden weights */
    int16_t *b1;        /* hidden */
    int16_t *w2;        /* 2 * hidden: the side to move's half, then the other's */
    int32_t b2;
    /* Where each board square of the variant lands, per view (-1: not a square). */
    int16_t square_index[2][BOARD_SIZE];
    int types;          /* piece types of the variant */
    int squares;        /* board squares of the variant */
    Square board_squares[NNUE_MAX_SQUARES];
    /* The 8-byte words of the board array that hold its board squares, in
     * order: the accumulator's cache compares boards a word at a time. */
    int board_words;
    int16_t board_word[BOARD_SIZE / NNUE_WORD];
    int state_base;     /* the first state input (layout 2), after the board's */
    int state_inputs;   /* state inputs: 0 in layout 1 */
    uint32_t checksum;  /* the file's own (its last 4 bytes): names the network */
};

/* The inputs layout 1 gives variant v (0: the layout does not fit it). */
int nnue_layout_inputs(const struct variant *v);
/* The inputs of a layout for v (0: the layout does not fit it; layout 2
 * fits only a game with state inputs). */
int nnue_layout_count(const struct variant *v, int layout);
/* The layout a new network for v takes: 2 where the game has state inputs. */
int nnue_layout_default(const struct variant *v);
/* A zeroed network of the given sizes for v (the trainer fills it); NULL
 * with a message when the sizes do not fit. nnue_new: layout 1. */
struct nnue_net *nnue_new(const struct variant *v, int hidden, char *err, size_t errlen);
struct nnue_net *nnue_new_layout(const struct variant *v, int layout, int hidden, char *err, size_t errlen);
void nnue_free(struct nnue_net *net);
/* Reads a network file; NULL with a message naming the fault. */
struct nnue_net *nnue_load(const char *path, char *err, size_t errlen);
/* Reads one from memory (the same format). */
struct nnue_net *nnue_read(const unsigned char *data, size_t size, char *err, size_t errlen);
/* Writes net to path: 0, or -1 with a message. */
int nnue_save(const struct nnue_net *net, const char *path, char *err, size_t errlen);

/* The input of piece p on sq from view's side. */
static inline int nnue_input(const struct nnue_net *net, Color view, Piece p, Square sq)
{
    int rel = piece_color(p) != view;
    return (rel * net->types + piece_type(p) - 1) * net->squares + net->square_index[view][sq];
}

/* The state inputs active in pos for view (layout 2; none in layout 1),
 * at most NNUE_MAX_STATE, as input numbers; returns their count. */
int nnue_state_active(const struct nnue_net *net, const struct position *pos, Color view, int *out);
/* Up to NNUE_MAX_ACTIVE inputs active in pos for view, the board's then
 * the state's; returns their count. */
int nnue_active_inputs(const struct nnue_net *net, const struct position *pos, Color view, int *out);

/* The first layer of one position, both views, and the board it describes. */
struct nnue_accumulator {
    _Alignas(64) int16_t v[2][NNUE_MAX_HIDDEN];
};

/* A search thread's accumulator: kept for the last position evaluated and
 * brought to the next one by the squares whose contents differ (a sibling
 * or a near relative in the tree: a few squares), or computed again from
 * scratch when too many differ. Nothing in make/unmake changes. */
struct nnue_cache {
    const struct nnue_net *net;
    const struct nnue_kernels *k;
    bool valid;
    struct nnue_accumulator acc;
    Piece board[BOARD_SIZE];
    int state[2][NNUE_MAX_STATE];  /* the state inputs in acc, per view */
    int state_count[2];
    uint64_t refreshes, updates;   /* counts, for tests and measurement */
};

void nnue_cache_init(struct nnue_cache *c, const struct nnue_net *net, const struct nnue_kernels *k);
/* Brings the state inputs' part of the accumulator to pos's (layout 2):
 * the rows of inputs that went out subtracted, of those that came in added. */
void nnue_cache_update_state(struct nnue_cache *c, const struct position *pos);
/* Brings the accumulator to pos (incrementally when it can). */
void nnue_cache_update(struct nnue_cache *c, const struct position *pos);
/* The accumulator of pos computed from nothing. */
void nnue_accumulate(const struct nnue_net *net, const struct nnue_kernels *k, const struct position *pos,
                     struct nnue_accumulator *acc);
/* The output of an accumulator for side to move `side`, in centipawns. */
int nnue_output(const struct nnue_net *net, const struct nnue_kernels *k, const struct nnue_accumulator *acc,
                Color side);
/* The network's evaluation of pos from the side to move's view. */
int nnue_evaluate(struct nnue_cache *c, const struct position *pos);

#endif
