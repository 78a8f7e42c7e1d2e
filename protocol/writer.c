#include "protocol/writer.h"

#include <stdarg.h>

void writer_init(struct writer *w, FILE *out)
{
    w->out = out;
    pf_mutex_init(&w->lock);
}

void writer_destroy(struct writer *w) { pf_mutex_destroy(&w->lock); }

void writer_printf(struct writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pf_mutex_lock(&w->lock);
    vfprintf(w->out, fmt, ap);
    fflush(w->out);
    pf_mutex_unlock(&w->lock);
    va_end(ap);
}

void writer_begin(struct writer *w) { pf_mutex_lock(&w->lock); }

void writer_end(struct writer *w)
{
    fflush(w->out);
    pf_mutex_unlock(&w->lock);
}
