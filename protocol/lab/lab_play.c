/* `rulezero lab`: each value's games, played by `rulezero match` (Rule Zero
 * against itself, the value given to both engines and to the referee as the
 * variant option), or gathered from other directories (--merge).
 *
 * The runner speaks of two engines: after every game a running Elo, at the
 * end Elo and LOS. Between two copies of one engine those numbers measure
 * nothing but noise (and the colours, which alternate), so the lab runs the
 * match in a child process and passes its console output on without them;
 * the lab's own summary gives White's score and the draw rate instead. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "protocol/lab/lab_config.h"
#include "protocol/match/match.h"
#include "protocol/match/match_config.h"
#include "variants/core/text.h"

#define PATH_LEN 4096

void lab_shell_quote(const char *text, char *out, size_t n) { text_shell_quote(text, out, n); }

int lab_self_path(char *out, size_t n)
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
    char option[4096], games[32], plies[32], seed[32], jobs[32], moves[32], wait[32], pgn[PATH_LEN];
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
    if (c->max_wait) {
        snprintf(a->wait, sizeof a->wait, "%lld", (long long)c->max_wait);
        a->argv[a->argc++] = "--max-wait";
        a->argv[a->argc++] = a->wait;
    }
    if (c->shard) {
        a->argv[a->argc++] = "--shard";
        a->argv[a->argc++] = (char *)c->shard;
    }
    a->argv[a->argc] = NULL;
}

/* The options the lab passes on to the runner (--tc, --shard, ...), checked
 * by the runner's own parser before anything is played: 0 or its exit code. */
int lab_check_match_options(const struct lab_config *c)
{
    struct match_args a;
    match_args(c, 0, "rulezero", &a);
    struct match_config mc = {0};
    int rc = match_parse_options(a.argc, a.argv, &mc);
    return rc == MATCH_EXIT_DONE ? 0 : rc;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* One line of the runner's console output, as the lab passes it on: NULL
 * for a line that only compares the two copies (score, Elo, LOS, SPRT). */
static const char *self_play_line(char *line, char *buf, size_t n)
{
    if (starts_with(line, "Game ")) {
        char *bar = strstr(line, "} | ");
        if (bar)
            strcpy(bar + 1, "\n"); /* the running score of copy 1 against copy 2 and its Elo */
        return line;
    }
    if (starts_with(line, "Match: ")) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        snprintf(buf, n, "%s (self-play: two copies of one engine, so no Elo or LOS; White's score and the draw "
                         "rate below)\n", line);
        return buf;
    }
    if (starts_with(line, "Elo difference:") || starts_with(line, "LOS:") || starts_with(line, "SPRT:") ||
        (strstr(line, ": wins ") && strstr(line, "draw ratio")))
        return NULL;
    return line;
}

/* Runs `rulezero match` with these arguments in a child process, its
 * standard output read back line by line through self_play_line. */
static int run_match_filtered(struct match_args *a)
{
    int fds[2];
    fflush(stdout);
    fflush(stderr);
    if (pipe(fds) != 0)
        return 1;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return 1;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        int rc = match_main(a->argc, a->argv);
        fflush(stdout);
        _exit(rc);
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    char line[8192], buf[8448];
    while (in && fgets(line, sizeof line, in)) {
        const char *shown = self_play_line(line, buf, sizeof buf);
        if (shown) {
            fputs(shown, stdout);
            fflush(stdout);
        }
    }
    if (in)
        fclose(in);
    else
        close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* One value's games: `rulezero match`, resuming its PGN file. */
static int play_value(const struct lab_config *c, int v, const char *engine)
{
    struct match_args a;
    match_args(c, v, engine, &a);
    const char *kind = c->tc ? "tc" : c->st ? "st" : c->nodes ? "nodes" : "depth";
    printf("== %s, %s, %s %s: %lld games into %s\n", c->variant->id, a.option, kind,
           c->tc ? c->tc : c->st ? c->st : c->nodes ? c->nodes : c->depth, (long long)c->games, a.pgn);
    return run_match_filtered(&a);
}

/* This program as the engine; for a game of a game file, with `--variants
 * FILE` (the file's absolute path), so that the engine plays it too. */
static int self_engine(const struct lab_config *c, char *out, size_t n)
{
    char self[PATH_LEN], file[PATH_LEN], quoted[PATH_LEN + 64], quoted_file[PATH_LEN + 64];
    if (lab_self_path(self, sizeof self)) {
        fprintf(stderr, "rulezero lab: cannot find this program; give --engine CMD\n");
        return 1;
    }
    lab_shell_quote(self, quoted, sizeof quoted);
    const char *path = variant_file_of(c->variant);
    if (!path) {
        snprintf(out, n, "%s", quoted);
        return 0;
    }
    char cwd[PATH_LEN];
    bool named = path[0] == '/' ? (size_t)snprintf(file, sizeof file, "%s", path) < sizeof file
                                : getcwd(cwd, sizeof cwd) &&
                                      (size_t)snprintf(file, sizeof file, "%s/%s", cwd, path) < sizeof file;
    if (!named) {
        fprintf(stderr, "rulezero lab: %s: cannot name it for the engines; give --engine CMD\n", path);
        return 1;
    }
    lab_shell_quote(file, quoted_file, sizeof quoted_file);
    snprintf(out, n, "%s --variants %s", quoted, quoted_file);
    return 0;
}

int lab_play_all(const struct lab_config *c)
{
    char self[3 * PATH_LEN];
    const char *engine = c->engine;
    if (!engine) {
        if (self_engine(c, self, sizeof self))
            return 1;
        engine = self;
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
int lab_merge_all(const struct lab_config *c)
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
