/* The evaluation tuner: the logistic fit recovers known weights and scale on
 * a synthetic set; every variant's weights reset to their defaults; weights
 * files load all or nothing, and the evaluation follows them. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/zobrist.h"
#include "protocol/learn/tune_fit.h"
#include "protocol/learn/tune_weights.h"
#include "variants/registry.h"

/* ---- The fit on a synthetic set: score = a * x + b * y, targets sigmoid(k * score) exactly. */

#define SYNTH_COUNT 400
#define TRUE_A 37
#define TRUE_B (-12)
#define TRUE_K 1.3

struct synth {
    int a, b;
    int x[SYNTH_COUNT], y[SYNTH_COUNT];
    double target[SYNTH_COUNT];
};

static int synth_score(void *ctx, int i)
{
    struct synth *s = ctx;
    return s->a * s->x[i] + s->b * s->y[i];
}

static void synth_init(struct synth *s)
{
    for (int i = 0; i < SYNTH_COUNT; i++) {
        s->x[i] = i % 21 - 10;
        s->y[i] = (i * 7) % 13 - 6;
        s->target[i] = tune_sigmoid(TRUE_K, TRUE_A * s->x[i] + TRUE_B * s->y[i]);
    }
    s->a = TRUE_A;
    s->b = TRUE_B;
}

START_TEST(fit_recovers_scale)
{
    static struct synth s;
    synth_init(&s);
    struct tune_set set = {SYNTH_COUNT, s.target, synth_score, NULL, &s};
    ck_assert(fabs(tune_fit_k(&set) - TRUE_K) < 0.002);
    ck_assert(tune_error(&set, TRUE_K) < 1e-12);
}
END_TEST

START_TEST(fit_recovers_weights)
{
    static struct synth s;
    synth_init(&s);
    s.a = 0;
    s.b = 50;
    struct tune_set set = {SYNTH_COUNT, s.target, synth_score, NULL, &s};
    struct tune_weight w[2] = {{"a", &s.a, -100, 100}, {"b", &s.b, -100, 100}};
    double before = tune_error(&set, TRUE_K);
    double after = tune_search(&set, TRUE_K, w, 2, 200, NULL);
    ck_assert_int_eq(s.a, TRUE_A);
    ck_assert_int_eq(s.b, TRUE_B);
    ck_assert(after < before && after < 1e-12);
}
END_TEST

START_TEST(search_stays_in_range)
{
    static struct synth s;
    synth_init(&s);
    s.a = 0;
    struct tune_set set = {SYNTH_COUNT, s.target, synth_score, NULL, &s};
    struct tune_weight w[1] = {{"a", &s.a, -5, 20}}; /* the truth, 37, is out of range */
    tune_search(&set, TRUE_K, w, 1, 50, NULL);
    ck_assert_int_eq(s.a, 20);
}
END_TEST

/* ---- The variants' weights. */

static int evaluate_fen(const struct variant *v, const char *fen)
{
    static struct position pos;
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(fen_read(&pos, v, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    return v->evaluate(&pos);
}

START_TEST(every_table_resets)
{
    int tables = 0;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        const struct eval_params *t = v->eval_params;
        if (!t)
            continue;
        tables++;
        const char *fen = v->bench_fens[1] ? v->bench_fens[1] : v->start_fen;
        int before = evaluate_fen(v, fen);
        for (int k = 0; k < t->count; k++) {
            struct eval_param *p = &t->params[k];
            ck_assert_msg(p->min <= p->default_value && p->default_value <= p->max, "%s %s", v->id, p->name);
            ck_assert_int_eq(*p->value, p->default_value);
            ck_assert_ptr_eq(eval_param_find(t, p->name), p);
            ck_assert_int_eq(eval_param_set(p, p->max, NULL, 0), 0);
        }
        ck_assert_int_eq(eval_param_set(&t->params[0], t->params[0].max + 1, NULL, 0), -1);
        eval_params_changed(t);
        eval_params_reset(t);
        ck_assert_int_eq(evaluate_fen(v, fen), before);
    }
    ck_assert_int_ge(tables, 4);
}
END_TEST

static char *write_temp(const char *text)
{
    static char path[64];
    strcpy(path, "rulezero_test_tune_XXXXXX"); /* in the test's working directory */
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    return path;
}

static int load_text(const char *text, const struct variant **named, char *err, size_t errlen)
{
    char *path = write_temp(text);
    int rc = weights_load(path, named, err, errlen);
    unlink(path);
    return rc;
}

START_TEST(weights_file_loads)
{
    const struct variant *v = variant_find("interweave"), *named = NULL;
    char err[VARIANT_ERR_LEN];
    ck_assert_int_eq(load_text("# tuned\nvariant interweave\n\nPawn 120\nLeaper 500\n", &named, err, sizeof err), 0);
    ck_assert_ptr_eq(named, v);
    ck_assert_int_eq(*eval_param_find(v->eval_params, "Pawn")->value, 120);
    ck_assert_int_eq(*eval_param_find(v->eval_params, "Leaper")->value, 500);
    eval_params_reset(v->eval_params);
}
END_TEST

START_TEST(wrong_weights_files_refused)
{
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"Pawn 120\n", "line 1: expected 'variant ID' first"},
        {"variant nosuch\n", "unknown variant 'nosuch'"},
        {"variant pickle\n", "has no tunable weights"},
        {"variant interweave\nPawn 120\nBishop 300\n", "line 3: unknown weight 'Bishop'"},
        {"variant interweave\nPawn 120\nSmasher 5000\n", "line 3: weight Smasher: '5000' is not an integer in"},
        {"variant interweave\nPawn 12x\n", "'12x' is not an integer"},
        {"variant interweave\nPawn\n", "expected NAME VALUE"},
        {"# nothing\n", "no 'variant ID' line"},
    };
    const struct variant *v = variant_find("interweave");
    char err[VARIANT_ERR_LEN];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(load_text(cases[i].text, NULL, err, sizeof err), -1);
        ck_assert_msg(strstr(err, cases[i].message), "'%s' gave '%s'", cases[i].text, err);
        const struct eval_param *pawn = eval_param_find(v->eval_params, "Pawn");
        ck_assert_int_eq(*pawn->value, pawn->default_value); /* all or nothing */
    }
    ck_assert_int_eq(weights_load("/nonexistent/weights.txt", NULL, err, sizeof err), -1);
    ck_assert(strstr(err, "cannot read weights file"));
}
END_TEST

/* Dialectic derives its Philosophers' worth from the weights: a change applies at once. */
START_TEST(dialectic_follows_its_weights)
{
    const struct variant *v = variant_find("dialectic");
    const char *fen = "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A21"; /* a Philosopher up */
    int before = evaluate_fen(v, fen);
    char err[VARIANT_ERR_LEN];
    ck_assert_int_eq(load_text("variant dialectic\nPhilosopherBase 100\n", NULL, err, sizeof err), 0);
    ck_assert_int_eq(evaluate_fen(v, fen), before + 70); /* default 30 */
    eval_params_reset(v->eval_params);
    ck_assert_int_eq(evaluate_fen(v, fen), before);
}
END_TEST

static Suite *tune_suite(void)
{
    Suite *s = suite_create("tune");
    TCase *fit = tcase_create("fit");
    tcase_add_test(fit, fit_recovers_scale);
    tcase_add_test(fit, fit_recovers_weights);
    tcase_add_test(fit, search_stays_in_range);
    suite_add_tcase(s, fit);
    TCase *weights = tcase_create("weights");
    tcase_add_test(weights, every_table_resets);
    tcase_add_test(weights, weights_file_loads);
    tcase_add_test(weights, wrong_weights_files_refused);
    tcase_add_test(weights, dialectic_follows_its_weights);
    suite_add_tcase(s, weights);
    return s;
}

int main(void)
{
    zobrist_init();
    char err[VARIANT_ERR_LEN];
    if (variant_check_all(err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return EXIT_FAILURE;
    }
    return check_run(tune_suite());
}
