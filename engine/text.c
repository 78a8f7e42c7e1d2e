#include "engine/text.h"

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
