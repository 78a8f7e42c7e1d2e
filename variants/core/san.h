/* Rule Zero: Standard Algebraic Notation, read and written. Real CECP
 * engines send SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`) even when told `san=0`, and
 * XBoard accepts it, so the referee and the PGN reader accept it too, in every
 * variant whose table sets `has_san`. The move list and the PGN of those
 * variants are written in SAN (san_write); the protocols still send
 * coordinates. */
#ifndef RULEZERO_SAN_H
#define RULEZERO_SAN_H

#include "variants/core/turn.h"

/* Finds the legal turn that `text` names in SAN: a piece letter (none for a
 * Pawn), optional origin file and/or rank, optional `x`/`:`/`-`, the target
 * square, an optional promotion (`=Q`, `Q`, `q`, `(Q)`, `/Q`); or castling
 * `O-O` / `O-O-O` (also `0-0`, `o-o`). Trailing `+ # ! ?` are ignored, and a
 * wrong or missing capture mark is tolerated, as XBoard does. 0 on success;
 * -1 when the variant has no SAN, the text is not SAN, or it names no legal
 * turn or more than one (ambiguous). */
int san_parse(struct position *pos, const char *text, struct turn *out);

/* SAN of one board step in pos, without a check mark: the piece letter
 * (none for the piece lettered 'P'), the least origin that tells it from the
 * other legal steps of the same piece type to the same square (file, else
 * rank, else both), `x` for a capture (a Pawn's capture names its file),
 * the target, `=Q` for a promotion; castling `O-O` / `O-O-O`. A step of any
 * other kind (a drop, a variant's own kind) is written in coordinates.
 * Variants use it as or in their notation_step (variants/core/notation.h). */
void san_step(struct position *pos, Move m, char *out, size_t n);

/* The SAN of turn t in pos, with `+` for check and `#` for mate, as other
 * chess software writes it. 0, or -1 when the variant has no SAN. */
int san_write(struct position *pos, const struct turn *t, char *out, size_t n);

#endif
