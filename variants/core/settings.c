#include "variants/core/settings.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "variants/core/fen.h"
#include "variants/core/error.h"
#include "variants/core/variant.h"

int settings_init(struct settings *s, const struct variant *v, char *err, size_t errlen)
{
    s->variant = v;
    s->rules = NULL;
    if (!v->rules_new && !v->rules_new_for)
        return 0;
    s->rules = v->rules_new_for ? v->rules_new_for(v, err, errlen) : v->rules_new(err, errlen);
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

void settings_text(const struct settings *s, char *out, size_t n)
{
    const struct variant *v = s->variant;
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < v->option_count && len < n; i++) {
        char value[SETTINGS_TEXT_LEN];
        settings_get(s, v->options[i].name, value, sizeof value);
        len += (size_t)snprintf(out + len, n - len, "%s%s=%s", i ? "; " : "", v->options[i].name, value);
    }
}

int settings_read_text(struct settings *s, const char *text, char *err, size_t errlen)
{
    char buf[SETTINGS_TEXT_LEN];
    if (strlen(text) >= sizeof buf)
        return error_set(err, errlen, "settings text too long");
    snprintf(buf, sizeof buf, "%s", text);
    char *rest = buf;
    while (rest && *rest) {
        char *item = rest;
        rest = strchr(rest, ';');
        if (rest)
            *rest++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq)
            return error_set(err, errlen, "setting '%s' is not NAME=VALUE", item);
        *eq = '\0';
        char *name = item;
        while (isspace((unsigned char)*name))
            name++;
        if (settings_set(s, name, eq + 1, err, errlen))
            return -1;
    }
    return 0;
}
