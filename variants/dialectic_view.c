/* Dialectic and Hegelian Chess as the GUI shows them: the board, then the 3x3
 * dialectic (cells d00..d22, x then y; on Hegelian's stair-step dialectic the
 * removed squares are left without a cell) with its tokens, and what the tokens
 * give the Philosophers now. A token move is clicked as the token's cell, then
 * the target cell, then (when both tokens share the cell) which token moves. */
#include <stdio.h>
#include <string.h>

#include "variants/dialectic.h"
#include "variants/view.h"

static void cell_name(int token_square, char *out, size_t n)
{
    snprintf(out, n, "d%d%d", token_square / 3, token_square % 3);
}

static void areas(const struct position *pos, struct board_view *out)
{
    view_add_board(pos, out, "main", 0, pos->variant->geo.files);
    struct view_area *d = &out->area[out->area_count++];
    snprintf(d->id, sizeof d->id, "dialectic");
    snprintf(d->title, sizeof d->title, "Dialectic");
    d->checkered = false;
    d->rows = d->cols = 3;
    for (int y = 2; y >= 0; y--)
        for (int x = 0; x < 3; x++) {
            int square = x * 3 + y;
            if (dialectic_square_exists(pos, square)) /* the stair-step dialectic has no 01, 02, 12 */
                cell_name(square, d->cell[2 - y][x], sizeof d->cell[0][0]);
            else
                d->cell[2 - y][x][0] = '\0';
        }
}

/* The leap (a, b) of a token square, named as a leaper and as a rider. */
static void leap_text(int square, bool rider, char *out, size_t n)
{
    int a = square / 3, b = square % 3;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    static const char *const leaper[3][3] = {{"nothing", "Wazir", "Dabbaba"}, {"", "Ferz", "Knight"}, {"", "", "Alfil"}};
    static const char *const riders[3][3] = {
        {"nothing", "Rook", "Dabbaba-rider"}, {"", "Bishop", "Nightrider"}, {"", "", "Alfil-rider"}};
    if (lo == 0 && hi == 0)
        snprintf(out, n, "nothing (0,0)");
    else
        snprintf(out, n, "%s (%d,%d)", rider ? riders[lo][hi] : leaper[lo][hi], a, b);
}

static void add_power_row(struct view_panel *panel, const char *label, int square, bool rider)
{
    char text[48];
    leap_text(square, rider, text, sizeof text);
    view_add_item(view_add_row(panel, label), text, true);
}

static void describe(const struct position *pos, struct board_view *out)
{
    int thesis = dialectic_thesis(pos), antithesis = dialectic_antithesis(pos);
    struct view_token *t = &out->token[out->token_count++];
    cell_name(thesis, t->cell, sizeof t->cell);
    t->token = 'T';
    t->name = "Thesis";
    struct view_token *a = &out->token[out->token_count++];
    cell_name(antithesis, a->cell, sizeof a->cell);
    a->token = 'A';
    a->name = "Antithesis";
    struct view_panel *p = view_add_panel(out, "Philosophers' powers");
    add_power_row(p, "Philosopher moves (Thesis)", thesis, false);
    add_power_row(p, "Philosopher captures (Antithesis)", antithesis, false);
    add_power_row(p, "Great Philosopher moves", thesis, true);
    add_power_row(p, "Great Philosopher captures", antithesis, true);
}

static bool step_clicks(const struct position *pos, Move m, struct step_clicks *out)
{
    if (!is_dialectic_move(m))
        return false;
    char from[8], to[8];
    cell_name(move_from(m), from, sizeof from);
    cell_name(move_to(m), to, sizeof to);
    step_clicks_add(out, from, NULL);
    step_clicks_add(out, to, NULL);
    if (dialectic_thesis(pos) == dialectic_antithesis(pos)) {
        static const char *const click[] = {"choice:thesis", "choice:antithesis", "choice:synthesis"};
        static const char *const label[] = {"Move the Thesis", "Move the Antithesis", "Move both (Synthesis)"};
        int which = move_kind(m) - MK_THESIS;
        step_clicks_add(out, click[which], label[which]);
    }
    return true;
}

/* Dialectic and Hegelian Chess (their declarations point here). */
const struct variant_view dialectic_view = {.areas = areas, .describe = describe, .step_clicks = step_clicks};
