/* Rule Zero: the training data's file format (docs/networks.md, "Training data").
 *
 * A file is the magic `RZDATA01`, a uint32 LE length N and N bytes of UTF-8
 * header text (lines `key value`: `variant NAME`, `option NAME=VALUE` per
 * setting that differs from the variant's default, `command ...`, `eval ...`
 * when a network made the data (none: the hand-set evaluation), `seed S`),
 * then records until the end of the file, each: uint16 LE L, L bytes of FEN,
 * int16 LE score (centipawns, side to move's view), int8 result (+1/0/-1, side
 * to move's view), uint8 flags (DATAGEN_FLAG_*), uint16 LE ply within its game.
 * All integers little-endian whatever the host. */
#ifndef RULEZERO_DATAGEN_FORMAT_H
#define RULEZERO_DATAGEN_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DATAGEN_MAGIC "RZDATA01"
#define DATAGEN_MAGIC_LEN 8
#define DATAGEN_HEADER_MAX (1u << 20) /* longer header text: not a data file */
#define DATAGEN_FEN_MAX 1024          /* with the NUL; a longer FEN is refused */
#define DATAGEN_OPTIONS_MAX 64
#define DATAGEN_SCORE_MAX 32000       /* mate scores are clamped to +-this */
#define DATAGEN_RECORD_FIXED 8        /* L, score, result, flags, ply: the bytes beside the FEN */

enum {
    DATAGEN_FLAG_IN_CHECK = 1,  /* the side to move is in check */
    DATAGEN_FLAG_CAPTURE = 2,   /* the search's best move is a capture */
    DATAGEN_FLAG_HALF_TURN = 4, /* a turn half made (a pending chain, a link action to come) */
    DATAGEN_FLAGS_KNOWN = 7,    /* bits 3-7 are zero */
};

struct datagen_record {
    char fen[DATAGEN_FEN_MAX];
    int16_t score;
    int8_t result;
    uint8_t flags;
    uint16_t ply;
};

/* A file's header. For the writer, the caller's strings; from the reader, the
 * reader's own (valid until datagen_reader_close). */
struct datagen_header {
    const char *variant;
    const char *options[DATAGEN_OPTIONS_MAX]; /* "NAME=VALUE" */
    int option_count;
    const char *command;
    uint64_t seed;
    /* The evaluation the searches used: "network checksum HEX FILE"; NULL
     * (no `eval` line) for the hand-set evaluation, as in every older file. */
    const char *eval;
};

/* The header's text, as the file holds it: 0, or -1 with a message (too long,
 * a newline inside a value). */
int datagen_header_text(const struct datagen_header *h, char *out, size_t n, char *err, size_t errlen);

/* A record's bytes: their count (L + 8), or 0 with a message (an empty or
 * too long FEN, a result outside -1..1, unknown flags). */
size_t datagen_record_encode(const struct datagen_record *r, unsigned char *out, size_t n, char *err, size_t errlen);

/* ---- Writer. */
struct datagen_writer;
/* Creates (or truncates) path and writes the header; NULL with a message. */
struct datagen_writer *datagen_writer_open(const char *path, const struct datagen_header *h, char *err, size_t errlen);
/* Reopens a data file to append at byte `end` (a record boundary the caller
 * knows, e.g. from datagen_reader_offset); what lay beyond is cut off. */
struct datagen_writer *datagen_writer_append(const char *path, uint64_t end, char *err, size_t errlen);
/* 0, or -1 with a message. */
int datagen_writer_write(struct datagen_writer *w, const struct datagen_record *r, char *err, size_t errlen);
/* Pushes what was written to the file (fflush): 0, or -1 with a message. */
int datagen_writer_flush(struct datagen_writer *w, char *err, size_t errlen);
/* The bytes written so far, header included (the file's size after a flush). */
uint64_t datagen_writer_offset(const struct datagen_writer *w);
/* Flushes and closes (w may be NULL): 0, or -1 with a message. */
int datagen_writer_close(struct datagen_writer *w, char *err, size_t errlen);

/* ---- Reader. */
struct datagen_reader;
/* Opens path and reads its header; NULL with a message (not a data file, a
 * header without `variant`). */
struct datagen_reader *datagen_reader_open(const char *path, char *err, size_t errlen);
const struct datagen_header *datagen_reader_header(const struct datagen_reader *r);
/* The header's text as stored. */
const char *datagen_reader_header_text(const struct datagen_reader *r);
/* The next record: 1, 0 at the end of the file (see datagen_reader_tail), or
 * -1 with a message (a malformed record: L of 0, result or flags out of range). */
int datagen_reader_next(struct datagen_reader *r, struct datagen_record *out, char *err, size_t errlen);
/* The byte offset just after the last whole record read (or the header). */
uint64_t datagen_reader_offset(const struct datagen_reader *r);
/* After next returned 0: the bytes of a truncated last record (0 when the file
 * ended cleanly at a record boundary). A file still being written may end so. */
uint64_t datagen_reader_tail(const struct datagen_reader *r);
void datagen_reader_close(struct datagen_reader *r);

/* ---- The rules a file's positions are read under (datagen_rules.c). */
struct settings;
/* The settings of h's variant with each `option` line set (settings_free
 * them): 0, or -1 with a message (an unknown variant, a refused option).
 * A record's FEN is then read with fen_read_with(pos, settings, fen, ...). */
int datagen_header_settings(const struct datagen_header *h, struct settings *out, char *err, size_t errlen);

#endif
