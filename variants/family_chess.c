/* The chess family's hooks (variants/family.h): the chess rules
 * (variants/chess.c) with the declared Betza powers, orthodox chess's
 * evaluation and piece values, and orthodox chess's outcome. A game of the
 * family (orthodox chess itself: `normal` of games/core.ini) is this entry
 * with the declaration's id, board, start, pieces and rules (variants/family.c). */
#include "variants/chess.h"
#include "variants/evaluate.h"
#include "variants/family.h"

static const int normal_piece_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

/* A dead position by material (FIDE 5.2.2, and what XBoard and other
 * referees adjudicate): no checkmate can follow when, besides the Kings,
 * there is at most one minor piece, or only Bishops all on squares of one
 * colour. */
static bool dead_by_material(const struct position *pos)
{
    int knights = 0, bishops_by_shade[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            switch (piece_type(pos->board[sq])) {
            case KING: break;
            case KNIGHT: knights++; break;
            case BISHOP: bishops_by_shade[(square_col(sq) + square_rank(sq)) & 1]++; break;
            default: return false;
            }
        }
    }
    int minors = knights + bishops_by_shade[0] + bishops_by_shade[1];
    return minors <= 1 || (knights == 0 && (bishops_by_shade[0] == 0 || bishops_by_shade[1] == 0));
}

static struct outcome normal_outcome(struct position *pos, int legal_steps)
{
    struct outcome o = chess_outcome(pos, legal_steps);
    if (o.result == RESULT_NONE && dead_by_material(pos))
        return (struct outcome){RESULT_DRAW, "Insufficient material"};
    return o;
}

const struct variant chess_family_template = {
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    .bench_depth = 11,
    CHESS_RULES_HOOKS,
    .has_san = true,
    .outcome = normal_outcome,
    .format_step = chess_format_step,
    .evaluate = evaluate_normal,
    .eval_params = &normal_eval_params,
    .piece_values = normal_piece_values,
    .see = chess_see,
};
