/* PGN: games written by the runner's writer re-read into the same final
 * positions through turn_parse; the arbiter's adjudication. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "variants/adjudicate.h"
#include "engine/baseline.h"
#include "protocol/match/pgn.h"
#include "variants/registry.h"

static struct position *pos, *replayed;
static struct settings settings; /* the replayed game's */

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    replayed = malloc(sizeof *replayed);
}

static void teardown(void)
{
    free(pos);
    free(replayed);
    settings_free(&settings);
}

/* Plays a random game from fen, writes it, reads it back, compares. */
static void round_trip(const char *fen, uint64_t seed, int max_plies)
{
    const struct variant *v = variant_find("normal");
    char err[512];
    ck_assert(fen_read(pos, v, fen, err, sizeof err) == 0);
    static char moves[600][TURN_TEXT_LEN];
    int n = 0;
    struct outcome o = {RESULT_NONE, NULL};
    while (n < max_plies && (o = game_adjudicate(pos)).result == RESULT_NONE) {
        struct turn t;
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &seed, &t));
        turn_make(pos, &t);
        strcpy(moves[n++], t.text);
    }
    struct game_record rec = {
        .variant = v, .round = 3, .white = "A \"quoted\"", .black = "B", .start_fen = fen,
        .setup = strcmp(fen, v->start_fen) != 0, .time_control = "10+0.1",
        .result = result_text(o.result), .termination = o.result ? "normal" : "adjudication",
        .reason = o.reason ? o.reason : "stopped {early}", .nmoves = n, .moves = moves, .opening_plies = 2,
    };
    char path[] = "rz_pgn_XXXXXX"; /* in the working directory: ctest runs in the build folder */
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    pgn_write(f, &rec);
    pgn_write(f, &rec); /* two games in one file */
    fclose(f);
    struct pgn_reader r;
    ck_assert_int_eq(pgn_open(&r, path), 0);
    char want[FEN_MAX_LEN], got[FEN_MAX_LEN];
    fen_write(pos, want, sizeof want);
    for (int k = 0; k < 2; k++) {
        struct pgn_game g;
        ck_assert_int_eq(pgn_next(&r, &g, err, sizeof err), 1);
        ck_assert_int_eq(g.nmoves, n);
        ck_assert_str_eq(pgn_tag(&g, "White"), "A \"quoted\"");
        ck_assert_str_eq(pgn_tag(&g, "Round"), "3");
        ck_assert_str_eq(g.result, result_text(o.result));
        ck_assert_msg(pgn_replay(&g, replayed, &settings, err, sizeof err) == 0, "%s", err);
        fen_write(replayed, got, sizeof got);
        ck_assert_str_eq(got, want);
        pgn_game_free(&g);
    }
    struct pgn_game g;
    ck_assert_int_eq(pgn_next(&r, &g, err, sizeof err), 0);
    pgn_close(&r);
    unlink(path);
}

START_TEST(round_trip_from_the_start)
{
    round_trip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 11, 600);
}
END_TEST

START_TEST(round_trip_from_a_position_with_black_to_move)
{
    round_trip("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17", 5, 40);
}
END_TEST

START_TEST(reader_skips_comments_variations_and_numbers)
{
    const char *text = "[Event \"x\"]\n[Variant \"normal\"]\n\n"
                       "1.e2e4 {a comment} e7e5 (1... c7c5 2. g1f3) 2. g1f3! $1 ; rest\n"
                       "b8c6 3. f1b5 a7a6 *\n";
    char path[] = "rz_pgn_XXXXXX"; /* in the working directory: ctest runs in the build folder */
    int fd = mkstemp(path);
    ck_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    struct pgn_reader r;
    struct pgn_game g;
    char err[256];
    ck_assert_int_eq(pgn_open(&r, path), 0);
    ck_assert_int_eq(pgn_next(&r, &g, err, sizeof err), 1);
    ck_assert_int_eq(g.nmoves, 6);
    ck_assert_str_eq(g.moves[0], "e2e4");
    ck_assert_str_eq(g.moves[2], "g1f3");
    ck_assert_str_eq(g.result, "*");
    ck_assert_int_eq(pgn_replay(&g, replayed, &settings, err, sizeof err), 0);
    pgn_game_free(&g);
    pgn_close(&r);
    unlink(path);
}
END_TEST

/* A game's settings travel in [VariantOptions]: without them its first move
 * (a WD Knight's leap) is illegal. */
START_TEST(variant_options_tag)
{
    const struct variant *v = variant_find("polypiece");
    char moves[2][TURN_TEXT_LEN] = {"b1b3", "Nb6"};
    struct game_record rec = {
        .variant = v, .round = 1, .white = "A", .black = "B", .start_fen = v->start_fen, .time_control = "-",
        .variant_options = "Powers=K:K Q:Q,WAND R:R,NN B:B,R4 N:WD", .result = "*", .termination = "unterminated",
        .reason = "", .nmoves = 2, .moves = moves,
    };
    char path[] = "rz_pgn_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    pgn_write(f, &rec);
    rec.variant_options = NULL;
    pgn_write(f, &rec);
    fclose(f);
    struct pgn_reader r;
    char err[256];
    ck_assert_int_eq(pgn_open(&r, path), 0);
    struct pgn_game g;
    ck_assert_int_eq(pgn_next(&r, &g, err, sizeof err), 1);
    ck_assert_str_eq(pgn_tag(&g, "VariantOptions"), "Powers=K:K Q:Q,WAND R:R,NN B:B,R4 N:WD");
    ck_assert_msg(pgn_replay(&g, replayed, &settings, err, sizeof err) == 0, "%s", err);
    char fen[FEN_MAX_LEN];
    fen_write(replayed, fen, sizeof fen);
    ck_assert_str_eq(fen, "r1bqkbnr/pppppppp/1n6/8/8/1N6/PPPPPPPP/R1BQKBNR w KQkq - 2 2 00000");
    pgn_game_free(&g);
    ck_assert_int_eq(pgn_next(&r, &g, err, sizeof err), 1);
    ck_assert_int_ne(pgn_replay(&g, replayed, &settings, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "ply 1: illegal move 'b1b3'"));
    pgn_game_free(&g);
    pgn_close(&r);
    unlink(path);
}
END_TEST

START_TEST(adjudication)
{
    const struct variant *v = variant_find("normal");
    char err[256];
    ck_assert(fen_read(pos, v, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", err, sizeof err) == 0);
    ck_assert_int_eq(game_adjudicate(pos).result, RESULT_WHITE_WINS);
    ck_assert(fen_read(pos, v, "7k/8/6QK/8/8/8/8/8 b - - 0 1", err, sizeof err) == 0);
    ck_assert_str_eq(game_adjudicate(pos).reason, "Stalemate");
    ck_assert(fen_read(pos, v, "7k/8/8/8/8/8/8/R6K w - - 100 80", err, sizeof err) == 0);
    ck_assert_str_eq(game_adjudicate(pos).reason, "Draw by fifty-move rule");
    ck_assert(fen_read(pos, v, "7k/8/8/8/8/8/8/R6K w - - 0 1", err, sizeof err) == 0);
    const char *shuffle[] = {"a1a2", "h8g8", "a2a1", "g8h8", "a1a2", "h8g8", "a2a1", "g8h8"};
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(game_adjudicate(pos).result, RESULT_NONE);
        struct turn t;
        ck_assert_int_eq(turn_parse(pos, shuffle[i], &t), 0);
        turn_make(pos, &t);
    }
    struct outcome o = game_adjudicate(pos);
    ck_assert_int_eq(o.result, RESULT_DRAW);
    ck_assert_str_eq(o.reason, "Draw by repetition");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pgn");
    TCase *tc = tcase_create("pgn");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, round_trip_from_the_start);
    tcase_add_test(tc, round_trip_from_a_position_with_black_to_move);
    tcase_add_test(tc, reader_skips_comments_variations_and_numbers);
    tcase_add_test(tc, adjudication);
    tcase_add_test(tc, variant_options_tag);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
