/* Interdependent Chess: is a square attacked?
 *
 * A capture onto T is a mover M on P moving in direction e, away from a
 * helper H on the torus square P - e, with the power of idc_source_type(H, M)
 * restricted to e (or the torus Bishop when both are Universalists and e is
 * diagonal). The fast test runs this backwards from T: for each e and each
 * capture geometry (step, 2-leap, the two Knight squares of e, the rank
 * slide, the torus diagonal) it finds the only square P a mover could stand
 * on, then looks at the one helper square P - e. The leaps' squares come
 * from a list per target (interdep_tables.c) that holds only squares on the
 * board. */
#include "variants/interdep.h"

static inline bool grants(const Piece *board, Square p, int e, Piece m, int geo)
{
    Piece h = board[idc.nb[p][e ^ 4]];
    if (h == EMPTY)
        return false;
    int src = idc_source_type(h, m);
    return src && (idc.cap_geo[src][e] & geo);
}

static bool torus_bishop_attack(const Piece *board, Square t, int e, int bit)
{
    /* Walk back from t against e; the first piece met is the only mover. */
    const int16_t *ray = idc_torus_ray(t, e ^ 4);
    for (int k = 0; k < IDC_TORUS_LEN; k++) {
        Piece m = board[ray[k]];
        if (m == EMPTY)
            continue;
        if (!(m & bit) || piece_type(m) != IDC_U)
            return false;
        return piece_type(board[idc.nb[ray[k]][e ^ 4]]) == IDC_U;
    }
    return false;
}

/* The Conservative's rank slide onto t, moving in direction e (east or west). */
static bool rank_slide_attack(const Piece *board, Square t, int e, int bit)
{
    int s = idc.dstep[e];
    Square p = t - s;
    while (board[p] == EMPTY)
        p -= s;
    return (board[p] & bit) && grants(board, p, e, board[p], IDC_GEO_SLIDE);
}

/* Does the helper on h let the mover m leap by one of `types`? Its own type
 * does, or beside a Universalist the mover's. */
static inline bool helper_grants(const Piece *board, Square h, Piece m, unsigned types)
{
    Piece p = board[h];
    if (p == EMPTY)
        return false;
    int src = piece_type(p) != IDC_U ? piece_type(p) : piece_type(m);
    return (types >> src) & 1;
}

/* The leaps, from the target's probe list. */
static bool leap_attack(const Piece *board, Square t, int bit)
{
    int i = idc.idx[t];
    const struct idc_probe *probe = idc.probe[i];
    for (int k = idc.probe_count[i]; k > 0; k--, probe++) {
        Piece m = board[probe->mover];
        if (!(m & bit))
            continue;
        if (helper_grants(board, probe->helper[0], m, probe->types[0]) ||
            (probe->count > 1 && helper_grants(board, probe->helper[1], m, probe->types[1])))
            return true;
    }
    return false;
}

/* The slides onto t: the Conservative's along the rank, the torus Bishop. */
static inline bool slide_attack(const Piece *board, Square t, int bit)
{
    if (rank_slide_attack(board, t, 2, bit) || rank_slide_attack(board, t, 6, bit))
        return true;
    for (int e = 1; e < IDC_DIRS; e += 2)
        if (torus_bishop_attack(board, t, e, bit))
            return true;
    return false;
}

bool idc_attacked(const Piece *board, Square t, Color by)
{
    int bit = COLOR_BIT(by);
    return leap_attack(board, t, bit) || slide_attack(board, t, bit);
}

/* The leaps from the pieces that stand on leaper squares of t (idc.rel, as
 * the safety walk reads them), not from every probe square. */
static bool leap_attack_among(const Piece *board, Square t, int bit, uint64_t pieces)
{
    int i = idc.idx[t];
    for (uint64_t m = idc.leaper_bb[i] & pieces; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        const struct idc_rel *r = &idc.rel[i][j];
        Square p = idc.sq[j];
        if (!(board[p] & bit))
            continue;
        for (int k = 0; k < r->count; k++) {
            Piece h = board[idc.nb[p][r->e[k] ^ 4]];
            int src = h == EMPTY ? 0 : idc_source_type(h, board[p]);
            if (src && (idc.cap_geo[src][r->e[k]] & r->geo[k]))
                return true;
        }
    }
    return false;
}

bool idc_attacked_among(const Piece *board, Square t, Color by, uint64_t pieces)
{
    int bit = COLOR_BIT(by);
    return leap_attack_among(board, t, bit, pieces) || slide_attack(board, t, bit);
}

/* Reference: generate every capture of `by` and look for one onto sq. */
bool idc_attacked_naive(struct position *pos, Square sq, Color by)
{
    struct move_list list;
    for (int i = 0; i < pos->pcount[by]; i++) {
        list.count = 0;
        idc_generate_piece(pos, pos->plist[by][i], &list, true);
        for (int j = 0; j < list.count; j++)
            if (move_to(list.moves[j]) == sq)
                return true;
    }
    return false;
}
