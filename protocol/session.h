/* Rule Zero: the interactive session on standard input (CECP, UCI or console). */
#ifndef RULEZERO_SESSION_H
#define RULEZERO_SESSION_H

#include <stdio.h>

int session_run(FILE *in, FILE *out);

#endif
