/* `rulezero match --merge FILE...`: the games of several PGN files (the
 * shards of one match, or matches run apart) summed up into one result,
 * printed exactly as the match prints its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol/match/match_config.h"
#include "protocol/match/match_report.h"
#include "protocol/match/pgn.h"

#define NAME_LEN 64

struct merged_game {
    int round;
    char white[NAME_LEN], black[NAME_LEN];
    int white_score;          /* +1 White won, 0 draw, -1 Black won */
    enum fault_kind fault;
};

struct merge {
    struct merged_game *games;
    int count, cap;
    char variant[64];
};

static int fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "rulezero match --merge: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return MATCH_EXIT_FAIL;
}

static const char *tag_or(const struct pgn_game *g, const char *name, const char *fallback)
{
    const char *v = pgn_tag(g, name);
    return v ? v : fallback;
}

static int add_game(struct merge *m, const struct pgn_game *g, const char *path)
{
    const char *variant = tag_or(g, "Variant", "normal");
    if (!m->variant[0])
        snprintf(m->variant, sizeof m->variant, "%s", variant);
    else if (strcasecmp(m->variant, variant) != 0)
        return fail("%s: a game of variant %s among others", path, variant);
    const char *result = tag_or(g, "Result", g->result);
    int score = strcmp(result, "1-0") == 0 ? 1 : strcmp(result, "0-1") == 0 ? -1 : 0;
    if (score == 0 && strcmp(result, "1/2-1/2") != 0)
        return fail("%s: a game without a result (%s)", path, result);
    if (m->count == m->cap) {
        int cap = m->cap ? 2 * m->cap : 256;
        struct merged_game *bigger = realloc(m->games, (size_t)cap * sizeof *bigger);
        if (!bigger)
            return fail("%s%s", "out of memory", "");
        m->games = bigger;
        m->cap = cap;
    }
    struct merged_game *mg = &m->games[m->count++];
    mg->round = atoi(tag_or(g, "Round", "0"));
    snprintf(mg->white, NAME_LEN, "%s", tag_or(g, "White", "?"));
    snprintf(mg->black, NAME_LEN, "%s", tag_or(g, "Black", "?"));
    mg->white_score = score;
    mg->fault = score ? fault_from_pgn(pgn_tag(g, "Termination"), g->comment) : FAULT_NONE;
    return 0;
}

static int read_file(struct merge *m, const char *path)
{
    struct pgn_reader r;
    if (pgn_open(&r, path))
        return fail("cannot read '%s'%s", path, "");
    struct pgn_game g;
    char err[256];
    int got, rc = 0;
    while (rc == 0 && (got = pgn_next(&r, &g, err, sizeof err)) != 0) {
        rc = got < 0 ? fail("%s: %s", path, err) : add_game(m, &g, path);
        if (got > 0)
            pgn_game_free(&g);
    }
    pgn_close(&r);
    return rc;
}

/* The first engine is White in the match's odd rounds (game 1, 3, ...);
 * without round numbers, White of the first game. */
static const struct merged_game *first_game(const struct merge *m)
{
    const struct merged_game *best = &m->games[0];
    for (int i = 0; i < m->count; i++) {
        const struct merged_game *g = &m->games[i];
        if (g->round % 2 == 1 && (best->round % 2 != 1 || g->round < best->round))
            best = g;
    }
    return best;
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Games whose round number an earlier game already has. */
static int repeated_rounds(const struct merge *m)
{
    if (m->count < 2)
        return 0;
    int *rounds = malloc((size_t)m->count * sizeof *rounds);
    if (!rounds)
        return 0;
    for (int i = 0; i < m->count; i++)
        rounds[i] = m->games[i].round;
    qsort(rounds, (size_t)m->count, sizeof *rounds, compare_int);
    int repeated = 0;
    for (int i = 1; i < m->count; i++)
        repeated += rounds[i] > 0 && rounds[i] == rounds[i - 1];
    free(rounds);
    return repeated;
}

static int tally_all(const struct merge *m, const char *names[2], struct match_tally *t)
{
    const struct merged_game *first = first_game(m);
    names[0] = first->white;
    names[1] = first->black;
    for (int i = 0; i < m->count; i++) {
        const struct merged_game *g = &m->games[i];
        bool first_white = strcmp(g->white, names[0]) == 0 && strcmp(g->black, names[1]) == 0;
        bool first_black = strcmp(g->black, names[0]) == 0 && strcmp(g->white, names[1]) == 0;
        if (!first_white && !first_black)
            return fail("a game between %s and %s, not the match's players", g->white, g->black);
        int first_won = first_white ? g->white_score : -g->white_score;
        int loser_is_first = first_won < 0;
        tally_game(t, first_won, g->fault, loser_is_first ? 0 : 1);
    }
    int repeated = repeated_rounds(m);
    if (repeated)
        fprintf(stderr, "rulezero match --merge: note: %d games repeat a round number (separate matches merged?)\n",
                repeated);
    return 0;
}

int match_merge_main(const struct match_config *c)
{
    struct merge m = {0};
    int rc = 0;
    for (int i = 0; rc == 0 && i < c->merge_count; i++)
        rc = read_file(&m, c->merge_paths[i]);
    if (rc == 0 && m.count == 0)
        rc = fail("%s%s", "no games in the files", "");
    const char *names[2];
    struct match_tally t = {0};
    if (rc == 0)
        rc = tally_all(&m, names, &t);
    if (rc == 0) {
        printf("Merged: %d games from %d files\n\n", m.count, c->merge_count);
        enum sprt_state state = c->sprt_on ? sprt_decide(&t.score, &c->sprt) : SPRT_CONTINUE;
        match_print_summary(stdout, names, m.variant, &t, c->sprt_on ? &c->sprt : NULL, state);
    }
    free(m.games);
    return rc;
}
