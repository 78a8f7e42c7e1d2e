#include "protocol/gui/gui_runner.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct gui_runner {
    pthread_mutex_t gate; /* one caller at a time */
    pthread_mutex_t lock; /* the fields below */
    pthread_cond_t wake;
    void (*fn)(void *);   /* the work in hand; NULL when none */
    void *arg;
    bool done;            /* the work in hand is finished */
    bool quit;
    pthread_t thread;
};

static void *runner_thread(void *arg)
{
    struct gui_runner *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->quit && (!r->fn || r->done))
            pthread_cond_wait(&r->wake, &r->lock);
        if (r->quit)
            break;
        pthread_mutex_unlock(&r->lock);
        r->fn(r->arg);
        pthread_mutex_lock(&r->lock);
        r->done = true;
        pthread_cond_broadcast(&r->wake);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

struct gui_runner *gui_runner_start(void)
{
    struct gui_runner *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    pthread_mutex_init(&r->gate, NULL);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->wake, NULL);
    pthread_attr_t attr;
    bool started = pthread_attr_init(&attr) == 0;
    if (started) {
        started = pthread_attr_setstacksize(&attr, GUI_RUNNER_STACK) == 0 &&
                  pthread_create(&r->thread, &attr, runner_thread, r) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        pthread_cond_destroy(&r->wake);
        pthread_mutex_destroy(&r->lock);
        pthread_mutex_destroy(&r->gate);
        free(r);
        return NULL;
    }
    return r;
}

void gui_runner_run(struct gui_runner *r, void (*fn)(void *), void *arg)
{
    pthread_mutex_lock(&r->gate);
    pthread_mutex_lock(&r->lock);
    r->fn = fn;
    r->arg = arg;
    r->done = false;
    pthread_cond_broadcast(&r->wake);
    while (!r->done)
        pthread_cond_wait(&r->wake, &r->lock);
    r->fn = NULL;
    pthread_mutex_unlock(&r->lock);
    pthread_mutex_unlock(&r->gate);
}

void gui_runner_stop(struct gui_runner *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_broadcast(&r->wake);
    pthread_mutex_unlock(&r->lock);
    pthread_join(r->thread, NULL);
    pthread_cond_destroy(&r->wake);
    pthread_mutex_destroy(&r->lock);
    pthread_mutex_destroy(&r->gate);
    free(r);
}
