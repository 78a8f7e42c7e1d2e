/* Rule Zero: CECP (the XBoard/WinBoard protocol, version 2). */
#ifndef RULEZERO_XBOARD_H
#define RULEZERO_XBOARD_H

#include <stdio.h>

#include "protocol/session.h"
#include "protocol/writer.h"

#include <stdbool.h>

struct xboard;

/* A CECP session after the `xboard` line, fed one line at a time (the browser
 * build's engine gets its input as messages). NULL out of memory. */
struct xboard *xboard_new(struct writer *w, const struct session_options *opts);
/* Runs one line of input (it may be changed); false once `quit` was read. */
bool xboard_line(struct xboard *xb, char *line);
/* Stops a running search and frees the session. */
void xboard_free(struct xboard *xb);

/* Runs a CECP session after the `xboard` line; returns at `quit` or end of input. */
int xboard_run(FILE *in, struct writer *w, const struct session_options *opts);

#endif
