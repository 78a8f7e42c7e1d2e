/* Rule Zero: `rulezero puzzles`, positions from self-play where one turn
 * clearly wins, to learn a game by (docs/puzzles.md).
 *
 *   puzzles_find.c     the finder: a MultiPV 2 search with a gap, confirmed deeper
 *   puzzles_format.c   a puzzle as a line of JSON, and back
 *   puzzles_options.c  the command line into a puzzles_config
 *   puzzles_main.c     the run: self-play games, each searched for a puzzle
 *   puzzles_check.c    `--check FILE...`: every puzzle of a file checked again
 * puzzles_main returns the exit code: 0 ok, 1 a failure (a file, a puzzle
 * that no longer holds), 2 a usage error. */
#ifndef RULEZERO_PUZZLES_H
#define RULEZERO_PUZZLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/search.h"
#include "variants/core/fen.h"
#include "variants/core/turn.h"

struct engine;
struct game;
struct position;
struct variant;

/* A clear win: the best turn scores at least WIN, the second at most
 * SECOND_MAX and at least GAP below it (a mate against no mate counts as
 * such a gap). The check of a shipped puzzle asks for CHECK_GAP only, so that
 * a small change of the evaluation does not fail a puzzle that still teaches. */
#define PUZZLE_WIN_CP 300
#define PUZZLE_GAP_CP 300
#define PUZZLE_SECOND_MAX_CP 100
#define PUZZLE_CHECK_GAP_CP 200
/* Turns of the solution's line at most: the winning turn, the reply, ... */
#define PUZZLE_LINE_MAX 5
#define PUZZLE_OPTIONS_MAX 8
#define PUZZLE_OPTION_LEN 1200
#define PUZZLE_HASH_MB 16

/* The two best lines of a MultiPV 2 search at a depth. */
struct puzzle_lines {
    int count;                 /* lines found: 0 (no legal turn), 1 or 2 */
    int depth;                 /* the deepest iteration completed */
    int score[2];              /* centipawns or mate scores, the side to move's view */
    struct turn first;         /* the best line's first turn */
    char pv[1024];             /* the best line, turns separated by spaces */
};

struct puzzle {
    char fen[FEN_MAX_LEN];
    int depth;                 /* the confirming search's depth, at which the check searches */
    int score, second;         /* the two lines' scores there */
    int line_count;
    char line[PUZZLE_LINE_MAX][TURN_TEXT_LEN];     /* coordinates, as the engine reads them */
    char notation[PUZZLE_LINE_MAX][TURN_TEXT_LEN]; /* the readable notation */
    int64_t game, ply;         /* where self-play met it (-1: not from self-play) */
};

/* ---- puzzles_find.c */
/* A MultiPV 2 search of pos under limits (the hash as it is): its result, and its lines into out. */
struct search_limits;
struct search_result puzzle_search_with(struct engine *e, const struct position *pos,
                                        const struct search_limits *limits, struct puzzle_lines *out);
/* Searches pos (the hash cleared first: the same position gives the same
 * answer) to `depth` with MultiPV 2, one thread. */
void puzzle_search(struct engine *e, const struct position *pos, int depth, struct puzzle_lines *out);
/* Whether the lines show one turn that clearly wins with at least `gap` over the second. */
bool puzzle_lines_clear(const struct puzzle_lines *l, int gap);
/* The finder on g's current position, read again from its FEN (a puzzle
 * stands on its FEN alone): the lines at `depth` show a clear win, and the
 * search at `confirm_depth` shows the same turn winning as clearly. 1 with
 * *out filled (game and ply -1), 0 when not a puzzle, -1 with a message. */
int puzzle_find(struct engine *e, struct game *g, int depth, int confirm_depth, struct puzzle *out, char *err,
                size_t errlen);

/* ---- puzzles_format.c: one JSON object a line (docs/puzzles.md). */
struct puzzle_header {
    const char *variant, *command;
    const char *const *options; /* "NAME=VALUE" */
    int option_count;
};
void puzzle_write_header(FILE *f, const struct puzzle_header *h);
void puzzle_write(FILE *f, const char *variant, const char *const *options, int option_count, int64_t number,
                  const struct puzzle *p);
/* A puzzle line read back: its variant, options, FEN, depth and line. 1 when
 * the line is a puzzle, 0 when it is the header (or blank), -1 with a message. */
struct puzzle_read {
    char id[64], variant[64];
    char options[PUZZLE_OPTIONS_MAX][PUZZLE_OPTION_LEN];
    int option_count;
    struct puzzle p;
};
int puzzle_parse(const char *text, struct puzzle_read *out, char *err, size_t errlen);

/* ---- puzzles_options.c */
struct puzzles_config {
    const struct variant *variant;
    const char *out;
    int64_t count, nodes, depth, confirm_depth, seed, random_plies, max_plies, max_games;
    const char *options[PUZZLE_OPTIONS_MAX]; /* --option NAME=VALUE, as given */
    int option_count;
    bool check;  /* --check FILE...: the files are argv[first_file..] */
};
/* 0, an exit code after a message, or OPTIONS_TABLE_DONE after --help. */
int puzzles_parse(int argc, char **argv, struct puzzles_config *c, int *first_file);
/* Prints "rulezero puzzles: MESSAGE" and a pointer to --help; returns 2. */
int puzzles_usage_error(const char *fmt, const char *arg);
/* The command that makes the file, less --out. */
void puzzles_command(const struct puzzles_config *c, char *out, size_t n);
/* Sets the options on g and starts it from fen (NULL: the start): 0, or -1 with a message. */
int puzzles_new_game(struct game *g, const struct variant *v, const char *const *options, int option_count,
                     const char *fen, char *err, size_t errlen);

/* ---- puzzles_check.c: an exit code. */
int puzzles_check(const char *const *files, int count);

int puzzles_main(int argc, char **argv);

#endif
