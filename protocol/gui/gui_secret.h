/* Rule Zero GUI: the secrets that say who holds a game's seats and who
 * created it (docs/gui-protocol.md, "Seats"): 128 bits from the operating
 * system's random source, written as 32 lower-case hex digits, and compared
 * in a time that does not depend on where two texts differ. */
#ifndef RULEZERO_GUI_SECRET_H
#define RULEZERO_GUI_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#define GUI_SECRET_BYTES 16                       /* 128 bits */
#define GUI_SECRET_LEN (2 * GUI_SECRET_BYTES + 1) /* hex digits and the NUL */

/* A fresh secret in out (GUI_SECRET_LEN bytes): 0, or -1 when the system's
 * random source cannot be read (then out is "" and must not be used). */
int gui_secret_new(char out[GUI_SECRET_LEN]);

/* Is `given` (any text, NULL or "" included) the secret `want`? Looks at
 * every character of `want` whatever `given` holds, so the time taken tells
 * nothing of how much of it matched. An empty `want` matches nothing. */
bool gui_secret_equal(const char *want, const char *given);

/* Is text a secret's shape: 32 lower-case hex digits? */
bool gui_secret_well_formed(const char *text);

#endif
