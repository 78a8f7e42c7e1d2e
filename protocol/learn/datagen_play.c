/* `rulezero datagen`: one game of self-play into training records. */
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/datagen.h"
#include "protocol/learn/selfplay.h"
#include "variants/core/fen.h"
#include "variants/core/variant.h"

static int add_record(struct datagen_game *out, char *err, size_t errlen)
{
    if (out->count == out->capacity) {
        int capacity = out->capacity ? 2 * out->capacity : 128;
        struct datagen_record *more = realloc(out->records, sizeof *more * (size_t)capacity);
        if (more)
            out->records = more;
        unsigned char *sides = more ? realloc(out->sides, (size_t)capacity) : NULL;
        if (!sides) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        out->sides = sides;
        out->capacity = capacity;
    }
    out->count++;
    return 0;
}

static uint8_t flags_of(struct position *pos, const struct search_result *r)
{
    const struct variant *v = pos->variant;
    uint8_t flags = 0;
    if (v->has_check && v->in_check(pos))
        flags |= DATAGEN_FLAG_IN_CHECK;
    if (v->is_capture(pos, r->best.steps[0]))
        flags |= DATAGEN_FLAG_CAPTURE;
    /* Every position written is a turn's start (a search's root): no turn is half made there. */
    return flags;
}

static int16_t clamp_score(int score)
{
    return (int16_t)(score > DATAGEN_SCORE_MAX ? DATAGEN_SCORE_MAX : score < -DATAGEN_SCORE_MAX ? -DATAGEN_SCORE_MAX
                                                                                                 : score);
}

/* Writes each record's result from its side to move's view. */
static void set_results(struct datagen_game *out, enum game_result result)
{
    int white = result == RESULT_WHITE_WINS ? 1 : result == RESULT_BLACK_WINS ? -1 : 0;
    for (int i = 0; i < out->count; i++)
        out->records[i].result = (int8_t)(out->sides[i] == WHITE ? white : -white);
}

void datagen_game_free(struct datagen_game *g)
{
    free(g->records);
    free(g->sides);
    *g = (struct datagen_game){0};
}

static int play_turns(const struct datagen_config *c, struct game *g, struct engine *e, struct datagen_game *out,
                      char *err, size_t errlen)
{
    struct search_limits limits;
    search_limits_init(&limits);
    limits.nodes = (uint64_t)c->nodes;
    limits.depth = (int)c->depth;
    enum game_result result = RESULT_DRAW; /* a game reaching the turn limit */
    while (g->count < c->max_plies) {
        struct outcome now = game_outcome(g);
        if (now.result != RESULT_NONE) {
            result = now.result;
            break;
        }
        struct search_result r = engine_search(e, g->pos, &limits, NULL);
        if (!r.has_move)
            break;
        if (add_record(out, err, errlen))
            return -1;
        struct datagen_record *rec = &out->records[out->count - 1];
        fen_write(g->pos, rec->fen, sizeof rec->fen);
        rec->score = clamp_score(r.score);
        rec->flags = flags_of(g->pos, &r);
        rec->ply = (uint16_t)g->count;
        out->sides[out->count - 1] = (unsigned char)g->pos->side;
        if (game_play(g, &r.best, err, errlen))
            return -1;
    }
    set_results(out, result);
    return 0;
}

int datagen_play(const struct datagen_config *c, int64_t index, struct game *g, struct engine *e,
                 struct datagen_game *out, char *err, size_t errlen)
{
    uint64_t rng = selfplay_game_seed(c->seed, index);
    out->count = 0;
    if (game_new(g, c->variant, NULL, err, errlen))
        return -1;
    if (!selfplay_random_opening(g, (int)c->random_plies, &rng))
        return 0; /* the random turns ended the game: nothing to learn from it */
    engine_clear(e);
    return play_turns(c, g, e, out, err, errlen);
}
