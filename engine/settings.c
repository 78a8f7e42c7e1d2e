#include "engine/settings.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/fen.h"
#include "engine/error.h"
#include "engine/variant.h"

int settings_init(struct settings *s, const struct variant *v, char *err, size_t errlen)
{
    s->variant = v;
    s->rules = NULL;
    if (!v->rules_new)
        return 0;
    s->rules = v->rules_new(err, errlen);
    return s->rules ? 0 : -1;
}

void settings_free(struct settings *s)
{
    if (s->rules && s->variant->rules_free)
        s->variant->rules_free(s->rules);
    s->rules = NULL;
}

bool settings_offers(const struct variant *v, const char *name)
{
    for (int i = 0; v && name && i < v->option_count; i++)
        if (strcasecmp(v->options[i].name, name) == 0)
            return true;
    return false;
}

int settings_set(struct settings *s, const char *name, const char *value, char *err, size_t errlen)
{
    if (!s->rules || !s->variant->set_option || !settings_offers(s->variant, name))
        return error_set(err, errlen, "variant %s has no option '%s'", s->variant->id, name ? name : "");
    return s->variant->set_option(s->rules, name, value, err, errlen);
}

void settings_get(const struct settings *s, const char *name, char *out, size_t n)
{
    if (s->rules && s->variant->get_option && settings_offers(s->variant, name))
        s->variant->get_option(s->rules, name, out, n);
    else if (n)
        out[0] = '\0';
}

int fen_read_with(struct position *pos, const struct settings *s, const char *fen, char *err, size_t errlen)
{
    return fen_read_rules(pos, s->variant, s->rules, fen, err, errlen);
}
