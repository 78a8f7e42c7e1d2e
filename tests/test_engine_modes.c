/* The engine's modes through its public interface: Lazy SMP threads,
 * pondering, MultiPV and playing weaker, in every variant. */
#include <check.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "engine/search.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

#include "cpu_clock.h"
#include "engine_fixture.h"

static void load_start(const struct variant *v)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(pos, v, v->start_fen, err, sizeof err) == 0, "%s: %s", v->id, err);
}

static void assert_legal(const char *variant, const struct search_result *r)
{
    ck_assert_msg(r->has_move, "%s: no move", variant);
    struct turn t;
    ck_assert_msg(turn_parse(pos, r->best.text, &t) == 0, "%s: '%s' is not legal", variant, r->best.text);
}

static struct search_limits limits(int depth, int64_t movetime_ms)
{
    struct search_limits l;
    search_limits_init(&l);
    l.depth = depth;
    l.movetime_ms = movetime_ms;
    return l;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* ---- Threads ------------------------------------------------------------------------- */

START_TEST(thread_counts_out_of_range_are_refused)
{
    ck_assert_int_eq(engine_set_threads(engine, 3), 0);
    ck_assert_int_eq(engine_set_threads(engine, 0), -1);
    ck_assert_int_eq(engine_set_threads(engine, MAX_THREADS + 1), -1);
    ck_assert_int_eq(engine_threads(engine), 3);
    ck_assert_int_eq(engine_set_threads(engine, 1), 0);
    ck_assert_int_eq(engine_threads(engine), 1);
}
END_TEST

START_TEST(two_threads_play_legal_turns_in_every_variant)
{
    ck_assert_int_eq(engine_set_threads(engine, 2), 0);
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        load_start(v);
        struct search_limits l = limits(0, 150);
        struct search_result r = engine_search(engine, pos, &l, NULL);
        assert_legal(v->id, &r);
    }
}
END_TEST

START_TEST(one_thread_after_two_is_deterministic_again)
{
    load_start(variant_find("normal"));
    struct search_limits l = limits(7, 0);
    engine_clear(engine);
    struct search_result a = engine_search(engine, pos, &l, NULL);
    ck_assert_int_eq(engine_set_threads(engine, 2), 0);
    engine_clear(engine);
    engine_search(engine, pos, &l, NULL);
    ck_assert_int_eq(engine_set_threads(engine, 1), 0);
    engine_clear(engine);
    struct search_result b = engine_search(engine, pos, &l, NULL);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_str_eq(a.best.text, b.best.text);
}
END_TEST

/* ---- Pondering ------------------------------------------------------------------------ */

struct done_flag {
    atomic_bool done;
    struct search_result result;
};

static void on_done(const struct search_result *r, void *ctx)
{
    struct done_flag *d = ctx;
    d->result = *r;
    atomic_store(&d->done, true);
}

START_TEST(ponder_waits_for_the_hit_then_answers_at_once)
{
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        load_start(v);
        struct search_limits l = limits(0, 100);
        l.ponder = true;
        struct done_flag d;
        atomic_init(&d.done, false);
        struct search_callbacks cb = {NULL, on_done, &d};
        engine_search_async(engine, pos, &l, &cb);
        sleep_ms(300); /* three times its movetime: still pondering */
        ck_assert_msg(!atomic_load(&d.done), "%s: a ponder search ended by itself", v->id);
        /* Its movetime has passed: it answers at once (CPU time, not wall
         * time, which a busy machine stretches: tests/cpu_clock.h). */
        int64_t hit = cpu_ms();
        engine_ponderhit(engine);
        engine_wait(engine);
        int64_t worked = cpu_ms() - hit;
        ck_assert_msg(worked < 500, "%s: the search computed %lld ms after the hit", v->id, (long long)worked);
        ck_assert(atomic_load(&d.done));
        assert_legal(v->id, &d.result);
    }
}
END_TEST

START_TEST(a_stopped_ponder_search_still_gives_a_legal_turn)
{
    load_start(variant_find("interweave"));
    struct search_limits l;
    search_limits_init(&l);
    l.ponder = true;
    struct done_flag d;
    atomic_init(&d.done, false);
    struct search_callbacks cb = {NULL, on_done, &d};
    engine_search_async(engine, pos, &l, &cb);
    sleep_ms(50);
    engine_stop(engine);
    engine_wait(engine);
    assert_legal("interweave", &d.result);
}
END_TEST

/* ---- MultiPV --------------------------------------------------------------------------- */

struct lines_seen {
    int depth;
    int count;
    char first[8][TURN_TEXT_LEN];
    int score[8];
};

static void on_line(const struct search_report *r, void *ctx)
{
    struct lines_seen *s = ctx;
    if (r->depth != s->depth) {
        s->depth = r->depth;
        s->count = 0;
    }
    ck_assert_int_eq(r->multipv, s->count + 1);
    if (s->count < 8) {
        sscanf(r->pv, "%63s", s->first[s->count]);
        s->score[s->count] = r->score;
    }
    s->count++;
}

START_TEST(multipv_lines_are_distinct_legal_and_sorted_in_every_variant)
{
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        load_start(v);
        struct search_limits l = limits(3, 0);
        l.multipv = 4;
        struct lines_seen seen = {0};
        struct search_callbacks cb = {on_line, NULL, &seen};
        struct search_result r = engine_search(engine, pos, &l, &cb);
        ck_assert_msg(seen.count == 4, "%s: %d lines", v->id, seen.count);
        ck_assert_str_eq(r.best.text, seen.first[0]);
        for (int a = 0; a < 4; a++) {
            struct turn t;
            ck_assert_msg(turn_parse(pos, seen.first[a], &t) == 0, "%s: %s", v->id, seen.first[a]);
            if (a > 0)
                ck_assert_int_le(seen.score[a], seen.score[a - 1]);
            for (int b = 0; b < a; b++)
                ck_assert_str_ne(seen.first[a], seen.first[b]);
        }
    }
}
END_TEST

START_TEST(multipv_beyond_the_legal_turns_gives_them_all)
{
    char err[VARIANT_ERR_LEN];
    /* The White King on a1 has three moves. */
    ck_assert_int_eq(fen_read(pos, variant_find("normal"), "7k/7p/8/8/8/8/8/K7 w - - 0 1", err, sizeof err), 0);
    struct search_limits l = limits(2, 0);
    l.multipv = 10;
    struct lines_seen seen = {0};
    struct search_callbacks cb = {on_line, NULL, &seen};
    engine_search(engine, pos, &l, &cb);
    ck_assert_int_eq(seen.count, 3);
}
END_TEST

/* ---- Playing weaker --------------------------------------------------------------------- */

static void on_depth(const struct search_report *r, void *ctx)
{
    int *deepest = ctx;
    if (r->depth > *deepest)
        *deepest = r->depth;
}

/* Searches for `ms`; returns the deepest iteration reported. */
static int deepest_search(int64_t ms, struct search_result *r)
{
    struct search_limits l = limits(0, ms);
    int deepest = 0;
    struct search_callbacks cb = {on_depth, NULL, &deepest};
    *r = engine_search(engine, pos, &l, &cb);
    return deepest;
}

START_TEST(skill_levels_out_of_range_are_refused)
{
    ck_assert_int_eq(engine_set_skill(engine, 5), 0);
    ck_assert_int_eq(engine_set_skill(engine, -1), -1);
    ck_assert_int_eq(engine_set_skill(engine, SKILL_MAX + 1), -1);
    load_start(variant_find("normal"));
    struct search_result r;
    ck_assert_int_le(deepest_search(300, &r), 2 + 5 / 2); /* level 5 still in force */
}
END_TEST

START_TEST(the_weakest_level_plays_legal_shallow_turns_in_every_variant)
{
    ck_assert_int_eq(engine_set_skill(engine, 0), 0);
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        load_start(v);
        for (int k = 0; k < 3; k++) {
            struct search_result r;
            ck_assert_int_le(deepest_search(500, &r), 2);
            assert_legal(v->id, &r);
        }
    }
}
END_TEST

START_TEST(a_weak_level_still_takes_a_free_queen_and_mates)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find("normal");
    ck_assert_int_eq(engine_set_skill(engine, 0), 0);
    struct search_limits l = limits(0, 300);
    /* Mate in one (Ra8#): a mate found is always played. */
    ck_assert_int_eq(fen_read(pos, v, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", err, sizeof err), 0);
    for (int k = 0; k < 5; k++)
        ck_assert_str_eq(engine_search(engine, pos, &l, NULL).best.text, "a1a8");
    /* A queen hanging to a pawn: no other move is within the margin at level 0. */
    ck_assert_int_eq(fen_read(pos, v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1", err, sizeof err), 0);
    for (int k = 0; k < 5; k++)
        ck_assert_str_eq(engine_search(engine, pos, &l, NULL).best.text, "e4d5");
}
END_TEST

START_TEST(elo_maps_onto_the_skill_range)
{
    ck_assert_int_eq(skill_for_elo(STRENGTH_ELO_MIN - 100), 0);
    ck_assert_int_eq(skill_for_elo(STRENGTH_ELO_MIN), 0);
    ck_assert_int_eq(skill_for_elo(STRENGTH_ELO_MAX), SKILL_MAX);
    int prev = 0;
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo += 50) {
        int s = skill_for_elo(elo);
        ck_assert_int_ge(s, prev);
        prev = s;
    }
}
END_TEST

static Suite *modes_suite(void)
{
    Suite *s = suite_create("engine modes");
    TCase *tc = tcase_create("modes");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, thread_counts_out_of_range_are_refused);
    tcase_add_test(tc, two_threads_play_legal_turns_in_every_variant);
    tcase_add_test(tc, one_thread_after_two_is_deterministic_again);
    tcase_add_test(tc, ponder_waits_for_the_hit_then_answers_at_once);
    tcase_add_test(tc, a_stopped_ponder_search_still_gives_a_legal_turn);
    tcase_add_test(tc, multipv_lines_are_distinct_legal_and_sorted_in_every_variant);
    tcase_add_test(tc, multipv_beyond_the_legal_turns_gives_them_all);
    tcase_add_test(tc, skill_levels_out_of_range_are_refused);
    tcase_add_test(tc, the_weakest_level_plays_legal_shallow_turns_in_every_variant);
    tcase_add_test(tc, a_weak_level_still_takes_a_free_queen_and_mates);
    tcase_add_test(tc, elo_maps_onto_the_skill_range);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(modes_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
