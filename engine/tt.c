#include "engine/tt.h"

#include "variants/core/platform.h"

/* The size of a table of `buckets` buckets (pf_table_free needs the size it was allocated with). */
static size_t table_bytes(size_t buckets) { return buckets * TT_BUCKET * sizeof(struct tt_slot); }

int tt_resize(struct tt *t, size_t mb)
{
    size_t bytes = mb * 1024 * 1024;
    size_t count = 1;
    while (table_bytes(count * 2) <= bytes)
        count *= 2;
    struct tt_slot *entries = pf_table_alloc(table_bytes(count));
    if (!entries)
        return -1;
    pf_table_free(t->entries, table_bytes(t->bucket_count));
    t->entries = entries;
    t->bucket_count = count;
    t->generation = 0;
    return 0;
}

void tt_free(struct tt *t)
{
    pf_table_free(t->entries, table_bytes(t->bucket_count));
    t->entries = NULL;
    t->bucket_count = 0;
}

/* Only while no search runs (the engine waits for its threads first). */
void tt_clear(struct tt *t)
{
    for (size_t i = 0; t->entries && i < t->bucket_count * TT_BUCKET; i++) {
        atomic_store_explicit(&t->entries[i].meta, 0, memory_order_relaxed);
        atomic_store_explicit(&t->entries[i].data, 0, memory_order_relaxed);
    }
    t->generation = 0;
}

void tt_new_search(struct tt *t)
{
    t->generation = (uint8_t)((t->generation + 1) & 63);
}

static inline struct tt_slot *bucket_of(const struct tt *t, uint64_t key)
{
    return &t->entries[(key & (t->bucket_count - 1)) * TT_BUCKET];
}

static inline uint32_t check_of(uint64_t key) { return (uint32_t)(key >> 32); }

static struct tt_entry slot_read(struct tt_slot *slot)
{
    uint64_t data = atomic_load_explicit(&slot->data, memory_order_relaxed);
    uint64_t meta = atomic_load_explicit(&slot->meta, memory_order_relaxed) ^ data;
    struct tt_entry e;
    e.check = (uint32_t)(meta >> 32);
    e.depth = (uint8_t)(meta >> 8);
    e.gen_bound = (uint8_t)meta;
    e.pad = 0;
    e.move = (Move)(uint32_t)data;
    e.score = (int16_t)(uint16_t)(data >> 32);
    e.eval = (int16_t)(uint16_t)(data >> 48);
    return e;
}

static void slot_write(struct tt_slot *slot, const struct tt_entry *e)
{
    uint64_t data = (uint64_t)e->move | (uint64_t)(uint16_t)e->score << 32 | (uint64_t)(uint16_t)e->eval << 48;
    uint64_t meta = (uint64_t)e->check << 32 | (uint64_t)e->depth << 8 | e->gen_bound;
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
    atomic_store_explicit(&slot->meta, meta ^ data, memory_order_relaxed);
}

bool tt_probe(const struct tt *t, uint64_t key, struct tt_entry *out)
{
    struct tt_slot *b = bucket_of(t, key);
    uint32_t check = check_of(key);
    for (int i = 0; i < TT_BUCKET; i++) {
        struct tt_entry e = slot_read(&b[i]);
        if (e.check == check && (e.gen_bound & 3) != TT_NONE) {
            *out = e;
            return true;
        }
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
    struct tt_slot *b = bucket_of(t, key);
    uint32_t check = check_of(key);
    struct tt_slot *victim = NULL;
    struct tt_entry old = {0};
    for (int i = 0; i < TT_BUCKET; i++) {
        struct tt_entry e = slot_read(&b[i]);
        if (e.check == check || (e.gen_bound & 3) == TT_NONE) {
            victim = &b[i];
            old = e;
            break;
        }
        if (!victim || replace_worth(t, &e) < replace_worth(t, &old)) {
            victim = &b[i];
            old = e;
        }
    }
    if (old.check == check && (old.gen_bound & 3) != TT_NONE) {
        /* A much shallower bound does not replace a deeper result of this search. */
        bool same_search = (old.gen_bound >> 2) == t->generation;
        if (same_search && bound != TT_EXACT && depth + 3 < old.depth)
            return;
        /* Keep the old best move when the new search found none. */
        if (move == MOVE_NONE)
            move = old.move;
    }
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    struct tt_entry e = {check, move, (int16_t)score, (int16_t)eval, (uint8_t)depth,
                         (uint8_t)((t->generation << 2) | bound), 0};
    slot_write(victim, &e);
}
