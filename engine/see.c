/* Static exchange evaluation through the variant table. */
#include "engine/see.h"

/* Capturing a piece worth at least the capturer never loses material: the
 * worst that can happen is losing the capturer back. */
static bool surely_not_losing(const struct position *pos, Move m)
{
    const int *values = pos->variant->piece_values;
    Piece mover = pos->board[move_from(m)];
    Piece victim = pos->board[move_to(m)];
    if (move_kind(m) == MK_PROMOTION || !is_piece(mover) || !is_piece(victim) || piece_color(victim) == pos->side)
        return false;
    return values[piece_type(victim)] >= values[piece_type(mover)];
}

bool see_below(const struct position *pos, Move m, int threshold)
{
    const struct variant *v = pos->variant;
    if (!v->see || !v->piece_values)
        return false;
    if (threshold <= 0 && surely_not_losing(pos, m))
        return false;
    return v->see(pos, m) < threshold;
}
