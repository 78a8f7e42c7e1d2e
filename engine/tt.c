#include "engine/tt.h"

#include <stdlib.h>
#include <string.h>

int tt_resize(struct tt *t, size_t mb)
{
    size_t bytes = mb * 1024 * 1024;
    size_t bucket_bytes = TT_BUCKET * sizeof(struct tt_entry);
    size_t count = 1;
    while (count * 2 * bucket_bytes <= bytes)
        count *= 2;
    struct tt_entry *entries = calloc(count * TT_BUCKET, sizeof *entries);
    if (!entries)
        return -1;
    free(t->entries);
    t->entries = entries;
    t->bucket_count = count;
    t->generation = 0;
    return 0;
}

void tt_free(struct tt *t)
{
    free(t->entries);
    t->entries = NULL;
    t->bucket_count = 0;
}

void tt_clear(struct tt *t)
{
    if (t->entries)
        memset(t->entries, 0, t->bucket_count * TT_BUCKET * sizeof *t->entries);
    t->generation = 0;
}

void tt_new_search(struct tt *t)
{
    t->generation = (uint8_t)((t->generation + 1) & 63);
}

static inline struct tt_entry *bucket_of(const struct tt *t, uint64_t key)
{
    return &t->entries[(key & (t->bucket_count - 1)) * TT_BUCKET];
}

static inline uint32_t check_of(uint64_t key) { return (uint32_t)(key >> 32); }

bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out)
{
    const struct tt_entry *b = bucket_of(t, key);
    uint32_t check = check_of(key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].check == check && (b[i].gen_bound & 3) != TT_NONE) {
            *out = b[i];
            return true;
        }
    return false;
}

/* Lower is a better victim: old generation first, then shallow depth. */
static int replace_worth(const struct tt *t, const struct tt_entry *e)
{
    int age = (t->generation - (e->gen_bound >> 2)) & 63;
    return e->depth - 8 * age;
}

void tt_store(struct tt *t, uint64_t key, Move move, int score, int eval, int depth, enum tt_bound bound)
{
    struct tt_entry *b = bucket_of(t, key);
    uint32_t check = check_of(key);
    struct tt_entry *victim = NULL;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (b[i].check == check || (b[i].gen_bound & 3) == TT_NONE) {
            victim = &b[i];
            break;
        }
        if (!victim || replace_worth(t, &b[i]) < replace_worth(t, victim))
            victim = &b[i];
    }
    if (victim->check == check && (victim->gen_bound & 3) != TT_NONE) {
        /* A much shallower bound does not replace a deeper result of this search. */
        bool same_search = (victim->gen_bound >> 2) == t->generation;
        if (same_search && bound != TT_EXACT && depth + 3 < victim->depth)
            return;
        /* Keep the old best move when the new search found none. */
        if (move == MOVE_NONE)
            move = victim->move;
    }
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    victim->check = check;
    victim->move = move;
    victim->score = (int16_t)score;
    victim->eval = (int16_t)eval;
    victim->depth = (uint8_t)depth;
    victim->gen_bound = (uint8_t)((t->generation << 2) | bound);
}
