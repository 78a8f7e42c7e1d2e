/* Rule Zero: the platform interface on POSIX systems (pthreads, clock_gettime). */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE, beside POSIX */
#include "variants/core/platform.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <signal.h>
#include <time.h>
#include <unistd.h>

void pf_mutex_init(pf_mutex *m) { pthread_mutex_init(&m->m, NULL); }
void pf_mutex_destroy(pf_mutex *m) { pthread_mutex_destroy(&m->m); }
void pf_mutex_lock(pf_mutex *m) { pthread_mutex_lock(&m->m); }
void pf_mutex_unlock(pf_mutex *m) { pthread_mutex_unlock(&m->m); }

void pf_rmutex_init(pf_rmutex *m)
{
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m->m, &attr);
    pthread_mutexattr_destroy(&attr);
}

void pf_rmutex_destroy(pf_rmutex *m) { pthread_mutex_destroy(&m->m); }
void pf_rmutex_lock(pf_rmutex *m) { pthread_mutex_lock(&m->m); }
void pf_rmutex_unlock(pf_rmutex *m) { pthread_mutex_unlock(&m->m); }

void pf_cond_init(pf_cond *c) { pthread_cond_init(&c->c, NULL); }
void pf_cond_destroy(pf_cond *c) { pthread_cond_destroy(&c->c); }
void pf_cond_wait(pf_cond *c, pf_mutex *m) { pthread_cond_wait(&c->c, &m->m); }
void pf_cond_wait_r(pf_cond *c, pf_rmutex *m) { pthread_cond_wait(&c->c, &m->m); }
void pf_cond_signal(pf_cond *c) { pthread_cond_signal(&c->c); }
void pf_cond_broadcast(pf_cond *c) { pthread_cond_broadcast(&c->c); }

static void *thread_entry(void *arg)
{
    pf_thread *t = arg;
    t->fn(t->arg);
    return NULL;
}

int pf_thread_start(pf_thread *t, void (*fn)(void *), void *arg, size_t stack_bytes)
{
    t->fn = fn;
    t->arg = arg;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (stack_bytes)
        pthread_attr_setstacksize(&attr, stack_bytes);
    int rc = pthread_create(&t->thread, &attr, thread_entry, t);
    pthread_attr_destroy(&attr);
    return rc;
}

#if PF_THREADS
void pf_once(pf_once_flag *once, void (*fn)(void)) { pthread_once(&once->once, fn); }
#endif

void pf_thread_join(pf_thread *t) { pthread_join(t->thread, NULL); }

bool pf_thread_is_current(const pf_thread *t) { return pthread_equal(pthread_self(), t->thread); }

int64_t pf_clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

double pf_clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void pf_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void pf_ignore_interrupt(void) { signal(SIGINT, SIG_IGN); }

uint64_t pf_process_id(void) { return (uint64_t)getpid(); }

#define HUGE_PAGE_BYTES ((size_t)2 << 20)

static size_t round_up(size_t n, size_t unit) { return (n + unit - 1) / unit * unit; }

/* Large tables are mapped from the kernel: zeroed, resident only once
 * touched (so a table the search never fills costs no memory, and a resize
 * does not hold two full tables), and aligned to a huge page. */
void *pf_table_alloc(size_t bytes)
{
    if (bytes < HUGE_PAGE_BYTES) {
        void *table = aligned_alloc(64, round_up(bytes ? bytes : 1, 64));
        if (table)
            memset(table, 0, bytes);
        return table;
    }
    size_t size = round_up(bytes, HUGE_PAGE_BYTES), span = size + HUGE_PAGE_BYTES;
    char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *start = (char *)round_up((size_t)(uintptr_t)raw, HUGE_PAGE_BYTES);
    if (start > raw)
        munmap(raw, (size_t)(start - raw));
    if (raw + span > start + size)
        munmap(start + size, (size_t)(raw + span - (start + size)));
#ifdef MADV_HUGEPAGE
    madvise(start, size, MADV_HUGEPAGE); /* advice only: small pages if refused */
#endif
    return start;
}

void pf_table_free(void *table, size_t bytes)
{
    if (!table)
        return;
    if (bytes < HUGE_PAGE_BYTES)
        free(table);
    else
        munmap(table, round_up(bytes, HUGE_PAGE_BYTES));
}
