#include "protocol/gui/gui_runner.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* One caller's work, on its stack until it is done. */
struct job {
    void (*fn)(void *);
    void *arg;
    bool done;
    struct job *next;
};

struct gui_runner {
    pthread_mutex_t lock; /* the fields below */
    pthread_cond_t wake;  /* work came, or quit */
    pthread_cond_t done;  /* a job finished */
    struct job *queue, **tail;
    bool quit;
    int threads;
    pthread_t thread[GUI_RUNNER_MAX_THREADS];
};

static void *runner_thread(void *arg)
{
    struct gui_runner *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->quit && !r->queue)
            pthread_cond_wait(&r->wake, &r->lock);
        if (!r->queue)
            break;
        struct job *j = r->queue;
        r->queue = j->next;
        if (!r->queue)
            r->tail = &r->queue;
        pthread_mutex_unlock(&r->lock);
        j->fn(j->arg);
        pthread_mutex_lock(&r->lock);
        j->done = true;
        pthread_cond_broadcast(&r->done);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static void runner_free(struct gui_runner *r)
{
    pthread_cond_destroy(&r->done);
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

struct gui_runner *gui_runner_start_many(int threads)
{
    struct gui_runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->wake, NULL);
    pthread_cond_init(&r->done, NULL);
    r->tail = &r->queue;
    if (threads < 1)
        threads = 1;
    if (threads > GUI_RUNNER_MAX_THREADS)
        threads = GUI_RUNNER_MAX_THREADS;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) {
        runner_free(r);
        return NULL;
    }
    if (pthread_attr_setstacksize(&attr, GUI_RUNNER_STACK) == 0)
        while (r->threads < threads && pthread_create(&r->thread[r->threads], &attr, runner_thread, r) == 0)
            r->threads++;
    pthread_attr_destroy(&attr);
    if (r->threads == 0) {
        runner_free(r);
        return NULL;
    }
    return r;
}

struct gui_runner *gui_runner_start(void) { return gui_runner_start_many(1); }

void gui_runner_run(struct gui_runner *r, void (*fn)(void *), void *arg)
{
    struct job j = {.fn = fn, .arg = arg};
    pthread_mutex_lock(&r->lock);
    *r->tail = &j;
    r->tail = &j.next;
    pthread_cond_signal(&r->wake);
    while (!j.done)
        pthread_cond_wait(&r->done, &r->lock);
    pthread_mutex_unlock(&r->lock);
}

void gui_runner_stop(struct gui_runner *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_broadcast(&r->wake);
    pthread_mutex_unlock(&r->lock);
    for (int i = 0; i < r->threads; i++)
        pthread_join(r->thread[i], NULL);
    runner_free(r);
}
