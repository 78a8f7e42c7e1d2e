/* Rule Zero: the platform interface on Windows, with the Win32 API only (no
 * pthreads emulation, so the static exe needs no DLL beside it). */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include "variants/core/platform.h"

_Static_assert(sizeof(pf_mutex) >= sizeof(SRWLOCK), "pf_mutex holds an SRWLOCK");
_Static_assert(sizeof(pf_rmutex) >= sizeof(CRITICAL_SECTION), "pf_rmutex holds a CRITICAL_SECTION");
_Static_assert(sizeof(pf_cond) >= sizeof(CONDITION_VARIABLE), "pf_cond holds a CONDITION_VARIABLE");
_Static_assert(_Alignof(pf_rmutex) >= _Alignof(CRITICAL_SECTION), "pf_rmutex is aligned for a CRITICAL_SECTION");

_Static_assert(sizeof(pf_once_flag) >= sizeof(INIT_ONCE), "pf_once_flag holds an INIT_ONCE");

static SRWLOCK *srw(pf_mutex *m) { return (SRWLOCK *)(void *)m; }
static CRITICAL_SECTION *crit(pf_rmutex *m) { return (CRITICAL_SECTION *)(void *)m; }
static CONDITION_VARIABLE *condvar(pf_cond *c) { return (CONDITION_VARIABLE *)(void *)c; }

void pf_mutex_init(pf_mutex *m) { InitializeSRWLock(srw(m)); }
void pf_mutex_destroy(pf_mutex *m) { (void)m; }
void pf_mutex_lock(pf_mutex *m) { AcquireSRWLockExclusive(srw(m)); }
void pf_mutex_unlock(pf_mutex *m) { ReleaseSRWLockExclusive(srw(m)); }

void pf_rmutex_init(pf_rmutex *m) { InitializeCriticalSection(crit(m)); }
void pf_rmutex_destroy(pf_rmutex *m) { DeleteCriticalSection(crit(m)); }
void pf_rmutex_lock(pf_rmutex *m) { EnterCriticalSection(crit(m)); }
void pf_rmutex_unlock(pf_rmutex *m) { LeaveCriticalSection(crit(m)); }

void pf_cond_init(pf_cond *c) { InitializeConditionVariable(condvar(c)); }
void pf_cond_destroy(pf_cond *c) { (void)c; }
void pf_cond_wait(pf_cond *c, pf_mutex *m) { SleepConditionVariableSRW(condvar(c), srw(m), INFINITE, 0); }
void pf_cond_wait_r(pf_cond *c, pf_rmutex *m) { SleepConditionVariableCS(condvar(c), crit(m), INFINITE); }
void pf_cond_signal(pf_cond *c) { WakeConditionVariable(condvar(c)); }
void pf_cond_broadcast(pf_cond *c) { WakeAllConditionVariable(condvar(c)); }

struct once_call {
    void (*fn)(void);
};

static BOOL CALLBACK run_once(PINIT_ONCE once, PVOID param, PVOID *context)
{
    (void)once;
    (void)context;
    ((struct once_call *)param)->fn();
    return TRUE;
}

void pf_once(pf_once_flag *once, void (*fn)(void))
{
    struct once_call call = {fn};
    InitOnceExecuteOnce((PINIT_ONCE)(void *)once, run_once, &call, NULL);
}

static DWORD WINAPI thread_entry(LPVOID arg)
{
    pf_thread *t = arg;
    t->fn(t->arg);
    return 0;
}

int pf_thread_start(pf_thread *t, void (*fn)(void *), void *arg, size_t stack_bytes)
{
    t->fn = fn;
    t->arg = arg;
    DWORD id = 0;
    HANDLE h = CreateThread(NULL, stack_bytes, thread_entry, t, stack_bytes ? STACK_SIZE_PARAM_IS_A_RESERVATION : 0, &id);
    if (!h)
        return -1;
    t->handle = h;
    t->id = id;
    return 0;
}

void pf_thread_join(pf_thread *t)
{
    WaitForSingleObject(t->handle, INFINITE);
    CloseHandle(t->handle);
    t->handle = NULL;
}

bool pf_thread_is_current(const pf_thread *t) { return GetCurrentThreadId() == t->id; }

static LONGLONG counter_frequency(void)
{
    LARGE_INTEGER f;
    QueryPerformanceFrequency(&f);
    return f.QuadPart;
}

static LONGLONG counter_now(void)
{
    LARGE_INTEGER now;
    QueryPerformanceCounter(&now);
    return now.QuadPart;
}

int64_t pf_clock_ms(void)
{
    LONGLONG now = counter_now(), f = counter_frequency();
    return (int64_t)(now / f * 1000 + now % f * 1000 / f);
}

double pf_clock_seconds(void) { return (double)counter_now() / (double)counter_frequency(); }

void pf_sleep_ms(int ms) { Sleep(ms > 0 ? (DWORD)ms : 0); }

void pf_ignore_interrupt(void) { SetConsoleCtrlHandler(NULL, TRUE); }

uint64_t pf_process_id(void) { return (uint64_t)GetCurrentProcessId(); }

/* Windows gives large pages only with the "Lock pages in memory" privilege,
 * which a chess GUI's user rarely has: whole pages (so cache-line aligned),
 * zeroed and committed lazily by VirtualAlloc. */
void *pf_table_alloc(size_t bytes)
{
    return VirtualAlloc(NULL, bytes ? bytes : 1, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

void pf_table_free(void *table, size_t bytes)
{
    (void)bytes;
    if (table)
        VirtualFree(table, 0, MEM_RELEASE);
}
