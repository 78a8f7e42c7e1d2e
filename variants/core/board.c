#include "variants/core/board.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>

int geo_file(const struct geometry *g, Square sq)
{
    int col = square_col(sq);
    for (int f = 0; f < g->files; f++)
        if (g->file_col[f] == col)
            return f;
    return -1;
}

bool geo_on_board(const struct geometry *g, Square sq)
{
    if (sq <= 0 || sq >= BOARD_SIZE)
        return false;
    int rank = square_rank(sq);
    return rank >= 0 && rank < g->ranks && geo_file(g, sq) >= 0;
}

int geo_square_name(const struct geometry *g, Square sq, char *out)
{
    if (!geo_on_board(g, sq))
        return sprintf(out, "??");
    return sprintf(out, "%c%d", 'a' + geo_file(g, sq), square_rank(sq) + 1);
}

Square geo_parse_square(const struct geometry *g, const char **text)
{
    const char *s = *text;
    if (s[0] < 'a' || s[0] >= 'a' + g->files || !isdigit((unsigned char)s[1]))
        return NO_SQUARE;
    int file = s[0] - 'a';
    int rank = s[1] - '0';
    int len = 2;
    if (isdigit((unsigned char)s[2])) {
        rank = rank * 10 + (s[2] - '0');
        len = 3;
    }
    if (rank < 1 || rank > g->ranks)
        return NO_SQUARE;
    *text = s + len;
    return geo_square(g, file, rank - 1);
}

void move_list_overflow(const struct move_list *list, Move m)
{
    fprintf(stderr, "rulezero: move list full (%d steps): step %08x dropped\n", list->count, (unsigned)m);
    assert(!"move list overflow");
}
