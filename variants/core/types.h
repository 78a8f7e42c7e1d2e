/* Rule Zero: basic types shared by every module. */
#ifndef RULEZERO_TYPES_H
#define RULEZERO_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RULEZERO_VERSION "0.1.0"

/* ---- Mailbox geometry ----------------------------------------------------
 * One padded array fits every board the engine plays: up to 26 columns (two
 * 8x8 boards side by side with a gap, four-board Nick Danger's 8x8, 6x6, 4x4
 * and 2x2 with gaps of two, or anything narrower) and up to 8 ranks.
 * At least 6 sentinel columns end each row (they are also the next row's
 * left margin), and sentinel rows lie below (5) and above (4) the board, so
 * every leap of up to 4 squares in each direction from a board square lands
 * on a sentinel or a real square inside the array: from a1, (-4 files, -4
 * ranks) is index 28; the lowest row is one more than 4 because a leftward
 * leap from the first column also borrows the row below's end. */
#define BOARD_STRIDE 32
#define BOARD_PAD_BELOW 5
#define BOARD_PAD_ABOVE 4
#define BOARD_MAX_RANKS 8
#define BOARD_MAX_COLS 26
#define BOARD_SIZE (BOARD_STRIDE * (BOARD_PAD_BELOW + BOARD_MAX_RANKS + BOARD_PAD_ABOVE))

typedef int Square;                   /* index into the mailbox, 0..BOARD_SIZE-1 */
/* The highest board square, p8 in two-board games, must fit a step's 9 bits. */
_Static_assert((BOARD_PAD_BELOW + BOARD_MAX_RANKS) * BOARD_STRIDE + BOARD_MAX_COLS <= 512, "squares fit in 9 bits");
/* The farthest leap (4 ranks, 4 columns) from any board square stays in the array. */
_Static_assert(BOARD_PAD_BELOW * BOARD_STRIDE - 4 * BOARD_STRIDE - 4 >= 0, "leaps below a1 stay inside");
_Static_assert((BOARD_PAD_BELOW + BOARD_MAX_RANKS - 1 + 4) * BOARD_STRIDE + BOARD_MAX_COLS - 1 + 4 < BOARD_SIZE,
               "leaps above the last rank stay inside");
#define NO_SQUARE 0

static inline Square make_square(int col, int rank) { return (rank + BOARD_PAD_BELOW) * BOARD_STRIDE + col; }
static inline int square_col(Square sq) { return sq & (BOARD_STRIDE - 1); }
static inline int square_rank(Square sq) { return (int)((unsigned)sq / BOARD_STRIDE) - BOARD_PAD_BELOW; }
static inline int step_of(int dx, int dy) { return dy * BOARD_STRIDE + dx; }
/* Is b the square a or one King step from it? One subtraction: b - a is the
 * rank difference times the stride plus the file difference, and the stride
 * is wider than any board. */
static inline bool within_king_step(Square a, Square b)
{
    unsigned d = (unsigned)(b - a + BOARD_STRIDE + 1);
    return d < 3 * BOARD_STRIDE && (d & (BOARD_STRIDE - 1)) <= 2;
}

/* ---- Colours and pieces ---------------------------------------------------
 * A piece byte is its type (1..15) plus one colour bit; an empty square is 0
 * and a sentinel is OFFBOARD, which carries neither colour bit, so
 * `board[sq] & COLOR_BIT(enemy)` is the whole "can capture here" test. */
enum { WHITE = 0, BLACK = 1 };
typedef int Color;

typedef uint8_t Piece;
#define EMPTY 0
#define OFFBOARD 0x40
#define TYPE_MASK 0x0F
#define MAX_TYPES 16
#define COLOR_BIT(c) (0x10 << (c))

static inline Piece make_piece(Color c, int type) { return (Piece)(type | COLOR_BIT(c)); }
static inline int piece_type(Piece p) { return p & TYPE_MASK; }
static inline Color piece_color(Piece p) { return (p >> 5) & 1; }
static inline bool is_piece(Piece p) { return p != EMPTY && p != OFFBOARD; }
/* Index 0..31 of a piece for tables keyed by colour and type. */
static inline int piece_index(Piece p) { return piece_color(p) * MAX_TYPES + piece_type(p); }

/* ---- Steps ------------------------------------------------------------------
 * A step is the unit of move generation, make/unmake and search. A turn is one
 * or more steps by the same side (an Interweave capture chain, a Nick Danger
 * move plus its link action). Layout of the 32 bits:
 *   bits  0..8   to square (or a variant-defined target); board squares are < 512
 *   bits  9..17  from square (or a variant-defined source)
 *   bits 18..21  kind
 *   bits 22..25  promotion type / dropped type / variant detail
 *   bits 26..31  variant detail (free for variants) */
typedef uint32_t Move;
#define MOVE_NONE 0

enum move_kind {
    MK_NORMAL = 0,
    MK_DOUBLE_PAWN,
    MK_EN_PASSANT,
    MK_CASTLE,
    MK_PROMOTION,
    MK_DROP,
    MK_VARIANT1, /* kinds 6..15 are for variants to name */
    MK_VARIANT2,
    MK_VARIANT3,
    MK_VARIANT4,
    MK_VARIANT5,
    MK_VARIANT6,
};

static inline Move make_move(Square from, Square to, int kind, int extra)
{
    return (Move)to | ((Move)from << 9) | ((Move)kind << 18) | ((Move)extra << 22);
}
static inline Square move_to(Move m) { return (Square)(m & 0x1FF); }
static inline Square move_from(Move m) { return (Square)((m >> 9) & 0x1FF); }
static inline int move_kind(Move m) { return (int)((m >> 18) & 0xF); }
static inline int move_extra(Move m) { return (int)(m >> 22); }
static inline int move_promo(Move m) { return (int)((m >> 22) & 0xF); }

/* Nick Danger with LinkSquares=any: up to 62 x 64 link makes in one list. */
#define MAX_MOVES 4096

struct move_list {
    int count;
    Move moves[MAX_MOVES];
};

/* A list that would pass MAX_MOVES does not drop moves silently: Debug
 * builds stop on an assertion, others print a line on stderr every time
 * (variants/core/board.c). No variant's position is known to reach the bound. */
void move_list_overflow(const struct move_list *list, Move m);

static inline void move_list_add(struct move_list *list, Move m)
{
    if (list->count < MAX_MOVES)
        list->moves[list->count++] = m;
    else
        move_list_overflow(list, m);
}

#endif
