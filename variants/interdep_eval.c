/* Interdependent Chess: evaluation (placeholder, refined below). */
#include "variants/interdep.h"

const int idc_piece_values[MAX_TYPES] = {0, 300, 250, 300, 200, 150, 150, 20000};

int idc_evaluate(const struct position *pos)
{
    int score[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->pcount[c]; i++)
            score[c] += idc_piece_values[piece_type(pos->board[pos->plist[c][i]])] * (piece_type(pos->board[pos->plist[c][i]]) != IDC_K);
        for (int t = IDC_U; t < IDC_K; t++)
            score[c] += pos->hand[c][t] * idc_piece_values[t];
    }
    return score[pos->side] - score[pos->side ^ 1];
}
