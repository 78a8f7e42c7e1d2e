/* Rule Zero: the transposition table.
 *
 * Buckets of four 16-byte entries; the low bits of the key pick the bucket,
 * the high 32 bits check the entry. Replacement prefers empty entries, then
 * entries from older searches, then the shallowest. Scores are stored
 * relative to the node (mate scores adjusted by the caller).
 *
 * The table is shared by the threads of one search (Lazy SMP) without locks:
 * each slot is two 64-bit words read and written with relaxed atomics, and
 * the word holding the check is stored XORed with the data word, so a slot
 * torn by two threads writing at once fails its check and reads as a miss. */
#ifndef RULEZERO_TT_H
#define RULEZERO_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "variants/core/types.h"

enum tt_bound { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* A probed entry, decoded. */
struct tt_entry {
    uint32_t check;
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t gen_bound; /* generation << 2 | bound */
    uint16_t pad;
};

#define TT_BUCKET 4

/* Stored form: meta = (check << 32 | depth << 8 | gen_bound) ^ data,
 * data = move | score << 32 | eval << 48. */
struct tt_slot {
    _Atomic uint64_t meta;
    _Atomic uint64_t data;
};

struct tt {
    struct tt_slot *entries;
    size_t bucket_count; /* a power of two */
    uint8_t generation;
};

/* Allocates about `mb` megabytes (at least one bucket); 0 on success. */
int tt_resize(struct tt *t, size_t mb);
void tt_free(struct tt *t);
void tt_clear(struct tt *t);
/* Starts a new search: entries of older searches become cheap to replace. */
void tt_new_search(struct tt *t);

/* Copies the entry for `key` into *out; false when there is none. */
bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out);
void tt_store(struct tt *t, uint64_t key, Move move, int score, int eval, int depth, enum tt_bound bound);

/* Starts loading the bucket of `key` into the cache, so that a probe soon
 * after (the child's, once its position is made) does not wait for memory. */
static inline void tt_prefetch(const struct tt *t, uint64_t key)
{
    __builtin_prefetch(&t->entries[(key & (t->bucket_count - 1)) * TT_BUCKET]);
}

static inline enum tt_bound tt_bound_of(const struct tt_entry *e) { return (enum tt_bound)(e->gen_bound & 3); }

#endif
