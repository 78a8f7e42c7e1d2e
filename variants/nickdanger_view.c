/* Nick Danger Chess as the GUI shows it: board 0 (a-h) and board 1 (i-p) side
 * by side (a smaller board 1 in its 8x8 frame, the squares it lacks left out), a piece on a link on both locations, the links, the phase and the
 * opponent's last link action. A link action is clicked as its board-0 square,
 * then its board-1 square; breaking an occupied link ends with a choice of
 * where the piece stays. */
#include <stdio.h>

#include "variants/nickdanger.h"
#include "variants/view.h"

static void areas(const struct position *pos, struct board_view *out)
{
    struct view_area *a = view_add_board(pos, out, "board0", 0, 8);
    struct view_area *b = view_add_board(pos, out, "board1", 8, 8);
    if (a)
        snprintf(a->title, sizeof a->title, "Board a-h");
    if (!b)
        return;
    snprintf(b->title, sizeof b->title, "Board i-p");
    /* A board 1 smaller than 8x8 (a game file's): its holes are left out, as Shifted Square's removed square. */
    for (int r = 0; r < b->rows; r++)
        for (int f = 0; f < b->cols; f++)
            if (pos->board[nd_square(1, (b->rows - 1 - r) * 8 + f)] == OFFBOARD)
                b->cell[r][f][0] = '\0';
}

static void link_names(const struct position *pos, int local0, int local1, char *a, char *b)
{
    const struct geometry *g = &pos->variant->geo;
    geo_square_name(g, nd_square(0, local0), a);
    geo_square_name(g, nd_square(1, local1), b);
}

static void describe(const struct position *pos, struct board_view *out)
{
    const struct nd_state *st = nd_cst(pos);
    for (int i = 0; i < st->nlinks && out->link_count < VIEW_MAX_LINKS; i++) {
        struct view_link *l = &out->link[out->link_count++];
        link_names(pos, st->l0[i], st->l1[i], l->a, l->b);
        l->number = st->id[i] + 1;
    }
    static const char *const action[] = {"make", "make or break", "break"};
    if (st->part2)
        snprintf(out->hint, sizeof out->hint, "now the link action: %s a link (click its square on a-h, then on i-p)",
                 action[st->phase]);
    struct view_panel *p = view_add_panel(out, "Nick Danger");
    struct view_row *phase = view_add_row(p, "Phase");
    view_add_item(phase, "Linking", st->phase == ND_PHASE_LINKING);
    if (nd_full_phase(nd_rules_of(pos)) == ND_PHASE_REMOVING)
        view_add_item(phase, "Removing", st->phase == ND_PHASE_REMOVING);
    else
        view_add_item(phase, "Twinkle", st->phase == ND_PHASE_TWINKLE);
    char text[48], a[8], b[8];
    if (st->last_kind == ND_LAST_NONE) {
        snprintf(text, sizeof text, "none");
    } else {
        link_names(pos, st->last0, st->last1, a, b);
        snprintf(text, sizeof text, "%s %s-%s", st->last_kind == ND_LAST_MADE ? "made" : "broke", a, b);
    }
    view_add_item(view_add_row(p, "Opponent's last link action"), text, true);
    snprintf(text, sizeof text, "%d of %d", st->nlinks, nd_max_links(pos));
    view_add_item(view_add_row(p, "Links"), text, true);
}

static bool step_clicks(const struct position *pos, Move m, struct step_clicks *out)
{
    int kind = move_kind(m);
    if (kind != MK_LINK && kind != MK_UNLINK)
        return false;
    const struct geometry *g = &pos->variant->geo;
    char a[8], b[8];
    geo_square_name(g, move_from(m), a);
    geo_square_name(g, move_to(m), b);
    step_clicks_add(out, a, NULL);
    step_clicks_add(out, b, NULL);
    if (kind == MK_UNLINK && move_extra(m) != ND_KEEP_NONE) {
        const char *stay = move_extra(m) == ND_KEEP_0 ? a : b;
        char click[VIEW_NAME_LEN], label[VIEW_LABEL_LEN];
        snprintf(click, sizeof click, "choice:stay-%s", stay);
        snprintf(label, sizeof label, "Leave the piece on %s", stay);
        step_clicks_add(out, click, label);
    }
    return true;
}

const struct variant_view nickdanger_view = {.areas = areas, .describe = describe, .step_clicks = step_clicks};
