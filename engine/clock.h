/* Rule Zero: a monotonic clock in milliseconds (the platform's, engine/platform.h). */
#ifndef RULEZERO_CLOCK_H
#define RULEZERO_CLOCK_H

#include <stdint.h>

#include "engine/platform.h"

static inline int64_t clock_ms(void) { return pf_clock_ms(); }

static inline double clock_seconds(void) { return pf_clock_seconds(); }

#endif
