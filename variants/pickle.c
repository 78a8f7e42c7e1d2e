/* Simple Pickle Single Square Chess (Ralph Betza): orthodox chess where one
 * square of the board (setting `Link`, default e4) also has a second
 * location beside the board's edge (default x5, left of a5). The square
 * exists in both places: a piece on it stands on both, may move from either
 * and is attacked from either; a rider that passes over the square goes on
 * along its own line and never jumps to the other location.
 *
 * Representation (variants/ssq.h): the board sits in mailbox columns 1-8; a
 * piece on the linked square is written into the board array on both
 * locations (so slides stop at both and attacks are found from both), but
 * listed and keyed once, at its board location. Steps always name the board
 * location, so a move that reaches the square by either location is one
 * step; the ranks of the square are its board location's (promotion,
 * double steps, en passant). Rules: docs/rules/pickle.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/nnue_state.h"
#include "variants/family.h"
#include "variants/ssq.h"

/* ---- Rules and the Link setting ------------------------------------------------ */

static const struct variant_option pickle_options[] = {
    {"Link", "string", SSQ_DEFAULT, NULL},
};

void *pickle_rules_create(const struct game_decl *g, const char *link, char *err, size_t errlen)
{
    return ssq_rules_create(g, "Link", link, 1, 8, err, errlen);
}

static void pickle_rules_free(void *rules) { free(rules); }

static int pickle_set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    if (name && strcasecmp(name, "Link") == 0)
        return ssq_parse_pair(rules, "Link", value, 1, 8, err, errlen);
    return error_set(err, errlen, "unknown option '%s'", name ? name : "");
}

static void pickle_get_option(const void *rules, const char *name, char *out, size_t n)
{
    if (name && strcasecmp(name, "Link") == 0)
        ssq_pair_text(rules, out, n);
    else if (n)
        out[0] = '\0';
}

/* ---- The two locations ------------------------------------------------------------ */

static inline Square board_location(const struct ssq_rules *r, Square sq)
{
    return sq == r->added_sq ? r->board_sq : sq;
}

/* The added location shows what stands on the board location. */
static inline void mirror(struct position *pos)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    pos->board[r->added_sq] = pos->board[r->board_sq];
}

static Square pickle_listed_square(const struct position *pos, Square sq)
{
    return board_location(ssq_rules_of(pos), sq);
}

static bool pickle_state_ok(const struct position *pos)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    return pos->board[r->added_sq] == pos->board[r->board_sq];
}

/* Is the square sq (a board location) attacked by `by`, from either location? */
static bool attacked(const struct position *pos, Square sq, Color by)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    return chess_square_attacked(pos, sq, by) || (sq == r->board_sq && chess_square_attacked(pos, r->added_sq, by));
}

static bool pickle_in_check(const struct position *pos)
{
    return attacked(pos, pos->king_sq[pos->side], pos->side ^ 1);
}

/* ---- Make / unmake: the chess family's, on board locations ------------------------- */

static void pickle_make(struct position *pos, Move m)
{
    pos->board[ssq_rules_of(pos)->added_sq] = EMPTY;
    chess_make(pos, m);
    mirror(pos);
}

static void pickle_unmake(struct position *pos, Move m)
{
    pos->board[ssq_rules_of(pos)->added_sq] = EMPTY;
    chess_unmake(pos, m);
    mirror(pos);
}

/* ---- Generation ------------------------------------------------------------------- */

/* Adds the step from location `from` to location `to` under their board
 * names; a step that does not leave the square is none. */
static void add_step(struct move_list *list, const struct ssq_rules *r, Square from, Square to, int kind, int extra)
{
    Square f = board_location(r, from), t = board_location(r, to);
    if (f != t)
        move_list_add(list, make_move(f, t, kind, extra));
}

static void add_pawn_step(struct move_list *list, const struct position *pos, Square from, Square to)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    int last_rank = pos->side == WHITE ? 7 : 0;
    if (square_rank(board_location(r, to)) != last_rank) {
        add_step(list, r, from, to, MK_NORMAL, 0);
        return;
    }
    for (int i = 0; i < r->chess.promo_count; i++)
        add_step(list, r, from, to, MK_PROMOTION, r->chess.promo_types[i]);
}

/* A Pawn's steps from location `at` of the Pawn listed on `sq`. */
static void gen_pawn_at(const struct position *pos, struct move_list *list, Square sq, Square at)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    Color us = pos->side;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    int enemy = COLOR_BIT(us ^ 1);
    Square ahead = at + fwd;
    if (pos->board[ahead] == EMPTY) {
        add_pawn_step(list, pos, at, ahead);
        if (at == sq && square_rank(sq) == (us == WHITE ? 1 : 6) && pos->board[ahead + fwd] == EMPTY)
            add_step(list, r, at, ahead + fwd, MK_DOUBLE_PAWN, 0);
    }
    for (int side = -1; side <= 1; side += 2) {
        Square to = ahead + side;
        Square t = board_location(r, to);
        if (pos->board[to] & enemy)
            add_pawn_step(list, pos, at, to);
        else if (pos->board[to] == EMPTY && t == pos->ep && pos->ep != NO_SQUARE &&
                 pos->board[t - fwd] == make_piece(us ^ 1, PAWN))
            add_step(list, r, at, to, MK_EN_PASSANT, 0);
    }
}

static void gen_piece_at(const struct position *pos, struct move_list *list, Square sq, Square at)
{
    if (piece_type(pos->board[sq]) == PAWN) {
        gen_pawn_at(pos, list, sq, at);
        return;
    }
    struct move_list mine;
    mine.count = 0;
    chess_gen_piece(pos, &mine, at, false);
    for (int i = 0; i < mine.count; i++)
        add_step(list, ssq_rules_of(pos), move_from(mine.moves[i]), move_to(mine.moves[i]), MK_NORMAL, 0);
}

/* Castling as in chess, and the King may not pass over the linked square
 * while it is attacked at its added location either. */
static void gen_castling(const struct position *pos, struct move_list *list)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    struct move_list c;
    c.count = 0;
    chess_gen_castling(pos, &r->chess, &c);
    for (int i = 0; i < c.count; i++) {
        const struct castle_rule *cr = &r->chess.castle[move_extra(c.moves[i])];
        int dir = cr->king_to > cr->king_from ? 1 : -1;
        bool safe = true;
        for (Square s = cr->king_from; s != cr->king_to && safe; s += dir)
            safe = !attacked(pos, s, pos->side ^ 1);
        if (safe)
            move_list_add(list, c.moves[i]);
    }
}

/* Steps reaching the same square from both locations are one step. */
static void drop_repeats(const struct ssq_rules *r, struct move_list *list)
{
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        bool seen = false;
        if (move_from(m) == r->board_sq || move_to(m) == r->board_sq)
            for (int j = 0; j < n && !seen; j++)
                seen = list->moves[j] == m;
        if (!seen)
            list->moves[n++] = m;
    }
    list->count = n;
}

static void pickle_generate(struct position *pos, struct move_list *list)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    struct move_list pseudo;
    pseudo.count = 0;
    Color us = pos->side;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square sq = pos->plist[us][i];
        gen_piece_at(pos, &pseudo, sq, sq);
        if (sq == r->board_sq)
            gen_piece_at(pos, &pseudo, sq, r->added_sq);
    }
    if (pos->castling)
        gen_castling(pos, &pseudo);
    drop_repeats(r, &pseudo);
    list->count = 0;
    for (int i = 0; i < pseudo.count; i++) {
        Move m = pseudo.moves[i];
        pickle_make(pos, m);
        bool legal = !attacked(pos, pos->king_sq[us], us ^ 1);
        pickle_unmake(pos, m);
        if (legal)
            move_list_add(list, m);
    }
}

static struct outcome pickle_outcome(struct position *pos, int legal_steps)
{
    return outcome_without_steps(pos->side, legal_steps == 0 && pickle_in_check(pos), legal_steps);
}

/* ---- FEN: orthodox; the added location is the linked square's second place --------- */

static int pickle_read_extra(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    if (n > 0)
        return error_set(err, errlen, "invalid FEN: field %d: unexpected '%s' (Pickle's FEN has six fields)", 7,
                         fields[0]);
    mirror(pos);
    return 0;
}

static int pawn_problem(const struct position *pos, char *err, size_t errlen)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int rank = square_rank(sq);
            if (piece_type(pos->board[sq]) != PAWN)
                continue;
            /* A Pawn reaches its own first rank only by the added location. */
            bool own_first = rank == (c == WHITE ? 0 : 7);
            if ((rank == 0 || rank == 7) && !(own_first && sq == r->board_sq))
                return error_set(err, errlen, "invalid FEN: field 1 (placement): a pawn on the first or last rank");
        }
    return 0;
}

static int pickle_validate(struct position *pos, char *err, size_t errlen)
{
    const struct chess_rules *r = chess_rules_of(pos);
    for (Color c = WHITE; c <= BLACK; c++) {
        int kings = 0;
        for (int i = 0; i < pos->pcount[c]; i++)
            kings += piece_type(pos->board[pos->plist[c][i]]) == KING;
        if (kings != 1)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): %s needs exactly one king",
                             c == WHITE ? "White" : "Black");
    }
    if (pawn_problem(pos, err, errlen))
        return -1;
    for (int i = 0; i < 4; i++) {
        Color c = i < 2 ? WHITE : BLACK;
        if ((pos->castling & (1 << i)) && (pos->board[r->castle[i].king_from] != make_piece(c, KING) ||
                                           pos->board[r->castle[i].rook_from] != make_piece(c, ROOK)))
            return error_set(err, errlen, "invalid FEN: field 3 (castling): a right without its king and rook in place");
    }
    if (pos->ep != NO_SQUARE) {
        int fwd = pos->side == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
        if (square_rank(pos->ep) != (pos->side == WHITE ? 5 : 2) || pos->board[pos->ep] != EMPTY ||
            pos->board[pos->ep + fwd] != EMPTY || pos->board[pos->ep - fwd] != make_piece(pos->side ^ 1, PAWN))
            return error_set(err, errlen, "invalid FEN: field 4 (en passant): no pawn has just passed over that square");
    }
    if (attacked(pos, pos->king_sq[pos->side ^ 1], pos->side))
        return error_set(err, errlen, "invalid FEN: field 2 (side to move): the side not to move is in check");
    return 0;
}

/* ---- The entry ----------------------------------------------------------------------- */

/* The Simple Pickle Single Square Chess family's hooks (variants/family.h): a game of the family
 * (`pickle` of games/core.ini) is this entry with the declaration's id,
 * start, bench and pieces, and its own rules value made from its Link. */
const struct variant pickle_family_template = {
    .geo = {8, 8, {1, 2, 3, 4, 5, 6, 7, 8}},
    .bench_depth = 10,
    .piece_letters = ".PNBRQK",
    .royal_type = KING,
    .has_castling = true,
    .steps_are_turns = true,
    .has_san = true,
    .options = pickle_options,
    .option_count = 1,
    .options_change_board = true,
    .rules_free = pickle_rules_free,
    .set_option = pickle_set_option,
    .get_option = pickle_get_option,
    .read_extra = pickle_read_extra,
    .validate = pickle_validate,
    .state_ok = pickle_state_ok,
    .listed_square = pickle_listed_square,
    .nnue_state_count = SSQ_NNUE_STATE,
    .nnue_state_active = ssq_nnue_state,
    .read_ep = chess_read_ep,
    .generate = pickle_generate,
    .make = pickle_make,
    .unmake = pickle_unmake,
    .in_check = pickle_in_check,
    .is_capture = chess_is_capture,
    .outcome = pickle_outcome,
    .format_step = ssq_format_step,
    .evaluate = ssq_evaluate,
    .allow_null_move = true,
    .piece_values = ssq_piece_values,
    .has_check = true,
};
