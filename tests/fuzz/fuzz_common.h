/* Shared helpers for the fuzz targets: pick a variant from the first byte and
 * abort (so the fuzzer reports it) on any broken invariant. */
#ifndef RULEZERO_FUZZ_COMMON_H
#define RULEZERO_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

#define FUZZ_REQUIRE(cond)                                                                     \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

static inline void fuzz_init(void)
{
    static int done;
    if (!done) {
        zobrist_init();
        done = 1;
    }
}

static inline const struct variant *fuzz_variant(uint8_t byte)
{
    return variant_at(byte % variant_count());
}

/* Copies the bytes into a NUL-terminated string (stopping at an embedded NUL). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Every legal step: make restores key consistency, unmake restores the FEN. */
static inline void fuzz_check_steps(struct position *pos)
{
    char before[FEN_MAX_LEN], after[FEN_MAX_LEN];
    struct move_list list;
    fen_write(pos, before, sizeof before);
    uint64_t key = pos->key;
    pos->variant->generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        pos->variant->make(pos, list.moves[i]);
        FUZZ_REQUIRE(pos->key == position_compute_key(pos));
        pos->variant->unmake(pos, list.moves[i]);
        fen_write(pos, after, sizeof after);
        FUZZ_REQUIRE(strcmp(before, after) == 0);
        FUZZ_REQUIRE(pos->key == key);
    }
}

#endif
