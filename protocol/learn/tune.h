/* Rule Zero: the evaluation tuner's subcommands (docs/strength.md, "Tuning").
 *
 *   rulezero tune-data: self-play at a fixed node count per move from random
 *       openings; writes the quiet positions met with each game's result.
 *   rulezero tune: fits the variant's evaluation weights to such positions
 *       (protocol/learn/tune_fit.h) and writes a weights file
 *       (protocol/learn/tune_weights.h).
 * Both return the process exit code (0 ok, 1 bad input, 2 usage error). */
#ifndef RULEZERO_TUNE_H
#define RULEZERO_TUNE_H

int tune_data_main(int argc, char **argv);
int tune_main(int argc, char **argv);

/* Shared by the two: prints "rulezero CMD: MESSAGE" and a pointer to --help; returns 2. */
int tune_usage_error(const char *cmd, const char *fmt, const char *arg);
/* The variant called id that has tunable weights, or NULL after a usage error. */
struct variant;
const struct variant *tune_variant(const char *cmd, const char *id);

/* Their options (protocol/match/options_table.h); their --help. */
struct options_table;
extern const struct options_table tune_options_table, tune_data_options_table;

#endif
