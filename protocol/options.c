#include "protocol/options.h"

#include <string.h>
#include <strings.h>

int options_collect(const struct variant_option **out, int max)
{
    int n = 0;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        for (int k = 0; k < v->option_count; k++) {
            const struct variant_option *o = &v->options[k];
            bool seen = false;
            for (int j = 0; j < n && !seen; j++)
                seen = strcasecmp(out[j]->name, o->name) == 0;
            if (!seen && n < max)
                out[n++] = o;
        }
    }
    return n;
}

bool options_check_on(const char *value)
{
    return value && (strcasecmp(value, "true") == 0 || strcmp(value, "1") == 0 || strcasecmp(value, "on") == 0);
}
