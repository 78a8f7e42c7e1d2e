/* Rule Zero: `rulezero train` (docs/networks.md, "Training"): trains a
 * network (engine/nnue.h) on training data (protocol/learn/datagen_format.h)
 * and writes it, with its learning curve as CSV. Returns the process exit
 * code (0 ok, 1 bad input, 2 usage error). */
#ifndef RULEZERO_TRAIN_H
#define RULEZERO_TRAIN_H

int train_main(int argc, char **argv);

/* Its options (protocol/match/options_table.h); its --help. */
struct options_table;
extern const struct options_table train_options_table;

#endif
