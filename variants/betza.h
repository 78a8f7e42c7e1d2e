/* Rule Zero: Betza funny-notation compiler.
 *
 * Turns a power written in (a subset of) Betza notation, e.g. "WAND",
 * "fsLbbL" or "R4", into a list of rays for one colour. Standalone: depends
 * on the C standard library only.
 *
 * Supported notation
 * ------------------
 * Atoms (leaps; (x,y) up to the 8 symmetries):
 *   orthogonal W (1,0)  D (2,0)  H (3,0)
 *   diagonal   F (1,1)  A (2,2)  G (3,3)
 *   oblique    N (2,1)  C = L (3,1)  Z (3,2)
 * Shorthands: K = WF, R = WW, B = FF, Q = WWFF.
 * Range suffix:
 *   none      an atom leaps once (range 1); R, B, Q ride without limit
 *   doubled   WW, NN, FF, KK, RR, BB, QQ: rider without limit (range 0)
 *   n         1..99 (R4, W4, K2 = W2F2, N3): rider of at most n steps;
 *             n = 1 is a single leap.
 * Prefix modifiers, applying to the atom or shorthand right after them, in
 * any order: m (move only), c (capture only; m and c together, or neither,
 * mean both) and the directions f b l r v s.
 *
 * Directions. Forward is toward the opponent; l is always toward the a-file.
 * Black's rays are White's with dy negated. Direction letters written next to
 * each other are read left to right, two at a time when the two form one of
 * the pair tokens below, else one at a time; the atom's moves are the union
 * of what the tokens select (no direction letter = all moves).
 *   Single letters: f (dy > 0), b (dy < 0), l (dx < 0), r (dx > 0),
 *     v = the moves closest to straight up or down (|dy| >= |dx|),
 *     s = the moves closest to straight sideways (|dx| >= |dy|).
 *     So on W: v = fb, s = lr; on F: v = s = all four; on N: vN is the four
 *     narrow moves, sN the four wide ones; fN the four with a forward part.
 *   Pair tokens: XY with X in {f,b} and Y in {l,r,s}, or X in {l,r} and Y in
 *     {f,b,v}, or XX with X in {f,b,l,r}.
 *     - Orthogonal atoms (W D H): a pair is simply the union of its letters
 *       (frW = fW + rW; fsW = forward + sideways, the Xiangqi soldier).
 *     - Diagonal atoms (F A G): a pair is the intersection (frF = rfF = the
 *       forward-right diagonal; fsF = fF; lvF = lF).
 *     - Oblique atoms (N L Z): Y picks the moves closest to straight Y (the
 *       pair or pairs nearest that direction), X keeps those going X:
 *       ff = the two forward moves nearest straight ahead, fs = the two
 *       forward moves nearest sideways, bb, bs likewise backward, ll, lv,
 *       rr, rv likewise to the left and right. As in XBetza, a mixed pair
 *       names one move: frN = (2,1) (forward member of the right pair),
 *       rfN = (1,2) (right member of the forward pair); fsN = flN + frN.
 *       Letters that form no pair are a union: fbN = all eight, vsN too.
 *     - A doubled letter (ff, bb, ll, rr, vv, ss) in front of an orthogonal
 *       or diagonal atom, or vv/ss anywhere, selects nothing and is an error
 *       ("ffW"). Any token that selects no move of an atom it applies to is
 *       an error too.
 *   Example: fsLbbL (Langskip) from e4 reaches b5 h5 d1 f1 for White, from e5
 *   reaches b4 h4 d8 f8 for Black.
 *
 * Union and merging
 * -----------------
 * A power is the union of its parts. The result is canonical: for each step
 * vector (dx,dy) there is one ray when move and capture reach equally far
 * (modes merged), else two rays with disjoint modes (the farther-reaching
 * mode on the longer ray first). So "mWcW" = "W", "RW" = "R", and "WmWW"
 * gives (range 0, MOVE) + (range 1, CAPTURE) per direction. No two rays with
 * the same (dx,dy) ever share a mode bit, so they never generate the same
 * move twice. Different vectors can still reach the same square (the second
 * step of W2 or WW is the D leap): a move generator that merges such powers
 * must drop duplicate (from, to) pairs across vectors.
 * Rays keep the order in which their vectors first appear in the text.
 * There are at most 48 distinct vectors, so at most 96 rays.
 *
 * Errors
 * ------
 * betza_compile() returns -1 and writes a one-line message of the form
 *   invalid Betza "WX": unexpected 'X' at position 2
 * (position 1-based; the offending character quoted; non-printable characters
 * shown as \xNN) for: NULL or empty text, text longer than BETZA_MAX_TEXT,
 * an unknown character, a modifier with no atom after it ("fc"), range 0
 * (also a range written with a leading 0, "W04"),
 * a range above 99, a range after a doubled atom ("WW4"), a direction that
 * selects nothing (see above), colour other than 0 or 1, out == NULL.
 * Not supported (refused as unexpected characters): J, O, and the XBetza
 * extensions (h, n, j, p, g, a, i, e, parentheses, ...).
 */
#ifndef RULEZERO_BETZA_H
#define RULEZERO_BETZA_H

#include <stddef.h>
#include <stdint.h>

#define BETZA_MAX_RAYS 96
/* Longest accepted Betza string, in characters. */
#define BETZA_MAX_TEXT 64

enum { BETZA_MOVE = 1, BETZA_CAPTURE = 2 };

struct betza_ray {
    int8_t dx, dy;
    uint8_t range; /* 1 = leap once, n = at most n steps, 0 = unlimited */
    uint8_t mode;  /* BETZA_MOVE|BETZA_CAPTURE bits */
};

struct betza_power {
    int count;
    struct betza_ray rays[BETZA_MAX_RAYS];
};

/* color: 0 = White (forward is +dy), 1 = Black (forward is -dy). dx > 0 is
 * toward the h-file. Returns 0 on success, -1 on error with a one-line message
 * in err (always NUL-terminated and truncated to errlen; err may be NULL or
 * errlen 0 to get no message). out is left unspecified on error. */
int betza_compile(const char *text, int color, struct betza_power *out,
                  char *err, size_t errlen);

/* Number of distinct squares reachable (move or capture) by the power from
 * square (file, rank), 0-based, on an otherwise empty board of files x ranks
 * squares. A square reached by several rays counts once. Returns 0 for a NULL
 * power, a non-positive board size or a square off the board. */
int betza_mobility(const struct betza_power *p, int files, int ranks, int file,
                   int rank);

#endif
