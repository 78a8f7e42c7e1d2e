/* Interdependent Chess tests: the variant, one position on the heap and a
 * seeded xorshift, set up afresh for each test (Check fixture). */
#ifndef RULEZERO_INTERDEP_FIXTURE_H
#define RULEZERO_INTERDEP_FIXTURE_H

#include <check.h>
#include <stdlib.h>

#include "variants/interdep.h"

static struct position *pos;
static const struct variant *v;
static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static void setup(void)
{
    zobrist_init();
    v = variant_find("interdependent");
    ck_assert_ptr_nonnull(v);
    pos = malloc(sizeof *pos);
    rng_state = 0x9E3779B97F4A7C15ULL;
}

static void teardown(void) { free(pos); }

#endif
