/* Rule Zero: the platform interface. Everything the engine and its front
 * ends need from the operating system goes through this header, and nothing
 * else in the tree tests for the platform:
 *
 *   variants/core/platform_posix.c    Linux and other POSIX systems (pthreads, clock_gettime)
 *   variants/core/platform_windows.c  64-bit Windows (Win32: CreateThread, SRWLOCK,
 *                              CRITICAL_SECTION, CONDITION_VARIABLE, QueryPerformanceCounter)
 *
 * CMakeLists.txt compiles exactly one of them. The types below are filled in
 * per platform; on Windows they are opaque storage, so that this header does
 * not pull <windows.h> (and its macros) into every file.
 *
 *   pf_mutex     a plain mutex; PF_MUTEX_INITIALIZER initialises a static one
 *   pf_rmutex    a recursive mutex (the same thread may lock it again)
 *   pf_cond      a condition variable, waited on with either mutex kind; the
 *                mutex must be held exactly once by the waiting thread
 *   pf_thread    a joinable thread running `void fn(void *arg)`
 *   pf_once_flag a function run once (pf_once), whichever thread comes first
 *
 * Init/destroy/lock/unlock/wait cannot fail on either platform (a failure
 * there is a programming error), so they return nothing.
 *
 *   variants/core/platform_web.c      the browser (WebAssembly built by Emscripten, with
 *                              platform_posix.c): one thread, and a stop flag that
 *                              the page may raise during a search
 *
 * Capabilities: PF_WITH_PROCESSES(x) is x where the platform runs child
 * processes the way the match runner needs (fork, pipes, poll), NULL where it
 * does not; PF_NAME names the platform in messages; PF_THREADS is 1 where
 * threads can be started, 0 where everything runs on the caller's thread (a
 * search then runs to its end before the next command is read). */
#ifndef RULEZERO_PLATFORM_H
#define RULEZERO_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef _WIN32
typedef struct { void *opaque; } pf_mutex;        /* SRWLOCK */
typedef struct { void *opaque[6]; } pf_rmutex;    /* CRITICAL_SECTION */
typedef struct { void *opaque; } pf_cond;         /* CONDITION_VARIABLE */
typedef struct pf_thread {
    void *handle;
    unsigned long id;
    void (*fn)(void *);
    void *arg;
} pf_thread;
#define PF_MUTEX_INITIALIZER {0}
#define PF_WITH_PROCESSES(x) NULL
#define PF_NAME "Windows"
#else
#include <pthread.h>
typedef struct { pthread_mutex_t m; } pf_mutex;
typedef struct { pthread_mutex_t m; } pf_rmutex;
typedef struct { pthread_cond_t c; } pf_cond;
typedef struct pf_thread {
    pthread_t thread;
    void (*fn)(void *);
    void *arg;
} pf_thread;
#define PF_MUTEX_INITIALIZER {PTHREAD_MUTEX_INITIALIZER}
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define PF_WITH_PROCESSES(x) NULL
#define PF_NAME "browser"
#define PF_THREADS 0
#else
#define PF_WITH_PROCESSES(x) (x)
#define PF_NAME "POSIX"
#endif
#endif
#ifndef PF_THREADS
#define PF_THREADS 1
#endif

/* pf_once_flag: what pf_once keeps about one table (PF_ONCE_INIT initialises
 * a static one). Windows: an INIT_ONCE; POSIX: a pthread_once_t; without
 * threads (the browser) a plain flag, as nothing can run at the same time. */
#ifdef _WIN32
typedef struct { void *opaque; } pf_once_flag;
#define PF_ONCE_INIT {0}
#elif PF_THREADS
typedef struct { pthread_once_t once; } pf_once_flag;
#define PF_ONCE_INIT {PTHREAD_ONCE_INIT}
#else
typedef struct { bool done; } pf_once_flag;
#define PF_ONCE_INIT {false}
#endif

void pf_mutex_init(pf_mutex *m);
void pf_mutex_destroy(pf_mutex *m);
void pf_mutex_lock(pf_mutex *m);
void pf_mutex_unlock(pf_mutex *m);

void pf_rmutex_init(pf_rmutex *m);
void pf_rmutex_destroy(pf_rmutex *m);
void pf_rmutex_lock(pf_rmutex *m);
void pf_rmutex_unlock(pf_rmutex *m);

void pf_cond_init(pf_cond *c);
void pf_cond_destroy(pf_cond *c);
void pf_cond_wait(pf_cond *c, pf_mutex *m);
void pf_cond_wait_r(pf_cond *c, pf_rmutex *m);
void pf_cond_signal(pf_cond *c);
void pf_cond_broadcast(pf_cond *c);

/* Starts fn(arg) on a new thread with at least `stack_bytes` of stack (0: the
 * platform's default). `t` must stay in place until pf_thread_join. 0 on success. */
int pf_thread_start(pf_thread *t, void (*fn)(void *), void *arg, size_t stack_bytes);
void pf_thread_join(pf_thread *t);
/* Whether the calling thread is `t` (which must have been started). */
bool pf_thread_is_current(const pf_thread *t);

/* Runs fn the first time it is called with `once`, and never again: a
 * caller that comes while another thread runs fn waits until fn has
 * finished, and every caller then sees all fn wrote. How the tables built on
 * first use (rules, the search's reductions, the Zobrist keys) are filled. */
void pf_once(pf_once_flag *once, void (*fn)(void));

/* Has someone outside asked the running search to stop? Where threads run,
 * a command does that (engine_stop) and this is always false; in the browser
 * the page raises a shared flag, when the browser gives it shared memory. */
#if PF_THREADS
static inline bool pf_stop_requested(void) { return false; }
#else
bool pf_stop_requested(void);
#endif

/* A monotonic clock: milliseconds, and seconds with sub-millisecond resolution. */
int64_t pf_clock_ms(void);
double pf_clock_seconds(void);
void pf_sleep_ms(int ms);

/* An interrupt (Ctrl-C, or the SIGINT XBoard sends) must not kill a CECP session. */
void pf_ignore_interrupt(void);
/* The process id, for seeding. */
uint64_t pf_process_id(void);

/* `bytes` of zeroed memory for a large table probed at random (the hash
 * table): aligned to a cache line, on large pages where the system gives
 * them on request (Linux's transparent huge pages, which spare most of the
 * address-translation misses of a random probe), and resident only as it is
 * touched where the system allows. NULL when out of memory. Released with
 * pf_table_free and the same `bytes`. */
void *pf_table_alloc(size_t bytes);
void pf_table_free(void *table, size_t bytes);

#endif
