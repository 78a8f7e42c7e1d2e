#include "perft/perft.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

uint64_t perft(struct position *pos, int depth, bool bulk)
{
    if (depth == 0)
        return 1;
    if (bulk && depth == 1)
        return count_turns(pos);
    const struct variant *v = pos->variant;
    struct move_list list;
    v->generate(pos, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        Color side = pos->side;
        variant_make(pos, m);
        nodes += perft(pos, pos->side != side ? depth - 1 : depth, bulk);
        variant_unmake(pos, m);
    }
    return nodes;
}

struct divide_ctx {
    int depth;
    bool bulk;
    FILE *out;
    uint64_t total;
};

static void divide_one(struct position *after, const struct turn *t, void *vctx)
{
    struct divide_ctx *ctx = vctx;
    uint64_t n = perft(after, ctx->depth - 1, ctx->bulk);
    ctx->total += n;
    fprintf(ctx->out, "%s: %llu\n", t->text, (unsigned long long)n);
}

uint64_t perft_divide(struct position *pos, int depth, bool bulk, FILE *out)
{
    struct divide_ctx ctx = {depth, bulk, out, 0};
    if (depth < 1)
        return 1;
    for_each_turn(pos, divide_one, &ctx);
    fprintf(out, "\n");
    return ctx.total;
}

/* ---- Suites ---------------------------------------------------------------- */

#define SUITE_LINE_MAX 4096
#define MAX_EXPECT 16
#define MAX_LINE_OPTIONS 4

/* `;option NAME=VALUE`: a game setting of this line's game only. */
struct line_option {
    char name[64];
    char value[SUITE_LINE_MAX];
};

struct suite_line {
    char fen[SUITE_LINE_MAX];
    char variant[64];
    int depths[MAX_EXPECT];
    unsigned long long counts[MAX_EXPECT];
    int n;
    struct line_option options[MAX_LINE_OPTIONS];
    int option_count;
};


/* Parses one `;`-separated item after the FEN. */
static int parse_item(struct suite_line *line, char *item)
{
    item = text_trim(item);
    if (item[0] == 'D' && isdigit((unsigned char)item[1])) {
        if (line->n == MAX_EXPECT)
            return -1;
        char *end;
        line->depths[line->n] = (int)strtol(item + 1, &end, 10);
        line->counts[line->n] = strtoull(end, &end, 10);
        if (*text_trim(end) != '\0')
            return -1;
        line->n++;
        return 0;
    }
    if (strncmp(item, "variant ", 8) == 0) {
        snprintf(line->variant, sizeof line->variant, "%s", text_trim(item + 8));
        return 0;
    }
    if (strncmp(item, "option ", 7) == 0) {
        char *eq = strchr(item, '=');
        if (!eq || line->option_count == MAX_LINE_OPTIONS)
            return -1;
        *eq = '\0';
        struct line_option *o = &line->options[line->option_count++];
        snprintf(o->name, sizeof o->name, "%s", text_trim(item + 7));
        snprintf(o->value, sizeof o->value, "%s", text_trim(eq + 1));
        return o->name[0] ? 0 : -1;
    }
    return -1;
}

static int parse_suite_line(char *text, struct suite_line *line)
{
    memset(line, 0, sizeof *line);
    char *semi = strchr(text, ';');
    if (!semi)
        return -1;
    *semi = '\0';
    snprintf(line->fen, sizeof line->fen, "%s", text_trim(text));
    char *item = semi + 1;
    for (;;) {
        char *next = strchr(item, ';');
        if (next)
            *next = '\0';
        if (parse_item(line, item))
            return -1;
        if (!next)
            break;
        item = next + 1;
    }
    return 0;
}

/* The suite's variant: the one given, else the file's name (polypiece.epd), else normal. */
static const char *default_variant(const char *path, const char *given, char *name, size_t n)
{
    if (given)
        return given;
    const char *base = path; /* past the last folder separator, '/' or Windows' '\\' */
    for (const char *c = path; *c; c++)
        if (*c == '/' || *c == '\\')
            base = c + 1;
    snprintf(name, n, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot)
        *dot = '\0';
    return variant_find(name) ? name : "normal";
}

/* The line's settings: the suite's (when its variant is the line's) and the line's own. */
static bool line_settings(const struct variant *v, const struct settings *base, const struct suite_line *line,
                          struct settings *s, int lineno, FILE *out)
{
    char err[VARIANT_ERR_LEN];
    if (settings_init(s, v, err, sizeof err)) {
        fprintf(out, "line %d: %s\n", lineno, err);
        return false;
    }
    for (int i = 0; base && base->variant == v && i < v->option_count; i++) {
        char value[SUITE_LINE_MAX];
        settings_get(base, v->options[i].name, value, sizeof value);
        settings_set(s, v->options[i].name, value, err, sizeof err);
    }
    for (int i = 0; i < line->option_count; i++) {
        const struct line_option *o = &line->options[i];
        if (settings_set(s, o->name, o->value, err, sizeof err)) {
            fprintf(out, "line %d: option %s refused: %s\n", lineno, o->name, err);
            settings_free(s);
            return false;
        }
    }
    return true;
}

/* Compares the line's counts up to max_depth; adds how many were compared to *checked. */
static bool run_counts(struct position *pos, const struct suite_line *line, int max_depth, bool bulk, int lineno,
                       FILE *out, int *checked)
{
    bool ok = true;
    for (int i = 0; i < line->n; i++) {
        if (max_depth > 0 && line->depths[i] > max_depth)
            continue;
        ++*checked;
        uint64_t got = perft(pos, line->depths[i], bulk);
        if (got != line->counts[i]) {
            fprintf(out, "MISMATCH line %d depth %d: expected %llu, got %llu\n  FEN %s\n", lineno, line->depths[i],
                    line->counts[i], (unsigned long long)got, line->fen);
            ok = false;
        }
    }
    return ok;
}

static bool run_line(struct position *pos, struct suite_line *line, const char *vid, const struct settings *base,
                     int max_depth, bool bulk, int lineno, FILE *out, int *checked)
{
    const struct variant *v = variant_find(line->variant[0] ? line->variant : vid);
    if (!v) {
        fprintf(out, "line %d: unknown variant '%s'\n", lineno, line->variant[0] ? line->variant : vid);
        return false;
    }
    struct settings settings;
    if (!line_settings(v, base, line, &settings, lineno, out))
        return false;
    char err[VARIANT_ERR_LEN];
    bool ok = fen_read_with(pos, &settings, line->fen, err, sizeof err) == 0;
    if (!ok)
        fprintf(out, "line %d: %s\n  FEN %s\n", lineno, err, line->fen);
    else
        ok = run_counts(pos, line, max_depth, bulk, lineno, out, checked);
    settings_free(&settings);
    return ok;
}

int perft_suite(const char *path, const char *variant_id, const struct settings *base, int max_depth, bool bulk,
                FILE *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char name[64];
    const char *vid = default_variant(path, variant_id, name, sizeof name);
    struct position *pos = malloc(sizeof *pos);
    struct suite_line *line = malloc(sizeof *line);
    char *text = malloc(SUITE_LINE_MAX);
    int passed = 0, failed = 0, lineno = 0, checked = 0;
    while (pos && line && text && fgets(text, SUITE_LINE_MAX, f)) {
        lineno++;
        char *t = text_trim(text);
        if (*t == '\0' || *t == '#')
            continue;
        if (parse_suite_line(t, line)) {
            fprintf(out, "line %d: cannot read this suite line\n", lineno);
            failed++;
            continue;
        }
        if (run_line(pos, line, vid, base, max_depth, bulk, lineno, out, &checked))
            passed++;
        else
            failed++;
    }
    fclose(f);
    free(pos);
    free(line);
    free(text);
    if (checked == 0) {
        fprintf(out, "no count checked: the suite has no count at or below the maximum depth\n");
        failed++;
    }
    fprintf(out, "%d passed, %d failed\n", passed, failed);
    return failed;
}
