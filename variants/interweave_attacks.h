/* Rule Zero: Interweave's one-step capture map, for the evaluation.
 *
 * For one side, which enemy pieces a single capture step of its could take
 * from the board as it stands (compulsion, chains, pending pieces and en
 * passant left aside), and how many quiet steps its pieces have.
 *
 * It is computed on 64-bit boards (bit rank * 8 + file), every piece of a
 * type at once: the position's pieces are first gathered into `iw_boards`,
 * which the evaluation reuses for its own counts. */
#ifndef RULEZERO_INTERWEAVE_ATTACKS_H
#define RULEZERO_INTERWEAVE_ATTACKS_H

#include "variants/core/bits.h"
#include "variants/interweave.h"

struct iw_attacks {
    uint64_t victims;       /* bit rank * 8 + file: an enemy piece there can be captured */
    int victim_count;       /* bits set in victims */
    int mobility[IW_TYPES]; /* quiet steps, by the moving piece's type */
    int sandwiches;         /* enemies a single Pawn step would sandwich, once per step */
};

/* The pieces of a position as bit sets, by colour and type, with their
 * counts and the sum of their ranks (0..7 from White's side). */
struct iw_boards {
    uint64_t by_type[2][IW_TYPES];
    uint64_t side[2];
    uint64_t empty;
    int count[2][IW_TYPES];
    int rank_sum[2][IW_TYPES];
};

static inline int iw_square_index(Square sq) { return square_rank(sq) * 8 + square_col(sq); }
static inline uint64_t iw_square_bit(Square sq) { return 1ull << iw_square_index(sq); }

/* Every bit of b moved by (dx, dy) squares, those that would leave the
 * board dropped. */
static inline uint64_t iw_shift(uint64_t b, int dx, int dy)
{
    const uint64_t file_a = 0x0101010101010101ull;
    if (dx > 0)
        b &= ((0xFFu >> dx) & 0xFFu) * file_a;
    else if (dx < 0)
        b &= ((0xFFu << -dx) & 0xFFu) * file_a;
    int s = dy * 8 + dx;
    return s >= 0 ? b << s : b >> -s;
}

void iw_boards_of(const struct position *pos, struct iw_boards *out);
void iw_attacks_from(const struct iw_boards *bb, Color c, struct iw_attacks *out);
void iw_attacks_of(const struct position *pos, Color c, struct iw_attacks *out);

#endif
