/* Rule Zero: `rulezero lab` inside: its settings, the tally of a value's
 * games, the fit, the report. */
#ifndef RULEZERO_LAB_CONFIG_H
#define RULEZERO_LAB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "variants/core/settings.h"
#include "variants/registry.h"

#define LAB_MAX_VALUES 32
#define LAB_MAX_WEIGHTS 64
#define LAB_FILE_LEN 128

struct lab_config {
    const char *variant_id;
    const struct variant *variant;
    const char *vary;                 /* NAME=V1,V2,... as given */
    char setting[64];                 /* NAME, as the variant spells it */
    int value_count;
    char *values[LAB_MAX_VALUES];     /* owned copies */
    char files[LAB_MAX_VALUES][LAB_FILE_LEN]; /* each value's PGN file name inside out */
    char *rules_text[LAB_MAX_VALUES]; /* each value's settings as its games' VariantOptions tag says them */
    int64_t games, random_plies, seed, concurrency, max_moves, fit_passes, fit_bootstrap;
    int64_t max_wait;                 /* --max-wait SEC for the runner; 0: the runner's default */
    const char *tc, *st, *nodes, *depth; /* the limit, passed to the match runner as given */
    bool depth_default;               /* no limit given: depth 3 */
    bool confirm_deeper;              /* --confirm-deeper: the study again one ply deeper, in out/depth-D */
    char deeper_depth[16];            /* in the deeper study's copy of the config: its depth */
    const char *shard;
    const char *out;
    const char *engine;               /* NULL: this program */
    const char *fit_weights;          /* NULL or "all": every weight; else NAME,NAME,... */
    const char *charts;               /* the chart script; NULL: looked for */
    char command[2048];               /* the command line, for the report */
    const struct lab_conditions *conditions; /* the study's, as DIR/conditions.txt keeps them (lab_conditions.c) */
    bool charts_made;                 /* the SVGs are in out */
    bool merge, no_charts;
    int merge_count;
    char **merge_dirs;
};

/* lab_options.c: parses and checks the command line, and every value by
 * setting it on the variant's rules. 0, an exit code, or -1 after --help. */
int lab_parse(int argc, char **argv, struct lab_config *c);
void lab_config_free(struct lab_config *c);

/* lab_play.c: the games, played through the match runner (its console
 * output without the Elo and LOS it would give between two copies of one
 * engine), or gathered from other directories (--merge). 0 or an exit code. */
int lab_check_match_options(const struct lab_config *c);
int lab_play_all(const struct lab_config *c);
int lab_merge_all(const struct lab_config *c);
/* 'text' for /bin/sh; this program's path (0 or -1). */
void lab_shell_quote(const char *text, char *out, size_t n);
int lab_self_path(char *out, size_t n);

/* lab_conditions.c: the conditions a study's games are played under (the
 * engine, the limit, the openings' plies and seed, the length limit, the
 * variant's settings), kept in out/conditions.txt with the commands that
 * played there; a study resumed or merged under other conditions is refused. */
#define LAB_CONDITIONS 8
#define LAB_MAX_COMMANDS 16
struct lab_conditions {
    char key[LAB_CONDITIONS][32];
    char value[LAB_CONDITIONS][SETTINGS_TEXT_LEN];
    bool is_default[LAB_CONDITIONS];
    int count;
    int command_count;
    char commands[LAB_MAX_COMMANDS][2048]; /* the commands that played (or merged) the games, oldest first */
};
/* The conditions the command line asks for. */
void lab_conditions_of(const struct lab_config *c, struct lab_conditions *out);
/* Reads dir/conditions.txt: 1 read, 0 none there, -1 unreadable (err). */
int lab_conditions_read(const char *dir, struct lab_conditions *out, char *err, size_t errlen);
/* 0 the same; else -1, err naming every difference (`where` names the stored ones). */
int lab_conditions_compare(const struct lab_conditions *stored, const struct lab_conditions *asked,
                           const char *where, char *err, size_t errlen);
/* Adds a command to the list (not twice). */
void lab_conditions_add_command(struct lab_conditions *k, const char *command);
/* Writes dir/conditions.txt: 0 or -1. */
int lab_conditions_write(const char *dir, const struct lab_conditions *k);
/* One line: every condition, "depth 3 (default), ...". */
void lab_conditions_line(const struct lab_conditions *k, char *out, size_t n);

/* lab_stats.c: what a value's games say. */
enum lab_end {
    LAB_END_MATE,
    LAB_END_STALEMATE,
    LAB_END_KING_CAPTURE,
    LAB_END_REPETITION,
    LAB_END_FIFTY,
    LAB_END_MATERIAL,
    LAB_END_ADJUDICATION,
    LAB_END_RESIGNATION,
    LAB_END_FORFEIT,
    LAB_END_OTHER,
    LAB_END_KINDS
};
extern const char *const lab_end_names[LAB_END_KINDS];

struct lab_tally {
    int games, white_wins, draws, black_wins;
    int unfinished;                   /* games without a result, not counted */
    double plies_sum, plies_square_sum;
    int ends[LAB_END_KINDS];
};

struct interval {
    double value, low, high;
};

/* Adds the games of value v's PGN file in dir (a missing file adds none):
 * 0, or -1 with err, also for a game of another variant or other settings
 * (a directory used for another study). */
int lab_tally_file(const struct lab_config *c, int v, const char *dir, struct lab_tally *t, char *err,
                   size_t errlen);
/* The end a game's Termination tag and closing comment describe. */
enum lab_end lab_end_of(const char *termination, const char *reason);
/* Wilson's score interval (95%) of k successes in n. */
struct interval lab_wilson(int k, int n);
/* White's score (win 1, draw 1/2) with its normal-approximation interval. */
struct interval lab_white_score(const struct lab_tally *t);
/* Game length in plies: mean, normal-approximation interval. */
struct interval lab_length(const struct lab_tally *t);

/* lab_fit.c: the evaluation weights fitted to a value's games. */
struct lab_fit {
    bool done;
    char why[160];                    /* when not done: why not */
    int positions, count;
    double k, error_before, error_after, seconds;
    char names[LAB_MAX_WEIGHTS][40];
    int before[LAB_MAX_WEIGHTS], after[LAB_MAX_WEIGHTS];
    int bootstrap;                    /* refits over games drawn with replacement (0: no interval) */
    double low[LAB_MAX_WEIGHTS], high[LAB_MAX_WEIGHTS]; /* 95% percentile interval of those refits */
};
/* A fitted weight differs from its default: the fit to all the games moved it,
 * and its interval leaves the default out on that side. */
bool lab_fit_significant(const struct lab_fit *f, int w);
/* Fits the variant's weights (all, or the listed ones) to the quiet
 * positions of the PGN file, played under `value` of `setting`; the
 * weights are back at their defaults afterwards. */
void lab_fit_file(const struct lab_config *c, int value, const char *path, struct lab_fit *out);

/* lab_report.c: lab.json (the charts' input) in c->out; then, once the
 * charts are drawn, report.md and report.html (with the charts when
 * c->charts_made). 0 or -1 after saying why. */
int lab_write_json(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                   const struct lab_tally *deeper);
int lab_write_report(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                     const struct lab_tally *deeper);

/* lab_deeper.c: whether a study's answers hold one ply deeper. An answer is
 * the direction of a figure (White's score, draw rate, mean length, each way
 * of ending) from one value to another. */
#define LAB_MAX_ANSWERS 512
struct lab_answer {
    char figure[64];
    int from, to;                     /* value indices */
    double base, deeper;              /* the difference to - from at each depth */
    bool base_clear, deeper_clear;    /* the two values' 95% intervals apart */
    int verdict;                      /* 1 holds, -1 flips, 0 no direction at one depth (equal) */
};
int lab_answers(const struct lab_config *c, const struct lab_tally *base, const struct lab_tally *deeper,
                struct lab_answer *out, int max);
/* "all 12 answers hold" or "2 of 12 answers flip: ...". */
void lab_answers_summary(const struct lab_config *c, const struct lab_answer *a, int n, char *out, size_t len);
const char *lab_verdict_name(int verdict);
/* Both at once, the answers allocated (free them; NULL without memory), n their count. */
struct lab_answer *lab_answers_made(const struct lab_config *c, const struct lab_tally *base,
                                    const struct lab_tally *deeper, int *n, char *summary, size_t len);

#endif
