/* Nick Danger Chess: the attack map of the evaluation (nickdanger_attacks.h).
 * Pawns first, so that the pieces' mobility can leave out the squares enemy
 * Pawns guard. */
#include "variants/nickdanger_attacks.h"

#include <string.h>

struct walker {
    const Piece *board;
    const struct nd_state *st;
    struct nd_attacks *a;
    const struct power_set *powers;
    Square home1[64];  /* board-0 location of each linked board-1 location (local index) */
    uint64_t zone[2];  /* board-0 squares (local) next to colour c's King */
    Color c;
    int type;
    int mobility;
    int king_hits;
};

/* The square's board-0 location if it is linked, else the square itself. */
static inline Square home_of(const struct walker *wk, Square sq)
{
    if (!nd_board_of(sq))
        return sq;
    int l = nd_local(sq);
    return (wk->st->mask[1] >> l) & 1 ? wk->home1[l] : sq;
}

static inline void mark(struct walker *wk, Square home)
{
    wk->a->by[wk->c][home] |= (uint8_t)(1 << wk->type);
    if (!nd_board_of(home) && ((wk->zone[wk->c ^ 1] >> nd_local(home)) & 1))
        wk->king_hits++;
}

/* Every capture ray of the piece from one of its locations. */
static void walk_from(struct walker *wk, Square from)
{
    const Piece *board = wk->board;
    const struct piece_power *pw = &wk->powers->power[wk->type][wk->c];
    const uint8_t *enemy = wk->a->by[wk->c ^ 1];
    int enemy_bit = COLOR_BIT(wk->c ^ 1);
    bool counts = wk->type != PAWN;
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        if (!(r->mode & BETZA_CAPTURE))
            continue;
        Square to = from;
        for (int k = 1;; k++) {
            to += r->step;
            Piece p = board[to];
            if (p == OFFBOARD)
                break;
            Square home = home_of(wk, to);
            mark(wk, home);
            if (counts && (p == EMPTY || (p & enemy_bit)) && !(enemy[home] & (1 << PAWN)))
                wk->mobility++;
            if (p != EMPTY || k >= r->range)
                break;
        }
    }
}

static void walk_piece(struct walker *wk, Square sq)
{
    wk->mobility = 0;
    wk->king_hits = 0;
    walk_from(wk, sq);
    if (!nd_board_of(sq) && nd_linked(wk->st, sq))
        walk_from(wk, nd_partner(wk->st, sq));
    wk->a->mobility[wk->c][wk->type] += wk->mobility;
    wk->a->king_hits[wk->c][wk->type] += wk->king_hits;
    if (wk->king_hits && wk->type != PAWN && wk->type != KING)
        wk->a->king_attackers[wk->c]++;
}

/* The pieces of one colour: Pawns only, or all the others. */
static void walk_side(const struct position *pos, struct walker *wk, Color c, bool pawns)
{
    wk->c = c;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        wk->type = piece_type(pos->board[sq]);
        if ((wk->type == PAWN) == pawns)
            walk_piece(wk, sq);
    }
}

/* Board-0 squares (local indexes) within one step of the square. */
static uint64_t neighbourhood(Square k)
{
    uint64_t m = 0;
    int kf = square_col(k) & 7, kr = square_rank(k);
    for (int r = kr - 1; r <= kr + 1; r++)
        for (int f = kf - 1; f <= kf + 1; f++)
            if (r >= 0 && r < 8 && f >= 0 && f < 8)
                m |= 1ULL << (r * 8 + f);
    return m;
}

void nd_attacks_build(const struct position *pos, struct nd_attacks *a)
{
    struct walker wk;
    wk.board = pos->board;
    wk.st = nd_cst(pos);
    wk.a = a;
    wk.powers = chess_powers(pos);
    for (int i = 0; i < wk.st->nlinks; i++)
        wk.home1[wk.st->l1[i]] = nd_square(0, wk.st->l0[i]);
    for (Color c = WHITE; c <= BLACK; c++)
        wk.zone[c] = pos->king_sq[c] == NO_SQUARE ? 0 : neighbourhood(pos->king_sq[c]);
    memset(a, 0, sizeof *a);
    for (Color c = WHITE; c <= BLACK; c++)
        walk_side(pos, &wk, c, true);
    for (Color c = WHITE; c <= BLACK; c++)
        walk_side(pos, &wk, c, false);
}
