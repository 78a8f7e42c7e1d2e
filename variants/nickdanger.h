/* Nick Danger Chess: shared declarations of the variant's files.
 *
 * Board 0 (files a-h) sits in mailbox columns 0-7; the other boards sit
 * further right, two sentinel columns apart (the built-in game's board 1,
 * files i-p, in columns 16-23; the four-board game's 6x6, 4x4 and 2x2 boards
 * in columns 10-15, 18-21 and 24-25), so no leap or slide ever crosses from
 * one board to another. The rules value holds the layout (nd_rules: which
 * board a column belongs to, where each board starts); a board smaller than
 * its frame of 8 ranks has holes, OFFBOARD on the mailbox. Links join a
 * square of board b and one of board b + 1 (neighbouring boards only). A
 * linked square is one square with two locations. A piece on it is written
 * into the board array on BOTH locations, so slides are blocked and attacks
 * found on both without special cases; the piece list holds it once, at its
 * lower board's location (its "listed" location). A square is in at most
 * one link.
 *
 * A turn is two steps: part 1 (an orthodox move) and part 2 (a link action).
 * The side to move changes after part 2; `part2` in the state records that it
 * is owed. Part 2 is skipped (the side changes after part 1) on White's first
 * turn and whenever no legal link action exists. */
#ifndef RULEZERO_NICKDANGER_H
#define RULEZERO_NICKDANGER_H

#include "variants/chess.h"

#define ND_LINK_SLOTS 32     /* the most links the Links setting allows */
#define ND_DEFAULT_LINKS 8   /* rule 2d's number, the Links setting's default */
#define ND_BOARD1_COL 16     /* board 1's first column in a two-board game */
#define ND_MAX_BOARDS 4

/* `LinkSquares`: which board-1 squares a board-0 square may be linked to
 * (rule 3c, 3e1, Colorboundmost, any, or note 3c1's same quadrant). */
enum nd_link_squares {
    ND_SQUARES_SAME_RANK = 0,
    ND_SQUARES_SAME_SQUARE,
    ND_SQUARES_SAME_COLOUR,
    ND_SQUARES_ANY,
    ND_SQUARES_SAME_QUADRANT
};
/* `AfterLinking`: what follows the linking phase (rule 2c Twinkle, or 2b removing). */
enum nd_after_linking { ND_AFTER_TWINKLE = 0, ND_AFTER_REMOVE };

/* The rules with this game's settings (pos->rules points here): the chess
 * tables; `Links`, the most links at a time on all boards together (1 to
 * ND_LINK_SLOTS), whose reaching ends the linking phase; `LinkSquares`;
 * `AfterLinking`; the boards (two 8x8 in the built-in game; a game file's
 * `boards` may make the others smaller and more: board b's files follow
 * board b - 1's and its ranks count from 1, the other locations of its frame
 * holes, OFFBOARD on the mailbox, written as empty in a FEN). A local square
 * is rank * 8 + file within its board. */
struct nd_rules {
    struct chess_rules chess; /* first: chess_rules_of(pos) reads it */
    int max_links;
    int link_squares;  /* enum nd_link_squares */
    int after_linking; /* enum nd_after_linking */
    int board_count;   /* 2 to ND_MAX_BOARDS; links join boards b and b + 1 */
    int files[ND_MAX_BOARDS], ranks[ND_MAX_BOARDS];
    uint64_t holes[ND_MAX_BOARDS];  /* local squares of a board's frame (8 files wide) that it lacks */
    uint8_t origin[ND_MAX_BOARDS];  /* its first mailbox column */
    int8_t col_board[BOARD_STRIDE]; /* the board of a mailbox column (-1: none) */
};

/* The column layout of boards of these widths (two sentinel columns between
 * boards; two boards keep board 1 at column ND_BOARD1_COL) and the holes of
 * each board's frame. */
void nd_rules_layout(struct nd_rules *r, int count, const int files[], const int ranks[]);
/* The geometry of that layout: the boards' frame columns, in order, are the files (a, b, ...), 8 ranks. */
void nd_geometry(const struct nd_rules *r, struct geometry *g);

enum { ND_LAST_NONE = 0, ND_LAST_MADE, ND_LAST_BROKEN };
/* Removing: AfterLinking=remove's phase after the linking one (only breaks;
 * back to linking when no link is left). */
enum { ND_PHASE_LINKING = 0, ND_PHASE_TWINKLE, ND_PHASE_REMOVING };
/* Step kinds of part 2. from = the link's square on board b, to = its square on board b + 1. */
enum { MK_LINK = MK_VARIANT1, MK_UNLINK = MK_VARIANT2 };
/* Detail of MK_UNLINK: where the piece of an occupied link stays (KEEP_0: the lower board, KEEP_1: the upper). */
enum { ND_KEEP_NONE = 0, ND_KEEP_0, ND_KEEP_1 };

/* The variant-owned state (pos->ext). Squares are local indexes rank*8+file
 * within their board. A link joins board lb and board lb + 1 ("lower" and
 * "upper"); in a two-board game lb is always 0. */
struct POSITION_EXT_TYPE nd_state {
    uint64_t mask[ND_MAX_BOARDS]; /* linked locations, by board */
    uint8_t l0[ND_LINK_SLOTS]; /* link slots: lower board's location */
    uint8_t l1[ND_LINK_SLOTS]; /*             upper board's location (as LinkSquares allows) */
    uint8_t lb[ND_LINK_SLOTS]; /*             the lower board */
    uint8_t id[ND_LINK_SLOTS]; /*             its number 0 to Links-1 while it exists (how the GUI
                                              shows it; not part of the key) */
    uint8_t next_id;         /* a new link takes the first free number from here on, cyclically */
    uint8_t nlinks;
    uint8_t phase;
    uint8_t last_kind;       /* the opponent's most recent link action (field 9) */
    uint8_t last0, last1, lastb; /* its squares and lower board */
    uint8_t part2;           /* 1: the side to move owes part 2 */
};

POSITION_EXT_ACCESSORS(struct nd_state, nd_st, nd_cst)

static inline const struct nd_rules *nd_rules_of(const struct position *pos)
{
    return (const struct nd_rules *)pos->rules;
}

/* The Links setting of the position's game. */
static inline int nd_max_links(const struct position *pos) { return nd_rules_of(pos)->max_links; }

/* The phase that follows the linking one under the game's AfterLinking. */
static inline uint8_t nd_full_phase(const struct nd_rules *r)
{
    return r->after_linking == ND_AFTER_REMOVE ? ND_PHASE_REMOVING : ND_PHASE_TWINKLE;
}

/* Is local square l a square of board b (not a hole)? */
static inline bool nd_board_has(const struct nd_rules *r, int b, int l) { return !((r->holes[b] >> l) & 1); }

/* The quadrant (0 to 3) of local square l on a board of files x ranks:
 * left or right half of the files, lower or upper half of the ranks. */
static inline int nd_quadrant(int l, int files, int ranks)
{
    return ((l & 7) >= files / 2) + 2 * ((l >> 3) >= ranks / 2);
}

/* May location l0 of board b and location l1 of board b + 1 be linked, by
 * LinkSquares? A square's colour is that of its place on its own board (a1
 * and i1 dark). Boards have holes only with the rules that leave the rank (a
 * smaller board refuses same-rank and same-square), so only those ask for them. */
static inline bool nd_pair_allowed(const struct nd_rules *r, int b, int l0, int l1)
{
    switch (r->link_squares) {
    case ND_SQUARES_SAME_SQUARE: return l0 == l1;
    case ND_SQUARES_SAME_COLOUR:
        return (((l0 >> 3) + l0 + (l1 >> 3) + l1) & 1) == 0 && nd_board_has(r, b, l0) && nd_board_has(r, b + 1, l1);
    case ND_SQUARES_ANY: return nd_board_has(r, b, l0) && nd_board_has(r, b + 1, l1);
    case ND_SQUARES_SAME_QUADRANT:
        return nd_quadrant(l0, r->files[b], r->ranks[b]) == nd_quadrant(l1, r->files[b + 1], r->ranks[b + 1]) &&
               nd_board_has(r, b, l0) && nd_board_has(r, b + 1, l1);
    default: return l0 >> 3 == l1 >> 3;
    }
}

/* Pawns promote only by a Pawn move on board 0 (rule 3c, when links may leave the rank). */
static inline bool nd_promotes_on_board0_only(const struct nd_rules *r)
{
    return r->link_squares == ND_SQUARES_SAME_COLOUR || r->link_squares == ND_SQUARES_ANY ||
           r->link_squares == ND_SQUARES_SAME_QUADRANT;
}

/* A new link's number: the first free one from next_id on (so a broken
 * link's number comes back only after the others free); next_id moves past
 * it. `limit`: the Links setting. */
static inline uint8_t nd_take_link_id(struct nd_state *st, int limit)
{
    uint32_t used = 0;
    for (int i = 0; i < st->nlinks; i++)
        used |= 1u << st->id[i];
    for (int k = 0; k < limit; k++) {
        int id = (st->next_id + k) % limit;
        if (!(used & (1u << id))) {
            st->next_id = (uint8_t)((id + 1) % limit);
            return (uint8_t)id;
        }
    }
    return 0;
}

/* Zobrist slots (zobrist.ext) of the state: a link by its lower square and
 * its upper file, the last link action the same way by kind, the phase
 * after linking (Twinkle or removing) and an owed part 2. A link or last
 * action whose upper square is on another rank (LinkSquares same-colour or
 * any) adds a key of zobrist.ext_more by its lower square and the rank
 * difference (1 to 7, upward modulo 8); one between boards 1 and 2 or 2
 * and 3 adds a key of zobrist.ext by its lower board and square. */
enum {
    ND_KEY_LINK = 0,
    ND_KEY_LAST = ND_KEY_LINK + 64 * 8,  /* + 512 * (kind - ND_LAST_MADE) */
    ND_KEY_TWINKLE = ND_KEY_LAST + 2 * 64 * 8,
    ND_KEY_PART2,
    ND_KEY_LINK_PAIR,                        /* + 64 * (lower board - 1) + lower square */
    ND_KEY_LAST_PAIR = ND_KEY_LINK_PAIR + 2 * 64,
    ND_KEY_END = ND_KEY_LAST_PAIR + 2 * 64,
};
_Static_assert(ND_KEY_END <= ZOBRIST_EXT_KEYS, "Nick Danger's keys fit zobrist.ext");
enum {
    ND_KEY_MORE_LINK_RANK = 0,                       /* + 64 * (difference - 1) + board-0 square */
    ND_KEY_MORE_LAST_RANK = ND_KEY_MORE_LINK_RANK + 7 * 64,
    ND_KEY_MORE_END = ND_KEY_MORE_LAST_RANK + 7 * 64,
};
_Static_assert(ND_KEY_MORE_END <= ZOBRIST_EXT_MORE_KEYS, "Nick Danger's keys fit zobrist.ext_more");

/* The board of a location, its local square, and the location of a local square. */
static inline int nd_board_of(const struct nd_rules *r, Square sq) { return r->col_board[square_col(sq)]; }
static inline int nd_local(const struct nd_rules *r, Square sq)
{
    return square_rank(sq) * 8 + square_col(sq) - r->origin[nd_board_of(r, sq)];
}
static inline Square nd_square(const struct nd_rules *r, int board, int local)
{
    return make_square(r->origin[board] + (local & 7), local >> 3);
}
static inline bool nd_linked(const struct nd_rules *r, const struct nd_state *st, Square sq)
{
    return (st->mask[nd_board_of(r, sq)] >> nd_local(r, sq)) & 1;
}
/* The other location of a linked square, or NO_SQUARE. */
static inline Square nd_partner(const struct nd_rules *r, const struct nd_state *st, Square sq)
{
    int b = nd_board_of(r, sq), l = nd_local(r, sq);
    if (!((st->mask[b] >> l) & 1))
        return NO_SQUARE;
    for (int i = 0; i < st->nlinks; i++) {
        if (st->lb[i] == b && st->l0[i] == l)
            return nd_square(r, b + 1, st->l1[i]);
        if (st->lb[i] + 1 == b && st->l1[i] == l)
            return nd_square(r, b - 1, st->l0[i]);
    }
    return NO_SQUARE;
}

/* Rules (nickdanger_rules.c). */
void nd_generate(struct position *pos, struct move_list *list);
void nd_generate_noisy(struct position *pos, struct move_list *list);
void nd_make(struct position *pos, Move m);
void nd_unmake(struct position *pos, Move m);
bool nd_in_check(const struct position *pos);
bool nd_is_capture(const struct position *pos, Move m);
uint64_t nd_count_turns(struct position *pos);
uint64_t nd_ext_key(const struct position *pos);
/* Every link action of the side to move that the rules allow apart from the
 * own-King test (for tests: compare with generate). */
void nd_generate_link_candidates(struct position *pos, struct move_list *list);
/* Applies a link action's board and link changes only, for tests; revert with nd_unmake. */
void nd_apply_link_raw(struct position *pos, Move m);

/* Evaluation and ordering (nickdanger_eval.c). */
int nd_evaluate(const struct position *pos);
extern const struct eval_params nd_eval_params; /* its weights, for the tuner */
/* Ranking of a link action for the side to move (higher first). */
int nd_link_action_score(struct position *pos, Move m);
/* The same for many actions of one position (the board must not change in
 * between): what depends on the position alone is worked out once. */
struct nd_link_scorer {
    struct position *pos;
    bool on_board1[2];         /* by colour: has a piece that can move on a board other than 0 */
    int8_t attacked1[2][ND_MAX_BOARDS][64]; /* by colour, board, local square: attacked (1), not (0), not asked yet (-1) */
};
void nd_link_scorer_init(struct nd_link_scorer *sc, struct position *pos);
int nd_link_scorer_score(struct nd_link_scorer *sc, Move m);

/* The settings' names, in the order of struct nd_rules' fields (Links, LinkSquares, AfterLinking). */
#define ND_SETTINGS 3
extern const char *const nd_setting_names[ND_SETTINGS];

#endif
