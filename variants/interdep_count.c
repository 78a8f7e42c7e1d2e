/* Interdependent Chess: the number of legal moves without listing them
 * (perft's last ply). The squares each piece reaches are collected as a
 * 42-bit set (the leaps from tables, the slides walked), so a target allowed
 * by several helpers counts once, as in generation. When the King is not in
 * check the safety summary (interdep_safety.c) clears most moves without a
 * test; in check every move is listed and tested. */
#include "variants/core/bits.h"
#include "variants/interdep.h"
#include "variants/interdep_targets.h"

/* Moves to the squares of `risky` that keep our King safe. */
static uint64_t count_tested(struct position *pos, Square from, uint64_t risky, uint64_t enemy)
{
    uint64_t n = 0;
    for (; risky; risky &= risky - 1) {
        Square to = idc.sq[__builtin_ctzll(risky)];
        n += idc_leaves_king_safe(pos, make_move(from, to, MK_NORMAL, 0), enemy);
    }
    return n;
}

static uint64_t count_drops(struct position *pos, const struct idc_sets *c, const struct idc_safety *s)
{
    const uint8_t *hand = pos->hand[pos->side];
    if (!(hand[IDC_U] | hand[IDC_S] | hand[IDC_N] | hand[IDC_C] | hand[IDC_G] | hand[IDC_T]))
        return 0;
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

uint64_t idc_count_turns(struct position *pos)
{
    Color us = pos->side;
    struct idc_safety s;
    struct idc_sets c;
    idc_fill_sets(pos, &c);
    if (idc_safety_init(pos->board, pos->king_sq[us], us, c.enemy, &s)) {
        struct move_list list;
        idc_generate(pos, &list);
        return (uint64_t)list.count;
    }
    /* Every King step is tested; a blocker's every move too (the mask of
     * its bit, spread to all 64), any other piece's landing on danger. */
    s.danger[IDC_K] = ~0ULL;
    uint64_t n = 0;
    const Square *plist = pos->plist[us];
    int pieces = pos->pcount[us]; /* the tests below edit the board, not the lists */
    for (int i = 0; i < pieces; i++) {
        Square from = plist[i];
        int type = piece_type(pos->board[from]);
        int sq_index = idc.idx[from];
        uint64_t bb = idc_targets(&c, from, sq_index, type);
        uint64_t risky = bb & (s.danger[type] | (0 - ((s.blockers >> sq_index) & 1)));
        n += (uint64_t)bit_count(bb & ~risky);
        if (risky)
            n += count_tested(pos, from, risky, c.enemy);
    }
    return n + count_drops(pos, &c, &s);
}
