/* Rule Zero: the variant options of the whole registry, each name once, as
 * the protocols offer them (CECP `feature option`, UCI `option`). */
#ifndef RULEZERO_OPTIONS_H
#define RULEZERO_OPTIONS_H

#include "variants/registry.h"

#define MAX_LISTED_OPTIONS 64

/* Fills out[] with the first entry of each distinct option name; returns the count. */
int options_collect(const struct variant_option **out, int max);
/* Whether a check option's value text means "on". */
bool options_check_on(const char *value);

#endif
