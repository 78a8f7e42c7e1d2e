/* The Single Square games as the GUI shows them: one board with the added
 * location beside its edge (a column x left of a, or z right of h, holding
 * only that cell); Pickle draws the piece on its linked square in both
 * places and marks the two as a link, as Nick Danger's links are; Shifted
 * Square leaves the removed square out (a hole). */
#include <stdio.h>
#include <string.h>

#include "variants/family.h"
#include "variants/ssq.h"
#include "variants/view.h"

/* A game of the Pickle family: its hooks are the family's. */
static bool is_pickle(const struct position *pos) { return pos->variant->generate == pickle_family_template.generate; }

static void areas(const struct position *pos, struct board_view *out)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    if (out->area_count >= VIEW_MAX_AREAS)
        return;
    struct view_area *a = &out->area[out->area_count++];
    memset(a, 0, sizeof *a);
    snprintf(a->id, sizeof a->id, "main");
    a->checkered = true;
    bool left = square_col(r->added_sq) == SSQ_X_COL;
    int first_col = left ? SSQ_X_COL : 1;
    a->rows = 8;
    a->cols = 9;
    a->dark_first = left; /* a8 stays light */
    for (int row = 0; row < 8; row++)
        for (int c = 0; c < 9; c++) {
            Square sq = make_square(first_col + c, 7 - row);
            bool beside = square_col(sq) == SSQ_X_COL || square_col(sq) == SSQ_Z_COL;
            bool hole = !is_pickle(pos) && sq == r->board_sq;
            if ((beside && sq != r->added_sq) || hole)
                continue;
            ssq_square_name(sq, a->cell[row][c]);
        }
}

/* The piece on the added location, with that location's name. */
static void add_added_piece(const struct position *pos, struct board_view *out)
{
    Square sq = ssq_rules_of(pos)->added_sq;
    int before = out->piece_count;
    view_add_piece(out, pos, sq);
    if (out->piece_count > before)
        ssq_square_name(sq, out->piece[before].square);
}

static void describe(const struct position *pos, struct board_view *out)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    char a[4], b[4], text[48];
    ssq_square_name(r->board_sq, a);
    ssq_square_name(r->added_sq, b);
    add_added_piece(pos, out);
    for (int i = 0; i < out->check_count; i++)
        ssq_square_name(pos->king_sq[pos->side], out->check[i]);
    if (is_pickle(pos) && out->link_count < VIEW_MAX_LINKS) {
        struct view_link *l = &out->link[out->link_count++];
        snprintf(l->a, sizeof l->a, "%s", a);
        snprintf(l->b, sizeof l->b, "%s", b);
        l->number = 1;
        l->same = true;
    }
    struct view_panel *p = view_add_panel(out, is_pickle(pos) ? "Pickle" : "Shifted square");
    snprintf(text, sizeof text, is_pickle(pos) ? "%s is also %s" : "%s removed, %s added", a, b);
    view_add_item(view_add_row(p, is_pickle(pos) ? "Link" : "Shift"), text, true);
}

/* From and to by their names (x1-x8, z1-z8 too), then the promotion choice. */
static bool step_clicks(const struct position *pos, Move m, struct step_clicks *out)
{
    char from[4], to[4], click[VIEW_NAME_LEN];
    ssq_square_name(move_from(m), from);
    ssq_square_name(move_to(m), to);
    step_clicks_add(out, from, NULL);
    step_clicks_add(out, to, NULL);
    if (move_kind(m) == MK_PROMOTION) {
        int type = move_promo(m);
        snprintf(click, sizeof click, "choice:%c", pos->variant->piece_letters[type] | 0x20);
        step_clicks_add(out, click, game_of(pos->variant)->pieces[type].name);
    }
    return true;
}

/* Partial information (Shift hidden): the 8x8 board with no hole, the x- and
 * z-files beside it where the added square may be, no check (it may run
 * through the hidden hole), and a piece on the added square where it stands. */
static void hidden_areas(struct board_view *out)
{
    struct view_area *a = &out->area[0];
    memset(a, 0, sizeof *a);
    snprintf(a->id, sizeof a->id, "main");
    a->checkered = true;
    a->dark_first = true; /* column x: a8 stays light */
    a->rows = 8;
    a->cols = 10;
    for (int row = 0; row < 8; row++)
        for (int c = 0; c < 10; c++)
            ssq_square_name(make_square(SSQ_X_COL + c, 7 - row), a->cell[row][c]);
    out->area_count = 1;
}

static void describe_hidden(const struct position *pos, struct board_view *out)
{
    view_describe(pos, out);
    hidden_areas(out);
    out->check_count = 0;
    out->panel_count = 0;
    struct view_panel *p = view_add_panel(out, "Shifted square");
    view_add_item(view_add_row(p, "Shift"), "hidden until the end", true);
}

const struct variant_view ssq_view = {
    .areas = areas, .describe = describe, .step_clicks = step_clicks, .describe_hidden = describe_hidden};
