#include "variants/core/eval_params.h"

#include <string.h>

#include "variants/core/error.h"

struct eval_param *eval_param_find(const struct eval_params *t, const char *name)
{
    for (int i = 0; t && i < t->count; i++)
        if (strcmp(t->params[i].name, name) == 0)
            return &t->params[i];
    return NULL;
}

int eval_param_set(struct eval_param *p, int value, char *err, size_t errlen)
{
    if (value < p->min || value > p->max)
        return error_set(err, errlen, "weight %s = %d is outside %d..%d", p->name, value, p->min, p->max);
    *p->value = value;
    return 0;
}

void eval_params_changed(const struct eval_params *t)
{
    if (t && t->changed)
        t->changed();
}

void eval_params_reset(const struct eval_params *t)
{
    for (int i = 0; t && i < t->count; i++)
        *t->params[i].value = t->params[i].default_value;
    eval_params_changed(t);
}
