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

static inline int complex_of(Square sq) { return (square_col(sq) + square_rank(sq)) & 1; }

static int king_neighbours(const struct position *pos, Square king, Color c)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (pos->board[king + iw_orth[i]] & COLOR_BIT(c ^ 1))
            n++;
    return n;
}

static int side_score(const struct position *pos, Color c, const int on_complex[2][2], const struct iw_attacks *a)
{
    int score = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        if (type == IW_KING) {
            score -= w[W_KING_NEIGHBOUR] * king_neighbours(pos, sq, c);
            continue;
        }
        score += w[material_weight[type]];
        if (type == IW_PAWN) {
            int rr = c == WHITE ? square_rank(sq) : 7 - square_rank(sq);
            score += w[W_PAWN_ADVANCE] * (rr - 1);
        }
    }
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
static int hanging_sum(const struct position *pos, const struct iw_attacks *theirs)
{
    static const int weight_of[IW_TYPES] = {
        [IW_PAWN] = W_HANGING_PAWN, [IW_SMASHER] = W_HANGING_PIECE, [IW_LEAPER] = W_HANGING_PIECE,
        [IW_REMOVER] = W_HANGING_PIECE, [IW_KING] = W_HANGING_KING,
    };
    Color us = pos->side;
    int loss = 0;

    for (int i = 0; i < pos->pcount[us]; i++) {
        Square sq = pos->plist[us][i];
        if (theirs->victims & iw_square_bit(sq))
            loss += w[weight_of[piece_type(pos->board[sq])]];
    }
    return loss;
}

/* A side that can capture must: it cannot step a threatened piece away. */
static int hanging(const struct position *pos, const struct iw_attacks *mine, const struct iw_attacks *theirs)
{
    int loss = hanging_sum(pos, theirs);
    return mine->victims ? loss + loss * w[W_FORCED_HANGING] / 100 : loss;
}

/* Capture maps and mobility, from the side to move's view. */
static int activity(const struct position *pos, const struct iw_attacks *a)
{
    const struct iw_attacks *mine = &a[pos->side], *theirs = &a[pos->side ^ 1];
    return mobility(mine) - mobility(theirs) - hanging(pos, mine, theirs) + w[W_THREAT] * mine->victim_count;
}

int iw_evaluate(const struct position *pos)
{
    int on_complex[2][2] = {{0, 0}, {0, 0}};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++)
            on_complex[c][complex_of(pos->plist[c][i])]++;
    struct iw_attacks a[2];
    iw_attacks_of(pos, WHITE, &a[WHITE]);
    iw_attacks_of(pos, BLACK, &a[BLACK]);
    int white = side_score(pos, WHITE, on_complex, &a[WHITE]);
    int black = side_score(pos, BLACK, on_complex, &a[BLACK]);
    return (pos->side == WHITE ? white - black : black - white) + activity(pos, a);
}
