/* `rulezero puzzles --check FILE...`: every puzzle searched again (puzzles.h). */
#include <stdio.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/puzzles.h"
#include "variants/registry.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1 };

/* The line's turns legal one after the other from the FEN: 0, or -1 with a message. */
static int check_line(struct game *g, const struct puzzle *p, char *err, size_t errlen)
{
    char why[VARIANT_ERR_LEN];
    for (int i = 0; i < p->line_count; i++) {
        struct turn t;
        if (game_find_turn(g, p->line[i], &t, why, sizeof why) || game_play(g, &t, why, sizeof why)) {
            snprintf(err, errlen, "turn %d of the line, '%s': %s", i + 1, p->line[i], why);
            return -1;
        }
    }
    while (g->count > 0)
        game_undo(g);
    return 0;
}

/* One puzzle: 0 when it holds, or -1 with a message. */
static int check_one(struct engine *e, struct game *g, const struct puzzle_read *r, char *err, size_t errlen)
{
    char why[VARIANT_ERR_LEN];
    const char *options[PUZZLE_OPTIONS_MAX];
    for (int i = 0; i < r->option_count; i++)
        options[i] = r->options[i];
    const struct variant *v = variant_find(r->variant);
    if (!v) {
        snprintf(err, errlen, "unknown variant '%s'", r->variant);
        return -1;
    }
    if (puzzles_new_game(g, v, options, r->option_count, r->p.fen, why, sizeof why)) {
        snprintf(err, errlen, "the FEN does not load: %s", why);
        return -1;
    }
    if (check_line(g, &r->p, err, errlen))
        return -1;
    struct turn first;
    game_find_turn(g, r->p.line[0], &first, why, sizeof why);
    struct puzzle_lines l;
    puzzle_search(e, g->pos, r->p.depth, &l);
    if (l.count < 1 || strcmp(l.first.text, first.text) != 0) {
        snprintf(err, errlen, "at depth %d the best turn is %s, not %s", r->p.depth, l.count ? l.first.text : "none",
                 first.text);
        return -1;
    }
    if (!puzzle_lines_clear(&l, PUZZLE_CHECK_GAP_CP)) {
        snprintf(err, errlen, "at depth %d %s is no longer a clear win: %d against %d", r->p.depth, first.text,
                 l.score[0], l.count > 1 ? l.score[1] : 0);
        return -1;
    }
    return 0;
}

static int check_file(struct engine *e, struct game *g, const char *path, long *checked, long *failed)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    static char text[65536];
    char err[2 * VARIANT_ERR_LEN + 512];
    struct puzzle_read r;
    for (long number = 1; fgets(text, sizeof text, f); number++) {
        int got = puzzle_parse(text, &r, err, sizeof err);
        if (got == 0)
            continue;
        ++*checked;
        if (got < 0 || check_one(e, g, &r, err, sizeof err)) {
            ++*failed;
            printf("%s:%ld: %s: %s\n", path, number, got < 0 ? "not a puzzle" : r.id, err);
        }
    }
    fclose(f);
    return 0;
}

int puzzles_check(const char *const *files, int count)
{
    struct engine *e = engine_new(PUZZLE_HASH_MB);
    struct game g = {0};
    if (!e || game_init(&g)) {
        engine_free(e);
        fprintf(stderr, "rulezero puzzles: out of memory\n");
        return EXIT_FAILED;
    }
    long checked = 0, failed = 0;
    int rc = EXIT_OK;
    for (int i = 0; i < count; i++)
        if (check_file(e, &g, files[i], &checked, &failed))
            rc = EXIT_FAILED;
    printf("%ld puzzle%s checked, %ld failed\n", checked, checked == 1 ? "" : "s", failed);
    if (failed || checked == 0)
        rc = EXIT_FAILED;
    game_free(&g);
    engine_free(e);
    return rc;
}
