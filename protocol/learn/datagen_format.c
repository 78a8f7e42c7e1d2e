/* The training data's file format: writer and reader (datagen_format.h). */
#include "protocol/learn/datagen_format.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Little-endian integers, whatever the host. */

static void put16(unsigned char *p, uint16_t v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)((v >> (8 * i)) & 0xff);
}

static uint16_t get16(const unsigned char *p)
{
    return (uint16_t)(p[0] | (p[1] << 8));
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* ---- Header. */

static bool one_line(const char *s)
{
    return s && !strchr(s, '\n') && !strchr(s, '\r');
}

int datagen_header_text(const struct datagen_header *h, char *out, size_t n, char *err, size_t errlen)
{
    bool ok = one_line(h->variant) && *h->variant && !strchr(h->variant, ' ') &&
              (!h->command || one_line(h->command)) && (!h->eval || one_line(h->eval));
    for (int i = 0; i < h->option_count && ok; i++)
        ok = one_line(h->options[i]) && strchr(h->options[i], '=');
    if (!ok || h->option_count < 0 || h->option_count > DATAGEN_OPTIONS_MAX) {
        snprintf(err, errlen, "a header value is empty or holds a line break");
        return -1;
    }
    size_t used = (size_t)snprintf(out, n, "variant %s\n", h->variant);
    for (int i = 0; i < h->option_count && used < n; i++)
        used += (size_t)snprintf(out + used, n - used, "option %s\n", h->options[i]);
    if (h->command && used < n)
        used += (size_t)snprintf(out + used, n - used, "command %s\n", h->command);
    if (h->eval && used < n)
        used += (size_t)snprintf(out + used, n - used, "eval %s\n", h->eval);
    if (used < n)
        used += (size_t)snprintf(out + used, n - used, "seed %" PRIu64 "\n", h->seed);
    if (used >= n || used > DATAGEN_HEADER_MAX) {
        snprintf(err, errlen, "the header is too long");
        return -1;
    }
    return 0;
}

/* Splits text (modified in place) into h's fields; unknown keys are skipped. */
static int header_parse(char *text, struct datagen_header *h, char *err, size_t errlen)
{
    memset(h, 0, sizeof *h);
    for (char *line = text, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *value = strchr(line, ' ');
        if (!value)
            continue;
        *value++ = '\0';
        if (!strcmp(line, "variant"))
            h->variant = value;
        else if (!strcmp(line, "command"))
            h->command = value;
        else if (!strcmp(line, "eval"))
            h->eval = value;
        else if (!strcmp(line, "seed"))
            h->seed = strtoull(value, NULL, 10);
        else if (!strcmp(line, "option")) {
            if (h->option_count == DATAGEN_OPTIONS_MAX) {
                snprintf(err, errlen, "more than %d options in the header", DATAGEN_OPTIONS_MAX);
                return -1;
            }
            h->options[h->option_count++] = value;
        }
    }
    if (!h->variant || !*h->variant) {
        snprintf(err, errlen, "the header names no variant");
        return -1;
    }
    return 0;
}

/* ---- Records. */

size_t datagen_record_encode(const struct datagen_record *r, unsigned char *out, size_t n, char *err, size_t errlen)
{
    size_t len = strnlen(r->fen, DATAGEN_FEN_MAX);
    if (len == 0 || len >= DATAGEN_FEN_MAX) {
        snprintf(err, errlen, "a record's FEN is empty or longer than %d bytes", DATAGEN_FEN_MAX - 1);
        return 0;
    }
    if (r->result < -1 || r->result > 1 || (r->flags & ~DATAGEN_FLAGS_KNOWN)) {
        snprintf(err, errlen, "a record's result (%d) or flags (%d) are out of range", r->result, r->flags);
        return 0;
    }
    if (n < len + DATAGEN_RECORD_FIXED) {
        snprintf(err, errlen, "no room for a record");
        return 0;
    }
    put16(out, (uint16_t)len);
    memcpy(out + 2, r->fen, len);
    unsigned char *p = out + 2 + len;
    put16(p, (uint16_t)r->score);
    p[2] = (unsigned char)r->result;
    p[3] = r->flags;
    put16(p + 4, r->ply);
    return len + DATAGEN_RECORD_FIXED;
}

/* ---- Writer. */

struct datagen_writer {
    FILE *f;
    char *path;
    uint64_t offset;
};

static struct datagen_writer *writer_new(const char *path, const char *mode, char *err, size_t errlen)
{
    struct datagen_writer *w = calloc(1, sizeof *w);
    if (w)
        w->path = strdup(path);
    if (!w || !w->path) {
        free(w);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    w->f = fopen(path, mode);
    if (!w->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        free(w->path);
        free(w);
        return NULL;
    }
    return w;
}

static int writer_put(struct datagen_writer *w, const void *bytes, size_t n, char *err, size_t errlen)
{
    if (fwrite(bytes, 1, n, w->f) != n) {
        snprintf(err, errlen, "%s: %s", w->path, strerror(errno));
        return -1;
    }
    w->offset += n;
    return 0;
}

struct datagen_writer *datagen_writer_open(const char *path, const struct datagen_header *h, char *err, size_t errlen)
{
    char *text = malloc(DATAGEN_HEADER_MAX + 1);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    struct datagen_writer *w = NULL;
    if (datagen_header_text(h, text, DATAGEN_HEADER_MAX + 1, err, errlen) == 0)
        w = writer_new(path, "wb", err, errlen);
    unsigned char size[4];
    put32(size, (uint32_t)strlen(text));
    if (w && (writer_put(w, DATAGEN_MAGIC, DATAGEN_MAGIC_LEN, err, errlen) || writer_put(w, size, 4, err, errlen) ||
              writer_put(w, text, strlen(text), err, errlen))) {
        datagen_writer_close(w, NULL, 0);
        w = NULL;
    }
    free(text);
    return w;
}

struct datagen_writer *datagen_writer_append(const char *path, uint64_t end, char *err, size_t errlen)
{
    if (truncate(path, (off_t)end)) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    struct datagen_writer *w = writer_new(path, "ab", err, errlen);
    if (w)
        w->offset = end;
    return w;
}

int datagen_writer_write(struct datagen_writer *w, const struct datagen_record *r, char *err, size_t errlen)
{
    unsigned char bytes[DATAGEN_FEN_MAX + DATAGEN_RECORD_FIXED];
    size_t n = datagen_record_encode(r, bytes, sizeof bytes, err, errlen);
    return n ? writer_put(w, bytes, n, err, errlen) : -1;
}

int datagen_writer_flush(struct datagen_writer *w, char *err, size_t errlen)
{
    if (fflush(w->f)) {
        snprintf(err, errlen, "%s: %s", w->path, strerror(errno));
        return -1;
    }
    return 0;
}

uint64_t datagen_writer_offset(const struct datagen_writer *w)
{
    return w->offset;
}

int datagen_writer_close(struct datagen_writer *w, char *err, size_t errlen)
{
    if (!w)
        return 0;
    int rc = 0;
    if (fclose(w->f)) {
        if (err)
            snprintf(err, errlen, "%s: %s", w->path, strerror(errno));
        rc = -1;
    }
    free(w->path);
    free(w);
    return rc;
}

/* ---- Reader. */

struct datagen_reader {
    FILE *f;
    char *path;
    char *text;   /* the header's text as stored */
    char *fields; /* a copy split into the header's fields */
    struct datagen_header header;
    uint64_t offset, tail;
};

static int reader_fail(struct datagen_reader *r, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s", r->path, what);
    return -1;
}

static int reader_header(struct datagen_reader *r, char *err, size_t errlen)
{
    unsigned char head[DATAGEN_MAGIC_LEN + 4];
    if (fread(head, 1, sizeof head, r->f) != sizeof head || memcmp(head, DATAGEN_MAGIC, DATAGEN_MAGIC_LEN))
        return reader_fail(r, err, errlen, "not a training data file (no RZDATA01 header)");
    uint32_t n = get32(head + DATAGEN_MAGIC_LEN);
    if (n > DATAGEN_HEADER_MAX)
        return reader_fail(r, err, errlen, "the header's length is out of range");
    r->text = malloc((size_t)n + 1);
    r->fields = malloc((size_t)n + 1);
    if (!r->text || !r->fields)
        return reader_fail(r, err, errlen, "out of memory");
    if (fread(r->text, 1, n, r->f) != n)
        return reader_fail(r, err, errlen, "the header is cut short");
    r->text[n] = '\0';
    if (strlen(r->text) != n)
        return reader_fail(r, err, errlen, "the header holds a NUL byte");
    memcpy(r->fields, r->text, (size_t)n + 1);
    r->offset = sizeof head + n;
    char why[128];
    if (header_parse(r->fields, &r->header, why, sizeof why))
        return reader_fail(r, err, errlen, why);
    return 0;
}

struct datagen_reader *datagen_reader_open(const char *path, char *err, size_t errlen)
{
    struct datagen_reader *r = calloc(1, sizeof *r);
    if (r)
        r->path = strdup(path);
    if (!r || !r->path) {
        free(r);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    r->f = fopen(path, "rb");
    if (!r->f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        datagen_reader_close(r);
        return NULL;
    }
    if (reader_header(r, err, errlen)) {
        datagen_reader_close(r);
        return NULL;
    }
    return r;
}

const struct datagen_header *datagen_reader_header(const struct datagen_reader *r)
{
    return &r->header;
}

const char *datagen_reader_header_text(const struct datagen_reader *r)
{
    return r->text;
}

/* Reads n bytes; false at the end of the file (the count read kept in r->tail). */
static bool read_exactly(struct datagen_reader *r, void *out, size_t n, uint64_t *got)
{
    size_t k = fread(out, 1, n, r->f);
    *got += k;
    return k == n;
}

int datagen_reader_next(struct datagen_reader *r, struct datagen_record *out, char *err, size_t errlen)
{
    unsigned char head[2], rest[DATAGEN_RECORD_FIXED - 2];
    uint64_t got = 0;
    r->tail = 0;
    if (!read_exactly(r, head, 2, &got)) {
        r->tail = got;
        return 0;
    }
    uint16_t len = get16(head);
    if (len == 0 || len >= DATAGEN_FEN_MAX)
        return reader_fail(r, err, errlen, "a record's FEN length is out of range");
    if (!read_exactly(r, out->fen, len, &got) || !read_exactly(r, rest, sizeof rest, &got)) {
        r->tail = got;
        return 0;
    }
    out->fen[len] = '\0';
    out->score = (int16_t)get16(rest);
    out->result = (int8_t)rest[2];
    out->flags = rest[3];
    out->ply = get16(rest + 4);
    if (strlen(out->fen) != len || out->result < -1 || out->result > 1 || (out->flags & ~DATAGEN_FLAGS_KNOWN)) {
        char why[96];
        snprintf(why, sizeof why, "a malformed record at byte %" PRIu64, r->offset);
        return reader_fail(r, err, errlen, why);
    }
    r->offset += got;
    return 1;
}

uint64_t datagen_reader_offset(const struct datagen_reader *r)
{
    return r->offset;
}

uint64_t datagen_reader_tail(const struct datagen_reader *r)
{
    return r->tail;
}

void datagen_reader_close(struct datagen_reader *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r->path);
    free(r->text);
    free(r->fields);
    free(r);
}
