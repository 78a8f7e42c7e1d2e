/* Interdependent Chess: the number of legal moves without listing them
 * (perft's last ply). The squares each piece reaches are collected as a
 * 42-bit set (the leaps from tables, the slides walked), so a target allowed
 * by several helpers counts once, as in generation. When the King is not in
 * check the safety summary (interdep_safety.c) clears most moves without a
 * test; in check every move is listed and tested. */
#include "variants/core/bits.h"
#include "variants/interdep.h"

struct counter {
    struct position *pos;
    uint64_t empty; /* empty board squares */
    uint64_t enemy; /* enemy pieces */
    int enemy_bit;
};

/* Squares a slide from `from` along `step` reaches: the empty ones when
 * quiet, the first piece when it is an enemy and capture. */
static uint64_t slide(const struct counter *c, Square from, int step, bool quiet, bool capture)
{
    const Piece *board = c->pos->board;
    uint64_t bb = 0;
    Square to = from + step;
    for (; board[to] == EMPTY; to += step)
        if (quiet)
            bb |= idc_bit(to);
    if (capture && (board[to] & c->enemy_bit))
        bb |= idc_bit(to);
    return bb;
}

static uint64_t torus_bishop(const struct counter *c, Square from, int e)
{
    const Piece *board = c->pos->board;
    const int16_t *ray = idc_torus_ray(from, e);
    uint64_t bb = 0;
    for (int k = 0; k < IDC_TORUS_LEN; k++) {
        Piece p = board[ray[k]];
        if (p != EMPTY)
            return (p & c->enemy_bit) ? bb | idc_bit(ray[k]) : bb;
        bb |= idc_bit(ray[k]);
    }
    return bb;
}

/* A type's own moves: its leaps from the table, the Conservative's slides. */
static uint64_t own_moves(const struct counter *c, Square from, int i, int type)
{
    uint64_t bb = idc.own_leap_bb[type][i] & c->empty;
    if (type == IDC_C)
        bb |= slide(c, from, idc.dstep[2], true, false) | slide(c, from, idc.dstep[6], true, false);
    return bb;
}

/* Every target of the piece on `from`, as idc_generate_piece lists them:
 * for each occupied neighbour in direction d, the moves in e = d ^ 4 with
 * the borrowed capturing power (src: the helper's type, or the mover's own
 * beside a Universalist) and, for a Universalist mover, the helper's
 * non-capturing power. Only the Conservative's power slides (along the
 * rank); two Universalists make the torus Bishop. */
/* targets() for a mover that is not a Universalist: it has no torus Bishop
 * and no borrowed quiet power, so every neighbour is read without a branch
 * (an empty one lends type 0, which reaches nothing), and only the two rank
 * neighbours can lend the Conservative's slide. */
static uint64_t targets_of_piece(const struct counter *c, Square from, int i, int mtype)
{
    const Piece *board = c->pos->board;
    const uint64_t(*capture)[IDC_TYPES] = idc.beside_bb[i][IDC_CAPTURE];
    const int16_t *nb = idc.nb[from];
    const uint8_t *lend = idc.lend[mtype];
    int east = lend[board[nb[2]]], west = lend[board[nb[6]]];
    uint64_t caps = capture[0][lend[board[nb[0]]]] | capture[1][lend[board[nb[1]]]] | capture[2][east] |
                    capture[3][lend[board[nb[3]]]] | capture[4][lend[board[nb[4]]]] |
                    capture[5][lend[board[nb[5]]]] | capture[6][west] | capture[7][lend[board[nb[7]]]];
    uint64_t bb = own_moves(c, from, i, mtype);
    if (east == IDC_C)
        bb |= slide(c, from, idc.dstep[6], false, true);
    if (west == IDC_C)
        bb |= slide(c, from, idc.dstep[2], false, true);
    return bb | (caps & c->enemy);
}

/* A Universalist mover borrows every helper's capturing and non-capturing
 * power (a Universalist helper lends its own, the mover's: the same type),
 * so each neighbour's type indexes both tables (an empty one lends type 0,
 * which reaches nothing); a diagonal Universalist adds the torus Bishop and a
 * rank Conservative its slide. */
static uint64_t targets(const struct counter *c, Square from, int i, int mtype)
{
    if (mtype != IDC_U)
        return targets_of_piece(c, from, i, mtype);
    const Piece *board = c->pos->board;
    const uint64_t(*capture)[IDC_TYPES] = idc.beside_bb[i][IDC_CAPTURE];
    const uint64_t(*move)[IDC_TYPES] = idc.beside_bb[i][IDC_MOVE];
    const int16_t *nb = idc.nb[from];
    uint64_t caps = 0, quiet = 0, bb = 0;
    for (int d = 0; d < IDC_DIRS; d++) {
        int htype = piece_type(board[nb[d]]);
        caps |= capture[d][htype];
        quiet |= move[d][htype];
        if (htype == IDC_U && idc_is_diag(d))
            bb |= torus_bishop(c, from, d ^ 4);
        else if (htype == IDC_C && (d == 2 || d == 6))
            bb |= slide(c, from, idc.dstep[d ^ 4], true, true);
    }
    return bb | (caps & c->enemy) | (quiet & c->empty);
}

/* Moves to the squares of `risky` that keep our King safe. */
static uint64_t count_tested(struct position *pos, Square from, uint64_t risky)
{
    uint64_t n = 0;
    for (; risky; risky &= risky - 1) {
        Square to = idc.sq[__builtin_ctzll(risky)];
        n += idc_leaves_king_safe(pos, make_move(from, to, MK_NORMAL, 0));
    }
    return n;
}

static uint64_t count_drops(struct position *pos, const struct counter *c, const struct idc_safety *s)
{
    uint64_t n = 0;
    for (int t = IDC_U; t < IDC_K; t++) {
        if (!pos->hand[pos->side][t])
            continue;
        n += (uint64_t)bit_count(c->empty & ~s->danger[t]);
        for (uint64_t risky = c->empty & s->danger[t]; risky; risky &= risky - 1)
            n += !idc_drop_exposes_king(pos, idc.sq[__builtin_ctzll(risky)], t);
    }
    return n;
}

static void fill_counter(struct position *pos, struct counter *c)
{
    Color us = pos->side;
    uint64_t occupied = 0;
    c->pos = pos;
    c->enemy = 0;
    c->enemy_bit = COLOR_BIT(us ^ 1);
    for (int i = 0; i < pos->pcount[us]; i++)
        occupied |= idc_bit(pos->plist[us][i]);
    for (int i = 0; i < pos->pcount[us ^ 1]; i++)
        c->enemy |= idc_bit(pos->plist[us ^ 1][i]);
    occupied |= c->enemy;
    c->empty = ~occupied & ((1ULL << IDC_SQUARES) - 1);
}

uint64_t idc_count_turns(struct position *pos)
{
    Color us = pos->side;
    struct idc_safety s;
    struct counter c;
    fill_counter(pos, &c);
    if (idc_safety_init(pos->board, pos->king_sq[us], us, c.enemy, &s)) {
        struct move_list list;
        idc_generate(pos, &list);
        return (uint64_t)list.count;
    }
    uint64_t n = 0;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square from = pos->plist[us][i];
        int type = piece_type(pos->board[from]);
        int sq_index = idc.idx[from];
        uint64_t bb = targets(&c, from, sq_index, type);
        uint64_t risky = type == IDC_K || ((s.blockers >> sq_index) & 1) ? bb : bb & s.danger[type];
        n += (uint64_t)bit_count(bb & ~risky) + count_tested(pos, from, risky);
    }
    return n + count_drops(pos, &c, &s);
}
