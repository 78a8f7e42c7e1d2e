/* The session's waits where threads run: the engine, ticker and analysis
 * threads sleep on one condition variable (s->wake) under the session lock. */
#include <time.h>

#include "protocol/gui/gui_internal.h"

void gui_wait_ms(struct gui_session *s, int ms)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += (long)ms * 1000000L;
    ts.tv_sec += ts.tv_nsec / 1000000000L;
    ts.tv_nsec %= 1000000000L;
    pthread_cond_timedwait(&s->wake, &s->lock, &ts);
}

void gui_wake(struct gui_session *s) { pthread_cond_broadcast(&s->wake); }

void gui_wait_for_builtin(struct gui_session *s)
{
    while (s->busy && s->busy_builtin)
        pthread_cond_wait(&s->wake, &s->lock);
}
