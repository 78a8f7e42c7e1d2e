/* `rulezero puzzles`: a puzzle as one line of JSON, and back (puzzles.h).
 * The reader knows this writer's lines only: an object of strings, whole
 * numbers and arrays of strings, not JSON at large. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/learn/puzzles.h"

static void write_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void write_strings(FILE *f, const char *const *items, int count)
{
    fputc('[', f);
    for (int i = 0; i < count; i++) {
        if (i)
            fputc(',', f);
        write_string(f, items[i]);
    }
    fputc(']', f);
}

void puzzle_write_header(FILE *f, const struct puzzle_header *h)
{
    fputs("{\"format\":\"rulezero-puzzles\",\"version\":1,\"variant\":", f);
    write_string(f, h->variant);
    fputs(",\"options\":", f);
    write_strings(f, h->options, h->option_count);
    fputs(",\"command\":", f);
    write_string(f, h->command);
    fputs("}\n", f);
}

/* "score": centipawns, or "mate": moves (negative: the side to move is mated). */
static void write_score(FILE *f, const char *key, int score)
{
    int mate = score_mate_moves(score);
    if (mate)
        fprintf(f, ",\"%s_mate\":%d", key, mate);
    else
        fprintf(f, ",\"%s\":%d", key, score);
}

void puzzle_write(FILE *f, const char *variant, const char *const *options, int option_count, int64_t number,
                  const struct puzzle *p)
{
    const char *line[PUZZLE_LINE_MAX], *notation[PUZZLE_LINE_MAX];
    for (int i = 0; i < p->line_count; i++) {
        line[i] = p->line[i];
        notation[i] = p->notation[i];
    }
    fprintf(f, "{\"id\":\"%s-%lld\",\"variant\":", variant, (long long)number);
    write_string(f, variant);
    fputs(",\"options\":", f);
    write_strings(f, options, option_count);
    fputs(",\"fen\":", f);
    write_string(f, p->fen);
    fputs(",\"line\":", f);
    write_strings(f, line, p->line_count);
    fputs(",\"notation\":", f);
    write_strings(f, notation, p->line_count);
    write_score(f, "score", p->score);
    write_score(f, "second", p->second);
    fprintf(f, ",\"depth\":%d,\"game\":%lld,\"ply\":%lld}\n", p->depth, (long long)p->game, (long long)p->ply);
}

/* ---- Reading back ---------------------------------------------------------------------- */

/* Where the value of "key" begins, or NULL. */
static const char *value_of(const char *text, const char *key)
{
    char quoted[80];
    snprintf(quoted, sizeof quoted, "\"%s\":", key);
    const char *at = strstr(text, quoted);
    return at ? at + strlen(quoted) : NULL;
}

/* A string at s into out: the character after it, or NULL. */
static const char *read_string(const char *s, char *out, size_t n)
{
    size_t used = 0;
    if (*s++ != '"')
        return NULL;
    for (; *s && *s != '"'; s++) {
        char c = *s;
        if (c == '\\') {
            c = *++s;
            if (c == 'u') {
                char hex[5] = {0};
                for (int i = 0; i < 4 && s[1]; i++)
                    hex[i] = *++s;
                c = (char)strtol(hex, NULL, 16);
            } else if (c != '"' && c != '\\' && c != '/') {
                return NULL;
            }
        }
        if (used + 1 >= n)
            return NULL;
        out[used++] = c;
    }
    out[used] = '\0';
    return *s == '"' ? s + 1 : NULL;
}

/* An array of strings at s into items (size each): its length, or -1. */
static int read_strings(const char *s, char *items, size_t size, int max)
{
    int count = 0;
    if (!s || *s++ != '[')
        return -1;
    while (*s != ']') {
        if (count == max || !(s = read_string(s, items + (size_t)count * size, size)))
            return -1;
        count++;
        if (*s == ',')
            s++;
        else if (*s != ']')
            return -1;
    }
    return count;
}

static int fail(char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s", what);
    return -1;
}

int puzzle_parse(const char *text, struct puzzle_read *out, char *err, size_t errlen)
{
    *out = (struct puzzle_read){.p = {.game = -1, .ply = -1}};
    while (isspace((unsigned char)*text))
        text++;
    if (!*text || value_of(text, "format"))
        return 0;
    const char *id = value_of(text, "id"), *variant = value_of(text, "variant"), *fen = value_of(text, "fen");
    const char *depth = value_of(text, "depth");
    if (!id || !read_string(id, out->id, sizeof out->id))
        return fail(err, errlen, "no \"id\"");
    if (!variant || !read_string(variant, out->variant, sizeof out->variant))
        return fail(err, errlen, "no \"variant\"");
    if (!fen || !read_string(fen, out->p.fen, sizeof out->p.fen))
        return fail(err, errlen, "no \"fen\"");
    out->option_count = read_strings(value_of(text, "options"), out->options[0], PUZZLE_OPTION_LEN,
                                     PUZZLE_OPTIONS_MAX);
    if (out->option_count < 0)
        return fail(err, errlen, "no \"options\" list");
    out->p.line_count = read_strings(value_of(text, "line"), out->p.line[0], TURN_TEXT_LEN, PUZZLE_LINE_MAX);
    if (out->p.line_count < 1)
        return fail(err, errlen, "no \"line\" of turns");
    out->p.depth = depth ? atoi(depth) : 0;
    if (out->p.depth < 1 || out->p.depth > MAX_SEARCH_DEPTH)
        return fail(err, errlen, "no \"depth\" (1..128)");
    return 1;
}
