/* Baseline players: legal, seeded, uniform (random) and material-greedy. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "engine/baseline.h"
#include "variants/core/fen.h"
#include "variants/registry.h"

static struct position *pos;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
}

static void teardown(void) { free(pos); }

static void load(const char *fen)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(pos, variant_find("normal"), fen, err, sizeof err) == 0, "%s", err);
}

static const char *START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

START_TEST(random_is_legal_seeded_and_leaves_the_position)
{
    load(START);
    uint64_t key = pos->key, a = 42, b = 42;
    for (int i = 0; i < 50; i++) {
        struct turn t1, t2, check;
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &a, &t1));
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &b, &t2));
        ck_assert_str_eq(t1.text, t2.text);
        ck_assert_int_eq(turn_parse(pos, t1.text, &check), 0);
        ck_assert(pos->key == key);
    }
}
END_TEST

START_TEST(random_reaches_every_turn_evenly)
{
    load(START);
    const char *names[20];
    int counts[20] = {0}, kinds = 0;
    uint64_t rng = 7;
    for (int i = 0; i < 4000; i++) {
        struct turn t;
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &rng, &t));
        int k = 0;
        while (k < kinds && strcmp(names[k], t.text) != 0)
            k++;
        if (k == kinds) {
            ck_assert_int_lt(kinds, 20);
            names[kinds++] = strdup(t.text);
        }
        counts[k]++;
    }
    ck_assert_int_eq(kinds, 20);
    for (int k = 0; k < kinds; k++) {
        ck_assert_int_gt(counts[k], 120); /* 200 expected each */
        ck_assert_int_lt(counts[k], 280);
        free((void *)names[k]);
    }
}
END_TEST

START_TEST(greedy_takes_the_most_material)
{
    /* The knight on c3 can take a pawn on b5 or the queen on d5. */
    load("4k3/8/8/1p1q4/8/2N5/8/4K3 w - - 0 1");
    uint64_t rng = 1;
    struct turn t;
    ck_assert(baseline_choose(pos, BASELINE_GREEDY, &rng, &t));
    ck_assert_str_eq(t.text, "c3d5");
}
END_TEST

START_TEST(greedy_breaks_ties_at_random)
{
    load(START); /* no capture: every turn ties */
    uint64_t rng = 3;
    struct turn first, t;
    ck_assert(baseline_choose(pos, BASELINE_GREEDY, &rng, &first));
    bool differs = false;
    for (int i = 0; i < 40 && !differs; i++) {
        ck_assert(baseline_choose(pos, BASELINE_GREEDY, &rng, &t));
        differs = strcmp(t.text, first.text) != 0;
    }
    ck_assert(differs);
}
END_TEST

START_TEST(material_counts_board_and_none_when_mated)
{
    load(START);
    ck_assert_int_eq(baseline_material(pos, WHITE), 8 * 100 + 2 * 320 + 2 * 330 + 2 * 500 + 900 + 20000);
    ck_assert_int_eq(baseline_material(pos, WHITE), baseline_material(pos, BLACK));
    load("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"); /* mated */
    uint64_t rng = 1;
    struct turn t;
    ck_assert(!baseline_choose(pos, BASELINE_RANDOM, &rng, &t));
    ck_assert(!baseline_choose(pos, BASELINE_GREEDY, &rng, &t));
}
END_TEST

START_TEST(names)
{
    enum baseline_kind k;
    ck_assert_int_eq(baseline_parse("greedy", &k), 0);
    ck_assert_int_eq(k, BASELINE_GREEDY);
    ck_assert_str_eq(baseline_name(k), "greedy");
    ck_assert_int_eq(baseline_parse("random", &k), 0);
    ck_assert_int_eq(baseline_parse("clever", &k), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("baseline");
    TCase *tc = tcase_create("baseline");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, random_is_legal_seeded_and_leaves_the_position);
    tcase_add_test(tc, random_reaches_every_turn_evenly);
    tcase_add_test(tc, greedy_takes_the_most_material);
    tcase_add_test(tc, greedy_breaks_ties_at_random);
    tcase_add_test(tc, material_counts_board_and_none_when_mated);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
