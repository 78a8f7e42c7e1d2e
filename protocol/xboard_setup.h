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
/* Writes, after the setup line, `piece L& BETZA\n` for each piece of a game
 * whose description asks for them (a game file's chess, Pickle and Shifted
 * Square games) and that moves otherwise than XBoard's piece of the image it
 * is drawn with; an empty string when none. Returns false when out is too small. */
#define XBOARD_PIECE_LINES_LEN (MAX_TYPES * 96)
bool xboard_piece_lines(const struct position *pos, char *out, size_t n);

#endif
