/* The CPU time this test process has used, for the tests that check how
 * promptly the engine stops. The wall clock counts every moment another
 * process held the core (at a load of 30 on 2 cores, a 200 ms search took
 * over 350 ms of wall time); the CPU time counts only the work done, so
 * "stopped within 100 ms of CPU" fails only when the engine itself searched
 * on. The engine still decides by the wall clock: a busy machine makes it
 * stop sooner in CPU time, never later. */
#ifndef RULEZERO_TESTS_CPU_CLOCK_H
#define RULEZERO_TESTS_CPU_CLOCK_H

#include <stdint.h>
#include <time.h>

/* Milliseconds of CPU used by every thread of this process so far. */
static inline int64_t cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

#endif
