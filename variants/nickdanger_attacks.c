/* Nick Danger Chess: the attack map of the evaluation (nickdanger_attacks.h).
 *
 * The walk marks the mailbox square it reaches, whichever location of a link
 * that is, and folds each link's board-1 location into its board-0 one
 * afterwards; a per-square byte tells whether a square (either location of a
 * link) lies next to a King, so each step is a few loads and no lookups of
 * the links. Pawns go first, and their attacks are folded and copied onto
 * both locations before the pieces walk, so that the pieces' mobility can
 * leave out the squares enemy Pawns guard with one load. */
#include "variants/nickdanger_attacks.h"

#include <string.h>

/* A piece other than a Pawn, kept for the second pass. */
struct listed {
    int16_t sq, partner;
    uint8_t type;
};

struct walker {
    const Piece *board;
    const struct power_set *powers;
    struct nd_attacks *a;
    struct listed pieces[2][MAX_PIECES];
    int npieces[2];
    uint8_t near_king[BOARD_SIZE]; /* bit c: next to colour c's King (a link by its board-0 location) */
};

/* What one piece's walk adds up: the square's bit in its colour's map, the
 * squares it reaches next to the enemy King, and (for a piece other than a
 * Pawn) its mobility. */
struct tally {
    const uint8_t *near_king;
    uint8_t *mine;
    const uint8_t *enemy;
    uint8_t bit;
    int own_bit, zone_shift;
    int mobility, king_hits;
};

static inline void reach(struct tally *t, Square to, Piece p, bool counts)
{
    t->mine[to] |= t->bit;
    t->king_hits += (t->near_king[to] >> t->zone_shift) & 1;
    if (counts)
        t->mobility += !(p & t->own_bit) && !(t->enemy[to] & (1 << PAWN));
}

/* A ray of at most `range` steps. */
static inline void walk_ray(struct tally *t, const Piece *board, Square from, const struct ray *r, bool counts)
{
    Square to = from;
    for (int k = 1;; k++) {
        to += r->step;
        Piece p = board[to];
        if (p == OFFBOARD)
            break;
        reach(t, to, p, counts);
        if (p != EMPTY || k >= r->range)
            break;
    }
}

/* An unlimited slide: the empty squares, then the first piece if any. */
static inline void walk_slide(struct tally *t, const Piece *board, Square from, int step, bool counts)
{
    Square to = from + step;
    Piece p;
    while ((p = board[to]) == EMPTY) {
        reach(t, to, EMPTY, counts);
        to += step;
    }
    if (p != OFFBOARD)
        reach(t, to, p, counts);
}

/* Every capture ray of one piece from one of its locations. */
static inline void walk_from(struct tally *t, const Piece *board, const struct capture_rays *cr, Square from, bool counts)
{
    int i = 0;
    for (; i < cr->leaps; i++) {
        Square to = from + cr->rays[i].step;
        Piece p = board[to];
        if (p != OFFBOARD)
            reach(t, to, p, counts);
    }
    for (; i < cr->leaps + cr->slides; i++)
        walk_slide(t, board, from, cr->rays[i].step, counts);
    for (; i < cr->count; i++)
        walk_ray(t, board, from, &cr->rays[i], counts);
}

/* One piece from its listed location and its partner (NO_SQUARE if none). */
static inline void walk_piece(const struct walker *wk, Color c, int type, Square sq, Square partner, bool counts)
{
    struct nd_attacks *a = wk->a;
    const struct capture_rays *cr = &wk->powers->captures[type][c];
    struct tally t = {wk->near_king, a->by[c], a->by[c ^ 1], (uint8_t)(1 << type), COLOR_BIT(c), c ^ 1, 0, 0};
    walk_from(&t, wk->board, cr, sq, counts);
    if (partner != NO_SQUARE)
        walk_from(&t, wk->board, cr, partner, counts);
    a->mobility[c][type] += t.mobility;
    a->king_hits[c][type] += t.king_hits;
    if (t.king_hits && type != PAWN && type != KING)
        a->king_attackers[c]++;
}

/* Walks the Pawns of one colour and lists its other pieces for later. */
static void walk_pawns(const struct position *pos, struct walker *wk, Color c)
{
    const struct nd_state *st = nd_cst(pos);
    wk->npieces[c] = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        Square partner = !nd_board_of(sq) && nd_linked(st, sq) ? nd_partner(st, sq) : NO_SQUARE;
        if (type == PAWN) {
            walk_piece(wk, c, PAWN, sq, partner, false);
        } else {
            struct listed *l = &wk->pieces[c][wk->npieces[c]++];
            l->sq = (int16_t)sq;
            l->partner = (int16_t)partner;
            l->type = (uint8_t)type;
        }
    }
}

static void walk_pieces(struct walker *wk, Color c)
{
    for (int i = 0; i < wk->npieces[c]; i++) {
        const struct listed *l = &wk->pieces[c][i];
        walk_piece(wk, c, l->type, l->sq, l->partner, true);
    }
}

/* Merges each link's two locations: into both of them, or (at the end) into
 * the board-0 location only, the board-1 one left clear. */
static void fold_links(const struct nd_state *st, struct nd_attacks *a, bool keep_board1)
{
    for (int i = 0; i < st->nlinks; i++) {
        Square s0 = nd_square(0, st->l0[i]), s1 = nd_square(1, st->l1[i]);
        for (Color c = WHITE; c <= BLACK; c++) {
            uint8_t both = a->by[c][s0] | a->by[c][s1];
            a->by[c][s0] = both;
            a->by[c][s1] = keep_board1 ? both : 0;
        }
    }
}

/* Marks the board-0 squares within one step of each King, and the board-1
 * locations of the links among them. */
static void mark_king_zones(const struct position *pos, struct walker *wk)
{
    const struct nd_state *st = nd_cst(pos);
    memset(wk->near_king, 0, sizeof wk->near_king);
    for (Color c = WHITE; c <= BLACK; c++) {
        Square k = pos->king_sq[c];
        if (k == NO_SQUARE)
            continue;
        int kf = square_col(k) & 7, kr = square_rank(k);
        for (int r = kr - 1; r <= kr + 1; r++)
            for (int f = kf - 1; f <= kf + 1; f++)
                if (r >= 0 && r < 8 && f >= 0 && f < 8)
                    wk->near_king[make_square(f, r)] |= (uint8_t)(1 << c);
        for (int i = 0; i < st->nlinks; i++)
            wk->near_king[nd_square(1, st->l1[i])] |= wk->near_king[nd_square(0, st->l0[i])] & (1 << c);
    }
}

void nd_attacks_build(const struct position *pos, struct nd_attacks *a)
{
    struct walker wk;
    wk.board = pos->board;
    wk.powers = chess_powers(pos);
    wk.a = a;
    mark_king_zones(pos, &wk);
    memset(a, 0, sizeof *a);
    for (Color c = WHITE; c <= BLACK; c++)
        walk_pawns(pos, &wk, c);
    fold_links(nd_cst(pos), a, true);
    for (Color c = WHITE; c <= BLACK; c++)
        walk_pieces(&wk, c);
    fold_links(nd_cst(pos), a, false);
}
