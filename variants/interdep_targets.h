/* Interdependent Chess: the squares one piece moves to, as a 42-bit set.
 *
 * The leaps come from tables (idc.beside_bb, idc.own_leap_bb), the slides
 * are walked, so a target allowed by several helpers is one member, as in
 * idc_generate_piece's list. Perft's counter (interdep_count.c) counts these
 * sets; the generator (interdep_movegen.c) lists a piece's moves from its
 * set when it has at most one, and otherwise walks its powers in their order
 * (the order the search's move ordering starts from). Inline: both call it
 * for every piece of every node. */
#ifndef RULEZERO_INTERDEP_TARGETS_H
#define RULEZERO_INTERDEP_TARGETS_H

#include "variants/interdep.h"

/* What a piece's targets are read against: the board, its empty squares
 * and the enemy's pieces (bit per square index), the enemy's colour bit. */
struct idc_sets {
    const Piece *board;
    uint64_t empty;
    uint64_t enemy;
    int enemy_bit;
};

/* The empty and enemy sets of the side to move. */
static inline void idc_fill_sets(const struct position *pos, struct idc_sets *s)
{
    Color us = pos->side;
    const Square *ours = pos->plist[us], *theirs = pos->plist[us ^ 1];
    int n_ours = pos->pcount[us], n_theirs = pos->pcount[us ^ 1];
    uint64_t occupied = 0, enemy = 0;
    for (int i = 0; i < n_ours; i++)
        occupied |= idc_bit(ours[i]);
    for (int i = 0; i < n_theirs; i++)
        enemy |= idc_bit(theirs[i]);
    s->board = pos->board;
    s->enemy = enemy;
    s->enemy_bit = COLOR_BIT(us ^ 1);
    s->empty = ~(occupied | enemy) & ((1ULL << IDC_SQUARES) - 1);
}

/* Squares a slide from `from` along `step` reaches: the empty ones when
 * quiet, the first piece when it is an enemy and capture. */
static inline uint64_t idc_slide_targets(const struct idc_sets *s, Square from, int step, bool quiet, bool capture)
{
    uint64_t bb = 0;
    Square to = from + step;
    for (; s->board[to] == EMPTY; to += step)
        if (quiet)
            bb |= idc_bit(to);
    if (capture && (s->board[to] & s->enemy_bit))
        bb |= idc_bit(to);
    return bb;
}

static inline uint64_t idc_torus_targets(const struct idc_sets *s, Square from, int e)
{
    const int16_t *ray = idc_torus_ray(from, e);
    uint64_t bb = 0;
    for (int k = 0; k < IDC_TORUS_LEN; k++) {
        Piece p = s->board[ray[k]];
        if (p != EMPTY)
            return (p & s->enemy_bit) ? bb | idc_bit(ray[k]) : bb;
        bb |= idc_bit(ray[k]);
    }
    return bb;
}

/* A type's own moves: its leaps from the table, the Conservative's slides. */
static inline uint64_t idc_own_targets(const struct idc_sets *s, Square from, int i, int type)
{
    uint64_t bb = idc.own_leap_bb[type][i] & s->empty;
    if (type == IDC_C)
        bb |= idc_slide_targets(s, from, idc.dstep[2], true, false) |
              idc_slide_targets(s, from, idc.dstep[6], true, false);
    return bb;
}

/* The targets of a mover that is not a Universalist: for each occupied
 * neighbour in direction d, the captures in e = d ^ 4 with the borrowed
 * capturing power (the helper's type, or the mover's own beside a
 * Universalist). It has no torus Bishop and no borrowed quiet power. Only
 * the two rank neighbours can lend the Conservative's slide; every other
 * borrowed capture is a leap (idc.leap_reach_bb), so with no enemy piece
 * on those squares the other six neighbours are not read. Else each is read without a branch (an empty one lends type 0,
 * which reaches nothing). */
static inline uint64_t idc_targets_of_piece(const struct idc_sets *s, Square from, int i, int mtype)
{
    const Piece *board = s->board;
    const int16_t *nb = idc.nb[from];
    const uint8_t *lend = idc.lend[mtype];
    int east = lend[board[nb[2]]], west = lend[board[nb[6]]];
    uint64_t bb = idc_own_targets(s, from, i, mtype);
    if (east == IDC_C)
        bb |= idc_slide_targets(s, from, idc.dstep[6], false, true);
    if (west == IDC_C)
        bb |= idc_slide_targets(s, from, idc.dstep[2], false, true);
    uint64_t near = idc.leap_reach_bb[i] & s->enemy;
    if (!near)
        return bb;
    const uint64_t(*capture)[IDC_TYPES] = idc.beside_bb[i][IDC_CAPTURE];
    uint64_t caps = capture[0][lend[board[nb[0]]]] | capture[1][lend[board[nb[1]]]] | capture[2][east] |
                    capture[3][lend[board[nb[3]]]] | capture[4][lend[board[nb[4]]]] |
                    capture[5][lend[board[nb[5]]]] | capture[6][west] | capture[7][lend[board[nb[7]]]];
    return bb | (caps & near);
}

/* Every target of the piece of type mtype on `from` (square index i). A
 * Universalist mover borrows every helper's capturing and non-capturing
 * power (a Universalist helper lends its own, the mover's: the same type),
 * so each neighbour's type indexes both tables; a diagonal Universalist adds
 * the torus Bishop and a rank Conservative its slide. */
static inline uint64_t idc_targets(const struct idc_sets *s, Square from, int i, int mtype)
{
    if (mtype != IDC_U)
        return idc_targets_of_piece(s, from, i, mtype);
    const Piece *board = s->board;
    const uint64_t(*capture)[IDC_TYPES] = idc.beside_bb[i][IDC_CAPTURE];
    const uint64_t(*move)[IDC_TYPES] = idc.beside_bb[i][IDC_MOVE];
    const int16_t *nb = idc.nb[from];
    int h[IDC_DIRS];
    for (int d = 0; d < IDC_DIRS; d++)
        h[d] = piece_type(board[nb[d]]);
    uint64_t caps = capture[0][h[0]] | capture[1][h[1]] | capture[2][h[2]] | capture[3][h[3]] |
                    capture[4][h[4]] | capture[5][h[5]] | capture[6][h[6]] | capture[7][h[7]];
    uint64_t quiet = move[0][h[0]] | move[1][h[1]] | move[2][h[2]] | move[3][h[3]] | move[4][h[4]] |
                     move[5][h[5]] | move[6][h[6]] | move[7][h[7]];
    uint64_t bb = (caps & s->enemy) | (quiet & s->empty);
    for (int d = 1; d < IDC_DIRS; d += 2)
        if (h[d] == IDC_U)
            bb |= idc_torus_targets(s, from, d ^ 4);
    if (h[2] == IDC_C)
        bb |= idc_slide_targets(s, from, idc.dstep[6], true, true);
    if (h[6] == IDC_C)
        bb |= idc_slide_targets(s, from, idc.dstep[2], true, true);
    return bb;
}

#endif
