#include "protocol/match/options_table.h"

#include <getopt.h>
#include <string.h>

#include "variants/core/text.h"

/* getopt_long gives an option's letter, or this plus its index in the table. */
#define OPTIONS_TABLE_UNLETTERED 256

static bool is_option(const struct options_table_entry *e)
{
    return e->kind != OPTIONS_TABLE_PROSE;
}

static bool takes_argument(const struct options_table_entry *e)
{
    return e->kind == OPTIONS_TABLE_TEXT || e->kind == OPTIONS_TABLE_NUMBER;
}

int options_table_error(const struct options_table *t, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", t->program);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry '%s --help'.\n", t->program);
    return OPTIONS_TABLE_USAGE;
}

/* One option's lines of help: "  -l, --name ARG", then its text from the column
 * on (two spaces after a longer name). */
static void option_help(const struct options_table *t, const struct options_table_entry *e, FILE *out)
{
    char left[128];
    int n = e->letter ? snprintf(left, sizeof left, "  -%c, --%s", e->letter, e->name)
                      : snprintf(left, sizeof left, "      --%s", e->name);
    if (e->arg && n >= 0 && (size_t)n < sizeof left)
        n += snprintf(left + n, sizeof left - (size_t)n, " %s", e->arg);
    fprintf(out, "%s%*s", left, n < t->column ? t->column - n : 2, "");
    const char *line = e->help;
    for (const char *nl; (nl = strchr(line, '\n')) != NULL; line = nl + 1)
        fprintf(out, "%.*s\n%*s", (int)(nl - line), line, t->column, "");
    fprintf(out, "%s\n", line);
}

void options_table_help(const struct options_table *t, FILE *out)
{
    for (const struct options_table_entry *e = t->entries; e->name; e++) {
        if (!is_option(e))
            fputs(e->name, out);
        else if (e->help)
            option_help(t, e, out);
    }
}

/* getopt_long's view of the table: its long options and its string of letters. */
static void getopt_view(const struct options_table *t, struct option *longs, char *letters)
{
    size_t n = 0;
    *letters++ = ':'; /* a missing argument is ':', not '?' (and getopt says nothing) */
    for (int i = 0; t->entries[i].name && n < OPTIONS_TABLE_MAX; i++) {
        const struct options_table_entry *e = &t->entries[i];
        if (!is_option(e))
            continue;
        int val = e->letter ? e->letter : OPTIONS_TABLE_UNLETTERED + i;
        longs[n++] = (struct option){e->name, takes_argument(e) ? required_argument : no_argument, NULL, val};
        if (e->letter) {
            *letters++ = e->letter;
            if (takes_argument(e))
                *letters++ = ':';
        }
    }
    longs[n] = (struct option){NULL, 0, NULL, 0};
    *letters = '\0';
}

/* The entry getopt_long's answer c stands for; NULL for an error. */
static const struct options_table_entry *entry_for(const struct options_table *t, int c)
{
    if (c >= OPTIONS_TABLE_UNLETTERED)
        return &t->entries[c - OPTIONS_TABLE_UNLETTERED];
    for (const struct options_table_entry *e = t->entries; e->name; e++)
        if (is_option(e) && e->letter == c)
            return e;
    return NULL;
}

static int keep(const struct options_table_entry *e, void *ctx, const char *arg, int64_t number)
{
    char *at = (char *)ctx + e->offset;
    switch (e->keep) {
    case OPTIONS_TABLE_KEEP_TEXT: *(const char **)(void *)at = arg; break;
    case OPTIONS_TABLE_KEEP_TRUE: *(bool *)(void *)at = true; break;
    case OPTIONS_TABLE_KEEP_FALSE: *(bool *)(void *)at = false; break;
    case OPTIONS_TABLE_KEEP_INT: *(int *)(void *)at = (int)number; break;
    case OPTIONS_TABLE_KEEP_INT64: *(int64_t *)(void *)at = number; break;
    case OPTIONS_TABLE_KEEP_NOTHING: break;
    }
    return 0;
}

static int take(const struct options_table *t, const struct options_table_entry *e, void *ctx, const char *arg)
{
    int64_t number = 0;
    if (e->kind == OPTIONS_TABLE_NUMBER && text_int64(arg, e->lo, e->hi, &number))
        return options_table_error(t, e->bad, arg);
    if (e->kind == OPTIONS_TABLE_HELP) {
        options_table_help(t, stdout);
        return e->set ? e->set(ctx, arg, number) : OPTIONS_TABLE_DONE;
    }
    return e->set ? e->set(ctx, arg, number) : keep(e, ctx, arg, number);
}

/* An unknown option or a missing argument (c is '?' or ':'); argv[optind - 1] is the culprit. */
static int getopt_failed(const struct options_table *t, int c, char **argv)
{
    if (c == ':')
        return options_table_error(t, "option '%s' needs a value", argv[optind - 1]);
    return options_table_error(t, "unknown option '%s'", argv[optind - 1]);
}

int options_table_parse(const struct options_table *t, void *ctx, int argc, char **argv)
{
    struct option longs[OPTIONS_TABLE_MAX + 1];
    char letters[2 * OPTIONS_TABLE_MAX + 2];
    getopt_view(t, longs, letters);
    optind = 1;
    opterr = 0;
    int c, rc = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, letters, longs, NULL)) != -1) {
        const struct options_table_entry *e = entry_for(t, c);
        rc = e ? take(t, e, ctx, optarg) : getopt_failed(t, c, argv);
    }
    return rc;
}
