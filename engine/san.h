/* Rule Zero: Standard Algebraic Notation, read. Real CECP engines send SAN
 * (`Nf3`, `exd5`, `e8=Q`, `O-O`) even when told `san=0`, and XBoard accepts
 * it, so the referee and the PGN reader accept it too, in every variant whose
 * table sets `has_san`. Turns are written in coordinates as before. */
#ifndef RULEZERO_SAN_H
#define RULEZERO_SAN_H

#include "engine/turn.h"

/* Finds the legal turn that `text` names in SAN: a piece letter (none for a
 * Pawn), optional origin file and/or rank, optional `x`/`:`/`-`, the target
 * square, an optional promotion (`=Q`, `Q`, `q`, `(Q)`, `/Q`); or castling
 * `O-O` / `O-O-O` (also `0-0`, `o-o`). Trailing `+ # ! ?` are ignored, and a
 * wrong or missing capture mark is tolerated, as XBoard does. 0 on success;
 * -1 when the variant has no SAN, the text is not SAN, or it names no legal
 * turn or more than one (ambiguous). */
int san_parse(struct position *pos, const char *text, struct turn *out);

#endif
