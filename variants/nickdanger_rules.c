/* Nick Danger Chess: move generation, make/unmake and fast turn counting.
 * See nickdanger.h for the representation. */
#include <stdlib.h>
#include <string.h>

#include "variants/nickdanger.h"

#define ND_EXT_SIZE ((int)sizeof(struct nd_state))
#define MIRROR_FLAG 0x8000

/* ---- Journalled board edits ---------------------------------------------------
 * Every board change of a step is recorded on its undo entry. A "listed"
 * location goes through pos_put/pos_remove (piece list, King square); a
 * mirror (the board-1 location of an occupied link) only changes the board
 * and the key. Unmake reverts the journal and pos_pop_undo restores the key. */

static void jset(struct position *pos, Square sq, Piece p, bool listed)
{
    struct undo *u = &pos->history[pos->ply - 1];
    Piece old = pos->board[sq];
    u->journal[u->journal_count].sq = (uint16_t)(sq | (listed ? 0 : MIRROR_FLAG));
    u->journal[u->journal_count].old = old;
    u->journal_count++;
    if (listed) {
        if (old != EMPTY)
            pos_remove(pos, sq);
        if (p != EMPTY)
            pos_put(pos, sq, p);
    } else {
        if (old != EMPTY)
            pos->key ^= zobrist.piece[piece_index(old)][sq];
        pos->board[sq] = p;
        if (p != EMPTY)
            pos->key ^= zobrist.piece[piece_index(p)][sq];
    }
}

static void jrevert(struct position *pos)
{
    struct undo *u = &pos->history[pos->ply - 1];
    while (u->journal_count > 0) {
        const struct journal_entry *e = &u->journal[--u->journal_count];
        Square sq = e->sq & ~MIRROR_FLAG;
        if (e->sq & MIRROR_FLAG) {
            pos->board[sq] = e->old;
        } else {
            if (pos->board[sq] != EMPTY)
                pos_remove(pos, sq);
            if (e->old != EMPTY)
                pos_put(pos, sq, e->old);
        }
    }
}

/* Empties a square on both of its locations. */
static void clear_at(struct position *pos, Square sq)
{
    const struct nd_rules *r = nd_rules_of(pos);
    Square o = nd_partner(r, nd_st(pos), sq);
    if (o == NO_SQUARE) {
        jset(pos, sq, EMPTY, true);
    } else if (nd_board_of(r, sq) > nd_board_of(r, o)) {
        jset(pos, sq, EMPTY, false);
        jset(pos, o, EMPTY, true);
    } else {
        jset(pos, o, EMPTY, false);
        jset(pos, sq, EMPTY, true);
    }
}

/* Puts a piece on a square, on both locations when it is linked. */
static void put_at(struct position *pos, Square sq, Piece p)
{
    const struct nd_rules *r = nd_rules_of(pos);
    Square o = nd_partner(r, nd_st(pos), sq);
    if (o == NO_SQUARE) {
        jset(pos, sq, p, true);
    } else if (nd_board_of(r, sq) > nd_board_of(r, o)) {
        jset(pos, o, p, true);
        jset(pos, sq, p, false);
    } else {
        jset(pos, sq, p, true);
        jset(pos, o, p, false);
    }
}

/* ---- Link slots ------------------------------------------------------------------ */

/* The slot of the link whose lower location is local square l0 of board b. */
static int slot_of(const struct nd_state *st, int b, int l0)
{
    for (int i = 0; i < st->nlinks; i++)
        if (st->l0[i] == l0 && st->lb[i] == b)
            return i;
    return -1;
}

/* The linking phase ends when the Links setting's number of links exists. */
static void link_add(struct nd_state *st, int b, int l0, int l1, const struct nd_rules *r)
{
    st->id[st->nlinks] = nd_take_link_id(st, r->max_links);
    st->l0[st->nlinks] = (uint8_t)l0;
    st->l1[st->nlinks] = (uint8_t)l1;
    st->lb[st->nlinks] = (uint8_t)b;
    st->nlinks++;
    st->mask[b] |= 1ULL << l0;
    st->mask[b + 1] |= 1ULL << l1;
    if (st->nlinks == r->max_links)
        st->phase = nd_full_phase(r);
}

/* The removing phase (AfterLinking=remove) ends when no link is left. */
static void link_remove(struct nd_state *st, int i)
{
    st->mask[st->lb[i]] &= ~(1ULL << st->l0[i]);
    st->mask[st->lb[i] + 1] &= ~(1ULL << st->l1[i]);
    st->nlinks--;
    st->l0[i] = st->l0[st->nlinks];
    st->l1[i] = st->l1[st->nlinks];
    st->lb[i] = st->lb[st->nlinks];
    st->id[i] = st->id[st->nlinks];
    if (st->phase == ND_PHASE_REMOVING && st->nlinks == 0)
        st->phase = ND_PHASE_LINKING;
}

/* The extra key of a pair whose board-1 square is on another rank (none on the same rank). */
static uint64_t rank_shift_key(int base, int l0, int l1)
{
    int shift = ((l1 >> 3) - (l0 >> 3)) & 7;
    return shift ? zobrist.ext_more[base + 64 * (shift - 1) + l0] : 0;
}

/* The extra key of a pair between boards 1 and 2 or 2 and 3 (none between boards 0 and 1). */
static uint64_t pair_key(int base, int b, int l0) { return b ? zobrist.ext[base + 64 * (b - 1) + l0] : 0; }

uint64_t nd_ext_key(const struct position *pos)
{
    const struct nd_state *st = nd_cst(pos);
    uint64_t k = 0;
    for (int i = 0; i < st->nlinks; i++)
        k ^= zobrist.ext[ND_KEY_LINK + st->l0[i] * 8 + (st->l1[i] & 7)] ^
             rank_shift_key(ND_KEY_MORE_LINK_RANK, st->l0[i], st->l1[i]) ^ pair_key(ND_KEY_LINK_PAIR, st->lb[i], st->l0[i]);
    if (st->phase != ND_PHASE_LINKING)
        k ^= zobrist.ext[ND_KEY_TWINKLE];
    if (st->last_kind != ND_LAST_NONE)
        k ^= zobrist.ext[ND_KEY_LAST + 512 * (st->last_kind - ND_LAST_MADE) + st->last0 * 8 + (st->last1 & 7)] ^
             rank_shift_key(ND_KEY_MORE_LAST_RANK, st->last0, st->last1) ^
             pair_key(ND_KEY_LAST_PAIR, st->lastb, st->last0);
    if (st->part2)
        k ^= zobrist.ext[ND_KEY_PART2];
    return k;
}

/* ---- Attacks ------------------------------------------------------------------------ */

bool nd_in_check(const struct position *pos)
{
    return chess_square_attacked(pos, pos->king_sq[pos->side], pos->side ^ 1);
}

/* Would the side to move's King be attacked with `p` also on the empty s0? */
static bool exposes_if_placed(struct position *pos, Square s0, Piece p)
{
    pos->board[s0] = p;
    bool hit = chess_square_attacked(pos, pos->king_sq[pos->side], pos->side ^ 1);
    pos->board[s0] = EMPTY;
    return hit;
}

/* Would it be attacked with board-0 location s0 emptied? */
static bool exposes_if_removed(struct position *pos, Square s0)
{
    Piece p = pos->board[s0];
    pos->board[s0] = EMPTY;
    bool hit = chess_square_attacked(pos, pos->king_sq[pos->side], pos->side ^ 1);
    pos->board[s0] = p;
    return hit;
}

/* ---- Part 1: pseudo-legal generation ----------------------------------------------- */

/* Rule 3c with links off the rank: a Pawn moving on board 1 to its last rank
 * does not promote. The moves from board-1 location `from` added since
 * `start` keep one plain move for each promotion target (none for a quiet one
 * when only captures are wanted). */
static void no_promotion_on_board1(const struct position *pos, struct move_list *list, int start, bool captures_only)
{
    int first_promo = chess_rules_of(pos)->promo_types[0];
    int n = start;
    for (int i = start; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_kind(m) == MK_PROMOTION) {
            if (move_promo(m) != first_promo || (captures_only && pos->board[move_to(m)] == EMPTY))
                continue;
            m = make_move(move_from(m), move_to(m), MK_NORMAL, 0);
        }
        list->moves[n++] = m;
    }
    list->count = n;
}

/* A piece's moves from board-0 or board-1 location sq. */
static void gen_from(const struct position *pos, struct move_list *list, Square sq, bool captures_only)
{
    int start = list->count;
    chess_gen_piece(pos, list, sq, captures_only);
    if (nd_board_of(nd_rules_of(pos), sq) && piece_type(pos->board[sq]) == PAWN && nd_promotes_on_board0_only(nd_rules_of(pos)))
        no_promotion_on_board1(pos, list, start, captures_only);
}

static void gen_part1_pseudo(const struct position *pos, struct move_list *list, bool captures_only)
{
    const struct nd_state *st = nd_cst(pos);
    Color us = pos->side;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square sq = pos->plist[us][i];
        gen_from(pos, list, sq, captures_only);
        Square other = nd_partner(nd_rules_of(pos), st, sq);
        if (other != NO_SQUARE)
            gen_from(pos, list, other, captures_only);
    }
    if (!captures_only && pos->castling)
        chess_gen_castling(pos, chess_rules_of(pos), list);
}

/* ---- Part 1: make ----------------------------------------------------------------------- */

/* The listed location of a square: its lower board's (itself when unlinked). */
static Square canonical(const struct nd_rules *r, const struct nd_state *st, Square sq)
{
    if (!nd_board_of(r, sq))
        return sq;
    Square o = nd_partner(r, st, sq);
    return o != NO_SQUARE && nd_board_of(r, o) < nd_board_of(r, sq) ? o : sq;
}

/* The King on board-0 square sq breaks its link; the board-1 location is empty by then. */
static void king_breaks_link(struct position *pos, Square sq)
{
    struct nd_state *st = nd_st(pos);
    int i = slot_of(st, 0, nd_local(nd_rules_of(pos), sq));
    if (i >= 0)
        link_remove(st, i);
}

/* Board, links, counters and castling rights of part 1; pushes the undo entry. */
static void apply_part1(struct position *pos, Move m)
{
    const struct chess_rules *r = chess_rules_of(pos);
    struct undo *u = pos_push_undo(pos, m, ND_EXT_SIZE, true);
    struct nd_state *st = nd_st(pos);
    Square from = move_from(m), to = move_to(m);
    int kind = move_kind(m);
    Piece mover = pos->board[from];
    Color us = pos->side;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    const struct nd_rules *nr = nd_rules_of(pos);
    Square cfrom = canonical(nr, st, from), cto = canonical(nr, st, to);

    pos->halfmove++;
    if (pos->ep != NO_SQUARE)
        pos_set_ep(pos, NO_SQUARE);
    if (kind == MK_CASTLE) {
        const struct castle_rule *c = &r->castle[move_extra(m)];
        Piece rook = pos->board[c->rook_from];
        clear_at(pos, c->rook_from);
        jset(pos, c->king_from, EMPTY, true);
        if (nd_linked(nr, st, c->king_to)) /* empty on both locations, or castling would not be generated */
            king_breaks_link(pos, c->king_to);
        jset(pos, c->king_to, mover, true);
        put_at(pos, c->rook_to, rook);
    } else {
        if (kind == MK_EN_PASSANT) {
            u->captured = pos->board[to - fwd];
            clear_at(pos, to - fwd);
        } else if (pos->board[to] != EMPTY) {
            u->captured = pos->board[to];
            clear_at(pos, to);
        }
        if (u->captured != EMPTY || piece_type(mover) == PAWN)
            pos->halfmove = 0;
        clear_at(pos, from);
        if (piece_type(mover) == KING && nd_linked(nr, st, to))
            king_breaks_link(pos, to);
        put_at(pos, to, kind == MK_PROMOTION ? make_piece(us, move_promo(m)) : mover);
        if (kind == MK_DOUBLE_PAWN)
            pos_set_ep(pos, from + fwd);
    }
    int keep = r->castle_keep[cfrom] & r->castle_keep[cto];
    if ((pos->castling & keep) != pos->castling)
        pos_set_castling(pos, pos->castling & keep);
}

static void undo_step(struct position *pos)
{
    jrevert(pos);
    pos_pop_undo(pos, ND_EXT_SIZE);
}

/* ---- Part 2 ----------------------------------------------------------------------------- */

static void apply_link(struct position *pos, Move m)
{
    const struct nd_rules *r = nd_rules_of(pos);
    struct nd_state *st = nd_st(pos);
    Square s0 = move_from(m), s1 = move_to(m);
    int b = nd_board_of(r, s0);
    if (move_kind(m) == MK_LINK) {
        Piece p1 = pos->board[s1], p0 = pos->board[s0];
        if (p1 != EMPTY) {
            jset(pos, s1, EMPTY, true);
            jset(pos, s0, p1, true);
            jset(pos, s1, p1, false);
        } else if (p0 != EMPTY) {
            jset(pos, s1, p0, false);
        }
        link_add(st, b, nd_local(r, s0), nd_local(r, s1), r);
    } else {
        link_remove(st, slot_of(st, b, nd_local(r, s0)));
        Piece p = pos->board[s0];
        if (p != EMPTY) {
            jset(pos, s1, EMPTY, false);
            if (move_extra(m) == ND_KEEP_1) {
                jset(pos, s0, EMPTY, true);
                jset(pos, s1, p, true);
            }
        }
    }
}

void nd_apply_link_raw(struct position *pos, Move m)
{
    pos_push_undo(pos, m, ND_EXT_SIZE, false);
    pos->key ^= nd_ext_key(pos);
    apply_link(pos, m);
    pos->key ^= nd_ext_key(pos);
}

/* Rights whose King or Rook is not in place are lost at the end of every turn. */
static void end_turn(struct position *pos, int last_kind, Square s0, Square s1)
{
    const struct chess_rules *r = chess_rules_of(pos);
    struct nd_state *st = nd_st(pos);
    int rights = pos->castling;
    for (int i = 0; i < 4; i++) {
        Color c = i < 2 ? WHITE : BLACK;
        if ((rights & (1 << i)) && (pos->board[r->castle[i].king_from] != make_piece(c, KING) ||
                                    pos->board[r->castle[i].rook_from] != make_piece(c, ROOK)))
            rights &= ~(1 << i);
    }
    if (rights != pos->castling)
        pos_set_castling(pos, rights);
    const struct nd_rules *nr = nd_rules_of(pos);
    st->last_kind = (uint8_t)last_kind;
    st->last0 = last_kind ? (uint8_t)nd_local(nr, s0) : 0;
    st->last1 = last_kind ? (uint8_t)nd_local(nr, s1) : 0;
    st->lastb = last_kind ? (uint8_t)nd_board_of(nr, s0) : 0;
    st->part2 = 0;
    if (pos->side == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}

/* The board-1 locations that might be linked to board-0 location l0 lie in
 * [*lo, *hi) (nd_pair_allowed says which of them may). */
static void partner_range(const struct nd_rules *r, int l0, int *lo, int *hi)
{
    switch (r->link_squares) {
    case ND_SQUARES_SAME_RANK: *lo = l0 & ~7, *hi = *lo + 8; break;
    case ND_SQUARES_SAME_SQUARE: *lo = l0, *hi = l0 + 1; break;
    default: *lo = 0, *hi = 64;
    }
}

/* What the phase allows: new links (not in the removing phase, and only
 * below the Links setting), breaks (not in the linking phase). */
static bool makes_allowed(const struct position *pos, const struct nd_state *st)
{
    return st->phase != ND_PHASE_REMOVING && st->nlinks < nd_max_links(pos);
}
static bool breaks_allowed(const struct nd_state *st) { return st->phase != ND_PHASE_LINKING; }

/* Link actions the rules allow, before the own-King test. Only the Twinkle
 * phase forbids undoing the opponent's last link action (rule 2c). */
void nd_generate_link_candidates(struct position *pos, struct move_list *list)
{
    const struct nd_rules *r = nd_rules_of(pos);
    const struct nd_state *st = nd_cst(pos);
    bool twinkle = st->phase == ND_PHASE_TWINKLE;
    bool forbid_make = twinkle && st->last_kind == ND_LAST_BROKEN;
    bool forbid_break = twinkle && st->last_kind == ND_LAST_MADE;
    list->count = 0;
    for (int b = 0; b + 1 < r->board_count && makes_allowed(pos, st); b++) {
        for (int l0 = 0; l0 < 64; l0++) {
            Square s0 = nd_square(r, b, l0);
            Piece p0 = pos->board[s0];
            if (((st->mask[b] >> l0) & 1) || piece_type(p0) == KING)
                continue;
            int lo, hi;
            partner_range(r, l0, &lo, &hi);
            for (int l1 = lo; l1 < hi; l1++) {
                if (((st->mask[b + 1] >> l1) & 1) || !nd_pair_allowed(r, b, l0, l1))
                    continue;
                Square s1 = nd_square(r, b + 1, l1);
                if (p0 != EMPTY && pos->board[s1] != EMPTY)
                    continue;
                if (forbid_make && st->lastb == b && st->last0 == l0 && st->last1 == l1)
                    continue;
                move_list_add(list, make_move(s0, s1, MK_LINK, 0));
            }
        }
    }
    if (breaks_allowed(st)) {
        for (int i = 0; i < st->nlinks; i++) {
            if (forbid_break && st->l0[i] == st->last0 && st->l1[i] == st->last1 && st->lb[i] == st->lastb)
                continue;
            Square s0 = nd_square(r, st->lb[i], st->l0[i]), s1 = nd_square(r, st->lb[i] + 1, st->l1[i]);
            if (pos->board[s0] == EMPTY) {
                move_list_add(list, make_move(s0, s1, MK_UNLINK, ND_KEEP_NONE));
            } else {
                move_list_add(list, make_move(s0, s1, MK_UNLINK, ND_KEEP_0));
                move_list_add(list, make_move(s0, s1, MK_UNLINK, ND_KEEP_1));
            }
        }
    }
}

/* A link action changes board 0 only by adding the piece of s1 on s0 (make)
 * or by emptying s0 (break, the piece staying on board 1). Part 1 left the
 * King safe, so only an enemy piece so added, or a line so opened, can attack it. */
static bool link_action_legal(struct position *pos, Move m)
{
    Square s0 = move_from(m), s1 = move_to(m);
    if (nd_board_of(nd_rules_of(pos), s0) != 0) /* between boards 1 and 2 or 2 and 3: board 0 stays as it was */
        return true;
    if (move_kind(m) == MK_LINK)
        return pos->board[s0] != EMPTY || !(pos->board[s1] & COLOR_BIT(pos->side ^ 1)) ||
               !exposes_if_placed(pos, s0, pos->board[s1]);
    if (move_extra(m) == ND_KEEP_1)
        return !exposes_if_removed(pos, s0);
    return true;
}

/* What link makes rank r offers before the own-King test, by square colour
 * (0 dark, as a1 and i1; for same-colour only): unlinked King-free board-0 squares (u0) and the
 * occupied among them (o0), unlinked board-1 squares (u1) and the occupied
 * among them (o1); and the files where both locations are such squares (uu)
 * and both occupied (oo), for same-square links. */
struct rank_tally {
    int8_t u0[2], o0[2], u1[2], o1[2], uu, oo;
};

/* Only what LinkSquares needs is counted: colours only for same-colour (else
 * everything under colour 0; for same-quadrant the half of the files on each
 * board instead of the colour), uu and oo only for same-square. Board 1's
 * holes count as linked: never free. */
static void rank_tally(const struct position *pos, const struct nd_state *st, int r, struct rank_tally *t)
{
    const struct nd_rules *rules = nd_rules_of(pos);
    int squares = rules->link_squares;
    unsigned m0 = (unsigned)(st->mask[0] >> (r * 8)) & 0xFF;
    unsigned m1 = (unsigned)((st->mask[1] | rules->holes[1]) >> (r * 8)) & 0xFF;
    const Piece *row0 = &pos->board[make_square(0, r)], *row1 = &pos->board[make_square(ND_BOARD1_COL, r)];
    int u0[2] = {0, 0}, o0[2] = {0, 0}, u1[2] = {0, 0}, o1[2] = {0, 0}, uu = 0, oo = 0;
    if (squares == ND_SQUARES_SAME_RANK || squares == ND_SQUARES_ANY) {
        for (int f = 0; f < 8; f++) {
            if (!((m0 >> f) & 1) && piece_type(row0[f]) != KING) {
                u0[0]++;
                o0[0] += row0[f] != EMPTY;
            }
            if (!((m1 >> f) & 1)) {
                u1[0]++;
                o1[0] += row1[f] != EMPTY;
            }
        }
    } else {
        bool quadrant = squares == ND_SQUARES_SAME_QUADRANT;
        for (int f = 0; f < 8; f++) {
            int c = squares == ND_SQUARES_SAME_COLOUR ? (f + r) & 1 : 0;
            int c0 = quadrant ? f >= 4 : c, c1 = quadrant ? f >= rules->files[1] / 2 : c;
            bool free0 = !((m0 >> f) & 1) && piece_type(row0[f]) != KING, free1 = !((m1 >> f) & 1);
            bool full0 = free0 && row0[f] != EMPTY, full1 = free1 && row1[f] != EMPTY;
            u0[c0] += free0;
            o0[c0] += full0;
            u1[c1] += free1;
            o1[c1] += full1;
            uu += free0 && free1;
            oo += full0 && full1;
        }
    }
    for (int c = 0; c < 2; c++) {
        t->u0[c] = (int8_t)u0[c];
        t->o0[c] = (int8_t)o0[c];
        t->u1[c] = (int8_t)u1[c];
        t->o1[c] = (int8_t)o1[c];
    }
    t->uu = (int8_t)uu;
    t->oo = (int8_t)oo;
}

/* Link makes before the own-King test from the ranks' tallies: pairs of
 * squares LinkSquares allows, both unlinked, less those with both occupied. */
static int makes_from_tallies(const struct nd_rules *r, const struct rank_tally *t)
{
    int total = 0, u0[2] = {0, 0}, o0[2] = {0, 0}, u1[2] = {0, 0}, o1[2] = {0, 0};
    switch (r->link_squares) {
    case ND_SQUARES_SAME_RANK: /* colour 0 holds the whole rank */
        for (int k = 0; k < 8; k++)
            total += t[k].u0[0] * t[k].u1[0] - t[k].o0[0] * t[k].o1[0];
        return total;
    case ND_SQUARES_SAME_SQUARE:
        for (int k = 0; k < 8; k++)
            total += t[k].uu - t[k].oo;
        return total;
    case ND_SQUARES_SAME_QUADRANT: { /* by quadrant: the half of the files (c), the half of the ranks */
        int q0u[4] = {0}, q0o[4] = {0}, q1u[4] = {0}, q1o[4] = {0};
        for (int k = 0; k < 8; k++)
            for (int c = 0; c < 2; c++) {
                int a = c + 2 * (k >= 4), b = c + 2 * (k >= r->ranks[1] / 2);
                q0u[a] += t[k].u0[c], q0o[a] += t[k].o0[c], q1u[b] += t[k].u1[c], q1o[b] += t[k].o1[c];
            }
        for (int q = 0; q < 4; q++)
            total += q0u[q] * q1u[q] - q0o[q] * q1o[q];
        return total;
    }
    default:
        for (int k = 0; k < 8; k++)
            for (int c = 0; c < 2; c++)
                u0[c] += t[k].u0[c], o0[c] += t[k].o0[c], u1[c] += t[k].u1[c], o1[c] += t[k].o1[c];
        /* any: colour 0 holds everything, colour 1 nothing */
        return u0[0] * u1[0] - o0[0] * o1[0] + u0[1] * u1[1] - o0[1] * o1[1];
    }
}

/* Could an orthodox piece on board-0 square s0 attack board-0 square k at all? */
static bool in_reach(Square s0, Square k)
{
    int df = abs(square_col(s0) - square_col(k)), dr = abs(square_rank(s0) - square_rank(k));
    return df == 0 || dr == 0 || df == dr || df * dr == 2;
}

/* Number of legal link actions, counted without listing them. `base`, when
 * given, holds the tallies of every rank except those in `dirty`. */
static int count_part2_from(struct position *pos, const struct rank_tally *base, unsigned dirty)
{
    const struct nd_rules *rules = nd_rules_of(pos);
    const struct nd_state *st = nd_cst(pos);
    bool twinkle = st->phase == ND_PHASE_TWINKLE;
    Color them = pos->side ^ 1;
    Square king = pos->king_sq[pos->side];
    int total = 0;
    if (makes_allowed(pos, st)) {
        bool forbid_counted = false;
        struct rank_tally t[8];
        for (int r = 0; r < 8; r++)
            if (base && !((dirty >> r) & 1))
                t[r] = base[r];
            else
                rank_tally(pos, st, r, &t[r]);
        total += makes_from_tallies(rules, t);
        /* Enemy pieces on unlinked board-1 squares (listed there) that a link would bring to an empty s0. */
        for (int i = 0; i < pos->pcount[them]; i++) {
            Square s1 = pos->plist[them][i];
            if (!nd_board_of(rules, s1))
                continue;
            int l1 = nd_local(rules, s1), lo, hi;
            partner_range(rules, l1, &lo, &hi); /* the ranges are symmetric */
            for (int l0 = lo; l0 < hi; l0++) {
                Square s0 = nd_square(rules, 0, l0);
                if (pos->board[s0] != EMPTY || ((st->mask[0] >> l0) & 1) || !nd_pair_allowed(rules, 0, l0, l1) ||
                    !in_reach(s0, king))
                    continue;
                if (exposes_if_placed(pos, s0, pos->board[s1])) {
                    total--;
                    if (st->last_kind == ND_LAST_BROKEN && st->last0 == l0 && st->last1 == l1)
                        forbid_counted = true;
                }
            }
        }
        if (twinkle && st->last_kind == ND_LAST_BROKEN && !forbid_counted) {
            Square s0 = nd_square(rules, 0, st->last0), s1 = nd_square(rules, 1, st->last1);
            if (!nd_linked(rules, st, s0) && !nd_linked(rules, st, s1) && piece_type(pos->board[s0]) != KING &&
                (pos->board[s0] == EMPTY || pos->board[s1] == EMPTY))
                total--;
        }
    }
    if (breaks_allowed(st)) {
        for (int i = 0; i < st->nlinks; i++) {
            if (twinkle && st->last_kind == ND_LAST_MADE && st->l0[i] == st->last0 && st->l1[i] == st->last1)
                continue;
            Square s0 = nd_square(rules, 0, st->l0[i]);
            total++;
            if (pos->board[s0] != EMPTY && !exposes_if_removed(pos, s0))
                total++;
        }
    }
    return total;
}

/* The same with more than two boards: the candidates listed and tested one by one. */
static int count_part2_listed(struct position *pos)
{
    struct move_list list;
    nd_generate_link_candidates(pos, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++)
        n += link_action_legal(pos, list.moves[i]);
    return n;
}

static int count_part2(struct position *pos)
{
    return nd_rules_of(pos)->board_count > 2 ? count_part2_listed(pos) : count_part2_from(pos, NULL, 0);
}

/* Ranks of the board changes recorded on the last undo entry. */
static unsigned journal_ranks(const struct position *pos)
{
    const struct undo *u = &pos->history[pos->ply - 1];
    unsigned ranks = 0;
    for (int i = 0; i < u->journal_count; i++)
        ranks |= 1u << square_rank(u->journal[i].sq & ~MIRROR_FLAG);
    return ranks;
}

/* Same-quadrant: at least two pairs of empty unlinked squares in one quadrant
 * (board 1's holes are OFFBOARD, never empty). */
static bool two_empty_quadrant_pairs(const struct position *pos, const struct nd_state *st)
{
    const struct nd_rules *rules = nd_rules_of(pos);
    int e0[4] = {0}, e1[4] = {0}, pairs = 0;
    for (int l = 0; l < 64; l++) {
        e0[nd_quadrant(l, 8, 8)] += pos->board[nd_square(rules, 0, l)] == EMPTY && !((st->mask[0] >> l) & 1);
        e1[nd_quadrant(l, rules->files[1], rules->ranks[1])] +=
            pos->board[nd_square(rules, 1, l)] == EMPTY && !((st->mask[1] >> l) & 1);
    }
    for (int q = 0; q < 4; q++)
        pairs += e0[q] * e1[q];
    return pairs >= 2;
}

/* Two empty unlinked squares that LinkSquares lets be linked, at least two
 * such pairs: at most one is the forbidden re-make, and linking two empty
 * squares never exposes a King. */
static bool two_empty_pairs(const struct position *pos, const struct nd_state *st)
{
    const struct nd_rules *rules = nd_rules_of(pos);
    int e0[2] = {0, 0}, e1[2] = {0, 0}, ee = 0;
    for (int r = 0; r < 8; r++) {
        int r0[2] = {0, 0}, r1[2] = {0, 0};
        for (int f = 0; f < 8; f++) {
            bool empty0 = pos->board[make_square(f, r)] == EMPTY && !((st->mask[0] >> (r * 8 + f)) & 1);
            bool empty1 = pos->board[make_square(ND_BOARD1_COL + f, r)] == EMPTY && !((st->mask[1] >> (r * 8 + f)) & 1);
            r0[(f + r) & 1] += empty0;
            r1[(f + r) & 1] += empty1;
            ee += empty0 && empty1;
        }
        if (rules->link_squares == ND_SQUARES_SAME_RANK && (r0[0] + r0[1]) * (r1[0] + r1[1]) >= 2)
            return true;
        for (int c = 0; c < 2; c++)
            e0[c] += r0[c], e1[c] += r1[c];
    }
    switch (rules->link_squares) {
    case ND_SQUARES_SAME_QUADRANT: return two_empty_quadrant_pairs(pos, st);
    case ND_SQUARES_SAME_SQUARE: return ee >= 2;
    case ND_SQUARES_SAME_COLOUR: return e0[0] * e1[0] >= 2 || e0[1] * e1[1] >= 2;
    case ND_SQUARES_ANY: return (e0[0] + e0[1]) * (e1[0] + e1[1]) >= 2;
    default: return false;
    }
}

/* Whether any link action is legal: the usual answer comes at once (an
 * unforbidden link to break, or two pairs of empty squares to link); anything
 * else is counted. */
static bool has_part2(struct position *pos)
{
    const struct nd_state *st = nd_cst(pos);
    bool twinkle = st->phase == ND_PHASE_TWINKLE;
    if (breaks_allowed(st))
        for (int i = 0; i < st->nlinks; i++)
            if (!(twinkle && st->last_kind == ND_LAST_MADE && st->l0[i] == st->last0 && st->l1[i] == st->last1 &&
                  st->lb[i] == st->lastb))
                return true;
    if (makes_allowed(pos, st) && nd_rules_of(pos)->board_count == 2 && two_empty_pairs(pos, st))
        return true;
    return count_part2(pos) > 0;
}

/* ---- Legality of part 1 ------------------------------------------------------------------ */

static bool part1_legal_by_making(struct position *pos, Move m)
{
    Color us = pos->side;
    apply_part1(pos, m);
    bool safe = !chess_square_attacked(pos, pos->king_sq[us], us ^ 1);
    undo_step(pos);
    return safe;
}

/* A part-1 move can expose the King only by taking a piece off board 0 (its
 * board-0 location, whichever location it moves from) or by en passant; it
 * cannot by adding a piece (a capture lands where the captured piece stood). */
static void filter_part1(struct position *pos, struct move_list *list)
{
    const struct nd_state *st = nd_cst(pos);
    struct chess_pins pins;
    chess_find_pins(pos, &pins);
    Square king = pos->king_sq[pos->side];
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        Square from = move_from(m);
        bool legal;
        if (from == king)
            legal = move_kind(m) == MK_CASTLE ? part1_legal_by_making(pos, m) : chess_king_step_safe(pos, m);
        else if (pins.in_check || move_kind(m) == MK_EN_PASSANT ||
                 chess_is_pinned(&pins, canonical(nd_rules_of(pos), st, from)))
            legal = part1_legal_by_making(pos, m);
        else
            legal = true;
        if (legal)
            list->moves[n++] = m;
    }
    list->count = n;
}

/* ---- Generation entry points --------------------------------------------------------------- */

_Static_assert(MAX_MOVES >= 62 * 64 + 2 * ND_LINK_SLOTS, "link lists need room (LinkSquares=any: 62 King-free board-0 squares x 64)");

/* A link action and its rank in one key: ascending keys are descending
 * scores, ties by ascending move (the scores' sign bit flipped so that an
 * unsigned comparison orders them). Moves are distinct, so the order is total
 * and any correct sort gives the same list. */
static uint64_t rank_key(int score, Move m)
{
    uint32_t high = (uint32_t)-(int64_t)score ^ 0x80000000u;
    return (uint64_t)high << 32 | m;
}

/* Bottom-up merge sort of n keys, ascending, through tmp (room for n). */
static void sort_keys(uint64_t *keys, uint64_t *tmp, int n)
{
    uint64_t *from = keys, *to = tmp;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = from[j] < from[i] ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        uint64_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != keys)
        memcpy(keys, from, (size_t)n * sizeof keys[0]);
}

/* The legal link actions, best-ranked first; only the best one if `best_only`. */
static void gen_part2(struct position *pos, struct move_list *list, bool best_only)
{
    nd_generate_link_candidates(pos, list);
    struct nd_link_scorer sc;
    nd_link_scorer_init(&sc, pos);
    uint64_t keys[MAX_MOVES], tmp[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (link_action_legal(pos, m)) {
            uint64_t key = rank_key(nd_link_scorer_score(&sc, m), m);
            if (!best_only || n == 0)
                keys[n++] = key;
            else if (key < keys[0])
                keys[0] = key;
        }
    }
    sort_keys(keys, tmp, n);
    for (int i = 0; i < n; i++)
        list->moves[i] = (Move)keys[i];
    list->count = n;
}

void nd_generate(struct position *pos, struct move_list *list)
{
    list->count = 0;
    if (nd_cst(pos)->part2) {
        gen_part2(pos, list, false);
        return;
    }
    gen_part1_pseudo(pos, list, false);
    filter_part1(pos, list);
}

/* Quiescence: captures in part 1; in part 2 only the best-ranked link action,
 * so that the search can go on to the replies. */
void nd_generate_noisy(struct position *pos, struct move_list *list)
{
    list->count = 0;
    if (nd_cst(pos)->part2) {
        gen_part2(pos, list, true);
        return;
    }
    gen_part1_pseudo(pos, list, true);
    filter_part1(pos, list);
}

static bool white_first_turn(const struct position *pos) { return pos->side == WHITE && pos->fullmove == 1; }

void nd_make(struct position *pos, Move m)
{
    struct nd_state *st = nd_st(pos);
    if (st->part2) {
        pos_push_undo(pos, m, ND_EXT_SIZE, false);
        pos->key ^= nd_ext_key(pos);
        apply_link(pos, m);
        end_turn(pos, move_kind(m) == MK_LINK ? ND_LAST_MADE : ND_LAST_BROKEN, move_from(m), move_to(m));
        pos->key ^= nd_ext_key(pos);
        return;
    }
    uint64_t old_ext = nd_ext_key(pos);
    apply_part1(pos, m);
    pos->key ^= old_ext;
    if (!white_first_turn(pos) && has_part2(pos))
        st->part2 = 1;
    else
        end_turn(pos, ND_LAST_NONE, NO_SQUARE, NO_SQUARE);
    pos->key ^= nd_ext_key(pos);
}

void nd_unmake(struct position *pos, Move m)
{
    (void)m;
    undo_step(pos);
}

bool nd_is_capture(const struct position *pos, Move m)
{
    int kind = move_kind(m);
    if (kind == MK_LINK || kind == MK_UNLINK || kind == MK_CASTLE)
        return false;
    return kind == MK_EN_PASSANT || pos->board[move_to(m)] != EMPTY;
}

/* Turns = sum over legal part-1 moves of the legal link actions after it (1 when none). */
uint64_t nd_count_turns(struct position *pos)
{
    if (nd_cst(pos)->part2)
        return (uint64_t)count_part2(pos);
    struct move_list list;
    list.count = 0;
    gen_part1_pseudo(pos, &list, false);
    filter_part1(pos, &list);
    if (white_first_turn(pos))
        return (uint64_t)list.count;
    if (nd_rules_of(pos)->board_count > 2) {
        uint64_t total = 0;
        for (int i = 0; i < list.count; i++) {
            apply_part1(pos, list.moves[i]);
            int n = count_part2_listed(pos);
            total += n > 0 ? (uint64_t)n : 1;
            undo_step(pos);
        }
        return total;
    }
    /* Part 1 changes one to three ranks: the others keep their count of makes. */
    struct rank_tally base[8];
    for (int r = 0; r < 8; r++)
        rank_tally(pos, nd_cst(pos), r, &base[r]);
    uint64_t total = 0;
    int links = nd_cst(pos)->nlinks;
    for (int i = 0; i < list.count; i++) {
        apply_part1(pos, list.moves[i]);
        /* A King breaking a link frees its board-1 location, on another rank when links leave the rank. */
        unsigned dirty = nd_cst(pos)->nlinks == links ? journal_ranks(pos) : 0xFF;
        int n = count_part2_from(pos, base, dirty);
        total += n > 0 ? (uint64_t)n : 1;
        undo_step(pos);
    }
    return total;
}
