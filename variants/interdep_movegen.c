/* Interdependent Chess: move generation and legality.
 *
 * Per piece: its own non-capturing moves (every type but the Universalist),
 * then for each occupied torus neighbour H the moves directly away from H:
 * captures with the borrowed (or own) capturing power, and for a Universalist
 * also H's non-capturing power, or the torus Bishop from a diagonal
 * Universalist. A 64-bit mask of reached squares keeps one move per
 * from/to pair however many helpers allow it. */
#include "variants/interdep.h"
#include "variants/interdep_targets.h"

struct gen {
    const Piece *board;
    struct move_list *list;
    Square from;
    int enemy;          /* colour bit of the enemy */
    bool captures_only;
    uint64_t seen;      /* target squares already listed for this piece */
};

static inline void add(struct gen *g, Square to)
{
    uint64_t bit = 1ULL << idc.idx[to];
    if (g->seen & bit)
        return;
    g->seen |= bit;
    move_list_add(g->list, make_move(g->from, to, MK_NORMAL, 0));
}

static void gen_slide(struct gen *g, int step, bool quiet, bool capture)
{
    Square to = g->from + step;
    while (g->board[to] == EMPTY) {
        if (quiet)
            add(g, to);
        to += step;
    }
    if (capture && (g->board[to] & g->enemy))
        add(g, to);
}

/* Moves with a power restricted to one direction; quiet: to empty squares,
 * capture: onto enemy pieces (slides stop at the first piece). */
static inline void gen_restricted(struct gen *g, const struct idc_restricted *r, bool quiet, bool capture)
{
    if (r->slide) {
        gen_slide(g, r->step[0], quiet, capture);
        return;
    }
    for (int i = 0; i < r->count; i++) {
        Square to = g->from + r->step[i];
        Piece p = g->board[to];
        if (p == EMPTY ? quiet : (capture && (p & g->enemy)))
            add(g, to);
    }
}

static void gen_torus_bishop(struct gen *g, int e)
{
    const int16_t *ray = idc_torus_ray(g->from, e);
    for (int k = 0; k < IDC_TORUS_LEN; k++) {
        Piece p = g->board[ray[k]];
        if (p == EMPTY) {
            if (!g->captures_only)
                add(g, ray[k]);
            continue;
        }
        if (p & g->enemy)
            add(g, ray[k]);
        return;
    }
}

static void gen_own_moves(struct gen *g, int type)
{
    for (int i = 0; i < idc.own_count[type]; i++) {
        int step = idc.own_step[type][i];
        Square to = g->from + step;
        if (idc.own_slide[type][i]) {
            for (; g->board[to] == EMPTY; to += step)
                add(g, to);
        } else if (g->board[to] == EMPTY) {
            add(g, to);
        }
    }
}

void idc_generate_piece(const struct position *pos, Square from, struct move_list *list, bool captures_only)
{
    Piece mover = pos->board[from];
    int mtype = piece_type(mover);
    struct gen g = {pos->board, list, from, COLOR_BIT(piece_color(mover) ^ 1), captures_only, 0};
    if (!captures_only)
        gen_own_moves(&g, mtype);
    for (int d = 0; d < IDC_DIRS; d++) {
        Piece h = g.board[idc.nb[from][d]];
        if (h == EMPTY)
            continue;
        int e = d ^ 4;
        int htype = piece_type(h);
        if (htype == IDC_U) {
            if (mtype != IDC_U)
                gen_restricted(&g, &idc.power[mtype][IDC_CAPTURE][e], false, true);
            else if (idc_is_diag(d))
                gen_torus_bishop(&g, e);
            continue;
        }
        gen_restricted(&g, &idc.power[htype][IDC_CAPTURE][e], false, true);
        if (mtype == IDC_U && !captures_only)
            gen_restricted(&g, &idc.power[htype][IDC_MOVE][e], true, false);
    }
}

/* A piece other than a Universalist whose targets are all empty squares:
 * its own moves are all it has, listed in the walk's order (the walk lists
 * them first, and its borrowed powers only capture). */
static void gen_own_moves_only(const struct position *pos, Square from, struct move_list *list)
{
    Piece mover = pos->board[from];
    struct gen g = {pos->board, list, from, COLOR_BIT(piece_color(mover) ^ 1), false, 0};
    gen_own_moves(&g, piece_type(mover));
}

static void gen_drops(const struct position *pos, struct move_list *list)
{
    Color us = pos->side;
    for (int t = IDC_U; t < IDC_K; t++) {
        if (!pos->hand[us][t])
            continue;
        for (int i = 0; i < IDC_SQUARES; i++)
            if (pos->board[idc.sq[i]] == EMPTY)
                move_list_add(list, make_move(NO_SQUARE, idc.sq[i], MK_DROP, t));
    }
}

/* Each piece's targets are found first as a set (interdep_targets.h): most
 * pieces have none or one, which is listed at once; a piece with more is
 * listed by walking its powers (or its own moves alone, when it captures
 * nothing and is not a Universalist), so that the list keeps the walk's
 * order. */
void idc_generate_pseudo(const struct position *pos, struct move_list *list, bool captures_only)
{
    Color us = pos->side;
    struct idc_sets sets;
    idc_fill_sets(pos, &sets);
    uint64_t wanted = captures_only ? sets.enemy : sets.empty | sets.enemy;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square from = pos->plist[us][i];
        int type = piece_type(pos->board[from]);
        uint64_t bb = idc_targets(&sets, from, idc.idx[from], type) & wanted;
        if ((bb & (bb - 1)) && !(bb & sets.enemy) && type != IDC_U)
            gen_own_moves_only(pos, from, list);
        else if (bb & (bb - 1))
            idc_generate_piece(pos, from, list, captures_only);
        else if (bb)
            move_list_add(list, make_move(from, idc.sq[__builtin_ctzll(bb)], MK_NORMAL, 0));
    }
    if (!captures_only)
        gen_drops(pos, list);
}

bool idc_in_check(const struct position *pos)
{
    return idc_attacked(pos->board, pos->king_sq[pos->side], pos->side ^ 1);
}

/* Does a capture with restricted power r from `from` land on `target`
 * (which holds a piece)? */
static bool restricted_reaches(const Piece *board, Square from, const struct idc_restricted *r, Square target)
{
    if (r->slide) {
        Square to = from + r->step[0];
        while (board[to] == EMPTY)
            to += r->step[0];
        return to == target;
    }
    for (int i = 0; i < r->count; i++)
        if (from + r->step[i] == target)
            return true;
    return false;
}

static bool torus_reaches(const Piece *board, Square from, int e, Square target)
{
    const int16_t *ray = idc_torus_ray(from, e);
    for (int k = 0; k < IDC_TORUS_LEN; k++)
        if (board[ray[k]] != EMPTY)
            return ray[k] == target;
    return false;
}

/* A drop when not in check only adds a piece: the one new way to attack our
 * King is an enemy neighbour of the drop square moving away from it. */
bool idc_drop_exposes_king(struct position *pos, Square to, int type)
{
    Color us = pos->side;
    Piece *board = pos->board;
    Square king = pos->king_sq[us];
    int bit = COLOR_BIT(us ^ 1);
    board[to] = make_piece(us, type);
    bool exposed = false;
    for (int d = 0; d < IDC_DIRS && !exposed; d++) {
        Square p = idc.nb[to][d];
        if (!(board[p] & bit))
            continue;
        /* p moves in direction d, away from the drop square. */
        int src = idc_source_type(board[to], board[p]);
        if (src)
            exposed = restricted_reaches(board, p, &idc.power[src][IDC_CAPTURE][d], king);
        else
            exposed = idc_is_diag(d) && torus_reaches(board, p, d, king);
    }
    board[to] = EMPTY;
    return exposed;
}

/* Plays m on the bare board, tests our King, takes it back. */
bool idc_leaves_king_safe(struct position *pos, Move m, uint64_t enemy)
{
    Color us = pos->side;
    Piece *board = pos->board;
    Square from = move_from(m), to = move_to(m);
    Piece mover = board[from], captured = board[to];
    board[to] = mover;
    board[from] = EMPTY;
    Square king = piece_type(mover) == IDC_K ? to : pos->king_sq[us];
    bool safe = !idc_attacked_among(board, king, us ^ 1, enemy);
    board[from] = mover;
    board[to] = captured;
    return safe;
}

/* In check: every move is played on the bare board and the King tested. */
static bool legal_in_check(struct position *pos, Move m, uint64_t enemy)
{
    if (move_kind(m) != MK_DROP)
        return idc_leaves_king_safe(pos, m, enemy);
    pos->board[move_to(m)] = make_piece(pos->side, move_extra(m));
    bool legal = !idc_in_check(pos);
    pos->board[move_to(m)] = EMPTY;
    return legal;
}

/* Not in check: only the moves the safety summary flags are tested. */
static bool legal_not_in_check(struct position *pos, const struct idc_safety *s, Move m, uint64_t enemy)
{
    Square to = move_to(m);
    if (move_kind(m) == MK_DROP) {
        int type = move_extra(m);
        return !(s->danger[type] & idc_bit(to)) || !idc_drop_exposes_king(pos, to, type);
    }
    Square from = move_from(m);
    int type = piece_type(pos->board[from]);
    if (type != IDC_K && !(s->blockers & idc_bit(from)) && !(s->danger[type] & idc_bit(to)))
        return true;
    return idc_leaves_king_safe(pos, m, enemy);
}

static void filter_legal(struct position *pos, struct move_list *list)
{
    struct idc_safety safety;
    uint64_t enemy = idc_occupancy(pos, pos->side ^ 1);
    bool in_check = idc_safety_init(pos->board, pos->king_sq[pos->side], pos->side, enemy, &safety);
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (in_check ? legal_in_check(pos, m, enemy) : legal_not_in_check(pos, &safety, m, enemy))
            list->moves[n++] = m;
    }
    list->count = n;
}

void idc_generate(struct position *pos, struct move_list *list)
{
    list->count = 0;
    idc_generate_pseudo(pos, list, false);
    filter_legal(pos, list);
}

void idc_generate_noisy(struct position *pos, struct move_list *list)
{
    list->count = 0;
    idc_generate_pseudo(pos, list, true);
    filter_legal(pos, list);
}
