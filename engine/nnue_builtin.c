/* Rule Zero: the built-in networks (engine/nnue_builtin.h): read from the
 * table compiled in, and picked for a game under its settings. */
#include "engine/nnue_builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/settings.h"
#include "variants/registry.h"

/* The settings text of v's defaults into out: 0, or -1 (out of memory). */
static int default_settings(const struct variant *v, char *out, size_t n)
{
    struct settings s;
    char err[VARIANT_ERR_LEN];
    if (settings_init(&s, v, err, sizeof err))
        return -1;
    settings_text(&s, out, n);
    settings_free(&s);
    return 0;
}

static int read_one(struct nnue_builtin_net *b, const struct nnue_builtin *entry)
{
    char defaults[SETTINGS_TEXT_LEN];
    if (default_settings(b->variant, defaults, sizeof defaults))
        return -1;
    b->settings = strdup(entry->settings ? entry->settings : defaults);
    if (!b->settings)
        return -1;
    b->defaults = strcmp(b->settings, defaults) == 0;
    b->net = nnue_read(entry->data, entry->size, b->error, sizeof b->error);
    if (b->net && b->net->variant != b->variant) {
        snprintf(b->error, sizeof b->error, "it is for %s", b->net->variant->id);
        nnue_free(b->net);
        b->net = NULL;
    }
    return 0;
}

int nnue_builtins_read(struct nnue_builtins *b, const struct nnue_builtin *table)
{
    int n = 0;
    while (table[n].variant)
        n++;
    *b = (struct nnue_builtins){0, n ? calloc((size_t)n, sizeof *b->nets) : NULL};
    if (n && !b->nets)
        return -1;
    for (int i = 0; i < n; i++) {
        const struct variant *v = variant_find(table[i].variant);
        if (!v)
            continue; /* not a game of this build: nothing to evaluate with it */
        struct nnue_builtin_net *slot = &b->nets[b->count++];
        slot->variant = v;
        if (read_one(slot, &table[i])) {
            nnue_builtins_free(b);
            return -1;
        }
    }
    return 0;
}

void nnue_builtins_free(struct nnue_builtins *b)
{
    for (int i = 0; b->nets && i < b->count; i++) {
        nnue_free(b->nets[i].net);
        free(b->nets[i].settings);
    }
    free(b->nets);
    *b = (struct nnue_builtins){0, NULL};
}

const struct nnue_builtin_net *nnue_builtins_find(const struct nnue_builtins *b, const struct variant *v)
{
    for (int i = 0; i < b->count; i++)
        if (b->nets[i].variant == v)
            return &b->nets[i];
    return NULL;
}

/* Whether the game's settings (v under rules) are those bn was trained under. */
static bool same_settings(const struct nnue_builtin_net *bn, const struct variant *v, const void *rules)
{
    if (!rules || v->option_count == 0)
        return bn->defaults;
    char now[SETTINGS_TEXT_LEN];
    struct settings s = {v, (void *)rules};
    settings_text(&s, now, sizeof now);
    return strcmp(now, bn->settings) == 0;
}

static void say(char *why, size_t n, const char *fmt, const char *a, const char *b)
{
    if (why && n)
        snprintf(why, n, fmt, a, b);
}

const struct nnue_net *nnue_builtins_pick(const struct nnue_builtins *b, const struct variant *v, const void *rules,
                                          char *why, size_t n)
{
    const struct nnue_builtin_net *bn = nnue_builtins_find(b, v);
    if (!bn) {
        say(why, n, "evaluation: classic (%s has no built-in network)%s", v->id, "");
        return NULL;
    }
    if (!bn->net) {
        say(why, n, "evaluation: classic in %s: its built-in network is refused (%s)", v->id, bn->error);
        return NULL;
    }
    if (!same_settings(bn, v, rules)) {
        say(why, n, "evaluation: classic in %s: its settings differ from those its built-in network was trained "
                    "under (%s)", v->id, *bn->settings ? bn->settings : "none");
        return NULL;
    }
    if (why && n)
        snprintf(why, n, "evaluation: built-in network of %s (%d inputs, 2x%d hidden%s)", v->id, bn->net->inputs,
                 bn->net->hidden, bn->net->target == NNUE_TARGET_RESIDUAL ? ", a residual added to classic" : "");
    return bn->net;
}
