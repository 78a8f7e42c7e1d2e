/* Rule Zero: readable notation. Every turn has two texts: its coordinate
 * text (struct turn's `text`, what the protocols send: `g1f3`, `a1a3,a3c3`)
 * and its readable text, what a player reads aloud and what the move list and
 * the PGN show: SAN in orthodox chess and Polypiece (`Nf3`, `exd5`, `O-O`,
 * `e8=Q+`), and a notation of its own in every other game (`Nc7xd7xe7`,
 * `Nf3,+a3k3`, `T12-11`), see docs/rules/. Each variant writes its steps
 * through its table's `notation_step` (NULL: coordinates); the turn's text is
 * its steps' texts one after the other, then `+` when the turn gives check
 * and `#` when it mates (in games with check). Both texts are accepted as
 * input (turn_read). */
#ifndef RULEZERO_NOTATION_H
#define RULEZERO_NOTATION_H

#include "variants/core/turn.h"

/* The readable text of turn t (legal in pos); pos is as it was afterwards. */
void turn_notation(struct position *pos, const struct turn *t, char *out, size_t n);

/* Finds the legal turn whose readable text is `text` (exactly, letters'
 * case included; trailing `+ # ! ?` marks are ignored). 0, or -1 when none. */
int notation_parse(struct position *pos, const char *text, struct turn *out);

/* Reads a turn as a player may write it: coordinates (turn_parse), the
 * readable notation, or SAN with XBoard's tolerances (san_parse). 0 or -1. */
int turn_read(struct position *pos, const char *text, struct turn *out);

#endif
