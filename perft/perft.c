#include "perft/perft.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/turn.h"
#include "variants/variant.h"

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
        v->make(pos, m);
        nodes += perft(pos, pos->side != side ? depth - 1 : depth, bulk);
        v->unmake(pos, m);
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

/* `;option NAME=VALUE`: a game setting applied through the variant's
 * set_option before the line and restored after it. */
struct line_option {
    char name[64];
    char value[SUITE_LINE_MAX];
    char saved[SUITE_LINE_MAX];
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

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    return s;
}

/* Parses one `;`-separated item after the FEN. */
static int parse_item(struct suite_line *line, char *item)
{
    item = trim(item);
    if (item[0] == 'D' && isdigit((unsigned char)item[1])) {
        if (line->n == MAX_EXPECT)
            return -1;
        char *end;
        line->depths[line->n] = (int)strtol(item + 1, &end, 10);
        line->counts[line->n] = strtoull(end, &end, 10);
        if (*trim(end) != '\0')
            return -1;
        line->n++;
        return 0;
    }
    if (strncmp(item, "variant ", 8) == 0) {
        snprintf(line->variant, sizeof line->variant, "%s", trim(item + 8));
        return 0;
    }
    if (strncmp(item, "option ", 7) == 0) {
        char *eq = strchr(item, '=');
        if (!eq || line->option_count == MAX_LINE_OPTIONS)
            return -1;
        *eq = '\0';
        struct line_option *o = &line->options[line->option_count++];
        snprintf(o->name, sizeof o->name, "%s", trim(item + 7));
        snprintf(o->value, sizeof o->value, "%s", trim(eq + 1));
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
    snprintf(line->fen, sizeof line->fen, "%s", trim(text));
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

static void restore_options(const struct variant *v, struct suite_line *line, int count)
{
    char err[VARIANT_ERR_LEN];
    while (count-- > 0)
        v->set_option(line->options[count].name, line->options[count].saved, err, sizeof err);
}

/* Applies the line's options; on failure restores those already applied. */
static bool apply_options(const struct variant *v, struct suite_line *line, int lineno, FILE *out)
{
    char err[VARIANT_ERR_LEN];
    for (int i = 0; i < line->option_count; i++) {
        struct line_option *o = &line->options[i];
        if (!v->set_option || !v->get_option) {
            fprintf(out, "line %d: variant %s has no option '%s'\n", lineno, v->id, o->name);
            restore_options(v, line, i);
            return false;
        }
        v->get_option(o->name, o->saved, sizeof o->saved);
        if (v->set_option(o->name, o->value, err, sizeof err)) {
            fprintf(out, "line %d: option %s refused: %s\n", lineno, o->name, err);
            restore_options(v, line, i);
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

static bool run_line(struct position *pos, struct suite_line *line, const char *vid, int max_depth, bool bulk,
                     int lineno, FILE *out, int *checked)
{
    const struct variant *v = variant_find(line->variant[0] ? line->variant : vid);
    if (!v) {
        fprintf(out, "line %d: unknown variant '%s'\n", lineno, line->variant[0] ? line->variant : vid);
        return false;
    }
    if (!apply_options(v, line, lineno, out))
        return false;
    char err[VARIANT_ERR_LEN];
    bool ok = fen_read(pos, v, line->fen, err, sizeof err) == 0;
    if (!ok)
        fprintf(out, "line %d: %s\n  FEN %s\n", lineno, err, line->fen);
    else
        ok = run_counts(pos, line, max_depth, bulk, lineno, out, checked);
    restore_options(v, line, line->option_count);
    return ok;
}

int perft_suite(const char *path, const char *variant_id, int max_depth, bool bulk, FILE *out)
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
        char *t = trim(text);
        if (*t == '\0' || *t == '#')
            continue;
        if (parse_suite_line(t, line)) {
            fprintf(out, "line %d: cannot read this suite line\n", lineno);
            failed++;
            continue;
        }
        if (run_line(pos, line, vid, max_depth, bulk, lineno, out, &checked))
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
