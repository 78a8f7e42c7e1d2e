/* Rule Zero: the command line (`rulezero SUBCOMMAND ...`). */
#ifndef RULEZERO_CLI_H
#define RULEZERO_CLI_H

/* Runs the command line; returns the process exit code
 * (0 ok, 1 bad input such as a FEN, 2 usage error). */
int cli_main(int argc, char **argv);

/* Takes every `--variants FILE` (or `--variants=FILE`) out of argv and
 * registers the file's games (docs/gamefiles.md), before any subcommand
 * reads its options: the games are then playable everywhere a built-in one
 * is. Returns 0, or the exit code with the problem written to stderr. */
int cli_load_variant_files(int *argc, char **argv);

/* The options of `rulezero` and of its perft, perft-suite, moves and bench
 * subcommands, one table each (protocol/match/options_table.h): each is the
 * command's --help and words its usage errors. */
struct options_table;
extern const struct options_table cli_options_table, cli_perft_table, cli_perft_suite_table, cli_moves_table,
    cli_bench_table;

#endif
