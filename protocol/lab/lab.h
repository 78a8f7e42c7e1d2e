/* Rule Zero: `rulezero lab`, a self-play study over the values of one game
 * setting (docs/lab/README.md). For each value Rule Zero plays itself through
 * the match runner (random openings, both colours, the runner's referee),
 * every game kept in a PGN file per value; then a report with 95% intervals
 * (report.md, report.html with charts, lab.json) and the evaluation weights
 * the tuner fits to each value's games. */
#ifndef RULEZERO_LAB_H
#define RULEZERO_LAB_H

/* The process exit code: 0 done, 1 a failure (an engine, a file), 2 a usage
 * error (also a setting value the variant refuses, before any game). */
int lab_main(int argc, char **argv);

/* Its options (protocol/match/options_table.h); its --help. */
struct options_table;
extern const struct options_table lab_options_table;

#endif
