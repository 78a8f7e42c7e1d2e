#include "variants/adjudicate.h"

struct outcome game_adjudicate(struct position *pos)
{
    const struct variant *v = pos->variant;
    struct move_list list;
    list.count = 0;
    v->generate(pos, &list);
    struct outcome o = v->outcome(pos, list.count);
    if (o.result != RESULT_NONE)
        return o;
    if (list.count == 0)
        return (struct outcome){RESULT_DRAW, "No legal move"};
    if (position_repetitions(pos, pos->ply) >= 2) {
        if (v->repetition == REPETITION_LOSES_FOR_MOVER) {
            /* the side that just moved made the repetition */
            if (pos->side == WHITE)
                return (struct outcome){RESULT_WHITE_WINS, "Black repeats the position three times"};
            return (struct outcome){RESULT_BLACK_WINS, "White repeats the position three times"};
        }
        return (struct outcome){RESULT_DRAW, "Draw by repetition"};
    }
    if (pos->halfmove >= 100)
        return (struct outcome){RESULT_DRAW, "Draw by fifty-move rule"};
    return o;
}

const char *result_text(enum game_result r)
{
    switch (r) {
    case RESULT_WHITE_WINS: return "1-0";
    case RESULT_BLACK_WINS: return "0-1";
    case RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}
