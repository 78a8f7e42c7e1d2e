/* Rule Zero: one writer for a session's output. The stdin loop and the
 * search thread both print through it; every call writes whole lines under a
 * mutex and flushes, so a GUI never sees half a line or a stale buffer. */
#ifndef RULEZERO_WRITER_H
#define RULEZERO_WRITER_H

#include <stdio.h>

#include "variants/core/platform.h"

struct writer {
    FILE *out;
    pf_mutex lock;
};

void writer_init(struct writer *w, FILE *out);
void writer_destroy(struct writer *w);

/* Formats and writes under the lock, then flushes. */
void writer_printf(struct writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* For output produced by code that writes to a FILE (perft divide): take the
 * lock, write to w->out, then release (which flushes). */
void writer_begin(struct writer *w);
void writer_end(struct writer *w);

#endif
