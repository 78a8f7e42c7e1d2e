/* Rule Zero: a subcommand's command-line options as one table. The table
 * drives getopt_long, writes the --help text (tests/manpage.sh checks the man
 * page against that text) and words the usage errors, in the same way for
 * `rulezero` and every subcommand. (protocol/options.h is something else:
 * the variants' game settings as the protocols offer them.) */
#ifndef RULEZERO_OPTIONS_TABLE_H
#define RULEZERO_OPTIONS_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A parse's result besides 0 and an exit code: --help (or --version) was
 * answered, the command stops with status 0. */
#define OPTIONS_TABLE_DONE (-1)
/* The exit code of a usage error. */
#define OPTIONS_TABLE_USAGE 2
/* Options in one table at most. */
#define OPTIONS_TABLE_MAX 48

enum options_table_kind {
    OPTIONS_TABLE_PROSE,  /* not an option: `name` is text of the help, printed as it is */
    OPTIONS_TABLE_FLAG,   /* an option without an argument */
    OPTIONS_TABLE_TEXT,   /* an option with an argument, taken as text */
    OPTIONS_TABLE_NUMBER, /* an option whose argument is a whole number in [lo, hi] */
    OPTIONS_TABLE_HELP,   /* prints the help on standard output, then runs `set` if any */
};

/* Where an entry without a setter keeps its value: at `offset` in the context. */
enum options_table_keep {
    OPTIONS_TABLE_KEEP_NOTHING,
    OPTIONS_TABLE_KEEP_TEXT,  /* const char *: the argument itself */
    OPTIONS_TABLE_KEEP_TRUE,  /* bool */
    OPTIONS_TABLE_KEEP_FALSE, /* bool */
    OPTIONS_TABLE_KEEP_INT,   /* int: a NUMBER's value */
    OPTIONS_TABLE_KEEP_INT64, /* int64_t: a NUMBER's value */
};

struct options_table_entry {
    const char *name; /* the long name (--name), or a PROSE entry's text; NULL ends the table */
    char letter;      /* the short name (-l); 0: none */
    enum options_table_kind kind;
    const char *arg;  /* the argument's name in the help, e.g. "FILE" */
    const char *help; /* its help; lines after a '\n' are indented. NULL: accepted but not listed */
    /* NUMBER: the range, and the error when the argument is not in it (one %s: the argument). */
    int64_t lo, hi;
    const char *bad;
    /* Either a setter, given the argument (NULL for a flag) and a NUMBER's
     * value; it returns 0, an exit code (after saying why) or OPTIONS_TABLE_DONE. */
    int (*set)(void *ctx, const char *arg, int64_t number);
    /* ... or where the value goes. */
    enum options_table_keep keep;
    size_t offset;
};

/* For an entry of a table whose context is `type`: keep the value (KEEP_kind) in `field`. */
#define OPTIONS_TABLE_KEEP(kind, type, field) .keep = OPTIONS_TABLE_KEEP_##kind, .offset = offsetof(type, field)

struct options_table {
    const char *program; /* "rulezero match": begins every error, and `PROGRAM --help` ends it */
    int column;          /* where the options' help text begins in the --help output */
    const struct options_table_entry *entries;
};

/* Reads argv[1..] against the table into ctx. Afterwards optind is the first
 * argument that is not an option (getopt_long moves them all to the end).
 * 0, an exit code after the error was printed, or OPTIONS_TABLE_DONE. An
 * unknown option or a missing argument is a usage error: one line ("PROGRAM:
 * unknown option '--x'") and "Try 'PROGRAM --help'." on standard error. */
int options_table_parse(const struct options_table *t, void *ctx, int argc, char **argv);
/* The --help text: the PROSE entries and a line or more per listed option. */
void options_table_help(const struct options_table *t, FILE *out);
/* Prints "PROGRAM: " fmt (one %s: arg) and "Try 'PROGRAM --help'." on
 * standard error; returns OPTIONS_TABLE_USAGE. */
int options_table_error(const struct options_table *t, const char *fmt, const char *arg);

#endif
