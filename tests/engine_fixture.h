/* Rule Zero tests: a position and a 16 MB engine for each Check test case
 * (add setup and teardown as the case's checked fixture). */
#ifndef RULEZERO_TEST_ENGINE_FIXTURE_H
#define RULEZERO_TEST_ENGINE_FIXTURE_H

#include <stdlib.h>

#include <check.h>

#include "engine/search.h"
#include "variants/core/zobrist.h"

static struct position *pos;
static struct engine *engine;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    engine = engine_new(16);
    ck_assert_ptr_nonnull(engine);
}

static void teardown(void)
{
    engine_free(engine);
    free(pos);
}

#endif
