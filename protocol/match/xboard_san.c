#include "protocol/match/xboard_san.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "variants/registry.h"

/* One move as squares: from (or a file or rank of it), the victim of a
 * capture on the way, the destination, a promotion letter. */
struct xboard_squares {
    char letter;          /* the moving piece's, upper case; 0: none */
    int from_file, from_rank; /* -1: not given */
    Square kill, to;      /* kill NO_SQUARE: none */
    char promo;           /* lower case; 0: none */
};

/* The origin at *s, advancing it: a square (`g2` in `g2e4`, `e4` in
 * `e4xe5-e6`), a file (`c` in `cb3`) or a rank, when more follows it. */
static void read_origin(const struct geometry *g, const char **s, struct xboard_squares *m)
{
    const char *at = *s, *next;
    Square sq = geo_parse_square(g, &at);
    if (sq != NO_SQUARE && (*at == 'x' || *at == '-' || (next = at, geo_parse_square(g, &next) != NO_SQUARE))) {
        m->from_file = geo_file(g, sq);
        m->from_rank = square_rank(sq);
        *s = at;
        return;
    }
    char c = **s, then = (*s)[1];
    bool more = islower((unsigned char)then) || then == 'x';
    if (c >= 'a' && c < 'a' + g->files && c != 'x' && more)
        m->from_file = c - 'a', (*s)++;
    else if (isdigit((unsigned char)c) && more)
        m->from_rank = c - '1', (*s)++;
}

/* The squares after the origin: `b3`, `xd5`, `-e8`, `xe5-e6` (a locust capture); false when malformed. */
static bool read_target(const struct geometry *g, const char *s, struct xboard_squares *m)
{
    bool capture = *s == 'x';
    if (*s == 'x' || *s == '-')
        s++;
    m->to = geo_parse_square(g, &s);
    if (m->to == NO_SQUARE)
        return false;
    if (capture && *s == '-') {
        s++;
        m->kill = m->to;
        m->to = geo_parse_square(g, &s);
        if (m->to == NO_SQUARE)
            return false;
    }
    if (*s == '=')
        s++;
    if (isalpha((unsigned char)*s))
        m->promo = (char)tolower((unsigned char)*s++);
    return *s == '\0';
}

static bool read_xboard_san(const struct geometry *g, const char *text, struct xboard_squares *m)
{
    *m = (struct xboard_squares){0, -1, -1, NO_SQUARE, NO_SQUARE, 0};
    if (!isupper((unsigned char)text[0]))
        return false;
    m->letter = text[0];
    const char *s = text + 1;
    read_origin(g, &s, m);
    return read_target(g, s, m);
}

/* XBoard's coordinates of a turn, `e2e4`, `e7e8q` or `e4e5,e5e6`, as squares. */
static bool read_coordinates(const struct geometry *g, const char *s, Square *from, struct xboard_squares *m)
{
    *m = (struct xboard_squares){0, -1, -1, NO_SQUARE, NO_SQUARE, 0};
    *from = geo_parse_square(g, &s);
    m->to = geo_parse_square(g, &s);
    if (*from == NO_SQUARE || m->to == NO_SQUARE)
        return false;
    if (*s == ',') {
        s++;
        m->kill = m->to;
        if (geo_parse_square(g, &s) != m->kill || (m->to = geo_parse_square(g, &s)) == NO_SQUARE)
            return false;
    }
    if (isalpha((unsigned char)*s))
        m->promo = (char)tolower((unsigned char)*s++);
    return *s == '\0';
}

struct san_search {
    const struct xboard_squares *want;
    bool check_letter;
    int found;
    struct turn turn;
};

static bool fits(const struct position *before, const struct turn *t, const struct san_search *s)
{
    const struct geometry *g = &before->variant->geo;
    xboard_text_fn to_xboard = game_of(before->variant)->xboard_move;
    char text[TURN_TEXT_LEN];
    if (to_xboard)
        to_xboard(before, t->text, text, sizeof text);
    else
        snprintf(text, sizeof text, "%s", t->text);
    Square from;
    struct xboard_squares have;
    const struct xboard_squares *w = s->want;
    if (t->count != 1 || !read_coordinates(g, text, &from, &have))
        return false;
    if (have.to != w->to || have.kill != w->kill || have.promo != w->promo)
        return false;
    if ((w->from_file >= 0 && w->from_file != geo_file(g, from)) ||
        (w->from_rank >= 0 && w->from_rank != square_rank(from)))
        return false;
    return !s->check_letter || before->variant->piece_letters[piece_type(before->board[from])] == w->letter;
}

static void consider(struct position *after, const struct turn *t, void *ctx)
{
    struct san_search *s = ctx;
    turn_unmake(after, t);
    if (fits(after, t, s) && s->found++ == 0)
        s->turn = *t;
    turn_make(after, t);
}

int xboard_san_parse(struct position *pos, const char *text, struct turn *out)
{
    struct xboard_squares want;
    if (!read_xboard_san(&pos->variant->geo, text, &want))
        return -1;
    struct san_search s = {&want, true, 0, {0}};
    for_each_turn(pos, consider, &s);
    if (s.found == 0) {
        s.check_letter = false;
        for_each_turn(pos, consider, &s);
    }
    if (s.found != 1)
        return -1;
    *out = s.turn;
    return 0;
}
