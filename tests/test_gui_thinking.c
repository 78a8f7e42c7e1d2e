/* The GUI shows an engine's score from White's side, mates as moves (M3,
 * -M2), whichever side thinks and whichever protocol it speaks
 * (protocol/gui/gui_thinking.c). */
#include <check.h>
#include <string.h>

#include "protocol/gui/gui_internal.h"
#include "check_run.h"
#include "position_fixture.h"

static struct thinking parse(const char *line, Color thinker)
{
    struct thinking t = {.valid = true, .color = thinker};
    ck_assert_msg(gui_parse_thinking(line, &t), "not read as thinking: %s", line);
    return t;
}

#define assert_cp(t, want_cp, want_text)                                                                              \
    do {                                                                                                              \
        ck_assert_int_eq((t).score.kind, SCORE_CP);                                                                   \
        ck_assert_int_eq((t).score.cp, (want_cp));                                                                    \
        ck_assert_str_eq((t).score.text, (want_text));                                                                \
    } while (0)

#define assert_mate(t, want_mate, want_text)                                                                          \
    do {                                                                                                              \
        ck_assert_int_eq((t).score.kind, SCORE_MATE);                                                                 \
        ck_assert_int_eq((t).score.mate, (want_mate));                                                                \
        ck_assert_str_eq((t).score.text, (want_text));                                                                \
    } while (0)

START_TEST(cecp_centipawns_from_white)
{
    /* Rule Zero's own post line: depth score time nodes seldepth nps TAB pv. */
    struct thinking w = parse("12 59 100 12345 18 99999\te2e4 e7e5", WHITE);
    assert_cp(w, 59, "+0.59");
    ck_assert_int_eq(w.depth, 12);
    ck_assert_str_eq(w.pv, "e2e4 e7e5");
    /* Black thinks it is better by 0.59: White is worse by as much. */
    assert_cp(parse("12 59 100 12345\te7e5", BLACK), -59, "-0.59");
    assert_cp(parse("3 -120 5 77 g8f6", BLACK), 120, "+1.20");
    assert_cp(parse("3 -7 5 77 g8f6", WHITE), -7, "-0.07");
    assert_cp(parse("3 0 5 77 g8f6", BLACK), 0, "0.00");
}
END_TEST

START_TEST(cecp_mates_in_moves)
{
    /* 100000 + N: the engine mates in N; -100000 - N: it is mated in N. */
    assert_mate(parse("20 100003 50 999\tf7f8q", WHITE), 3, "M3");
    assert_mate(parse("20 100003 50 999\tf2f1q", BLACK), -3, "-M3");
    assert_mate(parse("20 -100002 50 999\te1d1", WHITE), -2, "-M2");
    assert_mate(parse("20 -100002 50 999\te8d8", BLACK), 2, "M2");
    assert_mate(parse("20 100001 50 999\th5f7", WHITE), 1, "M1");
    /* Not mates: large, but within the protocol's centipawns. */
    assert_cp(parse("20 99999 50 999\ta1a8", WHITE), 99999, "+999.99");
    assert_cp(parse("20 100000 50 999\ta1a8", BLACK), -100000, "-1000.00");
}
END_TEST

START_TEST(uci_scores_from_white)
{
    assert_cp(parse("info depth 9 seldepth 12 score cp 35 nodes 4321 nps 1 time 3 pv e2e4", WHITE), 35, "+0.35");
    struct thinking b = parse("info depth 9 score cp 35 lowerbound nodes 4321 pv e7e5 g1f3", BLACK);
    assert_cp(b, -35, "-0.35");
    ck_assert_int_eq(b.depth, 9);
    ck_assert_uint_eq(b.nodes, 4321);
    ck_assert_str_eq(b.pv, "e7e5 g1f3");
    assert_mate(parse("info depth 30 score mate 4 nodes 10 pv d1h5", WHITE), 4, "M4");
    assert_mate(parse("info depth 30 score mate 4 nodes 10 pv d8h4", BLACK), -4, "-M4");
    assert_mate(parse("info depth 30 score mate -2 nodes 10 pv e8d8", BLACK), 2, "M2");
    assert_mate(parse("info depth 30 score mate -2 nodes 10 pv e1d1", WHITE), -2, "-M2");
    struct thinking none = parse("info depth 1 nodes 1 pv e2e4", WHITE);
    ck_assert_int_eq(none.score.kind, SCORE_NONE);
    ck_assert_str_eq(none.score.text, "?");
}
END_TEST

START_TEST(not_thinking)
{
    struct thinking t = {.color = WHITE};
    ck_assert(!gui_parse_thinking("move e2e4", &t));
    ck_assert(!gui_parse_thinking("info string hello", &t));
    ck_assert(!gui_parse_thinking("bestmove e2e4", &t));
}
END_TEST

/* The line is shown as a player reads turns: the engine's coordinates in the
 * game's notation, as far as they are legal; the rest as the engine sent it. */
START_TEST(line_in_readable_notation)
{
    struct position *scratch = malloc(sizeof *scratch);
    char pv[256] = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1";
    load("normal", NULL);
    gui_readable_pv(pos, scratch, pv, sizeof pv);
    ck_assert_str_eq(pv, "e4 e5 Nf3 Nc6 Bb5 a6 O-O");
    snprintf(pv, sizeof pv, "e2e4 e2e4 g1f3");
    gui_readable_pv(pos, scratch, pv, sizeof pv);
    ck_assert_str_eq(pv, "e4 e2e4 g1f3");
    load("interweave", "7k/3p4/8/1p6/8/8/p7/N3KK1k w - - 0 1");
    snprintf(pv, sizeof pv, "a1a3,a3c7,c7e7");
    gui_readable_pv(pos, scratch, pv, sizeof pv);
    ck_assert_str_eq(pv, "Na1xa3xc7xe7");
    free(scratch);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gui_thinking");
    TCase *tc = tcase_create("scores");
    tcase_add_test(tc, cecp_centipawns_from_white);
    tcase_add_test(tc, cecp_mates_in_moves);
    tcase_add_test(tc, uci_scores_from_white);
    tcase_add_test(tc, not_thinking);
    suite_add_tcase(s, tc);
    TCase *lines = tcase_create("lines");
    tcase_add_checked_fixture(lines, setup, teardown);
    tcase_add_test(lines, line_in_readable_notation);
    suite_add_tcase(s, lines);
    return check_run(s);
}
