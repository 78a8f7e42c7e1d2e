/* Rule Zero: Interweave's one-step capture map (see interweave_attacks.h). */
#include <string.h>

#include "variants/interweave_attacks.h"

struct scan {
    const Piece *b;
    int own, enemy;
    Color us;
    struct iw_attacks *out;
};

static inline void mark(struct scan *s, Square v)
{
    uint64_t bit = iw_square_bit(v);
    if (!(s->out->victims & bit)) {
        s->out->victims |= bit;
        s->out->victim_count++;
    }
}

static int diagonal_slides(const Piece *b, Square from)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        for (Square t = from + iw_diag[i]; b[t] == EMPTY; t += iw_diag[i])
            n++;
    return n;
}

/* A Pawn of ours arriving on `to` (empty) sandwiches its orthogonal neighbours
 * that have a piece of ours beyond; returns how many. */
static int custodians(struct scan *s, Square to)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        Square v = to + iw_orth[i];
        if ((s->b[v] & s->enemy) && (s->b[v + iw_orth[i]] & s->own)) {
            mark(s, v);
            n++;
        }
    }
    return n;
}

static void scan_pawn(struct scan *s, Square from)
{
    const Piece *b = s->b;
    int fwd = s->us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    int rr = s->us == WHITE ? square_rank(from) : 7 - square_rank(from);
    for (int dx = -1; dx <= 1; dx += 2) {
        Square to = from + fwd + dx;
        if (b[to] != EMPTY)
            continue;
        s->out->mobility[IW_PAWN]++;
        s->out->sandwiches += custodians(s, to);
        if (rr == 1 && b[to + fwd + dx] == EMPTY)
            custodians(s, to + fwd + dx);
    }
    if ((b[from + fwd] & s->enemy) && b[from + 2 * fwd] == EMPTY)
        mark(s, from + fwd);
}

static void scan_king(struct scan *s, Square from)
{
    for (int i = 0; i < 4; i++) {
        if ((s->b[from + iw_orth[i]] & s->enemy) && s->b[from + 2 * iw_orth[i]] == EMPTY)
            mark(s, from + iw_orth[i]);
        if (s->b[from + iw_diag[i]] == EMPTY)
            s->out->mobility[IW_KING]++;
    }
}

/* Along each line: the quiet even-distance slides, then the first piece met
 * at distance k. The Smasher takes it by approach (odd k >= 3), the Leaper by
 * the long leap (odd k, the square beyond empty). */
static void scan_lines(struct scan *s, Square from, int type)
{
    const Piece *b = s->b;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i], k = 1;
        Square t = from + d;
        for (; b[t] == EMPTY; k++, t += d)
            if (!(k & 1))
                s->out->mobility[type]++;
        if (!(k & 1) || !(b[t] & s->enemy))
            continue;
        if (type == IW_SMASHER ? k >= 3 : b[t + d] == EMPTY)
            mark(s, t);
    }
    s->out->mobility[type] += diagonal_slides(b, from);
}

static void scan_double_knight(struct scan *s, Square from)
{
    for (int i = 0; i < 8; i++) {
        Piece mid = s->b[from + iw_dknight_mid[i]];
        if (mid == OFFBOARD || (mid & s->own) || s->b[from + iw_dknight_to[i]] != EMPTY)
            continue;
        if (mid & s->enemy)
            mark(s, from + iw_dknight_mid[i]);
        else
            s->out->mobility[IW_LEAPER]++;
    }
}

static void scan_remover(struct scan *s, Square from)
{
    for (int i = 0; i < 4; i++)
        if (s->b[from + iw_orth[i]] & s->enemy)
            mark(s, from + iw_orth[i]);
    s->out->mobility[IW_REMOVER] += diagonal_slides(s->b, from);
}

void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out)
{
    memset(out, 0, sizeof *out);
    struct scan s = {pos->board, COLOR_BIT(c), COLOR_BIT(c ^ 1), c, out};
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square from = pos->plist[c][i];
        switch (piece_type(pos->board[from])) {
        case IW_PAWN: scan_pawn(&s, from); break;
        case IW_KING: scan_king(&s, from); break;
        case IW_SMASHER: scan_lines(&s, from, IW_SMASHER); break;
        case IW_LEAPER:
            scan_lines(&s, from, IW_LEAPER);
            scan_double_knight(&s, from);
            break;
        case IW_REMOVER: scan_remover(&s, from); break;
        default: break;
        }
    }
}
