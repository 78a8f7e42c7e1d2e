/* Rule Zero GUI: the board description and the legal turns as JSON
 * (docs/gui-protocol.md), from the variant's plain view (variants/view.h). */
#ifndef RULEZERO_GUI_JSON_H
#define RULEZERO_GUI_JSON_H

#include <cjson/cJSON.h>

#include "variants/view.h"

/* BOARD: the position with the last turn's squares (may be 0 of them). */
cJSON *gui_json_board(const struct board_view *b, char (*last)[8], int last_count);
/* The pieces of a view, as in BOARD. */
cJSON *gui_json_pieces(const struct board_view *b);
/* The `legal` array and the `choices` object, as JSON text (malloc'd). */
char *gui_json_legal(const struct view_turns *t);
char *gui_json_choices(const struct view_turns *t);
/* The `setup` message (players: array of {id, name}, taken over). */
cJSON *gui_json_setup(cJSON *players);

#endif
