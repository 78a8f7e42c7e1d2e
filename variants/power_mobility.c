/* Mobility and King-zone attacks of a piece, walked along its rays. */
#include "variants/power_mobility.h"

bool pawn_guards(const struct position *pos, Square sq, Color by)
{
    Piece pawn = make_piece(by, PAWN);
    int back = by == WHITE ? -1 : 1;
    return pos->board[sq + step_of(-1, back)] == pawn || pos->board[sq + step_of(1, back)] == pawn;
}

struct power_activity power_activity(const struct position *pos, Square sq, const struct piece_power *pw, Color c,
                                     Square enemy_king)
{
    struct power_activity act = {0, 0};
    int enemy_bit = COLOR_BIT(c ^ 1);
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        Square s = sq;
        for (int k = 1; k <= r->range; k++) {
            s += r->step;
            Piece p = pos->board[s];
            if (p == OFFBOARD)
                break;
            if ((r->mode & BETZA_CAPTURE) && enemy_king != NO_SQUARE && within_king_step(enemy_king, s))
                act.zone_hits++;
            if (p == EMPTY) {
                if ((r->mode & BETZA_MOVE) && !pawn_guards(pos, s, c ^ 1))
                    act.moves++;
                continue;
            }
            if ((p & enemy_bit) && (r->mode & BETZA_CAPTURE))
                act.moves++;
            break;
        }
    }
    return act;
}
