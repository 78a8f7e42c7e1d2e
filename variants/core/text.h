/* Rule Zero: small text helpers (core: perft suites and the front ends use them). */
#ifndef RULEZERO_TEXT_H
#define RULEZERO_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Strips leading and trailing white space (including the newline) in place. */
char *text_trim(char *s);
/* Splits off the first word of *s (white-space separated); advances *s past
 * it and the spaces after it. Returns "" at the end. */
char *text_word(char **s);
/* The next token of *rest, a string cut at any character of `seps`: skips
 * the separators before it, ends it with a NUL written in place of the
 * separator after it and leaves *rest just past that. Repeated separators
 * make no empty tokens. NULL once only separators remain (and on every call
 * after). Keeps its place in *rest alone, so two threads may split two
 * strings at once. */
char *text_token(char **rest, const char *seps);
/* Cuts s in place into its tokens (as text_token), putting them in
 * fields[0..]. Returns how many, or -1 when s holds more than `max` (fields
 * then holds the first `max`). */
int text_split(char *s, const char *seps, char **fields, int max);
/* Whole-string integer/number parsing; 0 on success. */
int text_int64(const char *s, int64_t lo, int64_t hi, int64_t *out);
int text_double(const char *s, double *out);
/* Copies `in` to `out`, turning parentheses into brackets, so that a message
 * can sit inside `Error (...)` without confusing a GUI's parser. */
void text_no_parens(const char *in, char *out, size_t n);
/* Reads one line from `in` into *line (grown with realloc, *cap its size),
 * newline included, like POSIX getline (which Windows lacks). Returns the
 * length, or -1 at end of input (or when memory runs out) with nothing read. */
long long text_read_line(char **line, size_t *cap, FILE *in);
/* `text` as one word of a /bin/sh command: in single quotes, a quote inside
 * written '\''. Cut short when out is too small. */
void text_shell_quote(const char *text, char *out, size_t n);

#endif
