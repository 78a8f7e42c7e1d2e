/* Rule Zero: a console for people (help, new, variant, fen, moves, go, d, perft, quit). */
#ifndef RULEZERO_CONSOLE_H
#define RULEZERO_CONSOLE_H

#include <stdio.h>

#include "protocol/session.h"
#include "protocol/writer.h"

/* Runs the console; `first_line` (whatever selected it) is run as its first command. */
int console_run(const char *first_line, FILE *in, struct writer *w, const struct session_options *opts);

#endif
