/* Static exchange evaluation for the chess family: the material balance of
 * the captures on one square, each side recapturing with its least valuable
 * attacker and free to stop when going on would lose. Attackers come from
 * the power set in force (so changed powers count), x-rays are found because
 * every capturer is lifted off a private copy of the board. Pins, checks and
 * powers that a capture would change are ignored: it is an estimate for move
 * ordering and pruning, not a rule. */
#include <string.h>

#include "variants/chess.h"

#define SEE_MAX_SWAPS 40

/* Square of the least valuable piece of colour `by` that captures on `sq`
 * on `board`, or NO_SQUARE. */
static Square least_valuable_attacker(const struct attack_table *t, const Piece *board, Square sq, Color by,
                                      const int *values)
{
    int bit = COLOR_BIT(by);
    Square best = NO_SQUARE;
    int best_value = 0;
    for (int i = 0; i < t->count; i++) {
        Square s = attack_dir_attacker(&t->dirs[i], board, sq, bit);
        if (s != NO_SQUARE && (best == NO_SQUARE || values[piece_type(board[s])] < best_value)) {
            best = s;
            best_value = values[piece_type(board[s])];
        }
    }
    return best;
}

static int max_int(int a, int b) { return a > b ? a : b; }

int chess_see(const struct position *pos, Move m)
{
    const int *values = pos->variant->piece_values;
    int kind = move_kind(m);
    if (!values || kind == MK_CASTLE || kind == MK_DROP || kind >= MK_VARIANT1)
        return 0; /* a variant's own kinds (Dialectic's token moves) move no piece */
    Square from = move_from(m), to = move_to(m);
    if (!is_piece(pos->board[from]))
        return 0;
    Color us = pos->side;
    Piece board[BOARD_SIZE];
    memcpy(board, pos->board, sizeof board);
    int gain[SEE_MAX_SWAPS];
    Piece victim = board[to];
    if (kind == MK_EN_PASSANT) {
        Square behind = to - (us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE);
        victim = board[behind];
        board[behind] = EMPTY;
    }
    gain[0] = is_piece(victim) && piece_color(victim) != us ? values[piece_type(victim)] : 0;
    int on_square = values[piece_type(board[from])]; /* value of the piece now standing on `to` */
    if (kind == MK_PROMOTION) {
        gain[0] += values[move_promo(m)] - values[piece_type(board[from])];
        on_square = values[move_promo(m)];
    }
    board[from] = EMPTY;
    const struct power_set *powers = chess_powers(pos);
    Color side = us ^ 1;
    int d = 0;
    while (d + 1 < SEE_MAX_SWAPS) {
        Square sq = least_valuable_attacker(&powers->attacks[side], board, to, side, values);
        if (sq == NO_SQUARE)
            break;
        d++;
        gain[d] = on_square - gain[d - 1]; /* for the side capturing now, if nothing recaptures */
        on_square = values[piece_type(board[sq])];
        board[sq] = EMPTY;
        side ^= 1;
    }
    /* Each side may stop instead of capturing. */
    for (; d > 0; d--)
        gain[d - 1] = -max_int(-gain[d - 1], gain[d]);
    return gain[0];
}
