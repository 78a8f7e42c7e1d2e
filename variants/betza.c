/* Rule Zero: Betza funny-notation compiler (see betza.h for the notation). */
#include "variants/betza.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum atom_class { ORTHOGONAL, DIAGONAL, OBLIQUE };

struct atom {
    char letter;
    int8_t x, y; /* canonical leap, x >= y >= 0 */
    enum atom_class cls;
};

static const struct atom ATOMS[] = {
    {'W', 1, 0, ORTHOGONAL}, {'D', 2, 0, ORTHOGONAL}, {'H', 3, 0, ORTHOGONAL},
    {'F', 1, 1, DIAGONAL},   {'A', 2, 2, DIAGONAL},   {'G', 3, 3, DIAGONAL},
    {'N', 2, 1, OBLIQUE},    {'C', 3, 1, OBLIQUE},    {'L', 3, 1, OBLIQUE},
    {'Z', 3, 2, OBLIQUE},
};

/* A shorthand or atom letter as written: the atoms it stands for and the
 * range it has when no suffix follows. */
struct piece_letter {
    char letter;
    const char *atoms;
    uint8_t default_range;
};

static const struct piece_letter SHORTHANDS[] = {
    {'K', "WF", 1},
    {'R', "W", 0},
    {'B', "F", 0},
    {'Q', "WF", 0},
};

#define MAX_VECTORS (BETZA_MAX_RAYS / 2)
#define MAX_RANGE 99
/* Reach of a mode along one vector: 0 = none, n = n steps. */
#define REACH_UNLIMITED 1000

_Static_assert(BETZA_MAX_RAYS % 2 == 0, "two rays per vector at most");

struct vector_reach {
    int8_t dx, dy;
    int move_reach;
    int capture_reach;
};

struct accumulator {
    int count;
    struct vector_reach v[MAX_VECTORS];
};

struct dir_token {
    char first, second; /* second is 0 for a single letter */
    size_t pos;         /* 0-based index of the first letter */
};

struct prefix {
    unsigned mode;
    int ntokens;
    struct dir_token tokens[BETZA_MAX_TEXT];
    size_t start; /* 0-based index of the first modifier */
    bool empty;
};

struct parser {
    const char *text;
    size_t len;
    size_t pos;
    int color;
    char *err;
    size_t errlen;
    struct accumulator acc;
};

/* ---- error reporting ---------------------------------------------------- */

static void describe_char(char c, char *buf, size_t size)
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(buf, size, "%c", c);
    else
        snprintf(buf, size, "\\x%02X", u);
}

/* Copies text into buf for quoting: printable characters only, cut short. */
static void sanitize_text(const char *text, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; text[i] != '\0' && n + 4 < size; i++) {
        if (i == BETZA_MAX_TEXT) {
            memcpy(buf + n, "...", 3);
            n += 3;
            break;
        }
        unsigned char u = (unsigned char)text[i];
        buf[n++] = (u >= 0x20 && u < 0x7f && u != '"') ? text[i] : '?';
    }
    buf[n] = '\0';
}

static void write_message(char *err, size_t errlen, const char *text,
                          const char *what)
{
    if (err == NULL || errlen == 0)
        return;
    if (text == NULL) {
        snprintf(err, errlen, "invalid Betza: %s", what);
        return;
    }
    char quoted[BETZA_MAX_TEXT + 8];
    sanitize_text(text, quoted, sizeof quoted);
    snprintf(err, errlen, "invalid Betza \"%s\": %s", quoted, what);
}

/* "<reason> 'c' at position n" for the character at 0-based index pos. */
static int fail_at(struct parser *p, const char *reason, size_t pos)
{
    char shown[8];
    char what[128];
    describe_char(p->text[pos], shown, sizeof shown);
    snprintf(what, sizeof what, "%s '%s' at position %zu", reason, shown,
             pos + 1);
    write_message(p->err, p->errlen, p->text, what);
    return -1;
}

/* ---- geometry of directions --------------------------------------------- */

static int abs_int(int v)
{
    return v < 0 ? -v : v;
}

/* Moves selected by one direction letter; x, y in White's frame. */
static bool single_matches(char c, int x, int y)
{
    switch (c) {
    case 'f': return y > 0;
    case 'b': return y < 0;
    case 'l': return x < 0;
    case 'r': return x > 0;
    case 'v': return y != 0 && abs_int(y) >= abs_int(x);
    case 's': return x != 0 && abs_int(x) >= abs_int(y);
    default: return false;
    }
}

/* The moves closest to straight `c` (the pair nearest that direction, or for
 * v and s the pairs nearest vertical or sideways). */
static bool nearest_matches(char c, int x, int y)
{
    switch (c) {
    case 'f':
    case 'b':
        return single_matches(c, x, y) && single_matches('v', x, y);
    case 'l':
    case 'r':
        return single_matches(c, x, y) && single_matches('s', x, y);
    default:
        return single_matches(c, x, y);
    }
}

static bool is_vertical_letter(char c)
{
    return c == 'f' || c == 'b';
}

static bool is_sideways_letter(char c)
{
    return c == 'l' || c == 'r';
}

/* Whether the two letters written together form one pair token. */
static bool forms_pair(char a, char b)
{
    if (a == b)
        return is_vertical_letter(a) || is_sideways_letter(a);
    if (is_vertical_letter(a))
        return is_sideways_letter(b) || b == 's';
    if (is_sideways_letter(a))
        return is_vertical_letter(b) || b == 'v';
    return false;
}

static bool token_matches(const struct dir_token *t, enum atom_class cls,
                          int x, int y)
{
    if (t->second == 0)
        return single_matches(t->first, x, y);
    if (t->first == t->second && cls != OBLIQUE)
        return false; /* doubled letters only name pairs of oblique atoms */
    if (cls == ORTHOGONAL)
        return single_matches(t->first, x, y) ||
               single_matches(t->second, x, y);
    return single_matches(t->first, x, y) && nearest_matches(t->second, x, y);
}

/* The 4 or 8 symmetric images of an atom's leap, without duplicates. */
static int atom_images(const struct atom *a, int xs[8], int ys[8])
{
    static const int SIGNS[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    int n = 0;
    for (int swap = 0; swap < 2; swap++) {
        for (int s = 0; s < 4; s++) {
            int x = (swap ? a->y : a->x) * SIGNS[s][0];
            int y = (swap ? a->x : a->y) * SIGNS[s][1];
            bool seen = false;
            for (int i = 0; i < n; i++)
                seen = seen || (xs[i] == x && ys[i] == y);
            if (!seen) {
                xs[n] = x;
                ys[n] = y;
                n++;
            }
        }
    }
    return n;
}

/* ---- accumulating rays -------------------------------------------------- */

static int reach_of_range(uint8_t range)
{
    return range == 0 ? REACH_UNLIMITED : range;
}

static uint8_t range_of_reach(int reach)
{
    return reach == REACH_UNLIMITED ? 0 : (uint8_t)reach;
}

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

static bool accumulate(struct accumulator *acc, int dx, int dy, uint8_t range,
                       unsigned mode)
{
    struct vector_reach *v = NULL;
    for (int i = 0; i < acc->count && v == NULL; i++)
        if (acc->v[i].dx == dx && acc->v[i].dy == dy)
            v = &acc->v[i];
    if (v == NULL) {
        if (acc->count == MAX_VECTORS)
            return false;
        v = &acc->v[acc->count++];
        v->dx = (int8_t)dx;
        v->dy = (int8_t)dy;
        v->move_reach = 0;
        v->capture_reach = 0;
    }
    int reach = reach_of_range(range);
    if (mode & BETZA_MOVE)
        v->move_reach = max_int(v->move_reach, reach);
    if (mode & BETZA_CAPTURE)
        v->capture_reach = max_int(v->capture_reach, reach);
    return true;
}

static void push_ray(struct betza_power *out, const struct vector_reach *v,
                     int reach, unsigned mode)
{
    struct betza_ray *r = &out->rays[out->count++];
    r->dx = v->dx;
    r->dy = v->dy;
    r->range = range_of_reach(reach);
    r->mode = (uint8_t)mode;
}

/* One ray per vector when both modes reach equally far, else two rays with
 * disjoint modes, the longer first. */
static void emit_rays(const struct accumulator *acc, struct betza_power *out)
{
    out->count = 0;
    for (int i = 0; i < acc->count; i++) {
        const struct vector_reach *v = &acc->v[i];
        int m = v->move_reach, c = v->capture_reach;
        if (m == c) {
            push_ray(out, v, m, BETZA_MOVE | BETZA_CAPTURE);
        } else if (m > c) {
            push_ray(out, v, m, BETZA_MOVE);
            if (c > 0)
                push_ray(out, v, c, BETZA_CAPTURE);
        } else {
            push_ray(out, v, c, BETZA_CAPTURE);
            if (m > 0)
                push_ray(out, v, m, BETZA_MOVE);
        }
    }
}

/* ---- parsing ------------------------------------------------------------ */

static char peek(const struct parser *p)
{
    return p->pos < p->len ? p->text[p->pos] : '\0';
}

static bool is_direction_letter(char c)
{
    return c != '\0' && strchr("fblrvs", c) != NULL;
}

static bool is_mode_letter(char c)
{
    return c == 'm' || c == 'c';
}

static const struct atom *find_atom(char letter)
{
    for (size_t i = 0; i < sizeof ATOMS / sizeof ATOMS[0]; i++)
        if (ATOMS[i].letter == letter)
            return &ATOMS[i];
    return NULL;
}

/* What a piece letter stands for: one atom, or a shorthand's atoms, and the
 * range it has when no suffix follows. */
struct expansion {
    int count;
    const struct atom *atoms[2];
    uint8_t default_range;
};

static bool expand_letter(char letter, struct expansion *e)
{
    for (size_t i = 0; i < sizeof SHORTHANDS / sizeof SHORTHANDS[0]; i++) {
        if (SHORTHANDS[i].letter != letter)
            continue;
        e->count = 0;
        for (const char *a = SHORTHANDS[i].atoms; *a != '\0'; a++)
            e->atoms[e->count++] = find_atom(*a);
        e->default_range = SHORTHANDS[i].default_range;
        return true;
    }
    e->atoms[0] = find_atom(letter);
    e->count = 1;
    e->default_range = 1;
    return e->atoms[0] != NULL;
}

/* Reads one direction token at p->pos (already known to be a letter). */
static int read_direction(struct parser *p, struct prefix *pre)
{
    size_t at = p->pos;
    char a = p->text[at];
    char b = at + 1 < p->len ? p->text[at + 1] : '\0';
    if (a == b && (a == 'v' || a == 's'))
        return fail_at(p, "doubled direction selects nothing:", at);
    struct dir_token *t = &pre->tokens[pre->ntokens++];
    t->first = a;
    t->second = forms_pair(a, b) ? b : 0;
    t->pos = at;
    p->pos += t->second ? 2 : 1;
    return 0;
}

static int read_prefix(struct parser *p, struct prefix *pre)
{
    pre->mode = 0;
    pre->ntokens = 0;
    pre->start = p->pos;
    while (is_mode_letter(peek(p)) || is_direction_letter(peek(p))) {
        char c = peek(p);
        if (is_mode_letter(c)) {
            pre->mode |= c == 'm' ? BETZA_MOVE : BETZA_CAPTURE;
            p->pos++;
        } else if (read_direction(p, pre) != 0) {
            return -1;
        }
    }
    pre->empty = p->pos == pre->start;
    if (pre->mode == 0)
        pre->mode = BETZA_MOVE | BETZA_CAPTURE;
    return 0;
}

/* Reads the suffix after a piece letter: doubled letter, number or nothing. */
static int read_range(struct parser *p, char letter, uint8_t default_range,
                      uint8_t *range)
{
    if (peek(p) == letter) {
        p->pos++;
        if (peek(p) >= '0' && peek(p) <= '9')
            return fail_at(p, "range after a doubled atom:", p->pos);
        *range = 0;
        return 0;
    }
    if (!(peek(p) >= '0' && peek(p) <= '9')) {
        *range = default_range;
        return 0;
    }
    if (peek(p) == '0')
        return fail_at(p, "zero range:", p->pos);
    int n = 0;
    while (peek(p) >= '0' && peek(p) <= '9') {
        n = n * 10 + (peek(p) - '0');
        if (n > MAX_RANGE)
            return fail_at(p, "range above 99:", p->pos);
        p->pos++;
    }
    *range = (uint8_t)n;
    return 0;
}

static bool token_applies(const struct prefix *pre, enum atom_class cls,
                          int x, int y)
{
    if (pre->ntokens == 0)
        return true;
    for (int i = 0; i < pre->ntokens; i++)
        if (token_matches(&pre->tokens[i], cls, x, y))
            return true;
    return false;
}

/* Every direction token must select at least one move of the atom. */
static int check_tokens(struct parser *p, const struct prefix *pre,
                        const struct atom *a)
{
    int xs[8], ys[8];
    int n = atom_images(a, xs, ys);
    for (int t = 0; t < pre->ntokens; t++) {
        bool any = false;
        for (int i = 0; i < n; i++)
            any = any || token_matches(&pre->tokens[t], a->cls, xs[i], ys[i]);
        if (!any) {
            char reason[64];
            snprintf(reason, sizeof reason,
                     "direction selects no move of atom %c:", a->letter);
            return fail_at(p, reason, pre->tokens[t].pos);
        }
    }
    return 0;
}

static int add_atom(struct parser *p, const struct prefix *pre,
                    const struct atom *a, uint8_t range, size_t letter_pos)
{
    if (check_tokens(p, pre, a) != 0)
        return -1;
    int xs[8], ys[8];
    int n = atom_images(a, xs, ys);
    int forward = p->color == 0 ? 1 : -1;
    for (int i = 0; i < n; i++) {
        if (!token_applies(pre, a->cls, xs[i], ys[i]))
            continue;
        if (!accumulate(&p->acc, xs[i], ys[i] * forward, range, pre->mode))
            return fail_at(p, "too many rays:", letter_pos);
    }
    return 0;
}

/* One part: modifiers, a piece letter, its range suffix. */
static int parse_part(struct parser *p)
{
    struct prefix pre;
    if (read_prefix(p, &pre) != 0)
        return -1;
    if (p->pos >= p->len) {
        if (pre.empty)
            return 0;
        return fail_at(p, "no atom after modifier", pre.start);
    }
    size_t letter_pos = p->pos;
    char letter = peek(p);
    struct expansion e;
    if (!expand_letter(letter, &e))
        return fail_at(p, "unexpected", letter_pos);
    p->pos++;
    uint8_t range = 0;
    if (read_range(p, letter, e.default_range, &range) != 0)
        return -1;
    for (int i = 0; i < e.count; i++)
        if (add_atom(p, &pre, e.atoms[i], range, letter_pos) != 0)
            return -1;
    return 0;
}

static int check_arguments(const char *text, int color,
                           const struct betza_power *out, char *err,
                           size_t errlen)
{
    const char *what = NULL;
    char buf[64];
    if (text == NULL)
        what = "null string";
    else if (text[0] == '\0')
        what = "empty string";
    else if (out == NULL)
        what = "no output power";
    else if (color != 0 && color != 1) {
        snprintf(buf, sizeof buf, "colour %d is neither 0 nor 1", color);
        what = buf;
    }
    if (what == NULL)
        return 0;
    write_message(err, errlen, text, what);
    return -1;
}

int betza_compile(const char *text, int color, struct betza_power *out,
                  char *err, size_t errlen)
{
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    if (check_arguments(text, color, out, err, errlen) != 0)
        return -1;
    struct parser p = {.text = text, .pos = 0, .color = color, .err = err,
                       .errlen = errlen};
    p.len = strlen(text);
    p.acc.count = 0;
    if (p.len > BETZA_MAX_TEXT) {
        char reason[64];
        snprintf(reason, sizeof reason, "longer than %d characters:",
                 BETZA_MAX_TEXT);
        return fail_at(&p, reason, BETZA_MAX_TEXT);
    }
    while (p.pos < p.len)
        if (parse_part(&p) != 0)
            return -1;
    emit_rays(&p.acc, out);
    return 0;
}

/* ---- mobility ----------------------------------------------------------- */

/* Whether the ray reaches offset (ox, oy) from its origin on an empty board
 * (any on-board destination's intermediate squares are on the board too). */
static bool ray_reaches(const struct betza_ray *r, int ox, int oy)
{
    int k;
    if (r->dx != 0)
        k = ox / r->dx;
    else if (r->dy != 0)
        k = oy / r->dy;
    else
        return false;
    if (k < 1 || k * r->dx != ox || k * r->dy != oy)
        return false;
    return r->range == 0 || k <= r->range;
}

static bool reached_by_earlier(const struct betza_power *p, int upto, int ox,
                               int oy)
{
    for (int j = 0; j < upto; j++)
        if (p->rays[j].mode != 0 && ray_reaches(&p->rays[j], ox, oy))
            return true;
    return false;
}

int betza_mobility(const struct betza_power *p, int files, int ranks, int file,
                   int rank)
{
    if (p == NULL || files <= 0 || ranks <= 0 || file < 0 || file >= files ||
        rank < 0 || rank >= ranks)
        return 0;
    int count = 0;
    for (int i = 0; i < p->count && i < BETZA_MAX_RAYS; i++) {
        const struct betza_ray *r = &p->rays[i];
        if (r->mode == 0 || (r->dx == 0 && r->dy == 0))
            continue;
        for (int k = 1; r->range == 0 || k <= r->range; k++) {
            int f = file + k * r->dx, rk = rank + k * r->dy;
            if (f < 0 || f >= files || rk < 0 || rk >= ranks)
                break;
            if (!reached_by_earlier(p, i, k * r->dx, k * r->dy))
                count++;
        }
    }
    return count;
}
