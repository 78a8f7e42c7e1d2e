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
 * "all") to `depth` (0: the default), printing one line per position; each
 * game evaluates as a new engine does (its built-in network where it has
 * one, engine/nnue_builtin.h). */
struct bench_result bench_run(const char *variant_id, int depth, FILE *out);
/* The evaluation bench_run_with searches with. */
enum bench_eval { BENCH_EVAL_BUILTIN, BENCH_EVAL_CLASSIC, BENCH_EVAL_NETWORK };
/* The same with that evaluation; BENCH_EVAL_NETWORK: `net` (engine/nnue.h),
 * which it frees, in its own game (the hand-set evaluation elsewhere). */
struct nnue_net;
struct bench_result bench_run_with(const char *variant_id, int depth, enum bench_eval eval, struct nnue_net *net,
                                   FILE *out);

#endif
