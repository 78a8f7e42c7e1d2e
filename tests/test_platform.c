/* The platform interface (variants/core/platform.h) as the engine uses it: a thread
 * with a job handed over under a mutex and condition variable, a recursive
 * mutex locked twice and waited on, a static mutex, a table built once for
 * threads that ask for it together (pf_once), the monotonic clock. The
 * Windows side runs the same patterns in tests/windows/ (under Wine, through
 * the protocols). */
#include <check.h>
#include <stdlib.h>

#include "variants/core/platform.h"
#include "tests/check_run.h"

struct handover {
    pf_mutex lock;
    pf_cond cond;
    int job;      /* set by the main thread */
    int answer;   /* set by the worker */
    pf_thread thread;
    bool ran_on_itself;
};

static void worker(void *arg)
{
    struct handover *h = arg;
    h->ran_on_itself = pf_thread_is_current(&h->thread);
    pf_mutex_lock(&h->lock);
    while (h->job == 0)
        pf_cond_wait(&h->cond, &h->lock);
    h->answer = h->job * 2;
    pf_cond_broadcast(&h->cond);
    pf_mutex_unlock(&h->lock);
}

START_TEST(thread_takes_a_job_and_answers)
{
    struct handover h = {0};
    pf_mutex_init(&h.lock);
    pf_cond_init(&h.cond);
    ck_assert_int_eq(pf_thread_start(&h.thread, worker, &h, 1u << 20), 0);
    ck_assert(!pf_thread_is_current(&h.thread));
    pf_mutex_lock(&h.lock);
    h.job = 21;
    pf_cond_signal(&h.cond);
    while (h.answer == 0)
        pf_cond_wait(&h.cond, &h.lock);
    pf_mutex_unlock(&h.lock);
    pf_thread_join(&h.thread);
    ck_assert_int_eq(h.answer, 42);
    ck_assert(h.ran_on_itself);
    pf_cond_destroy(&h.cond);
    pf_mutex_destroy(&h.lock);
}
END_TEST

struct session {
    pf_rmutex lock;
    pf_cond idle;
    bool done;
};

static void finish(void *arg)
{
    struct session *s = arg;
    pf_rmutex_lock(&s->lock);
    s->done = true;
    pf_cond_broadcast(&s->idle);
    pf_rmutex_unlock(&s->lock);
}

/* CECP's pattern: the session lock taken again by the same thread, then a
 * wait on it (held once) for the search thread's on_done. */
START_TEST(recursive_mutex_relocks_and_waits)
{
    struct session s = {0};
    pf_rmutex_init(&s.lock);
    pf_cond_init(&s.idle);
    pf_rmutex_lock(&s.lock);
    pf_rmutex_lock(&s.lock);
    pf_rmutex_unlock(&s.lock);
    pf_thread t;
    ck_assert_int_eq(pf_thread_start(&t, finish, &s, 0), 0);
    while (!s.done)
        pf_cond_wait_r(&s.idle, &s.lock);
    pf_rmutex_unlock(&s.lock);
    pf_thread_join(&t);
    ck_assert(s.done);
    pf_cond_destroy(&s.idle);
    pf_rmutex_destroy(&s.lock);
}
END_TEST

static pf_mutex static_lock = PF_MUTEX_INITIALIZER;
static int counter;

static void count_up(void *arg)
{
    (void)arg;
    for (int i = 0; i < 10000; i++) {
        pf_mutex_lock(&static_lock);
        counter++;
        pf_mutex_unlock(&static_lock);
    }
}

START_TEST(static_mutex_serialises_threads)
{
    pf_thread t[4];
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(pf_thread_start(&t[i], count_up, NULL, 0), 0);
    for (int i = 0; i < 4; i++)
        pf_thread_join(&t[i]);
    ck_assert_int_eq(counter, 40000);
}
END_TEST

/* pf_once: four threads ask for a table at once; it is built once, and the
 * ones that came while it was being built waited for all of it. */
static pf_once_flag table_once = PF_ONCE_INIT;
static int table_builds, table[64];
static pf_mutex seen_lock = PF_MUTEX_INITIALIZER;
static int complete_sightings;

static void build_table(void)
{
    table_builds++;
    pf_sleep_ms(50); /* long enough for the others to arrive */
    for (int i = 0; i < 64; i++)
        table[i] = i * i;
}

static void use_table(void *arg)
{
    (void)arg;
    pf_once(&table_once, build_table);
    bool complete = true;
    for (int i = 0; i < 64; i++)
        complete = complete && table[i] == i * i;
    pf_mutex_lock(&seen_lock);
    complete_sightings += complete;
    pf_mutex_unlock(&seen_lock);
}

START_TEST(once_builds_a_table_once_for_every_thread)
{
    pf_thread t[4];
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(pf_thread_start(&t[i], use_table, NULL, 0), 0);
    for (int i = 0; i < 4; i++)
        pf_thread_join(&t[i]);
    use_table(NULL);
    ck_assert_int_eq(table_builds, 1);
    ck_assert_int_eq(complete_sightings, 5);
}
END_TEST

START_TEST(clock_is_monotonic_and_sleeps)
{
    int64_t start = pf_clock_ms();
    double start_s = pf_clock_seconds();
    pf_sleep_ms(30);
    int64_t ms = pf_clock_ms() - start;
    double s = pf_clock_seconds() - start_s;
    ck_assert_msg(ms >= 25 && ms < 5000, "slept 30 ms, the clock says %lld", (long long)ms);
    ck_assert_msg(s >= 0.025 && s < 5.0, "slept 30 ms, the clock says %f s", s);
    int64_t last = pf_clock_ms();
    for (int i = 0; i < 1000; i++) {
        int64_t now = pf_clock_ms();
        ck_assert(now >= last);
        last = now;
    }
    ck_assert(pf_process_id() > 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("platform");
    TCase *tc = tcase_create("platform");
    tcase_add_test(tc, thread_takes_a_job_and_answers);
    tcase_add_test(tc, recursive_mutex_relocks_and_waits);
    tcase_add_test(tc, static_mutex_serialises_threads);
    tcase_add_test(tc, once_builds_a_table_once_for_every_thread);
    tcase_add_test(tc, clock_is_monotonic_and_sleeps);
    suite_add_tcase(s, tc);
    return check_run(s);
}
