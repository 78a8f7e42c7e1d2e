/* Interdependent Chess: every square a side attacks, in one forward pass.
 *
 * The forward form of idc_attacked (interdep_attack.c): for each piece M and
 * each occupied torus neighbour H in direction d, M captures moving in
 * e = d ^ 4 with the power of idc_source_type(H, M) restricted to e: its
 * leaps (a precomputed bitboard), the rank slide up to and including the
 * first piece, or, for two diagonal Universalists, the torus diagonal up to
 * and including the first piece. A square is in the map exactly when
 * idc_attacked says it is attacked, whatever stands on it; the evaluation
 * reads its attacked squares here instead of asking square by square. The
 * per-piece scan, idc_scan_piece, is inline in interdep.h. */
#include "variants/interdep.h"

uint64_t idc_slide_squares(const Piece *board, Square from, int step)
{
    uint64_t bb = 0;
    Square to = from + step;
    for (; board[to] == EMPTY; to += step)
        bb |= idc_bit(to);
    if (idc.idx[to] >= 0)
        bb |= idc_bit(to);
    return bb;
}

uint64_t idc_torus_squares(const Piece *board, Square from, int e)
{
    const int16_t *ray = idc_torus_ray(from, e);
    uint64_t bb = 0;
    for (int k = 0; k < IDC_TORUS_LEN; k++) {
        bb |= idc_bit(ray[k]);
        if (board[ray[k]] != EMPTY)
            break;
    }
    return bb;
}

uint64_t idc_occupancy(const struct position *pos, Color c)
{
    uint64_t bb = 0;
    for (int i = 0; i < pos->pcount[c]; i++)
        bb |= idc_bit(pos->plist[c][i]);
    return bb;
}

uint64_t idc_attack_map(const struct position *pos, Color by)
{
    uint64_t occupied = idc_occupancy(pos, WHITE) | idc_occupancy(pos, BLACK);
    uint64_t map = 0;
    struct idc_piece_scan scan;
    for (int i = 0; i < pos->pcount[by]; i++) {
        idc_scan_piece(pos->board, occupied, pos->plist[by][i], &scan);
        map |= scan.attacks;
    }
    return map;
}
