/* Rule Zero: CECP (the XBoard/WinBoard protocol, version 2). */
#ifndef RULEZERO_XBOARD_H
#define RULEZERO_XBOARD_H

#include <stdio.h>

#include "protocol/session.h"
#include "protocol/writer.h"

/* Runs a CECP session after the `xboard` line; returns at `quit` or end of input. */
int xboard_run(FILE *in, struct writer *w, const struct session_options *opts);

#endif
