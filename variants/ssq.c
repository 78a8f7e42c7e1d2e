/* Single Square games: what Pickle and Shifted Square share (variants/ssq.h):
 * the names of the added locations, the `SQUARE=LOCATION` setting, the step
 * text and a small evaluation. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/core/san.h"
#include "variants/ssq.h"

void ssq_square_name(Square sq, char *out)
{
    int col = square_col(sq), rank = square_rank(sq);
    char file = col == SSQ_X_COL ? 'x' : col == SSQ_Z_COL ? 'z' : (char)('a' + col - 1);
    if (col > SSQ_Z_COL || rank < 0 || rank > 7)
        snprintf(out, 4, "??");
    else
        snprintf(out, 4, "%c%d", file, rank + 1);
}

/* Reads a name like e4 or x5 at *s: its column (0-9) and rank (0-7). */
static bool read_location(const char **s, int *col, int *rank)
{
    const char *p = *s;
    char f = (char)tolower((unsigned char)p[0]);
    if (!p[0] || p[1] < '1' || p[1] > '8' || isdigit((unsigned char)p[2]))
        return false;
    if (f >= 'a' && f <= 'h')
        *col = f - 'a' + 1;
    else if (f == 'x')
        *col = SSQ_X_COL;
    else if (f == 'z')
        *col = SSQ_Z_COL;
    else
        return false;
    *rank = p[1] - '1';
    *s = p + 2;
    return true;
}

int ssq_parse_pair(struct ssq_rules *r, const char *setting, const char *value, int min_rank, int max_rank,
                   char *err, size_t errlen)
{
    const char *s = value ? value : "";
    while (*s == ' ')
        s++;
    int c0, r0, c1, r1;
    bool ok = read_location(&s, &c0, &r0) && *s++ == '=' && read_location(&s, &c1, &r1);
    while (ok && *s == ' ')
        s++;
    ok = ok && *s == '\0' && c0 != SSQ_X_COL && c0 != SSQ_Z_COL && (c1 == SSQ_X_COL || c1 == SSQ_Z_COL) &&
         r0 + 1 >= min_rank && r0 + 1 <= max_rank;
    if (!ok)
        return error_set(err, errlen,
                         "%s: '%s': expected SQUARE=LOCATION: a square of the board a%d to h%d, '=', then an added "
                         "location beside the board, x1 to x8 (left of the a-file) or z1 to z8 (right of the "
                         "h-file), e.g. " SSQ_DEFAULT,
                         setting, value ? value : "", min_rank, max_rank);
    r->board_sq = make_square(c0, r0);
    r->added_sq = make_square(c1, r1);
    return 0;
}

void *ssq_rules_create(const struct game_decl *g, const char *setting, const char *value, int min_rank, int max_rank,
                       char *err, size_t errlen)
{
    struct ssq_rules *r = malloc(sizeof *r);
    if (!r) {
        error_set(err, errlen, "%s: out of memory", setting);
        return NULL;
    }
    chess_rules_declared(&r->chess, g);
    if (ssq_parse_pair(r, setting, value, min_rank, max_rank, err, errlen)) {
        free(r);
        return NULL;
    }
    return r;
}

void ssq_pair_text(const struct ssq_rules *r, char *out, size_t n)
{
    char a[4], b[4];
    ssq_square_name(r->board_sq, a);
    ssq_square_name(r->added_sq, b);
    snprintf(out, n, "%s=%s", a, b);
}

void ssq_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    char from[4], to[4];
    ssq_square_name(move_from(m), from);
    ssq_square_name(move_to(m), to);
    if (move_kind(m) == MK_PROMOTION)
        snprintf(out, n, "%s%s%c", from, to, tolower((unsigned char)pos->variant->piece_letters[move_promo(m)]));
    else
        snprintf(out, n, "%s%s", from, to);
}

void ssq_notation_step(struct position *pos, Move m, int index, char *out, size_t n)
{
    (void)index;
    const struct geometry *g = &pos->variant->geo;
    if (geo_on_board(g, move_from(m)) && geo_on_board(g, move_to(m))) {
        san_step(pos, m, out, n);
        return;
    }
    char from[4], to[4], letter[2] = "", promo[3] = "";
    Piece mover = pos->board[move_from(m)];
    if (piece_type(mover) != PAWN)
        letter[0] = pos->variant->piece_letters[piece_type(mover)];
    if (move_kind(m) == MK_PROMOTION)
        snprintf(promo, sizeof promo, "=%c", pos->variant->piece_letters[move_promo(m)]);
    ssq_square_name(move_from(m), from);
    ssq_square_name(move_to(m), to);
    snprintf(out, n, "%s%s%c%s%s", letter, from, pos->variant->is_capture(pos, m) ? 'x' : '-', to, promo);
}

/* ---- Evaluation ----------------------------------------------------------------- */

const int ssq_piece_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

/* Closeness to the centre, 0 (corner) to 6 (d4, e5...), on the 8x8 frame. */
static int centrality(Square sq)
{
    int f = square_col(sq) - 1, r = square_rank(sq);
    f = f < 0 ? 0 : f > 7 ? 7 : f;
    return 6 - (abs(2 * f - 7) + abs(2 * r - 7)) / 2 + 1;
}

/* A piece's value where it stands, for its owner. */
static int piece_score(Square sq, Color c, int type, bool queens_on)
{
    int v = ssq_piece_values[type];
    int rank = c == WHITE ? square_rank(sq) : 7 - square_rank(sq);
    switch (type) {
    case PAWN: return v + 4 * (rank - 1) * (rank - 1) / 2 + centrality(sq);
    case KNIGHT: return v + 4 * centrality(sq);
    case BISHOP: return v + 3 * centrality(sq);
    case ROOK: return v + (rank == 6 ? 15 : 0);
    case QUEEN: return v + centrality(sq);
    case KING: return queens_on ? -3 * centrality(sq) - 8 * (rank > 1) : 4 * centrality(sq);
    default: return 0;
    }
}

int ssq_evaluate(const struct position *pos)
{
    bool queens_on = false;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++)
            if (piece_type(pos->board[pos->plist[c][i]]) == QUEEN)
                queens_on = true;
    int score[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            score[c] += piece_score(sq, c, piece_type(pos->board[sq]), queens_on);
        }
    return score[pos->side] - score[pos->side ^ 1] + 10;
}
