/* `rulezero lab`: the conditions of a study's games, kept beside them in
 * out/conditions.txt ("key: value" lines, then "command: ..." lines, oldest
 * first), so that a study resumed, extended or merged under other conditions
 * is refused rather than mixing games of two experiments in one report. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "protocol/lab/lab_config.h"
#include "variants/core/types.h"

#define CONDITIONS_FILE "conditions.txt"

static void put(struct lab_conditions *k, const char *key, const char *value, bool is_default)
{
    int i = k->count++;
    snprintf(k->key[i], sizeof k->key[i], "%s", key);
    snprintf(k->value[i], sizeof k->value[i], "%s", value);
    k->is_default[i] = is_default;
}

static void put_number(struct lab_conditions *k, const char *key, int64_t value, int64_t default_value)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)value);
    put(k, key, text, value == default_value);
}

/* The variant's settings at their defaults ("variant settings"): each value changes only the varied one. */
static void default_settings(const struct variant *v, char *out, size_t n)
{
    struct settings s;
    char err[VARIANT_ERR_LEN];
    snprintf(out, n, "?");
    if (settings_init(&s, v, err, sizeof err))
        return;
    settings_text(&s, out, n);
    if (!out[0])
        snprintf(out, n, "none");
    settings_free(&s);
}

void lab_conditions_of(const struct lab_config *c, struct lab_conditions *out)
{
    char text[SETTINGS_TEXT_LEN];
    *out = (struct lab_conditions){0};
    put(out, "variant", c->variant->id, false);
    put(out, "setting", c->setting, false);
    put(out, "engine", c->engine ? c->engine : "this rulezero " RULEZERO_VERSION, !c->engine);
    const char *kind = c->tc ? "tc" : c->st ? "st" : c->nodes ? "nodes" : "depth";
    snprintf(text, sizeof text, "%s %s", kind, c->tc ? c->tc : c->st ? c->st : c->nodes ? c->nodes : c->depth);
    put(out, "limit", text, c->depth_default);
    put_number(out, "random plies", c->random_plies, 4);
    put_number(out, "seed", c->seed, 1);
    put_number(out, "max moves", c->max_moves, 200);
    default_settings(c->variant, text, sizeof text);
    put(out, "variant defaults", text, false);
}

void lab_conditions_add_command(struct lab_conditions *k, const char *command)
{
    for (int i = 0; i < k->command_count; i++)
        if (strcmp(k->commands[i], command) == 0)
            return;
    if (k->command_count == LAB_MAX_COMMANDS) { /* the oldest kept, the latest last */
        k->command_count--;
    }
    snprintf(k->commands[k->command_count++], sizeof k->commands[0], "%s", command);
}

static void path_of(const char *dir, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", dir, CONDITIONS_FILE);
}

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

int lab_conditions_read(const char *dir, struct lab_conditions *out, char *err, size_t errlen)
{
    char path[4096], line[SETTINGS_TEXT_LEN + 64];
    *out = (struct lab_conditions){0};
    path_of(dir, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        return errno == ENOENT ? 0 : (snprintf(err, errlen, "cannot read %s", path), -1);
    while (fgets(line, sizeof line, f)) {
        chomp(line);
        char *sep = strstr(line, ": ");
        if (line[0] == '#' || !line[0])
            continue;
        if (!sep) {
            fclose(f);
            return snprintf(err, errlen, "%s: a line without 'key: value': %.80s", path, line), -1;
        }
        *sep = '\0';
        bool is_default = strstr(sep + 2, " (default)") != NULL;
        if (is_default)
            *strstr(sep + 2, " (default)") = '\0';
        if (strcmp(line, "command") == 0)
            lab_conditions_add_command(out, sep + 2);
        else if (out->count < LAB_CONDITIONS)
            put(out, line, sep + 2, is_default);
    }
    fclose(f);
    return 1;
}

static const char *find(const struct lab_conditions *k, const char *key)
{
    for (int i = 0; i < k->count; i++)
        if (strcmp(k->key[i], key) == 0)
            return k->value[i];
    return NULL;
}

int lab_conditions_compare(const struct lab_conditions *stored, const struct lab_conditions *asked,
                           const char *where, char *err, size_t errlen)
{
    int differences = 0;
    size_t len = 0;
    err[0] = '\0';
    for (int i = 0; i < asked->count; i++) {
        const char *there = find(stored, asked->key[i]);
        if (there && strcmp(there, asked->value[i]) == 0)
            continue;
        int w = snprintf(err + len, errlen - len, "%s%s %s in %s, %s%s in this command", differences ? "; " : "",
                         asked->key[i], there ? there : "not recorded", where, asked->value[i],
                         asked->is_default[i] ? " (the default)" : "");
        if (w > 0 && (size_t)w < errlen - len)
            len += (size_t)w;
        differences++;
    }
    return differences ? -1 : 0;
}

int lab_conditions_write(const char *dir, const struct lab_conditions *k)
{
    char path[4096], tmp[4200];
    path_of(dir, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return -1;
    fprintf(f, "# rulezero lab: the conditions of the games in this directory (docs/lab/README.md).\n"
               "# A run under other conditions is refused; the commands that played here follow them.\n");
    for (int i = 0; i < k->count; i++)
        fprintf(f, "%s: %s%s\n", k->key[i], k->value[i], k->is_default[i] ? " (default)" : "");
    for (int i = 0; i < k->command_count; i++)
        fprintf(f, "command: %s\n", k->commands[i]);
    if (fclose(f) || rename(tmp, path))
        return -1;
    return 0;
}

void lab_conditions_line(const struct lab_conditions *k, char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < k->count && len < n; i++) {
        int w = snprintf(out + len, n - len, "%s%s %s%s", i ? "; " : "", k->key[i], k->value[i],
                         k->is_default[i] ? " (default)" : "");
        if (w < 0)
            break;
        len += (size_t)w;
    }
}
