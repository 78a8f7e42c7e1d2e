/* Rule Zero: a monotonic clock in milliseconds (the platform's, variants/core/platform.h). */
#ifndef RULEZERO_CLOCK_H
#define RULEZERO_CLOCK_H

#include <stdint.h>

#include "variants/core/platform.h"

static inline int64_t clock_ms(void) { return pf_clock_ms(); }

static inline double clock_seconds(void) { return pf_clock_seconds(); }

#endif
