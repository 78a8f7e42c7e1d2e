/* Rule Zero: Interweave for XBoard 4.9.1.
 *
 * XBoard shows one capture as a locust move `FROM KILL,KILL TO` (land on TO,
 * remove KILL), so a turn of a single capture step with a single victim is
 * sent in that form, and read back from it. Chains and several victims at
 * once have no XBoard form: they are sent in our notation and XBoard's board
 * will be wrong (docs/variants/interweave.md says what a person sees).
 *
 * The set-up (which image shows which piece) is declared in
 * variants/interweave_game.c. */
#include "variants/interweave.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/turn.h"

static struct position *copy_position(const struct position *pos)
{
    struct position *p = malloc(sizeof *p);
    if (p)
        position_copy(p, pos);
    return p;
}

static void locust_text(const struct position *pos, Move m, Square victim, char *out, size_t n)
{
    const struct geometry *g = &pos->variant->geo;
    char from[8], kill[8], to[8];
    geo_square_name(g, move_from(m), from);
    geo_square_name(g, victim, kill);
    geo_square_name(g, move_to(m), to);
    if (move_promo(m))
        snprintf(out, n, "%s%s,%s%s%c", from, kill, kill, to,
                 pos->variant->piece_letters[move_promo(m)] + ('a' - 'A'));
    else
        snprintf(out, n, "%s%s,%s%s", from, kill, kill, to);
}

void iw_xboard_move(const struct position *pos, const char *turn_text, char *out, size_t n)
{
    snprintf(out, n, "%s", turn_text);
    struct position *p = copy_position(pos);
    struct turn t;
    if (p && turn_parse(p, turn_text, &t) == 0 && t.count == 1) {
        Square victims[IW_MAX_VICTIMS];
        if (iw_victims(p, t.steps[0], victims) == 1)
            locust_text(p, t.steps[0], victims[0], out, n);
    }
    free(p);
}

/* Reads `s1s2,s2s3[p]`; 0 on success. */
static int parse_locust(const struct geometry *g, const char *text, Square *from, Square *kill, Square *to,
                        char *promo)
{
    const char *s = text;
    Square a = geo_parse_square(g, &s);
    Square b = geo_parse_square(g, &s);
    if (a == NO_SQUARE || b == NO_SQUARE || *s++ != ',')
        return -1;
    Square c = geo_parse_square(g, &s);
    Square d = geo_parse_square(g, &s);
    if (c != b || d == NO_SQUARE)
        return -1;
    *promo = 0;
    if (*s)
        *promo = *s++;
    if (*s)
        return -1;
    *from = a;
    *kill = b;
    *to = d;
    return 0;
}

void iw_xboard_parse(const struct position *pos, const char *xboard_text, char *out, size_t n)
{
    snprintf(out, n, "%s", xboard_text);
    struct position *p = copy_position(pos);
    if (!p)
        return;
    struct turn t;
    Square from, kill, to;
    char promo;
    if (turn_parse(p, xboard_text, &t) != 0 &&
        parse_locust(&p->variant->geo, xboard_text, &from, &kill, &to, &promo) == 0) {
        struct move_list list;
        iw_generate(p, &list);
        for (int i = 0; i < list.count; i++) {
            Move m = list.moves[i];
            char want = move_promo(m) ? (char)(p->variant->piece_letters[move_promo(m)] + ('a' - 'A')) : 0;
            if (move_from(m) != from || move_to(m) != to || (promo | 0x20) != (want | 0x20))
                continue;
            Square victims[IW_MAX_VICTIMS];
            int nv = iw_victims(p, m, victims);
            for (int k = 0; k < nv; k++)
                if (victims[k] == kill)
                    p->variant->format_step(p, m, out, n);
        }
    }
    free(p);
}
