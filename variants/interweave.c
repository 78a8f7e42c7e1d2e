/* Rule Zero: Interweave rules — generation, make/unmake, FEN hooks, text. */
#include "variants/core/error.h"
#include "variants/interweave.h"
#include "variants/nnue_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define N_ (BOARD_STRIDE)
const int iw_orth[4] = {N_, -N_, 1, -1};
const int iw_diag[4] = {N_ + 1, N_ - 1, -N_ + 1, -N_ - 1};
const int iw_dknight_to[8] = {4 * N_ + 2, 4 * N_ - 2, -4 * N_ + 2, -4 * N_ - 2,
                              2 * N_ + 4, 2 * N_ - 4, -2 * N_ + 4, -2 * N_ - 4};
const int iw_dknight_mid[8] = {2 * N_ + 1, 2 * N_ - 1, -2 * N_ + 1, -2 * N_ - 1,
                               N_ + 2, N_ - 2, -N_ + 2, -N_ - 2};

static inline int forward(Color c) { return c == WHITE ? N_ : -N_; }
/* Rank counted from the side's own first rank, 0..7. */
static inline int rel_rank(Square sq, Color c) { return c == WHITE ? square_rank(sq) : 7 - square_rank(sq); }
static inline int sign(int x) { return (x > 0) - (x < 0); }

/* Unit orthogonal direction from `from` towards `to` on the same line, 0 when not on one. */
static int orth_dir(Square from, Square to)
{
    int df = square_col(to) - square_col(from), dr = square_rank(to) - square_rank(from);
    if (df == 0 && dr != 0)
        return sign(dr) * N_;
    if (dr == 0 && df != 0)
        return sign(df);
    return 0;
}

/* ---- Settings: the `Captures` option ----------------------------------------------
 * `compulsory-chains` (the published game): a capture must be made when one
 * exists and the capturing piece goes on capturing. `optional-single`
 * (Aronson's first version): captures are optional and a turn is one step, so
 * it takes the victims of one capture at most. Rules values are immutable
 * except through set_option, which the protocols call only while no search
 * runs. */

struct iw_rules {
    bool optional_single;
};

static const struct iw_rules iw_default_rules = {false};

#define IW_CAPTURES_CHOICES "compulsory-chains /// optional-single"

static inline bool captures_optional(const struct position *pos)
{
    const struct iw_rules *r = pos->rules;
    return r && r->optional_single;
}

/* ---- Promotion --------------------------------------------------------------- */

/* The type of a declared promotion letter (variants/interweave_game.c). */
static int promo_type(const struct position *pos, char letter)
{
    const char *letters = pos->variant->piece_letters;
    return (int)(strchr(letters, letter) - letters);
}

/* Bit t set when side c may promote to type t: a declared promotion, fewer
 * than two of it on the board. */
static unsigned promo_available(const struct position *pos, Color c)
{
    int count[IW_TYPES] = {0};
    for (int i = 0; i < pos->pcount[c]; i++)
        count[piece_type(pos->board[pos->plist[c][i]])]++;
    unsigned mask = 0;
    for (const char *p = interweave_game.promotion; *p; p++)
        if (count[promo_type(pos, *p)] < 2)
            mask |= 1u << promo_type(pos, *p);
    return mask;
}

/* ---- Generation ----------------------------------------------------------------
 * One pass fills `caps` with capture steps and, while no capture has been
 * found and `quiets` is not NULL, `quiets` with the others. */

struct gen {
    const struct position *pos;
    Color us;
    int own, enemy; /* colour bits */
    struct move_list *caps;
    struct move_list *quiets;
    bool keep_quiets; /* captures optional: a capture does not drop the quiet steps */
};

static inline void add_step(struct gen *g, Square from, Square to, int kind, int promo, bool capture)
{
    if (capture) {
        move_list_add(g->caps, make_move(from, to, kind, promo | IW_EXTRA_CAPTURE));
        if (!g->keep_quiets)
            g->quiets = NULL;
    } else if (g->quiets) {
        move_list_add(g->quiets, make_move(from, to, kind, promo));
    }
}

static void gen_diagonal_slides(struct gen *g, Square from)
{
    if (!g->quiets)
        return;
    const Piece *b = g->pos->board;
    for (int i = 0; i < 4; i++)
        for (Square s = from + iw_diag[i]; b[s] == EMPTY; s += iw_diag[i])
            move_list_add(g->quiets, make_move(from, s, MK_NORMAL, 0));
}

/* Whether a Pawn of ours standing on `to` sandwiches an enemy (board as it is).
 * Most squares have no enemy next to them at all, which one test rules out. */
static inline bool custodian_any(const struct gen *g, Square to)
{
    const Piece *b = g->pos->board;
    if (!((b[to + N_] | b[to - N_] | b[to + 1] | b[to - 1]) & g->enemy))
        return false;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i];
        if ((b[to + d] & g->enemy) && (b[to + 2 * d] & g->own))
            return true;
    }
    return false;
}

static void add_pawn_step(struct gen *g, Square from, Square to, int kind, bool capture)
{
    int rr = rel_rank(to, g->us);
    if (rr < 6) {
        add_step(g, from, to, kind, 0, capture);
        return;
    }
    if (rr == 6)
        add_step(g, from, to, kind, 0, capture);
    unsigned avail = promo_available(g->pos, g->us);
    for (const char *p = interweave_game.promotion; *p; p++)
        if (avail & (1u << promo_type(g->pos, *p)))
            add_step(g, from, to, kind, promo_type(g->pos, *p), capture);
}

/* A diagonal step onto an empty square: a capture when it sandwiches. */
static inline void add_quiet_pawn_step(struct gen *g, Square from, Square to, int kind)
{
    bool capture = custodian_any(g, to);
    if (capture || g->quiets)
        add_pawn_step(g, from, to, kind, capture);
}

static void gen_pawn(struct gen *g, Square from)
{
    const struct position *pos = g->pos;
    const Piece *b = pos->board;
    int fwd = forward(g->us);
    for (int dx = -1; dx <= 1; dx += 2) {
        Square to = from + fwd + dx;
        if (b[to] != EMPTY)
            continue;
        add_quiet_pawn_step(g, from, to, MK_NORMAL);
        if (rel_rank(from, g->us) == 1 && b[to + fwd + dx] == EMPTY)
            add_quiet_pawn_step(g, from, to + fwd + dx, MK_DOUBLE_PAWN);
    }
    Square over = from + fwd, land = from + 2 * fwd;
    if (b[land] != EMPTY)
        return;
    if (b[over] & g->enemy) {
        add_pawn_step(g, from, land, MK_NORMAL, true);
    } else if (over == pos->ep && pos->ep != NO_SQUARE) {
        Square victim = iw_cstate(pos)->ep_victim;
        if (victim && b[victim] == make_piece(g->us ^ 1, IW_PAWN))
            add_pawn_step(g, from, land, MK_EN_PASSANT, true);
    }
}

static void gen_king(struct gen *g, Square from)
{
    const Piece *b = g->pos->board;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i];
        if ((b[from + d] & g->enemy) && b[from + 2 * d] == EMPTY)
            add_step(g, from, from + 2 * d, MK_NORMAL, 0, true);
    }
    if (!g->quiets)
        return;
    for (int i = 0; i < 4; i++)
        if (b[from + iw_diag[i]] == EMPTY)
            move_list_add(g->quiets, make_move(from, from + iw_diag[i], MK_NORMAL, 0));
}

static void gen_smasher(struct gen *g, Square from)
{
    const Piece *b = g->pos->board;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i];
        Square s = from + d;
        for (int k = 1; b[s] == EMPTY; k++, s += d)
            if (!(k & 1))
                add_step(g, from, s, MK_NORMAL, 0, (b[s + d] & g->enemy) != 0);
    }
    gen_diagonal_slides(g, from);
}

static void gen_leaper(struct gen *g, Square from)
{
    const Piece *b = g->pos->board;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i];
        Square s = from + d;
        int k = 1;
        for (; b[s] == EMPTY; k++, s += d)
            if (!(k & 1) && g->quiets)
                move_list_add(g->quiets, make_move(from, s, MK_NORMAL, 0));
        if (!(k & 1) || !(b[s] & g->enemy))
            continue;
        /* Long leap over the enemy at odd distance k. */
        for (s += d, k++; b[s] == EMPTY; k++, s += d)
            if (!(k & 1))
                add_step(g, from, s, MK_NORMAL, 0, true);
    }
    for (int i = 0; i < 8; i++) {
        /* The midpoint first: when it is off the board so is the target, which
         * from the lowest ranks may lie outside the mailbox array. */
        Piece mid = b[from + iw_dknight_mid[i]];
        if (mid == OFFBOARD || (mid & g->own))
            continue;
        Square to = from + iw_dknight_to[i];
        if (b[to] != EMPTY)
            continue;
        add_step(g, from, to, MK_NORMAL, 0, (mid & g->enemy) != 0);
    }
    gen_diagonal_slides(g, from);
}

static void gen_remover(struct gen *g, Square from)
{
    const Piece *b = g->pos->board;
    for (int i = 0; i < 4; i++)
        if (b[from + iw_orth[i]] & g->enemy) {
            add_step(g, from, from, IW_REMOVE, 0, true);
            break;
        }
    gen_diagonal_slides(g, from);
}

static void gen_piece(struct gen *g, Square from)
{
    switch (piece_type(g->pos->board[from])) {
    case IW_PAWN: gen_pawn(g, from); break;
    case IW_SMASHER: gen_smasher(g, from); break;
    case IW_LEAPER: gen_leaper(g, from); break;
    case IW_REMOVER: gen_remover(g, from); break;
    case IW_KING: gen_king(g, from); break;
    default: break;
    }
}

static void gen_init(struct gen *g, const struct position *pos, struct move_list *caps, struct move_list *quiets)
{
    g->pos = pos;
    g->us = pos->side;
    g->own = COLOR_BIT(pos->side);
    g->enemy = COLOR_BIT(pos->side ^ 1);
    g->caps = caps;
    g->quiets = quiets;
    g->keep_quiets = false;
}

static bool game_decided(const struct position *pos)
{
    const struct iw_state *st = iw_cstate(pos);
    return st->kings[WHITE] < 2 || st->kings[BLACK] < 2;
}

/* Legal steps into `list`; with `captures_only`, an empty list when the turn
 * start has no capture (quiet turns are not forcing). Quiet steps go straight
 * into `list` and captures into a side list (they are the rarer kind), which
 * replaces them as soon as there is one. */
static void generate_steps(struct position *pos, struct move_list *list, bool captures_only)
{
    list->count = 0;
    if (game_decided(pos))
        return;
    struct gen g;
    const struct iw_state *st = iw_cstate(pos);
    if (st->pending) {
        gen_init(&g, pos, list, NULL);
        gen_piece(&g, st->pending);
        return;
    }
    struct move_list caps;
    caps.count = 0;
    gen_init(&g, pos, &caps, captures_only ? NULL : list);
    g.keep_quiets = captures_optional(pos);
    for (int i = 0; i < pos->pcount[pos->side]; i++)
        gen_piece(&g, pos->plist[pos->side][i]);
    if (g.keep_quiets && !captures_only) {
        /* Captures first (move ordering), then the quiet steps. */
        memmove(list->moves + caps.count, list->moves, (size_t)list->count * sizeof list->moves[0]);
        memcpy(list->moves, caps.moves, (size_t)caps.count * sizeof caps.moves[0]);
        list->count += caps.count;
    } else if (caps.count > 0 || captures_only) {
        memcpy(list->moves, caps.moves, (size_t)caps.count * sizeof caps.moves[0]);
        list->count = caps.count;
    }
}

void iw_generate(struct position *pos, struct move_list *list) { generate_steps(pos, list, false); }

void iw_generate_noisy(struct position *pos, struct move_list *list) { generate_steps(pos, list, true); }

static bool piece_can_capture(const struct position *pos, Square sq)
{
    struct move_list caps;
    struct gen g;
    caps.count = 0;
    gen_init(&g, pos, &caps, NULL);
    gen_piece(&g, sq);
    return caps.count > 0;
}

/* ---- Victims -------------------------------------------------------------------- */

/* Enemies sandwiched by a Pawn arriving on `at` from `from` (board before the
 * step: `from` counts as vacated; `skip` is the leap victim). */
static int add_custodians(const struct position *pos, Square from, Square at, Color us, Square skip, Square *out,
                          int n)
{
    int own = COLOR_BIT(us), enemy = COLOR_BIT(us ^ 1);
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i];
        Square v = at + d;
        if (v != skip && v + d != from && (pos->board[v] & enemy) && (pos->board[v + d] & own))
            out[n++] = v;
    }
    return n;
}

int iw_victims(const struct position *pos, Move m, Square out[IW_MAX_VICTIMS])
{
    if (!iw_is_capture_step(m))
        return 0;
    Square from = move_from(m), to = move_to(m);
    Piece mover = pos->board[from];
    Color us = piece_color(mover);
    int enemy = COLOR_BIT(us ^ 1);
    int n = 0;
    switch (piece_type(mover)) {
    case IW_PAWN: {
        int fwd = forward(us);
        Square skip = NO_SQUARE;
        if (move_kind(m) == MK_EN_PASSANT) {
            out[n++] = iw_cstate(pos)->ep_victim;
        } else if (to == from + 2 * fwd) {
            out[n++] = skip = from + fwd;
        }
        n = add_custodians(pos, from, to, us, skip, out, n);
        break;
    }
    case IW_SMASHER: out[n++] = to + orth_dir(from, to); break;
    case IW_KING: out[n++] = (from + to) / 2; break;
    case IW_REMOVER:
        for (int i = 0; i < 4; i++)
            if (pos->board[from + iw_orth[i]] & enemy)
                out[n++] = from + iw_orth[i];
        break;
    case IW_LEAPER: {
        int d = orth_dir(from, to);
        if (!d) {
            out[n++] = from + (to - from) / 2; /* double Knight: the midpoint */
        } else {
            Square s = from + d;
            while (pos->board[s] == EMPTY)
                s += d;
            out[n++] = s;
        }
        break;
    }
    default: break;
    }
    return n;
}

/* ---- Make / unmake ------------------------------------------------------------------ */

static void set_pending(struct position *pos, Square sq)
{
    struct iw_state *st = iw_state(pos);
    if (st->pending)
        pos->key ^= zobrist.ext[IW_KEY_PENDING + st->pending];
    st->pending = (uint16_t)sq;
    if (sq)
        pos->key ^= zobrist.ext[IW_KEY_PENDING + sq];
}

static void set_ep(struct position *pos, Square ep, Square victim)
{
    struct iw_state *st = iw_state(pos);
    if (pos->ep != ep)
        pos_set_ep(pos, ep);
    if (st->ep_victim)
        pos->key ^= zobrist.ext[IW_KEY_EP_VICTIM + st->ep_victim];
    st->ep_victim = (uint16_t)victim;
    if (victim)
        pos->key ^= zobrist.ext[IW_KEY_EP_VICTIM + victim];
}

void iw_make(struct position *pos, Move m)
{
    struct iw_state *st = iw_state(pos);
    pos_push_undo(pos, m, (int)sizeof(struct iw_state), st->pending == 0);
    Square from = move_from(m), to = move_to(m);
    Color us = pos->side;
    Piece mover = pos->board[from];
    Square victims[IW_MAX_VICTIMS];
    int nv = iw_victims(pos, m, victims);
    bool capture = iw_is_capture_step(m);
    if (move_kind(m) != IW_REMOVE)
        pos_move_piece(pos, from, to);
    if (move_promo(m))
        pos_journal_set(pos, to, make_piece(us, move_promo(m)));
    bool king_taken = false;
    for (int i = 0; i < nv; i++) {
        if (piece_type(pos->board[victims[i]]) == IW_KING) {
            st->kings[us ^ 1]--;
            king_taken = true;
        }
        pos_journal_set(pos, victims[i], EMPTY);
    }
    pos->halfmove = capture || piece_type(mover) == IW_PAWN ? 0 : pos->halfmove + 1;
    if (capture && !king_taken && !captures_optional(pos) && piece_can_capture(pos, to)) {
        set_pending(pos, to);
        return;
    }
    set_pending(pos, NO_SQUARE);
    if (move_kind(m) == MK_DOUBLE_PAWN)
        set_ep(pos, (from + to) / 2, to);
    else
        set_ep(pos, NO_SQUARE, NO_SQUARE);
    if (us == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}

void iw_unmake(struct position *pos, Move m)
{
    pos_journal_revert(pos);
    if (move_kind(m) != IW_REMOVE)
        pos_move_piece(pos, move_to(m), move_from(m));
    pos_pop_undo(pos, (int)sizeof(struct iw_state));
}

/* Exact count of whole turns: quiet steps are turns; chains are followed
 * (with optional captures every step is a whole turn). */
uint64_t iw_count_turns(struct position *pos)
{
    struct move_list list;
    iw_generate(pos, &list);
    if (list.count == 0 || !iw_is_capture_step(list.moves[0]) || captures_optional(pos))
        return (uint64_t)list.count;
    uint64_t n = 0;
    Color side = pos->side;
    for (int i = 0; i < list.count; i++) {
        iw_make(pos, list.moves[i]);
        n += pos->side != side ? 1 : iw_count_turns(pos);
        iw_unmake(pos, list.moves[i]);
    }
    return n;
}

static bool iw_is_capture(const struct position *pos, Move m)
{
    (void)pos;
    return iw_is_capture_step(m);
}

static bool iw_in_check(const struct position *pos)
{
    (void)pos;
    return false;
}

static struct outcome iw_outcome(struct position *pos, int legal_steps)
{
    const struct iw_state *st = iw_cstate(pos);
    struct outcome o = {RESULT_NONE, NULL};
    if (st->kings[WHITE] < 2) {
        o.result = RESULT_BLACK_WINS;
        o.reason = "Black captures a King";
    } else if (st->kings[BLACK] < 2) {
        o.result = RESULT_WHITE_WINS;
        o.reason = "White captures a King";
    } else if (legal_steps == 0) {
        o.result = pos->side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
        o.reason = pos->side == WHITE ? "White has no legal move" : "Black has no legal move";
    }
    return o;
}

/* ---- Text --------------------------------------------------------------------------- */

static void iw_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    const struct geometry *g = &pos->variant->geo;
    char from[8], to[8];
    geo_square_name(g, move_from(m), from);
    geo_square_name(g, move_to(m), to);
    if (move_promo(m))
        snprintf(out, n, "%s%s%c", from, to, pos->variant->piece_letters[move_promo(m)] + ('a' - 'A'));
    else
        snprintf(out, n, "%s%s", from, to);
}

/* Readable: the piece letter (none for a Pawn) and its square, then each
 * square where the chain lands, after `x` when that step captured and `-`
 * when it did not, with `=R` where it promotes: `Nc1xe5`, `Ra1xa3xc3`,
 * `e2-d3`, `a7-b8=N`. A Remover's capture, where it stays, is its square and
 * `x`: `Bc3x`. */
static void iw_notation_step(struct position *pos, Move m, int index, char *out, size_t n)
{
    const struct variant *v = pos->variant;
    char from[8] = "", to[8] = "", promo[4] = "";
    int type = piece_type(pos->board[move_from(m)]);
    if (index == 0) {
        size_t len = 0;
        if (v->piece_letters[type] != 'P')
            from[len++] = v->piece_letters[type];
        geo_square_name(&v->geo, move_from(m), from + len);
    }
    if (move_to(m) != move_from(m))
        geo_square_name(&v->geo, move_to(m), to);
    if (move_promo(m))
        snprintf(promo, sizeof promo, "=%c", v->piece_letters[move_promo(m)]);
    snprintf(out, n, "%s%c%s%s", from, v->is_capture(pos, m) ? 'x' : '-', to, promo);
}

/* ---- FEN ---------------------------------------------------------------------------- */


static uint64_t iw_ext_key(const struct position *pos)
{
    const struct iw_state *st = iw_cstate(pos);
    uint64_t key = 0;
    if (st->pending)
        key ^= zobrist.ext[IW_KEY_PENDING + st->pending];
    if (st->ep_victim)
        key ^= zobrist.ext[IW_KEY_EP_VICTIM + st->ep_victim];
    return key;
}

/* The square a double step onto `at` started from, through `over`. */
static Square ep_origin(Square over, Square at) { return over - (at - over); }

/* Enemy Pawns (of the side to move) that may have double-stepped over `over`. */
static int ep_candidates(const struct position *pos, Square over, Square out[2])
{
    Color them = pos->side ^ 1;
    int n = 0;
    for (int dx = -1; dx <= 1; dx += 2) {
        Square at = over + forward(them) + dx;
        if (pos->board[at] == make_piece(them, IW_PAWN) && pos->board[ep_origin(over, at)] == EMPTY)
            out[n++] = at;
    }
    return n;
}

static int iw_read_ep(struct position *pos, const char *field, char *err, size_t errlen)
{
    if (strcmp(field, "-") == 0)
        return 0;
    const struct geometry *g = &pos->variant->geo;
    const char *s = field;
    Square over = geo_parse_square(g, &s);
    int file = -1;
    if (over != NO_SQUARE && s[0] == ',' && s[1] >= 'a' && s[1] < 'a' + g->files && s[2] == '\0') {
        file = s[1] - 'a';
        s += 2;
    }
    if (over == NO_SQUARE || *s)
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): expected a square, optionally followed by ,FILE");
    Color them = pos->side ^ 1;
    if (rel_rank(over, them) != 2 || pos->board[over] != EMPTY)
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): not an empty square on the double-step rank");
    Square cand[2];
    int n = ep_candidates(pos, over, cand);
    Square victim = NO_SQUARE;
    for (int i = 0; i < n; i++)
        if (file < 0 ? n == 1 : geo_file(g, cand[i]) == file)
            victim = cand[i];
    if (victim == NO_SQUARE)
        return error_set(err, errlen, "invalid FEN: %s",
                         n == 2 && file < 0 ? "field 4 (en passant): two Pawns may have passed over it: add ,FILE"
                                           : "field 4 (en passant): no Pawn has just passed over that square");
    pos->ep = over;
    iw_state(pos)->ep_victim = (uint16_t)victim;
    return 0;
}

static void iw_write_ep(const struct position *pos, char *out, size_t n)
{
    if (pos->ep == NO_SQUARE || !iw_cstate(pos)->ep_victim) {
        snprintf(out, n, "-");
        return;
    }
    const struct geometry *g = &pos->variant->geo;
    char name[8];
    geo_square_name(g, pos->ep, name);
    Square cand[2];
    if (ep_candidates(pos, pos->ep, cand) == 2)
        snprintf(out, n, "%s,%c", name, 'a' + geo_file(g, iw_cstate(pos)->ep_victim));
    else
        snprintf(out, n, "%s", name);
}

static int iw_validate(struct position *pos, char *err, size_t errlen)
{
    struct iw_state *st = iw_state(pos);
    st->pending = 0;
    for (Color c = WHITE; c <= BLACK; c++) {
        int kings = 0;
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if (type == IW_KING)
                kings++;
            if (type == IW_PAWN && (rel_rank(sq, c) == 0 || rel_rank(sq, c) == 7))
                return error_set(err, errlen, "invalid FEN: field 1 (placement): a Pawn on its first or last rank");
        }
        if (kings > 2)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): a side has more than two Kings");
        st->kings[c] = (uint8_t)kings;
    }
    if (st->kings[WHITE] < 2 && st->kings[BLACK] < 2)
        return error_set(err, errlen, "invalid FEN: field 1 (placement): both sides have lost a King");
    return 0;
}

/* ---- Settings hooks ----------------------------------------------------------------- */

static const struct variant_option iw_options[] = {
    {"Captures", "combo", "compulsory-chains", IW_CAPTURES_CHOICES},
};

static void *iw_rules_new(char *err, size_t errlen)
{
    struct iw_rules *r = malloc(sizeof *r);
    if (!r) {
        error_set(err, errlen, "Captures: out of memory");
        return NULL;
    }
    *r = iw_default_rules;
    return r;
}

static void iw_rules_free(void *rules) { free(rules); }

static int iw_set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    struct iw_rules *r = rules;
    if (!name || strcasecmp(name, "Captures") != 0)
        return error_set(err, errlen, "unknown option '%s'", name ? name : "");
    if (value && strcasecmp(value, "compulsory-chains") == 0)
        r->optional_single = false;
    else if (value && strcasecmp(value, "optional-single") == 0)
        r->optional_single = true;
    else
        return error_set(err, errlen, "Captures: '%s' is not one of compulsory-chains, optional-single",
                         value ? value : "");
    return 0;
}

static void iw_get_option(const void *rules, const char *name, char *out, size_t n)
{
    const struct iw_rules *r = rules;
    if (name && strcasecmp(name, "Captures") == 0)
        snprintf(out, n, "%s", r->optional_single ? "optional-single" : "compulsory-chains");
    else if (n)
        out[0] = '\0';
}

static void iw_reset_rules(struct position *pos) { pos->rules = &iw_default_rules; }

static bool iw_captures_compulsory(const struct position *pos) { return !captures_optional(pos); }

/* ---- The entry ----------------------------------------------------------------------- */

static const char *const iw_bench[] = {
    "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1",
    "rb1kk1br/p1p1p1pp/8/1p5p/P1pPn3/8/PPBP1nPP/R2KKNBR w - - 0 7",
    "1bnkk1br/p1p1pp1p/8/1P1p1p2/7n/6P1/PPrPPPP1/RB1KKNB1 b - - 0 6",
    NULL,
};

const struct variant variant_interweave = {
    .id = "interweave",
    .title = "Interweave",
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    .start_fen = "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1",
    .bench_fens = iw_bench,
    .bench_depth = 10,
    .piece_letters = ".PRNBK",
    .royal_type = 0,
    .ext_size = (int)sizeof(struct iw_state),
    .steps_are_turns = false,
    .validate = iw_validate,
    .ext_key = iw_ext_key,
    .read_ep = iw_read_ep,
    .write_ep = iw_write_ep,
    .generate = iw_generate,
    .make = iw_make,
    .unmake = iw_unmake,
    .in_check = iw_in_check,
    .is_capture = iw_is_capture,
    .outcome = iw_outcome,
    .count_turns = iw_count_turns,
    .format_step = iw_format_step,
    .notation_step = iw_notation_step,
    .evaluate = iw_evaluate, .eval_params = &iw_eval_params,
    .generate_noisy = iw_generate_noisy,
    .allow_null_move = false,
    .captures_compulsory = true,
    .captures_compulsory_at = iw_captures_compulsory,
    .options = iw_options,
    .option_count = 1,
    .rules_new = iw_rules_new,
    .rules_free = iw_rules_free,
    .set_option = iw_set_option,
    .get_option = iw_get_option,
    .reset_rules = iw_reset_rules,
    .piece_values = iw_piece_values,
    .nnue_state_count = IW_NNUE_STATE,
    .nnue_state_active = iw_nnue_state,
    .has_check = false,
    .repetition = REPETITION_LOSES_FOR_MOVER,
};
