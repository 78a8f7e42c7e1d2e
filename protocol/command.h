/* Rule Zero: the command table and the read loop the three text front ends
 * share (CECP in xboard.c, UCI in uci.c, the console in console.c). A line's
 * first word names a command of the front end's table; the command gets the
 * front end's session and the rest of the line. */
#ifndef RULEZERO_COMMAND_H
#define RULEZERO_COMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Longest line a command sees whole (`whole` below); longer ones are cut. */
#define COMMAND_LINE_MAX 4096

struct command {
    const char *name;
    void (*run)(void *session, char *args); /* args: the rest of the line, trimmed */
};

struct command_table {
    const struct command *commands;
    size_t count;
    /* A line whose first word is no command: that word, the rest of the line
     * and a copy of the whole line, trimmed (turns to play, or an error). */
    void (*other)(void *session, char *name, char *rest, char *whole);
};

/* Runs one line (which it may change) against the table; a blank line does nothing. */
void command_dispatch(const struct command_table *t, void *session, char *line);

/* The read loop: first_line (when not NULL), then each line of in, goes to
 * run_line until it returns false (`quit`) or the input ends. */
void command_loop(FILE *in, const char *first_line, bool (*run_line)(void *session, char *line), void *session);

#endif
