/* Rule Zero: the options of `rulezero` and of its perft, perft-suite, moves
 * and bench subcommands (their tables are in cli.h), kept in one struct. */
#ifndef RULEZERO_CLI_OPTIONS_H
#define RULEZERO_CLI_OPTIONS_H

#include <stdbool.h>

#include "protocol/session.h"

#define CLI_MAX_SETTINGS 8

/* EXIT_DONE: --help or --version answered; the command stops with status 0. */
enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2, EXIT_DONE = -1 };

struct options_table;

struct cli_options {
    const struct options_table *table; /* the command's: its usage errors name it */
    const char *variant;
    const char *fen;
    const char *moves;
    int depth;
    int max_depth;
    bool divide;
    bool bulk;
    bool notation; /* moves: print the readable text too */
    const char *eval_file; /* --eval-file, or "" after --eval classic (NULL: neither) */
    /* Game settings, applied in order: names and values (--option, --powers). */
    const char *setting_name[CLI_MAX_SETTINGS];
    const char *setting_value[CLI_MAX_SETTINGS];
    char setting_text[CLI_MAX_SETTINGS][64];
    int settings;
    /* The session's player (--play) and its random seed (--seed). */
    struct session_options session;
};

/* Reads argv[1..] against table t into o (optind is then the first argument
 * that is not an option): 0, an exit code after the error, or EXIT_DONE. */
int cli_options_parse(const struct options_table *t, struct cli_options *o, int argc, char **argv);
/* Prints "PROGRAM: " fmt (one %s: arg) and "Try 'PROGRAM --help'." for o's
 * command; returns EXIT_USAGE. */
int cli_usage_error(const struct cli_options *o, const char *fmt, const char *arg);

#endif
