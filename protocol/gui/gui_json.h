/* Rule Zero GUI: the board description and the legal turns as JSON
 * (docs/gui-protocol.md), from the variant's plain view (variants/view.h). */
#ifndef RULEZERO_GUI_JSON_H
#define RULEZERO_GUI_JSON_H

#include <cjson/cJSON.h>

#include "variants/view.h"

/* BOARD: the position with the last turn's squares (may be 0 of them). */
cJSON *gui_json_board(const struct board_view *b, char (*last)[8], int last_count);
/* The pieces of a view, one piece, and the links, as in BOARD. */
cJSON *gui_json_pieces(const struct board_view *b);
cJSON *gui_json_piece(const struct view_piece *p);
cJSON *gui_json_links(const struct board_view *b);
/* The `choices` object, as JSON text (malloc'd); `legal` is gui_legal_tree.h's. */
char *gui_json_choices(const struct view_turns *t);
/* What a sender sent, as an error message quotes it: at most GUI_ECHO_MAX
 * bytes of it in double quotes, each byte that is not printable ASCII (and
 * '"', '\\') as \xNN, "..." after the quotes when it was longer. */
#define GUI_ECHO_MAX 32
#define GUI_ECHO_LEN (GUI_ECHO_MAX * 4 + 8)
const char *gui_json_echo(const char *sent, char out[GUI_ECHO_LEN]);
/* text (a C string) cut to at most GUI_ECHO_CUT bytes, at a character's
 * start, "..." in place of the rest: for a rule's error that quotes what
 * was sent (a FEN's field, a setting's value). Returns text. */
#define GUI_ECHO_CUT 100
char *gui_json_cut(char *text);
/* text (a C string) made valid UTF-8 in place: every byte that does not
 * begin a valid character becomes '?'. */
void gui_json_utf8_fix(char *text);
/* The `setup` message (players: array of {id, name}, taken over). */
cJSON *gui_json_setup(cJSON *players);

#endif
