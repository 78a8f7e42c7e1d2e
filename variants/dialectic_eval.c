/* Evaluation for Dialectic and Hegelian Dialectic Chess: material, with the
 * (Great) Philosopher's worth read from the tokens in force, so a dialectic
 * move re-values every Philosopher of both sides at once; plus a small
 * centralisation term. */
#include "variants/dialectic.h"

/* Worth of one token square's leap as a leaper and as a rider, by square x * 3 + y:
 * (0,0) nothing, (0,1)/(1,0) Wazir / Rook, (0,2)/(2,0) Dabbaba / Dabbaba-rider,
 * (1,1) Ferz / Bishop, (1,2)/(2,1) Knight / Nightrider, (2,2) Alfil / Alfil-rider. */
static const int leaper_worth[9] = {0, 170, 110, 170, 160, 330, 110, 330, 100};
static const int rider_worth[9] = {0, 500, 220, 500, 330, 560, 220, 560, 160};

/* Capturing counts more than moving; a Philosopher that cannot capture is worth little. */
static int combine(int move_worth, int capture_worth)
{
    return 30 + (55 * capture_worth + 30 * move_worth) / 100;
}

static int philosopher_value[DIALECTIC_PAIRS];
static int great_value[DIALECTIC_PAIRS];
static int8_t centre_bonus[BOARD_SIZE];

static const int base_value[MAX_TYPES] = {0, 100, 0, 330, 500, 900, 0, 0};

void dialectic_eval_init(void)
{
    for (int t = 0; t < 9; t++)
        for (int a = 0; a < 9; a++) {
            int pair = dialectic_pair(t, a);
            philosopher_value[pair] = combine(leaper_worth[t], leaper_worth[a]);
            great_value[pair] = combine(rider_worth[t], rider_worth[a]);
        }
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
            centre_bonus[make_square(f, r)] = (int8_t)(6 - 2 * (df > dr ? df : dr));
        }
}

int dialectic_evaluate(const struct position *pos)
{
    int pair = dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos));
    int score[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if (type == KNIGHT)
                score[c] += philosopher_value[pair] + centre_bonus[sq];
            else if (type == DIALECTIC_GREAT)
                score[c] += great_value[pair] + centre_bonus[sq];
            else if (type == BISHOP || type == PAWN)
                score[c] += base_value[type] + centre_bonus[sq] / 2;
            else
                score[c] += base_value[type];
        }
    return score[pos->side] - score[pos->side ^ 1];
}
