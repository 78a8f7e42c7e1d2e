/* Nick Danger Chess (Ralph Betza): the variant entry, FEN fields 7-9, move
 * text and XBoard set-up. Rules in nickdanger_rules.c, evaluation in
 * nickdanger_eval.c; the representation is described in nickdanger.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/core/san.h"
#include "variants/family.h"
#include "variants/nickdanger.h"
#include "variants/nnue_state.h"

/* ---- Rules and settings ----------------------------------------------------------- */

/* Two boards keep board 1 in its 8x8 frame at column ND_BOARD1_COL (files
 * i-p whatever its size); more boards are as wide as their files. */
static int frame_width(int count, int b, const int files[]) { return count == 2 && b > 0 ? 8 : files[b]; }

void nd_rules_layout(struct nd_rules *r, int count, const int files[], const int ranks[])
{
    r->board_count = count;
    memset(r->col_board, -1, sizeof r->col_board);
    memset(r->holes, 0, sizeof r->holes);
    for (int b = 0, col = 0; b < count; b++) {
        if (count == 2 && b == 1)
            col = ND_BOARD1_COL;
        r->files[b] = files[b];
        r->ranks[b] = ranks[b];
        r->origin[b] = (uint8_t)col;
        for (int l = 0; l < 64; l++)
            if ((l & 7) >= files[b] || l >> 3 >= ranks[b])
                r->holes[b] |= 1ULL << l;
        for (int f = 0; f < frame_width(count, b, files); f++)
            r->col_board[col + f] = (int8_t)b;
        col += frame_width(count, b, files) + 2;
    }
}

void nd_geometry(const struct nd_rules *r, struct geometry *g)
{
    g->files = 0;
    g->ranks = 8;
    for (int col = 0; col < BOARD_STRIDE; col++)
        if (r->col_board[col] >= 0)
            g->file_col[g->files++] = col;
}

static void rules_defaults(struct nd_rules *r)
{
    static const int eight[2] = {8, 8};
    r->max_links = ND_DEFAULT_LINKS;
    r->link_squares = ND_SQUARES_SAME_RANK;
    r->after_linking = ND_AFTER_TWINKLE;
    nd_rules_layout(r, 2, eight, eight);
}

/* The values of the combo settings, in the order of their enums. */
static const char *const link_squares_names[] = {"same-rank", "same-square", "same-colour", "any", "same-quadrant"};
static const char *const after_linking_names[] = {"twinkle", "remove"};
#define ND_LINK_SQUARES_CHOICES "same-rank /// same-square /// same-colour /// any /// same-quadrant"
const char *const nd_setting_names[ND_SETTINGS] = {"Links", "LinkSquares", "AfterLinking"};
#define ND_AFTER_LINKING_CHOICES "twinkle /// remove"

static const struct variant_option nd_options[] = {
    {"Links", "spin", "8", "1 32"},
    {"LinkSquares", "combo", "same-rank", ND_LINK_SQUARES_CHOICES},
    {"AfterLinking", "combo", "twinkle", ND_AFTER_LINKING_CHOICES},
};
_Static_assert(ND_DEFAULT_LINKS == 8 && ND_LINK_SLOTS == 32, "nd_options states the Links default and range");
_Static_assert(ND_SQUARES_SAME_RANK == 0 && ND_AFTER_TWINKLE == 0, "the combos' defaults are their first values");

static void nd_rules_free(void *rules) { free(rules); }

/* The most links the boards can hold: the squares of the boards after board 0
 * (each link takes one of them, its upper location), at most ND_LINK_SLOTS. */
static int links_limit(const struct nd_rules *r)
{
    int squares = 0;
    for (int b = 1; b < r->board_count; b++)
        squares += r->files[b] * r->ranks[b];
    return squares < ND_LINK_SLOTS ? squares : ND_LINK_SLOTS;
}

/* Links: a whole number from 1 to links_limit, nothing else. */
static int set_links(struct nd_rules *r, const char *value, char *err, size_t errlen)
{
    const char *s = value ? value : "";
    while (*s == ' ')
        s++;
    int n = 0, digits = 0;
    for (; isdigit((unsigned char)*s) && digits < 3; s++, digits++)
        n = n * 10 + (*s - '0');
    while (*s == ' ')
        s++;
    if (digits == 0 || *s || n < 1 || n > links_limit(r))
        return error_set(err, errlen, "Links: '%s': expected a whole number from 1 to %d (the most links at a time)",
                         value ? value : "", links_limit(r));
    r->max_links = n;
    return 0;
}

/* A combo setting: one of `names` (any case), nothing else; *out gets its index. */
static int set_choice(const char *setting, const char *const *names, int count, int *out,
                      const char *value, char *err, size_t errlen)
{
    for (int i = 0; value && i < count; i++)
        if (strcasecmp(value, names[i]) == 0) {
            *out = i;
            return 0;
        }
    char list[128] = "";
    for (int i = 0, len = 0; i < count; i++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%s", i ? ", " : "", names[i]);
    return error_set(err, errlen, "%s: '%s' is not one of %s", setting, value ? value : "", list);
}

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The first board after board 0 that is not 8x8, or 0 when all are. */
static int first_smaller(const struct nd_rules *r)
{
    for (int b = 1; b < r->board_count; b++)
        if (r->files[b] != 8 || r->ranks[b] != 8)
            return b;
    return 0;
}

/* The first board of odd files or ranks, or 0 when none is. */
static int first_odd(const struct nd_rules *r)
{
    for (int b = 1; b < r->board_count; b++)
        if (r->files[b] % 2 || r->ranks[b] % 2)
            return b;
    return 0;
}

/* LinkSquares: a choice that fits the boards' sizes. Boards of different
 * sizes cannot be linked by rank or square (Betza's note 3c1); quadrants
 * need boards of even sizes. */
static int set_link_squares(struct nd_rules *r, const char *value, char *err, size_t errlen)
{
    int choice = ND_SQUARES_SAME_RANK;
    if (set_choice("LinkSquares", link_squares_names, COUNT_OF(link_squares_names), &choice, value, err, errlen))
        return -1;
    int b = first_smaller(r), odd = first_odd(r);
    if (b && (choice == ND_SQUARES_SAME_RANK || choice == ND_SQUARES_SAME_SQUARE))
        return error_set(err, errlen, "LinkSquares: '%s' needs two boards of one size (allowed with board %d %dx%d: "
                         "same-quadrant, same-colour, any)", value, b, r->files[b], r->ranks[b]);
    if (choice == ND_SQUARES_SAME_QUADRANT && odd)
        return error_set(err, errlen, "LinkSquares: 'same-quadrant' needs a board %d of even files and ranks, not %dx%d "
                         "(allowed: same-colour, any)", odd, r->files[odd], r->ranks[odd]);
    r->link_squares = choice;
    return 0;
}

static int nd_set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    struct nd_rules *r = rules;
    if (name && strcasecmp(name, "Links") == 0)
        return set_links(r, value, err, errlen);
    if (name && strcasecmp(name, "LinkSquares") == 0)
        return set_link_squares(r, value, err, errlen);
    if (name && strcasecmp(name, "AfterLinking") == 0)
        return set_choice("AfterLinking", after_linking_names, COUNT_OF(after_linking_names),
                          &r->after_linking, value, err, errlen);
    return error_set(err, errlen, "unknown option '%s'", name ? name : "");
}

static void nd_get_option(const void *rules, const char *name, char *out, size_t n)
{
    const struct nd_rules *r = rules;
    if (!n)
        return;
    if (name && strcasecmp(name, "Links") == 0)
        snprintf(out, n, "%d", r->max_links);
    else if (name && strcasecmp(name, "LinkSquares") == 0)
        snprintf(out, n, "%s", link_squares_names[r->link_squares]);
    else if (name && strcasecmp(name, "AfterLinking") == 0)
        snprintf(out, n, "%s", after_linking_names[r->after_linking]);
    else
        out[0] = '\0';
}

/* A game file's rules value (variants/family.h). */
void *nd_rules_create(const struct game_decl *g, int board_count, const int files[], const int ranks[],
                      const char *const values[ND_SETTINGS], char *err, size_t errlen)
{
    struct nd_rules *r = malloc(sizeof *r);
    if (!r) {
        error_set(err, errlen, "Nick Danger settings: out of memory");
        return NULL;
    }
    rules_defaults(r);
    chess_rules_declared(&r->chess, g);
    nd_rules_layout(r, board_count, files, ranks);
    for (int i = 0; i < ND_SETTINGS; i++)
        if (nd_set_option(r, nd_setting_names[i], values[i], err, errlen)) {
            free(r);
            return NULL;
        }
    return r;
}

static const int nd_piece_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

/* ---- FEN fields 7-9 ------------------------------------------------------------- */


/* Reads `a3k3` at *s: a square of board b then one of board b + 1 that LinkSquares lets it be linked to. */
static int parse_pair(const struct position *pos, const char **s, Square *s0, Square *s1)
{
    const struct geometry *g = &pos->variant->geo;
    const struct nd_rules *r = nd_rules_of(pos);
    *s0 = geo_parse_square(g, s);
    if (*s0 == NO_SQUARE || nd_board_of(r, *s0) + 1 >= r->board_count)
        return -1;
    *s1 = geo_parse_square(g, s);
    int b = nd_board_of(r, *s0);
    if (*s1 == NO_SQUARE || nd_board_of(r, *s1) != b + 1 ||
        !nd_pair_allowed(r, b, nd_local(r, *s0), nd_local(r, *s1)))
        return -1;
    return 0;
}

/* What LinkSquares asks of a pair, for messages. */
static const char *pair_rule_text(const struct position *pos)
{
    switch (nd_rules_of(pos)->link_squares) {
    case ND_SQUARES_SAME_SQUARE: return "the same square of each board (LinkSquares=same-square)";
    case ND_SQUARES_SAME_COLOUR: return "two squares of the same colour (LinkSquares=same-colour)";
    case ND_SQUARES_ANY: return "any two squares (LinkSquares=any)";
    case ND_SQUARES_SAME_QUADRANT: return "two squares of the same quadrant (LinkSquares=same-quadrant)";
    default: return "same rank";
    }
}

/* A piece on a linked square was put on both locations by the generic reader:
 * keep it listed once, at its board-0 location. */
static int read_links(struct position *pos, const char *field, char *err, size_t errlen)
{
    const struct nd_rules *r = nd_rules_of(pos);
    struct nd_state *st = nd_st(pos);
    if (strcmp(field, "-") == 0)
        return 0;
    const char *s = field;
    for (;;) {
        Square s0, s1;
        if (parse_pair(pos, &s, &s0, &s1))
            return error_set(err, errlen, "invalid FEN: field 7 (links): '%s': expected pairs like a3k3 (board-0 square first, "
                                          "%s), separated by commas", field, pair_rule_text(pos));
        if (nd_linked(r, st, s0) || nd_linked(r, st, s1))
            return error_set(err, errlen, "invalid FEN: field 7 (links): '%s': a square is linked twice", field);
        if (st->nlinks == nd_max_links(pos))
            return error_set(err, errlen, "invalid FEN: field 7 (links): '%s': more than %d links (the Links setting)", field,
                             nd_max_links(pos));
        Piece p0 = pos->board[s0], p1 = pos->board[s1];
        if (p0 != p1)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): a piece on a linked square must be written on both of its "
                             "locations (links '%s')", field);
        if (piece_type(p0) == KING)
            return error_set(err, errlen, "invalid FEN: field 7 (links): '%s': a King cannot stand on a linked square", field);
        if (p0 != EMPTY) {
            pos_remove(pos, s1);
            pos->board[s1] = p0;
        }
        int b = nd_board_of(r, s0);
        st->id[st->nlinks] = nd_take_link_id(st, nd_max_links(pos));
        st->l0[st->nlinks] = (uint8_t)nd_local(r, s0);
        st->l1[st->nlinks] = (uint8_t)nd_local(r, s1);
        st->lb[st->nlinks] = (uint8_t)b;
        st->nlinks++;
        st->mask[b] |= 1ULL << nd_local(r, s0);
        st->mask[b + 1] |= 1ULL << nd_local(r, s1);
        if (*s == '\0')
            return 0;
        if (*s != ',')
            return error_set(err, errlen, "invalid FEN: field 7 (links): '%s': links are separated by commas", field);
        s++;
    }
}

static int read_last(struct position *pos, const char *field, char *err, size_t errlen)
{
    struct nd_state *st = nd_st(pos);
    if (strcmp(field, "-") == 0)
        return 0;
    const char *s = field + 1;
    Square s0, s1;
    if ((field[0] != '+' && field[0] != '-') || parse_pair(pos, &s, &s0, &s1) || *s)
        return error_set(err, errlen, "invalid FEN: field 9 (last link action): '%s', expected +a3k3, -a3k3 or -", field);
    const struct nd_rules *r = nd_rules_of(pos);
    st->last_kind = field[0] == '+' ? ND_LAST_MADE : ND_LAST_BROKEN;
    st->last0 = (uint8_t)nd_local(r, s0);
    st->last1 = (uint8_t)nd_local(r, s1);
    st->lastb = (uint8_t)nd_board_of(r, s0);
    return 0;
}

/* The holes of the boards smaller than their frames become OFFBOARD; a piece there is refused. */
static int mark_holes(struct position *pos, char *err, size_t errlen)
{
    const struct nd_rules *r = nd_rules_of(pos);
    for (int b = 1; b < r->board_count; b++)
        for (uint64_t holes = r->holes[b]; holes; holes &= holes - 1) {
            Square sq = nd_square(r, b, __builtin_ctzll(holes));
            if (nd_board_of(r, sq) != b) /* past a board narrower than 8 files: not a file of the FEN */
                continue;
            if (pos->board[sq] != EMPTY) {
                char name[8], first[8];
                geo_square_name(&pos->variant->geo, sq, name);
                geo_square_name(&pos->variant->geo, nd_square(r, b, 0), first);
                return error_set(err, errlen, "invalid FEN: field 1 (placement): %s is not a square of board %d (%dx%d: "
                                 "files %c.., ranks 1..; write the others empty)", name, b, r->files[b], r->ranks[b],
                                 first[0]);
            }
            pos->board[sq] = OFFBOARD;
        }
    return 0;
}

static int nd_read_extra(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    struct nd_state *st = nd_st(pos);
    memset(st, 0, sizeof *st);
    if (mark_holes(pos, err, errlen))
        return -1;
    if (n > 3)
        return error_set(err, errlen, "invalid FEN: field 10: unexpected '%s'", fields[3]);
    if (n > 0 && read_links(pos, fields[0], err, errlen))
        return -1;
    const struct nd_rules *r = nd_rules_of(pos);
    char full = r->after_linking == ND_AFTER_REMOVE ? 'R' : 'T';
    if (n > 1) {
        if (strcmp(fields[1], "L") == 0)
            st->phase = ND_PHASE_LINKING;
        else if (fields[1][0] == full && fields[1][1] == '\0')
            st->phase = nd_full_phase(r);
        else
            return error_set(err, errlen, "invalid FEN: field 8 (phase): '%s', expected L or %c (AfterLinking=%s)", fields[1],
                             full, after_linking_names[r->after_linking]);
    }
    if (st->nlinks == nd_max_links(pos))
        st->phase = nd_full_phase(r);
    if (st->phase == ND_PHASE_REMOVING && st->nlinks == 0) /* no link left to remove: linking again */
        st->phase = ND_PHASE_LINKING;
    if (n > 2 && read_last(pos, fields[2], err, errlen))
        return -1;
    return 0;
}

static void pair_name(const struct position *pos, int b, int l0, int l1, char *out)
{
    const struct geometry *g = &pos->variant->geo;
    const struct nd_rules *r = nd_rules_of(pos);
    int len = geo_square_name(g, nd_square(r, b, l0), out);
    geo_square_name(g, nd_square(r, b + 1, l1), out + len);
}

static void nd_write_extra(const struct position *pos, char *out, size_t n)
{
    const struct nd_state *st = nd_cst(pos);
    size_t len = 0;
    if (st->nlinks == 0)
        len += (size_t)snprintf(out + len, n - len, "-");
    for (int b = 0, written = 0; b + 1 < nd_rules_of(pos)->board_count; b++)
        for (int l0 = 0; l0 < 64; l0++) {
            if (!((st->mask[b] >> l0) & 1))
                continue;
            for (int i = 0; i < st->nlinks; i++)
                if (st->l0[i] == l0 && st->lb[i] == b) {
                    char name[16];
                    pair_name(pos, b, l0, st->l1[i], name);
                    len += (size_t)snprintf(out + len, n - len, "%s%s", written++ ? "," : "", name);
                }
        }
    static const char phase_letter[] = "LTR";
    len += (size_t)snprintf(out + len, n - len, " %c ", phase_letter[st->phase]);
    if (st->last_kind == ND_LAST_NONE) {
        snprintf(out + len, n - len, "-");
    } else {
        char name[16];
        pair_name(pos, st->lastb, st->last0, st->last1, name);
        snprintf(out + len, n - len, "%c%s", st->last_kind == ND_LAST_MADE ? '+' : '-', name);
    }
}

static int nd_validate(struct position *pos, char *err, size_t errlen)
{
    const struct chess_rules *r = chess_rules_of(pos);
    for (Color c = WHITE; c <= BLACK; c++) {
        int kings = 0;
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            if (type == KING) {
                kings++;
                if (nd_board_of(nd_rules_of(pos), sq))
                    return error_set(err, errlen, "invalid FEN: field 1 (placement): %s King is on board %d",
                                     c == WHITE ? "the White" : "the Black", nd_board_of(nd_rules_of(pos), sq));
            }
            /* With links off the rank a Pawn can reach any rank without promoting (docs/rules-decisions.md). */
            if (type == PAWN && (square_rank(sq) == 0 || square_rank(sq) == 7) && !nd_promotes_on_board0_only(nd_rules_of(pos)))
                return error_set(err, errlen, "invalid FEN: field 1 (placement): %s", "a pawn on the first or last rank");
        }
        if (kings != 1)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): %s needs exactly one King",
                             c == WHITE ? "White" : "Black");
    }
    for (int i = 0; i < 4; i++) {
        Color c = i < 2 ? WHITE : BLACK;
        if ((pos->castling & (1 << i)) && (pos->board[r->castle[i].king_from] != make_piece(c, KING) ||
                                           pos->board[r->castle[i].rook_from] != make_piece(c, ROOK)))
            return error_set(err, errlen, "invalid FEN: field 3 (castling): %s", "a right without its King and Rook in place");
    }
    if (pos->ep != NO_SQUARE && square_rank(pos->ep) != (pos->side == WHITE ? 5 : 2))
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): %s", "the square is not on the double-step rank");
    if (chess_square_attacked(pos, pos->king_sq[pos->side ^ 1], pos->side))
        return error_set(err, errlen, "invalid FEN: field 2 (side to move): %s", "the side not to move is in check");
    return 0;
}

/* ---- Debug validator hooks ------------------------------------------------------- */

/* A piece on a linked square is listed at its lower board's location. */
static Square nd_listed_square(const struct position *pos, Square sq)
{
    const struct nd_rules *r = nd_rules_of(pos);
    Square o = nd_partner(r, nd_cst(pos), sq);
    return o != NO_SQUARE && nd_board_of(r, o) < nd_board_of(r, sq) ? o : sq;
}

/* The link slots agree with the masks, and each link's two locations hold the same thing. */
static bool nd_state_ok(const struct position *pos)
{
    const struct nd_state *st = nd_cst(pos);
    const struct nd_rules *r = nd_rules_of(pos);
    if (st->nlinks > nd_max_links(pos) || st->part2 > 1 || (st->phase != ND_PHASE_LINKING && st->phase != nd_full_phase(r)) ||
        (st->phase == ND_PHASE_REMOVING && st->nlinks == 0))
        return false;
    uint64_t mask[ND_MAX_BOARDS] = {0};
    for (int i = 0; i < st->nlinks; i++) {
        int b = st->lb[i];
        if (st->l0[i] >= 64 || st->l1[i] >= 64 || b + 1 >= r->board_count || !nd_pair_allowed(r, b, st->l0[i], st->l1[i]))
            return false;
        mask[b] |= 1ULL << st->l0[i];
        mask[b + 1] |= 1ULL << st->l1[i];
        if (pos->board[nd_square(r, b, st->l0[i])] != pos->board[nd_square(r, b + 1, st->l1[i])])
            return false;
    }
    return memcmp(mask, st->mask, sizeof mask) == 0;
}

/* ---- Text ------------------------------------------------------------------------ */

static void nd_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    const struct geometry *g = &pos->variant->geo;
    char from[8], to[8], keep[8] = "";
    geo_square_name(g, move_from(m), from);
    geo_square_name(g, move_to(m), to);
    switch (move_kind(m)) {
    case MK_LINK:
        snprintf(out, n, "%s%s", from, to);
        break;
    case MK_UNLINK:
        if (move_extra(m) != ND_KEEP_NONE)
            snprintf(keep, sizeof keep, "%s", move_extra(m) == ND_KEEP_0 ? from : to);
        snprintf(out, n, "x%s%s%s", from, to, keep);
        break;
    case MK_PROMOTION:
        snprintf(out, n, "%s%s%c", from, to, tolower((unsigned char)pos->variant->piece_letters[move_promo(m)]));
        break;
    default:
        snprintf(out, n, "%s%s", from, to);
    }
}

/* Readable: the chess move in SAN, then a comma and the link action: `+`
 * and the two squares for a new link (`Nf3,+a3k3`), `-` and the two squares
 * for a break (`e5,-a3k3`), with `@` and the location where the piece stays
 * when the link was occupied (`e5,-c3k3@k3`). */
static void nd_notation_step(struct position *pos, Move m, int index, char *out, size_t n)
{
    (void)index;
    const struct geometry *g = &pos->variant->geo;
    char from[8], to[8], keep[12] = "";
    geo_square_name(g, move_from(m), from);
    geo_square_name(g, move_to(m), to);
    switch (move_kind(m)) {
    case MK_LINK: snprintf(out, n, ",+%s%s", from, to); break;
    case MK_UNLINK:
        if (move_extra(m) != ND_KEEP_NONE)
            snprintf(keep, sizeof keep, "@%s", move_extra(m) == ND_KEEP_0 ? from : to);
        snprintf(out, n, ",-%s%s%s", from, to, keep);
        break;
    default: san_step(pos, m, out, n);
    }
}

/* ---- The entry ------------------------------------------------------------------- */

/* The Nick Danger family's hooks (variants/family.h): a game of the family
 * (`nickdanger` of games/core.ini, and the other board sets) is this entry
 * with the declaration's id, start, bench and boards (its geometry), and its
 * own rules value made from its boards and settings (family_nickdanger.c). */
const struct variant nickdanger_family_template = {
    .geo = {16, 8, {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23}},
    .bench_depth = 5,
    .piece_letters = ".PNBRQK",
    .royal_type = KING,
    .has_castling = true,
    .ext_size = (int)sizeof(struct nd_state),
    .steps_are_turns = false,
    .options = nd_options,
    .option_count = COUNT_OF(nd_options),
    .rules_free = nd_rules_free,
    .set_option = nd_set_option,
    .get_option = nd_get_option,
    .read_extra = nd_read_extra,
    .validate = nd_validate,
    .write_extra = nd_write_extra,
    .ext_key = nd_ext_key,
    .state_ok = nd_state_ok,
    .listed_square = nd_listed_square,
    .read_ep = chess_read_ep,
    .generate = nd_generate,
    .make = nd_make,
    .unmake = nd_unmake,
    .in_check = nd_in_check,
    .is_capture = nd_is_capture,
    .outcome = chess_outcome,
    .count_turns = nd_count_turns,
    .format_step = nd_format_step,
    .notation_step = nd_notation_step,
    .evaluate = nd_evaluate, .eval_params = &nd_eval_params,
    .generate_noisy = nd_generate_noisy,
    .allow_null_move = false,
    .piece_values = nd_piece_values,
    .nnue_state_count = ND_NNUE_STATE,
    .nnue_state_active = nd_nnue_state,
    .has_check = true,
};

