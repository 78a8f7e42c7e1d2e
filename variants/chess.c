#include "variants/core/error.h"
#include "variants/chess.h"

#include <stdio.h>
#include <string.h>

/* ---- Building power sets -------------------------------------------------- */

static int gcd(int a, int b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool within_range(int steps, int range) { return range == 0 || steps <= range; }

/* True when two distinct vectors pointing the same way reach a common square
 * within their ranges (WWD, KW2; not WD, whose W stops after one step). */
static bool rays_overlap(const struct betza_power *bp)
{
    for (int i = 0; i < bp->count; i++)
        for (int j = i + 1; j < bp->count; j++) {
            const struct betza_ray *a = &bp->rays[i], *b = &bp->rays[j];
            if ((a->dx == b->dx && a->dy == b->dy) || a->dx * b->dy != a->dy * b->dx ||
                a->dx * b->dx + a->dy * b->dy <= 0)
                continue;
            int ga = gcd(a->dx, a->dy), gb = gcd(b->dx, b->dy);
            int lcm = ga / gcd(ga, gb) * gb;
            if (within_range(lcm / ga, a->range) && within_range(lcm / gb, b->range))
                return true;
        }
    return false;
}

int chess_power_from_betza(struct piece_power *out, const char *betza, Color c, char *err, size_t errlen)
{
    struct betza_power bp;
    if (betza_compile(betza, c, &bp, err, errlen))
        return -1;
    out->overlaps = rays_overlap(&bp);
    out->count = 0;
    for (int i = 0; i < bp.count; i++) {
        struct ray *r = &out->rays[out->count++];
        r->step = (int16_t)step_of(bp.rays[i].dx, bp.rays[i].dy);
        r->range = bp.rays[i].range == 0 ? RAY_UNLIMITED : bp.rays[i].range;
        r->mode = bp.rays[i].mode;
    }
    return 0;
}

void chess_pawn_power(struct piece_power *out, Color c)
{
    int dy = c == WHITE ? 1 : -1;
    out->count = 2;
    out->overlaps = false;
    out->rays[0] = (struct ray){(int16_t)step_of(-1, dy), 1, BETZA_CAPTURE};
    out->rays[1] = (struct ray){(int16_t)step_of(1, dy), 1, BETZA_CAPTURE};
}

static struct attack_dir *attack_dir_for(struct attack_table *t, int step)
{
    for (int i = 0; i < t->count; i++)
        if (t->dirs[i].step == step)
            return &t->dirs[i];
    if (t->count == MAX_ATTACK_DIRS)
        return NULL;
    struct attack_dir *d = &t->dirs[t->count++];
    memset(d, 0, sizeof *d);
    d->step = (int16_t)step;
    return d;
}

/* The capture rays of `pw` whose kind is `kind` (1 leaps, RAY_UNLIMITED slides, 0 the rest), appended to cr. */
static int append_captures(struct capture_rays *cr, const struct piece_power *pw, int kind)
{
    int added = 0;
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        bool leap = r->range == 1, slide = r->range == RAY_UNLIMITED;
        bool match = kind == 1 ? leap : kind == RAY_UNLIMITED ? slide : !leap && !slide;
        if ((r->mode & BETZA_CAPTURE) && match) {
            cr->rays[cr->count++] = *r;
            added++;
        }
    }
    return added;
}

static void build_captures(struct capture_rays *cr, const struct piece_power *pw)
{
    cr->count = 0;
    cr->leaps = (uint8_t)append_captures(cr, pw, 1);
    cr->slides = (uint8_t)append_captures(cr, pw, RAY_UNLIMITED);
    append_captures(cr, pw, 0);
}

/* True when the capture rays cr are all of pw's rays, each a leap or an unlimited slide that also moves. */
static bool captures_are_simple(const struct capture_rays *cr, const struct piece_power *pw)
{
    if (cr->count != pw->count || cr->count != cr->leaps + cr->slides)
        return false;
    for (int i = 0; i < cr->count; i++)
        if (cr->rays[i].mode != (BETZA_MOVE | BETZA_CAPTURE))
            return false;
    return true;
}

/* The bit of each of the `n` steps of `rays` in `steps` (one bit per entry), or 0
 * when a step is not among them or comes twice. */
static unsigned steps_matched(const struct ray *rays, int n, const int *steps, int count)
{
    unsigned mask = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < count && steps[j] != rays[i].step)
            j++;
        if (j == count || (mask & (1u << j)))
            return 0;
        mask |= 1u << j;
    }
    return mask;
}

/* Which orthodox piece a simple power is, if any (enum piece_shape). */
static uint8_t shape_of(const struct capture_rays *cr)
{
    const int knight[8] = {
        step_of(1, 2), step_of(2, 1), step_of(2, -1), step_of(1, -2),
        step_of(-1, -2), step_of(-2, -1), step_of(-2, 1), step_of(-1, 2),
    };
    const int lines[8] = { /* the diagonals (bits 0-3), then the orthogonals (bits 4-7) */
        step_of(1, 1), step_of(1, -1), step_of(-1, -1), step_of(-1, 1),
        step_of(1, 0), step_of(0, -1), step_of(-1, 0), step_of(0, 1),
    };
    if (cr->slides == 0)
        return cr->leaps == 8 && steps_matched(cr->rays, 8, knight, 8) ? SHAPE_KNIGHT : SHAPE_OTHER;
    if (cr->leaps != 0)
        return SHAPE_OTHER;
    unsigned mask = steps_matched(cr->rays, cr->slides, lines, 8);
    return mask == 0x0F ? SHAPE_BISHOP : mask == 0xF0 ? SHAPE_ROOK : mask == 0xFF ? SHAPE_QUEEN : SHAPE_OTHER;
}

/* Marks `bit` in reach (indexed delta + BOARD_SIZE) wherever a piece that
 * captures along `step` up to `range` steps stands to reach delta 0. */
static void add_reach(uint16_t *reach, int step, int range, unsigned bit)
{
    int span = step < 0 ? -step : step;
    for (int k = 1; k <= range && k * span < BOARD_SIZE; k++)
        reach[BOARD_SIZE - k * step] |= (uint16_t)bit;
}

/* set->reach[c] from c's attack table. */
static void build_reach(struct power_set *set, Color c)
{
    const struct attack_table *t = &set->attacks[c];
    memset(set->reach[c], 0, sizeof set->reach[c]);
    for (int i = 0; i < t->count; i++)
        for (int type = 1; type < MAX_TYPES; type++)
            add_reach(set->reach[c], t->dirs[i].step, t->dirs[i].range[type], 1u << type);
}

void chess_build_reach_after(struct power_set *set, const struct piece_power *const next[MAX_TYPES][2])
{
    memset(set->reach_after, 0, sizeof set->reach_after);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int type = 1; type < MAX_TYPES; type++) {
            const struct piece_power *pw = next[type][c];
            for (int i = 0; pw && i < pw->count; i++)
                if (pw->rays[i].mode & BETZA_CAPTURE)
                    add_reach(set->reach_after[c], pw->rays[i].step, pw->rays[i].range, 1u << type);
        }
    set->has_reach_after = true;
}

/* set->aligned, riders and adjacent for colour c, from its attack table
 * (leaps first). */
static void build_alignment(struct power_set *set, Color c)
{
    const struct attack_table *t = &set->attacks[c];
    memset(set->aligned[c], 0, sizeof set->aligned[c]);
    memset(set->adjacent[c], 0, sizeof set->adjacent[c]);
    set->riders[c] = 0;
    for (int i = 0; i < t->count; i++)
        for (int type = 1; type < MAX_TYPES; type++)
            if (t->dirs[i].range[type] >= 1)
                set->adjacent[c][BOARD_SIZE - t->dirs[i].step] |= (uint16_t)(1u << type);
    for (int i = t->leaps; i < t->count; i++) {
        const struct attack_dir *d = &t->dirs[i];
        int span = d->step < 0 ? -d->step : d->step;
        for (int type = 1; type < MAX_TYPES; type++)
            if (d->range[type] >= 2)
                set->riders[c] |= 1u << type;
        for (int k = 2; k <= d->max_range && k * span < BOARD_SIZE; k++)
            set->aligned[c][BOARD_SIZE - k * d->step] |= 1ULL << i;
    }
}

/* The capture range orthodox chess gives `type` of colour c along (dx, dy). */
static int orthodox_range(int type, Color c, int dx, int dy)
{
    bool knight = dx * dx + dy * dy == 5, diagonal = dx * dx == 1 && dy * dy == 1;
    bool orthogonal = dx * dx + dy * dy == 1;
    switch (type) {
    case PAWN:
        return diagonal && dy == (c == WHITE ? 1 : -1);
    case KNIGHT:
        return knight;
    case BISHOP:
        return diagonal ? RAY_UNLIMITED : 0;
    case ROOK:
        return orthogonal ? RAY_UNLIMITED : 0;
    case QUEEN:
        return diagonal || orthogonal ? RAY_UNLIMITED : 0;
    case KING:
        return diagonal || orthogonal;
    default:
        return 0;
    }
}

/* Whether t holds exactly orthodox chess's capture directions for colour c:
 * its 16 steps (8 Knight's, 8 King's), each with the orthodox ranges. */
static bool attacks_are_orthodox(const struct attack_table *t, Color c)
{
    if (t->count != 16)
        return false;
    for (int i = 0; i < t->count; i++) {
        const struct attack_dir *d = &t->dirs[i];
        int dx = ((d->step + BOARD_STRIDE / 2) & (BOARD_STRIDE - 1)) - BOARD_STRIDE / 2;
        int dy = (d->step - dx) / BOARD_STRIDE;
        for (int type = 0; type < MAX_TYPES; type++)
            if (d->range[type] != orthodox_range(type, c, dx, dy))
                return false;
    }
    return true;
}

void chess_build_attacks(struct power_set *set)
{
    for (int type = 0; type < MAX_TYPES; type++)
        for (Color c = WHITE; c <= BLACK; c++)
        {
            const struct capture_rays *cr = &set->captures[type][c];
            build_captures(&set->captures[type][c], &set->power[type][c]);
            set->simple[type][c] = type != PAWN && captures_are_simple(cr, &set->power[type][c]);
            set->shape[type][c] = set->simple[type][c] ? shape_of(cr) : SHAPE_OTHER;
        }
    for (Color c = WHITE; c <= BLACK; c++) {
        struct attack_table *t = &set->attacks[c];
        t->count = 0;
        set->overlaps[c] = false;
        for (int type = 1; type < MAX_TYPES; type++)
            set->overlaps[c] |= set->power[type][c].overlaps;
        for (int type = 1; type < MAX_TYPES; type++) {
            const struct piece_power *pw = &set->power[type][c];
            for (int i = 0; i < pw->count; i++) {
                const struct ray *r = &pw->rays[i];
                if (!(r->mode & BETZA_CAPTURE))
                    continue;
                struct attack_dir *d = attack_dir_for(t, r->step);
                if (!d)
                    continue;
                if (r->range > d->range[type])
                    d->range[type] = r->range;
                if (r->range > d->max_range)
                    d->max_range = r->range;
            }
        }
        /* Leaps first: they are cheaper to test. */
        for (int i = 1; i < t->count; i++)
            for (int j = i; j > 0 && t->dirs[j].max_range < t->dirs[j - 1].max_range; j--) {
                struct attack_dir tmp = t->dirs[j];
                t->dirs[j] = t->dirs[j - 1];
                t->dirs[j - 1] = tmp;
            }
        t->leaps = 0;
        while (t->leaps < t->count && t->dirs[t->leaps].max_range == 1)
            t->leaps++;
        build_reach(set, c);
        build_alignment(set, c);
        set->orthodox[c] = attacks_are_orthodox(t, c);
    }
}

static Square declared_square(const struct geometry *geo, const char *name)
{
    const char *s = name;
    return geo_parse_square(geo, &s);
}

/* The squares castling by c needs empty, nearest the King first (the first
 * one met occupied ends the test soonest). */
static void set_castle_empty(struct castle_rule *c)
{
    Square lo = c->king_from, hi = c->king_from;
    Square ends[3] = {c->rook_from, c->king_to, c->rook_to};
    for (int e = 0; e < 3; e++) {
        lo = ends[e] < lo ? ends[e] : lo;
        hi = ends[e] > hi ? ends[e] : hi;
    }
    c->empty_count = 0;
    for (int d = 1; d <= hi - lo; d++)
        for (int sign = 1; sign >= -1; sign -= 2) {
            Square s = c->king_from + sign * d;
            if (s >= lo && s <= hi && s != c->rook_from && c->empty_count < BOARD_MAX_COLS)
                c->empty[c->empty_count++] = s;
        }
}

static void set_castle(struct chess_rules *r, int right, const struct geometry *geo, const struct castle_decl *d)
{
    struct castle_rule *c = &r->castle[right];
    c->king_from = declared_square(geo, d->king_from);
    c->king_to = declared_square(geo, d->king_to);
    c->rook_from = declared_square(geo, d->rook_from);
    c->rook_to = declared_square(geo, d->rook_to);
    set_castle_empty(c);
}

static void declare_castling(struct chess_rules *r, const struct game_decl *g)
{
    memset(r->castle_keep, 15, sizeof r->castle_keep);
    if (!g->variant->has_castling)
        return;
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        set_castle(r, i, &g->variant->geo, &g->castling[i]);
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        int color_rights = i < 2 ? 3 : 12;
        r->castle_keep[r->castle[i].king_from] &= (uint8_t)~color_rights;
        r->castle_keep[r->castle[i].rook_from] &= (uint8_t)~(1 << i);
    }
}

static void declare_promotion(struct chess_rules *r, const struct game_decl *g)
{
    const char *letters = g->variant->piece_letters;
    for (const char *c = g->promotion; c && *c && r->promo_count < CHESS_MAX_PROMOTIONS; c++)
        r->promo_types[r->promo_count++] = (int)(strchr(letters, *c) - letters);
}

void chess_rules_declared(struct chess_rules *r, const struct game_decl *g)
{
    char err[128];
    memset(r, 0, sizeof *r);
    for (Color c = WHITE; c <= BLACK; c++) {
        chess_pawn_power(&r->fixed.power[PAWN][c], c);
        for (int type = PAWN + 1; type < MAX_TYPES; type++)
            if (g->pieces[type].betza)
                chess_power_from_betza(&r->fixed.power[type][c], g->pieces[type].betza, c, err, sizeof err);
    }
    chess_build_attacks(&r->fixed);
    declare_promotion(r, g);
    declare_castling(r, g);
}

/* ---- Attacks ------------------------------------------------------------- */

/* Whether a piece of colour bit `bit` attacks sq by the directions t. */
static inline bool attacked_by_table(const struct attack_table *t, const Piece *board, Square sq, int bit)
{
    for (int i = 0; i < t->leaps; i++)
        if (attack_leap_hits(&t->dirs[i], board, sq, bit))
            return true;
    for (int i = t->leaps; i < t->count; i++)
        if (attack_dir_attacker(&t->dirs[i], board, sq, bit) != NO_SQUARE)
            return true;
    return false;
}

static inline bool first_on_slide(const Piece *board, Square sq, int step, Piece a, Piece b)
{
    const Piece *p = board + sq + step;
    while (*p == EMPTY)
        p += step;
    return *p == a || *p == b;
}

/* attacked_by_table for orthodox chess's attacks (power_set.orthodox), the
 * steps known to the compiler and the attackers compared as whole bytes. */
/* 1 when the piece at s[offset] is p: an int, so that the tests below are
 * joined with `|`, without a branch each. */
static inline int piece_at(const Piece *s, int offset, Piece p) { return s[offset] == p; }

/* Whether an orthodox Pawn, Knight or King of colour `by` attacks sq. */
static inline bool orthodox_leaper_attacks(const Piece *board, Square sq, Color by)
{
    const Piece *s = board + sq;
    Piece pawn = make_piece(by, PAWN), knight = make_piece(by, KNIGHT), king = make_piece(by, KING);
    int back = by == WHITE ? -BOARD_STRIDE : BOARD_STRIDE;
    if (piece_at(s, back - 1, pawn) | piece_at(s, back + 1, pawn))
        return true;
    if (piece_at(s, step_of(1, 2), knight) | piece_at(s, step_of(2, 1), knight) | piece_at(s, step_of(2, -1), knight) |
        piece_at(s, step_of(1, -2), knight) | piece_at(s, step_of(-1, -2), knight) |
        piece_at(s, step_of(-2, -1), knight) | piece_at(s, step_of(-2, 1), knight) | piece_at(s, step_of(-1, 2), knight))
        return true;
    return piece_at(s, step_of(1, 0), king) | piece_at(s, step_of(1, 1), king) | piece_at(s, step_of(0, 1), king) |
           piece_at(s, step_of(-1, 1), king) | piece_at(s, step_of(-1, 0), king) | piece_at(s, step_of(-1, -1), king) |
           piece_at(s, step_of(0, -1), king) | piece_at(s, step_of(1, -1), king);
}

static inline bool orthodox_attacked(const Piece *board, Square sq, Color by)
{
    Piece bishop = make_piece(by, BISHOP), rook = make_piece(by, ROOK), queen = make_piece(by, QUEEN);
    if (orthodox_leaper_attacks(board, sq, by))
        return true;
    return first_on_slide(board, sq, step_of(1, 1), bishop, queen) ||
           first_on_slide(board, sq, step_of(-1, 1), bishop, queen) ||
           first_on_slide(board, sq, step_of(1, -1), bishop, queen) ||
           first_on_slide(board, sq, step_of(-1, -1), bishop, queen) ||
           first_on_slide(board, sq, step_of(1, 0), rook, queen) ||
           first_on_slide(board, sq, step_of(-1, 0), rook, queen) ||
           first_on_slide(board, sq, step_of(0, 1), rook, queen) || first_on_slide(board, sq, step_of(0, -1), rook, queen);
}

/* Whether a piece of colour `by` attacks sq on `board` under `set`. */
static inline bool set_attacks(const struct power_set *set, const Piece *board, Square sq, Color by)
{
    return set->orthodox[by] ? orthodox_attacked(board, sq, by)
                             : attacked_by_table(&set->attacks[by], board, sq, COLOR_BIT(by));
}

bool chess_square_attacked(const struct position *pos, Square sq, Color by)
{
    return set_attacks(chess_powers(pos), pos->board, sq, by);
}

bool chess_in_check(const struct position *pos)
{
    return chess_square_attacked(pos, pos->king_sq[pos->side], pos->side ^ 1);
}

/* ---- Pseudo-legal generation ----------------------------------------------- */

static inline bool on_rank(Square sq, int rank) { return square_rank(sq) == rank; }

static void add_pawn_move(struct move_list *list, const struct chess_rules *r, Square from, Square to, int last_rank,
                          int kind)
{
    if (on_rank(to, last_rank)) {
        for (int i = 0; i < r->promo_count; i++)
            move_list_add(list, make_move(from, to, MK_PROMOTION, r->promo_types[i]));
    } else {
        move_list_add(list, make_move(from, to, kind, 0));
    }
}

/* En passant on pos->ep: still empty, and the Pawn that passed over it still
 * where it landed (always so in orthodox play; a Nick Danger link action may
 * change either between the double step and the reply). */
static inline bool ep_open(const struct position *pos, int fwd)
{
    return pos->ep != NO_SQUARE && pos->board[pos->ep] == EMPTY &&
           pos->board[pos->ep - fwd] == make_piece(pos->side ^ 1, PAWN);
}

static void gen_pawn(const struct position *pos, struct move_list *list, Square from, bool captures_only)
{
    const struct chess_rules *r = chess_rules_of(pos);
    Color us = pos->side;
    int ranks = pos->variant->geo.ranks;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    int last_rank = us == WHITE ? ranks - 1 : 0;
    int start_rank = us == WHITE ? 1 : ranks - 2;
    int enemy = COLOR_BIT(us ^ 1);
    Square ahead = from + fwd;
    if (pos->board[ahead] == EMPTY && (!captures_only || on_rank(ahead, last_rank))) {
        add_pawn_move(list, r, from, ahead, last_rank, MK_NORMAL);
        if (!captures_only && on_rank(from, start_rank) && pos->board[ahead + fwd] == EMPTY)
            move_list_add(list, make_move(from, ahead + fwd, MK_DOUBLE_PAWN, 0));
    }
    for (int side = -1; side <= 1; side += 2) {
        Square to = ahead + side;
        if (pos->board[to] & enemy)
            add_pawn_move(list, r, from, to, last_rank, MK_NORMAL);
        else if (to == pos->ep && ep_open(pos, fwd))
            move_list_add(list, make_move(from, to, MK_EN_PASSANT, 0));
    }
}

static inline void gen_en_passant(const struct position *pos, struct move_list *list, Square from)
{
    int fwd = pos->side == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    Square ahead = from + fwd;
    if ((ahead - 1 == pos->ep || ahead + 1 == pos->ep) && ep_open(pos, fwd))
        move_list_add(list, make_move(from, pos->ep, MK_EN_PASSANT, 0));
}

static void gen_rays(const struct position *pos, struct move_list *list, Square from, const struct piece_power *pw,
                     bool captures_only)
{
    const Piece *board = pos->board;
    int enemy = COLOR_BIT(pos->side ^ 1);
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        bool quiet_ok = (r->mode & BETZA_MOVE) && !captures_only;
        Square to = from + r->step;
        for (int k = 1;; k++, to += r->step) {
            Piece p = board[to];
            if (p == EMPTY) {
                if (quiet_ok)
                    move_list_add(list, make_move(from, to, MK_NORMAL, 0));
                if (k >= r->range)
                    break;
                continue;
            }
            if ((p & enemy) && (r->mode & BETZA_CAPTURE))
                move_list_add(list, make_move(from, to, MK_NORMAL, 0));
            break;
        }
    }
}

/* Rays that can meet (WWD: the second W step is the D leap) list a target
 * twice: keep the first move from each square to each target. A piece's moves
 * are listed together, so repeats sit in runs of the same from-square. */
static void drop_repeated_targets(struct move_list *list)
{
    uint16_t seen[BOARD_SIZE] = {0};
    uint16_t run = 0;
    Square run_from = NO_SQUARE;
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        if (move_from(m) != run_from) {
            run_from = move_from(m);
            run++;
        }
        if (move_kind(m) == MK_NORMAL) {
            if (seen[move_to(m)] == run)
                continue;
            seen[move_to(m)] = run;
        }
        list->moves[n++] = m;
    }
    list->count = n;
}

/* The squares next to the King that its counted steps tested (count_king_steps),
 * and whether each was safe, so that castling need not test again those it
 * crosses. Not in check, a square is attacked with the King on its square
 * exactly when it is with the King lifted: a ride through the King's square
 * to it would first reach the King. */
struct king_seen {
    bool counted;                  /* the King's steps were counted */
    Square king;                   /* from this square */
    const struct capture_rays *cr; /* by these leaps */
    uint64_t safe;                 /* bit per leap: its target is safe (read with at most 64 leaps) */
};

/* Whether the square s, crossed by castling, is attacked by the enemy,
 * read from `seen` (may be NULL) when the King's steps tested it: the
 * crossed squares are empty, so each one a step reaches was tested. */
static bool crossing_attacked(const struct position *pos, Square s, const struct king_seen *seen)
{
    for (int i = 0; seen && seen->cr->leaps <= 64 && i < seen->cr->leaps; i++)
        if (seen->king + seen->cr->rays[i].step == s)
            return !((seen->safe >> i) & 1);
    return chess_square_attacked(pos, s, pos->side ^ 1);
}

/* Whether castling by right i may be made, but for its landing square (left
 * to the legality test): King and rook in place, the squares between empty,
 * and those the King leaves and crosses not attacked. With king_safe, the
 * caller knows that the King is not in check (and `seen`, may be NULL, is
 * only given then), and its square is not tested again. */
static bool castle_open(const struct position *pos, const struct chess_rules *r, int i, bool king_safe,
                        const struct king_seen *seen)
{
    Color us = pos->side;
    const struct castle_rule *c = &r->castle[i];
    if (!(pos->castling & (1 << i)) || pos->board[c->king_from] != make_piece(us, KING) ||
        pos->board[c->rook_from] != make_piece(us, ROOK))
        return false;
    for (int e = 0; e < c->empty_count; e++)
        if (pos->board[c->empty[e]] != EMPTY)
            return false;
    int dir = c->king_to > c->king_from ? 1 : -1;
    Square s = c->king_from;
    if (king_safe && s != c->king_to)
        s += dir;
    for (; s != c->king_to; s += dir)
        if (crossing_attacked(pos, s, seen))
            return false;
    return true;
}

/* Castling by the rules r; with king_safe, the caller knows that the King
 * is not in check, and its square is not tested again. */
static void gen_castling(const struct position *pos, const struct chess_rules *r, struct move_list *list,
                         bool king_safe)
{
    Color us = pos->side;
    for (int i = us * 2; i < us * 2 + 2; i++)
        if (castle_open(pos, r, i, king_safe, NULL))
            move_list_add(list, make_move(r->castle[i].king_from, r->castle[i].king_to, MK_CASTLE, i));
}

void chess_gen_castling(const struct position *pos, const struct chess_rules *r, struct move_list *list)
{
    gen_castling(pos, r, list, false);
}

static void gen_pseudo(const struct position *pos, struct move_list *list, bool captures_only)
{
    const struct power_set *set = chess_powers(pos);
    Color us = pos->side;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square from = pos->plist[us][i];
        int type = piece_type(pos->board[from]);
        if (type == PAWN)
            gen_pawn(pos, list, from, captures_only);
        else
            gen_rays(pos, list, from, &set->power[type][us], captures_only);
    }
    if (!captures_only && pos->castling)
        chess_gen_castling(pos, chess_rules_of(pos), list);
    if (set->overlaps[us])
        drop_repeated_targets(list);
}

void chess_gen_piece(const struct position *pos, struct move_list *list, Square from, bool captures_only)
{
    int type = piece_type(pos->board[from]);
    if (type == PAWN)
        gen_pawn(pos, list, from, captures_only);
    else
        gen_rays(pos, list, from, &chess_powers(pos)->power[type][pos->side], captures_only);
}

/* ---- Legality ---------------------------------------------------------------
 * Pins are found once per node along every enemy rider direction; a move is
 * then legal without being made unless the side is in check, the piece is
 * pinned, it is the King, an en-passant capture, a castling move, or the move
 * changes powers. Those few are made and tested. */

/* One capture direction d of the enemy, walked back from our King: check
 * (the first piece an enemy that reaches) or a pin (an own piece, then an
 * enemy rider that would reach through it). With only_type, attackers of
 * other types are passed over. */
static inline void pins_along(const Piece *board, Square king, const struct attack_dir *d, int enemy, int only_type,
                              struct chess_pins *pins)
{
    int step = d->step, max = d->max_range;
    Square s = king - step;
    int k = 1;
    Piece p;
    while ((p = board[s]) == EMPTY) {
        if (k == max)
            return;
        k++;
        s -= step;
    }
    Square blocker = NO_SQUARE;
    if (!(p & enemy)) {
        if (p == OFFBOARD || max < 2)
            return;
        blocker = s;
        do {
            if (k == max)
                return;
            k++;
            s -= step;
        } while ((p = board[s]) == EMPTY);
        if (!(p & enemy))
            return;
    }
    if (d->range[piece_type(p)] >= k && (!only_type || piece_type(p) == only_type)) {
        if (blocker == NO_SQUARE)
            pins->in_check = true;
        else if (pins->count < MAX_PINNED)
            pins->pinned[pins->count++] = blocker;
    }
}

/* pins_along for an orthodox rider's direction: `step` walked out from the
 * King, checked or pinned by the enemy's a or b (Bishop or Rook, Queen). */
static inline void orthodox_pins_along(const Piece *board, Square king, int step, Piece a, Piece b, int own,
                                       struct chess_pins *pins)
{
    const Piece *p = board + king + step;
    while (*p == EMPTY)
        p += step;
    if (*p == a || *p == b) {
        pins->in_check = true;
        return;
    }
    if (!(*p & own))
        return;
    const Piece *blocker = p;
    do
        p += step;
    while (*p == EMPTY);
    if ((*p == a || *p == b) && pins->count < MAX_PINNED)
        pins->pinned[pins->count++] = (Square)(blocker - board);
}

/* find_pins against orthodox chess's attacks (power_set.orthodox): the
 * leapers tested on their squares, the eight rider lines walked out. */
static void find_orthodox_pins(const Piece *board, Square king, Color them, struct chess_pins *pins)
{
    Piece bishop = make_piece(them, BISHOP), rook = make_piece(them, ROOK), queen = make_piece(them, QUEEN);
    int own = COLOR_BIT(them ^ 1);
    pins->count = 0;
    pins->in_check = orthodox_leaper_attacks(board, king, them);
    orthodox_pins_along(board, king, step_of(1, 1), bishop, queen, own, pins);
    orthodox_pins_along(board, king, step_of(-1, 1), bishop, queen, own, pins);
    orthodox_pins_along(board, king, step_of(1, -1), bishop, queen, own, pins);
    orthodox_pins_along(board, king, step_of(-1, -1), bishop, queen, own, pins);
    orthodox_pins_along(board, king, step_of(1, 0), rook, queen, own, pins);
    orthodox_pins_along(board, king, step_of(-1, 0), rook, queen, own, pins);
    orthodox_pins_along(board, king, step_of(0, 1), rook, queen, own, pins);
    orthodox_pins_along(board, king, step_of(0, -1), rook, queen, own, pins);
}

/* Check and pins, from the enemy's piece list: a piece one step or leap
 * away gives check (set->adjacent), and only the directions on which an
 * enemy rider stands farther away (set->aligned) are walked. */
static void find_pins(const struct position *pos, struct chess_pins *pins, const struct power_set *set)
{
    Color them = pos->side ^ 1;
    if (set->orthodox[them] && pos->king_sq[them ^ 1] != NO_SQUARE) {
        find_orthodox_pins(pos->board, pos->king_sq[them ^ 1], them, pins);
        return;
    }
    const struct attack_table *t = &set->attacks[them];
    const Piece *board = pos->board;
    Square king = pos->king_sq[them ^ 1];
    const uint64_t *aligned = set->aligned[them] + BOARD_SIZE - king;
    const uint16_t *adjacent = set->adjacent[them] + BOARD_SIZE - king;
    unsigned riders = set->riders[them], checkers = 0;
    uint64_t walk = 0;
    for (int i = 0; i < pos->pcount[them]; i++) {
        Square sq = pos->plist[them][i];
        unsigned type_bit = 1u << piece_type(board[sq]);
        checkers |= adjacent[sq] & type_bit;
        if (riders & type_bit)
            walk |= aligned[sq];
    }
    pins->count = 0;
    pins->in_check = checkers != 0;
    for (; walk; walk &= walk - 1)
        pins_along(board, king, &t->dirs[__builtin_ctzll(walk)], COLOR_BIT(them), 0, pins);
}

static bool leaves_king_safe(struct position *pos, Move m)
{
    Color us = pos->side;
    chess_make(pos, m);
    bool safe = !chess_square_attacked(pos, pos->king_sq[us], us ^ 1);
    chess_unmake(pos, m);
    return safe;
}

/* Castling tested on the board alone: King and rook put on their targets,
 * the landing square tested, the four squares put back. */
static bool castle_lands_safe(struct position *pos, const struct castle_rule *c)
{
    Piece *b = pos->board;
    const Square sq[4] = {c->king_from, c->rook_from, c->king_to, c->rook_to};
    const Piece was[4] = {b[sq[0]], b[sq[1]], b[sq[2]], b[sq[3]]};
    b[sq[0]] = EMPTY;
    b[sq[1]] = EMPTY;
    b[sq[2]] = was[0];
    b[sq[3]] = was[1];
    bool safe = !chess_square_attacked(pos, c->king_to, pos->side ^ 1);
    for (int i = 3; i >= 0; i--)
        b[sq[i]] = was[i];
    return safe;
}

/* leaves_king_safe for a step after which `set` is in force (the set in
 * force for a step that changes no powers), tested on the board alone
 * (chess_make's board edits without the undo stack, the piece lists and the
 * key, which the attack test does not read). */
static bool board_step_safe(struct position *pos, Move m, const struct chess_rules *r, const struct power_set *set)
{
    int kind = move_kind(m);
    if (kind == MK_CASTLE)
        return castle_lands_safe(pos, &r->castle[move_extra(m)]);
    if (kind != MK_NORMAL && kind != MK_DOUBLE_PAWN && kind != MK_PROMOTION && kind != MK_EN_PASSANT)
        return leaves_king_safe(pos, m);
    Color us = pos->side;
    Piece *b = pos->board;
    Square from = move_from(m), to = move_to(m);
    Square taken = kind == MK_EN_PASSANT ? to + (us == WHITE ? -BOARD_STRIDE : BOARD_STRIDE) : to;
    Piece mover = b[from], at_to = b[to], captured = b[taken];
    b[taken] = EMPTY;
    b[from] = EMPTY;
    b[to] = mover;
    Square king = from == pos->king_sq[us] ? to : pos->king_sq[us];
    bool safe = !set_attacks(set, b, king, us ^ 1);
    b[to] = at_to;
    b[taken] = captured;
    b[from] = mover;
    return safe;
}

/* A plain move that changes powers, tested without the undo stack: the two
 * squares, the variant state and the key are edited and put back (the piece
 * lists are not needed by the attack test). Needs r->after_make_only_ext. */
static bool power_move_safe(struct position *pos, Move m, const struct chess_rules *r)
{
    Color us = pos->side;
    Square from = move_from(m), to = move_to(m);
    Piece mover = pos->board[from], captured = pos->board[to];
    uint8_t ext[EXT_STATE_SIZE];
    uint64_t key = pos->key;
    memcpy(ext, pos->ext, sizeof ext);
    pos->board[to] = mover;
    pos->board[from] = EMPTY;
    r->after_make(pos, m, mover);
    Square king = from == pos->king_sq[us] ? to : pos->king_sq[us];
    bool safe = !chess_square_attacked(pos, king, us ^ 1);
    pos->board[from] = mover;
    pos->board[to] = captured;
    memcpy(pos->ext, ext, sizeof ext);
    pos->key = key;
    return safe;
}

void chess_find_pins(const struct position *pos, struct chess_pins *pins)
{
    find_pins(pos, pins, chess_powers(pos));
}

bool chess_king_step_safe(struct position *pos, Move m)
{
    Color us = pos->side;
    Square from = move_from(m);
    Piece king = pos->board[from];
    pos->board[from] = EMPTY;
    bool safe = !chess_square_attacked(pos, move_to(m), us ^ 1);
    pos->board[from] = king;
    return safe;
}

/* The pins by which the moves of one node are judged: those of the powers in
 * force, and for each type whose moves change powers, those of the powers
 * in force after such a move (found when first needed). */
struct legality {
    struct chess_pins now;
    struct chess_pins after[CHESS_TYPES];
    unsigned after_found;  /* bit per type: `after` was looked for */
    unsigned after_usable; /* bit per type: and found */
    /* By type: the set in force after its move (NULL: not given), fetched
     * once per node (after_set_found: bit per type). */
    const struct power_set *after_set[CHESS_TYPES];
    unsigned after_set_found;
    /* The powers in force, and the enemy's pieces, Pawns apart (pins_after
     * asks for no Pawn's set), that may check or pin after a move of their
     * type (by set->reach_after; without it, all of them), with their types
     * as bits: listed when `after` is first looked for. */
    const struct power_set *set;
    bool enemy_listed;
    unsigned reaching_types;
    int reaching_count;
    Square reaching[MAX_PIECES];
    /* In check by one piece: the squares that answer it (the checker's and
     * those between it and the King along its direction); evasion_count < 0
     * when the check is double (then every step is tested). */
    int evasion_count;
    Square evasion[BOARD_MAX_COLS];
};

/* Adds the check along d from `checker` (NO_SQUARE: none) to the evasion
 * squares, unless that piece already checks along another direction. */
static void add_checker(struct legality *leg, Square king, int step, Square checker, Square *first)
{
    if (checker == NO_SQUARE || checker == *first || leg->evasion_count < 0)
        return;
    if (*first != NO_SQUARE) {
        leg->evasion_count = -1;
        return;
    }
    *first = checker;
    for (Square s = king - step; s != checker; s -= step)
        leg->evasion[leg->evasion_count++] = s;
    leg->evasion[leg->evasion_count++] = checker;
}

/* The evasion squares of a side in check (the whole attack table walked
 * back from the King: checks are rare). */
static void find_evasions(const struct position *pos, struct legality *leg, const struct power_set *set)
{
    Color them = pos->side ^ 1;
    const struct attack_table *t = &set->attacks[them];
    Square king = pos->king_sq[them ^ 1], first = NO_SQUARE;
    int bit = COLOR_BIT(them);
    leg->evasion_count = 0;
    for (int i = 0; i < t->leaps; i++)
        if (attack_leap_hits(&t->dirs[i], pos->board, king, bit))
            add_checker(leg, king, t->dirs[i].step, king - t->dirs[i].step, &first);
    for (int i = t->leaps; i < t->count; i++)
        add_checker(leg, king, t->dirs[i].step, attack_dir_attacker(&t->dirs[i], pos->board, king, bit), &first);
    if (first == NO_SQUARE)
        leg->evasion_count = -1;
}

static void legality_init(const struct position *pos, struct legality *leg, const struct power_set *set)
{
    find_pins(pos, &leg->now, set);
    leg->set = set;
    leg->after_found = leg->after_usable = leg->after_set_found = 0;
    leg->enemy_listed = false;
    if (leg->now.in_check)
        find_evasions(pos, leg, set);
}

/* In check, a step by an unpinned piece other than the King that changes no
 * powers (not en passant) is legal exactly when it lands on an evasion
 * square: it uncovers no other attack, as it is not pinned. */
static inline bool kind_answers_by_square(int kind)
{
    return kind == MK_NORMAL || kind == MK_DOUBLE_PAWN || kind == MK_PROMOTION;
}

static bool answers_check(const struct legality *leg, Square to)
{
    for (int i = 0; i < leg->evasion_count; i++)
        if (leg->evasion[i] == to)
            return true;
    return false;
}

/* leg->reaching: one pass over the enemy's pieces. */
static void list_reaching(const struct position *pos, struct legality *leg)
{
    Color them = pos->side ^ 1;
    const struct power_set *set = leg->set;
    const uint16_t *reach = set->reach_after[them] + BOARD_SIZE - pos->king_sq[them ^ 1];
    unsigned mask = set->has_reach_after ? 0 : ~(1u << PAWN), types = 0;
    int n = 0;
    for (int i = 0; i < pos->pcount[them]; i++) {
        Square sq = pos->plist[them][i];
        unsigned bit = 1u << piece_type(pos->board[sq]);
        if ((reach[sq] | mask) & bit & ~(1u << PAWN)) {
            leg->reaching[n++] = sq;
            types |= bit;
        }
    }
    leg->reaching_count = n;
    leg->reaching_types = types;
    leg->enemy_listed = true;
}

/* Check and pins by the listed enemy pieces of `type` under `set`, the
 * powers after a move of that type: a piece where it reaches our King in
 * one step or leap checks (set->adjacent), and only the directions on which
 * one stands farther within range (set->aligned) are walked. */
static void find_type_pins(const struct position *pos, const struct legality *leg, struct chess_pins *pins,
                           const struct power_set *set, int type)
{
    Color them = pos->side ^ 1;
    Square king = pos->king_sq[them ^ 1];
    const uint16_t *adjacent = set->adjacent[them] + BOARD_SIZE - king;
    const uint64_t *aligned = set->aligned[them] + BOARD_SIZE - king;
    const uint16_t *reach = set->reach[them] + BOARD_SIZE - king;
    unsigned bit = 1u << type;
    uint64_t walk = 0;
    pins->count = 0;
    pins->in_check = false;
    for (int i = 0; i < leg->reaching_count; i++) {
        Square sq = leg->reaching[i];
        if (piece_type(pos->board[sq]) != type || !(reach[sq] & bit))
            continue;
        pins->in_check |= (adjacent[sq] & bit) != 0;
        walk |= aligned[sq];
    }
    for (; walk; walk &= walk - 1)
        pins_along(pos->board, king, &set->attacks[them].dirs[__builtin_ctzll(walk)], COLOR_BIT(them), type, pins);
}

/* The powers in force after a move of `type` (the variant's powers_after),
 * or NULL when it cannot give them. */
static const struct power_set *set_after(const struct position *pos, struct legality *leg, int type)
{
    unsigned bit = 1u << type;
    if (!(leg->after_set_found & bit)) {
        const struct chess_rules *r = chess_rules_of(pos);
        leg->after_set[type] = r->powers_after && type != PAWN ? r->powers_after(pos, type) : NULL;
        leg->after_set_found |= bit;
    }
    return leg->after_set[type];
}

/* Check and pins by the enemy's pieces of `type` under the powers after a
 * move of that type, or NULL when the variant cannot give that power set.
 * Only `type`'s powers differ from those in force, so any check or pin
 * after the move is one of these or one of leg->now. */
static const struct chess_pins *pins_after(const struct position *pos, struct legality *leg, int type)
{
    unsigned bit = 1u << type;
    if (!(leg->after_found & bit)) {
        const struct chess_rules *r = chess_rules_of(pos);
        if (!leg->enemy_listed && r->powers_after)
            list_reaching(pos, leg);
        if (r->powers_after && type != PAWN && !(leg->reaching_types & bit)) {
            leg->after[type].count = 0;
            leg->after[type].in_check = false;
            leg->after_usable |= bit;
        } else {
            const struct power_set *set = set_after(pos, leg, type);
            if (set) {
                find_type_pins(pos, leg, &leg->after[type], set, type);
                leg->after_usable |= bit;
            }
        }
        leg->after_found |= bit;
    }
    return (leg->after_usable & bit) ? &leg->after[type] : NULL;
}

/* A plain move that changes powers, by another piece than the King, needs no
 * test when under the powers after it our King is not attacked and the piece
 * is not pinned: the move then changes only its two squares. Checks and pins
 * now by the other types stand for theirs after the move (a superset: a pin
 * by a piece of `type` itself may be gone, and is then tested). */
static bool power_move_clear(const struct position *pos, struct legality *leg, Square from, int type)
{
    if (from == pos->king_sq[pos->side] || leg->now.in_check || chess_is_pinned(&leg->now, from))
        return false;
    const struct chess_pins *after = pins_after(pos, leg, type);
    return after && !after->in_check && !chess_is_pinned(after, from);
}

static bool step_is_legal(struct position *pos, Move m, struct legality *leg)
{
    const struct chess_rules *r = chess_rules_of(pos);
    const struct chess_pins *pins = &leg->now;
    Square from = move_from(m);
    if (r->changes_powers && r->changes_powers(pos, m)) {
        int type = piece_type(pos->board[from]);
        if (move_kind(m) == MK_NORMAL && power_move_clear(pos, leg, from, type))
            return true;
        if (move_kind(m) != MK_NORMAL || !r->after_make_only_ext)
            return leaves_king_safe(pos, m);
        const struct power_set *after = set_after(pos, leg, type);
        return after ? board_step_safe(pos, m, r, after) : power_move_safe(pos, m, r);
    }
    if (from == pos->king_sq[pos->side])
        return move_kind(m) == MK_CASTLE ? board_step_safe(pos, m, r, leg->set) : chess_king_step_safe(pos, m);
    if (move_kind(m) == MK_EN_PASSANT || chess_is_pinned(pins, from))
        return board_step_safe(pos, m, r, leg->set);
    if (pins->in_check)
        return leg->evasion_count >= 0 && kind_answers_by_square(move_kind(m)) ? answers_check(leg, move_to(m))
                                                                                 : board_step_safe(pos, m, r, leg->set);
    return true;
}

static void filter_with_pins(struct position *pos, struct move_list *list, struct legality *leg)
{
    int n = 0;
    for (int i = 0; i < list->count; i++)
        if (step_is_legal(pos, list->moves[i], leg))
            list->moves[n++] = list->moves[i];
    list->count = n;
}

static void filter_legal(struct position *pos, struct move_list *list)
{
    struct legality leg;
    legality_init(pos, &leg, chess_powers(pos));
    filter_with_pins(pos, list, &leg);
}

void chess_generate(struct position *pos, struct move_list *list)
{
    list->count = 0;
    gen_pseudo(pos, list, false);
    filter_legal(pos, list);
}

void chess_generate_captures(struct position *pos, struct move_list *list)
{
    list->count = 0;
    gen_pseudo(pos, list, true);
    filter_legal(pos, list);
}

/* ---- Counting (perft's last ply) ----------------------------------------------
 * A piece whose moves are all legal without a test (see step_is_legal) has
 * exactly its pseudo-legal moves: count them without listing. Everything else
 * is listed and filtered as usual. */

static inline int count_rays(const struct position *pos, Square from, const struct piece_power *pw)
{
    const Piece *board = pos->board;
    int enemy = COLOR_BIT(pos->side ^ 1);
    int n = 0;
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        Square to = from + r->step;
        for (int k = 1;; k++, to += r->step) {
            Piece p = board[to];
            if (p == EMPTY) {
                n += r->mode & BETZA_MOVE;
                if (k >= r->range)
                    break;
                continue;
            }
            n += (p & enemy) && (r->mode & BETZA_CAPTURE);
            break;
        }
    }
    return n;
}

/* The moves of a piece with simple powers (struct power_set): its leaps to
 * a square neither own nor off the board, its slides' empty squares and the
 * enemy piece that ends each. */
static inline int count_simple(const Piece *board, Square from, const struct capture_rays *cr, Color us)
{
    int enemy = COLOR_BIT(us ^ 1), blocked = COLOR_BIT(us) | OFFBOARD;
    int n = 0;
    for (int i = 0; i < cr->leaps; i++)
        n += !(board[from + cr->rays[i].step] & blocked);
    for (int i = cr->leaps; i < cr->count; i++) {
        int step = cr->rays[i].step;
        Square to = from + step;
        for (; board[to] == EMPTY; to += step)
            n++;
        n += (board[to] & enemy) != 0;
    }
    return n;
}

/* The orthodox pieces' moves, their steps known to the compiler. */
static inline int count_slide(const Piece *board, Square from, int step, int enemy)
{
    const Piece *p = board + from + step;
    int n = 0;
    for (; *p == EMPTY; p += step)
        n++;
    return n + ((*p & enemy) != 0);
}

static inline int count_diagonals(const Piece *board, Square from, int enemy)
{
    return count_slide(board, from, step_of(1, 1), enemy) + count_slide(board, from, step_of(1, -1), enemy) +
           count_slide(board, from, step_of(-1, -1), enemy) + count_slide(board, from, step_of(-1, 1), enemy);
}

static inline int count_orthogonals(const Piece *board, Square from, int enemy)
{
    return count_slide(board, from, step_of(1, 0), enemy) + count_slide(board, from, step_of(-1, 0), enemy) +
           count_slide(board, from, step_of(0, 1), enemy) + count_slide(board, from, step_of(0, -1), enemy);
}

static inline int count_knight(const Piece *board, Square from, int blocked)
{
    const Piece *b = board + from;
    return !(b[step_of(1, 2)] & blocked) + !(b[step_of(2, 1)] & blocked) + !(b[step_of(2, -1)] & blocked) +
           !(b[step_of(1, -2)] & blocked) + !(b[step_of(-1, -2)] & blocked) + !(b[step_of(-2, -1)] & blocked) +
           !(b[step_of(-2, 1)] & blocked) + !(b[step_of(-1, 2)] & blocked);
}

static inline __attribute__((always_inline)) int count_piece(const struct position *pos, Square from,
                                                              const struct power_set *set, int type)
{
    Color us = pos->side;
    const Piece *board = pos->board;
    int enemy = COLOR_BIT(us ^ 1);
    switch (set->shape[type][us]) {
    case SHAPE_KNIGHT:
        return count_knight(board, from, COLOR_BIT(us) | OFFBOARD);
    case SHAPE_BISHOP:
        return count_diagonals(board, from, enemy);
    case SHAPE_ROOK:
        return count_orthogonals(board, from, enemy);
    case SHAPE_QUEEN:
        return count_diagonals(board, from, enemy) + count_orthogonals(board, from, enemy);
    default:
        break;
    }
    if (set->simple[type][us])
        return count_simple(board, from, &set->captures[type][us], us);
    return count_rays(pos, from, &set->power[type][us]);
}

/* The King's steps, castling apart, when its powers are simple leaps and it
 * is not in check: to each square neither own nor attacked once it has left. */
static int count_king_steps(struct position *pos, Square king, const struct power_set *set, struct king_seen *seen)
{
    Color us = pos->side;
    const struct capture_rays *cr = &set->captures[KING][us];
    Piece *board = pos->board;
    int blocked = COLOR_BIT(us) | OFFBOARD;
    Piece k = board[king];
    board[king] = EMPTY;
    int n = 0;
    uint64_t safe_bits = 0;
    for (int i = 0; i < cr->leaps; i++) {
        Square to = king + cr->rays[i].step;
        bool safe = !(board[to] & blocked) && !set_attacks(set, board, to, us ^ 1);
        n += safe;
        safe_bits |= (uint64_t)safe << (i & 63);
    }
    *seen = (struct king_seen){true, king, cr, safe_bits};
    board[king] = k;
    return n;
}

static inline bool king_steps_countable(const struct power_set *set, Color us)
{
    const struct capture_rays *cr = &set->captures[KING][us];
    return set->simple[KING][us] && cr->count == cr->leaps;
}

/* What counting the side to move's Pawns needs, worked out once per position. */
struct pawn_counter {
    int fwd, enemy, start_rank, last_rank, promo_count;
};

static inline void pawn_counter_init(struct pawn_counter *pc, const struct position *pos, int promo_count)
{
    Color us = pos->side;
    int ranks = pos->variant->geo.ranks;
    pc->fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    pc->enemy = COLOR_BIT(us ^ 1);
    pc->start_rank = us == WHITE ? 1 : ranks - 2;
    pc->last_rank = us == WHITE ? ranks - 1 : 0;
    pc->promo_count = promo_count;
}

/* Pawn moves of an unpinned Pawn, en passant excluded (it goes to the filtered list). */
static inline int count_pawn(const Piece *board, Square from, const struct pawn_counter *pc)
{
    Square ahead = from + pc->fwd;
    int n = 0;
    if (board[ahead] == EMPTY) {
        n++;
        if (on_rank(from, pc->start_rank) && board[ahead + pc->fwd] == EMPTY)
            n++;
    }
    n += (board[ahead - 1] & pc->enemy) != 0;
    n += (board[ahead + 1] & pc->enemy) != 0;
    return on_rank(ahead, pc->last_rank) ? n * pc->promo_count : n;
}

/* count_fixed without pins: every piece but the King counted, none listed. */
static uint64_t count_unpinned(struct position *pos, const struct power_set *set, const struct pawn_counter *pc,
                               struct move_list *special)
{
    Color us = pos->side;
    const Piece *board = pos->board;
    const Square *list = pos->plist[us];
    bool ep = pos->ep != NO_SQUARE;
    uint64_t n = 0;
    for (int i = 0, count = pos->pcount[us]; i < count; i++) {
        Square from = list[i];
        int type = piece_type(board[from]);
        if (type == PAWN) {
            n += (uint64_t)count_pawn(board, from, pc);
            if (ep)
                gen_en_passant(pos, special, from);
        } else if (from != pos->king_sq[us]) {
            n += (uint64_t)count_piece(pos, from, set, type);
        }
    }
    return n;
}

/* Fixed powers (orthodox chess): an unpinned piece other than the King,
 * when the side is not in check, has exactly its pseudo-legal moves. */
static uint64_t count_fixed(struct position *pos, const struct chess_pins *pins, const struct power_set *set,
                            struct move_list *special, struct king_seen *seen)
{
    const struct chess_rules *r = chess_rules_of(pos);
    Color us = pos->side;
    Square king = pos->king_sq[us];
    struct pawn_counter pc;
    pawn_counter_init(&pc, pos, r->promo_count);
    if (pins->count == 0 && piece_type(pos->board[king]) == KING && king_steps_countable(set, us))
        return count_unpinned(pos, set, &pc, special) + (uint64_t)count_king_steps(pos, king, set, seen);
    uint64_t n = 0;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square from = pos->plist[us][i];
        int type = piece_type(pos->board[from]);
        if (type == PAWN) {
            if (from == king || chess_is_pinned(pins, from)) {
                gen_pawn(pos, special, from, false);
                continue;
            }
            n += (uint64_t)count_pawn(pos->board, from, &pc);
            if (pos->ep != NO_SQUARE)
                gen_en_passant(pos, special, from);
        } else if (from == king && type == KING && king_steps_countable(set, us)) {
            n += (uint64_t)count_king_steps(pos, from, set, seen);
        } else if (from == king || chess_is_pinned(pins, from)) {
            gen_rays(pos, special, from, &set->power[type][us], false);
        } else {
            n += (uint64_t)count_piece(pos, from, set, type);
        }
    }
    return n;
}

/* The types (bit per type) whose moves change powers, when the game has no
 * changing_types hook: changes_powers asked once per type present. */
static unsigned changing_by_piece(const struct position *pos)
{
    const struct chess_rules *r = chess_rules_of(pos);
    unsigned asked = 1u << PAWN, changing = 0;
    for (int i = 0; i < pos->pcount[pos->side]; i++) {
        Square from = pos->plist[pos->side][i];
        unsigned bit = 1u << piece_type(pos->board[from]);
        if (!(asked & bit) && r->changes_powers(pos, make_move(from, from, MK_NORMAL, 0)))
            changing |= bit;
        asked |= bit;
    }
    return changing;
}

/* Whether the piece on `from` of `type` has exactly its pseudo-legal moves:
 * by the pins now and, when its moves change powers, by the pins after its
 * move (power_move_clear, the pins after found once per type and node). */
static inline bool piece_clear(const struct position *pos, struct legality *leg, Square from, int type,
                               bool changes)
{
    if (leg->now.in_check || (leg->now.count && chess_is_pinned(&leg->now, from)))
        return false;
    if (!changes)
        return true;
    unsigned bit = 1u << type;
    const struct chess_pins *after = (leg->after_found & bit) ? (leg->after_usable & bit ? &leg->after[type] : NULL)
                                                              : pins_after(pos, leg, type);
    return after && !after->in_check && (after->count == 0 || !chess_is_pinned(after, from));
}

/* Powers that change: a piece whose moves change them is judged by the pins
 * after its move, any other by the pins now; the King's steps are counted
 * as in count_fixed when its own moves change no powers. */
static uint64_t count_changing(struct position *pos, struct legality *leg, const struct power_set *set,
                               struct move_list *special, struct king_seen *seen)
{
    const struct chess_rules *r = chess_rules_of(pos);
    Color us = pos->side;
    Square king = pos->king_sq[us];
    struct pawn_counter pc;
    pawn_counter_init(&pc, pos, r->promo_count);
    uint64_t n = 0;
    unsigned changing = r->changing_types ? r->changing_types(pos) : changing_by_piece(pos);
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square from = pos->plist[us][i];
        int type = piece_type(pos->board[from]);
        bool changes = (changing >> type) & 1;
        if (from == king) {
            if (type == KING && !changes && king_steps_countable(set, us))
                n += (uint64_t)count_king_steps(pos, king, set, seen);
            else
                chess_gen_piece(pos, special, from, false);
        } else if (!piece_clear(pos, leg, from, type, changes)) {
            chess_gen_piece(pos, special, from, false);
        } else if (type == PAWN) {
            n += (uint64_t)count_pawn(pos->board, from, &pc);
            if (pos->ep != NO_SQUARE)
                gen_en_passant(pos, special, from);
        } else {
            n += (uint64_t)count_piece(pos, from, set, type);
        }
    }
    return n;
}

/* Castling at the last ply. When the King's steps were counted (its moves
 * change no powers), each castling is counted: the squares it crosses next
 * to the King read from those steps, the landing square tested on the
 * board. Otherwise it is listed for the filter. */
static int count_castling(struct position *pos, const struct chess_rules *r, struct move_list *special,
                          bool king_safe, const struct king_seen *seen)
{
    if (!seen->counted) {
        gen_castling(pos, r, special, king_safe);
        return 0;
    }
    int n = 0;
    for (int i = pos->side * 2; i < pos->side * 2 + 2; i++)
        n += castle_open(pos, r, i, king_safe, king_safe ? seen : NULL) && castle_lands_safe(pos, &r->castle[i]);
    return n;
}

uint64_t chess_count_turns(struct position *pos)
{
    const struct chess_rules *r = chess_rules_of(pos);
    const struct power_set *set = chess_powers(pos);
    struct move_list special;
    struct legality leg;
    special.count = 0;
    legality_init(pos, &leg, set);
    bool may_change = r->changes_powers != NULL;
    if ((leg.now.in_check && !may_change) || set->overlaps[pos->side]) {
        gen_pseudo(pos, &special, false);
        filter_with_pins(pos, &special, &leg);
        return (uint64_t)special.count;
    }
    struct king_seen seen;
    seen.counted = false;
    uint64_t n = may_change ? count_changing(pos, &leg, set, &special, &seen)
                            : count_fixed(pos, &leg.now, set, &special, &seen);
    if (pos->castling)
        n += (uint64_t)count_castling(pos, r, &special, !leg.now.in_check, &seen);
    filter_with_pins(pos, &special, &leg);
    return n + (uint64_t)special.count;
}

/* ---- Make / unmake ------------------------------------------------------------ */

void chess_make(struct position *pos, Move m)
{
    const struct chess_rules *r = chess_rules_of(pos);
    const struct variant *v = pos->variant;
    struct undo *u = pos_push_undo(pos, m, v->ext_size, true);
    Square from = move_from(m), to = move_to(m);
    int kind = move_kind(m);
    Piece mover = pos->board[from];
    Color us = pos->side;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;

    pos->halfmove++;
    if (pos->ep != NO_SQUARE)
        pos_set_ep(pos, NO_SQUARE);
    if (kind == MK_CASTLE) {
        const struct castle_rule *c = &r->castle[move_extra(m)];
        Piece rook = pos_remove(pos, c->rook_from);
        pos_move_piece(pos, c->king_from, c->king_to);
        pos_put(pos, c->rook_to, rook);
    } else {
        if (kind == MK_EN_PASSANT)
            u->captured = pos_remove(pos, to - fwd);
        else if (pos->board[to] != EMPTY)
            u->captured = pos_remove(pos, to);
        if (u->captured != EMPTY || piece_type(mover) == PAWN)
            pos->halfmove = 0;
        if (kind == MK_PROMOTION) {
            pos_remove(pos, from);
            pos_put(pos, to, make_piece(us, move_promo(m)));
        } else {
            pos_move_piece(pos, from, to);
        }
        if (kind == MK_DOUBLE_PAWN)
            pos_set_ep(pos, from + fwd);
    }
    int keep = r->castle_keep[from] & r->castle_keep[to];
    if ((pos->castling & keep) != pos->castling)
        pos_set_castling(pos, pos->castling & keep);
    if (r->after_make)
        r->after_make(pos, m, mover);
    if (us == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}

void chess_unmake(struct position *pos, Move m)
{
    const struct chess_rules *r = chess_rules_of(pos);
    const struct undo *u = &pos->history[pos->ply - 1];
    Square from = move_from(m), to = move_to(m);
    int kind = move_kind(m);
    Color us = u->side;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    if (kind == MK_CASTLE) {
        const struct castle_rule *c = &r->castle[move_extra(m)];
        Piece rook = pos_remove(pos, c->rook_to);
        pos_move_piece(pos, c->king_to, c->king_from);
        pos_put(pos, c->rook_from, rook);
    } else {
        if (kind == MK_PROMOTION) {
            pos_remove(pos, to);
            pos_put(pos, from, make_piece(us, PAWN));
        } else {
            pos_move_piece(pos, to, from);
        }
        if (kind == MK_EN_PASSANT)
            pos_put(pos, to - fwd, u->captured);
        else if (u->captured != EMPTY)
            pos_put(pos, to, u->captured);
    }
    pos_pop_undo(pos, pos->variant->ext_size);
}

bool chess_is_capture(const struct position *pos, Move m)
{
    return move_kind(m) == MK_EN_PASSANT || (move_kind(m) != MK_CASTLE && pos->board[move_to(m)] != EMPTY);
}

struct outcome chess_outcome(struct position *pos, int legal_steps)
{
    return outcome_without_steps(pos->side, legal_steps == 0 && chess_in_check(pos), legal_steps);
}

/* ---- Text -------------------------------------------------------------------- */

/* True when the King's current power could also make the plain move from
 * king_from to king_to (Polypiece's `K:K,WD` reaches g1 from e1 by a leap). */
static bool king_power_reaches(const struct position *pos, Color c, Square from, Square to)
{
    const struct piece_power *pw = &chess_powers(pos)->power[KING][c];
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        if (!(r->mode & BETZA_MOVE))
            continue;
        Square s = from + r->step;
        for (int k = 1; k <= r->range && pos->board[s] != OFFBOARD; k++, s += r->step) {
            if (s == to)
                return true;
            if (pos->board[s] != EMPTY && pos->board[s] != make_piece(c, ROOK))
                break;
        }
    }
    return false;
}

void chess_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    const struct geometry *g = &pos->variant->geo;
    char from[8], to[8];
    Square dest = move_to(m);
    if (move_kind(m) == MK_CASTLE) {
        /* Castling is written King-to-rook-square when the King-to-destination
         * text would also name a plain King move. */
        const struct castle_rule *c = &chess_rules_of(pos)->castle[move_extra(m)];
        if (king_power_reaches(pos, pos->side, c->king_from, c->king_to))
            dest = c->rook_from;
    }
    geo_square_name(g, move_from(m), from);
    geo_square_name(g, dest, to);
    if (move_kind(m) == MK_PROMOTION) {
        char letter = pos->variant->piece_letters[move_promo(m)];
        snprintf(out, n, "%s%s%c", from, to, letter + ('a' - 'A'));
    } else {
        snprintf(out, n, "%s%s", from, to);
    }
}

/* ---- FEN checks ------------------------------------------------------------------ */


int chess_read_ep(struct position *pos, const char *field, char *err, size_t errlen)
{
    if (strcmp(field, "-") == 0)
        return 0;
    const char *s = field;
    Square sq = geo_parse_square(&pos->variant->geo, &s);
    if (sq == NO_SQUARE || *s)
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): not a square");
    pos->ep = sq;
    return 0;
}

static int count_type(const struct position *pos, Color c, int type)
{
    int n = 0;
    for (int i = 0; i < pos->pcount[c]; i++)
        if (piece_type(pos->board[pos->plist[c][i]]) == type)
            n++;
    return n;
}

static int validate_ep(struct position *pos, char *err, size_t errlen)
{
    if (pos->ep == NO_SQUARE)
        return 0;
    Color us = pos->side;
    int ranks = pos->variant->geo.ranks;
    int ep_rank = us == WHITE ? ranks - 3 : 2;
    int fwd = us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    if (square_rank(pos->ep) != ep_rank)
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): square is not on the double-step rank");
    if (pos->board[pos->ep] != EMPTY || pos->board[pos->ep + fwd] != EMPTY ||
        pos->board[pos->ep - fwd] != make_piece(us ^ 1, PAWN))
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): no pawn has just passed over that square");
    return 0;
}

int chess_validate(struct position *pos, char *err, size_t errlen)
{
    const struct chess_rules *r = chess_rules_of(pos);
    int ranks = pos->variant->geo.ranks;
    for (Color c = WHITE; c <= BLACK; c++) {
        if (count_type(pos, c, KING) != 1)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): %s needs exactly one king",
                             c == WHITE ? "White" : "Black");
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            if (piece_type(pos->board[sq]) == PAWN && (square_rank(sq) == 0 || square_rank(sq) == ranks - 1))
                return error_set(err, errlen, "invalid FEN: field 1 (placement): a pawn on the first or last rank");
        }
    }
    for (int i = 0; i < 4; i++) {
        if (!(pos->castling & (1 << i)))
            continue;
        Color c = i < 2 ? WHITE : BLACK;
        if (pos->board[r->castle[i].king_from] != make_piece(c, KING) ||
            pos->board[r->castle[i].rook_from] != make_piece(c, ROOK))
            return error_set(err, errlen, "invalid FEN: field 3 (castling): a right without its king and rook in place");
    }
    if (validate_ep(pos, err, errlen))
        return -1;
    if (chess_square_attacked(pos, pos->king_sq[pos->side ^ 1], pos->side))
        return error_set(err, errlen, "invalid FEN: field 2 (side to move): the side not to move is in check");
    return 0;
}
