/* Evaluation for Dialectic and Hegelian Dialectic Chess: material, with the
 * (Great) Philosopher's worth read from the tokens in force, so a dialectic
 * move re-values every Philosopher of both sides at once; a small
 * centralisation term; the orthodox Pawn and King terms; mobility and King
 * attacks of every piece under the powers in force; pieces a Pawn attacks. */
#include "variants/dialectic.h"
#include "variants/eval_weights.h"
#include "variants/evaluate.h"
#include "variants/power_mobility.h"

/* The weights (the tuner's names): a token square's leap as a leaper and as
 * a rider ((0,1)/(1,0) Wazir / Rook, (0,2)/(2,0) Dabbaba / Dabbaba-rider,
 * (1,1) Ferz / Bishop, (1,2)/(2,1) Knight / Nightrider, (2,2) Alfil /
 * Alfil-rider); how a Philosopher's worth combines what it captures and
 * how it moves (capturing counts more: one that cannot capture is worth
 * little); the fixed pieces; the centre; token control; then the orthodox
 * Pawn and King terms (percent), mobility per move by piece type, King
 * danger (percent) and a piece attacked by an enemy Pawn. */
#define DIALECTIC_WEIGHTS(X)                                                                                           \
    X(WAZIR, "Wazir", 170, 0, 600)                                                                                     \
    X(DABBABA, "Dabbaba", 110, 0, 600)                                                                                 \
    X(FERZ, "Ferz", 160, 0, 600)                                                                                       \
    X(KNIGHT, "Knight", 330, 0, 800)                                                                                   \
    X(ALFIL, "Alfil", 100, 0, 600)                                                                                     \
    X(ROOK_RIDER, "RookRider", 500, 0, 1200)                                                                           \
    X(DABBABA_RIDER, "DabbabaRider", 220, 0, 800)                                                                      \
    X(BISHOP_RIDER, "BishopRider", 330, 0, 1000)                                                                       \
    X(NIGHTRIDER, "Nightrider", 560, 0, 1200)                                                                          \
    X(ALFIL_RIDER, "AlfilRider", 160, 0, 800)                                                                          \
    X(PHILOSOPHER_BASE, "PhilosopherBase", 30, -100, 300)                                                              \
    X(CAPTURE_PERCENT, "CapturePercent", 55, 0, 150)                                                                   \
    X(MOVE_PERCENT, "MovePercent", 30, 0, 150)                                                                         \
    X(PAWN, "Pawn", 100, 50, 200)                                                                                      \
    X(BISHOP, "Bishop", 330, 150, 600)                                                                                 \
    X(ROOK, "Rook", 500, 250, 900)                                                                                     \
    X(QUEEN, "Queen", 900, 500, 1500)                                                                                  \
    X(CENTRE, "Centre", 2, 0, 10)                                                                                      \
    X(TOKEN_CONTROL, "TokenControlPercent", 0, 0, 100)                                                                \
    X(PAWNS_AND_KINGS, "PawnsAndKingsPercent", 100, 0, 200)                                                           \
    X(MOB_PHILOSOPHER, "MobilityPhilosopher", 4, 0, 20)                                                               \
    X(MOB_GREAT, "MobilityGreat", 3, 0, 20)                                                                           \
    X(MOB_BISHOP, "MobilityBishop", 4, 0, 20)                                                                         \
    X(MOB_ROOK, "MobilityRook", 3, 0, 20)                                                                             \
    X(MOB_QUEEN, "MobilityQueen", 2, 0, 20)                                                                           \
    X(KING_ATTACK, "KingAttackPercent", 100, 0, 300)                                                                  \
    X(PAWN_THREAT, "PawnThreat", 40, 0, 150)

EVAL_WEIGHTS(DIALECTIC_WEIGHTS, dialectic_eval_params, dialectic_eval_init)

/* The weight of each token square x * 3 + y (square 0, no leap, is worth nothing). */
static const int leaper_weight[9] = {-1, W_WAZIR, W_DABBABA, W_WAZIR, W_FERZ, W_KNIGHT, W_DABBABA, W_KNIGHT, W_ALFIL};
static const int rider_weight[9] = {-1,          W_ROOK_RIDER, W_DABBABA_RIDER, W_ROOK_RIDER, W_BISHOP_RIDER,
                                    W_NIGHTRIDER, W_DABBABA_RIDER, W_NIGHTRIDER, W_ALFIL_RIDER};

static int worth(const int weight[9], int token) { return weight[token] < 0 ? 0 : w[weight[token]]; }

static int combine(int move_worth, int capture_worth)
{
    return w[W_PHILOSOPHER_BASE] + (w[W_CAPTURE_PERCENT] * capture_worth + w[W_MOVE_PERCENT] * move_worth) / 100;
}

static int philosopher_value[DIALECTIC_PAIRS];
static int great_value[DIALECTIC_PAIRS];
static int centre_bonus[BOARD_SIZE];
static int base_value[MAX_TYPES];

void dialectic_eval_init(void)
{
    for (int t = 0; t < 9; t++)
        for (int a = 0; a < 9; a++) {
            int pair = dialectic_pair(t, a);
            philosopher_value[pair] = combine(worth(leaper_weight, t), worth(leaper_weight, a));
            great_value[pair] = combine(worth(rider_weight, t), worth(rider_weight, a));
        }
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
            centre_bonus[make_square(f, r)] = w[W_CENTRE] * (3 - (df > dr ? df : dr));
        }
    base_value[PAWN] = w[W_PAWN];
    base_value[BISHOP] = w[W_BISHOP];
    base_value[ROOK] = w[W_ROOK];
    base_value[QUEEN] = w[W_QUEEN];
}

/* Token control: the side to move may move a token instead of a piece, so the
 * pair in force is partly its choice. What our Philosophers' surplus gains
 * (over theirs) under the best pair one token step away on the game's
 * dialectic, beyond the pair in force (the history of pairs is ignored: an
 * estimate). */
static int pair_edge(int pair, const int count[2][2], Color us)
{
    Color them = us ^ 1;
    return (count[us][0] - count[them][0]) * philosopher_value[pair] +
           (count[us][1] - count[them][1]) * great_value[pair];
}

static int token_control(const struct position *pos, int thesis, int antithesis, const int count[2][2], Color us)
{
    static const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    int now = pair_edge(dialectic_pair(thesis, antithesis), count, us), best = now;
    for (int token = 0; token < 2; token++) {
        int from = token ? antithesis : thesis, other = token ? thesis : antithesis;
        for (int i = 0; i < 4; i++) {
            int x = from / 3 + steps[i][0], y = from % 3 + steps[i][1];
            if (x < 0 || x > 2 || y < 0 || y > 2 || x * 3 + y == other || !dialectic_square_exists(pos, x * 3 + y))
                continue;
            int to = x * 3 + y;
            int edge = pair_edge(token ? dialectic_pair(thesis, to) : dialectic_pair(to, antithesis), count, us);
            if (edge > best)
                best = edge;
        }
    }
    return (best - now) * w[W_TOKEN_CONTROL] / 100;
}

/* Per piece type: its mobility weight, the count of moves it usually has
 * (mobility is scored around it), its King-attack units per square of the
 * enemy King's zone it hits, and its share of the game phase. */
static const int mobility_weight_id[MAX_TYPES] = {
    [KNIGHT] = W_MOB_PHILOSOPHER, [DIALECTIC_GREAT] = W_MOB_GREAT, [BISHOP] = W_MOB_BISHOP,
    [ROOK] = W_MOB_ROOK,          [QUEEN] = W_MOB_QUEEN,
};
static const int mobility_typical[MAX_TYPES] = {[KNIGHT] = 4, [DIALECTIC_GREAT] = 8, [BISHOP] = 6, [ROOK] = 6, [QUEEN] = 12};
static const int attack_units[MAX_TYPES] = {[KNIGHT] = 2, [DIALECTIC_GREAT] = 3, [BISHOP] = 2, [ROOK] = 3, [QUEEN] = 5};
static const int phase_share[MAX_TYPES] = {[KNIGHT] = 1, [DIALECTIC_GREAT] = 2, [BISHOP] = 1, [ROOK] = 2, [QUEEN] = 4};

struct dialectic_eval {
    int score[2];
    int count[2][2]; /* Philosophers and Great Philosophers by colour */
    int attackers[2], units[2];
    int phase;
};

static int material_and_place(int pair, Square sq, int type)
{
    if (type == KNIGHT)
        return philosopher_value[pair] + centre_bonus[sq];
    if (type == DIALECTIC_GREAT)
        return great_value[pair] + centre_bonus[sq];
    if (type == BISHOP || type == PAWN)
        return base_value[type] + centre_bonus[sq] / 2;
    return base_value[type];
}

/* Mobility and King-zone hits under the powers in force. */
static void activity(struct dialectic_eval *e, const struct position *pos, const struct power_set *powers, Color c,
                     Square sq, int type)
{
    struct power_activity act = power_activity(pos, sq, &powers->power[type][c], c, pos->king_sq[c ^ 1]);
    e->score[c] += w[mobility_weight_id[type]] * (act.moves - mobility_typical[type]);
    if (act.zone_hits) {
        e->attackers[c]++;
        e->units[c] += attack_units[type] * act.zone_hits;
    }
}

static int king_danger(const struct dialectic_eval *e, Color attacker)
{
    if (e->attackers[attacker] < 2)
        return 0;
    int u = e->units[attacker];
    int danger = u * u / 3;
    danger = danger > 500 ? 500 : danger;
    int phase = e->phase > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : e->phase;
    return danger * w[W_KING_ATTACK] / 100 * phase / EVAL_PHASE_MAX;
}

static void eval_piece(struct dialectic_eval *e, const struct position *pos, const struct power_set *powers, int pair,
                       Color c, Square sq)
{
    int type = piece_type(pos->board[sq]);
    e->score[c] += material_and_place(pair, sq, type);
    if (type == KNIGHT)
        e->count[c][0]++;
    else if (type == DIALECTIC_GREAT)
        e->count[c][1]++;
    if (type == PAWN || type == KING)
        return;
    e->phase += phase_share[type];
    activity(e, pos, powers, c, sq, type);
    if (pawn_guards(pos, sq, c ^ 1))
        e->score[c] -= w[W_PAWN_THREAT];
}

int dialectic_evaluate(const struct position *pos)
{
    int thesis = dialectic_thesis(pos), antithesis = dialectic_antithesis(pos);
    int pair = dialectic_pair(thesis, antithesis);
    const struct power_set *powers = chess_powers(pos);
    struct dialectic_eval e = {{0, 0}, {{0, 0}, {0, 0}}, {0, 0}, {0, 0}, 0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++)
            eval_piece(&e, pos, powers, pair, c, pos->plist[c][i]);
    Color us = pos->side, them = us ^ 1;
    int control = w[W_TOKEN_CONTROL] ? token_control(pos, thesis, antithesis, e.count, us) : 0;
    int pawns_kings = w[W_PAWNS_AND_KINGS] ? evaluate_pawns_and_kings(pos, e.phase) * w[W_PAWNS_AND_KINGS] / 100 : 0;
    int safety = king_danger(&e, us) - king_danger(&e, them);
    return e.score[us] - e.score[them] + control + pawns_kings + safety;
}
