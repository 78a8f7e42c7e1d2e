#include "engine/bench.h"

#include <stdlib.h>
#include <string.h>

#include "engine/clock.h"
#include "engine/fen.h"
#include "perft/perft.h"
#include "variants/variant.h"

#define BENCH_DEFAULT_DEPTH 4

static void bench_variant(const struct variant *v, int depth, FILE *out, struct position *pos,
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
        double start = clock_seconds();
        uint64_t nodes = perft(pos, depth, true);
        total->seconds += clock_seconds() - start;
        total->nodes += nodes;
        fprintf(out, "%s %d: %llu nodes\n", v->id, i + 1, (unsigned long long)nodes);
    }
}

struct bench_result bench_run(const char *variant_id, int depth, FILE *out)
{
    struct bench_result total = {0, 0.0};
    struct position *pos = malloc(sizeof *pos);
    if (!pos)
        return total;
    if (depth <= 0)
        depth = BENCH_DEFAULT_DEPTH;
    bool all = !variant_id || strcmp(variant_id, "all") == 0;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        if (all || strcmp(v->id, variant_id) == 0)
            bench_variant(v, depth, out, pos, &total);
    }
    free(pos);
    return total;
}
