#include "protocol/learn/tune_weights.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/core/eval_params.h"
#include "variants/core/text.h"

#define WEIGHTS_LINE_LEN 256
#define WORD_SEPS " \t\r\n"

struct pending {
    struct eval_param *param;
    int value;
};

/* Reads "NAME VALUE" into a pending change: 0, or -1 with a message. */
static int parse_weight(const struct eval_params *t, char *line, struct pending *out, char *err, size_t errlen)
{
    char *name = text_token(&line, WORD_SEPS), *value = text_token(&line, WORD_SEPS), *extra = text_token(&line, WORD_SEPS);
    if (!value || extra)
        return error_set(err, errlen, "expected NAME VALUE");
    struct eval_param *p = eval_param_find(t, name);
    if (!p)
        return error_set(err, errlen, "unknown weight '%s'", name);
    int64_t n;
    if (text_int64(value, p->min, p->max, &n))
        return error_set(err, errlen, "weight %s: '%s' is not an integer in %d..%d", name, value, p->min, p->max);
    *out = (struct pending){p, (int)n};
    return 0;
}

static bool is_blank_or_comment(const char *line)
{
    line += strspn(line, " \t\r\n");
    return *line == '\0' || *line == '#';
}

static int read_variant(char *line, const struct variant **v, char *err, size_t errlen)
{
    char *key = text_token(&line, WORD_SEPS), *id = text_token(&line, WORD_SEPS);
    if (!key || strcmp(key, "variant") != 0 || !id)
        return error_set(err, errlen, "expected 'variant ID' first");
    if (!(*v = variant_find(id)))
        return error_set(err, errlen, "unknown variant '%s'", id);
    if (!(*v)->eval_params)
        return error_set(err, errlen, "variant '%s' has no tunable weights", id);
    return 0;
}

/* One meaningful line: the variant line first, then weights. 0, or -1 with a message. */
static int read_line(char *line, const struct variant **v, struct pending *changes, int *n, int cap, char *err,
                     size_t errlen)
{
    if (!*v)
        return read_variant(line, v, err, errlen);
    if (*n == cap)
        return error_set(err, errlen, "too many weights");
    if (parse_weight((*v)->eval_params, line, &changes[*n], err, errlen))
        return -1;
    (*n)++;
    return 0;
}

/* Reads the whole file into pending changes; returns their count or -1. */
static int read_file(FILE *f, const struct variant **v, struct pending *changes, int cap, char *err, size_t errlen)
{
    char line[WEIGHTS_LINE_LEN], msg[VARIANT_ERR_LEN];
    int n = 0;
    *v = NULL;
    for (int number = 1; fgets(line, sizeof line, f); number++) {
        if (is_blank_or_comment(line))
            continue;
        if (read_line(line, v, changes, &n, cap, msg, sizeof msg))
            return error_set(err, errlen, "line %d: %s", number, msg);
    }
    if (!*v)
        return error_set(err, errlen, "no 'variant ID' line");
    return n;
}

#define WEIGHTS_MAX 256

int weights_load(const char *path, const struct variant **loaded, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return error_set(err, errlen, "cannot read weights file '%s': %s", path, strerror(errno));
    struct pending changes[WEIGHTS_MAX];
    const struct variant *v;
    char msg[VARIANT_ERR_LEN];
    int n = read_file(f, &v, changes, WEIGHTS_MAX, msg, sizeof msg);
    fclose(f);
    if (n < 0)
        return error_set(err, errlen, "weights file '%s': %s", path, msg);
    for (int i = 0; i < n; i++)
        *changes[i].param->value = changes[i].value;
    eval_params_changed(v->eval_params);
    if (loaded)
        *loaded = v;
    return 0;
}

void weights_write(FILE *out, const struct variant *v, const char *comment)
{
    if (comment)
        fprintf(out, "# %s\n", comment);
    fprintf(out, "variant %s\n", v->id);
    const struct eval_params *t = v->eval_params;
    for (int i = 0; t && i < t->count; i++)
        fprintf(out, "%s %d\n", t->params[i].name, *t->params[i].value);
}
