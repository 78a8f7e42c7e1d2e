/* `rulezero lab`: the tally of a value's games, read back from its PGN file,
 * and the 95% intervals of the report (docs/lab/README.md, "Method"). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "protocol/lab/lab_config.h"
#include "protocol/match/pgn.h"

#define Z95 1.959963984540054

const char *const lab_end_names[LAB_END_KINDS] = {
    "mate", "stalemate or no move", "King capture", "repetition", "fifty-move rule", "insufficient material",
    "adjudication (length)", "resignation", "forfeit (time, illegal move, crash)", "other",
};

/* The referee's words (variants' outcome hooks, variants/adjudicate.c and
 * the match runner) and the kind of end each names. First match wins. */
static const struct {
    const char *words;
    enum lab_end end;
} reason_words[] = {
    {"mates", LAB_END_MATE},
    {"Stalemate", LAB_END_STALEMATE},
    {"no legal move", LAB_END_STALEMATE},
    {"No legal move", LAB_END_STALEMATE},
    {"captures a King", LAB_END_KING_CAPTURE},
    {"repeats the position", LAB_END_REPETITION},
    {"repetition", LAB_END_REPETITION},
    {"fifty-move", LAB_END_FIFTY},
    {"Insufficient material", LAB_END_MATERIAL},
    {"adjudication", LAB_END_ADJUDICATION},
    {"game longer than", LAB_END_ADJUDICATION},
    {"resigns", LAB_END_RESIGNATION},
};

enum lab_end lab_end_of(const char *termination, const char *reason)
{
    if (termination && (strcmp(termination, "time forfeit") == 0 || strcmp(termination, "rules infraction") == 0 ||
                        strcmp(termination, "abandoned") == 0))
        return LAB_END_FORFEIT;
    for (size_t i = 0; reason && i < sizeof reason_words / sizeof reason_words[0]; i++)
        if (strstr(reason, reason_words[i].words))
            return reason_words[i].end;
    if (termination && strcmp(termination, "adjudication") == 0)
        return LAB_END_ADJUDICATION;
    return LAB_END_OTHER;
}

static int add_game(struct lab_tally *t, const struct pgn_game *g)
{
    const char *result = g->result; /* the movetext's end: a game cut off in writing has none */
    if (strcmp(result, "1-0") == 0)
        t->white_wins++;
    else if (strcmp(result, "0-1") == 0)
        t->black_wins++;
    else if (strcmp(result, "1/2-1/2") == 0)
        t->draws++;
    else
        t->unfinished++;
    t->games++;
    t->plies_sum += g->nmoves;
    t->plies_square_sum += (double)g->nmoves * g->nmoves;
    t->ends[lab_end_of(pgn_tag(g, "Termination"), g->comment)]++;
    return 0;
}

/* Whether a game's VariantOptions tag names the settings `wanted` (a
 * settings_text): read as the engine reads the tag, settings it leaves out at
 * their defaults, so a game written before the variant had a setting (its tag
 * lists fewer) still belongs to the study. */
static bool same_settings(const struct variant *variant, const char *options, const char *wanted)
{
    struct settings s;
    char err[VARIANT_ERR_LEN], text[SETTINGS_TEXT_LEN];
    if (settings_init(&s, variant, err, sizeof err))
        return false;
    bool read = !options || settings_read_text(&s, options, err, sizeof err) == 0;
    if (read)
        settings_text(&s, text, sizeof text);
    settings_free(&s);
    return read && strcmp(text, wanted) == 0;
}

/* A game of this study: its variant and settings are the value's. */
static int same_study(const struct lab_config *c, int v, const struct pgn_game *g, char *err, size_t errlen)
{
    const char *variant = pgn_tag(g, "Variant");
    const char *options = pgn_tag(g, "VariantOptions");
    if (strcmp(variant ? variant : "normal", c->variant->id) != 0)
        return snprintf(err, errlen, "game %s is of variant %s, not %s (another study's directory?)",
                        pgn_tag(g, "Round") ? pgn_tag(g, "Round") : "?", variant ? variant : "normal",
                        c->variant->id), -1;
    if (!same_settings(c->variant, options, c->rules_text[v]))
        return snprintf(err, errlen, "game %s was played under %s, not %s (another study's directory?)",
                        pgn_tag(g, "Round") ? pgn_tag(g, "Round") : "?", options ? options : "the defaults",
                        c->rules_text[v]), -1;
    return 0;
}

int lab_tally_file(const struct lab_config *c, int v, const char *dir, struct lab_tally *t, char *err,
                   size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, c->files[v]);
    if (access(path, F_OK) != 0)
        return 0;
    struct pgn_reader r;
    if (pgn_open(&r, path))
        return snprintf(err, errlen, "cannot read %s", path), -1;
    struct pgn_game g;
    int got, rc = 0;
    while (rc == 0 && (got = pgn_next(&r, &g, err, errlen)) > 0) {
        if (!g.result[0] || strcmp(g.result, "*") == 0) /* cut off while it was written (a run stopped, a */
            t->unfinished++;                               /* shard still playing): not counted */
        else
            rc = same_study(c, v, &g, err, errlen) ? -1 : add_game(t, &g);
        pgn_game_free(&g);
    }
    if (rc == 0 && got < 0)
        rc = -1;
    pgn_close(&r);
    return rc;
}

struct interval lab_wilson(int k, int n)
{
    if (n <= 0)
        return (struct interval){0, 0, 1};
    double p = (double)k / n, z2 = Z95 * Z95;
    double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
    double low = centre - half, high = centre + half;
    return (struct interval){p, low < 0 ? 0 : low, high > 1 ? 1 : high};
}

struct interval lab_white_score(const struct lab_tally *t)
{
    int n = t->games;
    if (n <= 0)
        return (struct interval){0.5, 0, 1};
    double mean = (t->white_wins + 0.5 * t->draws) / n;
    double square = (t->white_wins + 0.25 * t->draws) / n;
    double variance = square - mean * mean;
    if (variance <= 1e-12) /* every game alike: the normal approximation says nothing; Wilson's does */
        return lab_wilson((int)(mean * n + 0.5), n);
    double half = n > 1 ? Z95 * sqrt(variance * n / (n - 1) / n) : 0.5;
    double low = mean - half, high = mean + half;
    return (struct interval){mean, low < 0 ? 0 : low, high > 1 ? 1 : high};
}

struct interval lab_length(const struct lab_tally *t)
{
    int n = t->games;
    if (n <= 0)
        return (struct interval){0, 0, 0};
    double mean = t->plies_sum / n;
    double variance = n > 1 ? (t->plies_square_sum - n * mean * mean) / (n - 1) : 0;
    double half = Z95 * sqrt((variance > 0 ? variance : 0) / n);
    return (struct interval){mean, mean - half, mean + half};
}
