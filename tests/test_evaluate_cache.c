/* The Pawn and King terms (evaluate_pawns_and_kings, and the same terms
 * inside evaluate_normal) come from a per-thread cache keyed by the Pawns and
 * Kings. Seeded random games in every variant that uses them are played
 * twice: once with the cache filling up as a search would fill it, once
 * emptied before each position (so each value is computed afresh). Both
 * passes must agree at every position, for those terms and for the
 * variant's whole evaluation (which blends them by the game's own phase),
 * with both sides to move. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "variants/core/fen.h"
#include "variants/core/zobrist.h"
#include "variants/evaluate.h"
#include "variants/registry.h"

#define MAX_STEPS 240

static uint64_t rng_state;

static unsigned rng_below(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng_state >> 33) % n;
}

struct game {
    Move moves[MAX_STEPS];
    int values[MAX_STEPS + 1];      /* the Pawn and King terms */
    int evaluations[MAX_STEPS + 1]; /* the variant's evaluation */
    int count;
};

/* A phase between the ends, so that both the middlegame and the endgame
 * sums count (the variants' own evaluations below use their real phase). */
#define MIXED_PHASE 13

static int pawns_and_kings(const struct position *pos)
{
    return evaluate_pawns_and_kings(pos, MIXED_PHASE);
}

static void start(struct position *pos, const struct variant *v)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(pos, v, v->start_fen, err, sizeof err) == 0, "%s: %s", v->id, err);
}

/* One random game with the cache kept warm, its steps and values recorded. */
static void play_warm(struct position *pos, const struct variant *v, struct game *g)
{
    start(pos, v);
    g->count = 0;
    g->values[0] = pawns_and_kings(pos);
    g->evaluations[0] = v->evaluate(pos);
    while (g->count < MAX_STEPS) {
        struct move_list list;
        v->generate(pos, &list);
        if (list.count == 0)
            break;
        Move m = list.moves[rng_below((unsigned)list.count)];
        v->make(pos, m);
        g->moves[g->count++] = m;
        g->values[g->count] = pawns_and_kings(pos);
        g->evaluations[g->count] = v->evaluate(pos);
    }
}

/* The same game again, every value computed with the cache emptied first. */
static void replay_cold(struct position *pos, const struct variant *v, const struct game *g)
{
    start(pos, v);
    for (int i = 0;; i++) {
        evaluate_clear_cache();
        int cold = pawns_and_kings(pos);
        ck_assert_msg(cold == g->values[i], "%s, step %d: cached %d, computed %d", v->id, i, g->values[i], cold);
        evaluate_clear_cache();
        int evaluation = v->evaluate(pos);
        ck_assert_msg(evaluation == g->evaluations[i], "%s, step %d: evaluation %d with the cache warm, %d emptied",
                      v->id, i, g->evaluations[i], evaluation);
        if (i == g->count)
            break;
        v->make(pos, g->moves[i]);
    }
}

START_TEST(cached_pawn_and_king_terms_equal_fresh_ones)
{
    static const char *const ids[] = {"nickdanger", "dialectic", "hegelian", "polypiece", "polypiece-phased", "normal",
                                      NULL};
    zobrist_init();
    rng_state = 20261124;
    struct position *pos = malloc(sizeof *pos);
    struct game *g = malloc(sizeof *g);
    int positions = 0, nonzero = 0;
    for (int i = 0; ids[i]; i++) {
        const struct variant *v = variant_find(ids[i]);
        ck_assert_ptr_nonnull(v);
        evaluate_clear_cache();
        for (int game = 0; game < 40; game++) {
            play_warm(pos, v, g);
            replay_cold(pos, v, g);
            positions += g->count + 1;
            for (int k = 0; k <= g->count; k++)
                nonzero += g->values[k] != 0;
        }
    }
    free(g);
    free(pos);
    ck_assert_int_gt(positions, 20000);
    ck_assert_int_gt(nonzero, positions / 2); /* the terms were not all zero */
}
END_TEST

/* The same structure with the other side to move is the same value negated. */
START_TEST(side_to_move_negates_a_cached_value)
{
    zobrist_init();
    evaluate_clear_cache();
    const struct variant *v = variant_find("normal");
    struct position *w = malloc(sizeof *w), *b = malloc(sizeof *b);
    char err[VARIANT_ERR_LEN];
    ck_assert(fen_read(w, v, "4k3/pp3ppp/8/3P4/8/8/P4PPP/6K1 w - - 0 1", err, sizeof err) == 0);
    ck_assert(fen_read(b, v, "4k3/pp3ppp/8/3P4/8/8/P4PPP/6K1 b - - 0 1", err, sizeof err) == 0);
    int white = evaluate_pawns_and_kings(w, 0);
    ck_assert_int_ne(white, 0);
    ck_assert_int_eq(evaluate_pawns_and_kings(b, 0), -white);
    ck_assert_int_eq(evaluate_pawns_and_kings(w, 0), white);
    free(w);
    free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("evaluate_cache");
    TCase *tc = tcase_create("pawns_and_kings");
    tcase_add_test(tc, cached_pawn_and_king_terms_equal_fresh_ones);
    tcase_add_test(tc, side_to_move_negates_a_cached_value);
    suite_add_tcase(s, tc);
    return check_run(s);
}
