/* `rulezero lab`: checks the study's conditions (DIR/conditions.txt), plays
 * each value's games through the match runner (lab_play.c) or gathers them
 * (--merge), then reports; with --confirm-deeper the same again one ply
 * deeper in DIR/depth-D, and the answers of the two compared. */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol/lab/lab.h"
#include "protocol/lab/lab_config.h"

#define PATH_LEN 4096

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
            lab_shell_quote(argv[i], q, sizeof q);
        size_t len = strlen(c->command);
        snprintf(c->command + len, sizeof c->command - len, " %s", q);
    }
}

static void pgn_path(const struct lab_config *c, const char *dir, int v, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", dir, c->files[v]);
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
    if (lab_self_path(self, sizeof self))
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
    lab_shell_quote(script, qs, sizeof qs);
    lab_shell_quote(c->out, qo, sizeof qo);
    /* Debian's python3 (python3-matplotlib) before any other on the PATH. */
    const char *python = readable("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    snprintf(cmd, sizeof cmd, "%s %s %s", python, qs, qo);
    fflush(stdout);
    int rc = system(cmd);
    c->charts_made = rc == 0;
    if (!c->charts_made)
        fprintf(stderr, "rulezero lab: the charts failed (%s); report without charts\n", cmd);
}

/* Each value's games read back, and the weights fitted to them: 0 or 1. */
static int tally_all(const struct lab_config *c, struct lab_tally *t, struct lab_fit *f)
{
    char err[512], path[PATH_LEN];
    for (int v = 0; v < c->value_count; v++) {
        pgn_path(c, c->out, v, path, sizeof path);
        if (lab_tally_file(c, v, c->out, &t[v], err, sizeof err)) {
            fprintf(stderr, "rulezero lab: %s: %s\n", path, err);
            return 1;
        }
        if (t[v].games)
            lab_fit_file(c, v, path, &f[v]);
        else
            snprintf(f[v].why, sizeof f[v].why, "no games");
    }
    return 0;
}

static void print_rate(const char *name, struct interval i)
{
    printf(", %s %.1f%% (%.1f-%.1f)", name, 100 * i.value, 100 * i.low, 100 * i.high);
}

/* The console's summary: self-play, so White's score and the draw rate, never Elo. */
static void print_summary(const struct lab_config *c, const struct lab_tally *t)
{
    char line[SETTINGS_TEXT_LEN + 512];
    lab_conditions_line(c->conditions, line, sizeof line);
    printf("Study %s (self-play: two copies of one engine, so no Elo or LOS): %s\n", c->out, line);
    for (int v = 0; v < c->value_count; v++) {
        printf("%s=%s: %d games, White +%d =%d -%d", c->setting, c->values[v], t[v].games, t[v].white_wins,
               t[v].draws, t[v].black_wins);
        print_rate("White's score", lab_white_score(&t[v]));
        print_rate("draw rate", lab_wilson(t[v].draws, t[v].games));
        printf("\n");
        if (t[v].unfinished)
            printf("  (%d unfinished games left out)\n", t[v].unfinished);
    }
}

static void print_answers(const struct lab_config *c, const struct lab_tally *t, const struct lab_tally *deeper)
{
    char text[4096];
    int n;
    struct lab_answer *a = lab_answers_made(c, t, deeper, &n, text, sizeof text);
    if (!a)
        return;
    printf("One ply deeper (depth %s against %s, %s/depth-%s): %s\n", c->deeper_depth, c->depth, c->out,
           c->deeper_depth, text);
    free(a);
}

/* Tallies, fits, lab.json, the charts, the report (with the answers one ply
 * deeper when `deeper` holds that study's tallies); `kept` receives the
 * tallies when not NULL. 0 or 1. */
static int report(struct lab_config *c, const struct lab_tally *deeper, struct lab_tally *kept)
{
    struct lab_tally *t = calloc((size_t)c->value_count, sizeof *t);
    struct lab_fit *f = calloc((size_t)c->value_count, sizeof *f);
    int rc = t && f ? tally_all(c, t, f) : 1;
    if (rc == 0 && lab_write_json(c, t, f, deeper))
        rc = 1;
    if (rc == 0)
        make_charts(c);
    if (rc == 0 && lab_write_report(c, t, f, deeper))
        rc = 1;
    if (rc == 0) {
        print_summary(c, t);
        if (deeper)
            print_answers(c, t, deeper);
        printf("Report: %s/report.md, %s/report.html\n", c->out, c->out);
    }
    if (rc == 0 && kept)
        memcpy(kept, t, sizeof *t * (size_t)c->value_count);
    free(t);
    free(f);
    return rc;
}

/* Games (finished or not) in dir's files for this study: -1 when a file is
 * not this study's (said why). */
static int games_in(const struct lab_config *c, const char *dir)
{
    char err[1024];
    int n = 0;
    for (int v = 0; v < c->value_count; v++) {
        struct lab_tally t = {0};
        if (lab_tally_file(c, v, dir, &t, err, sizeof err)) {
            fprintf(stderr, "rulezero lab: %s/%s: %s\n", dir, c->files[v], err);
            return -1;
        }
        n += t.games + t.unfinished;
    }
    return n;
}

/* dir's stored conditions against those asked; its commands added to k. 0 or an exit code. */
static int check_dir(const struct lab_config *c, const char *dir, const struct lab_conditions *asked,
                     struct lab_conditions *k)
{
    struct lab_conditions *stored = calloc(1, sizeof *stored);
    char err[8192];
    int rc = stored ? 0 : 1;
    int got = rc ? 0 : lab_conditions_read(dir, stored, err, sizeof err);
    int games = rc ? 0 : games_in(c, dir);
    if (rc == 0 && (got < 0 || games < 0)) {
        if (got < 0)
            fprintf(stderr, "rulezero lab: %s\n", err);
        rc = 1;
    } else if (rc == 0 && got == 1 && lab_conditions_compare(stored, asked, dir, err, sizeof err)) {
        fprintf(stderr, "rulezero lab: the games in %s were played under other conditions: %s. Give the study's "
                        "conditions (%s/conditions.txt), or another --out for a new study\n", dir, err, dir);
        rc = 2;
    } else if (rc == 0 && got == 0 && games > 0) {
        fprintf(stderr, "rulezero lab: %s holds games but no conditions.txt (a study from before the lab kept its "
                        "conditions), so under which engine, limit, openings and settings they were played cannot "
                        "be checked; write them into %s/conditions.txt (docs/lab/README.md) or give another --out\n",
                dir, dir);
        rc = 2;
    }
    for (int i = 0; rc == 0 && got == 1 && i < stored->command_count; i++)
        lab_conditions_add_command(k, stored->commands[i]);
    free(stored);
    return rc;
}

/* Before anything is played or written: the games already there (in out,
 * and in the DIRs of --merge) belong to this study, under its conditions;
 * k receives the conditions with every command that played the games. */
static int check_existing(const struct lab_config *c, struct lab_conditions *k)
{
    lab_conditions_of(c, k);
    int rc = check_dir(c, c->out, k, k);
    for (int d = 0; rc == 0 && c->merge && d < c->merge_count; d++)
        rc = check_dir(c, c->merge_dirs[d], k, k);
    if (rc == 0)
        lab_conditions_add_command(k, c->command);
    return rc;
}

static int make_dir(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "rulezero lab: cannot make directory %s\n", dir);
        return 1;
    }
    return 0;
}

/* The study one ply deeper: the same but for the depth, in out/depth-D (and,
 * for --merge, each DIR's depth-D); the texts kept in d. */
struct deeper_study {
    struct lab_config config;
    char out[PATH_LEN];
    char (*dirs)[PATH_LEN];
    char **dir_list;
};

static int deeper_study(const struct lab_config *c, struct deeper_study *d)
{
    d->config = *c;
    d->config.depth = c->deeper_depth;
    d->config.depth_default = false;
    d->config.confirm_deeper = false;
    snprintf(d->out, sizeof d->out, "%s/depth-%s", c->out, c->deeper_depth);
    d->config.out = d->out;
    if (!c->merge)
        return 0;
    d->dirs = calloc((size_t)c->merge_count, sizeof *d->dirs);
    d->dir_list = calloc((size_t)c->merge_count, sizeof *d->dir_list);
    if (!d->dirs || !d->dir_list)
        return 1;
    for (int i = 0; i < c->merge_count; i++) {
        snprintf(d->dirs[i], sizeof d->dirs[i], "%s/depth-%s", c->merge_dirs[i], c->deeper_depth);
        d->dir_list[i] = d->dirs[i];
    }
    d->config.merge_dirs = d->dir_list;
    return 0;
}

/* The study (and the one deeper), checked, played or merged, reported. */
static int run_studies(struct lab_config *c, struct lab_config *deeper)
{
    struct lab_conditions *k = calloc(deeper ? 2 : 1, sizeof *k);
    int rc = k ? make_dir(c->out) : 1;
    if (rc == 0 && deeper)
        rc = make_dir(deeper->out);
    if (rc == 0)
        rc = check_existing(c, &k[0]);
    if (rc == 0 && deeper)
        rc = check_existing(deeper, &k[1]);
    for (int i = 0; rc == 0 && i < (deeper ? 2 : 1); i++) {
        const struct lab_config *s = i ? deeper : c;
        if (lab_conditions_write(s->out, &k[i])) {
            fprintf(stderr, "rulezero lab: cannot write %s/conditions.txt\n", s->out);
            rc = 1;
        }
    }
    c->conditions = k ? &k[0] : NULL;
    if (deeper)
        deeper->conditions = &k[1];
    if (rc == 0)
        rc = c->merge ? lab_merge_all(c) : lab_play_all(c);
    if (rc == 0 && deeper)
        rc = deeper->merge ? lab_merge_all(deeper) : lab_play_all(deeper);
    struct lab_tally *deeper_tally = deeper ? calloc((size_t)c->value_count, sizeof *deeper_tally) : NULL;
    if (rc == 0 && deeper)
        rc = deeper_tally ? report(deeper, NULL, deeper_tally) : 1;
    if (rc == 0)
        rc = report(c, deeper_tally, NULL);
    free(deeper_tally);
    free(k);
    return rc;
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
    if (!c.merge)
        rc = lab_check_match_options(&c);
    struct deeper_study d = {0};
    if (rc == 0 && c.confirm_deeper)
        rc = deeper_study(&c, &d);
    if (rc == 0)
        rc = run_studies(&c, c.confirm_deeper ? &d.config : NULL);
    free(d.dirs);
    free(d.dir_list);
    lab_config_free(&c);
    return rc;
}
