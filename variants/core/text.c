#include "variants/core/text.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *text_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len > 0 && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    return s;
}

char *text_word(char **s)
{
    char *p = *s;
    while (isspace((unsigned char)*p))
        p++;
    char *start = p;
    while (*p && !isspace((unsigned char)*p))
        p++;
    if (*p)
        *p++ = '\0';
    while (isspace((unsigned char)*p))
        p++;
    *s = p;
    return start;
}

char *text_token(char **rest, const char *seps)
{
    char *start = *rest + strspn(*rest, seps);
    if (!*start) {
        *rest = start;
        return NULL;
    }
    char *end = start + strcspn(start, seps);
    *rest = *end ? end + 1 : end;
    *end = '\0';
    return start;
}

int text_split(char *s, const char *seps, char **fields, int max)
{
    int n = 0;
    for (char *tok = text_token(&s, seps); tok; tok = text_token(&s, seps)) {
        if (n == max)
            return -1;
        fields[n++] = tok;
    }
    return n;
}

int text_int64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(s, &end, 10);
    if (errno || end == s || *end != '\0' || n < lo || n > hi)
        return -1;
    *out = n;
    return 0;
}

int text_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (errno || end == s || *end != '\0' || d != d || d < 0 || d > 1e12)
        return -1;
    *out = d;
    return 0;
}

void text_no_parens(const char *in, char *out, size_t n)
{
    snprintf(out, n, "%s", in);
    for (char *p = out; *p; p++) {
        if (*p == '(')
            *p = '[';
        else if (*p == ')')
            *p = ']';
        else if (*p == '\n' || *p == '\r')
            *p = ' ';
    }
}

static bool grow_line(char **line, size_t *cap, size_t need)
{
    if (need <= *cap)
        return true;
    size_t size = *cap ? *cap : 128;
    while (size < need)
        size *= 2;
    char *bigger = realloc(*line, size);
    if (!bigger)
        return false;
    *line = bigger;
    *cap = size;
    return true;
}

long long text_read_line(char **line, size_t *cap, FILE *in)
{
    size_t len = 0;
    int ch;
    while ((ch = getc(in)) != EOF) {
        if (!grow_line(line, cap, len + 2))
            return -1;
        (*line)[len++] = (char)ch;
        if (ch == '\n')
            break;
    }
    if (len == 0)
        return -1;
    (*line)[len] = '\0';
    return (long long)len;
}

void text_shell_quote(const char *text, char *out, size_t n)
{
    size_t k = 0;
    if (n < 3)
        return;
    out[k++] = '\'';
    for (const char *s = text; *s && k + 6 < n; s++) {
        if (*s == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *s;
        }
    }
    out[k++] = '\'';
    out[k] = '\0';
}
