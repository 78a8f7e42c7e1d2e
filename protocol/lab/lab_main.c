/* `rulezero lab`: plays each value's games through the match runner (Rule
 * Zero against itself, the value given to both engines and to the referee as
 * the variant option), or gathers them (--merge), then reports. */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol/lab/lab.h"
#include "protocol/lab/lab_config.h"
#include "protocol/match/match.h"
#include "protocol/match/match_config.h"

#define PATH_LEN 4096

/* 'text' for /bin/sh, quotes inside made '\''. */
static void shell_quote(const char *text, char *out, size_t n)
{
    size_t k = 0;
    if (n < 3)
        return;
    out[k++] = '\'';
    for (const char *s = text; *s && k + 6 < n; s++) {
        if (*s == '\'') {
            memcpy(out + k, "'\\''", 4);
            k += 4;
        } else {
            out[k++] = *s;
        }
    }
    out[k++] = '\'';
    out[k] = '\0';
}

static void note_command(struct lab_config *c, int argc, char **argv)
{
    snprintf(c->command, sizeof c->command, "rulezero");
    for (int i = 0; i < argc; i++) {
        char q[1024];
        bool plain = strspn(argv[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=,./+:") ==
                     strlen(argv[i]);
        if (plain)
            snprintf(q, sizeof q, "%s", argv[i]);
        else
            shell_quote(argv[i], q, sizeof q);
        size_t len = strlen(c->command);
        snprintf(c->command + len, sizeof c->command - len, " %s", q);
    }
}

static int self_path(char *out, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", out, n - 1);
    if (len <= 0)
        return -1;
    out[len] = '\0';
    return 0;
}

static void pgn_path(const struct lab_config *c, const char *dir, int v, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", dir, c->files[v]);
}

/* The match of one value, as `rulezero match` arguments (texts kept in a). */
struct match_args {
    char option[4096], games[32], plies[32], seed[32], jobs[32], moves[32], pgn[PATH_LEN];
    char *argv[40];
    int argc;
};

static void match_args(const struct lab_config *c, int v, const char *engine, struct match_args *a)
{
    snprintf(a->option, sizeof a->option, "%s=%s", c->setting, c->values[v]);
    snprintf(a->games, sizeof a->games, "%lld", (long long)c->games);
    snprintf(a->plies, sizeof a->plies, "%lld", (long long)c->random_plies);
    snprintf(a->seed, sizeof a->seed, "%lld", (long long)c->seed);
    snprintf(a->jobs, sizeof a->jobs, "%lld", (long long)c->concurrency);
    snprintf(a->moves, sizeof a->moves, "%lld", (long long)c->max_moves);
    pgn_path(c, c->out, v, a->pgn, sizeof a->pgn);
    /* The option before the first --engine: both engines (and the referee) play it. */
    const char *fixed[] = {"match", "--variant", c->variant->id, "--option", a->option, "--engine", engine,
                           "--engine", engine, "--games", a->games, "--random-plies", a->plies, "--seed", a->seed,
                           "--concurrency", a->jobs, "--max-moves", a->moves, "--pgn", a->pgn, "--resume",
                           "--distinct-openings"};
    a->argc = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        a->argv[a->argc++] = (char *)fixed[i];
    a->argv[a->argc++] = c->tc ? "--tc" : c->st ? "--st" : c->nodes ? "--nodes" : "--depth";
    a->argv[a->argc++] = (char *)(c->tc ? c->tc : c->st ? c->st : c->nodes ? c->nodes : c->depth);
    if (c->shard) {
        a->argv[a->argc++] = "--shard";
        a->argv[a->argc++] = (char *)c->shard;
    }
    a->argv[a->argc] = NULL;
}

/* The options the lab passes on to the runner (--tc, --shard, ...), checked
 * by the runner's own parser before anything is played: 0 or its exit code. */
static int check_match_options(const struct lab_config *c)
{
    struct match_args a;
    match_args(c, 0, "rulezero", &a);
    struct match_config mc = {0};
    int rc = match_parse_options(a.argc, a.argv, &mc);
    return rc == MATCH_EXIT_DONE ? 0 : rc;
}

/* One value's games: `rulezero match` in this process, resuming its PGN file. */
static int play_value(const struct lab_config *c, int v, const char *engine)
{
    struct match_args a;
    match_args(c, v, engine, &a);
    printf("== %s, %s: %lld games into %s\n", c->variant->id, a.option, (long long)c->games, a.pgn);
    fflush(stdout);
    return match_main(a.argc, a.argv);
}

static int play_all(const struct lab_config *c)
{
    char self[PATH_LEN], quoted[PATH_LEN + 64];
    const char *engine = c->engine;
    if (!engine) {
        if (self_path(self, sizeof self)) {
            fprintf(stderr, "rulezero lab: cannot find this program; give --engine CMD\n");
            return 1;
        }
        shell_quote(self, quoted, sizeof quoted);
        engine = quoted;
    }
    for (int v = 0; v < c->value_count; v++) {
        int rc = play_value(c, v, engine); /* 2: the runner refused an option (--tc, --shard), before any game */
        if (rc)
            return rc;
    }
    return 0;
}

static int copy_into(FILE *to, const char *path)
{
    FILE *from = fopen(path, "r");
    if (!from)
        return errno == ENOENT ? 0 : -1;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        fwrite(buf, 1, n, to);
    fclose(from);
    return 0;
}

/* --merge: each value's file in out made anew from the directories' files
 * (written beside it, then renamed over it, so out may be one of them). */
static int merge_all(const struct lab_config *c)
{
    for (int v = 0; v < c->value_count; v++) {
        char path[PATH_LEN], tmp[PATH_LEN + 8], from[PATH_LEN];
        pgn_path(c, c->out, v, path, sizeof path);
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *to = fopen(tmp, "w");
        if (!to) {
            fprintf(stderr, "rulezero lab: cannot write %s\n", tmp);
            return 1;
        }
        int rc = 0;
        for (int d = 0; rc == 0 && d < c->merge_count; d++) {
            pgn_path(c, c->merge_dirs[d], v, from, sizeof from);
            if (copy_into(to, from)) { /* out itself among the DIRs: its file is still whole here */
                fprintf(stderr, "rulezero lab: cannot read %s\n", from);
                rc = 1;
            }
        }
        if (fclose(to) || rc || rename(tmp, path)) {
            fprintf(stderr, "rulezero lab: cannot write %s\n", path);
            return 1;
        }
    }
    return 0;
}

static bool readable(const char *path)
{
    return access(path, R_OK) == 0;
}

/* The chart script: --charts, $RULEZERO_LAB_CHARTS, or beside the program. */
static bool find_charts(const struct lab_config *c, char *out, size_t n)
{
    if (c->charts) {
        snprintf(out, n, "%s", c->charts);
        return true;
    }
    const char *env = getenv("RULEZERO_LAB_CHARTS");
    if (env && *env) {
        snprintf(out, n, "%s", env);
        return true;
    }
    char self[PATH_LEN];
    if (self_path(self, sizeof self))
        return false;
    const char *dir = dirname(self);
    const char *places[] = {"%s/../scripts/lab-charts.py", "%s/../share/rulezero/lab-charts.py",
                            "%s/scripts/lab-charts.py"};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(out, n, places[i], dir);
        if (readable(out))
            return true;
    }
    return false;
}

static void make_charts(struct lab_config *c)
{
    char script[PATH_LEN], qs[PATH_LEN + 64], qo[PATH_LEN + 64], cmd[3 * PATH_LEN];
    if (c->no_charts)
        return;
    if (!find_charts(c, script, sizeof script)) {
        fprintf(stderr, "rulezero lab: no chart script found (give --charts FILE); report without charts\n");
        return;
    }
    shell_quote(script, qs, sizeof qs);
    shell_quote(c->out, qo, sizeof qo);
    /* Debian's python3 (python3-matplotlib) before any other on the PATH. */
    const char *python = readable("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    snprintf(cmd, sizeof cmd, "%s %s %s", python, qs, qo);
    fflush(stdout);
    int rc = system(cmd);
    c->charts_made = rc == 0;
    if (!c->charts_made)
        fprintf(stderr, "rulezero lab: the charts failed (%s); report without charts\n", cmd);
}

static int report(struct lab_config *c)
{
    struct lab_tally *t = calloc((size_t)c->value_count, sizeof *t);
    struct lab_fit *f = calloc((size_t)c->value_count, sizeof *f);
    int rc = t && f ? 0 : 1;
    char err[512], path[PATH_LEN];
    for (int v = 0; rc == 0 && v < c->value_count; v++) {
        pgn_path(c, c->out, v, path, sizeof path);
        if (lab_tally_file(c, v, c->out, &t[v], err, sizeof err)) {
            fprintf(stderr, "rulezero lab: %s: %s\n", path, err);
            rc = 1;
        } else if (t[v].games)
            lab_fit_file(c, v, path, &f[v]);
        else
            snprintf(f[v].why, sizeof f[v].why, "no games");
    }
    if (rc == 0 && lab_write_json(c, t, f))
        rc = 1;
    if (rc == 0)
        make_charts(c);
    if (rc == 0 && lab_write_report(c, t, f))
        rc = 1;
    for (int v = 0; rc == 0 && v < c->value_count; v++) {
        printf("%s=%s: %d games, White +%d =%d -%d\n", c->setting, c->values[v], t[v].games, t[v].white_wins,
               t[v].draws, t[v].black_wins);
        if (t[v].unfinished)
            printf("  (%d unfinished games left out)\n", t[v].unfinished);
    }
    if (rc == 0)
        printf("Report: %s/report.md, %s/report.html\n", c->out, c->out);
    free(t);
    free(f);
    return rc;
}

/* The games already there (in out, and in the DIRs of --merge) belong to
 * this study: checked before anything is played or written. */
static int check_existing(const struct lab_config *c)
{
    char err[1024];
    for (int d = -1; d < (c->merge ? c->merge_count : 0); d++)
        for (int v = 0; v < c->value_count; v++) {
            struct lab_tally t = {0};
            const char *dir = d < 0 ? c->out : c->merge_dirs[d];
            if (lab_tally_file(c, v, dir, &t, err, sizeof err)) {
                fprintf(stderr, "rulezero lab: %s/%s: %s\n", dir, c->files[v], err);
                return 1;
            }
        }
    return 0;
}

int lab_main(int argc, char **argv)
{
    struct lab_config c;
    int rc = lab_parse(argc, argv, &c);
    if (rc) {
        lab_config_free(&c);
        return rc < 0 ? 0 : rc;
    }
    note_command(&c, argc, argv);
    if (!c.merge && (rc = check_match_options(&c)) != 0) {
        lab_config_free(&c);
        return rc;
    }
    if (mkdir(c.out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "rulezero lab: cannot make directory %s\n", c.out);
        rc = 1;
    }
    if (rc == 0)
        rc = check_existing(&c);
    if (rc == 0)
        rc = c.merge ? merge_all(&c) : play_all(&c);
    if (rc == 0)
        rc = report(&c);
    lab_config_free(&c);
    return rc;
}
