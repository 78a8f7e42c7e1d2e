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
