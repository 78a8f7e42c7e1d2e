/* Rule Zero GUI: the legal turns of a position as a tree of clicks, the
 * `legal` of a `state` (docs/gui-protocol.md). Each node maps a click to the
 * node after it; a node carries its piece of the turn text (a turn's text is
 * the pieces along its path), `end` when its clicks complete a turn, and the
 * frame (the board as it stands after those clicks) where a turn is half
 * made. Equal subtrees are sent once: Nick Danger's link actions, which
 * follow every chess move alike, make ten thousand turns a few hundred nodes.
 * A big map of clicks that is mostly an earlier node's is sent as that
 * node's (`like`) with the differences (`next`, `not`). */
#ifndef RULEZERO_GUI_LEGAL_TREE_H
#define RULEZERO_GUI_LEGAL_TREE_H

#include "variants/view.h"

/* `{"root": R, "nodes": [...]}` as JSON text (malloc'd; NULL out of memory).
 * Frames are told as changes from `board`, the position's own view. */
char *gui_legal_tree_json(const struct view_turns *t, const struct board_view *board);

#endif
