/* Interdependent Chess: which of our moves could expose our King (when it is
 * not in check), found once per position instead of testing every move.
 *
 * Every capture of the King is an enemy mover M on P moving in direction e
 * away from a helper on the torus square P - e. A move of ours from F to T
 * changes two squares, so a new capture needs either
 *  - our piece on T as that helper: T = P - e for an enemy M whose P and e
 *    put the King in reach (by the current board) of the power our piece's
 *    type would grant (danger[type]); or
 *  - F emptied on the only piece between a sliding M and the King: F is the
 *    first piece met from the King along its rank or a torus diagonal, the
 *    next one is an enemy, and a Conservative (rank) or Universalist (torus)
 *    is among M, its helper and F's piece (blockers).
 * Leaps are never blocked and a helper that leaves only takes power away.
 * The reverse walk is the one of idc_attacked (interdep_attack.c). */
#include "variants/interdep.h"

/* Marks T = P - e for an enemy mover m on P that reaches the King in
 * direction e with capture geometry geo. */
static inline void mark(struct idc_safety *s, Square p, int e, Piece m, int geo)
{
    unsigned types = idc.geo_types[e][geo];
    int mtype = piece_type(m);
    if (mtype != IDC_U ? (idc.cap_geo[mtype][e] & geo) != 0 : geo == IDC_GEO_TORUS)
        types |= 1u << IDC_U;
    uint64_t t = idc_bit(idc.nb[p][e ^ 4]);
    for (; types; types &= types - 1)
        s->danger[__builtin_ctz(types)] |= t;
}

/* The first square from `from` along `step` (mailbox) that is not empty. */
static Square first_piece(const Piece *board, Square from, int step)
{
    Square p = from + step;
    while (board[p] == EMPTY)
        p += step;
    return p;
}

/* The first piece along the torus diagonal from `from` in direction d
 * (NO_SQUARE where there is none). The ray ends on `from` itself, which
 * stops the walk when `from` is occupied (the King, or a piece met first). */
static inline Square next_on_torus(const Piece *board, Square from, int d)
{
    const int16_t *ray = idc_torus_ray(from, d);
    int k = 0;
    while (board[ray[k]] == EMPTY)
        k++;
    return k < IDC_TORUS_LEN ? ray[k] : NO_SQUARE;
}

/* Does the mover m on p capture in direction e with geometry geo today? */
static inline bool captures_now(const Piece *board, Square p, int e, Piece m, int geo)
{
    Piece h = board[idc.nb[p][e ^ 4]];
    if (h == EMPTY)
        return false;
    int src = idc_source_type(h, m);
    if (!src)
        return geo == IDC_GEO_TORUS;
    return (idc.cap_geo[src][e] & geo) != 0;
}

static inline void check_leaper(const Piece *board, struct idc_safety *s, Square p, int e, int bit, int geo)
{
    if (!(board[p] & bit))
        return;
    mark(s, p, e, board[p], geo);
    s->in_check |= captures_now(board, p, e, board[p], geo);
}

/* Could emptying the blocker b let the enemy piece behind it, m on p, slide
 * onto the King in direction e? Its helper is the piece behind it, or the
 * blocker itself landing there, so the slide needs a Conservative (the
 * rank) or a Universalist (the torus) on one of the three squares. */
static bool blocker_matters(const Piece *board, Square b, Square p, int e, int bit, int needed)
{
    if (!(board[p] & bit))
        return false;
    return piece_type(board[p]) == needed || piece_type(board[b]) == needed ||
           piece_type(board[idc.nb[p][e ^ 4]]) == needed;
}

/* The first piece from the King along the rank against e: an enemy one may
 * slide onto it; one of ours is a blocker when the piece behind it could.
 * Only our pieces' blocks matter (our moves vacate them), so the second walk
 * is made for those alone. */
static inline void check_rank(const Piece *board, struct idc_safety *s, Square king, int e, int bit)
{
    int step = idc.dstep[e];
    Square p = first_piece(board, king, -step);
    if (idc.idx[p] < 0)
        return;
    if (board[p] & bit) {
        check_leaper(board, s, p, e, bit, IDC_GEO_SLIDE);
        return;
    }
    Square behind = first_piece(board, p, -step);
    if (idc.idx[behind] >= 0 && blocker_matters(board, p, behind, e, bit, IDC_C))
        s->blockers |= idc_bit(p);
}

/* The same along a torus diagonal. Past our first piece the walk goes on
 * from that piece, whose square ends its ray; a second piece beyond it on
 * the King's ray would be met again on the way back to the King, which
 * stops the walk there (NO_SQUARE when the King comes first). */
static inline void check_torus(const Piece *board, struct idc_safety *s, Square king, int e, int bit)
{
    Square p = next_on_torus(board, king, e ^ 4);
    if (p == NO_SQUARE)
        return;
    if (board[p] & bit) {
        check_leaper(board, s, p, e, bit, IDC_GEO_TORUS);
        return;
    }
    Square behind = next_on_torus(board, p, e ^ 4);
    if (behind != NO_SQUARE && behind != king && blocker_matters(board, p, behind, e, bit, IDC_U))
        s->blockers |= idc_bit(p);
}

/* The leaps onto the King from the enemy pieces on leaper squares. */
static inline void check_leapers(const Piece *board, struct idc_safety *s, int ki, uint64_t enemy)
{
    for (uint64_t m = idc.leaper_bb[ki] & enemy; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        const struct idc_rel *r = &idc.rel[ki][j];
        Square p = idc.sq[j];
        for (int k = 0; k < r->count; k++) {
            mark(s, p, r->e[k], board[p], r->geo[k]);
            s->in_check |= captures_now(board, p, r->e[k], board[p], r->geo[k]);
        }
    }
}

bool idc_safety_init(const Piece *board, Square king, Color us, uint64_t enemy, struct idc_safety *s)
{
    int bit = COLOR_BIT(us ^ 1);
    *s = (struct idc_safety){{0}, 0, false};
    check_leapers(board, s, idc.idx[king], enemy);
    check_rank(board, s, king, 2, bit);
    check_rank(board, s, king, 6, bit);
    for (int e = 1; e < IDC_DIRS; e += 2)
        check_torus(board, s, king, e, bit);
    return s->in_check;
}
