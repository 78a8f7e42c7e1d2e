#include "protocol/writer.h"

#include <stdarg.h>

void writer_init(struct writer *w, FILE *out)
{
    w->out = out;
    pthread_mutex_init(&w->lock, NULL);
}

void writer_destroy(struct writer *w) { pthread_mutex_destroy(&w->lock); }

void writer_printf(struct writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&w->lock);
    vfprintf(w->out, fmt, ap);
    fflush(w->out);
    pthread_mutex_unlock(&w->lock);
    va_end(ap);
}

void writer_begin(struct writer *w) { pthread_mutex_lock(&w->lock); }

void writer_end(struct writer *w)
{
    fflush(w->out);
    pthread_mutex_unlock(&w->lock);
}
