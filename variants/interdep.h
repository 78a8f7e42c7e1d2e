/* Rule Zero: Interdependent Chess (Fergus Duniho, 2001), shared internals.
 *
 * 6x7 board. A piece captures only by moving directly away from a toroidally
 * adjacent helper H (any colour), with H's capturing power restricted to the
 * direction away from H, or its own power when H is a Universalist. Two
 * diagonally adjacent Universalists move as Bishops on a torus. Captured
 * pieces change sides into the capturer's hand and may be dropped.
 *
 * Directions are indexed 0..7: N NE E SE S SW W NW; opposite(d) = d ^ 4,
 * orthogonal directions are the even ones. */
#ifndef RULEZERO_INTERDEP_H
#define RULEZERO_INTERDEP_H

#include "variants/registry.h"

enum idc_type { IDC_U = 1, IDC_S, IDC_N, IDC_C, IDC_G, IDC_T, IDC_K, IDC_TYPES };

#define IDC_FILES 6
#define IDC_RANKS 7
#define IDC_SQUARES (IDC_FILES * IDC_RANKS)
#define IDC_DIRS 8
#define IDC_TORUS_LEN (IDC_SQUARES - 1) /* squares on a torus diagonal before the start again */

enum idc_mode { IDC_MOVE = 0, IDC_CAPTURE = 1 };

/* A power restricted to one direction e: up to two leaps, or one slide. */
struct idc_restricted {
    uint8_t count;
    bool slide;
    int16_t step[2];
};

/* One square from which leaps land on a given target: the mover's square
 * and, for each direction e of such a leap (a Knight square lies on two),
 * the helper's square and the types whose capturing power restricted to e
 * makes that leap (bit per type; never the Universalist). */
struct idc_probe {
    int16_t mover;
    uint8_t count;
    int16_t helper[2];
    uint8_t types[2];
};
#define IDC_MAX_PROBES 24 /* per target: step, 2-leap and Knight squares */

/* Capture geometry kinds in one direction, for reverse attack detection. */
enum { IDC_GEO_STEP = 1, IDC_GEO_LEAP2 = 2, IDC_GEO_KNIGHT = 4, IDC_GEO_SLIDE = 8, IDC_GEO_TORUS = 16 };
#define IDC_GEO_KINDS 32

struct idc_tables {
    int8_t idx[BOARD_SIZE];               /* 0..41 on the board, -1 elsewhere */
    Square sq[IDC_SQUARES];               /* mailbox square of an index */
    int16_t nb[BOARD_SIZE][IDC_DIRS];     /* torus neighbour in direction d */
    /* Diagonal rays on the torus, by square index and diagonal (d >> 1, odd
     * d only): small, so that they stay in the cache (idc_torus_ray). Entry
     * IDC_TORUS_LEN is the start square again (the diagonal covers the whole
     * torus), a sentinel for walks from an occupied square. */
    int16_t torus[IDC_SQUARES][IDC_DIRS / 2][IDC_TORUS_LEN + 1];
    int16_t dstep[IDC_DIRS];              /* mailbox step of direction d */
    struct idc_restricted power[IDC_TYPES][2][IDC_DIRS]; /* [type][mode][e] */
    uint8_t cap_geo[IDC_TYPES][IDC_DIRS]; /* IDC_GEO_* of power[type][CAPTURE][e] */
    int16_t knight[IDC_DIRS][2];          /* the two Knight squares whose path starts with e */
    /* Types (bit per type) other than the Universalist whose capturing power
     * restricted to e has one of the geometries g. */
    uint8_t geo_types[IDC_DIRS][IDC_GEO_KINDS];
    /* Squares (bit per index) reached by the leaps (not the slide) of
     * power[type][mode][d ^ 4] from index i, that is beside a helper in
     * direction d: beside_bb[i][mode][d][type]; and a type's own leaps. */
    uint64_t beside_bb[IDC_SQUARES][2][IDC_DIRS][IDC_TYPES];
    uint64_t own_leap_bb[IDC_TYPES][IDC_SQUARES];
    /* Every square a borrowed capturing leap from index i reaches: the union
     * of beside_bb[i][IDC_CAPTURE]. */
    uint64_t leap_reach_bb[IDC_SQUARES];
    /* Leaping captures onto each square, by the square's index. */
    struct idc_probe probe[IDC_SQUARES][IDC_MAX_PROBES];
    int probe_count[IDC_SQUARES];
    /* The leaps the safety walk (interdep_safety.c) looks at, onto a King
     * on index i from index j: rel[i][j] gives the direction e and geometry
     * of each (a Knight square lies on two directions), only geometries some
     * type captures by; leaper_bb[i] has a bit for every such j. */
    struct idc_rel {
        uint8_t count;
        uint8_t e[2], geo[2];
    } rel[IDC_SQUARES][IDC_SQUARES];
    uint64_t leaper_bb[IDC_SQUARES];
    /* Own non-capturing power of each type, all directions, without repeats. */
    int own_count[IDC_TYPES];
    int16_t own_step[IDC_TYPES][16];
    bool own_slide[IDC_TYPES][16];
    /* By square index: the eight torus neighbours, and the squares within
     * two torus steps in each coordinate (the square itself excluded). */
    uint64_t ring_bb[IDC_SQUARES];
    uint64_t near_bb[IDC_SQUARES];
    /* idc_source_type by the two types: source[helper][mover]. */
    uint8_t source[IDC_TYPES][IDC_TYPES];
    /* The same by the helper's whole board byte (empty and off-board lend
     * type 0): lend[mover type][board byte], one read per neighbour in the
     * counting loop (interdep_count.c). */
    uint8_t lend[IDC_TYPES][256];
    /* dir_to[i][j]: the direction from index i to its torus neighbour j
     * (rows of 64 for a cheap index). */
    uint8_t dir_to[IDC_SQUARES][64];
    /* Mailbox step of the rank slide that type t's capturing power makes
     * beside a helper in direction d (moving in d ^ 4), or 0. */
    int16_t cap_slide[IDC_DIRS][IDC_TYPES];
};

extern struct idc_tables idc;
void idc_init_tables(void);

static inline bool idc_is_diag(int d) { return d & 1; }
static inline uint64_t idc_bit(Square sq) { return 1ULL << idc.idx[sq]; }
/* The torus diagonal from `from` in direction d (odd), IDC_TORUS_LEN squares
 * and `from` itself after them. */
static inline const int16_t *idc_torus_ray(Square from, int d) { return idc.torus[idc.idx[from]][d >> 1]; }

/* The type whose capturing power a mover of piece m gets from helper h
 * (both pieces), or 0 when the pair is two Universalists. */
static inline int idc_source_type(Piece h, Piece m)
{
    if (piece_type(h) != IDC_U)
        return piece_type(h);
    return piece_type(m) == IDC_U ? 0 : piece_type(m);
}

/* Attack detection: does `by` have a capture onto sq (which holds a piece
 * not of colour `by`)? Fast reverse form and the naive reference. */
bool idc_attacked(const Piece *board, Square sq, Color by);
bool idc_attacked_naive(struct position *pos, Square sq, Color by);
/* idc_attacked when the squares of by's pieces are known: pieces (bit per
 * square index) holds every one of them (other squares may be set too), so
 * only the leaper squares where one stands are looked at. */
bool idc_attacked_among(const Piece *board, Square sq, Color by, uint64_t pieces);

/* The forward form (interdep_attack_map.c): what one piece attacks (a bit
 * per square index, whatever stands there) and its torus neighbours, and
 * every square `by` attacks. Bit i is set exactly when idc_attacked says
 * square idc.sq[i] is attacked. */
struct idc_piece_scan {
    uint64_t attacks;
    int helpers;  /* occupied torus neighbours */
    bool u_diag;  /* a Universalist beside a diagonal Universalist */
};
uint64_t idc_occupancy(const struct position *pos, Color c);
uint64_t idc_attack_map(const struct position *pos, Color by);
/* Squares along a mailbox step from `from`: the empty ones and the first
 * piece (none when the walk leaves the board); along the torus diagonal in
 * direction e, up to and including the first piece. */
uint64_t idc_slide_squares(const Piece *board, Square from, int step);
uint64_t idc_torus_squares(const Piece *board, Square from, int e);

/* The captures of the piece on `from`, moving away from each occupied torus
 * neighbour; occupied: every piece's bit (idc_occupancy of both colours).
 * Inline: the evaluation calls it for every piece. */
static inline void idc_scan_piece(const Piece *board, uint64_t occupied, Square from, struct idc_piece_scan *out)
{
    int mtype = piece_type(board[from]);
    int i = idc.idx[from];
    const uint64_t(*leaps)[IDC_TYPES] = idc.beside_bb[i][IDC_CAPTURE];
    uint64_t attacks = 0;
    int helpers = 0;
    bool u_diag = false;
    for (uint64_t nbrs = idc.ring_bb[i] & occupied; nbrs; nbrs &= nbrs - 1) {
        int j = __builtin_ctzll(nbrs);
        int d = idc.dir_to[i][j];
        helpers++;
        int src = idc.source[piece_type(board[idc.sq[j]])][mtype];
        if (!src) {
            /* Two Universalists: a torus Bishop away from a diagonal one. */
            if (idc_is_diag(d)) {
                u_diag = true;
                attacks |= idc_torus_squares(board, from, d ^ 4);
            }
            continue;
        }
        attacks |= leaps[d][src];
        if (idc.cap_slide[d][src])
            attacks |= idc_slide_squares(board, from, idc.cap_slide[d][src]);
    }
    out->attacks = attacks;
    out->helpers = helpers;
    out->u_diag = u_diag && mtype == IDC_U;
}

/* Generation. `pseudo` lists every step without the king-safety test;
 * captures_only restricts it to captures. */
void idc_generate_pseudo(const struct position *pos, struct move_list *list, bool captures_only);
void idc_generate_piece(const struct position *pos, Square from, struct move_list *list, bool captures_only);
void idc_generate(struct position *pos, struct move_list *list);
void idc_generate_noisy(struct position *pos, struct move_list *list);
bool idc_in_check(const struct position *pos);
uint64_t idc_count_turns(struct position *pos);

/* What a move of ours can do to our King when it is not in check. The only
 * new attacks a move creates come from our piece landing on T as a helper
 * (danger[type] holds every T where a piece of that type would give an enemy
 * piece a capture of the King) or from vacating the first piece met from the
 * King along its rank or a torus diagonal (blockers: only such pieces of
 * ours are marked), which opens a slide.
 * A move that touches neither is legal without a test. */
struct idc_safety {
    uint64_t danger[IDC_TYPES];
    uint64_t blockers;
    bool in_check; /* the King is attacked: the summary does not apply */
};
/* Fills s from the same reverse walk as idc_attacked; returns in_check.
 * enemy: the squares of the pieces of colour us ^ 1 (idc_occupancy). */
bool idc_safety_init(const Piece *board, Square king, Color us, uint64_t enemy, struct idc_safety *s);
/* Exact tests for the moves the summary cannot clear; enemy: the squares
 * of the enemy's pieces, as for idc_safety_init. */
bool idc_leaves_king_safe(struct position *pos, Move m, uint64_t enemy);
bool idc_drop_exposes_king(struct position *pos, Square to, int type);

void idc_make(struct position *pos, Move m);
void idc_unmake(struct position *pos, Move m);

int idc_evaluate(const struct position *pos);
extern const struct eval_params idc_eval_params; /* its weights, for the tuner */
extern const int idc_piece_values[MAX_TYPES];

#endif
