/* `rulezero match --resume`: the games of --pgn FILE already finished are not
 * played again. A game is known by its Round tag (its number in the match,
 * from 1), so the games left are exactly those of an unbroken match: each
 * game's opening and seed depend only on --seed and its number. A game cut
 * off while it was being written (the file's last, unreadable) is removed
 * from the file, to be played again. The games found are counted
 * (c->resumed): the score, its Elo and the SPRT go on from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol/match/match_config.h"
#include "protocol/match/match_report.h"
#include "protocol/match/pgn.h"

/* Whether the movetext ends with a result: a game cut off in writing does not. */
static bool finished(const struct pgn_game *g)
{
    return strcmp(g->result, "1-0") == 0 || strcmp(g->result, "0-1") == 0 || strcmp(g->result, "1/2-1/2") == 0;
}

/* Counts finished game n (its Round) in c->resumed, as the match counted
 * it: the first engine has White in odd rounds; a fault is the loser's. */
static void tally_done(struct match_config *c, const struct pgn_game *g, int n)
{
    int white_score = strcmp(g->result, "1-0") == 0 ? 1 : strcmp(g->result, "0-1") == 0 ? -1 : 0;
    int first_won = n % 2 == 1 ? white_score : -white_score;
    enum fault_kind fault = white_score ? fault_from_pgn(pgn_tag(g, "Termination"), g->comment) : FAULT_NONE;
    tally_game(&c->resumed, first_won, fault, first_won < 0 ? 0 : 1);
}

static void mark_done(struct match_config *c, const struct pgn_game *g)
{
    const char *round = pgn_tag(g, "Round");
    int n = round ? atoi(round) : 0;
    if (n >= 1 && n <= c->games && finished(g) && !c->done[n - 1]) {
        c->done[n - 1] = true;
        c->done_count++;
        tally_done(c, g, n);
    }
}

/* Cuts the file after its last readable game. */
static int drop_broken_tail(const char *path, size_t good_end, const char *why)
{
    fprintf(stderr, "rulezero match: %s: the last game is unreadable (%s); it is removed and played again\n", path,
            why);
    FILE *f = truncate(path, (off_t)good_end) == 0 ? fopen(path, "a") : NULL;
    if (!f) {
        fprintf(stderr, "rulezero match: cannot cut '%s'\n", path);
        return -1;
    }
    if (good_end > 0) /* the reader stops after the last result; the games that follow start apart */
        fputs("\n\n", f);
    return fclose(f) ? -1 : 0;
}

int match_resume_load(struct match_config *c)
{
    c->done = calloc((size_t)c->games, sizeof *c->done);
    if (!c->done)
        return -1;
    c->done_count = 0;
    c->resumed = (struct match_tally){0};
    if (!c->pgn_path || access(c->pgn_path, F_OK) != 0)
        return 0;
    struct pgn_reader r;
    if (pgn_open(&r, c->pgn_path)) {
        fprintf(stderr, "rulezero match: cannot read '%s'\n", c->pgn_path);
        return -1;
    }
    struct pgn_game g;
    char err[256];
    size_t good_end = 0;
    bool cut = false;
    int got, rc = 0;
    while ((got = pgn_next(&r, &g, err, sizeof err)) > 0) {
        mark_done(c, &g);
        cut = !finished(&g);
        if (!cut)
            good_end = r.at;
        pgn_game_free(&g);
    }
    if (got < 0 || cut)
        rc = drop_broken_tail(c->pgn_path, good_end, got < 0 ? err : "no result");
    pgn_close(&r);
    return rc;
}

bool match_game_done(const struct match_config *c, int index)
{
    return c->done && index >= 0 && index < c->games && c->done[index];
}
