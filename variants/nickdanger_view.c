/* Nick Danger Chess as the GUI shows it: its boards side by side, board 0
 * (a-h) first (a smaller board in its frame, the squares it lacks left out),
 * a piece on a link on both locations, the links, the phase and the
 * opponent's last link action. A link action is clicked as its square on the
 * lower board, then its square on the upper one; breaking an occupied link
 * ends with a choice of where the piece stays. */
#include <stdio.h>

#include "variants/nickdanger.h"
#include "variants/view.h"

/* Board b as an area: its frame's files, the holes left out. */
static void board_area(const struct position *pos, struct board_view *out, int b, int first_file, int files)
{
    const struct nd_rules *r = nd_rules_of(pos);
    char id[16], first[8], last[8];
    snprintf(id, sizeof id, "board%d", b);
    struct view_area *a = view_add_board(pos, out, id, first_file, files);
    if (!a)
        return;
    const struct geometry *g = &pos->variant->geo;
    geo_square_name(g, geo_square(g, first_file, 0), first);
    geo_square_name(g, geo_square(g, first_file + r->files[b] - 1, 0), last); /* its own files, not the frame's */
    snprintf(a->title, sizeof a->title, "Board %c-%c", first[0], last[0]);
    for (int row = 0; row < a->rows; row++)
        for (int f = 0; f < a->cols; f++)
            if (pos->board[nd_square(r, b, (a->rows - 1 - row) * 8 + f)] == OFFBOARD)
                a->cell[row][f][0] = '\0';
}

static void areas(const struct position *pos, struct board_view *out)
{
    const struct nd_rules *r = nd_rules_of(pos);
    int first = 0;
    for (int b = 0; b < r->board_count; b++) {
        int files = 0; /* the frame's files: the geometry's files in the board's columns */
        for (int f = first; f < pos->variant->geo.files; f++)
            files += nd_board_of(r, geo_square(&pos->variant->geo, f, 0)) == b;
        board_area(pos, out, b, first, files);
        first += files;
    }
}

static void link_names(const struct position *pos, int b, int local0, int local1, char *a, char *c)
{
    const struct geometry *g = &pos->variant->geo;
    const struct nd_rules *r = nd_rules_of(pos);
    geo_square_name(g, nd_square(r, b, local0), a);
    geo_square_name(g, nd_square(r, b + 1, local1), c);
}

static void describe(const struct position *pos, struct board_view *out)
{
    const struct nd_state *st = nd_cst(pos);
    for (int i = 0; i < st->nlinks && out->link_count < VIEW_MAX_LINKS; i++) {
        struct view_link *l = &out->link[out->link_count++];
        link_names(pos, st->lb[i], st->l0[i], st->l1[i], l->a, l->b);
        l->number = st->id[i] + 1;
    }
    static const char *const action[] = {"make", "make or break", "break"};
    const struct nd_rules *r = nd_rules_of(pos);
    char a1[8], first[8], last[8]; /* board 1's first and last files: i-p for 8 of them, i-j for 2 */
    link_names(pos, 0, 0, 0, a1, first);
    link_names(pos, 0, 0, r->files[1] - 1, a1, last);
    if (st->part2 && r->board_count == 2)
        snprintf(out->hint, sizeof out->hint, "now the link action: %s a link (click its square on a-h, then on %c-%c)",
                 action[st->phase], first[0], last[0]);
    else if (st->part2)
        snprintf(out->hint, sizeof out->hint, "now the link action: %s a link (click its square on %s)",
                 action[st->phase], "one board, then on the next");
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
        link_names(pos, st->lastb, st->last0, st->last1, a, b);
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
