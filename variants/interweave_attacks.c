/* Rule Zero: Interweave's one-step capture map (see interweave_attacks.h).
 *
 * Each term moves a whole set of pieces one step at a time: `iw_shift` moves
 * every bit by (dx, dy), dropping those that would leave the board, so a
 * ray walked step by step holds, at step k, the squares at distance k. */
#include <string.h>

#include "variants/interweave_attacks.h"

struct scan {
    uint64_t own, enemy, empty;
    struct iw_attacks *out;
};

/* The empty squares a step at a time from `from` in direction (dx, dy) reach
 * before a piece or the edge stops them; with `even_only`, those at an even
 * distance. Pieces on one line block each other, so the squares of different
 * pieces never coincide. */
static inline uint64_t ray_squares(uint64_t from, uint64_t empty, int dx, int dy, bool even_only)
{
    uint64_t squares = 0;
    for (int k = 1; (from = iw_shift(from, dx, dy) & empty) != 0; k++)
        if (!even_only || !(k & 1))
            squares |= from;
    return squares;
}

/* Quiet diagonal slides of every piece in `from`. */
static int diagonal_slides(const struct scan *s, uint64_t from)
{
    return bit_count(ray_squares(from, s->empty, 1, 1, false)) +
           bit_count(ray_squares(from, s->empty, -1, 1, false)) +
           bit_count(ray_squares(from, s->empty, 1, -1, false)) +
           bit_count(ray_squares(from, s->empty, -1, -1, false));
}

/* The squares a Pawn of ours would sandwich from, looking in direction
 * (dx, dy): an enemy one step on and a piece of ours two. */
static inline uint64_t sandwich_squares(const struct scan *s, int dx, int dy)
{
    return iw_shift(s->enemy & iw_shift(s->own, -dx, -dy), -dx, -dy);
}

static inline int custodians_towards(struct scan *s, uint64_t hit, int dx, int dy)
{
    if (!hit)
        return 0;
    s->out->victims |= iw_shift(hit, dx, dy);
    return bit_count(hit);
}

/* Pawn steps onto the squares `to` (one per Pawn) sandwich the enemies next to
 * them that have a piece of ours beyond (`from` by direction: N, S, E, W);
 * returns how many. */
static int custodians(struct scan *s, uint64_t to, const uint64_t from[4])
{
    return custodians_towards(s, to & from[0], 0, 1) + custodians_towards(s, to & from[1], 0, -1) +
           custodians_towards(s, to & from[2], 1, 0) + custodians_towards(s, to & from[3], -1, 0);
}

static void scan_pawns(struct scan *s, uint64_t pawns, Color us)
{
    int fwd = us == WHITE ? 1 : -1;
    uint64_t third_rank = us == WHITE ? 0xFF0000ull : 0xFF0000000000ull; /* reached from the second */
    const uint64_t sandwich[4] = {sandwich_squares(s, 0, 1), sandwich_squares(s, 0, -1), sandwich_squares(s, 1, 0),
                                  sandwich_squares(s, -1, 0)};
    uint64_t any_sandwich = sandwich[0] | sandwich[1] | sandwich[2] | sandwich[3];
    for (int dx = -1; dx <= 1; dx += 2) {
        uint64_t to = iw_shift(pawns, dx, fwd) & s->empty;
        s->out->mobility[IW_PAWN] += bit_count(to);
        if (!any_sandwich)
            continue;
        s->out->sandwiches += custodians(s, to, sandwich);
        uint64_t twice = iw_shift(to & third_rank, dx, fwd) & s->empty;
        custodians(s, twice, sandwich);
    }
    s->out->victims |= iw_shift(pawns, 0, fwd) & s->enemy & iw_shift(s->empty, 0, -fwd);
}

static inline void king_towards(struct scan *s, uint64_t kings, int dx, int dy)
{
    s->out->victims |= iw_shift(kings, dx, dy) & s->enemy & iw_shift(s->empty, -dx, -dy);
    s->out->mobility[IW_KING] += bit_count(iw_shift(kings, dx + dy, dy - dx) & s->empty);
}

/* Orthogonal leaps over an enemy; quiet diagonal steps (the orthogonal one turned by 45 degrees). */
static void scan_kings(struct scan *s, uint64_t kings)
{
    king_towards(s, kings, 0, 1);
    king_towards(s, kings, 0, -1);
    king_towards(s, kings, 1, 0);
    king_towards(s, kings, -1, 0);
}

/* Along each line: the quiet even-distance slides, then the first piece met
 * at distance k. The Smasher takes it by approach (odd k >= 3), the Leaper by
 * the long leap (odd k, the square beyond empty). */
static inline void line_towards(struct scan *s, uint64_t from, int type, int dx, int dy)
{
    uint64_t even = ray_squares(from, s->empty, dx, dy, true);
    s->out->mobility[type] += bit_count(even);
    /* The first piece met at an odd distance lies one step beyond an even
     * square, or (k = 1, the Leaper only) next to the piece. */
    uint64_t odd_next = iw_shift(even, dx, dy) & ~s->empty;
    if (type == IW_LEAPER)
        odd_next = (odd_next | (iw_shift(from, dx, dy) & ~s->empty)) & iw_shift(s->empty, -dx, -dy);
    s->out->victims |= odd_next & s->enemy;
}

static void scan_lines(struct scan *s, uint64_t from, int type)
{
    line_towards(s, from, type, 0, 1);
    line_towards(s, from, type, 0, -1);
    line_towards(s, from, type, 1, 0);
    line_towards(s, from, type, -1, 0);
    s->out->mobility[type] += diagonal_slides(s, from);
}

/* The Double Knight leaps twice its midpoint's step, over a square that is
 * empty (a quiet step) or an enemy (a capture), onto an empty one. */
static inline void double_knight_towards(struct scan *s, uint64_t leapers, int dx, int dy)
{
    uint64_t mid = iw_shift(leapers, dx, dy) & ~s->own & iw_shift(s->empty, -dx, -dy);
    s->out->victims |= mid & s->enemy;
    s->out->mobility[IW_LEAPER] += bit_count(mid & s->empty);
}

static void scan_double_knights(struct scan *s, uint64_t leapers)
{
    double_knight_towards(s, leapers, 1, 2);
    double_knight_towards(s, leapers, -1, 2);
    double_knight_towards(s, leapers, 1, -2);
    double_knight_towards(s, leapers, -1, -2);
    double_knight_towards(s, leapers, 2, 1);
    double_knight_towards(s, leapers, -2, 1);
    double_knight_towards(s, leapers, 2, -1);
    double_knight_towards(s, leapers, -2, -1);
}

static void scan_removers(struct scan *s, uint64_t removers)
{
    uint64_t next_to = iw_shift(removers, 0, 1) | iw_shift(removers, 0, -1) | iw_shift(removers, 1, 0) | iw_shift(removers, -1, 0);
    s->out->victims |= next_to & s->enemy;
    s->out->mobility[IW_REMOVER] += diagonal_slides(s, removers);
}

void iw_boards_of(const struct position *pos, struct iw_boards *out)
{
    const Piece *board = pos->board;
    for (Color c = WHITE; c <= BLACK; c++) {
        /* Locals: stores through `out` could otherwise alias the piece list. */
        uint64_t by_type[IW_TYPES] = {0};
        int count[IW_TYPES] = {0}, rank_sum[IW_TYPES] = {0};
        const Square *list = pos->plist[c];
        for (int i = 0, n = pos->pcount[c]; i < n; i++) {
            Square sq = list[i];
            int type = piece_type(board[sq]), rank = square_rank(sq);
            by_type[type] |= 1ull << (rank * 8 + square_col(sq));
            count[type]++;
            rank_sum[type] += rank;
        }
        memcpy(out->by_type[c], by_type, sizeof by_type);
        memcpy(out->count[c], count, sizeof count);
        memcpy(out->rank_sum[c], rank_sum, sizeof rank_sum);
        out->side[c] =
            by_type[IW_PAWN] | by_type[IW_SMASHER] | by_type[IW_LEAPER] | by_type[IW_REMOVER] | by_type[IW_KING];
    }
    out->empty = ~(out->side[WHITE] | out->side[BLACK]);
}

void iw_attacks_from(const struct iw_boards *bb, Color c, struct iw_attacks *out)
{
    memset(out, 0, sizeof *out);
    struct scan s = {bb->side[c], bb->side[c ^ 1], bb->empty, out};
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
    out->victim_count = bit_count(out->victims);
}

void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out)
{
    struct iw_boards bb;
    iw_boards_of(pos, &bb);
    iw_attacks_from(&bb, c, out);
}
