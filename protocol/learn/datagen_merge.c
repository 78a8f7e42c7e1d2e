/* `rulezero datagen --merge OUT IN...`: the shards' files into the file the
 * whole run makes, byte for byte (its header, its records in game order, its
 * .games), after checking that the shards are one run's, all there and done. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/learn/datagen.h"

#define PATH_LEN 4200
#define COMMAND_LEN 8192

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_REFUSED = 2 };

struct shard {
    const char *path;
    char index_path[PATH_LEN];
    struct datagen_index index;
    struct datagen_config c;
    struct datagen_reader *reader;
    uint64_t *ends;   /* each game's end in the file */
    int64_t *records; /* each game's records */
    int64_t games, capacity;
};

static int say(int rc, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "rulezero datagen --merge: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return rc;
}

static int keep_game(void *ctx, int64_t index, int64_t records, uint64_t end)
{
    (void)index;
    struct shard *s = ctx;
    if (s->games == s->capacity) {
        int64_t capacity = s->capacity ? 2 * s->capacity : 1024;
        uint64_t *ends = realloc(s->ends, sizeof *ends * (size_t)capacity);
        if (ends)
            s->ends = ends;
        int64_t *more = ends ? realloc(s->records, sizeof *more * (size_t)capacity) : NULL;
        if (!more)
            return -1;
        s->records = more;
        s->capacity = capacity;
    }
    s->ends[s->games] = end;
    s->records[s->games++] = records;
    return 0;
}

static int read_shard(struct shard *s)
{
    char err[PATH_LEN + 256];
    datagen_index_path(s->path, s->index_path, sizeof s->index_path);
    int found = datagen_index_read(s->index_path, &s->index, keep_game, s, err, sizeof err);
    if (found == 0)
        return say(EXIT_REFUSED, "%s is missing (each shard's file has its .games beside it)%s", s->index_path, "");
    if (found < 0)
        return say(EXIT_FAILED, "%s%s", err, "");
    if (datagen_index_config(&s->index, &s->c, err, sizeof err))
        return say(EXIT_FAILED, "%s: %s", s->index_path, err);
    int64_t games = 0;
    while (datagen_game_index(&s->c, games) >= 0)
        games++;
    if (games != s->games)
        return say(EXIT_REFUSED, "%s holds only some of its shard's games: run its command again to finish it%s",
                   s->path, "");
    s->reader = datagen_reader_open(s->path, err, sizeof err);
    return s->reader ? EXIT_OK : say(EXIT_FAILED, "%s%s", err, "");
}

/* The shards are one run's: the same conditions, each shard of N once. */
static int check_shards(struct shard *shards, int count, const char *out)
{
    char err[2 * DATAGEN_CONDITIONS * 128 + 4096];
    int n = shards[0].c.shard_count;
    for (int i = 0; i < count; i++) {
        if (strcmp(shards[i].path, out) == 0)
            return say(EXIT_REFUSED, "%s is both a shard and the output%s", out, "");
        if (datagen_index_compare(&shards[i].index, &shards[0].index, "shard", shards[i].index_path,
                                  shards[0].index_path, err, sizeof err))
            return say(EXIT_REFUSED, "the shards were made under other conditions: %s%s", err, "");
        if (shards[i].c.shard_count != n)
            return say(EXIT_REFUSED, "%s and %s are shards of different splits", shards[i].path, shards[0].path);
        for (int j = 0; j < i; j++)
            if (shards[j].c.shard_index == shards[i].c.shard_index)
                return say(EXIT_REFUSED, "%s and %s are the same shard", shards[j].path, shards[i].path);
    }
    if (count != n) {
        char text[64];
        snprintf(text, sizeof text, "%d of %d", count, n);
        return say(EXIT_REFUSED, "%s shards given: all are needed (%s)", text, "the missing games would be lost");
    }
    return EXIT_OK;
}

/* Game `index` of the whole run: its shard's records, copied. */
static int copy_game(struct shard *s, int64_t k, struct datagen_writer *w, char *err, size_t errlen)
{
    struct datagen_record r;
    for (int64_t i = 0; i < s->records[k]; i++) {
        if (datagen_reader_next(s->reader, &r, err, errlen) != 1) {
            snprintf(err, errlen, "%s: fewer records than its .games says", s->path);
            return -1;
        }
        if (datagen_writer_write(w, &r, err, errlen))
            return -1;
    }
    if (datagen_reader_offset(s->reader) != s->ends[k]) {
        snprintf(err, errlen, "%s: its records do not end where its .games says", s->path);
        return -1;
    }
    return 0;
}

static int write_whole(struct shard *shards, int count, const char *out)
{
    struct datagen_config whole = shards[0].c;
    whole.shard_index = whole.shard_count = 1;
    whole.out = out;
    char command[COMMAND_LEN], index_path[PATH_LEN], err[PATH_LEN + 256];
    struct datagen_header h;
    struct datagen_index k;
    datagen_header_of(&whole, command, sizeof command, &h);
    datagen_index_of(&whole, &k);
    datagen_index_path(out, index_path, sizeof index_path);
    struct datagen_writer *w = datagen_writer_open(out, &h, err, sizeof err);
    int rc = !w || datagen_index_create(index_path, &k, err, sizeof err) ? -1 : 0;
    int64_t records = 0;
    for (int64_t g = 0; g < whole.games && rc == 0; g++) {
        struct shard *s = NULL;
        for (int i = 0; i < count && !s; i++)
            if (shards[i].c.shard_index - 1 == g % count)
                s = &shards[i];
        rc = copy_game(s, g / count, w, err, sizeof err);
        if (rc == 0)
            rc = datagen_index_add(index_path, g, s->records[g / count], datagen_writer_offset(w), err, sizeof err);
        records += rc == 0 ? s->records[g / count] : 0;
    }
    if (datagen_writer_close(w, err, sizeof err))
        rc = -1;
    if (rc)
        return say(EXIT_FAILED, "%s%s", err, "");
    fprintf(stderr, "rulezero datagen: %lld positions from %lld games merged into %s\n", (long long)records,
            (long long)whole.games, out);
    return EXIT_OK;
}

int datagen_merge(const char *out, const char *const *inputs, int count)
{
    struct shard *shards = calloc((size_t)count, sizeof *shards);
    if (!shards)
        return say(EXIT_FAILED, "out of memory%s%s", "", "");
    int rc = EXIT_OK;
    for (int i = 0; i < count && rc == EXIT_OK; i++) {
        shards[i].path = inputs[i];
        rc = read_shard(&shards[i]);
    }
    if (rc == EXIT_OK)
        rc = check_shards(shards, count, out);
    if (rc == EXIT_OK)
        rc = write_whole(shards, count, out);
    for (int i = 0; i < count; i++) {
        datagen_reader_close(shards[i].reader);
        free(shards[i].ends);
        free(shards[i].records);
    }
    free(shards);
    return rc;
}
