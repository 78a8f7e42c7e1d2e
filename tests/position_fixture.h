/* Rule Zero tests: a position for each Check test case (add setup and
 * teardown as the case's checked fixture) and load(), which sets it up from
 * a variant's name and a FEN (NULL: the variant's start). */
#ifndef RULEZERO_TEST_POSITION_FIXTURE_H
#define RULEZERO_TEST_POSITION_FIXTURE_H

#include <stdlib.h>

#include <check.h>

#include "variants/core/fen.h"
#include "variants/core/zobrist.h"
#include "variants/registry.h"

static struct position *pos;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
}

static void teardown(void) { free(pos); }

static void load(const char *variant, const char *fen)
{
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(pos, v, fen ? fen : v->start_fen, err, sizeof err) == 0, "%s", err);
}

#endif
