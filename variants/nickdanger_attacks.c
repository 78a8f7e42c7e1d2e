/* Nick Danger Chess: the attack map of the evaluation (nickdanger_attacks.h).
 *
 * A location is a board and a local square (rank * 8 + file), so a set of
 * locations is two 64-bit words, one per board. Each piece's reach is walked
 * on the mailbox (from its listed location and, on a link, its partner too)
 * or taken from the thread's memo; the map's terms then come from the
 * reaches with a few set operations: mobility leaves out own pieces and
 * squares enemy Pawns guard (either location of a link guarded, both are),
 * King hits count reached locations next to the enemy King. */
#include "variants/nickdanger_attacks.h"

#include <string.h>

#include "variants/core/bits.h"

/* A piece where it stands: its listed location, its partner (NO_SQUARE
 * unless on a link) and the piece, in one word. */
static inline uint32_t placement(Square sq, Square partner, Piece piece)
{
    return (uint32_t)sq | (uint32_t)partner << 10 | (uint32_t)piece << 20;
}

struct reached {
    uint64_t reach[2]; /* by board */
    uint32_t placement;
};

/* Pieces a memo remembers per colour (a game starts with 16; pieces past
 * them in a list are walked every time). Thread-local storage comes out of
 * every thread's stack, the GUI server's small ones too, so it stays small. */
#define MEMO_PIECES 16

/* The reaches of the last position mapped on this thread, by colour and
 * index in the piece list (a step moves one piece or two, and the search
 * unmakes it, so the lists keep their order from one position to the next
 * but for a few pieces), and the contents of its locations (8 bytes a rank,
 * by board) to tell what changed since. */
struct reach_memo {
    const struct power_set *powers; /* NULL: nothing remembered */
    uint64_t rows[2][8];
    struct reached pieces[2][MEMO_PIECES];
    int count[2]; /* entries in use: those beyond are forgotten */
};

static _Thread_local struct reach_memo memo;

void nd_attacks_forget(void) { memset(&memo, 0, sizeof memo); }

static inline uint64_t location_bit(Square sq) { return 1ULL << nd2_local(sq); }

static void read_rows(const Piece *board, uint64_t rows[2][8])
{
    for (int b = 0; b < 2; b++)
        for (int r = 0; r < 8; r++)
            memcpy(&rows[b][r], &board[make_square(b * ND_BOARD1_COL, r)], sizeof rows[b][r]);
}

/* Locations whose contents differ between two readings, by board. */
static void changed_locations(const uint64_t before[2][8], const uint64_t now[2][8], uint64_t changed[2])
{
    for (int b = 0; b < 2; b++) {
        changed[b] = 0;
        for (int r = 0; r < 8; r++)
            for (uint64_t x = before[b][r] ^ now[b][r]; x;) {
                int byte = __builtin_ctzll(x) >> 3;
                changed[b] |= 1ULL << (r * 8 + byte);
                x &= ~(0xFFULL << (byte * 8));
            }
    }
}

/* ---- Walking a reach ------------------------------------------------------------ */

/* The locations one piece's capture rays reach from `from` (all on its board). */
static uint64_t walk_from(const Piece *board, const struct capture_rays *cr, Square from)
{
    uint64_t bits = 0;
    int i = 0;
    for (; i < cr->leaps; i++) {
        Square to = from + cr->rays[i].step;
        if (board[to] != OFFBOARD)
            bits |= location_bit(to);
    }
    for (; i < cr->leaps + cr->slides; i++) {
        int step = cr->rays[i].step;
        Square to = from + step;
        Piece p;
        while ((p = board[to]) == EMPTY) {
            bits |= location_bit(to);
            to += step;
        }
        if (p != OFFBOARD)
            bits |= location_bit(to);
    }
    for (; i < cr->count; i++) {
        const struct ray *r = &cr->rays[i];
        Square to = from;
        for (int k = 1;; k++) {
            to += r->step;
            Piece p = board[to];
            if (p == OFFBOARD)
                break;
            bits |= location_bit(to);
            if (p != EMPTY || k >= r->range)
                break;
        }
    }
    return bits;
}

/* ---- One position's pieces --------------------------------------------------------- */

struct mapper {
    const struct position *pos;
    const struct power_set *powers;
    struct reached extra[2][MAX_PIECES - MEMO_PIECES]; /* the pieces past the memo's */
    uint64_t own[2][2];  /* by colour, board: locations holding the colour's pieces (mirrors too) */
    uint64_t zone[2][2]; /* by colour, board: locations next to the colour's King */
    uint64_t changed[2]; /* locations whose contents changed since the memo's position */
};

/* The King-step neighbourhood of a local square, itself included. */
static uint64_t neighbourhood(int local)
{
    static const uint64_t not_a = ~0x0101010101010101ULL, not_h = ~0x8080808080808080ULL;
    uint64_t k = 1ULL << local;
    uint64_t row = k | (k << 1 & not_a) | (k >> 1 & not_h);
    return row | row << 8 | row >> 8;
}

/* Board-0 squares next to each King (by its local square, on whichever
 * board it stands), and the board-1 locations of the links among them. */
static void mark_king_zones(struct mapper *m)
{
    const struct position *pos = m->pos;
    const struct nd_state *st = nd_cst(pos);
    for (Color c = WHITE; c <= BLACK; c++) {
        Square k = pos->king_sq[c];
        m->zone[c][0] = k == NO_SQUARE ? 0 : neighbourhood(nd2_local(k));
        m->zone[c][1] = 0;
        for (int i = 0; i < st->nlinks; i++)
            m->zone[c][1] |= ((m->zone[c][0] >> st->l0[i]) & 1) << st->l1[i];
    }
}

/* A location set with each link's two locations merged into both. */
static void merge_links(const struct nd_state *st, uint64_t set[2])
{
    for (int i = 0; i < st->nlinks; i++) {
        uint64_t either = ((set[0] >> st->l0[i]) | (set[1] >> st->l1[i])) & 1;
        set[0] |= either << st->l0[i];
        set[1] |= either << st->l1[i];
    }
}

/* Where the reach of colour c's i-th piece is kept: the memo, or past it the mapper. */
static struct reached *reached_of(struct mapper *m, Color c, int i)
{
    if (i < MEMO_PIECES)
        return &memo.pieces[c][i];
    struct reached *r = &m->extra[c][i - MEMO_PIECES];
    r->placement = 0; /* never remembered: walked */
    return r;
}

static const struct reached *reached_of_const(const struct mapper *m, Color c, int i)
{
    return i < MEMO_PIECES ? &memo.pieces[c][i] : &m->extra[c][i - MEMO_PIECES];
}

/* Walks the reach of the piece at sq (partner: its link's other location or NO_SQUARE). */
static void walk_reach(const struct mapper *m, Color c, Square sq, Square partner, uint64_t reach[2])
{
    const struct capture_rays *cr = &m->powers->captures[piece_type(m->pos->board[sq])][c];
    int b = nd2_board(sq);
    reach[b] = walk_from(m->pos->board, cr, sq);
    reach[b ^ 1] = 0;
    if (partner != NO_SQUARE)
        reach[1] |= walk_from(m->pos->board, cr, partner);
}

/* Every piece's reach, into the memo (kept where the piece stood there in
 * the memo's position and nothing it reached has changed, else walked) and
 * the map's sets. */
static void reach_all(struct mapper *m, struct nd_attacks *a)
{
    const struct position *pos = m->pos;
    const struct nd_state *st = nd_cst(pos);
    const struct nd_rules *rules = nd_rules_of(pos);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            Piece piece = pos->board[sq];
            Square partner = !nd2_board(sq) && nd_linked(rules, st, sq) ? nd_partner(rules, st, sq) : NO_SQUARE;
            m->own[c][nd2_board(sq)] |= location_bit(sq);
            if (partner != NO_SQUARE)
                m->own[c][1] |= location_bit(partner);
            struct reached *r = reached_of(m, c, i);
            uint32_t now = placement(sq, partner, piece);
            if (r->placement != now || ((r->reach[0] & m->changed[0]) | (r->reach[1] & m->changed[1]))) {
                r->placement = now;
                walk_reach(m, c, sq, partner, r->reach);
            }
            uint64_t *by = a->by[c][piece_type(piece)];
            by[0] |= r->reach[0];
            by[1] |= r->reach[1];
        }
    /* Entries past the lists were not kept up to date with the rows. */
    for (Color c = WHITE; c <= BLACK; c++) {
        int used = pos->pcount[c] < MEMO_PIECES ? pos->pcount[c] : MEMO_PIECES;
        for (int i = used; i < memo.count[c]; i++)
            memo.pieces[c][i].placement = 0;
        memo.count[c] = used;
    }
}

static inline int count_in(const uint64_t reach[2], const uint64_t set[2])
{
    return bit_count(reach[0] & set[0]) + (reach[1] ? bit_count(reach[1] & set[1]) : 0);
}

/* Mobility and King hits of colour c's Knights to Queens. */
static void tally(const struct mapper *m, struct nd_attacks *a, Color c)
{
    const struct nd_state *st = nd_cst(m->pos);
    uint64_t guarded[2] = {a->by[c ^ 1][PAWN][0], a->by[c ^ 1][PAWN][1]};
    merge_links(st, guarded);
    uint64_t free_squares[2] = {~m->own[c][0] & ~guarded[0], ~m->own[c][1] & ~guarded[1]};
    const uint64_t *zone = m->zone[c ^ 1];
    for (int i = 0; i < m->pos->pcount[c]; i++) {
        const struct reached *p = reached_of_const(m, c, i);
        int type = piece_type((Piece)(p->placement >> 20));
        if (type == PAWN || type == KING)
            continue;
        if ((p->reach[0] & zone[0]) | (p->reach[1] & zone[1])) {
            a->king_hits[c][type] += count_in(p->reach, zone);
            a->king_attackers[c]++;
        }
        a->mobility[c][type] += count_in(p->reach, free_squares);
    }
}

void nd_attacks_build(const struct position *pos, struct nd_attacks *a)
{
    struct mapper m;
    m.pos = pos;
    m.powers = chess_powers(pos);
    uint64_t rows[2][8];
    read_rows(pos->board, rows);
    if (memo.powers == m.powers) {
        changed_locations(memo.rows, rows, m.changed);
    } else {
        nd_attacks_forget();
        memo.powers = m.powers;
        m.changed[0] = m.changed[1] = ~0ULL;
    }
    memcpy(memo.rows, rows, sizeof memo.rows);
    memset(m.own, 0, sizeof m.own);
    memset(a, 0, sizeof *a);
    mark_king_zones(&m);
    reach_all(&m, a);
    tally(&m, a, WHITE);
    tally(&m, a, BLACK);
}
