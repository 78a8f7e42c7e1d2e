/* Unit tests of the protocol layer's game object and CECP time controls. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "protocol/game.h"
#include "perft/perft.h"
#include "variants/core/text.h"
#include "protocol/timecontrol.h"

static struct game g;
static char err[VARIANT_ERR_LEN];

static void setup(void)
{
    zobrist_init();
    ck_assert_int_eq(game_init(&g), 0);
}

static void teardown(void) { game_free(&g); }

static void fen_is(const char *want)
{
    char fen[FEN_MAX_LEN];
    fen_write(g.pos, fen, sizeof fen);
    ck_assert_str_eq(fen, want);
}

static void play(const char *text)
{
    int rc = game_play_text(&g, text, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", text, err);
}

START_TEST(play_and_undo)
{
    const char *start = g.variant->start_fen;
    play("e2e4");
    play("e7e5");
    ck_assert_int_eq(g.count, 2);
    ck_assert_int_eq(game_turns_by(&g, WHITE), 1);
    ck_assert_int_eq(game_play_text(&g, "e4e5", err, sizeof err), -1);
    ck_assert_int_eq(g.count, 2);
    ck_assert_int_eq(game_undo(&g), 0);
    ck_assert_int_eq(game_undo(&g), 0);
    ck_assert_int_eq(game_undo(&g), -1);
    fen_is(start);
}
END_TEST

START_TEST(bad_fen_keeps_game)
{
    play("e2e4");
    ck_assert_int_eq(game_new(&g, g.variant, "8/8 w", err, sizeof err), -1);
    ck_assert_int_eq(g.count, 1);
    fen_is("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    ck_assert_int_eq(game_new(&g, NULL, NULL, err, sizeof err), -1);
}
END_TEST

START_TEST(outcomes)
{
    ck_assert_int_eq(game_outcome(&g).result, RESULT_NONE);
    ck_assert_int_eq(game_new(&g, g.variant, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", err, sizeof err), 0);
    play("a1a8");
    struct outcome o = game_outcome(&g);
    ck_assert_int_eq(o.result, RESULT_WHITE_WINS);
    ck_assert_str_eq(o.reason, "White mates");
    ck_assert_int_eq(game_new(&g, g.variant, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", err, sizeof err), 0);
    ck_assert_str_eq(game_outcome(&g).reason, "Stalemate");
    ck_assert_int_eq(game_new(&g, g.variant, "8/8/8/4k3/8/8/8/R3K3 w - - 99 80", err, sizeof err), 0);
    ck_assert_int_eq(game_outcome(&g).result, RESULT_NONE);
    play("a1a2");
    ck_assert_str_eq(game_outcome(&g).reason, "Draw by fifty-move rule");
    ck_assert_str_eq(result_text(RESULT_DRAW), "1/2-1/2");
}
END_TEST

START_TEST(threefold_repetition)
{
    const char *shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(game_outcome(&g).result, RESULT_NONE);
        play(shuffle[i]);
    }
    ck_assert_str_eq(game_outcome(&g).reason, "Draw by repetition");
    game_undo(&g);
    ck_assert_int_eq(game_outcome(&g).result, RESULT_NONE);
}
END_TEST

START_TEST(unknown_option)
{
    ck_assert_int_eq(game_set_option(&g, "NoSuchOption", "1", err, sizeof err), -1);
}
END_TEST

/* Options belong to the game: one set before the variant applies to it, a bad
 * value is refused, and another game in the same process keeps its own. */
START_TEST(options_belong_to_the_game)
{
    static const char fen[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 00000";
    struct game other;
    ck_assert_int_eq(game_init(&other), 0);
    ck_assert_int_eq(game_set_option(&g, "Powers", "Q:Q,KK R:R,WWD B:B,K2 N:N,AD", err, sizeof err), 0);
    ck_assert_int_eq(game_set_option(&g, "Powers", "Q:Q,WX", err, sizeof err), -1);
    ck_assert_int_eq(game_new(&g, variant_find("polypiece"), fen, err, sizeof err), 0);
    ck_assert_int_eq(game_new(&other, variant_find("polypiece"), fen, err, sizeof err), 0);
    ck_assert_uint_eq(perft(g.pos, 2, true), 2021);
    ck_assert_uint_eq(perft(other.pos, 2, true), 1984);
    /* Kept across a change of variant. */
    ck_assert_int_eq(game_new(&g, variant_find("normal"), NULL, err, sizeof err), 0);
    ck_assert_int_eq(game_new(&g, variant_find("polypiece"), fen, err, sizeof err), 0);
    ck_assert_uint_eq(perft(g.pos, 2, true), 2021);
    game_free(&other);
}
END_TEST

START_TEST(level_parsing)
{
    struct time_control tc;
    tc_init(&tc);
    ck_assert_int_eq(tc_parse_level(&tc, "0 5 0.5"), 0);
    ck_assert_int_eq(tc.mps, 0);
    ck_assert_int_eq(tc.base_ms, 300000);
    ck_assert_int_eq(tc.inc_ms, 500);
    ck_assert_int_eq(tc_parse_level(&tc, "40 0:30 0"), 0);
    ck_assert_int_eq(tc.mps, 40);
    ck_assert_int_eq(tc.base_ms, 30000);
    ck_assert_int_eq(tc.inc_ms, 0);
    ck_assert_int_eq(tc_parse_level(&tc, "0 2 12"), 0);
    ck_assert_int_eq(tc.inc_ms, 12000);
    ck_assert_int_eq(tc_parse_level(&tc, "x 5 0"), -1);
    ck_assert_int_eq(tc_parse_level(&tc, "0 5"), -1);
    ck_assert_int_eq(tc_parse_level(&tc, "0 5 1 2"), -1);
    ck_assert_int_eq(tc.inc_ms, 12000); /* unchanged by the failures */
}
END_TEST

/* CECP numbers may have decimals (python-chess sends `st 1.0`, `st 0.5`). */
START_TEST(cecp_numbers)
{
    int64_t n = -7;
    ck_assert_int_eq(tc_number("1.0", 1000.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 1000);
    ck_assert_int_eq(tc_number("0.5", 1000.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 500);
    ck_assert_int_eq(tc_number("3.0", 1.0, 128, &n), 0);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(tc_number("1000.5", 1.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 1001); /* to the nearest, half up */
    ck_assert_int_eq(tc_number("2.4", 1.0, 128, &n), 0);
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(tc_number("0.0001", 1000.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 1); /* a positive number is never 0 */
    ck_assert_int_eq(tc_number("0", 1000.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(tc_number("123.4", 10.0, TC_MAX_MS, &n), 0);
    ck_assert_int_eq(n, 1234);
    n = -7;
    ck_assert_int_eq(tc_number("128.6", 1.0, 128, &n), -1);
    ck_assert_int_eq(tc_number("-1", 1.0, 128, &n), -1);
    ck_assert_int_eq(tc_number("1.5x", 1.0, 128, &n), -1);
    ck_assert_int_eq(tc_number("nan", 1.0, 128, &n), -1);
    ck_assert_int_eq(tc_number("", 1.0, 128, &n), -1);
    ck_assert_int_eq(n, -7); /* unchanged by the failures */
    struct time_control tc;
    tc_init(&tc);
    ck_assert_int_eq(tc_parse_level(&tc, "40.0 0:30 2.0"), 0);
    ck_assert_int_eq(tc.mps, 40);
    ck_assert_int_eq(tc.inc_ms, 2000);
}
END_TEST

/* python-chess's node limit: `nps 1` and `st NODES`. */
START_TEST(nps_with_fixed_time)
{
    struct time_control tc;
    tc_init(&tc);
    struct search_limits *l = malloc(sizeof *l);
    tc.nps = 1;
    tc.st_ms = 2000 * 1000;
    search_limits_init(l);
    tc_limits(&tc, WHITE, 0, l);
    ck_assert_uint_eq(l->nodes, 2000);
    ck_assert_int_eq(l->movetime_ms, 0);
    tc.nps = 1000;
    tc.st_ms = 500;
    search_limits_init(l);
    tc_limits(&tc, BLACK, 3, l);
    ck_assert_uint_eq(l->nodes, 500);
    ck_assert_int_eq(l->time_ms[BLACK], -1);
    tc.nps = TC_MAX_MS; /* the largest of both: no overflow */
    tc.st_ms = TC_MAX_MS;
    search_limits_init(l);
    tc_limits(&tc, WHITE, 0, l);
    ck_assert_uint_eq(l->nodes, UINT64_MAX);
    free(l);
}
END_TEST

START_TEST(limits_from_time_control)
{
    struct time_control tc;
    struct search_limits *l = malloc(sizeof *l);
    tc_init(&tc);
    tc_parse_level(&tc, "40 5 0");
    tc.own_ms = 10000;
    tc.opp_ms = 20000;
    search_limits_init(l);
    tc_limits(&tc, BLACK, 45, l);
    ck_assert_int_eq(l->movestogo, 35);
    ck_assert_int_eq(l->time_ms[BLACK], 10000 - TC_LAG_MARGIN_MS);
    ck_assert_int_eq(l->time_ms[WHITE], 20000 - TC_LAG_MARGIN_MS);
    tc.own_ms = 50;
    search_limits_init(l);
    tc_limits(&tc, WHITE, 0, l);
    ck_assert_int_eq(l->time_ms[WHITE], 1);
    tc.st_ms = 1000;
    tc.depth = 7;
    search_limits_init(l);
    tc_limits(&tc, WHITE, 0, l);
    ck_assert_int_eq(l->movetime_ms, 950);
    ck_assert_int_eq(l->depth, 7);
    ck_assert_int_eq(l->time_ms[WHITE], -1);
    tc.st_ms = 0;
    tc.nps = 1000;
    tc_parse_level(&tc, "0 1 0");
    search_limits_init(l);
    tc_limits(&tc, WHITE, 0, l);
    ck_assert(l->nodes > 0 && l->nodes < 60000);
    ck_assert_int_eq(l->time_ms[WHITE], -1);
    free(l);
}
END_TEST

START_TEST(text_helpers)
{
    char buf[64] = "  go  depth 3 \n";
    char *p = text_trim(buf);
    ck_assert_str_eq(text_word(&p), "go");
    ck_assert_str_eq(text_word(&p), "depth");
    ck_assert_str_eq(p, "3");
    int64_t n;
    ck_assert_int_eq(text_int64("12", 0, 20, &n), 0);
    ck_assert_int_eq(n, 12);
    ck_assert_int_eq(text_int64("12x", 0, 20, &n), -1);
    ck_assert_int_eq(text_int64("21", 0, 20, &n), -1);
    char clean[32];
    text_no_parens("a (b) c", clean, sizeof clean);
    ck_assert_str_eq(clean, "a [b] c");
}
END_TEST

static Suite *game_suite(void)
{
    Suite *s = suite_create("protocol");
    TCase *tc = tcase_create("game");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, play_and_undo);
    tcase_add_test(tc, bad_fen_keeps_game);
    tcase_add_test(tc, outcomes);
    tcase_add_test(tc, options_belong_to_the_game);
    tcase_add_test(tc, threefold_repetition);
    tcase_add_test(tc, unknown_option);
    suite_add_tcase(s, tc);
    TCase *tt = tcase_create("timecontrol");
    tcase_add_test(tt, level_parsing);
    tcase_add_test(tt, limits_from_time_control);
    tcase_add_test(tt, cecp_numbers);
    tcase_add_test(tt, nps_with_fixed_time);
    tcase_add_test(tt, text_helpers);
    suite_add_tcase(s, tt);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(game_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
