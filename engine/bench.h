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

#endif
