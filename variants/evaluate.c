/* Orthodox evaluation. Every term has a middlegame and an endgame value,
 * blended by the phase (the non-pawn material left on the board). The
 * tables are written from White's point of view, rank 8 on top; Black's
 * entries are mirrored vertically. Values are hand-set starting points; a
 * set fitted by `rulezero tune` on shallow self-play lost at the ladder's
 * depth and is kept as a weights file (docs/weights/). */
#include "variants/evaluate.h"

#include <stdlib.h>
#include <string.h>

#include "variants/core/zobrist.h"
#include "variants/chess.h"
#include "variants/eval_weights.h"

/* ---- Weights ----------------------------------------------------------------
 * The weights (the tuner's names, `rulezero tune --variant normal`): material,
 * a percent scale per piece-square table, mobility per square, King attack
 * units and the danger they make, the Pawn shield and open files at the King,
 * Pawn structure, passed Pawns by rank and their blockade, free path and the
 * Kings' distance, bishop pair, rooks on open files and the seventh rank,
 * outposts, tempo. A penalty's weight is the amount subtracted. */
#define NORMAL_WEIGHTS(X)                                                                                      \
    X(PAWN_MG, "PawnMg", 85, 40, 200)                                                                          \
    X(PAWN_EG, "PawnEg", 110, 40, 250)                                                                         \
    X(KNIGHT_MG, "KnightMg", 320, 200, 500)                                                                    \
    X(KNIGHT_EG, "KnightEg", 300, 200, 500)                                                                    \
    X(BISHOP_MG, "BishopMg", 335, 200, 500)                                                                    \
    X(BISHOP_EG, "BishopEg", 320, 200, 500)                                                                    \
    X(ROOK_MG, "RookMg", 470, 350, 750)                                                                        \
    X(ROOK_EG, "RookEg", 530, 350, 750)                                                                        \
    X(QUEEN_MG, "QueenMg", 960, 750, 1400)                                                                     \
    X(QUEEN_EG, "QueenEg", 980, 750, 1400)                                                                     \
    X(PST_PAWN_MG, "PstPawnMgPercent", 100, 0, 200)                                                            \
    X(PST_PAWN_EG, "PstPawnEgPercent", 100, 0, 200)                                                            \
    X(PST_KNIGHT_MG, "PstKnightMgPercent", 100, 0, 200)                                                        \
    X(PST_KNIGHT_EG, "PstKnightEgPercent", 100, 0, 200)                                                        \
    X(PST_BISHOP_MG, "PstBishopMgPercent", 100, 0, 200)                                                        \
    X(PST_BISHOP_EG, "PstBishopEgPercent", 100, 0, 200)                                                        \
    X(PST_ROOK_MG, "PstRookMgPercent", 100, 0, 200)                                                            \
    X(PST_ROOK_EG, "PstRookEgPercent", 100, 0, 200)                                                            \
    X(PST_QUEEN_MG, "PstQueenMgPercent", 100, 0, 200)                                                          \
    X(PST_QUEEN_EG, "PstQueenEgPercent", 100, 0, 200)                                                          \
    X(PST_KING_MG, "PstKingMgPercent", 100, 0, 200)                                                            \
    X(PST_KING_EG, "PstKingEgPercent", 100, 0, 200)                                                            \
    X(MOB_KNIGHT_MG, "MobilityKnightMg", 4, 0, 20)                                                             \
    X(MOB_KNIGHT_EG, "MobilityKnightEg", 4, 0, 20)                                                             \
    X(MOB_BISHOP_MG, "MobilityBishopMg", 5, 0, 20)                                                             \
    X(MOB_BISHOP_EG, "MobilityBishopEg", 5, 0, 20)                                                             \
    X(MOB_ROOK_MG, "MobilityRookMg", 2, 0, 20)                                                                 \
    X(MOB_ROOK_EG, "MobilityRookEg", 4, 0, 20)                                                                 \
    X(MOB_QUEEN_MG, "MobilityQueenMg", 1, 0, 20)                                                               \
    X(MOB_QUEEN_EG, "MobilityQueenEg", 2, 0, 20)                                                               \
    X(KING_ATTACK_KNIGHT, "KingAttackKnight", 2, 0, 12)                                                        \
    X(KING_ATTACK_BISHOP, "KingAttackBishop", 2, 0, 12)                                                        \
    X(KING_ATTACK_ROOK, "KingAttackRook", 3, 0, 12)                                                            \
    X(KING_ATTACK_QUEEN, "KingAttackQueen", 5, 0, 12)                                                          \
    X(KING_DANGER_PERCENT, "KingDangerPercent", 100, 0, 400)                                                   \
    X(KING_DANGER_MAX, "KingDangerMax", 500, 0, 1200)                                                          \
    X(SHIELD_NEAR, "ShieldNear", 14, -20, 60)                                                                  \
    X(SHIELD_FAR, "ShieldFar", 7, -20, 60)                                                                     \
    X(SHIELD_MISSING, "ShieldMissing", 10, -20, 60)                                                            \
    X(KING_FILE_HALF_OPEN, "KingFileHalfOpen", 8, -20, 60)                                                     \
    X(KING_FILE_OPEN, "KingFileOpen", 15, -20, 60)                                                             \
    X(DOUBLED_MG, "DoubledMg", 10, -20, 60)                                                                    \
    X(DOUBLED_EG, "DoubledEg", 20, -20, 60)                                                                    \
    X(ISOLATED_MG, "IsolatedMg", 12, -20, 60)                                                                  \
    X(ISOLATED_EG, "IsolatedEg", 14, -20, 60)                                                                  \
    X(PASSED2_MG, "Passed2Mg", 2, -20, 100)                                                                    \
    X(PASSED2_EG, "Passed2Eg", 8, -20, 100)                                                                    \
    X(PASSED3_MG, "Passed3Mg", 5, -20, 100)                                                                    \
    X(PASSED3_EG, "Passed3Eg", 12, -20, 100)                                                                   \
    X(PASSED4_MG, "Passed4Mg", 10, -20, 150)                                                                   \
    X(PASSED4_EG, "Passed4Eg", 25, -20, 150)                                                                   \
    X(PASSED5_MG, "Passed5Mg", 20, 0, 200)                                                                     \
    X(PASSED5_EG, "Passed5Eg", 45, 0, 200)                                                                     \
    X(PASSED6_MG, "Passed6Mg", 35, 0, 250)                                                                     \
    X(PASSED6_EG, "Passed6Eg", 75, 0, 250)                                                                     \
    X(PASSED7_MG, "Passed7Mg", 55, 0, 300)                                                                     \
    X(PASSED7_EG, "Passed7Eg", 115, 0, 300)                                                                    \
    X(BISHOP_PAIR_MG, "BishopPairMg", 30, 0, 120)                                                              \
    X(BISHOP_PAIR_EG, "BishopPairEg", 50, 0, 120)                                                              \
    X(ROOK_OPEN_MG, "RookOpenFileMg", 22, -20, 80)                                                             \
    X(ROOK_OPEN_EG, "RookOpenFileEg", 10, -20, 80)                                                             \
    X(ROOK_HALF_OPEN_MG, "RookHalfOpenFileMg", 10, -20, 80)                                                    \
    X(ROOK_HALF_OPEN_EG, "RookHalfOpenFileEg", 6, -20, 80)                                                     \
    X(TEMPO, "Tempo", 10, 0, 50)                                                                               \
    X(PASSED_BLOCKED_MG, "PassedBlockedMg", 0, -20, 60)                                                        \
    X(PASSED_BLOCKED_EG, "PassedBlockedEg", 0, -20, 60)                                                        \
    X(PASSED_FREE_MG, "PassedFreeMg", 0, -20, 60)                                                              \
    X(PASSED_FREE_EG, "PassedFreeEg", 0, -20, 60)                                                              \
    X(PASSED_OWN_KING_EG, "PassedOwnKingEg", 0, -10, 30)                                                       \
    X(PASSED_ENEMY_KING_EG, "PassedEnemyKingEg", 0, -10, 30)                                                   \
    X(CONNECTED_MG, "PawnConnectedMg", 0, -20, 60)                                                             \
    X(CONNECTED_EG, "PawnConnectedEg", 0, -20, 60)                                                             \
    X(BACKWARD_MG, "BackwardMg", 0, -20, 60)                                                                   \
    X(BACKWARD_EG, "BackwardEg", 0, -20, 60)                                                                   \
    X(ROOK_SEVENTH_MG, "RookSeventhMg", 0, -20, 80)                                                            \
    X(ROOK_SEVENTH_EG, "RookSeventhEg", 0, -20, 80)                                                            \
    X(OUTPOST_KNIGHT_MG, "OutpostKnightMg", 0, -20, 80)                                                        \
    X(OUTPOST_KNIGHT_EG, "OutpostKnightEg", 0, -20, 80)                                                        \
    X(OUTPOST_BISHOP_MG, "OutpostBishopMg", 0, -20, 80)                                                        \
    X(OUTPOST_BISHOP_EG, "OutpostBishopEg", 0, -20, 80)

static void normal_weights_changed(void);
EVAL_WEIGHTS(NORMAL_WEIGHTS, normal_eval_params, normal_weights_changed)

/* The Pawn and King terms as the fairy variants use them
 * (evaluate_pawns_and_kings, each scaled by the variant's own weight): the
 * orthodox hand-set values of 2026-11-26, kept apart so that tuning orthodox
 * chess does not change the fairy games. Weights not named are 0 (off). */
static const int fairy_pawn_king[W_COUNT] = {
    [W_PST_PAWN_MG] = 100, [W_PST_PAWN_EG] = 100, [W_PST_KING_MG] = 100, [W_PST_KING_EG] = 100,
    [W_SHIELD_NEAR] = 14,  [W_SHIELD_FAR] = 7,    [W_SHIELD_MISSING] = 10, [W_KING_FILE_HALF_OPEN] = 8,
    [W_KING_FILE_OPEN] = 15, [W_DOUBLED_MG] = 10, [W_DOUBLED_EG] = 20,  [W_ISOLATED_MG] = 12,
    [W_ISOLATED_EG] = 14,  [W_PASSED2_MG] = 2,    [W_PASSED2_EG] = 8,   [W_PASSED3_MG] = 5,
    [W_PASSED3_EG] = 12,   [W_PASSED4_MG] = 10,   [W_PASSED4_EG] = 25,  [W_PASSED5_MG] = 20,
    [W_PASSED5_EG] = 45,   [W_PASSED6_MG] = 35,   [W_PASSED6_EG] = 75,  [W_PASSED7_MG] = 55,
    [W_PASSED7_EG] = 115,
};

/* Cached Pawn and King terms are keyed by the weights they were computed
 * with: 0 for the fairy set, a value that changes with every change of the
 * orthodox weights for those (so no thread keeps a stale entry). */
static uint64_t normal_weights_salt = 0x9e3779b97f4a7c15ull;

static void normal_weights_changed(void) { normal_weights_salt += 0x9e3779b97f4a7c15ull; }

/* ---- Terms ------------------------------------------------------------------- */

struct score2 {
    int mg, eg;
};

static struct score2 weight2(const int *wt, int mg_index) { return (struct score2){wt[mg_index], wt[mg_index + 1]}; }

/* The first (middlegame) weight of each piece type's pairs; -1: none. */
static const int material_index[CHESS_TYPES] = {-1, W_PAWN_MG, W_KNIGHT_MG, W_BISHOP_MG, W_ROOK_MG, W_QUEEN_MG, -1};
static const int pst_index[CHESS_TYPES] = {-1,        W_PST_PAWN_MG,  W_PST_KNIGHT_MG, W_PST_BISHOP_MG,
                                           W_PST_ROOK_MG, W_PST_QUEEN_MG, W_PST_KING_MG};
static const int mobility_index[CHESS_TYPES] = {-1, -1, W_MOB_KNIGHT_MG, W_MOB_BISHOP_MG,
                                                W_MOB_ROOK_MG, W_MOB_QUEEN_MG, -1};
static const int king_attack_index[CHESS_TYPES] = {-1, -1, W_KING_ATTACK_KNIGHT, W_KING_ATTACK_BISHOP,
                                                   W_KING_ATTACK_ROOK, W_KING_ATTACK_QUEEN, -1};
/* Passed Pawns by rank from the owner's side (0 = first rank). */
static const int passed_index[8] = {-1,           W_PASSED2_MG, W_PASSED3_MG, W_PASSED4_MG,
                                    W_PASSED5_MG, W_PASSED6_MG, W_PASSED7_MG, -1};
#define PHASE_MAX EVAL_PHASE_MAX

/* Piece-square tables [type][row][file], row 0 = rank 8. */
static const signed char pst_mg[CHESS_TYPES][8][8] = {
    [PAWN] = {
        {0, 0, 0, 0, 0, 0, 0, 0},
        {40, 40, 40, 45, 45, 40, 40, 40},
        {12, 14, 20, 28, 28, 20, 14, 12},
        {4, 6, 10, 22, 22, 10, 6, 4},
        {0, 0, 6, 18, 18, 4, 0, 0},
        {2, 2, 2, 6, 6, -2, 2, 2},
        {0, 0, 0, -12, -12, 6, 6, 0},
        {0, 0, 0, 0, 0, 0, 0, 0},
    },
    [KNIGHT] = {
        {-60, -30, -20, -15, -15, -20, -30, -60},
        {-30, -15, 0, 5, 5, 0, -15, -30},
        {-20, 5, 15, 20, 20, 15, 5, -20},
        {-15, 5, 20, 25, 25, 20, 5, -15},
        {-15, 0, 15, 22, 22, 15, 0, -15},
        {-20, 2, 12, 12, 12, 12, 2, -20},
        {-30, -15, 0, 4, 4, 0, -15, -30},
        {-55, -25, -20, -15, -15, -20, -25, -55},
    },
    [BISHOP] = {
        {-20, -10, -10, -10, -10, -10, -10, -20},
        {-10, 0, 0, 0, 0, 0, 0, -10},
        {-10, 0, 5, 10, 10, 5, 0, -10},
        {-10, 5, 5, 10, 10, 5, 5, -10},
        {-10, 0, 10, 10, 10, 10, 0, -10},
        {-10, 10, 10, 10, 10, 10, 10, -10},
        {-10, 12, 0, 5, 5, 0, 12, -10},
        {-20, -10, -12, -10, -10, -12, -10, -20},
    },
    [ROOK] = {
        {5, 5, 8, 10, 10, 8, 5, 5},
        {15, 20, 20, 20, 20, 20, 20, 15},
        {-5, 0, 0, 0, 0, 0, 0, -5},
        {-5, 0, 0, 0, 0, 0, 0, -5},
        {-5, 0, 0, 0, 0, 0, 0, -5},
        {-5, 0, 0, 0, 0, 0, 0, -5},
        {-8, -2, 0, 0, 0, 0, -2, -8},
        {-4, 0, 2, 8, 8, 4, 0, -4},
    },
    [QUEEN] = {
        {-20, -10, -10, -5, -5, -10, -10, -20},
        {-10, 0, 0, 0, 0, 0, 0, -10},
        {-10, 0, 5, 5, 5, 5, 0, -10},
        {-5, 0, 5, 5, 5, 5, 0, -5},
        {-5, 0, 5, 5, 5, 5, 0, -5},
        {-10, 2, 5, 5, 5, 5, 0, -10},
        {-10, 0, 2, 0, 0, 0, 0, -10},
        {-20, -10, -10, 0, -5, -10, -10, -20},
    },
    [KING] = {
        {-40, -45, -45, -50, -50, -45, -45, -40},
        {-35, -40, -40, -45, -45, -40, -40, -35},
        {-30, -35, -35, -40, -40, -35, -35, -30},
        {-30, -35, -35, -40, -40, -35, -35, -30},
        {-25, -30, -30, -35, -35, -30, -30, -25},
        {-15, -20, -20, -25, -25, -20, -20, -15},
        {10, 10, -5, -10, -10, -5, 10, 10},
        {15, 25, 10, -5, 0, 5, 28, 18},
    },
};

static const signed char pst_eg[CHESS_TYPES][8][8] = {
    [PAWN] = {
        {0, 0, 0, 0, 0, 0, 0, 0},
        {70, 70, 65, 60, 60, 65, 70, 70},
        {40, 40, 35, 30, 30, 35, 40, 40},
        {20, 18, 14, 10, 10, 14, 18, 20},
        {8, 8, 4, 2, 2, 4, 8, 8},
        {0, 0, 0, 0, 0, 0, 0, 0},
        {-4, -4, -4, -4, -4, -4, -4, -4},
        {0, 0, 0, 0, 0, 0, 0, 0},
    },
    [KNIGHT] = {
        {-50, -35, -25, -20, -20, -25, -35, -50},
        {-35, -20, -5, 0, 0, -5, -20, -35},
        {-25, -5, 10, 15, 15, 10, -5, -25},
        {-20, 0, 15, 20, 20, 15, 0, -20},
        {-20, 0, 15, 20, 20, 15, 0, -20},
        {-25, -5, 10, 15, 15, 10, -5, -25},
        {-35, -20, -5, 0, 0, -5, -20, -35},
        {-50, -35, -25, -20, -20, -25, -35, -50},
    },
    [BISHOP] = {
        {-15, -10, -8, -5, -5, -8, -10, -15},
        {-10, -5, 0, 2, 2, 0, -5, -10},
        {-8, 0, 5, 8, 8, 5, 0, -8},
        {-5, 2, 8, 10, 10, 8, 2, -5},
        {-5, 2, 8, 10, 10, 8, 2, -5},
        {-8, 0, 5, 8, 8, 5, 0, -8},
        {-10, -5, 0, 2, 2, 0, -5, -10},
        {-15, -10, -8, -5, -5, -8, -10, -15},
    },
    [ROOK] = {
        {8, 8, 8, 8, 8, 8, 8, 8},
        {10, 10, 10, 10, 10, 10, 10, 10},
        {4, 4, 4, 4, 4, 4, 4, 4},
        {0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0},
        {-2, -2, -2, -2, -2, -2, -2, -2},
        {-4, -4, -4, -4, -4, -4, -4, -4},
        {-6, -4, -2, 0, 0, -2, -4, -6},
    },
    [QUEEN] = {
        {-15, -8, -5, -3, -3, -5, -8, -15},
        {-8, 0, 5, 8, 8, 5, 0, -8},
        {-5, 5, 10, 12, 12, 10, 5, -5},
        {-3, 8, 12, 15, 15, 12, 8, -3},
        {-3, 8, 12, 15, 15, 12, 8, -3},
        {-5, 5, 10, 12, 12, 10, 5, -5},
        {-8, 0, 5, 8, 8, 5, 0, -8},
        {-15, -8, -5, -3, -3, -5, -8, -15},
    },
    [KING] = {
        {-50, -30, -20, -15, -15, -20, -30, -50},
        {-30, -10, 0, 5, 5, 0, -10, -30},
        {-20, 0, 15, 20, 20, 15, 0, -20},
        {-15, 5, 20, 28, 28, 20, 5, -15},
        {-15, 5, 20, 28, 28, 20, 5, -15},
        {-20, 0, 15, 20, 20, 15, 0, -20},
        {-30, -10, 0, 5, 5, 0, -10, -30},
        {-50, -30, -20, -15, -15, -20, -30, -50},
    },
};

/* Mobility counts around a typical number of squares per piece type. */
static const int mobility_typical[CHESS_TYPES] = {0, 0, 4, 6, 6, 12, 0};

static const int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int diag_steps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int orth_steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

struct eval_state {
    const struct position *pos;
    const int *wt;           /* the weights: the orthodox ones, or the fairy Pawn and King set */
    struct score2 side[2];
    int phase;
    int pawns_on_file[2][8];
    int pawn_min_rank[2][8]; /* lowest rank (from White's view) of a pawn on the file, 8 if none */
    int pawn_max_rank[2][8]; /* highest, -1 if none */
    int king_col[2], king_rank[2];
    uint8_t passed_files[2]; /* bit f: the front Pawn of file f is passed */
    int attack_units[2];     /* against the enemy king, by attacking colour */
    int attackers[2];
    int bishops[2];
};

static void add(struct score2 *s, struct score2 t, int times)
{
    s->mg += t.mg * times;
    s->eg += t.eg * times;
}

static int row_of(Color c, int rank) { return c == WHITE ? 7 - rank : rank; }

static bool near_king(const struct eval_state *st, Color king_side, Square sq)
{
    return abs(square_col(sq) - st->king_col[king_side]) <= 1 && abs(square_rank(sq) - st->king_rank[king_side]) <= 1;
}

static void scan_pawns(struct eval_state *st)
{
    const struct position *pos = st->pos;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int f = 0; f < 8; f++) {
            st->pawns_on_file[c][f] = 0;
            st->pawn_min_rank[c][f] = 8;
            st->pawn_max_rank[c][f] = -1;
        }
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if (type == KING) {
                st->king_col[c] = square_col(sq);
                st->king_rank[c] = square_rank(sq);
            }
            if (type != PAWN)
                continue;
            int f = square_col(sq), r = square_rank(sq);
            if (f < 0 || f > 7)
                continue;
            st->pawns_on_file[c][f]++;
            if (r < st->pawn_min_rank[c][f])
                st->pawn_min_rank[c][f] = r;
            if (r > st->pawn_max_rank[c][f])
                st->pawn_max_rank[c][f] = r;
        }
    }
}

static bool is_passed(const struct eval_state *st, Color c, int f, int r)
{
    Color them = c ^ 1;
    for (int df = -1; df <= 1; df++) {
        int g = f + df;
        if (g < 0 || g > 7 || !st->pawns_on_file[them][g])
            continue;
        if (c == WHITE ? st->pawn_max_rank[them][g] > r : st->pawn_min_rank[them][g] < r)
            return false;
    }
    return true;
}

/* How much a passed Pawn's extra terms count by its rank from its owner's
 * side: 0 up to the third rank, then 1 (fourth) to 4 (seventh). */
static int passed_factor(int rank) { return rank > 2 ? rank - 2 : 0; }

static int king_distance(const struct eval_state *st, Color king_side, int f, int r)
{
    int df = abs(f - st->king_col[king_side]), dr = abs(r - st->king_rank[king_side]);
    return df > dr ? df : dr;
}

/* The Kings' distances to the square in front of a passed Pawn (the enemy
 * King's far is good, ours far is bad). */
static int passed_king_distance(const struct eval_state *st, Color c, int f, int stop_rank)
{
    return st->wt[W_PASSED_ENEMY_KING_EG] * king_distance(st, c ^ 1, f, stop_rank) -
           st->wt[W_PASSED_OWN_KING_EG] * king_distance(st, c, f, stop_rank);
}

/* A Pawn of colour c on file f, rank r (false off the 8x8 board). */
static bool pawn_at(const struct eval_state *st, Color c, int f, int r)
{
    return f >= 0 && f < 8 && r >= 0 && r < 8 && st->pos->board[make_square(f, r)] == make_piece(c, PAWN);
}

/* A Pawn beside another of ours, or defended by one. */
static bool connected(const struct eval_state *st, Color c, int f, int r)
{
    int behind = r - (c == WHITE ? 1 : -1);
    return pawn_at(st, c, f - 1, r) || pawn_at(st, c, f + 1, r) || pawn_at(st, c, f - 1, behind) ||
           pawn_at(st, c, f + 1, behind);
}

/* A Pawn behind all ours on the files beside it (and not alone: those are
 * isolated), whose square in front an enemy Pawn attacks: it cannot advance
 * without being taken, nor be defended by a Pawn. */
static bool backward(const struct eval_state *st, Color c, int f, int r)
{
    int fwd = c == WHITE ? 1 : -1, neighbours = 0;
    for (int g = f - 1; g <= f + 1; g += 2) {
        if (g < 0 || g > 7 || !st->pawns_on_file[c][g])
            continue;
        neighbours++;
        if (c == WHITE ? st->pawn_min_rank[c][g] <= r : st->pawn_max_rank[c][g] >= r)
            return false;
    }
    return neighbours && (pawn_at(st, c ^ 1, f - 1, r + 2 * fwd) || pawn_at(st, c ^ 1, f + 1, r + 2 * fwd));
}

static void eval_pawn(struct eval_state *st, Color c, Square sq)
{
    int f = square_col(sq), r = square_rank(sq);
    struct score2 *s = &st->side[c];
    bool isolated = (f == 0 || !st->pawns_on_file[c][f - 1]) && (f == 7 || !st->pawns_on_file[c][f + 1]);
    if (isolated)
        add(s, weight2(st->wt, W_ISOLATED_MG), -1);
    /* Doubled: count the pawns behind another of ours on the file. */
    int front = c == WHITE ? st->pawn_max_rank[c][f] : st->pawn_min_rank[c][f];
    if (st->pawns_on_file[c][f] > 1 && r != front)
        add(s, weight2(st->wt, W_DOUBLED_MG), -1);
    int rank = c == WHITE ? r : 7 - r;
    if (connected(st, c, f, r))
        add(s, weight2(st->wt, W_CONNECTED_MG), 1);
    else if (!isolated && backward(st, c, f, r))
        add(s, weight2(st->wt, W_BACKWARD_MG), -1);
    if (r == front && is_passed(st, c, f, r) && passed_index[rank] >= 0) {
        add(s, weight2(st->wt, passed_index[rank]), 1);
        st->passed_files[c] |= (uint8_t)(1u << f);
        s->eg += passed_king_distance(st, c, f, r + (c == WHITE ? 1 : -1)) * passed_factor(rank);
    }
}

/* Counts reachable squares along the given steps (one step when `slide` is false). */
static int mobility(struct eval_state *st, Color c, Square sq, const int (*steps)[2], int n, bool slide,
                    int *king_hits)
{
    const struct position *pos = st->pos;
    Color them = c ^ 1;
    int count = 0;
    for (int i = 0; i < n; i++) {
        int d = step_of(steps[i][0], steps[i][1]);
        for (Square to = sq + d;; to += d) {
            Piece p = pos->board[to];
            if (p == OFFBOARD)
                break;
            if (p == EMPTY || (p & COLOR_BIT(them))) {
                count++;
                if (near_king(st, them, to))
                    (*king_hits)++;
            }
            if (p != EMPTY || !slide)
                break;
        }
    }
    return count;
}

/* A Knight or Bishop on the fourth to sixth rank, defended by a Pawn of ours,
 * that no enemy Pawn can ever attack (none on the files beside it ahead). */
static bool is_outpost(const struct eval_state *st, Color c, Square sq)
{
    int f = square_col(sq), r = square_rank(sq), fwd = c == WHITE ? 1 : -1;
    int rank = c == WHITE ? r : 7 - r;
    if (rank < 3 || rank > 5 || !(pawn_at(st, c, f - 1, r - fwd) || pawn_at(st, c, f + 1, r - fwd)))
        return false;
    for (int k = r + fwd; k >= 0 && k < 8; k += fwd)
        if (pawn_at(st, c ^ 1, f - 1, k) || pawn_at(st, c ^ 1, f + 1, k))
            return false;
    return true;
}

/* A Rook on the seventh rank with the enemy King on the eighth or enemy Pawns on the seventh. */
static bool on_seventh(const struct eval_state *st, Color c, Square sq)
{
    int r = square_rank(sq), seventh = c == WHITE ? 6 : 1, eighth = c == WHITE ? 7 : 0;
    if (r != seventh)
        return false;
    if (st->king_rank[c ^ 1] == eighth)
        return true;
    for (int f = 0; f < 8; f++)
        if (pawn_at(st, c ^ 1, f, seventh))
            return true;
    return false;
}

/* The square in front of a passed Pawn held by any piece (blockaded), or
 * every square up to promotion empty (a free path); by its rank. */
static void passed_path(struct eval_state *st, Color c, int f)
{
    const struct position *pos = st->pos;
    int fwd = c == WHITE ? 1 : -1, r = c == WHITE ? 6 : 1;
    while (r > 0 && r < 7 && !pawn_at(st, c, f, r))
        r -= fwd;
    int factor = passed_factor(c == WHITE ? r : 7 - r);
    if (!factor)
        return;
    Square stop = make_square(f, r + fwd);
    if (pos->board[stop] != EMPTY) {
        add(&st->side[c], weight2(st->wt, W_PASSED_BLOCKED_MG), -factor);
        return;
    }
    for (int k = r + 2 * fwd; k >= 0 && k < 8; k += fwd)
        if (pos->board[make_square(f, k)] != EMPTY)
            return;
    add(&st->side[c], weight2(st->wt, W_PASSED_FREE_MG), factor);
}

static void eval_piece(struct eval_state *st, Color c, Square sq, int type)
{
    struct score2 *s = &st->side[c];
    int hits = 0, moves = 0;
    switch (type) {
    case KNIGHT:
        moves = mobility(st, c, sq, knight_steps, 8, false, &hits);
        if (is_outpost(st, c, sq))
            add(s, weight2(st->wt, W_OUTPOST_KNIGHT_MG), 1);
        break;
    case BISHOP:
        moves = mobility(st, c, sq, diag_steps, 4, true, &hits);
        st->bishops[c]++;
        if (is_outpost(st, c, sq))
            add(s, weight2(st->wt, W_OUTPOST_BISHOP_MG), 1);
        break;
    case ROOK: {
        moves = mobility(st, c, sq, orth_steps, 4, true, &hits);
        int f = square_col(sq);
        if (!st->pawns_on_file[c][f])
            add(s, weight2(st->wt, st->pawns_on_file[c ^ 1][f] ? W_ROOK_HALF_OPEN_MG : W_ROOK_OPEN_MG), 1);
        if (on_seventh(st, c, sq))
            add(s, weight2(st->wt, W_ROOK_SEVENTH_MG), 1);
        break;
    }
    case QUEEN:
        moves = mobility(st, c, sq, diag_steps, 4, true, &hits);
        moves += mobility(st, c, sq, orth_steps, 4, true, &hits);
        break;
    default:
        return;
    }
    add(s, weight2(st->wt, mobility_index[type]), moves - mobility_typical[type]);
    if (hits) {
        st->attackers[c]++;
        st->attack_units[c] += st->wt[king_attack_index[type]] * hits;
    }
}

/* Pawns in front of the king, while there is material to attack it. */
static int pawn_shield(const struct eval_state *st, Color c)
{
    const struct position *pos = st->pos;
    int kc = st->king_col[c], kr = st->king_rank[c];
    int fwd = c == WHITE ? 1 : -1;
    int score = 0;
    for (int f = kc - 1; f <= kc + 1; f++) {
        if (f < 0 || f > 7)
            continue;
        int found = 0;
        for (int k = 1; k <= 2 && !found; k++) {
            int r = kr + k * fwd;
            if (r < 0 || r > 7)
                break;
            if (pos->board[make_square(f, r)] == make_piece(c, PAWN))
                found = k;
        }
        score += found == 1 ? st->wt[W_SHIELD_NEAR] : found == 2 ? st->wt[W_SHIELD_FAR] : -st->wt[W_SHIELD_MISSING];
        if (!st->pawns_on_file[c][f])
            score -= st->wt[st->pawns_on_file[c ^ 1][f] ? W_KING_FILE_HALF_OPEN : W_KING_FILE_OPEN];
    }
    return score;
}

static int king_danger(const struct eval_state *st, Color attacker)
{
    if (st->attackers[attacker] < 2)
        return 0;
    int u = st->attack_units[attacker];
    int danger = u * u * st->wt[W_KING_DANGER_PERCENT] / 300;
    return danger > st->wt[W_KING_DANGER_MAX] ? st->wt[W_KING_DANGER_MAX] : danger;
}

static bool on_8x8(Square sq)
{
    return square_col(sq) >= 0 && square_col(sq) < 8 && square_rank(sq) >= 0 && square_rank(sq) < 8;
}

static void add_square_value(const struct eval_state *st, struct score2 *s, Color c, Square sq, int type)
{
    int row = row_of(c, square_rank(sq)), col = square_col(sq);
    s->mg += pst_mg[type][row][col] * st->wt[pst_index[type]] / 100;
    s->eg += pst_eg[type][row][col] * st->wt[pst_index[type] + 1] / 100;
}

static int tapered(const struct eval_state *st, Color us, int extra_mg, int extra_eg)
{
    Color them = us ^ 1;
    int phase = st->phase > PHASE_MAX ? PHASE_MAX : st->phase;
    int mg = st->side[us].mg - st->side[them].mg + extra_mg;
    int eg = st->side[us].eg - st->side[them].eg + extra_eg;
    return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

/* The Pawn and King terms, White's minus Black's (before the phase blends
 * them), and the files that hold Pawns of each colour (bit f for file f). */
static struct score2 pawns_and_kings_of_white(const struct position *pos, const int *wt, uint8_t pawn_files[2],
                                              uint8_t passed_files[2])
{
    struct eval_state st = {0};
    st.pos = pos;
    st.wt = wt;
    scan_pawns(&st);
    for (Color c = WHITE; c <= BLACK; c++) {
        struct score2 *s = &st.side[c];
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if ((type != PAWN && type != KING) || !on_8x8(sq))
                continue;
            add_square_value(&st, s, c, sq, type);
            if (type == PAWN)
                eval_pawn(&st, c, sq);
        }
        if (on_8x8(pos->king_sq[c]))
            s->mg += pawn_shield(&st, c);
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        passed_files[c] = st.passed_files[c];
        pawn_files[c] = 0;
        for (int f = 0; f < 8; f++)
            pawn_files[c] |= (uint8_t)((st.pawns_on_file[c][f] > 0) << f);
    }
    return (struct score2){st.side[WHITE].mg - st.side[BLACK].mg, st.side[WHITE].eg - st.side[BLACK].eg};
}

/* Those terms depend on where the Pawns and Kings stand and nothing else,
 * and searches meet the same structure again and again: each thread keeps
 * the last result per slot, keyed by the Zobrist keys of its Pawns and Kings
 * (a cache, so it never changes a result; evaluate_clear_cache empties it).
 * Thread-local storage comes out of every thread's stack, and some threads
 * of the process have small ones (the GUI server's HTTP workers: 100 KB,
 * where Nick Danger's move generation already needs most of it in the
 * sanitizer build), so the cache stays at 4 KB: 256 slots of 16 bytes. */
#define PAWN_KING_SLOTS 256

struct pawn_king_slot {
    uint64_t key; /* 0: empty */
    int16_t mg, eg;
    uint8_t pawn_files[2];
    uint8_t passed_files[2];
};

_Static_assert(sizeof(struct pawn_king_slot) == 16, "a pawn_king_slot is 16 bytes");

static _Thread_local struct pawn_king_slot pawn_king_cache[PAWN_KING_SLOTS];

static uint64_t pawn_king_key(const struct position *pos)
{
    uint64_t key = zobrist.side; /* so that no Pawns and no Kings is not key 0 */
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            Piece p = pos->board[sq];
            int type = piece_type(p);
            if (type == PAWN || type == KING)
                key ^= zobrist.piece[piece_index(p)][sq];
        }
    return key ? key : 1; /* 0 marks an empty slot */
}

void evaluate_clear_cache(void) { memset(pawn_king_cache, 0, sizeof pawn_king_cache); }

/* The slot for pos under the weights wt (the orthodox ones, `w`, or the
 * fairy set), filled if it held another structure. */
static const struct pawn_king_slot *pawn_king_probe(const struct position *pos, const int *wt)
{
    uint64_t key = pawn_king_key(pos) ^ (wt == w ? normal_weights_salt : 0);
    key = key ? key : 1;
    struct pawn_king_slot *slot = &pawn_king_cache[key & (PAWN_KING_SLOTS - 1)];
    if (slot->key != key) {
        slot->key = key;
        struct score2 white = pawns_and_kings_of_white(pos, wt, slot->pawn_files, slot->passed_files);
        slot->mg = (int16_t)white.mg; /* a few hundred centipawns at most */
        slot->eg = (int16_t)white.eg;
    }
    return slot;
}

int evaluate_pawns_and_kings(const struct position *pos, int phase)
{
    const struct pawn_king_slot *slot = pawn_king_probe(pos, fairy_pawn_king);
    int sign = pos->side == WHITE ? 1 : -1;
    phase = phase < 0 ? 0 : phase > PHASE_MAX ? PHASE_MAX : phase;
    return sign * (slot->mg * phase + slot->eg * (PHASE_MAX - phase)) / PHASE_MAX;
}

int evaluate_normal(const struct position *pos)
{
    struct eval_state st = {0};
    st.pos = pos;
    st.wt = w;
    /* The Pawns and Kings' own terms come from the cache (all of them on
     * the 8x8 board here, so they are exactly this evaluation's); the other
     * pieces read which files hold Pawns, and where the Kings stand. */
    const struct pawn_king_slot *pk = pawn_king_probe(pos, w);
    st.side[WHITE].mg = pk->mg;
    st.side[WHITE].eg = pk->eg;
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int f = 0; f < 8; f++)
            st.pawns_on_file[c][f] = (pk->pawn_files[c] >> f) & 1;
        if (pos->king_sq[c] != NO_SQUARE) {
            st.king_col[c] = square_col(pos->king_sq[c]);
            st.king_rank[c] = square_rank(pos->king_sq[c]);
        }
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        struct score2 *s = &st.side[c];
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if (type <= 0 || type >= CHESS_TYPES)
                continue;
            if (material_index[type] >= 0)
                add(s, weight2(w, material_index[type]), 1);
            st.phase += evaluate_phase_weight(type);
            if (type != PAWN && type != KING) {
                add_square_value(&st, s, c, sq, type);
                eval_piece(&st, c, sq, type);
            }
        }
    }
    for (Color c = WHITE; c <= BLACK; c++) {
        struct score2 *s = &st.side[c];
        if (st.bishops[c] >= 2)
            add(s, weight2(w, W_BISHOP_PAIR_MG), 1);
        for (int f = 0; f < 8; f++)
            if (pk->passed_files[c] >> f & 1)
                passed_path(&st, c, f);
        s->mg -= king_danger(&st, c ^ 1);
    }
    return tapered(&st, pos->side, w[W_TEMPO], 0);
}
