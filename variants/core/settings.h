/* Rule Zero: a game's rules and settings as one value.
 *
 * A settings value names the variant and holds the variant's rules with this
 * game's options (Polypiece's power lists, anything a future option adds).
 * Positions read with it refer to it (pos->rules), so two games with
 * different settings live side by side in one process and one thread. The
 * value must outlive every position (and search) that refers to it. */
#ifndef RULEZERO_SETTINGS_H
#define RULEZERO_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "variants/core/position.h"

struct variant;

struct settings {
    const struct variant *variant;
    void *rules; /* the variant's rules value; NULL: the variant has no options */
};

/* The variant's defaults. 0, or -1 with a message (out of memory). */
int settings_init(struct settings *s, const struct variant *v, char *err, size_t errlen);
void settings_free(struct settings *s);

/* Whether the variant offers option `name` (case-insensitive). */
bool settings_offers(const struct variant *v, const char *name);
/* Sets one option: 0, or -1 with a message and the value unchanged. */
int settings_set(struct settings *s, const char *name, const char *value, char *err, size_t errlen);
/* Current text of an option ("" when the variant has no such option). */
void settings_get(const struct settings *s, const char *name, char *out, size_t n);

/* The settings as `NAME=VALUE` pairs joined by "; " (every option the
 * variant declares, e.g. `Powers=K:K Q:Q,WAND ...`); "" when it has none.
 * The PGN tag VariantOptions holds this text. */
#define SETTINGS_TEXT_LEN 4096
void settings_text(const struct settings *s, char *out, size_t n);
/* Sets the `NAME=VALUE; ...` pairs of text on s: 0, or -1 with a message. */
int settings_read_text(struct settings *s, const char *text, char *err, size_t errlen);

/* Reads a FEN under these settings (see fen_read). */
int fen_read_with(struct position *pos, const struct settings *s, const char *fen, char *err, size_t errlen);

#endif
