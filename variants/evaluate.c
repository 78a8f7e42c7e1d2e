#include "variants/evaluate.h"

#include "variants/chess.h"

static const int piece_value[CHESS_TYPES] = {0, 100, 320, 330, 500, 900, 0};

int evaluate_material(const struct position *pos)
{
    int score[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            int type = piece_type(pos->board[pos->plist[c][i]]);
            if (type < CHESS_TYPES)
                score[c] += piece_value[type];
        }
    return score[pos->side] - score[pos->side ^ 1];
}
