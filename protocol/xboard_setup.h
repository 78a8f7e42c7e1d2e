/* Rule Zero: the CECP `setup` line of a variant, formatted by the protocol
 * layer from the game's description (struct xboard_setup in its declaration,
 * variants/game_decl.h) and the position's FEN. */
#ifndef RULEZERO_XBOARD_SETUP_H
#define RULEZERO_XBOARD_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "variants/registry.h"

/* Writes `setup (PIECES) WxH+HOLDINGS_PARENT FEN\n`; an empty string for a
 * variant XBoard knows (no description). Returns false when out is too small. */
bool xboard_setup_line(const struct position *pos, char *out, size_t n);

#endif
