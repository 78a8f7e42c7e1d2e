/* Polypiece and Phased Polypiece as the GUI shows them: every type's power
 * list with the entry in force marked (per side in the phased game). */
#include <stdio.h>
#include <string.h>

#include "variants/core/text.h"
#include "variants/chess.h"
#include "variants/polypiece.h"
#include "variants/view.h"

#define LIST_TYPES 5 /* K Q R B N: the order of the FEN's phase digits and of the Powers text */

/* Adds one row per type, marking entry (digit + side offset) mod the list
 * length; of a type whose armies differ (White's list '/' Black's), side's. */
static void add_rows(struct view_panel *panel, const char *powers, const char *digits, int offset, int side)
{
    char text[POLYPIECE_POWERS_MAX];
    snprintf(text, sizeof text, "%s", powers);
    char *rest = text;
    for (char *list = text_token(&rest, " "); list; list = text_token(&rest, " ")) {
        char *colon = strchr(list, ':');
        if (!colon)
            continue;
        *colon = '\0';
        char *black = strchr(colon + 1, '/');
        if (black)
            *black = '\0';
        const char *order = "KQRBN", *at = strchr(order, list[0]);
        int digit = at && list[0] && (size_t)(at - order) < strlen(digits) ? digits[at - order] - '0' : 0;
        char *entries[POLYPIECE_MAX_ENTRIES + 1];
        int n = 0;
        char *erest = black && side ? black + 1 : colon + 1;
        for (char *e = text_token(&erest, ","); e && n <= POLYPIECE_MAX_ENTRIES; e = text_token(&erest, ","))
            entries[n++] = e;
        struct view_row *row = view_add_row(panel, list);
        for (int i = 0; i < n; i++)
            view_add_item(row, entries[i], i == (digit + offset) % n);
    }
}

static void describe_powers(const struct position *pos, struct board_view *out, bool phased)
{
    char powers[POLYPIECE_POWERS_MAX], digits[32] = "";
    pos->variant->get_option(pos->rules, "Powers", powers, sizeof powers);
    pos->variant->write_extra(pos, digits, sizeof digits);
    if (!phased && !strchr(powers, '/')) {
        add_rows(view_add_panel(out, "Powers (entry in force marked)"), powers, digits, 0, 0);
        return;
    }
    add_rows(view_add_panel(out, "White's powers"), powers, digits, 0, 0);
    add_rows(view_add_panel(out, "Black's powers"), powers, digits, phased, 1);
}

static void describe_plain(const struct position *pos, struct board_view *out) { describe_powers(pos, out, false); }
static void describe_phased(const struct position *pos, struct board_view *out) { describe_powers(pos, out, true); }

const struct variant_view polypiece_view = {.describe = describe_plain};
const struct variant_view polypiece_phased_view = {.describe = describe_phased};
