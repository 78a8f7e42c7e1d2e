/* Rule Zero: Interweave evaluation.
 *
 * Terms (White minus Black, returned from the side to move's view):
 * - material (Kings excluded: both sides keep two while the game goes on);
 * - colour complexes: a piece on one colour can only ever capture pieces on
 *   the other, so enemy pieces on a complex that none of our pieces can reach
 *   are immune, and we pay for each of them;
 * - Pawns that can sandwich: a diagonal step of ours to an empty square that
 *   would make a custodian capture is a standing threat;
 * - exposed Kings: every enemy piece orthogonally next to a King can take it
 *   (a Remover at once, a King or Pawn by a leap) or hem it in;
 * - Pawn advance, towards promotion and the enemy's back ranks;
 * - from a one-step capture map of each side (interweave_attacks.c): the side
 *   to move's pieces that the other side could capture next (HangingPawn,
 *   HangingPiece, HangingKing; raised by ForcedHangingPercent when the side to
 *   move has a capture, which it must make instead of stepping away), a bonus
 *   per enemy piece the side to move can capture (Threat), and the quiet
 *   steps of each kind of piece (mobility). Quiescence stands pat on the side
 *   to move's captures only, so the other side's threats were unseen there.
 * The values are guesses from the pieces' capture power (the Leaper has two
 * capture modes, the Smasher and Remover one each); they are named parameters
 * (IW_WEIGHTS below) that `rulezero tune` can fit to self-play. The fit of
 * 2026-11-23 lost to these guesses once the capture map was in (docs/strength.md). */
#include "variants/eval_weights.h"
#include "variants/interweave_attacks.h"

const int iw_piece_values[MAX_TYPES] = {0, 100, 325, 450, 300, 2000};

/* The weights (the tuner's names). */
#define IW_WEIGHTS(X)                                                                                                  \
    X(PAWN, "Pawn", 100, 30, 300)                                                                                      \
    X(SMASHER, "Smasher", 325, 100, 800)                                                                               \
    X(LEAPER, "Leaper", 450, 100, 900)                                                                                 \
    X(REMOVER, "Remover", 300, 100, 800)                                                                               \
    X(IMMUNE_PENALTY, "Immune", 12, -20, 100)                                                                          \
    X(SANDWICH_THREAT, "SandwichThreat", 15, -100, 100)                                                                \
    X(KING_NEIGHBOUR, "KingNeighbour", 30, -100, 150)                                                                  \
    X(PAWN_ADVANCE, "PawnAdvance", 4, -10, 40)                                                                         \
    X(HANGING_PAWN, "HangingPawn", 40, -50, 200)                                                                       \
    X(HANGING_PIECE, "HangingPiece", 120, -50, 400)                                                                    \
    X(HANGING_KING, "HangingKing", 250, 0, 1000)                                                                       \
    X(MOB_SMASHER, "MobSmasher", 4, -10, 30)                                                                           \
    X(MOB_LEAPER, "MobLeaper", 4, -10, 30)                                                                             \
    X(MOB_REMOVER, "MobRemover", 4, -10, 30)                                                                           \
    X(MOB_KING, "MobKing", 6, -20, 40)                                                                                 \
    X(FORCED_HANGING, "ForcedHangingPercent", 50, 0, 200)                                                              \
    X(THREAT, "Threat", 10, -50, 100)

EVAL_WEIGHTS(IW_WEIGHTS, iw_eval_params, NULL)

/* Index of a type's material weight (Kings have none). */
static const int material_weight[MAX_TYPES] = {
    [IW_PAWN] = W_PAWN, [IW_SMASHER] = W_SMASHER, [IW_LEAPER] = W_LEAPER, [IW_REMOVER] = W_REMOVER,
};

/* Squares whose file + rank is even: a1's complex, 0. */
#define COMPLEX_EVEN 0xAA55AA55AA55AA55ull

/* Enemy pieces orthogonally next to side c's Kings, once per King. */
static int king_neighbours(const struct iw_boards *bb, Color c)
{
    uint64_t kings = bb->by_type[c][IW_KING], enemy = bb->side[c ^ 1];
    return bit_count(iw_shift(kings, 0, 1) & enemy) + bit_count(iw_shift(kings, 0, -1) & enemy) +
           bit_count(iw_shift(kings, 1, 0) & enemy) + bit_count(iw_shift(kings, -1, 0) & enemy);
}

static int side_score(const struct iw_boards *bb, Color c, const int on_complex[2][2], const struct iw_attacks *a)
{
    int score = -w[W_KING_NEIGHBOUR] * king_neighbours(bb, c);
    for (int type = IW_PAWN; type < IW_KING; type++)
        score += w[material_weight[type]] * bb->count[c][type];
    int pawn_count = bb->count[c][IW_PAWN], ranks = bb->rank_sum[c][IW_PAWN];
    int relative_ranks = c == WHITE ? ranks : 7 * pawn_count - ranks;
    score += w[W_PAWN_ADVANCE] * (relative_ranks - pawn_count);
    score += w[W_SANDWICH_THREAT] * a->sandwiches;
    /* Our pieces on complex q capture enemies on the other complex. */
    for (int q = 0; q < 2; q++)
        if (on_complex[c][q] == 0)
            score -= w[W_IMMUNE_PENALTY] * on_complex[c ^ 1][q ^ 1];
    return score;
}

static int mobility(const struct iw_attacks *a)
{
    return w[W_MOB_SMASHER] * a->mobility[IW_SMASHER] + w[W_MOB_LEAPER] * a->mobility[IW_LEAPER] +
           w[W_MOB_REMOVER] * a->mobility[IW_REMOVER] + w[W_MOB_KING] * a->mobility[IW_KING];
}

/* What the side to move stands to lose to the other side's next capture: the
 * search's stand-pat sees only its own captures. */
static int hanging_sum(const struct iw_boards *bb, Color us, const struct iw_attacks *theirs)
{
    static const int weight_of[IW_TYPES] = {
        [IW_PAWN] = W_HANGING_PAWN, [IW_SMASHER] = W_HANGING_PIECE, [IW_LEAPER] = W_HANGING_PIECE,
        [IW_REMOVER] = W_HANGING_PIECE, [IW_KING] = W_HANGING_KING,
    };
    int loss = 0;
    for (int type = IW_PAWN; type < IW_TYPES; type++)
        loss += w[weight_of[type]] * bit_count(theirs->victims & bb->by_type[us][type]);
    return loss;
}

/* A side that can capture must: it cannot step a threatened piece away. */
static int hanging(const struct iw_boards *bb, Color us, const struct iw_attacks *mine, const struct iw_attacks *theirs)
{
    int loss = hanging_sum(bb, us, theirs);
    return mine->victims ? loss + loss * w[W_FORCED_HANGING] / 100 : loss;
}

/* Capture maps and mobility, from the side to move's view. */
static int activity(const struct iw_boards *bb, Color us, const struct iw_attacks *a)
{
    const struct iw_attacks *mine = &a[us], *theirs = &a[us ^ 1];
    return mobility(mine) - mobility(theirs) - hanging(bb, us, mine, theirs) + w[W_THREAT] * mine->victim_count;
}

int iw_evaluate(const struct position *pos)
{
    struct iw_boards bb;
    iw_boards_of(pos, &bb);
    int on_complex[2][2];
    for (Color c = WHITE; c <= BLACK; c++) {
        on_complex[c][0] = bit_count(bb.side[c] & COMPLEX_EVEN);
        on_complex[c][1] = pos->pcount[c] - on_complex[c][0];
    }
    struct iw_attacks a[2];
    iw_attacks_from(&bb, WHITE, &a[WHITE]);
    iw_attacks_from(&bb, BLACK, &a[BLACK]);
    int white = side_score(&bb, WHITE, on_complex, &a[WHITE]);
    int black = side_score(&bb, BLACK, on_complex, &a[BLACK]);
    return (pos->side == WHITE ? white - black : black - white) + activity(&bb, pos->side, a);
}
