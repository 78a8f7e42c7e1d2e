/* Rule Zero: the position, its make/unmake helpers and its undo stack.
 *
 * The position is variant-neutral: a mailbox board, piece lists, hands, the
 * orthodox FEN scalars and a block of variant-owned state (`ext`). What a
 * step does is decided by the variant (variants/registry.h); the helpers here
 * keep board, piece lists and the Zobrist key consistent. */
#ifndef RULEZERO_POSITION_H
#define RULEZERO_POSITION_H

#include <string.h>

#include "variants/core/types.h"
#include "variants/core/zobrist.h"

#define MAX_PIECES 48      /* per side, board only */
#define EXT_STATE_SIZE 168 /* bytes of variant-owned state (Nick Danger's 32 link slots on four boards) */
#define MAX_JOURNAL 16     /* board changes one step may record for unmake */
#define MAX_HISTORY 2048   /* steps in one game plus search */
#define MAX_HAND 63

struct variant;

struct journal_entry {
    uint16_t sq;
    Piece old;
};

/* Everything unmake needs that it cannot recompute. */
struct undo {
    uint64_t key;
    Move move;
    int16_t ep;
    int32_t halfmove;
    uint8_t castling;
    uint8_t side;
    uint8_t turn_start; /* the position before this step began a turn */
    Piece captured;
    uint8_t journal_count;
    struct journal_entry journal[MAX_JOURNAL];
    uint8_t ext[EXT_STATE_SIZE];
};

struct position {
    const struct variant *variant;
    const void *rules;      /* the variant's rules with this game's settings (variants/core/settings.h) */
    Piece board[BOARD_SIZE];
    uint8_t plist_index[BOARD_SIZE];
    Square plist[2][MAX_PIECES];
    int pcount[2];
    Square king_sq[2];      /* of the variant's royal type, if it has one */
    int royal_type;         /* copy of variant->royal_type, 0 when none */
    uint8_t hand[2][MAX_TYPES];
    Color side;
    uint8_t castling;       /* bit 0 White short, 1 White long, 2 Black short, 3 Black long */
    Square ep;              /* en-passant target square or NO_SQUARE */
    int halfmove;
    int fullmove;
    uint64_t key;
    _Alignas(uint64_t) uint8_t ext[EXT_STATE_SIZE];
    /* Everything above is the position a FEN describes; below, how we got here. */
    int ply;                /* steps on the undo stack */
    int root_ply;           /* undo entries before this index predate the last FEN */
    struct undo history[MAX_HISTORY];
};

/* Variant-owned state is one struct per variant, declared with
 * POSITION_EXT_TYPE (it is read through pos->ext's bytes) and reached only
 * through the two accessors POSITION_EXT_ACCESSORS defines; the build fails
 * when the struct does not fit pos->ext. */
#define POSITION_EXT_TYPE __attribute__((may_alias))
#define POSITION_EXT_ACCESSORS(type, name, const_name)                                                        \
    _Static_assert(sizeof(type) <= EXT_STATE_SIZE, #type " must fit in pos->ext");                           \
    static inline type *name(struct position *pos) { return (type *)(void *)pos->ext; }                      \
    static inline const type *const_name(const struct position *pos) { return (const type *)(const void *)pos->ext; }

/* Size of the part of struct position that a FEN describes. */
#define POSITION_STATE_SIZE offsetof(struct position, ply)

/* An empty board of `v` under `rules` (a game's rules value; NULL: the variant's defaults). */
void position_clear(struct position *pos, const struct variant *v, const void *rules);
void position_copy(struct position *dst, const struct position *src);

/* Piece placement, keeping lists and key in step. */
static inline void pos_put(struct position *pos, Square sq, Piece p)
{
    Color c = piece_color(p);
    pos->board[sq] = p;
    pos->plist_index[sq] = (uint8_t)pos->pcount[c];
    pos->plist[c][pos->pcount[c]++] = sq;
    pos->key ^= zobrist.piece[piece_index(p)][sq];
    if (piece_type(p) == pos->royal_type)
        pos->king_sq[c] = sq;
}

static inline Piece pos_remove(struct position *pos, Square sq)
{
    Piece p = pos->board[sq];
    Color c = piece_color(p);
    int i = pos->plist_index[sq];
    Square last = pos->plist[c][--pos->pcount[c]];
    pos->plist[c][i] = last;
    pos->plist_index[last] = (uint8_t)i;
    pos->board[sq] = EMPTY;
    pos->key ^= zobrist.piece[piece_index(p)][sq];
    return p;
}

static inline void pos_move_piece(struct position *pos, Square from, Square to)
{
    Piece p = pos->board[from];
    Color c = piece_color(p);
    int i = pos->plist_index[from];
    pos->plist[c][i] = to;
    pos->plist_index[to] = (uint8_t)i;
    pos->board[from] = EMPTY;
    pos->board[to] = p;
    pos->key ^= zobrist.piece[piece_index(p)][from] ^ zobrist.piece[piece_index(p)][to];
    if (piece_type(p) == pos->royal_type)
        pos->king_sq[c] = to;
}

static inline void pos_set_castling(struct position *pos, int rights)
{
    pos->key ^= zobrist.castling[pos->castling] ^ zobrist.castling[rights];
    pos->castling = (uint8_t)rights;
}

static inline void pos_set_ep(struct position *pos, Square ep)
{
    pos->key ^= zobrist.ep[pos->ep] ^ zobrist.ep[ep];
    pos->ep = ep;
}

static inline void pos_flip_side(struct position *pos)
{
    pos->side ^= 1;
    pos->key ^= zobrist.side;
}

static inline void pos_hand_add(struct position *pos, Color c, int type, int delta)
{
    int n = pos->hand[c][type];
    int idx = c * MAX_TYPES + type;
    pos->key ^= zobrist.hand[idx][n] ^ zobrist.hand[idx][n + delta];
    pos->hand[c][type] = (uint8_t)(n + delta);
}

/* Undo stack. push_undo saves the scalars and `ext_size` bytes of variant
 * state; pop_undo restores them (board changes are the variant's to undo, or
 * the journal's). */
static inline struct undo *pos_push_undo(struct position *pos, Move m, int ext_size, bool turn_start)
{
    struct undo *u = &pos->history[pos->ply++];
    u->key = pos->key;
    u->move = m;
    u->ep = (int16_t)pos->ep;
    u->halfmove = pos->halfmove;
    u->castling = pos->castling;
    u->side = (uint8_t)pos->side;
    u->turn_start = turn_start;
    u->captured = EMPTY;
    u->journal_count = 0;
    if (ext_size)
        memcpy(u->ext, pos->ext, (size_t)ext_size);
    return u;
}

static inline void pos_pop_undo(struct position *pos, int ext_size)
{
    struct undo *u = &pos->history[--pos->ply];
    pos->key = u->key;
    pos->ep = u->ep;
    pos->halfmove = u->halfmove;
    pos->castling = u->castling;
    if (pos->side != u->side && u->side == BLACK)
        pos->fullmove--;
    pos->side = u->side;
    if (ext_size)
        memcpy(pos->ext, u->ext, (size_t)ext_size);
}


/* Journalled board edits for variants whose steps have side effects: every
 * change is recorded on the current undo entry and reverted by
 * pos_journal_revert, newest first. */
void pos_journal_set(struct position *pos, Square sq, Piece p);
void pos_journal_revert(struct position *pos);

/* Zobrist key from scratch (tests compare it with the incremental key), and
 * its part that is not pieces on the board (hands, castling, en passant,
 * side, the variant's state). */
uint64_t position_compute_key(const struct position *pos);
uint64_t position_key_off_board(const struct position *pos);

/* The debug validator (variants/core/position_ok.c): piece lists agree with the
 * board, each royal piece is where king_sq says, the incremental key equals
 * the key from scratch, and the variant's own state passes its state_ok
 * hook. position_problem names the first fault (NULL: none); position_ok
 * also prints it on stderr. */
const char *position_problem(const struct position *pos);
bool position_ok(const struct position *pos);

/* How many times the position now on the board occurred before at the start
 * of a turn with the same side to move, looking back at most `window` steps. */
int position_repetitions(const struct position *pos, int window);

#endif
