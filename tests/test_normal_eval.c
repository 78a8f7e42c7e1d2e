/* Orthodox chess's evaluation and its named weights (variants/evaluate.c):
 * the defaults score a position and its colour-mirrored twin alike; a weights
 * file that changes one weight changes the evaluation where that weight
 * applies, and the defaults come back; the fairy variants' Pawn and King
 * terms do not follow the orthodox weights. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/zobrist.h"
#include "variants/evaluate.h"
#include "variants/registry.h"
#include "protocol/learn/tune_weights.h"

/* Middlegames, endgames, passed and blocked Pawns, open files, Rooks on the
 * seventh, Kings in the open. */
static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2r3k1/pR3ppp/8/3P4/8/8/5PPP/6K1 b - - 0 30",
    "8/5k2/8/2P5/1p6/8/5K2/8 w - - 0 50",
    "8/2k5/2p5/2P5/8/8/3K4/8 w - - 0 50",
    "r4rk1/1pp2ppp/p1n5/3pP3/3P1B2/2P2N2/P4PPP/R4RK1 b - - 2 16",
    "6k1/1R6/6P1/8/8/8/r7/6K1 w - - 0 60",
    "4r1k1/5ppp/8/1N1p4/3P4/8/5PPP/6K1 w - - 0 30",
    "3q1rk1/5ppp/8/8/2B5/5N2/5PPP/3Q2K1 w - - 0 25",
    "r5k1/5ppp/8/3N4/4P3/2n5/5PPP/6K1 w - - 0 30",
    "6k1/8/3n4/3P4/8/1p6/1P6/6K1 b - - 0 40",
    "r3r1k1/1R3ppp/2p5/8/3B4/1PP5/5PPP/1R4K1 w - - 0 30",
    "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1",
};

/* The FEN of the same position with the colours swapped and the board
 * turned upside down (so the other side stands where this one did). */
static void mirror_fen(const char *fen, char *out, size_t n)
{
    char board[128], side[8], castle[8], ep[8], rest[32];
    ck_assert_int_eq(sscanf(fen, "%127s %7s %7s %7s %31[^\n]", board, side, castle, ep, rest), 5);
    char *ranks[8];
    int count = 0;
    for (char *r = strtok(board, "/"); r && count < 8; r = strtok(NULL, "/"))
        ranks[count++] = r;
    ck_assert_int_eq(count, 8);
    char flipped[128] = "";
    for (int i = 7; i >= 0; i--) {
        for (char *p = ranks[i]; *p; p++)
            *p = (char)(isupper((unsigned char)*p) ? tolower((unsigned char)*p) : toupper((unsigned char)*p));
        strcat(flipped, ranks[i]);
        if (i)
            strcat(flipped, "/");
    }
    char rights[8] = "";
    for (const char *order = "kqKQ"; *order; order++)
        if (strchr(castle, *order))
            strncat(rights, &(char){(char)(isupper((unsigned char)*order) ? tolower((unsigned char)*order)
                                                                          : toupper((unsigned char)*order))},
                    1);
    if (!*rights)
        strcpy(rights, "-");
    if (ep[0] != '-')
        ep[1] = ep[1] == '3' ? '6' : '3';
    snprintf(out, n, "%s %s %s %s %s", flipped, side[0] == 'w' ? "b" : "w", rights, ep, rest);
}

static int evaluate_fen(const char *fen)
{
    static struct position pos;
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find("normal");
    ck_assert_msg(fen_read(&pos, v, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    return v->evaluate(&pos);
}

static int load_text(const char *text)
{
    char path[64] = "rulezero_test_normal_eval_XXXXXX"; /* in the test's working directory */
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char err[VARIANT_ERR_LEN];
    int rc = weights_load(path, NULL, err, sizeof err);
    unlink(path);
    ck_assert_msg(rc == 0, "%s", err);
    return rc;
}

START_TEST(defaults_are_symmetric)
{
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        char mirrored[128];
        mirror_fen(positions[i], mirrored, sizeof mirrored);
        ck_assert_msg(evaluate_fen(positions[i]) == evaluate_fen(mirrored), "%s: %d, mirrored %s: %d", positions[i],
                      evaluate_fen(positions[i]), mirrored, evaluate_fen(mirrored));
    }
}
END_TEST

/* Every weight set to its maximum (the defaults' symmetry is no accident of their values). */
START_TEST(any_weights_are_symmetric)
{
    const struct eval_params *t = variant_find("normal")->eval_params;
    for (int k = 0; k < t->count; k++)
        *t->params[k].value = t->params[k].max;
    eval_params_changed(t);
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        char mirrored[128];
        mirror_fen(positions[i], mirrored, sizeof mirrored);
        ck_assert_int_eq(evaluate_fen(positions[i]), evaluate_fen(mirrored));
    }
    eval_params_reset(t);
}
END_TEST

/* A weights file setting one weight to its default plus `delta`. */
static void load_one(const char *name, int delta)
{
    const struct eval_param *p = eval_param_find(&normal_eval_params, name);
    ck_assert_ptr_nonnull(p);
    char text[128];
    snprintf(text, sizeof text, "# one weight\nvariant normal\n%s %d\n", name, p->default_value + delta);
    load_text(text);
    ck_assert_int_eq(*p->value, p->default_value + delta);
}

/* White a Knight up in a middlegame: KnightMg 80 higher adds about 80 times the phase share. */
START_TEST(one_weight_changes_the_evaluation)
{
    const char *fen = "r1bqkb1r/pppp1ppp/5n2/4p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 5";
    int before = evaluate_fen(fen);
    load_one("KnightMg", 80);
    int after = evaluate_fen(fen);
    /* phase 23 of 24: 80 * 23 / 24 = 76.7, give or take the rounding */
    ck_assert_msg(after - before >= 76 && after - before <= 77, "%d -> %d", before, after);
    eval_params_reset(&normal_eval_params);
    ck_assert_int_eq(evaluate_fen(fen), before);
}
END_TEST

/* A Pawn and King weight: the cached terms are recomputed for the new value. */
START_TEST(pawn_and_king_weight_is_not_cached_stale)
{
    const char *fen = "8/5k2/8/2P5/8/8/5K2/8 w - - 0 50"; /* a passed Pawn on the fifth rank */
    int before = evaluate_fen(fen);
    load_one("Passed5Eg", 100);
    ck_assert_int_eq(evaluate_fen(fen), before + 100); /* endgame phase 0 */
    eval_params_reset(&normal_eval_params);
    ck_assert_int_eq(evaluate_fen(fen), before);
}
END_TEST

/* The fairy variants' Pawn and King terms keep their own values. */
START_TEST(fairy_pawn_and_king_terms_stay)
{
    static struct position pos;
    char err[VARIANT_ERR_LEN];
    const char *fen = "8/5k2/8/2P5/8/8/5K2/8 w - - 0 50";
    ck_assert_int_eq(fen_read(&pos, variant_find("normal"), fen, err, sizeof err), 0);
    int before = evaluate_pawns_and_kings(&pos, 0);
    load_text("variant normal\nPassed5Eg 150\nPstPawnEgPercent 0\nPstKingEgPercent 0\n");
    ck_assert_int_eq(evaluate_pawns_and_kings(&pos, 0), before);
    eval_params_reset(&normal_eval_params);
}
END_TEST

/* Each term added on 2026-11-27: its weight changes the evaluation where the
 * term applies and nowhere else (the Eg weights, in endgames, where they
 * count in full). */
START_TEST(each_new_term_applies_where_it_should)
{
    static const struct {
        const char *weight, *applies, *not_applies;
    } cases[] = {
        {"PassedBlockedEg", "6k1/8/3n4/3P4/8/8/8/6K1 w - - 0 1", "6k1/8/8/3P4/8/8/n7/6K1 w - - 0 1"},
        {"PassedFreeEg", "6k1/8/8/3P4/8/8/n7/6K1 w - - 0 1", "6k1/8/3n4/3P4/8/8/8/6K1 w - - 0 1"},
        {"PassedOwnKingEg", "6k1/8/8/3P4/8/8/8/6K1 w - - 0 1", "6k1/8/8/8/8/3P4/8/6K1 w - - 0 1"},
        {"PassedEnemyKingEg", "6k1/8/8/3P4/8/8/8/6K1 w - - 0 1", "6k1/8/8/8/8/3P4/8/6K1 w - - 0 1"},
        {"PawnConnectedEg", "4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1", "4k3/8/8/2P1P3/8/8/8/4K3 w - - 0 1"},
        {"BackwardEg", "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", "4k3/8/8/4p3/8/2PP4/8/4K3 w - - 0 1"},
        {"RookSeventhEg", "6k1/1R6/8/8/8/8/8/6K1 w - - 0 1", "8/1R6/6k1/8/8/8/8/6K1 w - - 0 1"},
        {"OutpostKnightEg", "6k1/8/8/3N4/4P3/8/8/6K1 w - - 0 1", "6k1/4p3/8/3N4/4P3/8/8/6K1 w - - 0 1"},
        {"OutpostBishopEg", "7k/8/8/3B4/4P3/8/8/6K1 w - - 0 1", "7k/8/8/3B4/8/4P3/8/6K1 w - - 0 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct eval_param *p = eval_param_find(&normal_eval_params, cases[i].weight);
        ck_assert_msg(p, "%s", cases[i].weight);
        int applies = evaluate_fen(cases[i].applies), not_applies = evaluate_fen(cases[i].not_applies);
        int value = p->default_value + 10 <= p->max ? p->default_value + 10 : p->default_value - 10;
        ck_assert_int_eq(eval_param_set(p, value, NULL, 0), 0);
        eval_params_changed(&normal_eval_params);
        ck_assert_msg(evaluate_fen(cases[i].applies) != applies, "%s does not change %s", cases[i].weight,
                      cases[i].applies);
        ck_assert_msg(evaluate_fen(cases[i].not_applies) == not_applies, "%s changes %s", cases[i].weight,
                      cases[i].not_applies);
        eval_params_reset(&normal_eval_params);
    }
}
END_TEST

static Suite *normal_eval_suite(void)
{
    Suite *s = suite_create("normal_eval");
    TCase *tc = tcase_create("weights");
    tcase_add_test(tc, defaults_are_symmetric);
    tcase_add_test(tc, any_weights_are_symmetric);
    tcase_add_test(tc, one_weight_changes_the_evaluation);
    tcase_add_test(tc, pawn_and_king_weight_is_not_cached_stale);
    tcase_add_test(tc, fairy_pawn_and_king_terms_stay);
    tcase_add_test(tc, each_new_term_applies_where_it_should);
    suite_add_tcase(s, tc);
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
    return check_run(normal_eval_suite());
}
