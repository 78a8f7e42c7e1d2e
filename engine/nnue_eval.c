/* Rule Zero: the network's evaluation. The first layer is one accumulator
 * per view (the bias plus the rows of the active inputs); a search thread
 * keeps the accumulator of the last position it evaluated with that
 * position's board, and reaches the next one by subtracting the rows of
 * what left the squares that differ and adding those of what came. In a
 * depth-first search consecutive evaluations are near relatives, so a few
 * squares differ; past NNUE_REFRESH_SQUARES the accumulator is computed
 * again from nothing. Make and unmake do not know the network. */
#include <string.h>

#include "engine/nnue.h"

#define NNUE_REFRESH_SQUARES 12
/* Far from the search's mate scores. */
#define NNUE_EVAL_MAX 20000

int nnue_active_inputs(const struct nnue_net *net, const struct position *pos, Color view, int *out)
{
    int n = 0;
    for (int i = 0; i < net->squares; i++) {
        Square sq = net->board_squares[i];
        if (is_piece(pos->board[sq]))
            out[n++] = nnue_input(net, view, pos->board[sq], sq);
    }
    return n + nnue_state_active(net, pos, view, out + n);
}

void nnue_accumulate(const struct nnue_net *net, const struct nnue_kernels *k, const struct position *pos,
                     struct nnue_accumulator *acc)
{
    int h = net->hidden;
    for (int view = 0; view < 2; view++) {
        memcpy(acc->v[view], net->b1, (size_t)h * sizeof net->b1[0]);
        for (int i = 0; i < net->squares; i++) {
            Square sq = net->board_squares[i];
            if (is_piece(pos->board[sq]))
                k->add_row(acc->v[view], net->w1 + (size_t)nnue_input(net, view, pos->board[sq], sq) * (size_t)h, h);
        }
        int state[NNUE_MAX_STATE], n = nnue_state_active(net, pos, view, state);
        for (int i = 0; i < n; i++)
            k->add_row(acc->v[view], net->w1 + (size_t)state[i] * (size_t)h, h);
    }
}

void nnue_cache_init(struct nnue_cache *c, const struct nnue_net *net, const struct nnue_kernels *k)
{
    c->net = net;
    c->k = k ? k : nnue_kernels_best();
    c->valid = false;
    c->refreshes = c->updates = 0;
}

static void refresh(struct nnue_cache *c, const struct position *pos)
{
    nnue_accumulate(c->net, c->k, pos, &c->acc);
    memcpy(c->board, pos->board, sizeof c->board);
    for (int view = 0; view < 2; view++)
        c->state_count[view] = nnue_state_active(c->net, pos, view, c->state[view]);
    c->valid = true;
    c->refreshes++;
}

/* Moves the row of p on sq in or out of both views. */
static void apply(struct nnue_cache *c, Piece p, Square sq, bool add)
{
    const struct nnue_net *net = c->net;
    for (int view = 0; view < 2; view++) {
        const int16_t *row = net->w1 + (size_t)nnue_input(net, view, p, sq) * (size_t)net->hidden;
        (add ? c->k->add_row : c->k->sub_row)(c->acc.v[view], row, net->hidden);
    }
}

static uint64_t word_at(const Piece *board, int word)
{
    uint64_t w;
    memcpy(&w, board + word * NNUE_WORD, sizeof w);
    return w;
}

/* The shift of the byte of a nonzero word that comes first in the board
 * array (the word was read with memcpy, so in the platform's byte order),
 * and that byte's place in the word. */
static int first_byte_shift(uint64_t diff, int *place)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    *place = __builtin_clzll(diff) / 8;
    return 8 * (NNUE_WORD - 1 - *place);
#else
    *place = __builtin_ctzll(diff) / 8;
    return 8 * *place;
#endif
}

/* The board squares whose contents differ between the cache's board and
 * pos's, compared a word (8 squares) at a time over the words that hold
 * board squares, and in a word that differs only the bytes that differ;
 * a byte that is not a board square (a sentinel, the padding between
 * ranks) is copied and skipped. Returns their count, or
 * -1 past NNUE_REFRESH_SQUARES. */
static int changed_squares(struct nnue_cache *c, const struct position *pos, Square *changed)
{
    const struct nnue_net *net = c->net;
    int n = 0;
    for (int i = 0; i < net->board_words; i++) {
        int word = net->board_word[i];
        uint64_t diff = word_at(c->board, word) ^ word_at(pos->board, word);
        while (diff) {
            int b;
            diff &= ~((uint64_t)0xff << first_byte_shift(diff, &b));
            Square sq = word * NNUE_WORD + b;
            if (net->square_index[WHITE][sq] < 0) {
                c->board[sq] = pos->board[sq];
                continue;
            }
            if (n == NNUE_REFRESH_SQUARES)
                return -1;
            changed[n++] = sq;
        }
    }
    return n;
}

void nnue_cache_update(struct nnue_cache *c, const struct position *pos)
{
    Square changed[NNUE_REFRESH_SQUARES];
    int n = c->valid ? changed_squares(c, pos, changed) : -1;
    if (n < 0) {
        refresh(c, pos);
        return;
    }
    for (int i = 0; i < n; i++) {
        Square sq = changed[i];
        if (is_piece(c->board[sq]))
            apply(c, c->board[sq], sq, false);
        if (is_piece(pos->board[sq]))
            apply(c, pos->board[sq], sq, true);
        c->board[sq] = pos->board[sq];
    }
    nnue_cache_update_state(c, pos);
    c->updates++;
}

int nnue_output(const struct nnue_net *net, const struct nnue_kernels *k, const struct nnue_accumulator *acc,
                Color side)
{
    int h = net->hidden;
    int32_t sum = k->dot(acc->v[side], net->w2, h, net->qa) + k->dot(acc->v[side ^ 1], net->w2 + h, h, net->qa);
    int64_t out = ((int64_t)sum + net->b2) * net->scale / ((int64_t)net->qa * net->qb);
    return (int)(out > NNUE_EVAL_MAX ? NNUE_EVAL_MAX : out < -NNUE_EVAL_MAX ? -NNUE_EVAL_MAX : out);
}

int nnue_evaluate(struct nnue_cache *c, const struct position *pos)
{
    nnue_cache_update(c, pos);
    return nnue_output(c->net, c->k, &c->acc, pos->side);
}
