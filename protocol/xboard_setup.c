#include "protocol/xboard_setup.h"

#include <stdio.h>
#include <string.h>

#include "variants/core/fen.h"

/* Keeps the first `fields` space-separated fields of fen (0: all). */
static void keep_fields(char *fen, int fields)
{
    int seen = 0;
    for (char *p = fen; fields && *p; p++)
        if (*p == ' ' && ++seen == fields) {
            *p = '\0';
            return;
        }
}

/* Field 4 (en passant) becomes `-`. */
static void dash_ep(char *fen)
{
    char *p = fen;
    for (int spaces = 0; *p && spaces < 3; p++)
        spaces += *p == ' ';
    char *end = strchr(p, ' ');
    if (!*p || !end)
        return;
    memmove(p + 1, end, strlen(end) + 1);
    *p = '-';
}

/* Placement letters renamed as the pairs in map say ("GHgh": G -> H, g -> h). */
static void rename_letters(char *fen, const char *map)
{
    for (char *c = fen; map && *c && *c != ' '; c++)
        for (const char *m = map; m[0] && m[1]; m += 2)
            if (*c == m[0]) {
                *c = m[1];
                break;
            }
}

bool xboard_setup_line(const struct position *pos, char *out, size_t n)
{
    const struct xboard_setup *xs = game_of(pos->variant)->xboard;
    if (n)
        out[0] = '\0';
    if (!xs)
        return true;
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    keep_fields(fen, xs->fen_fields);
    if (xs->ep_as_dash)
        dash_ep(fen);
    rename_letters(fen, xs->letter_map);
    const char *hand = xs->empty_hand_as_dash ? strstr(fen, "[]") : NULL;
    int len = hand ? snprintf(out, n, "setup (%s) %dx%d+%d_%s %.*s[-]%s\n", xs->piece_to_char, xs->files, xs->ranks,
                              xs->holdings, xs->parent, (int)(hand - fen), fen, hand + 2)
                   : snprintf(out, n, "setup (%s) %dx%d+%d_%s %s\n", xs->piece_to_char, xs->files, xs->ranks,
                              xs->holdings, xs->parent, fen);
    return len >= 0 && (size_t)len < n;
}

/* The Betza power of XBoard's own piece drawn with image i of n images per
 * side (its order: P N B R Q ..., the King last); NULL: the Pawn, or an
 * image this file does not know. */
static const char *image_power(size_t i, size_t n)
{
    static const char *const own[] = {NULL, "N", "B", "R", "Q"};
    if (i + 1 == n)
        return "K";
    return i < sizeof own / sizeof own[0] ? own[i] : NULL;
}

bool xboard_piece_lines(const struct position *pos, char *out, size_t n)
{
    const struct game_decl *g = game_of(pos->variant);
    const struct xboard_setup *xs = g->xboard;
    size_t len = 0;
    if (n)
        out[0] = '\0';
    if (!xs || !xs->piece_lines)
        return true;
    size_t images = strlen(xs->piece_to_char) / 2;
    for (int t = 1; t < MAX_TYPES; t++) {
        const struct piece_decl *p = &g->pieces[t];
        const char *at = p->letter ? memchr(xs->piece_to_char, p->letter, images) : NULL;
        if (!p->betza || !at)
            continue;
        const char *own = image_power((size_t)(at - xs->piece_to_char), images);
        if (own && strcmp(own, p->betza) == 0)
            continue;
        int w = snprintf(out + len, n - len, "piece %c& %s\n", p->letter, p->betza);
        if (w < 0 || (size_t)w >= n - len)
            return false;
        len += (size_t)w;
    }
    return true;
}
