/* Polypiece evaluation. A piece's worth follows its type's power in force
 * and the one it turns into at the type's next move; the orthodox Pawn and
 * King terms apply as they are (Pawns keep their powers, and a King's
 * shelter matters whatever the others' powers); mobility and attacks on the
 * squares around the enemy King are counted with the powers in force. */
#include "variants/polypiece.h"

#include "variants/chess.h"
#include "variants/eval_weights.h"
#include "variants/evaluate.h"

#define POLYPIECE_WEIGHTS(X)                                                                                   \
    X(PAWN, "Pawn", 100, 50, 200)                                                                              \
    X(NEXT_PERCENT, "NextPowerPercent", 33, 0, 100)                                                            \
    X(MOBILITY, "Mobility", 3, 0, 20)                                                                          \
    X(KING_ATTACK, "KingAttack", 4, 0, 30)                                                                     \
    X(PAWNS_AND_KINGS_PERCENT, "PawnsAndKingsPercent", 100, 0, 200)                                            \
    X(TEMPO, "Tempo", 10, -20, 50)

EVAL_WEIGHTS(POLYPIECE_WEIGHTS, polypiece_eval_params, NULL)

#define KING_DANGER_MAX 500

struct side_eval {
    int score;
    int king_hits;  /* our pieces' moves onto squares around the enemy King */
    int attackers;  /* pieces with such a move */
};

/* Moves of the piece on sq along its rays (a square reached by two rays
 * counts twice), and how many of them land next to the enemy King. */
static int piece_mobility(const struct position *pos, const struct piece_power *power, Square sq, Color c,
                          Square enemy_king, int *king_hits)
{
    int enemy = COLOR_BIT(c ^ 1), count = 0;
    for (int i = 0; i < power->count; i++) {
        const struct ray *r = &power->rays[i];
        Square to = sq;
        for (int k = 1; k <= r->range; k++) {
            to += r->step;
            Piece p = pos->board[to];
            if (p == OFFBOARD)
                break;
            bool reaches = p == EMPTY ? (r->mode & BETZA_MOVE) : (p & enemy) && (r->mode & BETZA_CAPTURE);
            if (reaches) {
                count++;
                *king_hits += within_king_step(enemy_king, to);
            }
            if (p != EMPTY)
                break;
        }
    }
    return count;
}

static int worth(const struct polypiece_worth *t)
{
    return ((100 - w[W_NEXT_PERCENT]) * t->now + w[W_NEXT_PERCENT] * t->next + 50) / 100;
}

static struct side_eval side_eval(const struct position *pos, const struct power_set *set, Color c, int *phase)
{
    struct side_eval e = {0, 0, 0};
    struct polypiece_worth type_worth[CHESS_TYPES];
    for (int type = KNIGHT; type < KING; type++)
        type_worth[type] = polypiece_worth(pos, type, c);
    Square enemy_king = pos->king_sq[c ^ 1];
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        if (type == PAWN)
            e.score += w[W_PAWN];
        if (type < KNIGHT || type >= KING)
            continue;
        *phase += evaluate_phase_weight(type);
        e.score += worth(&type_worth[type]);
        int hits = 0;
        int moves = piece_mobility(pos, &set->power[type][c], sq, c, enemy_king, &hits);
        e.score += w[W_MOBILITY] * (moves - type_worth[type].empty_board_moves / 2);
        e.king_hits += hits;
        e.attackers += hits > 0;
    }
    return e;
}

/* What the attacks of `by` around the enemy King cost its owner. */
static int king_danger(const struct side_eval *by)
{
    if (by->attackers < 2)
        return 0;
    int units = w[W_KING_ATTACK] * by->king_hits;
    int danger = units * units / 16;
    return danger > KING_DANGER_MAX ? KING_DANGER_MAX : danger;
}

int polypiece_evaluate(const struct position *pos)
{
    const struct power_set *set = chess_powers(pos);
    Color us = pos->side, them = us ^ 1;
    int phase = 0;
    struct side_eval mine = side_eval(pos, set, us, &phase);
    struct side_eval theirs = side_eval(pos, set, them, &phase);
    int score = mine.score - theirs.score + king_danger(&mine) - king_danger(&theirs) + w[W_TEMPO];
    if (w[W_PAWNS_AND_KINGS_PERCENT])
        score += evaluate_pawns_and_kings(pos, phase) * w[W_PAWNS_AND_KINGS_PERCENT] / 100;
    return score;
}
