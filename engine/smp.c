/* Lazy SMP: helper threads search the main thread's root over the shared
 * transposition table, each with its own heuristics, until told to stop.
 * What they store there (deeper bounds, better orders) is their only way to
 * help; the main thread alone reports and chooses the move. */
#include <stdlib.h>

#include "engine/search_internal.h"

static void helper_main(void *arg)
{
    struct searcher *s = arg;
    struct pv_line *best = malloc(sizeof *best);
    if (best) {
        best->len = 0;
        search_iterate(s, NULL, best);
        free(best);
    }
}

static void free_helpers(struct helper *h, int count)
{
    for (int i = 0; h && i < count; i++)
        searcher_free(h[i].s);
    free(h);
}

int smp_resize(struct engine *e, int threads)
{
    if (threads < 1 || threads > MAX_THREADS)
        return -1;
    struct helper *h = NULL;
    if (threads > 1) {
        h = calloc((size_t)threads - 1, sizeof *h);
        if (!h)
            return -1;
        for (int i = 0; i < threads - 1; i++) {
            h[i].s = searcher_new();
            if (!h[i].s) {
                free_helpers(h, threads - 1);
                return -1;
            }
            h[i].s->id = i + 1;
        }
    }
    smp_free(e);
    e->helpers = h;
    e->threads = threads;
    return 0;
}

void smp_free(struct engine *e)
{
    free_helpers(e->helpers, e->threads - 1);
    e->helpers = NULL;
    e->threads = 1;
}

void smp_clear(struct engine *e)
{
    for (int i = 0; i < e->threads - 1; i++)
        searcher_clear_history(e->helpers[i].s);
}

void smp_start(struct engine *e, const struct position *root, const struct search_limits *limits)
{
    atomic_store(&e->helpers_stop, false);
    for (int i = 0; i < e->threads - 1; i++) {
        struct helper *h = &e->helpers[i];
        struct searcher *s = h->s;
        searcher_prepare(s, e, root, limits);
        /* Only the main thread's limits end the search. */
        s->limits.depth = 0;
        s->limits.mate = 0;
        s->limits.nodes = 0;
        s->limits.infinite = false;
        s->limits.ponder = false;
        s->multipv = 1;
        s->budget.limited = false;
        h->running = pf_thread_start(&h->thread, helper_main, s, THREAD_STACK_BYTES) == 0;
    }
}

uint64_t smp_stop(struct engine *e)
{
    atomic_store(&e->helpers_stop, true);
    uint64_t nodes = 0;
    for (int i = 0; i < e->threads - 1; i++) {
        struct helper *h = &e->helpers[i];
        if (h->running)
            pf_thread_join(&h->thread);
        h->running = false;
        nodes += h->s->nodes;
    }
    return nodes;
}

uint64_t smp_nodes(struct engine *e)
{
    uint64_t nodes = 0;
    for (int i = 0; i < e->threads - 1; i++)
        nodes += atomic_load_explicit(&e->helpers[i].s->shared_nodes, memory_order_relaxed);
    return nodes;
}
