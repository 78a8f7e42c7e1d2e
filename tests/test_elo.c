/* Match statistics: Elo, its interval, LOS and SPRT against values computed
 * independently (by hand with Python's math module: see each comment). */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "engine/elo.h"

#define near(a, b, eps) ck_assert_msg(fabs((a) - (b)) < (eps), "%.9f != %.9f", (double)(a), (double)(b))

START_TEST(elo_from_known_record)
{
    struct wdl r = {60, 20, 20};             /* score 0.7 */
    near(elo_score(&r), 0.7, 1e-12);
    near(elo_diff(&r), 147.190714118, 1e-6); /* -400 log10(1/0.7 - 1) */
    near(elo_error95(&r), 66.013381220, 1e-6);
    near(elo_los(&r), 0.999996127892, 1e-9); /* 0.5 (1 + erf(40 / sqrt(160))) */
    double lo, hi;
    elo_interval95(&r, &lo, &hi);            /* Elo of 0.7 -+ 1.96 sqrt(var / 100) */
    near(lo, 86.225015200, 1e-6);
    near(hi, 218.251777641, 1e-6);
    struct wdl even = {10, 30, 10};
    near(elo_diff(&even), 0.0, 1e-12);
    near(elo_los(&even), 0.5, 1e-12);
}
END_TEST

START_TEST(elo_edges)
{
    struct wdl none = {0, 0, 0}, all = {5, 0, 0}, lost = {0, 0, 5};
    near(elo_score(&none), 0.5, 1e-12);
    ck_assert(isinf(elo_diff(&all)) && elo_diff(&all) > 0);
    ck_assert(isinf(elo_diff(&lost)) && elo_diff(&lost) < 0);
    ck_assert(isinf(elo_error95(&all)));
    /* 99 wins and a draw: the upper bound passes a score of 1, the lower does not. */
    struct wdl nearly = {99, 1, 0};
    double lo, hi;
    elo_interval95(&nearly, &lo, &hi);
    near(lo, 729.893429213, 1e-6);
    ck_assert(isinf(hi) && hi > 0);
    char text[16];
    elo_format(elo_diff(&all), text, sizeof text);
    ck_assert_str_eq(text, "+inf");
    elo_format(-0.0, text, sizeof text);
    ck_assert_str_eq(text, "0.0");
}
END_TEST

START_TEST(sprt_values)
{
    struct sprt_params p;
    ck_assert_int_eq(sprt_parse("elo0=0,elo1=5,alpha=0.05,beta=0.05", &p), 0);
    double lo, hi;
    sprt_bounds(&p, &lo, &hi);
    near(lo, -2.944438979, 1e-8); /* ln(0.05 / 0.95) */
    near(hi, 2.944438979, 1e-8);
    struct wdl r = {60, 20, 20};
    /* n (s1 - s0) (2 mean - s0 - s1) / (2 var), s = 1 / (1 + 10^(-elo/400)) */
    near(sprt_llr(&r, &p), 0.883207338, 1e-8);
    struct wdl close = {520, 1000, 480};
    near(sprt_llr(&close, &p), 0.737649587, 1e-8);
    ck_assert_int_eq(sprt_decide(&close, &p), SPRT_CONTINUE);
    struct wdl strong = {3000, 2000, 1000};
    ck_assert_int_eq(sprt_decide(&strong, &p), SPRT_H1);
    struct wdl weak = {1000, 2000, 3000};
    ck_assert_int_eq(sprt_decide(&weak, &p), SPRT_H0);
}
END_TEST

START_TEST(sprt_parsing)
{
    struct sprt_params p;
    ck_assert_int_eq(sprt_parse("elo1=10", &p), 0);
    near(p.elo0, 0, 1e-12);
    near(p.elo1, 10, 1e-12);
    near(p.alpha, 0.05, 1e-12);
    ck_assert_int_eq(sprt_parse("elo0=5,elo1=0", &p), -1);
    ck_assert_int_eq(sprt_parse("alpha=1.5", &p), -1);
    ck_assert_int_eq(sprt_parse("gamma=1", &p), -1);
    ck_assert_int_eq(sprt_parse("elo1=x", &p), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("elo");
    TCase *tc = tcase_create("elo");
    tcase_add_test(tc, elo_from_known_record);
    tcase_add_test(tc, elo_edges);
    tcase_add_test(tc, sprt_values);
    tcase_add_test(tc, sprt_parsing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
