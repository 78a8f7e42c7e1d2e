/* Interdependent Chess: is a square attacked?
 *
 * A capture onto T is a mover M on P moving in direction e, away from a
 * helper H on the torus square P - e, with the power of idc_source_type(H, M)
 * restricted to e (or the torus Bishop when both are Universalists and e is
 * diagonal). The fast test runs this backwards from T: for each e and each
 * capture geometry (step, 2-leap, the two Knight squares of e, the rank
 * slide, the torus diagonal) it finds the only square P a mover could stand
 * on, then looks at the one helper square P - e. */
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
    const Square *ray = idc.torus[t][e ^ 4];
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

bool idc_attacked(const Piece *board, Square t, Color by)
{
    int bit = COLOR_BIT(by);
    for (int e = 0; e < IDC_DIRS; e++) {
        int s = idc.dstep[e];
        Square p = t - s;
        Piece m = board[p];
        if ((m & bit) && grants(board, p, e, m, IDC_GEO_STEP))
            return true;
        /* the rank slide (Conservative), east or west only */
        if (e == 2 || e == 6) {
            while (m == EMPTY)
                m = board[p -= s];
            if ((m & bit) && grants(board, p, e, m, IDC_GEO_SLIDE))
                return true;
        }
        p = t - 2 * s;
        m = board[p];
        if ((m & bit) && grants(board, p, e, m, IDC_GEO_LEAP2))
            return true;
        for (int i = 0; i < 2; i++) {
            p = t - idc.knight[e][i];
            m = board[p];
            if ((m & bit) && grants(board, p, e, m, IDC_GEO_KNIGHT))
                return true;
        }
        if (idc_is_diag(e) && torus_bishop_attack(board, t, e, bit))
            return true;
    }
    return false;
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
