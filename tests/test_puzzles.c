/* The puzzle finder (protocol/learn/puzzles.h) on constructed positions: a
 * back-rank mate with nothing else winning is found, with its line and depth,
 * and checks back; a position with two mates, and the start position, are
 * not puzzles; a puzzle's JSON line reads back as written. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "engine/search.h"
#include "protocol/game.h"
#include "protocol/learn/puzzles.h"
#include "variants/core/zobrist.h"
#include "variants/registry.h"

/* White mates by Re8 alone; anything else leaves White a piece down. */
#define ONE_MATE "6k1/p4ppp/1n5b/8/8/8/5PPP/4R1K1 w - - 0 1"
/* Re8 and Rd8 both mate: no single clear turn. */
#define TWO_MATES "6k1/p4ppp/1n5b/8/8/8/5PPP/3RR1K1 w - - 0 1"

static struct engine *engine;
static struct game game;

static void setup(void)
{
    zobrist_init();
    engine = engine_new(PUZZLE_HASH_MB);
    ck_assert_ptr_nonnull(engine);
    ck_assert_int_eq(game_init(&game), 0);
}

static void teardown(void)
{
    game_free(&game);
    engine_free(engine);
}

static int find_at(const char *variant, const char *fen, struct puzzle *p)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_int_eq(game_new(&game, variant_find(variant), fen, err, sizeof err), 0);
    return puzzle_find(engine, &game, 4, 6, p, err, sizeof err);
}

START_TEST(finds_the_only_mate)
{
    struct puzzle p;
    ck_assert_int_eq(find_at("normal", ONE_MATE, &p), 1);
    ck_assert_str_eq(p.fen, ONE_MATE);
    ck_assert_int_eq(p.line_count, 1); /* the mate ends the line */
    ck_assert_str_eq(p.line[0], "e1e8");
    ck_assert_str_eq(p.notation[0], "Re8#");
    ck_assert_int_eq(score_mate_moves(p.score), 1);
    ck_assert_int_le(p.second, PUZZLE_SECOND_MAX_CP);
    ck_assert_int_eq(p.depth, 6);
}
END_TEST

START_TEST(two_mates_are_no_puzzle)
{
    struct puzzle p;
    ck_assert_int_eq(find_at("normal", TWO_MATES, &p), 0);
}
END_TEST

START_TEST(start_position_is_no_puzzle)
{
    struct puzzle p;
    ck_assert_int_eq(find_at("normal", NULL, &p), 0);
    ck_assert_int_eq(find_at("nickdanger", NULL, &p), 0);
}
END_TEST

START_TEST(line_reads_back_and_checks)
{
    struct puzzle p;
    ck_assert_int_eq(find_at("normal", ONE_MATE, &p), 1);
    char path[] = "rulezero_test_puzzles_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    const char *options[] = {"Powers=\"quoted\""};
    puzzle_write_header(f, &(struct puzzle_header){"normal", "rulezero puzzles --variant normal", NULL, 0});
    puzzle_write(f, "normal", options, 1, 7, &p);
    fclose(f);
    f = fopen(path, "r");
    char text[4096], err[256];
    struct puzzle_read r;
    ck_assert_ptr_nonnull(fgets(text, sizeof text, f));
    ck_assert_int_eq(puzzle_parse(text, &r, err, sizeof err), 0); /* the header */
    ck_assert_ptr_nonnull(fgets(text, sizeof text, f));
    fclose(f);
    ck_assert_int_eq(puzzle_parse(text, &r, err, sizeof err), 1);
    ck_assert_str_eq(r.id, "normal-7");
    ck_assert_str_eq(r.variant, "normal");
    ck_assert_int_eq(r.option_count, 1);
    ck_assert_str_eq(r.options[0], "Powers=\"quoted\"");
    ck_assert_str_eq(r.p.fen, ONE_MATE);
    ck_assert_int_eq(r.p.line_count, 1);
    ck_assert_str_eq(r.p.line[0], "e1e8");
    ck_assert_int_eq(r.p.depth, 6);
    ck_assert_int_eq(puzzle_parse("{\"id\":\"x\",\"variant\":\"normal\"}", &r, err, sizeof err), -1);
    /* The file without the option (Powers is not orthodox chess's) passes --check. */
    f = fopen(path, "w");
    puzzle_write(f, "normal", NULL, 0, 1, &p);
    fclose(f);
    const char *files[] = {path};
    ck_assert_int_eq(puzzles_check(files, 1), 0);
    /* A wrong first turn fails it. */
    snprintf(p.line[0], sizeof p.line[0], "g2g3");
    f = fopen(path, "w");
    puzzle_write(f, "normal", NULL, 0, 1, &p);
    fclose(f);
    ck_assert_int_eq(puzzles_check(files, 1), 1);
    remove(path);
}
END_TEST

static Suite *puzzles_suite(void)
{
    Suite *s = suite_create("puzzles");
    TCase *tc = tcase_create("finder");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, finds_the_only_mate);
    tcase_add_test(tc, two_mates_are_no_puzzle);
    tcase_add_test(tc, start_position_is_no_puzzle);
    tcase_add_test(tc, line_reads_back_and_checks);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return check_run(puzzles_suite()); }
