/* Rule Zero: declaring an evaluation's weights once, as an X-macro list
 * X(ID, "Name", default, min, max), gives the index enum W_ID, the array of
 * values the evaluation reads (w[W_ID], starting at the defaults) and the
 * named table the tuner sees (variants/core/eval_params.h):
 *
 *     #define MY_WEIGHTS(X) X(PAWN, "Pawn", 100, 50, 200) ...
 *     EVAL_WEIGHTS(MY_WEIGHTS, my_eval_params, NULL)
 */
#ifndef RULEZERO_EVAL_WEIGHTS_H
#define RULEZERO_EVAL_WEIGHTS_H

#include "variants/core/variant.h"

#define EVAL_WEIGHT_ENUM(id, name, def, lo, hi) W_##id,
#define EVAL_WEIGHT_DEFAULT(id, name, def, lo, hi) [W_##id] = (def),
#define EVAL_WEIGHT_PARAM(id, name, def, lo, hi) {(name), &w[W_##id], (def), (lo), (hi)},

#define EVAL_WEIGHTS(LIST, table, on_change)                                                                   \
    enum { LIST(EVAL_WEIGHT_ENUM) W_COUNT };                                                                    \
    static int w[W_COUNT] = {LIST(EVAL_WEIGHT_DEFAULT)};                                                        \
    static struct eval_param table##_list[] = {LIST(EVAL_WEIGHT_PARAM)};                                        \
    const struct eval_params table = {table##_list, W_COUNT, (on_change)};

#endif
