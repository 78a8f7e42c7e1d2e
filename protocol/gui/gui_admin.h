/* Rule Zero GUI: the operator's commands on a games file, run without a
 * server (`rulezero gui --db FILE --list-games`, `--delete-game ID`). The
 * caller holds the file's lock (gui_store_lock) as a server does: a server
 * holds every game in memory and writes it back, so nothing is changed
 * under a running one. */
#ifndef RULEZERO_GUI_ADMIN_H
#define RULEZERO_GUI_ADMIN_H

#include <stddef.h>
#include <stdio.h>

#include "protocol/gui/gui_store.h"

/* Prints a header line, then a line per game, oldest first, its fields
 * separated by tabs: id, game (variant id), White's and Black's player,
 * state ("unstarted", "ply N", "over at ply N: SCORE REASON"), created and
 * last turn (UTC, ISO 8601; "-" when there is none). 0, or -1 with why in err. */
int gui_admin_list(struct gui_store *st, FILE *out, char *err, size_t errlen);

/* Deletes game `id` (its row, seats and secrets). 0, or -1 with why in err. */
int gui_admin_delete(struct gui_store *st, const char *id, char *err, size_t errlen);

#endif
