/* Rule Zero: `rulezero datagen`, training data from self-play (docs/networks.md).
 *
 *   datagen_options.c  the command line (an options table) into a datagen_config
 *   datagen_index.c    the conditions and the games done, kept beside the data in FILE.games
 *   datagen_play.c     one game of self-play into records
 *   datagen_eval.c     --eval-file: the network the searches evaluate with
 *   datagen_main.c     a run: new, resumed or refused
 *   datagen_merge.c    the shards' files into the whole run's
 * datagen_main returns the exit code: 0 ok, 1 a failure (a file, the rules),
 * 2 a usage error or a resume or merge under other conditions. */
#ifndef RULEZERO_DATAGEN_H
#define RULEZERO_DATAGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "protocol/learn/datagen_format.h"

struct variant;
struct nnue_net;
struct game;
struct engine;

struct datagen_config {
    const struct variant *variant;
    const char *out;
    int64_t games, nodes, depth, seed, random_plies, max_plies;
    int shard_index, shard_count; /* --shard I/N, I from 1; 1/1 for the whole run */
    const char *options[DATAGEN_OPTIONS_MAX]; /* --option NAME=VALUE, as given */
    int option_count;
    /* The settings that differ from the variant's defaults, "NAME=VALUE" each
     * (datagen_settle fills them from `options`; they point into `differ_text`). */
    const char *differ[DATAGEN_OPTIONS_MAX];
    int differ_count;
    char differ_text[4096];
    const char *eval_file;    /* --eval-file NET, as given (NULL: the hand-set evaluation) */
    char eval[4200];          /* the header's `eval` ("network checksum HEX NET"); "" for the hand-set */
    struct nnue_net *net;     /* datagen_load_eval's, for the searches (the engine takes it) */
};

int datagen_main(int argc, char **argv);
/* ---- datagen_merge.c: the shards' files into the whole run's: an exit code. */
int datagen_merge(const char *out, const char *const *inputs, int count);

/* ---- datagen_options.c */
/* Reads argv into c (the merge's files: *merge_out and argv[*first_input..]):
 * 0, an exit code after a message, or OPTIONS_TABLE_DONE after --help. */
int datagen_parse(int argc, char **argv, struct datagen_config *c, const char **merge_out, int *first_input);
/* Checks the options against the variant and fills c->differ: 0, or 2 after a message. */
int datagen_settle(struct datagen_config *c);
/* ---- datagen_eval.c */
/* Loads c->eval_file (when given) for c's game and fills c->eval: 0, 1 after
 * a message (a file that is no network), or 2 (a network of another game). */
int datagen_load_eval(struct datagen_config *c);
/* c->eval and c->eval_file from an `eval` value (an index's, a header's; NULL: none). */
void datagen_eval_of(struct datagen_config *c, const char *eval);

/* The command that makes this data, less --out (the header's `command`). */
void datagen_command(const struct datagen_config *c, char *out, size_t n);
/* The data file's header for c (what datagen_writer_open takes). */
void datagen_header_of(const struct datagen_config *c, char *command, size_t n, struct datagen_header *h);
/* Prints "rulezero datagen: MESSAGE" and a pointer to --help; returns 2. */
int datagen_usage_error(const char *fmt, const char *arg);

/* The game index of the shard's k-th game (from 0), or -1 past its last. */
int64_t datagen_game_index(const struct datagen_config *c, int64_t k);

/* ---- datagen_index.c: FILE.games, "key: value" lines then "game: INDEX RECORDS END". */
#define DATAGEN_CONDITIONS 12
struct datagen_index {
    int count;
    char key[DATAGEN_CONDITIONS][32];
    char value[DATAGEN_CONDITIONS][4200];
    int64_t games_done;      /* whole "game:" lines read */
    int64_t last_index;      /* the last game's index (-1: none) */
    uint64_t end;            /* the data's size after the last game (0: none) */
    int64_t records;         /* records in all games done */
    uint64_t bytes;          /* the index file's whole lines (a line cut by a kill lies beyond) */
};
void datagen_index_path(const char *out, char *path, size_t n);
/* The conditions of c. */
void datagen_index_of(const struct datagen_config *c, struct datagen_index *out);
/* Reads path: 1, 0 when it does not exist, or -1 with a message. Each game
 * line is passed to on_game (may be NULL) in order. */
int datagen_index_read(const char *path, struct datagen_index *out,
                       int (*on_game)(void *ctx, int64_t index, int64_t records, uint64_t end), void *ctx,
                       char *err, size_t errlen);
/* The conditions of stored that differ from asked, named ("KEY STORED in WHERE, ASKED in
 * HERE"; keys in `skip`, comma-separated, are not compared): their count. */
int datagen_index_compare(const struct datagen_index *stored, const struct datagen_index *asked, const char *skip,
                          const char *where, const char *here, char *err, size_t errlen);
/* The config written in an index's conditions (variant, options, limits, shard): 0, or -1. */
int datagen_index_config(const struct datagen_index *k, struct datagen_config *c, char *err, size_t errlen);
/* Writes the conditions (no games) anew: 0, or -1 with a message. */
int datagen_index_create(const char *path, const struct datagen_index *k, char *err, size_t errlen);
/* Appends a game's line and flushes: 0, or -1 with a message. */
int datagen_index_add(const char *path, int64_t index, int64_t records, uint64_t end, char *err, size_t errlen);

/* ---- datagen_play.c */
struct datagen_game {
    struct datagen_record *records;
    unsigned char *sides; /* each record's side to move, for its result */
    int count, capacity;
};
void datagen_game_free(struct datagen_game *g);
/* Plays game `index` of c with engine e on g into out: 0, or -1 with a message. */
int datagen_play(const struct datagen_config *c, int64_t index, struct game *g, struct engine *e,
                 struct datagen_game *out, char *err, size_t errlen);

#endif
