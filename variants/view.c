#include "variants/view.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const struct variant_view default_view = {0};

const struct variant_view *view_of(const struct variant *v)
{
    const struct variant_view *view = game_of(v)->view;
    return view ? view : &default_view;
}

static void copy_name(char *dst, size_t n, const char *src) { snprintf(dst, n, "%s", src); }

/* ---- Pieces ----------------------------------------------------------------------- */

static const char *piece_name(const struct variant *v, int type)
{
    const char *name = game_of(v)->pieces[type].name;
    return name ? name : "";
}

static const char *piece_glyph(const struct variant *v, int type) { return game_of(v)->pieces[type].glyph; }

void view_add_piece(struct board_view *out, const struct position *pos, Square sq)
{
    Piece p = pos->board[sq];
    if (!is_piece(p) || out->piece_count >= VIEW_MAX_PIECES)
        return;
    const struct variant *v = pos->variant;
    struct view_piece *vp = &out->piece[out->piece_count++];
    geo_square_name(&v->geo, sq, vp->square);
    vp->color = piece_color(p);
    vp->letter = v->piece_letters[piece_type(p)];
    vp->name = piece_name(v, piece_type(p));
    vp->glyph = piece_glyph(v, piece_type(p));
}

/* ---- The description -------------------------------------------------------------- */

struct view_area *view_add_board(const struct position *pos, struct board_view *out, const char *id,
                                 int first_file, int files)
{
    const struct geometry *g = &pos->variant->geo;
    if (out->area_count >= VIEW_MAX_AREAS)
        return NULL;
    struct view_area *a = &out->area[out->area_count++];
    memset(a, 0, sizeof *a);
    copy_name(a->id, sizeof a->id, id);
    a->checkered = true;
    a->rows = g->ranks < VIEW_MAX_ROWS ? g->ranks : VIEW_MAX_ROWS;
    a->cols = files < VIEW_MAX_COLS ? files : VIEW_MAX_COLS;
    for (int r = 0; r < a->rows; r++)
        for (int f = 0; f < a->cols; f++)
            geo_square_name(g, geo_square(g, first_file + f, g->ranks - 1 - r), a->cell[r][f]);
    return a;
}

static void describe_pieces(const struct position *pos, struct board_view *out)
{
    const struct geometry *g = &pos->variant->geo;
    for (int r = g->ranks - 1; r >= 0; r--)
        for (int f = 0; f < g->files; f++)
            view_add_piece(out, pos, geo_square(g, f, r));
}

static void describe_hands(const struct position *pos, struct board_view *out)
{
    const struct variant *v = pos->variant;
    if (!v->has_hands)
        return;
    out->has_hands = true;
    int types = (int)strlen(v->piece_letters);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 1; t < types; t++) {
            if (!pos->hand[c][t] || out->hand_count >= VIEW_MAX_HAND)
                continue;
            struct view_hand *h = &out->hand[out->hand_count++];
            h->color = c;
            h->letter = v->piece_letters[t];
            h->name = piece_name(v, t);
            h->glyph = piece_glyph(v, t);
            h->count = pos->hand[c][t];
        }
}

static void describe_check(const struct position *pos, struct board_view *out)
{
    const struct variant *v = pos->variant;
    if (!v->has_check || !v->royal_type || !v->in_check(pos))
        return;
    geo_square_name(&v->geo, pos->king_sq[pos->side], out->check[out->check_count++]);
}

void view_describe(const struct position *pos, struct board_view *out)
{
    const struct variant_view *view = view_of(pos->variant);
    memset(out, 0, sizeof *out);
    if (view->areas)
        view->areas(pos, out);
    else
        view_add_board(pos, out, "main", 0, pos->variant->geo.files);
    describe_pieces(pos, out);
    describe_hands(pos, out);
    describe_check(pos, out);
    if (view->describe)
        view->describe(pos, out);
}

void view_describe_hidden(const struct position *pos, struct board_view *out)
{
    const struct variant_view *view = view_of(pos->variant);
    if (view->describe_hidden)
        view->describe_hidden(pos, out);
    else
        view_describe(pos, out);
}

int view_turn_squares(struct position *before, const struct turn *t, char (*out)[8], int max)
{
    int n = 0;
    for (int i = 0; i < t->count; i++) {
        struct step_clicks sc;
        view_step_clicks(before, t->steps[i], &sc);
        for (int k = 0; k < sc.count; k++) {
            const char *c = sc.click[k];
            bool seen = strchr(c, ':') != NULL || strlen(c) >= 8;
            for (int m = 0; m < n && !seen; m++)
                seen = strcmp(out[m], c) == 0;
            if (!seen && n < max)
                copy_name(out[n++], 8, c);
        }
        before->variant->make(before, t->steps[i]);
    }
    for (int i = t->count - 1; i >= 0; i--)
        before->variant->unmake(before, t->steps[i]);
    return n;
}

/* ---- Panels ------------------------------------------------------------------------- */

struct view_panel *view_add_panel(struct board_view *out, const char *title)
{
    if (out->panel_count >= VIEW_MAX_PANELS)
        return NULL;
    struct view_panel *p = &out->panel[out->panel_count++];
    memset(p, 0, sizeof *p);
    copy_name(p->title, sizeof p->title, title);
    return p;
}

struct view_row *view_add_row(struct view_panel *panel, const char *label)
{
    if (!panel || panel->count >= VIEW_MAX_ROWS_PER_PANEL)
        return NULL;
    struct view_row *r = &panel->row[panel->count++];
    memset(r, 0, sizeof *r);
    copy_name(r->label, sizeof r->label, label);
    return r;
}

void view_add_item(struct view_row *row, const char *text, bool current)
{
    if (!row || row->count >= VIEW_MAX_ITEMS)
        return;
    struct view_item *it = &row->item[row->count++];
    copy_name(it->text, sizeof it->text, text);
    it->current = current;
}

/* ---- Clicks of a step -------------------------------------------------------------- */

void step_clicks_add(struct step_clicks *out, const char *click, const char *label)
{
    if (out->count >= VIEW_MAX_STEP_CLICKS)
        return;
    copy_name(out->click[out->count], VIEW_NAME_LEN, click);
    copy_name(out->label[out->count], VIEW_LABEL_LEN, label ? label : "");
    out->count++;
}

static int type_of_letter(const struct variant *v, char letter)
{
    const char *hit = strchr(v->piece_letters + 1, toupper((unsigned char)letter));
    return hit && letter ? (int)(hit - v->piece_letters) : 0;
}

/* Reads the step's text: `X@sq` is a drop (hand:X, sq); square names are
 * clicks; a letter after them is a promotion (choice:x). */
void view_default_step_clicks(const struct position *pos, Move m, struct step_clicks *out)
{
    const struct variant *v = pos->variant;
    char text[64], click[VIEW_NAME_LEN];
    step_text(pos, m, text, sizeof text);
    out->count = 0;
    const char *s = text;
    if (isalpha((unsigned char)s[0]) && s[1] == '@') {
        snprintf(click, sizeof click, "hand:%c", toupper((unsigned char)s[0]));
        step_clicks_add(out, click, NULL);
        s += 2;
    }
    while (*s) {
        const char *at = s;
        Square sq = geo_parse_square(&v->geo, &s);
        if (sq != NO_SQUARE) {
            snprintf(click, sizeof click, "%.*s", (int)(s - at), at);
            step_clicks_add(out, click, NULL);
            continue;
        }
        int type = type_of_letter(v, *s);
        if (type && out->count > 0) {
            snprintf(click, sizeof click, "choice:%c", tolower((unsigned char)*s));
            step_clicks_add(out, click, piece_name(v, type)[0] ? piece_name(v, type) : click + 7);
        }
        s++;
    }
}

void view_step_clicks(const struct position *pos, Move m, struct step_clicks *out)
{
    const struct variant_view *view = view_of(pos->variant);
    memset(out, 0, sizeof *out);
    if (!view->step_clicks || !view->step_clicks(pos, m, out))
        view_default_step_clicks(pos, m, out);
}
