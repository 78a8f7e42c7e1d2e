#include "variants/core/san.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "variants/core/notation.h"
#include "variants/core/variant.h"

#define SAN_MAX_LEN 32
#define SAN_MAX_COORDS 4

enum castle_side { CASTLE_NONE, CASTLE_SHORT, CASTLE_LONG };

/* What a SAN text asks for; -1 in a file or rank means "not given". */
struct san_move {
    int piece;                 /* piece type */
    int from_file, from_rank;
    int to_file, to_rank;
    int promo;                 /* promotion type, 0 when none */
    enum castle_side castle;
};

/* A coordinate token: a file letter or a rank number. */
struct coord {
    bool is_file;
    int value;
};

static int type_of_letter(const struct variant *v, char c)
{
    if (!isalpha((unsigned char)c))
        return 0;
    const char *hit = strchr(v->piece_letters + 1, toupper((unsigned char)c));
    return hit ? (int)(hit - v->piece_letters) : 0;
}

/* Copies text without trailing check, mate and annotation marks. */
static int strip_marks(const char *text, char *out)
{
    size_t n = strlen(text);
    while (n > 0 && strchr("+#!? ", text[n - 1]))
        n--;
    if (n == 0 || n >= SAN_MAX_LEN)
        return -1;
    memcpy(out, text, n);
    out[n] = '\0';
    return 0;
}

static enum castle_side read_castle(const char *s)
{
    if (*s != 'O' && *s != 'o' && *s != '0')
        return CASTLE_NONE;
    int rings = 0;
    for (; *s; s++) {
        if (*s == 'O' || *s == 'o' || *s == '0')
            rings++;
        else if (*s != '-' || s[1] == '\0' || s[1] == '-')
            return CASTLE_NONE;
    }
    return rings == 2 ? CASTLE_SHORT : rings == 3 ? CASTLE_LONG : CASTLE_NONE;
}

/* The promotion suffix: "", "Q", "=Q", "(Q)", "/Q" (either case). 0 or -1. */
static int read_promotion(const struct variant *v, const char *s, int *promo)
{
    *promo = 0;
    if (*s == '\0')
        return 0;
    bool paren = *s == '(';
    if (*s == '=' || *s == '/' || paren)
        s++;
    *promo = type_of_letter(v, *s);
    if (!*promo)
        return -1;
    s++;
    if (paren && *s++ != ')')
        return -1;
    return *s == '\0' ? 0 : -1;
}

/* Reads file letters and rank numbers, skipping capture and hyphen marks; stops
 * at the promotion suffix. A letter right after a complete target square is
 * the promotion (`e8q`), not a file. Returns the number of tokens, or -1. */
static int read_coords(const struct geometry *g, const char **text, struct coord *c)
{
    const char *s = *text;
    int n = 0;
    while (*s) {
        if (strchr("x:-", *s) && s[1] != '\0') {
            s++;
            continue;
        }
        bool after_square = n > 0 && !c[n - 1].is_file;
        if (*s >= 'a' && *s < 'a' + g->files && !(after_square && s[1] == '\0') && n < SAN_MAX_COORDS) {
            c[n++] = (struct coord){true, *s++ - 'a'};
        } else if (isdigit((unsigned char)*s) && n < SAN_MAX_COORDS) {
            int rank = 0;
            while (isdigit((unsigned char)*s) && rank < 100)
                rank = rank * 10 + (*s++ - '0');
            if (rank < 1 || rank > g->ranks)
                return -1;
            c[n++] = (struct coord){false, rank - 1};
        } else {
            break;
        }
    }
    *text = s;
    return n;
}

/* Target square last; before it nothing, a file, a rank or a whole square. */
static int assign_coords(const struct coord *c, int n, struct san_move *m)
{
    if (n < 2 || !c[n - 2].is_file || c[n - 1].is_file)
        return -1;
    m->to_file = c[n - 2].value;
    m->to_rank = c[n - 1].value;
    if (n == 3)
        *(c[0].is_file ? &m->from_file : &m->from_rank) = c[0].value;
    else if (n == 4 && c[0].is_file && !c[1].is_file) {
        m->from_file = c[0].value;
        m->from_rank = c[1].value;
    } else if (n != 2) {
        return -1;
    }
    return 0;
}

static int read_san(const struct variant *v, const char *text, struct san_move *m)
{
    *m = (struct san_move){type_of_letter(v, 'P'), -1, -1, -1, -1, 0, read_castle(text)};
    if (m->castle != CASTLE_NONE)
        return 0;
    const char *s = text;
    if (isupper((unsigned char)*s)) {
        m->piece = type_of_letter(v, *s++);
        if (!m->piece)
            return -1;
    }
    if (s == text && *s && strchr("x:-", *s))
        return -1; /* a capture mark needs a piece or an origin before it */
    struct coord c[SAN_MAX_COORDS];
    int n = read_coords(&v->geo, &s, c);
    if (n < 0 || assign_coords(c, n, m))
        return -1;
    if (m->piece == type_of_letter(v, 'P') && m->from_file < 0)
        m->from_file = m->to_file; /* `d5` is a push; a capture names its file */
    return read_promotion(v, s, &m->promo);
}

static bool castle_matches(const struct position *pos, Move step, enum castle_side side)
{
    const struct geometry *g = &pos->variant->geo;
    int dir = geo_file(g, move_to(step)) - geo_file(g, move_from(step));
    return move_kind(step) == MK_CASTLE && (side == CASTLE_SHORT ? dir > 0 : dir < 0);
}

static bool step_matches(const struct position *pos, Move step, const struct san_move *m)
{
    if (m->castle != CASTLE_NONE)
        return castle_matches(pos, step, m->castle);
    const struct geometry *g = &pos->variant->geo;
    Square from = move_from(step), to = move_to(step);
    int kind = move_kind(step);
    if (kind == MK_CASTLE || kind == MK_DROP || !geo_on_board(g, from) || !geo_on_board(g, to))
        return false;
    if (piece_type(pos->board[from]) != m->piece || geo_file(g, to) != m->to_file || square_rank(to) != m->to_rank)
        return false;
    if ((m->from_file >= 0 && geo_file(g, from) != m->from_file) ||
        (m->from_rank >= 0 && square_rank(from) != m->from_rank))
        return false;
    return (kind == MK_PROMOTION ? move_promo(step) : 0) == m->promo;
}

int san_parse(struct position *pos, const char *text, struct turn *out)
{
    const struct variant *v = pos->variant;
    char clean[SAN_MAX_LEN];
    struct san_move m;
    if (!v->has_san || !v->steps_are_turns || !text || strip_marks(text, clean) || read_san(v, clean, &m))
        return -1;
    struct move_list list;
    v->generate(pos, &list);
    int found = 0;
    for (int i = 0; i < list.count; i++) {
        if (!step_matches(pos, list.moves[i], &m))
            continue;
        if (++found > 1)
            return -1;
        out->count = 1;
        out->steps[0] = list.moves[i];
        step_text(pos, list.moves[i], out->text, sizeof out->text);
    }
    return found == 1 ? 0 : -1;
}

/* ---- Writing ----------------------------------------------------------------- */

/* The kinds SAN names by piece and target square. */
static bool is_board_step(Move m)
{
    int kind = move_kind(m);
    return kind == MK_NORMAL || kind == MK_DOUBLE_PAWN || kind == MK_EN_PASSANT || kind == MK_PROMOTION;
}

/* Which parts of the origin tell m apart from the other legal steps of the
 * same piece type to the same square with the same promotion. */
static void origin_needed(struct position *pos, Move m, bool *file, bool *rank)
{
    const struct geometry *g = &pos->variant->geo;
    Square from = move_from(m), to = move_to(m);
    int type = piece_type(pos->board[from]);
    int promo = move_kind(m) == MK_PROMOTION ? move_promo(m) : 0;
    struct move_list list;
    pos->variant->generate(pos, &list);
    int rivals = 0, same_file = 0, same_rank = 0;
    for (int i = 0; i < list.count; i++) {
        Move o = list.moves[i];
        Square of = move_from(o);
        if (o == m || !is_board_step(o) || move_to(o) != to || of == from ||
            piece_type(pos->board[of]) != type || (move_kind(o) == MK_PROMOTION ? move_promo(o) : 0) != promo)
            continue;
        rivals++;
        same_file += geo_file(g, of) == geo_file(g, from);
        same_rank += square_rank(of) == square_rank(from);
    }
    *file = rivals > 0 && (same_file == 0 || same_rank > 0);
    *rank = rivals > 0 && same_file > 0;
}

void san_step(struct position *pos, Move m, char *out, size_t n)
{
    const struct variant *v = pos->variant;
    const struct geometry *g = &v->geo;
    if (move_kind(m) == MK_CASTLE) {
        bool kingside = geo_file(g, move_to(m)) > geo_file(g, move_from(m));
        snprintf(out, n, "%s", kingside ? "O-O" : "O-O-O");
        return;
    }
    if (!is_board_step(m)) {
        step_text(pos, m, out, n);
        return;
    }
    Square from = move_from(m);
    int type = piece_type(pos->board[from]);
    bool pawn = v->piece_letters[type] == 'P';
    bool capture = v->is_capture(pos, m);
    bool file, rank;
    origin_needed(pos, m, &file, &rank);
    char origin[8], target[8], text[32];
    geo_square_name(g, from, origin);
    geo_square_name(g, move_to(m), target);
    size_t len = 0;
    if (!pawn)
        text[len++] = v->piece_letters[type];
    if (file || (pawn && capture))
        text[len++] = origin[0];
    if (rank)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s", origin + 1);
    if (capture)
        text[len++] = 'x';
    len += (size_t)snprintf(text + len, sizeof text - len, "%s", target);
    if (move_kind(m) == MK_PROMOTION)
        snprintf(text + len, sizeof text - len, "=%c", v->piece_letters[move_promo(m)]);
    else
        text[len] = '\0';
    snprintf(out, n, "%s", text);
}

int san_write(struct position *pos, const struct turn *t, char *out, size_t n)
{
    if (!pos->variant->has_san || t->count != 1)
        return -1;
    turn_notation(pos, t, out, n);
    return 0;
}
