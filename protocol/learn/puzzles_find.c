/* `rulezero puzzles`: the finder (puzzles.h). */
#include <stdio.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/puzzles.h"

static void keep_report(const struct search_report *r, void *ctx)
{
    struct puzzle_lines *l = ctx;
    if (r->multipv < 1 || r->multipv > 2)
        return;
    if (r->multipv == 1) {
        l->depth = r->depth;
        l->count = 0;
        snprintf(l->pv, sizeof l->pv, "%s", r->pv);
    }
    l->score[r->multipv - 1] = r->score;
    if (l->count < r->multipv)
        l->count = r->multipv;
}

struct search_result puzzle_search_with(struct engine *e, const struct position *pos,
                                        const struct search_limits *limits, struct puzzle_lines *out)
{
    struct search_limits two = *limits;
    two.multipv = 2;
    *out = (struct puzzle_lines){0};
    struct search_callbacks cb = {.on_report = keep_report, .ctx = out};
    struct search_result r = engine_search(e, pos, &two, &cb);
    if (!r.has_move)
        out->count = 0;
    else
        out->first = r.best;
    return r;
}

void puzzle_search(struct engine *e, const struct position *pos, int depth, struct puzzle_lines *out)
{
    struct search_limits limits;
    search_limits_init(&limits);
    limits.depth = depth;
    engine_clear(e);
    puzzle_search_with(e, pos, &limits, out);
}

static bool is_mate(int score) { return score > SCORE_MATE_BOUND; }

bool puzzle_lines_clear(const struct puzzle_lines *l, int gap)
{
    if (l->count < 2)
        return false; /* a forced turn is no puzzle */
    int best = l->score[0], second = l->score[1];
    if (second > PUZZLE_SECOND_MAX_CP)
        return false;
    if (is_mate(best))
        return true;
    return best >= PUZZLE_WIN_CP && best - second >= gap;
}

/* The best line's first turns, played on g (then taken back), into p's line. */
static int keep_line(struct game *g, const char *pv, struct puzzle *p, char *err, size_t errlen)
{
    char word[TURN_TEXT_LEN];
    const char *s = pv;
    int n = 0, played = 0;
    p->line_count = 0;
    while (p->line_count < PUZZLE_LINE_MAX && sscanf(s, "%255s%n", word, &n) == 1) {
        s += n;
        struct turn t;
        if (game_outcome(g).result != RESULT_NONE || game_find_turn(g, word, &t, err, errlen) ||
            game_play(g, &t, err, errlen))
            break;
        played++;
        snprintf(p->line[p->line_count], TURN_TEXT_LEN, "%s", t.text);
        snprintf(p->notation[p->line_count], TURN_TEXT_LEN, "%s", g->turns[g->count - 1].notation);
        p->line_count++;
    }
    while (played-- > 0)
        game_undo(g);
    /* The line ends on the solver's turn (a reply left over is not shown). */
    if (p->line_count > 1 && p->line_count % 2 == 0)
        p->line_count--;
    if (p->line_count == 0) {
        snprintf(err, errlen, "the best line's first turn '%s' is not legal", pv);
        return -1;
    }
    return 0;
}

int puzzle_find(struct engine *e, struct game *g, int depth, int confirm_depth, struct puzzle *out, char *err,
                size_t errlen)
{
    struct puzzle_lines first, deeper;
    *out = (struct puzzle){.game = -1, .ply = -1};
    fen_write(g->pos, out->fen, sizeof out->fen);
    struct game alone = {0};
    if (game_init(&alone)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    game_copy_options(&alone, g);
    int rc = game_new(&alone, g->variant, out->fen, err, errlen) ? -1 : 0;
    if (rc == 0) {
        puzzle_search(e, alone.pos, depth, &first);
        if (puzzle_lines_clear(&first, PUZZLE_GAP_CP)) {
            puzzle_search(e, alone.pos, confirm_depth, &deeper);
            rc = puzzle_lines_clear(&deeper, PUZZLE_GAP_CP) && strcmp(deeper.first.text, first.first.text) == 0;
        }
    }
    if (rc == 1) {
        out->depth = confirm_depth;
        out->score = deeper.score[0];
        out->second = deeper.score[1];
        if (keep_line(&alone, deeper.pv, out, err, errlen) ||
            strcmp(out->line[0], deeper.first.text) != 0) /* the line begins with the turn chosen */
            rc = 0;
    }
    game_free(&alone);
    return rc;
}
