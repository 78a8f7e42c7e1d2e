/* Rule Zero: Dialectic and Hegelian Chess for XBoard 4.9.1 (the turns; the
 * set-up is declared in games/core.ini and variants/family_dialectic.c).
 *
 * XBoard cannot show the dialectic (see docs/variants/dialectic.md): it gets
 * the main board of an 8x8 fairy game, the Philosopher drawn as a Knight and
 * the Great Philosopher as a Nightrider (H); dialectic moves go to it as null
 * moves. Played with -testLegality false. */
#include "variants/dialectic.h"

#include <stdio.h>
#include <string.h>

/* `pos` is the position before the turn. A dialectic move becomes a null move
 * (XBoard has no way to show it); a Philosopher taking a Philosopher gets the
 * promotion suffix `h`, which XBoard believes for any piece, so its board
 * shows the new Great Philosopher (as a Nightrider image). */
void dialectic_xboard_move(const struct position *pos, const char *turn_text, char *out, size_t n)
{
    if (strchr(turn_text, '@')) {
        snprintf(out, n, "@@@@");
        return;
    }
    const char *s = turn_text;
    Square from = geo_parse_square(&pos->variant->geo, &s);
    Square to = geo_parse_square(&pos->variant->geo, &s);
    bool becomes_great = from != NO_SQUARE && to != NO_SQUARE && *s == '\0' &&
                         piece_type(pos->board[from]) == KNIGHT && is_piece(pos->board[to]) &&
                         dialectic_is_philosopher(pos->board[to]) &&
                         piece_color(pos->board[to]) != piece_color(pos->board[from]);
    snprintf(out, n, "%s%s", turn_text, becomes_great ? "h" : "");
}

/* XBoard echoes our own `h` suffix back in relays to a second engine: drop it. */
void dialectic_xboard_parse(const struct position *pos, const char *xboard_text, char *out, size_t n)
{
    (void)pos;
    size_t len = strlen(xboard_text);
    if (len == 5 && xboard_text[4] == 'h')
        len = 4;
    snprintf(out, n, "%.*s", (int)len, xboard_text);
}
