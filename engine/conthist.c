/* Continuation history: how well a quiet step did after the step before it
 * and after the step two before it, both keyed by (piece type, square). A
 * key is the piece's type and a dense index of its square (rank by file over
 * the variant's geometry), so the table is (types * squares)^2 entries of
 * 16 bits: 400 KB for orthodox chess, under 2 MB for two boards. It is
 * allocated for the variant of the search, and again when the variant
 * changes; without memory the search goes on without it. */
#include <stdlib.h>
#include <string.h>

#include "engine/search_internal.h"
#include "variants/core/board.h"

static void build_square_index(struct searcher *s, const struct variant *v)
{
    for (int i = 0; i < BOARD_SIZE; i++)
        s->square_index[i] = -1;
    for (int r = 0; r < v->geo.ranks; r++)
        for (int f = 0; f < v->geo.files; f++)
            s->square_index[geo_square(&v->geo, f, r)] = (int16_t)(r * v->geo.files + f);
}

void conthist_prepare(struct searcher *s, const struct variant *v)
{
    if (s->cont_variant == v)
        return;
    free(s->cont_hist);
    s->cont_hist = NULL;
    s->cont_variant = v;
    s->cont_squares = v->geo.files * v->geo.ranks;
    s->cont_keys = (int)strlen(v->piece_letters) * s->cont_squares;
    build_square_index(s, v);
    s->cont_hist = calloc((size_t)s->cont_keys * (size_t)s->cont_keys, sizeof *s->cont_hist);
}

void conthist_clear(struct searcher *s)
{
    if (s->cont_hist)
        memset(s->cont_hist, 0, (size_t)s->cont_keys * (size_t)s->cont_keys * sizeof *s->cont_hist);
}

void conthist_free(struct searcher *s)
{
    free(s->cont_hist);
    s->cont_hist = NULL;
    s->cont_variant = NULL;
}

int conthist_key(const struct searcher *s, Piece p, Square sq)
{
    if (!s->cont_hist || !is_piece(p) || sq < 0 || sq >= BOARD_SIZE || s->square_index[sq] < 0)
        return -1;
    return piece_type(p) * s->cont_squares + s->square_index[sq];
}

/* The key of the step about to be made: the piece on its from-square (a drop
 * or a variant's own step, whose source is no board piece, has none). */
static int step_key(const struct searcher *s, Move m)
{
    Square from = move_from(m);
    if (from >= BOARD_SIZE)
        return -1;
    return conthist_key(s, s->pos.board[from], move_to(m));
}

/* The slots of step m after the steps made at ply-1 and ply-2; NULL where there is no context. */
static void slots(struct searcher *s, int ply, Move m, int16_t *out[2])
{
    out[0] = out[1] = NULL;
    int key = step_key(s, m);
    if (key < 0)
        return;
    for (int back = 1; back <= 2; back++) {
        int prev = ply - back >= 0 ? s->cont_key[ply - back] : -1;
        if (prev >= 0)
            out[back - 1] = &s->cont_hist[(size_t)prev * (size_t)s->cont_keys + (size_t)key];
    }
}

int conthist_score(struct searcher *s, int ply, Move m)
{
    int16_t *sl[2];
    slots(s, ply, m, sl);
    return (sl[0] ? *sl[0] : 0) + (sl[1] ? *sl[1] : 0);
}

void conthist_update(struct searcher *s, int ply, Move m, int bonus)
{
    int16_t *sl[2];
    slots(s, ply, m, sl);
    for (int i = 0; i < 2; i++)
        if (sl[i]) {
            int v = *sl[i];
            *sl[i] = (int16_t)(v + bonus * 32 - v * abs(bonus) / 512);
        }
}
