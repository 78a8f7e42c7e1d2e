/* Rule Zero: Interweave's one-step capture map (see interweave_attacks.h).
 *
 * Each term moves a whole set of pieces one step at a time: `shift` moves
 * every bit by (dx, dy), dropping those that would leave the board, so a
 * ray walked step by step holds, at step k, the squares at distance k. */
#include <string.h>

#include "variants/interweave_attacks.h"

#define FILE_A 0x0101010101010101ull

static inline uint64_t shift(uint64_t b, int dx, int dy)
{
    if (dx > 0)
        b &= ((0xFFu >> dx) & 0xFFu) * FILE_A;
    else if (dx < 0)
        b &= ((0xFFu << -dx) & 0xFFu) * FILE_A;
    int s = dy * 8 + dx;
    return s >= 0 ? b << s : b >> -s;
}

static inline int popcount(uint64_t b) { return __builtin_popcountll(b); }

static const int orth_dx[4] = {0, 0, 1, -1}, orth_dy[4] = {1, -1, 0, 0};
static const int diag_dx[4] = {1, -1, 1, -1}, diag_dy[4] = {1, 1, -1, -1};

struct scan {
    const struct iw_boards *bb;
    uint64_t own, enemy, empty;
    struct iw_attacks *out;
};

/* Quiet diagonal slides of every piece in `from`. */
static int diagonal_slides(const struct scan *s, uint64_t from)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        for (uint64_t x = shift(from, diag_dx[i], diag_dy[i]) & s->empty; x;
             x = shift(x, diag_dx[i], diag_dy[i]) & s->empty)
            n += popcount(x);
    return n;
}

/* Pawn steps onto the squares `to` (one per Pawn) sandwich the enemies next
 * to them that have a piece of ours beyond; returns how many. */
static int custodians(struct scan *s, uint64_t to)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t beyond_own = shift(s->own, -orth_dx[i], -orth_dy[i]);
        uint64_t hit = shift(to, orth_dx[i], orth_dy[i]) & s->enemy & beyond_own;
        s->out->victims |= hit;
        n += popcount(hit);
    }
    return n;
}

static void scan_pawns(struct scan *s, uint64_t pawns, Color us)
{
    int fwd = us == WHITE ? 1 : -1;
    uint64_t third_rank = us == WHITE ? 0xFF0000ull : 0xFF0000000000ull; /* reached from the second */
    for (int dx = -1; dx <= 1; dx += 2) {
        uint64_t to = shift(pawns, dx, fwd) & s->empty;
        s->out->mobility[IW_PAWN] += popcount(to);
        s->out->sandwiches += custodians(s, to);
        uint64_t twice = shift(to & third_rank, dx, fwd) & s->empty;
        custodians(s, twice);
    }
    s->out->victims |= shift(pawns, 0, fwd) & s->enemy & shift(s->empty, 0, -fwd);
}

static void scan_kings(struct scan *s, uint64_t kings)
{
    for (int i = 0; i < 4; i++) {
        s->out->victims |= shift(kings, orth_dx[i], orth_dy[i]) & s->enemy & shift(s->empty, -orth_dx[i], -orth_dy[i]);
        s->out->mobility[IW_KING] += popcount(shift(kings, diag_dx[i], diag_dy[i]) & s->empty);
    }
}

/* Along each line: the quiet even-distance slides, then the first piece met
 * at distance k. The Smasher takes it by approach (odd k >= 3), the Leaper by
 * the long leap (odd k, the square beyond empty). */
static void scan_lines(struct scan *s, uint64_t from, int type)
{
    for (int i = 0; i < 4; i++) {
        int dx = orth_dx[i], dy = orth_dy[i];
        uint64_t blocked_odd = 0, x = from;
        for (int k = 1; (x = shift(x, dx, dy)) != 0; k++) {
            if ((k & 1) && !(type == IW_SMASHER && k == 1))
                blocked_odd |= x & ~s->empty;
            x &= s->empty;
            if (!(k & 1))
                s->out->mobility[type] += popcount(x);
        }
        uint64_t taken = blocked_odd & s->enemy;
        if (type == IW_LEAPER)
            taken &= shift(s->empty, -dx, -dy);
        s->out->victims |= taken;
    }
    s->out->mobility[type] += diagonal_slides(s, from);
}

/* The Double Knight leaps twice its midpoint's step, over a square that is
 * empty (a quiet step) or an enemy (a capture), onto an empty one. */
static void scan_double_knights(struct scan *s, uint64_t leapers)
{
    static const int mid_dx[8] = {1, -1, 1, -1, 2, -2, 2, -2}, mid_dy[8] = {2, 2, -2, -2, 1, 1, -1, -1};
    for (int i = 0; i < 8; i++) {
        int dx = mid_dx[i], dy = mid_dy[i];
        uint64_t mid = shift(leapers, dx, dy) & ~s->own & shift(s->empty, -dx, -dy);
        s->out->victims |= mid & s->enemy;
        s->out->mobility[IW_LEAPER] += popcount(mid & s->empty);
    }
}

static void scan_removers(struct scan *s, uint64_t removers)
{
    for (int i = 0; i < 4; i++)
        s->out->victims |= shift(removers, orth_dx[i], orth_dy[i]) & s->enemy;
    s->out->mobility[IW_REMOVER] += diagonal_slides(s, removers);
}

void iw_boards_of(const struct position *pos, struct iw_boards *out)
{
    memset(out, 0, sizeof *out);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            uint64_t bit = iw_square_bit(sq);
            out->by_type[c][piece_type(pos->board[sq])] |= bit;
            out->side[c] |= bit;
        }
    out->empty = ~(out->side[WHITE] | out->side[BLACK]);
}

void iw_attacks_from(const struct iw_boards *bb, Color c, struct iw_attacks *out)
{
    memset(out, 0, sizeof *out);
    struct scan s = {bb, bb->side[c], bb->side[c ^ 1], bb->empty, out};
    const uint64_t *mine = bb->by_type[c];
    if (mine[IW_PAWN])
        scan_pawns(&s, mine[IW_PAWN], c);
    scan_kings(&s, mine[IW_KING]);
    if (mine[IW_SMASHER])
        scan_lines(&s, mine[IW_SMASHER], IW_SMASHER);
    if (mine[IW_LEAPER]) {
        scan_lines(&s, mine[IW_LEAPER], IW_LEAPER);
        scan_double_knights(&s, mine[IW_LEAPER]);
    }
    if (mine[IW_REMOVER])
        scan_removers(&s, mine[IW_REMOVER]);
    out->victim_count = popcount(out->victims);
}

void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out)
{
    struct iw_boards bb;
    iw_boards_of(pos, &bb);
    iw_attacks_from(&bb, c, out);
}
