/* Rule Zero tests: the built-in Nick Danger game's rules value (Links 8,
 * same-rank, twinkle), the one its positions are read with: the game is an
 * entry of the built-in game file (games/core.ini), its rules value made
 * with it. */
#ifndef RULEZERO_TEST_ND_RULES_H
#define RULEZERO_TEST_ND_RULES_H

#include <check.h>

#include "variants/core/fen.h"
#include "variants/nickdanger.h"
#include "variants/registry.h"

static inline const struct nd_rules *nd_builtin_rules(void)
{
    static struct position start;
    static const struct nd_rules *rules;
    if (!rules) {
        const struct variant *v = variant_find("nickdanger");
        char msg[VARIANT_ERR_LEN];
        ck_assert_msg(fen_read(&start, v, v->start_fen, msg, sizeof msg) == 0, "%s", msg);
        rules = start.rules;
    }
    return rules;
}

#endif
