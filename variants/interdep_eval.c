/* Interdependent Chess: evaluation for a game where nothing captures alone.
 *
 * Terms, all from White's view and returned for the side to move:
 *  - material: a type's value is mostly the capturing power it lends its
 *    neighbours (and uses itself beside a Universalist): the Knight lends two
 *    targets per direction, the Spider and King one in all eight, the
 *    Conservative a long rank slide in two, Steward and Guardian one in four.
 *    Pieces in hand are worth more than on the board, as in Crazyhouse: a drop
 *    goes anywhere, and next to any helper.
 *  - helpers: a piece with no torus neighbour can capture nothing (and an
 *    isolated Universalist cannot even move); every neighbour is a power to
 *    borrow, with diminishing returns.
 *  - Universalist pairs: two diagonally adjacent Universalists are two torus
 *    Bishops (the strongest thing on the board); orthogonal ones lend nothing.
 *  - threats: the side to move may capture the best enemy piece it attacks.
 *  - King exposure on the torus: attacked squares among the King's eight
 *    torus neighbours and enemy pieces within two torus steps, weighted by
 *    what the enemy holds in hand (drops bring attackers from anywhere).
 * The weights are named parameters (IDC_WEIGHTS below) that `rulezero tune`
 * fits to self-play results (docs/strength.md, "Tuning"). */
#include "variants/core/bits.h"
#include "variants/eval_weights.h"
#include "variants/interdep.h"

const int idc_piece_values[MAX_TYPES] = {
    [IDC_U] = 330, [IDC_S] = 300, [IDC_N] = 320, [IDC_C] = 260, [IDC_G] = 200, [IDC_T] = 200, [IDC_K] = 2000,
};

/* The weights (the tuner's names): material by type, then the terms above. */
#define IDC_WEIGHTS(X)                                                                                                 \
    X(U, "Universalist", 330, 100, 700)                                                                                \
    X(S, "Spider", 300, 100, 700)                                                                                      \
    X(N, "Knight", 320, 100, 700)                                                                                      \
    X(C, "Conservative", 260, 100, 700)                                                                                \
    X(G, "Guardian", 200, 50, 600)                                                                                     \
    X(T, "Steward", 200, 50, 600)                                                                                      \
    X(HAND_BONUS_PERCENT, "HandBonusPercent", 20, -20, 100)                                                            \
    X(HELPER0, "Helpers0", -25, -150, 100)                                                                             \
    X(HELPER1, "Helpers1", 0, -100, 100)                                                                               \
    X(HELPER2, "Helpers2", 10, -100, 150)                                                                              \
    X(HELPER3, "Helpers3", 16, -100, 150)                                                                              \
    X(HELPER4, "Helpers4", 20, -100, 150)                                                                              \
    X(HELPER5, "Helpers5", 22, -100, 150)                                                                              \
    X(HELPER6, "Helpers6", 24, -100, 150)                                                                              \
    X(HELPER7, "Helpers7", 25, -100, 150)                                                                              \
    X(HELPER8, "Helpers8", 26, -100, 150)                                                                              \
    X(ISOLATED_U_PENALTY, "IsolatedUniversalist", 30, -50, 200)                                                        \
    X(U_PAIR_BONUS, "UniversalistPair", 60, -50, 300)                                                                  \
    X(THREAT_PERCENT, "ThreatPercent", 25, 0, 100)                                                                     \
    X(KING_ATTACKED_SQUARE, "KingAttackedSquare", 14, -20, 100)                                                        \
    X(KING_NEAR_ENEMY, "KingNearEnemy", 10, -20, 100)

EVAL_WEIGHTS(IDC_WEIGHTS, idc_eval_params, NULL)

/* Index of a type's material weight. */
static const int material_weight[MAX_TYPES] = {
    [IDC_U] = W_U, [IDC_S] = W_S, [IDC_N] = W_N, [IDC_C] = W_C, [IDC_G] = W_G, [IDC_T] = W_T,
};

static inline int material(int type) { return w[material_weight[type]]; }

static int hand_total(const struct position *pos, Color c)
{
    int n = 0;
    for (int t = IDC_U; t < IDC_K; t++)
        n += pos->hand[c][t];
    return n;
}

/* One side's pieces seen once: the score of the terms that need only its
 * own pieces, every square it attacks and the squares it occupies. */
struct side_view {
    int score;
    uint64_t attacks;
    uint64_t occupied;
};

static void scan_side(const struct position *pos, Color c, const uint64_t occupied[2], struct side_view *v)
{
    *v = (struct side_view){0, 0, occupied[c]};
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        struct idc_piece_scan scan;
        idc_scan_piece(pos->board, occupied[WHITE] | occupied[BLACK], sq, &scan);
        v->attacks |= scan.attacks;
        if (type != IDC_K)
            v->score += material(type);
        v->score += w[W_HELPER0 + scan.helpers];
        if (type == IDC_U) {
            if (scan.helpers == 0)
                v->score -= w[W_ISOLATED_U_PENALTY];
            if (scan.u_diag)
                v->score += w[W_U_PAIR_BONUS];
        }
    }
    for (int t = IDC_U; t < IDC_K; t++)
        v->score += pos->hand[c][t] * material(t) * (100 + w[W_HAND_BONUS_PERCENT]) / 100;
}

/* Attacked squares among the King's eight torus neighbours (not holding an
 * enemy piece) and enemy pieces within two torus steps, weighted by what
 * the enemy holds in hand. */
static int king_danger(const struct position *pos, Color c, const struct side_view *them)
{
    int k = idc.idx[pos->king_sq[c]];
    int attacked = bit_count(them->attacks & idc.ring_bb[k] & ~them->occupied);
    int near = bit_count(them->occupied & idc.near_bb[k]);
    int danger = attacked * w[W_KING_ATTACKED_SQUARE] + near * w[W_KING_NEAR_ENEMY];
    int hand = hand_total(pos, c ^ 1);
    return danger * (4 + (hand < 8 ? hand : 8)) / 4;
}

/* Value of the best enemy piece the side to move can capture now. */
static int best_threat(const struct position *pos, const struct side_view *us, const struct side_view *them)
{
    int best = 0;
    for (uint64_t targets = us->attacks & them->occupied; targets; targets &= targets - 1) {
        int type = piece_type(pos->board[idc.sq[__builtin_ctzll(targets)]]);
        if (type != IDC_K && material(type) > best)
            best = material(type);
    }
    return best * w[W_THREAT_PERCENT] / 100;
}

int idc_evaluate(const struct position *pos)
{
    Color us = pos->side;
    struct side_view view[2];
    uint64_t occupied[2] = {idc_occupancy(pos, WHITE), idc_occupancy(pos, BLACK)};
    scan_side(pos, us, occupied, &view[0]);
    scan_side(pos, us ^ 1, occupied, &view[1]);
    int ours = view[0].score - king_danger(pos, us, &view[1]);
    int theirs = view[1].score - king_danger(pos, us ^ 1, &view[0]);
    return ours - theirs + best_threat(pos, &view[0], &view[1]);
}
