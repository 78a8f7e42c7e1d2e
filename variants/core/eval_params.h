/* Rule Zero: a variant's evaluation weights by name (struct eval_params in
 * variants/core/variant.h). The weights are one table per variant, shared by every
 * game of that variant in the process; eval_params_reset() puts the
 * defaults back (tests, a tuner starting over). */
#ifndef RULEZERO_EVAL_PARAMS_H
#define RULEZERO_EVAL_PARAMS_H

#include <stddef.h>

#include "variants/core/variant.h"

/* The weight called `name` (case-sensitive), or NULL. */
struct eval_param *eval_param_find(const struct eval_params *t, const char *name);
/* Sets one weight: 0, or -1 with a message when out of its range. Call
 * eval_params_changed() once all are set. */
int eval_param_set(struct eval_param *p, int value, char *err, size_t errlen);
void eval_params_changed(const struct eval_params *t);
/* Every weight back to its default. */
void eval_params_reset(const struct eval_params *t);

#endif
