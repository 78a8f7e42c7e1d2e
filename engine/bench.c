/* `rulezero bench`: a fixed-depth search of every bench position of a
 * variant, one engine, the tables cleared between positions, so the node
 * count is a deterministic signature of the search and evaluation. */
#include "engine/bench.h"

#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "engine/nnue.h"
#include "engine/search.h"
#include "variants/registry.h"

/* Depth for a variant without its own bench_depth. */
#define BENCH_DEFAULT_DEPTH 8
#define BENCH_HASH_MB 16

static void bench_variant(struct engine *e, const struct variant *v, int depth, FILE *out, struct position *pos,
                          struct bench_result *total)
{
    if (!v->bench_fens)
        return;
    char err[VARIANT_ERR_LEN];
    for (int i = 0; v->bench_fens[i]; i++) {
        if (fen_read(pos, v, v->bench_fens[i], err, sizeof err)) {
            fprintf(out, "bench: %s: %s\n", v->id, err);
            continue;
        }
        struct search_limits limits;
        search_limits_init(&limits);
        limits.depth = depth;
        engine_clear(e);
        double start = clock_seconds();
        struct search_result r = engine_search(e, pos, &limits, NULL);
        total->seconds += clock_seconds() - start;
        total->nodes += r.nodes;
        fprintf(out, "%s %d: %llu nodes, best %s, score %d\n", v->id, i + 1, (unsigned long long)r.nodes,
                r.has_move ? r.best.text : "(none)", r.score);
    }
}

struct bench_result bench_run(const char *variant_id, int depth, FILE *out)
{
    return bench_run_with(variant_id, depth, BENCH_EVAL_BUILTIN, NULL, out);
}

struct bench_result bench_run_with(const char *variant_id, int depth, enum bench_eval eval, struct nnue_net *net,
                                   FILE *out)
{
    struct bench_result total = {0, 0.0};
    struct position *pos = malloc(sizeof *pos);
    struct engine *e = engine_new(BENCH_HASH_MB);
    if (!pos || !e) {
        free(pos);
        engine_free(e);
        nnue_free(net);
        return total;
    }
    if (eval != BENCH_EVAL_BUILTIN)
        engine_set_network(e, net); /* NULL: the hand-set evaluation */
    bool all = !variant_id || strcmp(variant_id, "all") == 0;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        if (all || strcmp(v->id, variant_id) == 0)
            bench_variant(e, v, depth > 0 ? depth : v->bench_depth > 0 ? v->bench_depth : BENCH_DEFAULT_DEPTH, out,
                          pos, &total);
    }
    engine_free(e);
    free(pos);
    return total;
}
