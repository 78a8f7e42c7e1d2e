/* `rulezero datagen`: FILE.games, the conditions of FILE's games and where each
 * game ends, so that a run is resumed (the games done kept, a game cut short
 * played again), refused under other conditions, and merged from shards. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol/learn/datagen.h"
#include "variants/core/text.h"
#include "variants/core/types.h"
#include "variants/core/variant.h"
#include "variants/registry.h"

void datagen_index_path(const char *out, char *path, size_t n)
{
    snprintf(path, n, "%s.games", out);
}

static void put(struct datagen_index *k, const char *key, const char *value)
{
    int i = k->count++;
    snprintf(k->key[i], sizeof k->key[i], "%s", key);
    snprintf(k->value[i], sizeof k->value[i], "%s", value);
}

static void put_number(struct datagen_index *k, const char *key, int64_t value)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)value);
    put(k, key, text);
}

void datagen_index_of(const struct datagen_config *c, struct datagen_index *out)
{
    char text[sizeof out->value[0]];
    *out = (struct datagen_index){.last_index = -1};
    put(out, "variant", c->variant->id);
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < c->differ_count && used < sizeof text; i++)
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", i ? "; " : "", c->differ[i]);
    put(out, "options", c->differ_count ? text : "none");
    put_number(out, "games", c->games);
    snprintf(text, sizeof text, "%s %lld", c->nodes ? "nodes" : "depth", (long long)(c->nodes ? c->nodes : c->depth));
    put(out, "limit", text);
    put_number(out, "seed", c->seed);
    put_number(out, "random plies", c->random_plies);
    put_number(out, "max plies", c->max_plies);
    snprintf(text, sizeof text, "%d/%d", c->shard_index, c->shard_count);
    put(out, "shard", text);
    if (c->eval[0])
        put(out, "eval", c->eval);
    put(out, "engine", "rulezero " RULEZERO_VERSION);
}

/* A "game: INDEX RECORDS END" line into k; -1 when malformed. */
static int read_game(char *value, struct datagen_index *k,
                     int (*on_game)(void *ctx, int64_t index, int64_t records, uint64_t end), void *ctx)
{
    char *fields[4];
    int64_t index, records, end;
    if (text_split(value, " ", fields, 4) != 3 || text_int64(fields[0], 0, INT64_MAX, &index) ||
        text_int64(fields[1], 0, INT64_MAX, &records) || text_int64(fields[2], 0, INT64_MAX, &end) ||
        index <= k->last_index || (uint64_t)end < k->end)
        return -1;
    if (on_game && on_game(ctx, index, records, (uint64_t)end))
        return -1;
    k->games_done++;
    k->last_index = index;
    k->end = (uint64_t)end;
    k->records += records;
    return 0;
}

/* One line (its newline removed) into k: 0, or -1 when malformed. */
static int read_line(char *line, struct datagen_index *k,
                     int (*on_game)(void *ctx, int64_t index, int64_t records, uint64_t end), void *ctx)
{
    if (line[0] == '#' || !line[0])
        return 0;
    char *sep = strstr(line, ": ");
    if (!sep)
        return -1;
    *sep = '\0';
    if (strcmp(line, "game") == 0)
        return read_game(sep + 2, k, on_game, ctx);
    if (k->count == DATAGEN_CONDITIONS || k->games_done)
        return -1;
    put(k, line, sep + 2);
    return 0;
}

int datagen_index_read(const char *path, struct datagen_index *out,
                       int (*on_game)(void *ctx, int64_t index, int64_t records, uint64_t end), void *ctx,
                       char *err, size_t errlen)
{
    *out = (struct datagen_index){.last_index = -1};
    FILE *f = fopen(path, "rb"); /* binary: `bytes` counts what is on disk */
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    long long len;
    int64_t number = 0;
    int rc = 1;
    while (rc == 1 && (len = text_read_line(&line, &cap, f)) >= 0) {
        number++;
        bool whole = len > 0 && line[len - 1] == '\n';
        if (!whole) /* a line cut by a kill: its game is played again */
            break;
        line[len - 1] = '\0';
        if (read_line(line, out, on_game, ctx)) {
            snprintf(err, errlen, "%s:%lld: a malformed line", path, (long long)number);
            rc = -1;
        }
        else
            out->bytes += (uint64_t)len;
    }
    free(line);
    fclose(f);
    return rc;
}

static const char *find(const struct datagen_index *k, const char *key)
{
    for (int i = 0; i < k->count; i++)
        if (strcmp(k->key[i], key) == 0)
            return k->value[i];
    return NULL;
}

static bool skipped(const char *skip, const char *key)
{
    size_t n = strlen(key);
    for (const char *p = skip; p && (p = strstr(p, key)) != NULL; p += n)
        if ((p == skip || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return true;
    return false;
}

int datagen_index_compare(const struct datagen_index *stored, const struct datagen_index *asked, const char *skip,
                          const char *where, const char *here, char *err, size_t errlen)
{
    int differences = 0;
    size_t len = 0;
    err[0] = '\0';
    for (int i = 0; i < asked->count; i++) {
        const char *there = find(stored, asked->key[i]);
        if (skipped(skip, asked->key[i]) || (there && strcmp(there, asked->value[i]) == 0))
            continue;
        int w = snprintf(err + len, errlen - len, "%s%s %s in %s, %s in %s", differences ? "; " : "",
                         asked->key[i], there ? there : "not recorded", where, asked->value[i], here);
        if (w > 0 && (size_t)w < errlen - len)
            len += (size_t)w;
        differences++;
    }
    for (int i = 0; i < stored->count; i++) { /* a condition only the stored run has (its network) */
        if (skipped(skip, stored->key[i]) || find(asked, stored->key[i]))
            continue;
        int w = snprintf(err + len, errlen - len, "%s%s %s in %s, not recorded in %s", differences ? "; " : "",
                         stored->key[i], stored->value[i], where, here);
        if (w > 0 && (size_t)w < errlen - len)
            len += (size_t)w;
        differences++;
    }
    return differences;
}

static int number_of(const struct datagen_index *k, const char *key, int64_t *out)
{
    const char *text = find(k, key);
    return text ? text_int64(text, 0, INT64_MAX, out) : -1;
}

/* "options" back into c's differences. */
static int options_of(const char *text, struct datagen_config *c)
{
    c->differ_count = 0;
    if (strcmp(text, "none") == 0)
        return 0;
    snprintf(c->differ_text, sizeof c->differ_text, "%s", text);
    for (char *p = c->differ_text; p && c->differ_count < DATAGEN_OPTIONS_MAX;) {
        c->differ[c->differ_count++] = p;
        p = strstr(p, "; ");
        if (p) {
            *p = '\0';
            p += 2;
        }
    }
    return 0;
}

int datagen_index_config(const struct datagen_index *k, struct datagen_config *c, char *err, size_t errlen)
{
    *c = (struct datagen_config){0};
    const char *variant = find(k, "variant"), *limit = find(k, "limit"), *shard = find(k, "shard");
    const char *options = find(k, "options");
    int64_t number;
    c->variant = variant ? variant_find(variant) : NULL;
    bool ok = c->variant && limit && shard && options && number_of(k, "games", &c->games) == 0 &&
              number_of(k, "seed", &c->seed) == 0 && number_of(k, "random plies", &c->random_plies) == 0 &&
              number_of(k, "max plies", &c->max_plies) == 0 &&
              sscanf(shard, "%d/%d", &c->shard_index, &c->shard_count) == 2 && options_of(options, c) == 0;
    if (ok && sscanf(limit, "nodes %" SCNd64, &number) == 1)
        c->nodes = number;
    else if (ok && sscanf(limit, "depth %" SCNd64, &number) == 1)
        c->depth = number;
    else
        ok = false;
    if (ok)
        datagen_eval_of(c, find(k, "eval"));
    if (!ok)
        snprintf(err, errlen, "its conditions are incomplete");
    return ok ? 0 : -1;
}

int datagen_index_create(const char *path, const struct datagen_index *k, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
        return -1;
    }
    fprintf(f, "# rulezero datagen: the conditions of the data's games, then where each game ends\n"
               "# (game: INDEX RECORDS END_BYTE). A resume under other conditions is refused.\n");
    for (int i = 0; i < k->count; i++)
        fprintf(f, "%s: %s\n", k->key[i], k->value[i]);
    bool written = fclose(f) == 0;
    if (written && rename(tmp, path)) /* Windows renames onto no existing file */
        written = remove(path) == 0 && rename(tmp, path) == 0;
    if (!written) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int datagen_index_add(const char *path, int64_t index, int64_t records, uint64_t end, char *err, size_t errlen)
{
    FILE *f = fopen(path, "ab");
    bool ok = f && fprintf(f, "game: %lld %lld %llu\n", (long long)index, (long long)records,
                           (unsigned long long)end) > 0;
    if ((f && fclose(f)) || !ok) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
