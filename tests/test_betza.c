/* Unit tests for the Betza notation compiler (variants/betza.c). */
#include "variants/betza.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BOTH = BETZA_MOVE | BETZA_CAPTURE };

struct vec {
    int dx, dy;
};

/* ---- helpers ------------------------------------------------------------ */

static struct betza_power compile_ok(const char *text, int color)
{
    struct betza_power p;
    char err[200];
    memset(&p, 0x5A, sizeof p);
    int rc = betza_compile(text, color, &p, err, sizeof err);
    ck_assert_msg(rc == 0, "\"%s\" (colour %d) should compile: %s", text,
                  color, err);
    ck_assert_msg(p.count >= 0 && p.count <= BETZA_MAX_RAYS,
                  "\"%s\": count %d", text, p.count);
    return p;
}

static int find_ray(const struct betza_power *p, int dx, int dy, int range,
                    int mode)
{
    for (int i = 0; i < p->count; i++) {
        const struct betza_ray *r = &p->rays[i];
        if (r->dx == dx && r->dy == dy && r->range == range && r->mode == mode)
            return i;
    }
    return -1;
}

/* The power is exactly the given vectors, each with the same range and mode. */
static void expect_vectors(const char *text, int color, const struct vec *v,
                           int n, int range, int mode)
{
    struct betza_power p = compile_ok(text, color);
    ck_assert_msg(p.count == n, "\"%s\" colour %d: %d rays, expected %d", text,
                  color, p.count, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(find_ray(&p, v[i].dx, v[i].dy, range, mode) >= 0,
                      "\"%s\" colour %d: missing ray (%d,%d) range %d mode %d",
                      text, color, v[i].dx, v[i].dy, range, mode);
}

#define EXPECT(text, color, range, mode, ...)                                  \
    do {                                                                       \
        static const struct vec expected_[] = {__VA_ARGS__};                  \
        expect_vectors(text, color, expected_,                                 \
                       (int)(sizeof expected_ / sizeof expected_[0]), range,   \
                       mode);                                                  \
    } while (0)

/* All symmetric images of (x, y). */
static int images(int x, int y, struct vec out[8])
{
    static const int SIGNS[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    int n = 0;
    for (int swap = 0; swap < 2; swap++) {
        for (int s = 0; s < 4; s++) {
            struct vec v = {(swap ? y : x) * SIGNS[s][0],
                            (swap ? x : y) * SIGNS[s][1]};
            int seen = 0;
            for (int i = 0; i < n; i++)
                seen |= out[i].dx == v.dx && out[i].dy == v.dy;
            if (!seen)
                out[n++] = v;
        }
    }
    return n;
}

static void expect_full_atom(const char *text, int x, int y, int range)
{
    struct vec v[8];
    int n = images(x, y, v);
    expect_vectors(text, 0, v, n, range, BOTH);
    expect_vectors(text, 1, v, n, range, BOTH);
}

static void expect_two_atoms(const char *text, int x1, int y1, int x2, int y2,
                             int range)
{
    struct vec v[16];
    int n = images(x1, y1, v);
    n += images(x2, y2, v + n);
    expect_vectors(text, 0, v, n, range, BOTH);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Sorted, space-separated destination squares of the rays' first steps
 * (leaps) from `from` on 8x8. */
static void leap_destinations(const struct betza_power *p, const char *from,
                              char *out, size_t size)
{
    char names[BETZA_MAX_RAYS][3];
    int n = 0;
    int f = from[0] - 'a', r = from[1] - '1';
    for (int i = 0; i < p->count; i++) {
        int tf = f + p->rays[i].dx, tr = r + p->rays[i].dy;
        if (tf < 0 || tf >= 8 || tr < 0 || tr >= 8)
            continue;
        names[n][0] = (char)('a' + tf);
        names[n][1] = (char)('1' + tr);
        names[n][2] = '\0';
        n++;
    }
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i > 0)
            strncat(out, " ", size - strlen(out) - 1);
        strncat(out, names[i], size - strlen(out) - 1);
    }
}

static void expect_error(const char *text, int color, const char *needle)
{
    struct betza_power p;
    char err[200];
    memset(err, 'Z', sizeof err);
    int rc = betza_compile(text, color, &p, err, sizeof err);
    ck_assert_msg(rc == -1, "\"%s\" should be refused", text ? text : "(null)");
    ck_assert_msg(memchr(err, '\0', sizeof err) != NULL, "unterminated");
    ck_assert_msg(strchr(err, '\n') == NULL, "message not one line: %s", err);
    ck_assert_msg(strncmp(err, "invalid Betza", 13) == 0, "message: %s", err);
    ck_assert_msg(strstr(err, needle) != NULL,
                  "\"%s\": message \"%s\" lacks \"%s\"",
                  text ? text : "(null)", err, needle);
}

/* ---- atoms, shorthands, riders ------------------------------------------ */

static const struct {
    const char *text;
    int x, y, n;
} ATOM_TABLE[] = {
    {"W", 1, 0, 4}, {"F", 1, 1, 4}, {"D", 2, 0, 4}, {"N", 2, 1, 8},
    {"A", 2, 2, 4}, {"H", 3, 0, 4}, {"C", 3, 1, 8}, {"L", 3, 1, 8},
    {"Z", 3, 2, 8}, {"G", 3, 3, 4},
};

START_TEST(test_atom_alone)
{
    const char *text = ATOM_TABLE[_i].text;
    struct betza_power p = compile_ok(text, 0);
    ck_assert_int_eq(p.count, ATOM_TABLE[_i].n);
    expect_full_atom(text, ATOM_TABLE[_i].x, ATOM_TABLE[_i].y, 1);
}
END_TEST

START_TEST(test_atom_rider)
{
    char text[3] = {ATOM_TABLE[_i].text[0], ATOM_TABLE[_i].text[0], '\0'};
    expect_full_atom(text, ATOM_TABLE[_i].x, ATOM_TABLE[_i].y, 0);
    char limited[4] = {ATOM_TABLE[_i].text[0], '3', '\0', '\0'};
    expect_full_atom(limited, ATOM_TABLE[_i].x, ATOM_TABLE[_i].y, 3);
}
END_TEST

START_TEST(test_shorthands)
{
    expect_two_atoms("K", 1, 0, 1, 1, 1);
    expect_full_atom("R", 1, 0, 0);
    expect_full_atom("B", 1, 1, 0);
    expect_two_atoms("Q", 1, 0, 1, 1, 0);
    expect_two_atoms("WF", 1, 0, 1, 1, 1);
    expect_two_atoms("WWFF", 1, 0, 1, 1, 0);
}
END_TEST

START_TEST(test_riders)
{
    expect_full_atom("WW", 1, 0, 0);
    expect_full_atom("NN", 2, 1, 0);
    expect_full_atom("FF", 1, 1, 0);
    expect_full_atom("R4", 1, 0, 4);
    expect_full_atom("W4", 1, 0, 4);
    expect_full_atom("B2", 1, 1, 2);
    expect_two_atoms("K2", 1, 0, 1, 1, 2);
    expect_two_atoms("W2F2", 1, 0, 1, 1, 2);
    expect_two_atoms("KK", 1, 0, 1, 1, 0);
    expect_two_atoms("Q7", 1, 0, 1, 1, 7);
    expect_full_atom("RR", 1, 0, 0);
    expect_full_atom("BB", 1, 1, 0);
    expect_two_atoms("QQ", 1, 0, 1, 1, 0);
    expect_full_atom("W1", 1, 0, 1);
    expect_full_atom("R1", 1, 0, 1);
    expect_full_atom("N12", 2, 1, 12);
    expect_full_atom("W99", 1, 0, 99);
}
END_TEST

START_TEST(test_move_and_capture)
{
    struct vec w[8], n[8];
    images(1, 0, w);
    images(2, 1, n);
    expect_vectors("mW", 0, w, 4, 1, BETZA_MOVE);
    expect_vectors("cW", 0, w, 4, 1, BETZA_CAPTURE);
    expect_vectors("mcW", 0, w, 4, 1, BOTH);
    expect_vectors("cmW", 0, w, 4, 1, BOTH);
    expect_vectors("cNN", 1, n, 8, 0, BETZA_CAPTURE);
    expect_vectors("mR", 0, w, 4, 0, BETZA_MOVE);
    /* The orthodox Pawn: move forward, capture diagonally forward. */
    struct betza_power p = compile_ok("fmWfcF", 0);
    ck_assert_int_eq(p.count, 3);
    ck_assert_int_ge(find_ray(&p, 0, 1, 1, BETZA_MOVE), 0);
    ck_assert_int_ge(find_ray(&p, 1, 1, 1, BETZA_CAPTURE), 0);
    ck_assert_int_ge(find_ray(&p, -1, 1, 1, BETZA_CAPTURE), 0);
    p = compile_ok("mfWcfF", 1);
    ck_assert_int_eq(p.count, 3);
    ck_assert_int_ge(find_ray(&p, 0, -1, 1, BETZA_MOVE), 0);
    ck_assert_int_ge(find_ray(&p, 1, -1, 1, BETZA_CAPTURE), 0);
    ck_assert_int_ge(find_ray(&p, -1, -1, 1, BETZA_CAPTURE), 0);
}
END_TEST

/* ---- directions ---------------------------------------------------------- */

START_TEST(test_directions_wazir)
{
    EXPECT("fW", 0, 1, BOTH, {0, 1});
    EXPECT("bW", 0, 1, BOTH, {0, -1});
    EXPECT("lW", 0, 1, BOTH, {-1, 0});
    EXPECT("rW", 0, 1, BOTH, {1, 0});
    EXPECT("vW", 0, 1, BOTH, {0, 1}, {0, -1});
    EXPECT("fbW", 0, 1, BOTH, {0, 1}, {0, -1});
    EXPECT("sW", 0, 1, BOTH, {1, 0}, {-1, 0});
    EXPECT("lrW", 0, 1, BOTH, {1, 0}, {-1, 0});
    EXPECT("frW", 0, 1, BOTH, {0, 1}, {1, 0});
    EXPECT("fsW", 0, 1, BOTH, {0, 1}, {1, 0}, {-1, 0});
    EXPECT("vsW", 0, 1, BOTH, {0, 1}, {0, -1}, {1, 0}, {-1, 0});
    EXPECT("fR", 0, 0, BOTH, {0, 1});
    EXPECT("fD", 0, 1, BOTH, {0, 2});
    EXPECT("sH", 0, 1, BOTH, {3, 0}, {-3, 0});
    /* Black: forward is down, left stays the a-file side. */
    EXPECT("fW", 1, 1, BOTH, {0, -1});
    EXPECT("bW", 1, 1, BOTH, {0, 1});
    EXPECT("lW", 1, 1, BOTH, {-1, 0});
    EXPECT("rW", 1, 1, BOTH, {1, 0});
    EXPECT("fR4", 1, 4, BOTH, {0, -1});
}
END_TEST

START_TEST(test_directions_ferz)
{
    EXPECT("fF", 0, 1, BOTH, {1, 1}, {-1, 1});
    EXPECT("bF", 0, 1, BOTH, {1, -1}, {-1, -1});
    EXPECT("lF", 0, 1, BOTH, {-1, 1}, {-1, -1});
    EXPECT("rF", 0, 1, BOTH, {1, 1}, {1, -1});
    EXPECT("vF", 0, 1, BOTH, {1, 1}, {-1, 1}, {1, -1}, {-1, -1});
    EXPECT("sF", 0, 1, BOTH, {1, 1}, {-1, 1}, {1, -1}, {-1, -1});
    EXPECT("fbF", 0, 1, BOTH, {1, 1}, {-1, 1}, {1, -1}, {-1, -1});
    EXPECT("frF", 0, 1, BOTH, {1, 1});
    EXPECT("flF", 0, 1, BOTH, {-1, 1});
    EXPECT("brF", 0, 1, BOTH, {1, -1});
    EXPECT("blF", 0, 1, BOTH, {-1, -1});
    EXPECT("rfF", 0, 1, BOTH, {1, 1});
    EXPECT("lbF", 0, 1, BOTH, {-1, -1});
    EXPECT("fsF", 0, 1, BOTH, {1, 1}, {-1, 1});
    EXPECT("lvF", 0, 1, BOTH, {-1, 1}, {-1, -1});
    EXPECT("frflF", 0, 1, BOTH, {1, 1}, {-1, 1});
    EXPECT("frblF", 0, 1, BOTH, {1, 1}, {-1, -1});
    EXPECT("frB", 0, 0, BOTH, {1, 1});
    EXPECT("flA", 0, 1, BOTH, {-2, 2});
    EXPECT("bG", 0, 1, BOTH, {3, -3}, {-3, -3});
    /* Black */
    EXPECT("fF", 1, 1, BOTH, {1, -1}, {-1, -1});
    EXPECT("frF", 1, 1, BOTH, {1, -1});
    EXPECT("flF", 1, 1, BOTH, {-1, -1});
    EXPECT("lF", 1, 1, BOTH, {-1, 1}, {-1, -1});
}
END_TEST

START_TEST(test_directions_king)
{
    EXPECT("fK", 0, 1, BOTH, {0, 1}, {1, 1}, {-1, 1});
    EXPECT("bQ", 0, 0, BOTH, {0, -1}, {1, -1}, {-1, -1});
    EXPECT("frK", 0, 1, BOTH, {0, 1}, {1, 0}, {1, 1});
    EXPECT("sK2", 0, 2, BOTH, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1},
           {-1, -1});
}
END_TEST

START_TEST(test_directions_knight)
{
    EXPECT("fN", 0, 1, BOTH, {1, 2}, {-1, 2}, {2, 1}, {-2, 1});
    EXPECT("bN", 0, 1, BOTH, {1, -2}, {-1, -2}, {2, -1}, {-2, -1});
    EXPECT("lN", 0, 1, BOTH, {-1, 2}, {-1, -2}, {-2, 1}, {-2, -1});
    EXPECT("rN", 0, 1, BOTH, {1, 2}, {1, -2}, {2, 1}, {2, -1});
    EXPECT("vN", 0, 1, BOTH, {1, 2}, {-1, 2}, {1, -2}, {-1, -2});
    EXPECT("sN", 0, 1, BOTH, {2, 1}, {-2, 1}, {2, -1}, {-2, -1});
    EXPECT("ffN", 0, 1, BOTH, {1, 2}, {-1, 2});
    EXPECT("fsN", 0, 1, BOTH, {2, 1}, {-2, 1});
    EXPECT("bbN", 0, 1, BOTH, {1, -2}, {-1, -2});
    EXPECT("bsN", 0, 1, BOTH, {2, -1}, {-2, -1});
    EXPECT("llN", 0, 1, BOTH, {-2, 1}, {-2, -1});
    EXPECT("lvN", 0, 1, BOTH, {-1, 2}, {-1, -2});
    EXPECT("rrN", 0, 1, BOTH, {2, 1}, {2, -1});
    EXPECT("rvN", 0, 1, BOTH, {1, 2}, {1, -2});
    EXPECT("fbN", 0, 1, BOTH, {1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {1, -2},
           {-1, -2}, {2, -1}, {-2, -1});
    EXPECT("vsN", 0, 1, BOTH, {1, 2}, {-1, 2}, {2, 1}, {-2, 1}, {1, -2},
           {-1, -2}, {2, -1}, {-2, -1});
    /* XBetza single moves: fr = forward member of the right pair. */
    EXPECT("frN", 0, 1, BOTH, {2, 1});
    EXPECT("rfN", 0, 1, BOTH, {1, 2});
    EXPECT("flN", 0, 1, BOTH, {-2, 1});
    EXPECT("lbN", 0, 1, BOTH, {-1, -2});
    EXPECT("ffbbN", 0, 1, BOTH, {1, 2}, {-1, 2}, {1, -2}, {-1, -2});
    EXPECT("ffNN", 0, 0, BOTH, {1, 2}, {-1, 2});
    EXPECT("vZ", 0, 1, BOTH, {2, 3}, {-2, 3}, {2, -3}, {-2, -3});
    EXPECT("fsC", 0, 1, BOTH, {3, 1}, {-3, 1});
    /* Black: mirrored top to bottom. */
    EXPECT("fN", 1, 1, BOTH, {1, -2}, {-1, -2}, {2, -1}, {-2, -1});
    EXPECT("ffN", 1, 1, BOTH, {1, -2}, {-1, -2});
    EXPECT("fsN", 1, 1, BOTH, {2, -1}, {-2, -1});
    EXPECT("bbN", 1, 1, BOTH, {1, 2}, {-1, 2});
    EXPECT("lvN", 1, 1, BOTH, {-1, 2}, {-1, -2});
    EXPECT("rrN", 1, 1, BOTH, {2, 1}, {2, -1});
    EXPECT("vN", 1, 1, BOTH, {1, 2}, {-1, 2}, {1, -2}, {-1, -2});
}
END_TEST

/* Black's power is White's with dy negated, for many strings. */
START_TEST(test_black_mirrors_white)
{
    static const char *const TEXTS[] = {
        "fN",   "bN",   "lN",   "rN",    "vN",     "sN",   "ffN",  "fsN",
        "bbN",  "bsN",  "llN",  "lvN",   "rrN",    "rvN",  "frN",  "rfN",
        "fW",   "frF",  "fsW",  "lvF",   "fmWfcF", "mfR4", "cbNN", "fsLbbL",
        "vNW",  "WAND", "Q",    "flQ3",  "rbZZ",   "fG",   "bH2",  "lrC",
    };
    for (size_t t = 0; t < sizeof TEXTS / sizeof TEXTS[0]; t++) {
        struct betza_power w = compile_ok(TEXTS[t], 0);
        struct betza_power b = compile_ok(TEXTS[t], 1);
        ck_assert_int_eq(w.count, b.count);
        for (int i = 0; i < w.count; i++)
            ck_assert_msg(find_ray(&b, w.rays[i].dx, -w.rays[i].dy,
                                   w.rays[i].range, w.rays[i].mode) >= 0,
                          "\"%s\": Black lacks mirror of ray %d", TEXTS[t], i);
    }
}
END_TEST

START_TEST(test_langskip)
{
    char dest[128];
    struct betza_power white = compile_ok("fsLbbL", 0);
    ck_assert_int_eq(white.count, 4);
    leap_destinations(&white, "e4", dest, sizeof dest);
    ck_assert_str_eq(dest, "b5 d1 f1 h5");
    struct betza_power black = compile_ok("fsLbbL", 1);
    ck_assert_int_eq(black.count, 4);
    leap_destinations(&black, "e5", dest, sizeof dest);
    ck_assert_str_eq(dest, "b4 d8 f8 h4");
    /* C is the same atom as L. */
    struct betza_power c = compile_ok("fsCbbC", 0);
    leap_destinations(&c, "e4", dest, sizeof dest);
    ck_assert_str_eq(dest, "b5 d1 f1 h5");
    ck_assert_int_eq(betza_mobility(&white, 8, 8, 4, 3), 4);
    ck_assert_int_eq(betza_mobility(&black, 8, 8, 4, 4), 4);
}
END_TEST

START_TEST(test_knight_destinations)
{
    char dest[128];
    struct betza_power p = compile_ok("N", 0);
    leap_destinations(&p, "g1", dest, sizeof dest);
    ck_assert_str_eq(dest, "e2 f3 h3");
    p = compile_ok("ffN", 1);
    leap_destinations(&p, "b8", dest, sizeof dest);
    ck_assert_str_eq(dest, "a6 c6");
    p = compile_ok("fsN", 0);
    leap_destinations(&p, "e4", dest, sizeof dest);
    ck_assert_str_eq(dest, "c5 g5");
}
END_TEST

/* ---- the default Polypiece lists ---------------------------------------- */

START_TEST(test_polypiece_defaults)
{
    expect_two_atoms("K", 1, 0, 1, 1, 1);
    expect_two_atoms("Q", 1, 0, 1, 1, 0);
    expect_full_atom("R", 1, 0, 0);
    expect_full_atom("NN", 2, 1, 0);
    expect_full_atom("B", 1, 1, 0);
    expect_full_atom("R4", 1, 0, 4);
    expect_full_atom("N", 2, 1, 1);
    expect_two_atoms("WD", 1, 0, 2, 0, 1);

    struct vec v[32];
    int n = images(1, 0, v);
    n += images(2, 2, v + n);
    n += images(2, 1, v + n);
    n += images(2, 0, v + n);
    ck_assert_int_eq(n, 20);
    expect_vectors("WAND", 0, v, n, 1, BOTH);
    expect_vectors("WAND", 1, v, n, 1, BOTH);
    expect_vectors("NDAW", 0, v, n, 1, BOTH);
}
END_TEST

/* ---- union and merging --------------------------------------------------- */

START_TEST(test_union_and_merge)
{
    /* vNW: the four narrow Knight moves and the Wazir. */
    EXPECT("vNW", 0, 1, BOTH, {1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {1, 0},
           {-1, 0}, {0, 1}, {0, -1});
    expect_full_atom("mWcW", 1, 0, 1);
    expect_full_atom("cWmW", 1, 0, 1);
    expect_full_atom("W1W", 1, 0, 1);
    expect_full_atom("NNN", 2, 1, 0);   /* NN + N: N is inside NN */
    expect_full_atom("RW", 1, 0, 0);    /* W is inside R */
    expect_full_atom("W4R2", 1, 0, 4);  /* the longer range wins */
    expect_full_atom("fWbWlWrW", 1, 0, 1);
    expect_full_atom("fNbN", 2, 1, 1);
    expect_full_atom("ffNfsNbbNbsN", 2, 1, 1);
    expect_two_atoms("KQ", 1, 0, 1, 1, 0);
    expect_two_atoms("KRB", 1, 0, 1, 1, 0);
    expect_two_atoms("RB", 1, 0, 1, 1, 0);
    EXPECT("fWfW", 0, 1, BOTH, {0, 1});
    EXPECT("frFflF", 0, 1, BOTH, {1, 1}, {-1, 1});

    /* Move reaches further than capture: two rays with disjoint modes. */
    struct betza_power p = compile_ok("WmWW", 0);
    ck_assert_int_eq(p.count, 8);
    struct vec w[8];
    images(1, 0, w);
    for (int i = 0; i < 4; i++) {
        int longer = find_ray(&p, w[i].dx, w[i].dy, 0, BETZA_MOVE);
        int shorter = find_ray(&p, w[i].dx, w[i].dy, 1, BETZA_CAPTURE);
        ck_assert_int_ge(longer, 0);
        ck_assert_int_ge(shorter, 0);
        ck_assert_int_lt(longer, shorter);
    }
    p = compile_ok("cRmW", 0);
    ck_assert_int_eq(p.count, 8);
    ck_assert_int_ge(find_ray(&p, 0, 1, 0, BETZA_CAPTURE), 0);
    ck_assert_int_ge(find_ray(&p, 0, 1, 1, BETZA_MOVE), 0);
    /* Capture-only subsumed by a move-and-capture rider: one ray. */
    expect_full_atom("RcW", 1, 0, 0);
    expect_full_atom("mRcR", 1, 0, 0);

    /* Different vectors stay separate even when collinear. */
    expect_two_atoms("WD", 1, 0, 2, 0, 1);
    struct betza_power wwd = compile_ok("WWD", 0);
    ck_assert_int_eq(wwd.count, 8);

    /* Rays keep the order in which their vectors first appear. */
    p = compile_ok("fWbW", 0);
    ck_assert_int_eq(p.count, 2);
    ck_assert_int_eq(p.rays[0].dy, 1);
    ck_assert_int_eq(p.rays[1].dy, -1);
}
END_TEST

START_TEST(test_max_rays)
{
    /* Every vector with a move rider and a capture leap: 48 x 2 rays. */
    const char *text = "mWWcWmDDcDmHHcHmFFcFmAAcAmGGcGmNNcNmLLcLmZZcZ";
    struct betza_power p = compile_ok(text, 0);
    ck_assert_int_eq(p.count, BETZA_MAX_RAYS);
    for (int i = 0; i < p.count; i++)
        ck_assert(p.rays[i].mode == BETZA_MOVE ? p.rays[i].range == 0
                                               : p.rays[i].range == 1);
    /* Adding C (= L) changes nothing. */
    p = compile_ok("mWWcWmDDcDmHHcHmFFcFmAAcAmGGcGmNNcNmLLcLmZZcZmCCcC", 0);
    ck_assert_int_eq(p.count, BETZA_MAX_RAYS);
    p = compile_ok("WDHFAGNCZ", 1);
    ck_assert_int_eq(p.count, 48);
}
END_TEST

/* ---- errors -------------------------------------------------------------- */

START_TEST(test_error_exact_message)
{
    struct betza_power p;
    char err[200];
    ck_assert_int_eq(betza_compile("WX", 0, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "invalid Betza \"WX\": unexpected 'X' at position 2");
    ck_assert_int_eq(betza_compile("fc", 0, &p, err, sizeof err), -1);
    ck_assert_str_eq(err,
                     "invalid Betza \"fc\": no atom after modifier 'f' at "
                     "position 1");
    ck_assert_int_eq(betza_compile("W0", 0, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "invalid Betza \"W0\": zero range: '0' at position 2");
    ck_assert_int_eq(betza_compile("", 0, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "invalid Betza \"\": empty string");
}
END_TEST

static const struct {
    const char *text;
    const char *needle;
} ERROR_TABLE[] = {
    {"WX", "'X' at position 2"},
    {"X", "unexpected 'X' at position 1"},
    {"J", "'J' at position 1"},
    {"NJ", "'J' at position 2"},
    {"w", "unexpected 'w' at position 1"},
    {"W N", "unexpected ' ' at position 2"},
    {"4W", "unexpected '4' at position 1"},
    {"W-F", "'-' at position 2"},
    {"hN", "'h' at position 1"},
    {"W(F)", "'(' at position 2"},
    {"W\x01", "'\\x01' at position 2"},
    {"", "empty string"},
    {"W0", "zero range: '0' at position 2"},
    {"R0", "'0' at position 2"},
    {"NW04", "zero range: '0' at position 3"},
    {"K00", "'0' at position 2"},
    {"W100", "range above 99: '0' at position 4"},
    {"N999", "range above 99: '9' at position 4"},
    {"WW4", "range after a doubled atom: '4' at position 3"},
    {"RR2", "'2' at position 3"},
    {"f", "no atom after modifier 'f' at position 1"},
    {"fc", "no atom after modifier 'f' at position 1"},
    {"m", "'m' at position 1"},
    {"Wf", "no atom after modifier 'f' at position 2"},
    {"NNmc", "'m' at position 3"},
    {"ffW", "selects no move of atom W: 'f' at position 1"},
    {"fbbW", "selects no move of atom W: 'b' at position 2"},
    {"llF", "selects no move of atom F: 'l' at position 1"},
    {"rrK", "'r' at position 1"},
    {"WffR", "'f' at position 2"},
    {"vvN", "'v' at position 1"},
    {"NssN", "'s' at position 2"},
    {"vvW", "'v' at position 1"},
};

START_TEST(test_error_cases)
{
    expect_error(ERROR_TABLE[_i].text, 0, ERROR_TABLE[_i].needle);
    expect_error(ERROR_TABLE[_i].text, 1, ERROR_TABLE[_i].needle);
}
END_TEST

START_TEST(test_error_too_long)
{
    char text[BETZA_MAX_TEXT + 2];
    memset(text, 'W', BETZA_MAX_TEXT);
    text[BETZA_MAX_TEXT] = '\0';
    compile_ok(text, 0); /* exactly the limit is fine */
    text[BETZA_MAX_TEXT] = 'N';
    text[BETZA_MAX_TEXT + 1] = '\0';
    expect_error(text, 0, "longer than 64 characters: 'N' at position 65");
    char huge[1000];
    memset(huge, 'Q', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    expect_error(huge, 0, "at position 65");
}
END_TEST

START_TEST(test_error_arguments)
{
    struct betza_power p;
    char err[200];
    expect_error(NULL, 0, "null");
    ck_assert_int_eq(betza_compile("W", 0, NULL, err, sizeof err), -1);
    ck_assert_int_eq(betza_compile("W", 2, &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "colour 2"));
    ck_assert_int_eq(betza_compile("W", -1, &p, err, sizeof err), -1);
    /* No message buffer: still refused, no crash. */
    ck_assert_int_eq(betza_compile("WX", 0, &p, NULL, 0), -1);
    ck_assert_int_eq(betza_compile("WX", 0, &p, err, 0), -1);
    ck_assert_int_eq(betza_compile("W", 0, &p, NULL, 0), 0);
    /* A short buffer is truncated and terminated, never overflowed. */
    char small[12];
    memset(small, 'Z', sizeof small);
    ck_assert_int_eq(betza_compile("WX", 0, &p, small, 8), -1);
    ck_assert_uint_eq(strlen(small), 7);
    ck_assert_int_eq(small[8], 'Z');
    /* Success clears the message. */
    strcpy(err, "stale");
    ck_assert_int_eq(betza_compile("N", 0, &p, err, sizeof err), 0);
    ck_assert_str_eq(err, "");
}
END_TEST

/* Random strings over the notation's alphabet never crash, and whatever
 * compiles is canonical (no vector twice with a shared mode bit). */
START_TEST(test_random_strings)
{
    static const char ALPHABET[] = "WFDNAHCLZGKRBQmcfblrvs0123456789X";
    unsigned state = 12345;
    int compiled = 0;
    for (int iter = 0; iter < 20000; iter++) {
        char text[16];
        state = state * 1103515245u + 12345u;
        int len = 1 + (int)((state >> 16) % 12);
        for (int i = 0; i < len; i++) {
            state = state * 1103515245u + 12345u;
            text[i] = ALPHABET[(state >> 16) % (sizeof ALPHABET - 1)];
        }
        text[len] = '\0';
        struct betza_power p;
        char err[100];
        int rc = betza_compile(text, (int)(iter & 1), &p, err, sizeof err);
        if (rc != 0) {
            ck_assert_msg(strncmp(err, "invalid Betza \"", 15) == 0, "%s",
                          err);
            ck_assert_ptr_nonnull(strstr(err, " at position "));
            continue;
        }
        compiled++;
        ck_assert_int_ge(p.count, 1);
        ck_assert_int_le(p.count, BETZA_MAX_RAYS);
        for (int i = 0; i < p.count; i++) {
            ck_assert(p.rays[i].mode != 0 && p.rays[i].mode <= BOTH);
            ck_assert(p.rays[i].dx != 0 || p.rays[i].dy != 0);
            ck_assert_int_le(p.rays[i].range, 99);
            for (int j = i + 1; j < p.count; j++)
                ck_assert(p.rays[i].dx != p.rays[j].dx ||
                          p.rays[i].dy != p.rays[j].dy ||
                          (p.rays[i].mode & p.rays[j].mode) == 0);
        }
    }
    ck_assert_int_gt(compiled, 100);
}
END_TEST

/* ---- mobility ------------------------------------------------------------ */

static int mobility(const char *text, int files, int ranks, const char *sq)
{
    struct betza_power p = compile_ok(text, 0);
    return betza_mobility(&p, files, ranks, sq[0] - 'a', atoi(sq + 1) - 1);
}

START_TEST(test_mobility)
{
    ck_assert_int_eq(mobility("N", 8, 8, "d4"), 8);
    ck_assert_int_eq(mobility("N", 8, 8, "a1"), 2);
    ck_assert_int_eq(mobility("N", 8, 8, "b1"), 3);
    ck_assert_int_eq(mobility("R", 8, 8, "a1"), 14);
    ck_assert_int_eq(mobility("R", 8, 8, "d4"), 14);
    ck_assert_int_eq(mobility("B", 8, 8, "a1"), 7);
    ck_assert_int_eq(mobility("B", 8, 8, "d4"), 13);
    ck_assert_int_eq(mobility("Q", 8, 8, "d4"), 27);
    ck_assert_int_eq(mobility("Q", 8, 8, "a1"), 21);
    ck_assert_int_eq(mobility("K", 8, 8, "a1"), 3);
    ck_assert_int_eq(mobility("K", 8, 8, "e4"), 8);
    ck_assert_int_eq(mobility("KK", 8, 8, "d4"), 27);
    ck_assert_int_eq(mobility("K2", 8, 8, "d4"), 16);
    ck_assert_int_eq(mobility("NN", 8, 8, "a1"), 6);
    ck_assert_int_eq(mobility("NN", 8, 8, "d4"), 8 + 4);
    ck_assert_int_eq(mobility("R4", 8, 8, "a1"), 8);
    ck_assert_int_eq(mobility("R4", 8, 8, "d4"), 14);
    ck_assert_int_eq(mobility("R3", 8, 8, "d4"), 12);
    ck_assert_int_eq(mobility("R4", 8, 8, "h8"), 8);
    ck_assert_int_eq(mobility("WD", 8, 8, "d4"), 8);
    ck_assert_int_eq(mobility("WAND", 8, 8, "d4"), 20);
    ck_assert_int_eq(mobility("WAND", 8, 8, "a1"), 2 + 1 + 2 + 2);
    /* Squares reached by several rays count once. */
    ck_assert_int_eq(mobility("W2D", 8, 8, "d4"), 8);
    ck_assert_int_eq(mobility("WWD", 8, 8, "d4"), 14);
    ck_assert_int_eq(mobility("QN", 8, 8, "d4"), 35);
    ck_assert_int_eq(mobility("QWF", 8, 8, "d4"), 27);
    ck_assert_int_eq(mobility("mRcR", 8, 8, "d4"), 14);
    ck_assert_int_eq(mobility("WmWW", 8, 8, "d4"), 14);
    /* Other board sizes. */
    ck_assert_int_eq(mobility("R", 10, 8, "a1"), 16);
    ck_assert_int_eq(mobility("Q", 10, 10, "e5"), 18 + 17);
    ck_assert_int_eq(mobility("N", 3, 3, "b2"), 0);
    ck_assert_int_eq(mobility("W", 1, 1, "a1"), 0);
    ck_assert_int_eq(mobility("fsLbbL", 8, 8, "e4"), 4);
}
END_TEST

START_TEST(test_mobility_arguments)
{
    struct betza_power p = compile_ok("Q", 0);
    ck_assert_int_eq(betza_mobility(NULL, 8, 8, 0, 0), 0);
    ck_assert_int_eq(betza_mobility(&p, 0, 8, 0, 0), 0);
    ck_assert_int_eq(betza_mobility(&p, 8, -1, 0, 0), 0);
    ck_assert_int_eq(betza_mobility(&p, 8, 8, 8, 0), 0);
    ck_assert_int_eq(betza_mobility(&p, 8, 8, 0, -1), 0);
    struct betza_power empty = {.count = 0};
    ck_assert_int_eq(betza_mobility(&empty, 8, 8, 3, 3), 0);
}
END_TEST

static Suite *betza_suite(void)
{
    Suite *s = suite_create("betza");
    TCase *tc = tcase_create("compile");
    int natoms = (int)(sizeof ATOM_TABLE / sizeof ATOM_TABLE[0]);
    tcase_add_loop_test(tc, test_atom_alone, 0, natoms);
    tcase_add_loop_test(tc, test_atom_rider, 0, natoms);
    tcase_add_test(tc, test_shorthands);
    tcase_add_test(tc, test_riders);
    tcase_add_test(tc, test_move_and_capture);
    tcase_add_test(tc, test_directions_wazir);
    tcase_add_test(tc, test_directions_ferz);
    tcase_add_test(tc, test_directions_king);
    tcase_add_test(tc, test_directions_knight);
    tcase_add_test(tc, test_black_mirrors_white);
    tcase_add_test(tc, test_langskip);
    tcase_add_test(tc, test_knight_destinations);
    tcase_add_test(tc, test_polypiece_defaults);
    tcase_add_test(tc, test_union_and_merge);
    tcase_add_test(tc, test_max_rays);
    suite_add_tcase(s, tc);

    TCase *te = tcase_create("errors");
    tcase_add_test(te, test_error_exact_message);
    tcase_add_loop_test(te, test_error_cases, 0,
                        (int)(sizeof ERROR_TABLE / sizeof ERROR_TABLE[0]));
    tcase_add_test(te, test_error_too_long);
    tcase_add_test(te, test_error_arguments);
    tcase_add_test(te, test_random_strings);
    suite_add_tcase(s, te);

    TCase *tm = tcase_create("mobility");
    tcase_add_test(tm, test_mobility);
    tcase_add_test(tm, test_mobility_arguments);
    suite_add_tcase(s, tm);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(betza_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
