/* Rule Zero: the UCI protocol, with UCI_Variant for the variants. */
#ifndef RULEZERO_UCI_H
#define RULEZERO_UCI_H

#include <stdio.h>

#include "protocol/session.h"
#include "protocol/writer.h"

/* Runs a UCI session; `first_line` (the `uci` that selected it) is run first. */
int uci_run(const char *first_line, FILE *in, struct writer *w, const struct session_options *opts);

#endif
