/* The rules a training data file's positions are read under (datagen_format.h). */
#include <stdio.h>
#include <string.h>

#include "protocol/learn/datagen_format.h"
#include "variants/core/settings.h"
#include "variants/registry.h"

int datagen_header_settings(const struct datagen_header *h, struct settings *out, char *err, size_t errlen)
{
    const struct variant *v = h->variant ? variant_find(h->variant) : NULL;
    if (!v) {
        snprintf(err, errlen, "unknown variant '%s'", h->variant ? h->variant : "");
        return -1;
    }
    if (settings_init(out, v, err, errlen))
        return -1;
    for (int i = 0; i < h->option_count; i++) {
        const char *eq = strchr(h->options[i], '=');
        char name[128];
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - h->options[i]) : 0, h->options[i]);
        if (!eq || settings_set(out, name, eq + 1, err, errlen)) {
            if (!eq)
                snprintf(err, errlen, "bad option line '%s'", h->options[i]);
            settings_free(out);
            return -1;
        }
    }
    return 0;
}
