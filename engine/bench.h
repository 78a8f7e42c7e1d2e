/* Rule Zero: `bench`, a fixed workload whose node count is the signature of
 * the engine's behaviour and whose speed is its benchmark. */
#ifndef RULEZERO_BENCH_H
#define RULEZERO_BENCH_H

#include <stdint.h>
#include <stdio.h>

struct bench_result {
    uint64_t nodes;
    double seconds;
};

/* Runs every bench position of one variant (or of all when id is NULL or
 * "all") to `depth` (0: the default), printing one line per position. */
struct bench_result bench_run(const char *variant_id, int depth, FILE *out);
/* The same with a network (engine/nnue.h; NULL: none), which it frees: the
 * positions of the network's own game are evaluated with it. */
struct nnue_net;
struct bench_result bench_run_with(const char *variant_id, int depth, struct nnue_net *net, FILE *out);

#endif
