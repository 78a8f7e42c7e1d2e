/* `rulezero datagen`: a run (new, resumed, or refused under other conditions)
 * and the merge of its shards' files (datagen.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/nnue.h"
#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/datagen.h"
#include "protocol/match/options_table.h"
#include "variants/core/platform.h"
#include "variants/core/variant.h"

#define PATH_LEN 4200
#define COMMAND_LEN 8192

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_REFUSED = 2 };

static int fail(const char *what, const char *why)
{
    fprintf(stderr, "rulezero datagen: %s%s%s\n", what, why ? ": " : "", why ? why : "");
    return EXIT_FAILED;
}

static int refuse(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "rulezero datagen: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return EXIT_REFUSED;
}

/* The data file's size, or -1. */
static long long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END)) {
        if (f)
            fclose(f);
        return -1;
    }
    long long size = ftell(f);
    fclose(f);
    return size;
}

/* A new run's files. */
static int start(const struct datagen_config *c, const char *index_path, const struct datagen_index *asked,
                 struct datagen_writer **w)
{
    char command[COMMAND_LEN], err[512];
    struct datagen_header h;
    if (access(c->out, F_OK) == 0)
        return refuse("%s exists without %s: not a datagen run to resume (remove it or choose another --out)",
                      c->out, index_path);
    datagen_header_of(c, command, sizeof command, &h);
    *w = datagen_writer_open(c->out, &h, err, sizeof err);
    if (!*w || datagen_index_create(index_path, asked, err, sizeof err))
        return fail(err, NULL);
    return EXIT_OK;
}

/* Where the games done end in c->out, checked against its header: 0, or an exit code. */
static int data_end(const struct datagen_config *c, const struct datagen_index *stored, uint64_t *end)
{
    char command[COMMAND_LEN], text[COMMAND_LEN + 4096], err[512];
    struct datagen_header h;
    datagen_header_of(c, command, sizeof command, &h);
    if (datagen_header_text(&h, text, sizeof text, err, sizeof err))
        return fail(err, NULL);
    struct datagen_reader *r = datagen_reader_open(c->out, err, sizeof err);
    if (!r)
        return fail(err, NULL);
    bool same = strcmp(datagen_reader_header_text(r), text) == 0;
    *end = stored->games_done ? stored->end : datagen_reader_offset(r);
    datagen_reader_close(r);
    if (!same)
        return refuse("%s has another header than this command's (made by: %s)", c->out, command);
    long long size = file_size(c->out);
    if (size < 0 || (uint64_t)size < *end)
        return fail(c->out, "shorter than its .games says: remove both and start again");
    return EXIT_OK;
}

/* Continues a run from its files: 0 with *k the shard's next game, or an exit code. */
static int resume(const struct datagen_config *c, const char *index_path, const struct datagen_index *asked,
                  const struct datagen_index *stored, struct datagen_writer **w)
{
    char err[2 * DATAGEN_CONDITIONS * 128 + 4096];
    if (datagen_index_compare(stored, asked, "", index_path, "this command", err, sizeof err))
        return refuse("%s was made under other conditions: %s", c->out, err);
    if (stored->games_done && datagen_game_index(c, stored->games_done - 1) != stored->last_index)
        return fail(index_path, "it lists games this command does not play");
    uint64_t end;
    int rc = data_end(c, stored, &end);
    if (rc)
        return rc;
    if (truncate(index_path, (off_t)stored->bytes))
        return fail(index_path, strerror(errno));
    *w = datagen_writer_append(c->out, end, err, sizeof err);
    return *w ? EXIT_OK : fail(err, NULL);
}

/* Plays the shard's games from its k-th on. */
static int play_all(const struct datagen_config *c, const char *index_path, struct datagen_writer *w, int64_t k)
{
    struct game g;
    struct engine *e = engine_new(16);
    struct datagen_game played = {0};
    if (e)
        engine_set_network(e, c->net); /* the engine frees it */
    else
        nnue_free(c->net);
    char err[VARIANT_ERR_LEN + PATH_LEN];
    int rc = !e || game_init(&g) ? fail("out of memory", NULL) : EXIT_OK;
    int64_t games = 0, records = 0, index;
    double started = pf_clock_seconds();
    for (; rc == EXIT_OK && (index = datagen_game_index(c, k)) >= 0; k++) {
        if (datagen_play(c, index, &g, e, &played, err, sizeof err))
            rc = fail(err, NULL);
        for (int i = 0; i < played.count && rc == EXIT_OK; i++)
            if (datagen_writer_write(w, &played.records[i], err, sizeof err))
                rc = fail(err, NULL);
        if (rc == EXIT_OK && (datagen_writer_flush(w, err, sizeof err) ||
                              datagen_index_add(index_path, index, played.count, datagen_writer_offset(w), err,
                                                sizeof err)))
            rc = fail(err, NULL);
        games++;
        records += played.count;
        if (games % 100 == 0)
            fprintf(stderr, "rulezero datagen: %lld games, %lld positions, %.0f positions an hour\n",
                    (long long)games, (long long)records, records * 3600.0 / (pf_clock_seconds() - started + 1e-9));
    }
    if (rc == EXIT_OK)
        fprintf(stderr, "rulezero datagen: %lld positions from %lld game%s written to %s\n", (long long)records,
                (long long)games, games == 1 ? "" : "s", c->out);
    datagen_game_free(&played);
    if (e) {
        game_free(&g);
        engine_free(e);
    }
    return rc;
}

static int run(struct datagen_config *c)
{
    char index_path[PATH_LEN], err[512];
    struct datagen_index asked, stored;
    datagen_index_path(c->out, index_path, sizeof index_path);
    datagen_index_of(c, &asked);
    int found = datagen_index_read(index_path, &stored, NULL, NULL, err, sizeof err);
    if (found < 0)
        return fail(err, NULL);
    struct datagen_writer *w = NULL;
    int rc = found ? resume(c, index_path, &asked, &stored, &w) : start(c, index_path, &asked, &w);
    if (rc == EXIT_OK)
        rc = play_all(c, index_path, w, found ? stored.games_done : 0);
    else
        nnue_free(c->net);
    if (datagen_writer_close(w, err, sizeof err) && rc == EXIT_OK)
        rc = fail(err, NULL);
    return rc;
}

int datagen_main(int argc, char **argv)
{
    struct datagen_config c;
    const char *merge_out;
    int first_input;
    int rc = datagen_parse(argc, argv, &c, &merge_out, &first_input);
    if (rc)
        return rc == OPTIONS_TABLE_DONE ? EXIT_OK : rc;
    if (merge_out)
        return datagen_merge(merge_out, (const char *const *)argv + first_input, argc - first_input);
    rc = datagen_settle(&c);
    if (rc == 0)
        rc = datagen_load_eval(&c);
    return rc ? rc : run(&c);
}
