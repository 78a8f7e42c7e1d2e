/* Rule Zero: the registered variants (the rules layer). The interface every
 * entry implements is the core's, engine/variant.h. */
#ifndef RULEZERO_REGISTRY_H
#define RULEZERO_REGISTRY_H

#include "engine/variant.h"

/* The registry (variants/registry.c). */
int variant_count(void);
const struct variant *variant_at(int i);
const struct variant *variant_find(const char *id);
/* Checks every entry for consistency; returns 0 or -1 with the first problem. */
int variant_check_all(char *err, size_t errlen);

#endif
