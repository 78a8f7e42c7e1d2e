/* Rule Zero: FEN reading and writing, strict, for every variant. */
#ifndef RULEZERO_FEN_H
#define RULEZERO_FEN_H

#include "variants/core/position.h"

#define FEN_MAX_LEN 1024

struct variant;

/* Reads `fen` for variant `v` into pos. On error returns -1, writes one line
 * naming the offending field into err, and leaves pos exactly as it was. On
 * success the undo history is cleared. The position gets the variant's
 * default settings. */
int fen_read(struct position *pos, const struct variant *v, const char *fen, char *err, size_t errlen);
/* The same under a game's rules value (`rules` as in struct settings; NULL:
 * the variant's defaults). variants/core/settings.h wraps it as fen_read_with. */
int fen_read_rules(struct position *pos, const struct variant *v, const void *rules, const char *fen, char *err,
                   size_t errlen);

/* Writes the FEN of pos (at most FEN_MAX_LEN bytes with the NUL). */
void fen_write(const struct position *pos, char *out, size_t n);

#endif
