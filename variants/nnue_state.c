/* Rule Zero: the games' state as inputs of the learned evaluation
 * (variants/nnue_state.h). Squares are mirrored for Black's view as the
 * board's are (engine/nnue.h), so that a position and its colour-flipped
 * twin give the same inputs. Polypiece's are in polypiece.c, beside its
 * private state. */
#include "variants/nnue_state.h"

#include "variants/dialectic.h"
#include "variants/interweave.h"
#include "variants/nickdanger.h"
#include "variants/ssq.h"

/* An 8x8 square's index 0..63 from view's side (rank mirrored for Black). */
static int view_index(int file, int rank, Color view) { return (view == WHITE ? rank : 7 - rank) * 8 + file; }

int dialectic_nnue_state(const struct position *pos, Color view, int *out)
{
    (void)view; /* the tokens belong to neither side and give both the same leaps */
    out[0] = dialectic_thesis(pos);
    out[1] = 9 + dialectic_antithesis(pos);
    return 2;
}

int iw_nnue_state(const struct position *pos, Color view, int *out)
{
    Square sq = iw_cstate(pos)->pending;
    if (!sq)
        return 0;
    int whose = pos->side != view;
    out[0] = whose * 64 + view_index(square_col(sq), square_rank(sq), view);
    return 1;
}

int nd_nnue_state(const struct position *pos, Color view, int *out)
{
    const struct nd_state *st = nd_cst(pos);
    int n = 0;
    for (int board = 0; board < 2; board++)
        for (int local = 0; local < 64; local++)
            if ((st->mask[board] >> local) & 1)
                out[n++] = board * 64 + view_index(local & 7, local >> 3, view);
    if (st->part2)
        out[n++] = 2 * 64 + (pos->side != view);
    return n;
}

int ssq_nnue_state(const struct position *pos, Color view, int *out)
{
    Piece p = pos->board[ssq_rules_of(pos)->added_sq];
    if (!is_piece(p))
        return 0;
    out[0] = (piece_color(p) != view) * 6 + piece_type(p) - 1;
    return 1;
}
