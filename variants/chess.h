/* Rule Zero: the orthodox-chess rules family.
 *
 * Pieces other than the Pawn move by rays (step, range, mode), the form the
 * Betza compiler produces, so one generator serves orthodox chess and every
 * game whose pieces change powers (Polypiece phases, Dialectic tokens): such
 * a game supplies `current`, which returns the power set in force. */
#ifndef RULEZERO_CHESS_H
#define RULEZERO_CHESS_H

#include "variants/betza.h"
#include "variants/registry.h"

enum chess_type { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING, CHESS_TYPES };

#define RAY_UNLIMITED 255
#define MAX_RAYS BETZA_MAX_RAYS
#define MAX_ATTACK_DIRS 64

struct ray {
    int16_t step;
    uint8_t range; /* 1 = leap, n = at most n steps, RAY_UNLIMITED */
    uint8_t mode;  /* BETZA_MOVE | BETZA_CAPTURE */
};

struct piece_power {
    int count;
    bool overlaps; /* two rays may reach the same square (WWD, KW2): generation drops repeats */
    struct ray rays[MAX_RAYS];
};

/* Every capture direction of one side, merged over piece types: an enemy of
 * type t at distance k along -step attacks the target when k <= range[t]. */
struct attack_dir {
    int16_t step;
    uint8_t max_range;
    uint8_t range[MAX_TYPES];
};

struct attack_table {
    int count;
    int leaps; /* dirs[0..leaps-1] have max_range 1 (the table lists leaps first) */
    struct attack_dir dirs[MAX_ATTACK_DIRS];
};

/* Whether the leap d attacks sq from a piece of colour bit `bit` on `board`. */
static inline bool attack_leap_hits(const struct attack_dir *d, const Piece *board, Square sq, int bit)
{
    Piece p = board[sq - d->step];
    return (p & bit) && d->range[piece_type(p)];
}

/* The piece of colour bit `bit` that attacks sq along d on `board`, the
 * first piece met going back from sq: its square, or NO_SQUARE. */
static inline Square attack_dir_attacker(const struct attack_dir *d, const Piece *board, Square sq, int bit)
{
    Square s = sq - d->step;
    for (int k = 1;; k++, s -= d->step) {
        Piece p = board[s];
        if (p == EMPTY) {
            if (k >= d->max_range)
                return NO_SQUARE;
            continue;
        }
        return (p & bit) && d->range[piece_type(p)] >= k ? s : NO_SQUARE;
    }
}

/* One piece's capture rays sorted by kind, for walks that visit every
 * square a piece attacks (evaluations): the leaps, then the unlimited
 * slides, then the rays of limited range. */
struct capture_rays {
    uint8_t leaps, slides, count;
    struct ray rays[MAX_RAYS];
};

/* The orthodox pieces' powers, recognised in any power set so that counting
 * can walk their rays with constant steps (SHAPE_OTHER: any other power). */
enum piece_shape { SHAPE_OTHER = 0, SHAPE_KNIGHT, SHAPE_BISHOP, SHAPE_ROOK, SHAPE_QUEEN };

struct power_set {
    struct piece_power power[MAX_TYPES][2];     /* by type, colour; the Pawn's is its capture rays */
    struct attack_table attacks[2];             /* by attacking colour */
    struct capture_rays captures[MAX_TYPES][2]; /* by type, colour: `power`'s capture rays, sorted */
    bool overlaps[2];                           /* some piece of that colour has overlapping rays */
    /* By attacking colour: its capture powers are exactly orthodox chess's
     * (types PAWN..KING, no other), so attacks are tested with constant steps. */
    bool orthodox[2];
    /* By type, colour: every ray both moves and captures and is a leap or an
     * unlimited slide (the orthodox pieces), so `captures` lists all its moves. */
    bool simple[MAX_TYPES][2];
    uint8_t shape[MAX_TYPES][2]; /* by type, colour: enum piece_shape of a simple power */
    /* By attacking colour: the types (bit per type) with a capture direction
     * that reaches the King from king + delta, pieces between aside, at
     * delta + BOARD_SIZE. A check or pin by a type needs such a piece so placed. */
    uint16_t reach[2][2 * BOARD_SIZE];
    /* By attacking colour: the ride directions (bits by index in attacks)
     * along which a piece on king + delta lies two or more steps away within
     * the direction's range, at index delta + BOARD_SIZE; and the types that
     * ride (range 2 or more in some direction). A pin or a check from afar
     * needs such a piece so placed. */
    uint64_t aligned[2][2 * BOARD_SIZE];
    unsigned riders[2];
    /* By attacking colour: the types (bit per type) that attack the King
     * from king + delta in one step or leap, at delta + BOARD_SIZE. */
    uint16_t adjacent[2][2 * BOARD_SIZE];
    /* By attacking colour, as `reach`, but each type's bit by that type's
     * powers after a move of that type (chess_build_reach_after), where a
     * game whose moves change powers supplies them (has_reach_after): an
     * enemy piece of a type not so placed neither checks nor pins after
     * such a move, and the set after it need not be fetched. */
    uint16_t reach_after[2][2 * BOARD_SIZE];
    bool has_reach_after;
};

struct castle_rule {
    Square king_from, king_to, rook_from, rook_to;
    /* Squares that must be empty (between King and rook, and both
     * destinations, but for those two), nearest the King first. */
    int empty_count;
    Square empty[BOARD_MAX_COLS];
};

#define CHESS_MAX_PROMOTIONS 4

struct chess_rules {
    int promo_types[CHESS_MAX_PROMOTIONS];
    int promo_count;
    struct castle_rule castle[4];   /* by right: White short, White long, Black short, Black long */
    uint8_t castle_keep[BOARD_SIZE]; /* rights kept when a piece leaves or enters the square */
    /* The power set in force; NULL means `fixed` always. */
    const struct power_set *(*current)(const struct position *pos);
    /* True when making m may change some piece's powers (then legality is
     * judged by the powers in force after m). It must depend on the moving
     * piece alone: counting asks with a move to the piece's own square. */
    bool (*changes_powers)(const struct position *pos, Move m);
    /* Optional, with changes_powers: the types (bit per type) for whose
     * moves changes_powers is true, so that counting asks once per node. */
    unsigned (*changing_types)(const struct position *pos);
    /* Optional: the power set in force after a move of a piece of `type`
     * that changes powers, or NULL when it cannot be had cheaply. It may
     * differ from the set in force only in the powers of `type`. With it,
     * such a move is legal by the pins of that set instead of being made. */
    const struct power_set *(*powers_after)(const struct position *pos, int type);
    /* Called at the end of make, before the side changes (e.g. advance a phase). */
    void (*after_make)(struct position *pos, Move m, Piece mover);
    /* True when after_make changes nothing but pos->ext and pos->key: then a
     * plain move that changes powers is tested by editing two squares instead
     * of a full make/unmake. */
    bool after_make_only_ext;
    struct power_set fixed;
};

static inline const struct chess_rules *chess_rules_of(const struct position *pos)
{
    return (const struct chess_rules *)pos->rules;
}

static inline const struct power_set *chess_powers(const struct position *pos)
{
    const struct chess_rules *r = chess_rules_of(pos);
    return r->current ? r->current(pos) : &r->fixed;
}

/* Building rules. */
int chess_power_from_betza(struct piece_power *out, const char *betza, Color c, char *err, size_t errlen);
void chess_pawn_power(struct piece_power *out, Color c);
/* Fills `attacks`, `captures` and `overlaps` from `power`. */
void chess_build_attacks(struct power_set *set);
/* Fills `reach_after` from `next[type][colour]`, each type's power after a
 * move of that type (NULL: none; the Pawn's is never asked for). */
void chess_build_reach_after(struct power_set *set, const struct piece_power *const next[MAX_TYPES][2]);
/* The orthodox pieces by chess type and the orthodox castling squares, as
 * the chess family's games declare them (variants/game_decl.h). */
#define CHESS_ORTHODOX_PIECES                                                                                        \
    [PAWN] = {'P', "Pawn", NULL, "pawn"}, [KNIGHT] = {'N', "Knight", "N", "knight"},                                 \
    [BISHOP] = {'B', "Bishop", "B", "bishop"}, [ROOK] = {'R', "Rook", "R", "rook"},                                   \
    [QUEEN] = {'Q', "Queen", "Q", "queen"}, [KING] = {'K', "King", "K", "king"}
#define CHESS_ORTHODOX_CASTLING                                                                                      \
    {{"e1", "g1", "h1", "f1"}, {"e1", "c1", "a1", "d1"}, {"e8", "g8", "h8", "f8"}, {"e8", "c8", "a8", "d8"}}

/* Rules from a game's declaration: the Pawn's powers, every other piece's
 * declared Betza power (a piece declared without one gets none: the game's
 * code gives it its powers), promotion and castling. A declaration is checked
 * by the registry (variant_check_all), which refuses a power that does not
 * compile. */
void chess_rules_declared(struct chess_rules *r, const struct game_decl *g);

/* Rule hooks shared by the family (usable directly as variant entries). */
void chess_generate(struct position *pos, struct move_list *list);
void chess_generate_captures(struct position *pos, struct move_list *list);
uint64_t chess_count_turns(struct position *pos); /* perft's last ply */
void chess_make(struct position *pos, Move m);
void chess_unmake(struct position *pos, Move m);
bool chess_in_check(const struct position *pos);
bool chess_is_capture(const struct position *pos, Move m);
struct outcome chess_outcome(struct position *pos, int legal_steps);
void chess_format_step(const struct position *pos, Move m, char *out, size_t n);
int chess_validate(struct position *pos, char *err, size_t errlen);
int chess_read_ep(struct position *pos, const char *field, char *err, size_t errlen);

bool chess_square_attacked(const struct position *pos, Square sq, Color by);
/* Static exchange evaluation of step m (variants/chess_see.c), usable as the
 * variant's `see` hook: centipawns the side to move wins (< 0: loses) when
 * both sides go on capturing on m's target, least valuable piece first. */
int chess_see(const struct position *pos, Move m);

/* The hooks of a variant entry that plays these rules as they are: the
 * orthodox pieces' letters, King, castling, one step a turn, and the rule
 * hooks above. Written once for the templates of the chess, Polypiece and
 * Shifted Square families (variants/family.h), which add their board,
 * outcome, notation, evaluation and, with fixed powers, `see`. */
#define CHESS_RULES_HOOKS                                                                                            \
    .piece_letters = ".PNBRQK", .royal_type = KING, .has_castling = true, .steps_are_turns = true,                   \
    .validate = chess_validate, .read_ep = chess_read_ep, .generate = chess_generate,                                \
    .generate_noisy = chess_generate_captures, .count_turns = chess_count_turns, .make = chess_make,                 \
    .unmake = chess_unmake, .in_check = chess_in_check, .is_capture = chess_is_capture, .allow_null_move = true,    \
    .has_check = true

/* The family's pieces on a board of the game's own (Nick Danger lays them on
 * two boards and calls these for every location of a piece). */
/* Pseudo-legal steps of the piece on `from` (by its type, with the powers in force). */
void chess_gen_piece(const struct position *pos, struct move_list *list, Square from, bool captures_only);

#define MAX_PINNED 16
/* Check and pins of the side to move: own pieces between its King and an
 * enemy rider that would reach the King through them. */
struct chess_pins {
    bool in_check;
    int count;
    Square pinned[MAX_PINNED];
};
void chess_find_pins(const struct position *pos, struct chess_pins *pins);
static inline bool chess_is_pinned(const struct chess_pins *pins, Square sq)
{
    for (int i = 0; i < pins->count; i++)
        if (pins->pinned[i] == sq)
            return true;
    return false;
}
/* Whether the King's step m (not castling) lands on a square no enemy attacks. */
bool chess_king_step_safe(struct position *pos, Move m);
/* Castling moves by the rules r (orthodox conditions; the landing square is
 * left to the legality test). Nick Danger calls it with its own rules. */
void chess_gen_castling(const struct position *pos, const struct chess_rules *r, struct move_list *list);

#endif
