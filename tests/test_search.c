/* Search tests: results, determinism, stopping and time limits, exclusions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "engine/search.h"
#include "variants/core/text.h"
#include "engine/timeman.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

#include "cpu_clock.h"
#include "engine_fixture.h"

static void load(const char *variant, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    int rc = fen_read(pos, v, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

static struct search_result search_depth(int depth)
{
    struct search_limits l;
    search_limits_init(&l);
    l.depth = depth;
    return engine_search(engine, pos, &l, NULL);
}

START_TEST(node_limited_search_is_deterministic)
{
    load("normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.nodes = 30000;
    engine_clear(engine);
    struct search_result a = engine_search(engine, pos, &l, NULL);
    engine_clear(engine);
    struct search_result b = engine_search(engine, pos, &l, NULL);
    ck_assert(a.has_move && b.has_move);
    ck_assert_str_eq(a.best.text, b.best.text);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_le(a.nodes, 30000);
}
END_TEST

START_TEST(finds_mate_in_one)
{
    load("normal", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    struct search_result r = search_depth(4);
    ck_assert(r.has_move);
    ck_assert_str_eq(r.best.text, "a1a8");
    ck_assert_int_eq(score_mate_moves(r.score), 1);
}
END_TEST

START_TEST(finds_mate_in_two)
{
    load("normal", "k7/8/2K5/8/8/8/8/7R w - - 0 1");
    struct search_result r = search_depth(6);
    ck_assert(r.has_move);
    ck_assert_int_eq(score_mate_moves(r.score), 2);
    /* Either quiet king move sets up the mate. */
    ck_assert_msg(strcmp(r.best.text, "c6b6") == 0 || strcmp(r.best.text, "c6c7") == 0, "best %s", r.best.text);
}
END_TEST

START_TEST(finds_known_tactics)
{
    /* Win at Chess 1, 3, 4 and 5 (Reinfeld); solved by 200 000 nodes here. */
    static const char *const cases[][2] = {
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6"},
        {"5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1", "e3g3"},
        {"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1", "h6h7"},
        {"5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1", "c6c4"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        load("normal", cases[i][0]);
        struct search_limits l;
        search_limits_init(&l);
        l.nodes = 500000;
        engine_clear(engine);
        struct search_result r = engine_search(engine, pos, &l, NULL);
        ck_assert_msg(strcmp(r.best.text, cases[i][1]) == 0, "%s: %s, not %s", cases[i][0], r.best.text, cases[i][1]);
    }
}
END_TEST

START_TEST(no_move_when_mated)
{
    load("normal", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    struct search_result r = search_depth(3);
    ck_assert(!r.has_move);
    ck_assert_int_eq(r.score, -SCORE_MATE);
}
END_TEST

START_TEST(no_move_when_stalemated)
{
    load("normal", "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    struct search_result r = search_depth(3);
    ck_assert(!r.has_move);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

START_TEST(avoids_stalemate_when_winning)
{
    /* Qxf7 wins a pawn and stalemates. */
    load("normal", "7k/5p2/6K1/8/8/8/8/5Q2 w - - 0 1");
    struct search_result r = search_depth(5);
    ck_assert(r.has_move);
    ck_assert_str_ne(r.best.text, "f1f7");
    ck_assert_int_gt(r.score, 300);
}
END_TEST

static void play(const char *moves)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    char *rest = buf;
    for (char *tok = text_token(&rest, " "); tok; tok = text_token(&rest, " ")) {
        struct turn t;
        ck_assert_msg(turn_parse(pos, tok, &t) == 0, "illegal %s", tok);
        turn_make(pos, &t);
    }
}

START_TEST(losing_side_repeats_for_a_draw)
{
    /* Black, a queen down, can make the start position occur a third time. */
    load("normal", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    struct search_result r = search_depth(5);
    ck_assert(r.has_move);
    ck_assert_str_eq(r.best.text, "f6g8");
    ck_assert_int_eq(r.score, 0);
}
END_TEST

START_TEST(winning_side_avoids_repetition)
{
    /* White, a queen up, does not make the start position occur a third time. */
    load("normal", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6");
    struct search_result r = search_depth(5);
    ck_assert(r.has_move);
    ck_assert_str_ne(r.best.text, "f3g1");
}
END_TEST

START_TEST(repetition_that_loses_is_avoided)
{
    /* The same game where the player who makes a position occur the third
     * time loses (Interweave's rule): Black no longer repeats. */
    static struct variant loses;
    loses = *variant_find("normal");
    loses.id = "repetition-loses";
    loses.repetition = REPETITION_LOSES_FOR_MOVER;
    char err[VARIANT_ERR_LEN];
    ck_assert(fen_read(pos, &loses, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", err, sizeof err) == 0);
    play("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    struct search_result r = search_depth(5);
    ck_assert(r.has_move);
    ck_assert_str_ne(r.best.text, "f6g8");
    ck_assert_int_gt(r.score, -SCORE_MATE_BOUND);
    /* Had Black repeated, the game would be over; the protocol ends it, the
     * search still answers with a move. */
    play("f6g8");
    ck_assert_int_eq(position_repetitions(pos, pos->ply), 2);
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 3;
    r = engine_search(engine, pos, &l, NULL);
    ck_assert(r.has_move);
}
END_TEST

START_TEST(fifty_move_rule_draws_but_mate_comes_first)
{
    load("normal", "7k/8/8/8/8/8/8/KR6 w - - 99 80");
    struct search_result r = search_depth(4);
    ck_assert(r.has_move);
    ck_assert_int_eq(r.score, 0);
    load("normal", "7k/8/6K1/8/8/8/8/1R6 w - - 99 80");
    r = search_depth(4);
    ck_assert_str_eq(r.best.text, "b1b8");
    ck_assert_int_eq(score_mate_moves(r.score), 1);
}
END_TEST

struct done_box {
    bool done;
    struct search_result r;
};

static void on_done(const struct search_result *r, void *ctx)
{
    struct done_box *box = ctx;
    box->r = *r;
    box->done = true;
}

struct report_box {
    int lines_seen;
    int last_score;
    char last_pv[1024];
};

static void on_report(const struct search_report *rep, void *ctx)
{
    struct report_box *box = ctx;
    if (rep->multipv > box->lines_seen)
        box->lines_seen = rep->multipv;
    box->last_score = rep->score;
    snprintf(box->last_pv, sizeof box->last_pv, "%s", rep->pv);
}

/* A position dead by material is a draw, but analysis still shows lines. */
START_TEST(dead_position_is_analysed_with_lines)
{
    load("normal", "8/8/4k3/8/8/3BK3/8/8 w - - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 4;
    l.multipv = 3;
    struct report_box box = {0, 1, ""};
    struct search_callbacks cb = {on_report, NULL, &box};
    struct search_result r = engine_search(engine, pos, &l, &cb);
    ck_assert(r.has_move);
    ck_assert_int_eq(box.lines_seen, 3);
    ck_assert_int_eq(box.last_score, 0);
    ck_assert_int_gt((int)strlen(box.last_pv), 0);
}
END_TEST

/* Interweave: captures are compulsory, so quiescence may not stand pat where
 * one exists. After d4e5 Black's only turn is the King's leap e6e4, and then
 * the Remover takes that King: a depth-1 search must see the win through
 * quiescence (standing pat on Black's side, it saw only material). */
START_TEST(compulsory_capture_is_searched_in_quiescence)
{
    load("interweave", "7k/8/4k3/8/3P4/4B3/K3K3/8 w - - 0 1");
    struct search_result r = search_depth(1);
    ck_assert(r.has_move);
    ck_assert_str_eq(r.best.text, "d4e5");
    ck_assert_msg(r.score > SCORE_MATE_BOUND, "score %d is not a win", r.score);
}
END_TEST

START_TEST(stop_ends_an_infinite_search_at_once)
{
    load("normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    struct search_limits l;
    search_limits_init(&l);
    l.infinite = true;
    struct done_box box = {false, {0}};
    struct search_callbacks cb = {NULL, on_done, &box};
    engine_search_async(engine, pos, &l, &cb);
    ck_assert(engine_busy(engine));
    struct timespec ts = {0, 150 * 1000000};
    nanosleep(&ts, NULL);
    ck_assert(engine_busy(engine)); /* infinite: still thinking */
    /* The search checks the stop flag every few hundred nodes: after the
     * stop it may finish those and unwind, a few milliseconds of work.
     * Counted in CPU time, not wall time (tests/cpu_clock.h). */
    int64_t t0 = cpu_ms();
    engine_stop(engine);
    engine_wait(engine);
    int64_t worked = cpu_ms() - t0;
    ck_assert_msg(worked < 100, "the search computed %lld ms after the stop", (long long)worked);
    ck_assert(box.done);
    ck_assert(box.r.has_move);
    ck_assert(!engine_busy(engine));
}
END_TEST

START_TEST(stop_right_after_start_still_gives_a_move)
{
    load("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.infinite = true;
    struct done_box box = {false, {0}};
    struct search_callbacks cb = {NULL, on_done, &box};
    engine_search_async(engine, pos, &l, &cb);
    engine_stop(engine);
    engine_wait(engine);
    ck_assert(box.done);
    ck_assert(box.r.has_move);
    struct turn t;
    ck_assert_int_eq(turn_parse(pos, box.r.best.text, &t), 0);
}
END_TEST

START_TEST(movetime_is_kept)
{
    load("normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    struct search_limits l;
    search_limits_init(&l);
    l.movetime_ms = 200;
    int64_t t0 = clock_ms(), c0 = cpu_ms();
    struct search_result r = engine_search(engine, pos, &l, NULL);
    int64_t took = clock_ms() - t0, worked = cpu_ms() - c0;
    ck_assert(r.has_move);
    /* It uses its time (a busy machine only lengthens the wall time)... */
    ck_assert_msg(took >= 100, "took only %lld ms", (long long)took);
    /* ...and stops at it: on an idle machine the CPU time is the wall time;
     * on a busy one the engine, stopping by the wall clock, has computed less. */
    ck_assert_msg(worked <= 350, "computed %lld ms for a 200 ms movetime", (long long)worked);
}
END_TEST

/* A node-limited search of `pos`, as an earlier turn of a game would have made. */
static void search_position_briefly(uint64_t nodes)
{
    struct search_limits l;
    search_limits_init(&l);
    l.nodes = nodes;
    ck_assert(engine_search(engine, pos, &l, NULL).has_move);
}

START_TEST(very_low_clock_returns_fast)
{
    load("normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10");
    struct search_limits l;
    search_limits_init(&l);
    l.time_ms[WHITE] = 50;
    l.time_ms[BLACK] = 50;
    /* A game's last 50 ms are never its engine's first search: first touches
     * of a fresh process's memory (the table's pages, the copy-on-write pages
     * of Check's forked child, the kernel compacting huge pages on a busy
     * machine) cost the first search of this position up to 60 ms of CPU
     * under AddressSanitizer, none of it the search's. */
    search_position_briefly(1000);
    /* The budget leaves the move overhead on the clock... */
    struct time_budget b = timeman_budget(&l, WHITE);
    ck_assert_int_le(b.hard_ms, 50 - TIMEMAN_DEFAULT_OVERHEAD_MS);
    /* ...and the search keeps to it (CPU time: tests/cpu_clock.h). */
    int64_t c0 = cpu_ms();
    struct search_result r = engine_search(engine, pos, &l, NULL);
    int64_t worked = cpu_ms() - c0;
    ck_assert(r.has_move);
    /* The promise is not to lose on time: the move overhead kept back above
     * is the margin for the last time check's overshoot (a busy machine
     * makes each batch of nodes between checks slower), so the bound is
     * the clock, not the budget (44 ms was seen at a load of 8). */
    ck_assert_msg(worked < 50, "computed %lld ms with 50 ms left", (long long)worked);
}
END_TEST

START_TEST(only_move_on_a_clock_is_played_at_once)
{
    /* Black's king has a single legal move. */
    load("normal", "k7/8/1K6/8/8/8/8/1R6 b - - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.time_ms[WHITE] = l.time_ms[BLACK] = 60000;
    int64_t c0 = cpu_ms();
    struct search_result r = engine_search(engine, pos, &l, NULL);
    ck_assert(r.has_move);
    ck_assert_str_eq(r.best.text, "a8b8");
    /* Not a search of a second or more (its budget on this clock): CPU time. */
    ck_assert_int_lt(cpu_ms() - c0, 100);
}
END_TEST

START_TEST(excluded_turns_are_never_returned)
{
    load("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 4;
    struct search_result first = engine_search(engine, pos, &l, NULL);
    ck_assert(first.has_move);
    /* Exclude the favourite: another move comes back. */
    l.excluded_count = 1;
    snprintf(l.excluded[0], TURN_TEXT_LEN, "%s", first.best.text);
    struct search_result second = engine_search(engine, pos, &l, NULL);
    ck_assert(second.has_move);
    ck_assert_str_ne(second.best.text, first.best.text);
    /* Exclude all but a2a3, even with a stop before the first iteration ends. */
    struct move_list list;
    pos->variant->generate(pos, &list);
    l.excluded_count = 0;
    for (int i = 0; i < list.count; i++) {
        char text[TURN_TEXT_LEN];
        step_text(pos, list.moves[i], text, sizeof text);
        if (strcmp(text, "a2a3") != 0)
            snprintf(l.excluded[l.excluded_count++], TURN_TEXT_LEN, "%s", text);
    }
    struct search_result third = engine_search(engine, pos, &l, NULL);
    ck_assert(third.has_move);
    ck_assert_str_eq(third.best.text, "a2a3");
    l.nodes = 1;
    struct search_result fourth = engine_search(engine, pos, &l, NULL);
    ck_assert(fourth.has_move);
    ck_assert_str_eq(fourth.best.text, "a2a3");
    /* Everything excluded: no move. */
    snprintf(l.excluded[l.excluded_count++], TURN_TEXT_LEN, "a2a3");
    l.nodes = 0;
    struct search_result none = engine_search(engine, pos, &l, NULL);
    ck_assert(!none.has_move);
}
END_TEST

/* Self-play on a real clock: nobody may run out of time. Each move is
 * charged the CPU time it took (tests/cpu_clock.h): on an idle machine that
 * is its wall time; on a busy one the moments other processes held the core
 * are not the engine's (at a load of 9 on the test's core, a 400 ms clock
 * flagged on a move charged 53 ms of wall time). The engine still keeps to
 * the wall clock, and computing past its clock still flags. */
static void play_on_clock(int64_t start_ms, int64_t inc_ms, int movestogo, int plies)
{
    load("normal", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    int64_t clock[2] = {start_ms, start_ms};
    for (int ply = 0; ply < plies; ply++) {
        struct search_limits l;
        search_limits_init(&l);
        l.time_ms[WHITE] = clock[WHITE];
        l.time_ms[BLACK] = clock[BLACK];
        l.inc_ms[WHITE] = l.inc_ms[BLACK] = inc_ms;
        if (movestogo)
            l.movestogo = movestogo - (ply / 2) % movestogo;
        Color side = pos->side;
        int64_t c0 = cpu_ms();
        struct search_result r = engine_search(engine, pos, &l, NULL);
        int64_t used = cpu_ms() - c0;
        if (!r.has_move)
            break;
        clock[side] -= used;
        ck_assert_msg(clock[side] > 0, "ply %d: flagged (used %lld ms)", ply, (long long)used);
        clock[side] += inc_ms;
        if (movestogo && (ply / 2) % movestogo == movestogo - 1)
            clock[side] += start_ms; /* the next time control */
        turn_make(pos, &r.best);
    }
}

START_TEST(blitz_two_seconds_plus_increment_never_flags)
{
    play_on_clock(2000, 20, 0, 40);
}
END_TEST

/* A larger move overhead leaves more on the clock; the default is 30 ms. */
START_TEST(move_overhead_is_left_on_the_clock)
{
    struct search_limits l;
    search_limits_init(&l);
    l.time_ms[WHITE] = l.time_ms[BLACK] = 3000;
    l.inc_ms[WHITE] = l.inc_ms[BLACK] = 50;
    struct time_budget by_default = timeman_budget(&l, WHITE);
    l.move_overhead_ms = TIMEMAN_DEFAULT_OVERHEAD_MS;
    struct time_budget thirty = timeman_budget(&l, WHITE);
    ck_assert_int_eq(by_default.hard_ms, thirty.hard_ms);
    ck_assert_int_eq(by_default.soft_ms, thirty.soft_ms);
    l.move_overhead_ms = 1000;
    struct time_budget slow_gui = timeman_budget(&l, WHITE);
    ck_assert_int_lt(slow_gui.hard_ms, by_default.hard_ms);
    ck_assert_int_ge(3000 - slow_gui.hard_ms, 1000);
    /* Never more than half the clock is held back, so a move still comes. */
    l.move_overhead_ms = TIMEMAN_MAX_OVERHEAD_MS;
    struct time_budget most = timeman_budget(&l, WHITE);
    ck_assert_int_gt(most.hard_ms, 0);
    ck_assert_int_ge(3000 - most.hard_ms, 1500);
}
END_TEST

/* Issue 28: no turn takes more than a twentieth of the clock plus the
 * increment, the overhead included, however unstable the best step; with
 * fewer moves to go than twenty, a larger share. */
START_TEST(no_turn_takes_more_than_a_twentieth_of_the_clock)
{
    static const int64_t clocks[] = {1000, 20000, 60000, 300000, 3600000};
    static const int64_t incs[] = {0, 100, 2000};
    for (size_t c = 0; c < sizeof clocks / sizeof clocks[0]; c++)
        for (size_t i = 0; i < sizeof incs / sizeof incs[0]; i++) {
            struct search_limits l;
            search_limits_init(&l);
            l.time_ms[WHITE] = l.time_ms[BLACK] = clocks[c];
            l.inc_ms[WHITE] = l.inc_ms[BLACK] = incs[i];
            struct time_budget b = timeman_budget(&l, WHITE);
            int64_t ceiling = clocks[c] / 20 + incs[i] - TIMEMAN_DEFAULT_OVERHEAD_MS;
            ck_assert_int_le(b.hard_ms, ceiling > 1 ? ceiling : 1);
            ck_assert_int_le(b.soft_ms, b.hard_ms);
            for (int stable = 0; stable < 6; stable++)
                ck_assert_int_le(timeman_iteration_target(&b, stable, 100), b.hard_ms);
        }
    struct search_limits l;
    search_limits_init(&l);
    l.time_ms[WHITE] = l.time_ms[BLACK] = 60000;
    l.movestogo = 4;
    ck_assert_int_gt(timeman_budget(&l, WHITE).hard_ms, 60000 / 20);
    ck_assert_int_le(timeman_budget(&l, WHITE).hard_ms, 60000 / 4);
}
END_TEST

/* A best step that keeps changing, or a falling score, earns more of the
 * soft limit; a stable one less; never more than the hard limit allows. */
START_TEST(soft_limit_follows_the_stability_of_the_best_step)
{
    int previous = timeman_soft_permille(0, 0);
    for (int stable = 1; stable < 10; stable++) {
        int now = timeman_soft_permille(stable, 0);
        ck_assert_int_le(now, previous);
        previous = now;
    }
    ck_assert_int_lt(timeman_soft_permille(9, 0), 1000);
    ck_assert_int_gt(timeman_soft_permille(0, 0), 1000);
    ck_assert_int_gt(timeman_soft_permille(3, 40), timeman_soft_permille(3, 0));
    ck_assert_int_eq(timeman_soft_permille(3, -40), timeman_soft_permille(3, 0));
    /* The soft check stops new iterations at half the scaled limit, which
     * must stay below the hard limit of three soft limits. */
    ck_assert_int_lt(timeman_soft_permille(0, 1000), 3 * 2 * 1000);
}
END_TEST

START_TEST(short_clock_with_moves_to_go_never_flags)
{
    play_on_clock(400, 0, 10, 30);
}
END_TEST

static int reports;
static void count_report(const struct search_report *r, void *ctx)
{
    (void)ctx;
    ck_assert_int_gt(r->depth, 0);
    ck_assert_int_gt((int)strlen(r->pv), 0);
    reports++;
}

START_TEST(reports_once_per_iteration)
{
    load("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 5;
    reports = 0;
    struct search_callbacks cb = {count_report, NULL, NULL};
    struct search_result r = engine_search(engine, pos, &l, &cb);
    ck_assert_int_eq(reports, 5);
    ck_assert_int_eq(r.depth, 5);
    ck_assert(r.has_ponder);
}
END_TEST

/* The same position with colours exchanged (board mirrored vertically). */
static void mirror_fen(const char *fen, char *out, size_t n)
{
    char placement[128], side[4], castling[8], ep[4];
    int half = 0, full = 1;
    ck_assert_int_ge(sscanf(fen, "%127s %3s %7s %3s %d %d", placement, side, castling, ep, &half, &full), 4);
    char ranks[8][16];
    int count = 0;
    char *rest = placement;
    for (char *tok = text_token(&rest, "/"); tok && count < 8; tok = text_token(&rest, "/"))
        snprintf(ranks[count++], sizeof ranks[0], "%s", tok);
    char board[128] = "";
    for (int i = count - 1; i >= 0; i--) {
        for (char *p = ranks[i]; *p; p++)
            *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
        strcat(board, ranks[i]);
        if (i)
            strcat(board, "/");
    }
    for (char *p = castling; *p; p++)
        *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    snprintf(out, n, "%s %s %s %s %d %d", board, side[0] == 'w' ? "b" : "w", castling, ep, half, full);
}

START_TEST(evaluation_is_colour_symmetric)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/pp3ppp/8/3P4/8/8/5PPP/6K1 b - - 0 30",
        NULL,
    };
    for (int i = 0; fens[i]; i++) {
        char mirrored[256];
        load("normal", fens[i]);
        int a = pos->variant->evaluate(pos);
        mirror_fen(fens[i], mirrored, sizeof mirrored);
        load("normal", mirrored);
        int b = pos->variant->evaluate(pos);
        ck_assert_msg(a == b, "%s: %d, mirrored %s: %d", fens[i], a, mirrored, b);
    }
}
END_TEST

START_TEST(evaluation_prefers_material_and_development)
{
    load("normal", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    int start = pos->variant->evaluate(pos);
    ck_assert_int_lt(abs(start), 30);
    load("normal", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    int developed = -pos->variant->evaluate(pos);
    load("normal", "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    int rim = -pos->variant->evaluate(pos);
    ck_assert_int_gt(developed, rim);
    load("normal", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ck_assert_int_gt(pos->variant->evaluate(pos), 700);
}
END_TEST

/* ---- A two-step test game --------------------------------------------------
 * Orthodox chess where every turn is a move followed by a tag step, `x` or
 * `y`, which changes nothing but ends the turn: the search must negate only
 * when the side changes and return whole turns ("a1a8,x"). */
#define TAG_OWED_KEY 0x9e3779b97f4a7c15ull

static struct variant twostep;

static bool tag_owed(const struct position *p) { return p->ext[0] != 0; }

static void twostep_generate(struct position *p, struct move_list *list)
{
    if (!tag_owed(p)) {
        variant_find("normal")->generate(p, list);
        return;
    }
    list->count = 0;
    move_list_add(list, make_move(0, 0, MK_VARIANT1, 0));
    move_list_add(list, make_move(0, 0, MK_VARIANT1, 1));
}

static void twostep_make(struct position *p, Move m)
{
    if (move_kind(m) == MK_VARIANT1) {
        pos_push_undo(p, m, twostep.ext_size, false);
        p->ext[0] = 0;
        p->key ^= TAG_OWED_KEY;
        if (p->side == BLACK)
            p->fullmove++;
        pos_flip_side(p);
        return;
    }
    Color side = p->side;
    variant_find("normal")->make(p, m);
    pos_flip_side(p); /* the tag is still to come */
    if (side == BLACK)
        p->fullmove--;
    p->ext[0] = 1;
    p->key ^= TAG_OWED_KEY;
}

static void twostep_unmake(struct position *p, Move m)
{
    if (move_kind(m) == MK_VARIANT1)
        pos_pop_undo(p, twostep.ext_size);
    else
        variant_find("normal")->unmake(p, m);
}

static bool twostep_is_capture(const struct position *p, Move m)
{
    return move_kind(m) != MK_VARIANT1 && variant_find("normal")->is_capture(p, m);
}

static void twostep_format(const struct position *p, Move m, char *out, size_t n)
{
    if (move_kind(m) == MK_VARIANT1)
        snprintf(out, n, "%c", move_extra(m) ? 'y' : 'x');
    else
        variant_find("normal")->format_step(p, m, out, n);
}

static uint64_t twostep_ext_key(const struct position *p) { return tag_owed(p) ? TAG_OWED_KEY : 0; }

static void load_twostep(const char *fen)
{
    twostep = *variant_find("normal");
    twostep.id = "twostep";
    twostep.steps_are_turns = false;
    twostep.ext_size = 1;
    twostep.generate = twostep_generate;
    twostep.generate_noisy = NULL;
    twostep.make = twostep_make;
    twostep.unmake = twostep_unmake;
    twostep.is_capture = twostep_is_capture;
    twostep.format_step = twostep_format;
    twostep.ext_key = twostep_ext_key;
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(pos, &twostep, fen, err, sizeof err) == 0, "%s", err);
}

START_TEST(multi_step_turns_are_whole)
{
    load_twostep("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    struct search_result r = search_depth(6);
    ck_assert(r.has_move);
    ck_assert_int_eq(r.best.count, 2);
    ck_assert_msg(strcmp(r.best.text, "a1a8,x") == 0 || strcmp(r.best.text, "a1a8,y") == 0, "best %s", r.best.text);
    ck_assert_int_eq(score_mate_moves(r.score), 1);
    /* A queen up, the score is the mover's (negated only across turns). */
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 4;
    load_twostep("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    r = engine_search(engine, pos, &l, NULL);
    ck_assert(r.has_move);
    ck_assert_int_gt(r.score, 500);
    ck_assert(r.has_ponder);
    ck_assert_int_eq(r.ponder.count, 2);
    struct turn t;
    ck_assert_int_eq(turn_parse(pos, r.best.text, &t), 0);
    load_twostep("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    r = engine_search(engine, pos, &l, NULL);
    ck_assert_int_lt(r.score, -500);
}
END_TEST

static void check_pv_turns(const struct search_report *r, void *ctx)
{
    (void)ctx;
    /* Every space-separated turn of the PV has its two steps. */
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", r->pv);
    char *rest = buf;
    for (char *tok = text_token(&rest, " "); tok; tok = text_token(&rest, " "))
        ck_assert_msg(strchr(tok, ',') != NULL, "pv %s", r->pv);
    reports++;
}

START_TEST(multi_step_exclusions_and_pv)
{
    load_twostep("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    struct search_limits l;
    search_limits_init(&l);
    l.depth = 5;
    l.excluded_count = 1;
    snprintf(l.excluded[0], TURN_TEXT_LEN, "a1a8,x");
    reports = 0;
    struct search_callbacks cb = {check_pv_turns, NULL, NULL};
    struct search_result r = engine_search(engine, pos, &l, &cb);
    ck_assert_str_eq(r.best.text, "a1a8,y");
    ck_assert_int_gt(reports, 0);
    l.excluded_count = 2;
    snprintf(l.excluded[1], TURN_TEXT_LEN, "a1a8,y");
    r = engine_search(engine, pos, &l, NULL);
    ck_assert(r.has_move);
    ck_assert_str_ne(r.best.text, "a1a8,x");
    ck_assert_str_ne(r.best.text, "a1a8,y");
    ck_assert_int_eq(r.best.count, 2);
    /* Stopped at once: still a whole turn, not excluded. */
    l.nodes = 1;
    r = engine_search(engine, pos, &l, NULL);
    ck_assert(r.has_move);
    ck_assert_int_eq(r.best.count, 2);
    ck_assert(strncmp(r.best.text, "a1a8,", 5) != 0);
}
END_TEST

static Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 60);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, node_limited_search_is_deterministic);
    tcase_add_test(tc, finds_mate_in_one);
    tcase_add_test(tc, finds_mate_in_two);
    tcase_add_test(tc, finds_known_tactics);
    tcase_add_test(tc, no_move_when_mated);
    tcase_add_test(tc, no_move_when_stalemated);
    tcase_add_test(tc, avoids_stalemate_when_winning);
    tcase_add_test(tc, losing_side_repeats_for_a_draw);
    tcase_add_test(tc, winning_side_avoids_repetition);
    tcase_add_test(tc, fifty_move_rule_draws_but_mate_comes_first);
    tcase_add_test(tc, repetition_that_loses_is_avoided);
    tcase_add_test(tc, stop_ends_an_infinite_search_at_once);
    tcase_add_test(tc, stop_right_after_start_still_gives_a_move);
    tcase_add_test(tc, movetime_is_kept);
    tcase_add_test(tc, very_low_clock_returns_fast);
    tcase_add_test(tc, only_move_on_a_clock_is_played_at_once);
    tcase_add_test(tc, excluded_turns_are_never_returned);
    tcase_add_test(tc, reports_once_per_iteration);
    tcase_add_test(tc, evaluation_is_colour_symmetric);
    tcase_add_test(tc, blitz_two_seconds_plus_increment_never_flags);
    tcase_add_test(tc, short_clock_with_moves_to_go_never_flags);
    tcase_add_test(tc, move_overhead_is_left_on_the_clock);
    tcase_add_test(tc, no_turn_takes_more_than_a_twentieth_of_the_clock);
    tcase_add_test(tc, soft_limit_follows_the_stability_of_the_best_step);
    tcase_add_test(tc, multi_step_turns_are_whole);
    tcase_add_test(tc, dead_position_is_analysed_with_lines);
    tcase_add_test(tc, compulsory_capture_is_searched_in_quiescence);
    tcase_add_test(tc, multi_step_exclusions_and_pv);
    tcase_add_test(tc, evaluation_prefers_material_and_development);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(search_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
