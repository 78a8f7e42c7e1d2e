#include <stdio.h>
#include <stdlib.h>

#include "protocol/learn/tune.h"
#include "variants/registry.h"

int tune_usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "rulezero %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'rulezero %s --help'.\n", cmd);
    return 2;
}

const struct variant *tune_variant(const char *cmd, const char *id)
{
    if (!id) {
        tune_usage_error(cmd, "%s", "--variant is required");
        return NULL;
    }
    const struct variant *v = variant_find(id);
    if (!v) {
        tune_usage_error(cmd, "unknown variant '%s'", id);
        return NULL;
    }
    if (!v->eval_params) {
        tune_usage_error(cmd, "variant '%s' has no tunable weights", id);
        return NULL;
    }
    return v;
}
