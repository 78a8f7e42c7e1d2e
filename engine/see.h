/* Rule Zero: static exchange evaluation as the search uses it, through the
 * variant's optional `see` hook (variants/core/variant.h). A variant without the
 * hook never has a step judged by exchange. */
#ifndef RULEZERO_SEE_H
#define RULEZERO_SEE_H

#include "variants/core/variant.h"

/* True when the exchange that step m starts ends below `threshold`
 * centipawns for the side to move; false when the variant has no estimate. */
bool see_below(const struct position *pos, Move m, int threshold);

#endif
