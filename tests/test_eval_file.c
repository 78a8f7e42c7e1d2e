/* EvalFile (protocol/engine_options.h): a network is loaded, named and
 * used by the search in its own game only; a damaged file or one for
 * another game is refused with a reason and the evaluation in use stays;
 * an empty value (or "classic") goes back to the hand-set evaluation.
 * EvalBlend: the network's share of the evaluation, 0 giving the hand-set
 * evaluation's search and 100 the network's, a share between them a search
 * of its own; outside 0..100 refused with the share kept. A residual
 * network (its file marked so) is added to the hand-set evaluation: one of
 * zero weights searches exactly as the hand-set evaluation, and a file
 * with a target this engine does not know is refused. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "engine/nnue.h"
#include "engine/search.h"
#include "protocol/engine_options.h"
#include "variants/core/fen.h"
#include "variants/registry.h"

#include "check_run.h"

static char good[512], bad[512];

/* A network of fixed pseudo-random weights for orthodox chess, and a copy with one byte changed. */
static void write_networks(void)
{
    char err[256];
    struct nnue_net *net = nnue_new(variant_find("normal"), 32, err, sizeof err);
    ck_assert_ptr_nonnull(net);
    uint32_t x = 12345;
    for (size_t i = 0; i < (size_t)net->inputs * 32; i++)
        net->w1[i] = (int16_t)((x = x * 1103515245u + 12345u) >> 16) % 80;
    for (int i = 0; i < 32; i++)
        net->b1[i] = 60;
    for (int i = 0; i < 64; i++)
        net->w2[i] = (int16_t)(i < 32 ? 40 - i : i - 70);
    const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(good, sizeof good, "%s/test_eval_file_%ld.nnue", dir, (long)getpid());
    snprintf(bad, sizeof bad, "%s/test_eval_file_%ld_bad.nnue", dir, (long)getpid());
    ck_assert_int_eq(nnue_save(net, good, err, sizeof err), 0);
    net->b2 = 1; /* a different body under... */
    ck_assert_int_eq(nnue_save(net, bad, err, sizeof err), 0);
    nnue_free(net);
    /* ...a checksum copied from the good file: damaged. */
    FILE *g = fopen(good, "rb"), *b = fopen(bad, "r+b");
    unsigned char sum[4];
    fseek(g, -4, SEEK_END);
    ck_assert_int_eq((int)fread(sum, 1, 4, g), 4);
    fseek(b, -4, SEEK_END);
    ck_assert_int_eq((int)fwrite(sum, 1, 4, b), 4);
    fclose(g);
    fclose(b);
}

/* A search of the variant's start to `depth`, from a cleared engine. */
static struct search_result search_at_depth(struct engine *e, const char *variant, int depth)
{
    static struct position pos;
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_int_eq(fen_read(&pos, v, v->start_fen, err, sizeof err), 0);
    struct search_limits limits;
    search_limits_init(&limits);
    limits.depth = depth;
    engine_clear(e);
    return engine_search(e, &pos, &limits, NULL);
}

static uint64_t nodes_at_depth(struct engine *e, const char *variant, int depth)
{
    return search_at_depth(e, variant, depth).nodes;
}

/* The networks written, an engine with the hand-set evaluation, orthodox chess in force. */
/* The network `good` again, marked residual (or with `target`), at path. */
static void write_residual(const char *path, int target, bool zero)
{
    char err[256];
    struct nnue_net *net = nnue_load(good, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    if (zero) {
        memset(net->w1, 0, (size_t)net->inputs * (size_t)net->hidden * sizeof net->w1[0]);
        memset(net->b1, 0, (size_t)net->hidden * sizeof net->b1[0]);
        memset(net->w2, 0, 2 * (size_t)net->hidden * sizeof net->w2[0]);
        net->b2 = 0;
    }
    net->target = target;
    ck_assert_int_eq(nnue_save(net, path, err, sizeof err), 0);
    nnue_free(net);
}

static struct engine *set_up(struct engine_settings *st)
{
    zobrist_init();
    write_networks();
    engine_settings_init(st);
    st->variant = variant_find("normal");
    return engine_new(1);
}

START_TEST(network_loads_and_refuses)
{
    struct engine_settings st;
    struct engine *e = set_up(&st);
    char err[VARIANT_ERR_LEN] = "";
    uint64_t classic = nodes_at_depth(e, "normal", 5);
    uint64_t classic_other = nodes_at_depth(e, "pickle", 3);

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", good, err, sizeof err), 0);
    ck_assert_msg(strstr(st.note, "evaluation: network") && strstr(st.note, "normal"), "%s", st.note);
    const struct nnue_net *net = engine_network(e);
    ck_assert_ptr_nonnull(net);
    uint64_t learned = nodes_at_depth(e, "normal", 5);
    ck_assert_uint_ne(learned, classic);
    ck_assert_uint_eq(nodes_at_depth(e, "normal", 5), learned); /* deterministic */
    ck_assert_uint_eq(nodes_at_depth(e, "pickle", 3), classic_other); /* another game: hand-set */

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", bad, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "checksum") != NULL, "%s", err);
    ck_assert_ptr_eq(engine_network(e), net);
    st.variant = variant_find("pickle");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", good, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is for normal, not pickle") != NULL, "%s", err);
    ck_assert_ptr_eq(engine_network(e), net);
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", "/nonexistent.nnue", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "cannot open") != NULL, "%s", err);
    ck_assert_ptr_eq(engine_network(e), net);

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", "", err, sizeof err), 0);
    ck_assert_msg(strstr(st.note, "classic") != NULL, "%s", st.note);
    ck_assert_ptr_null(engine_network(e));
    ck_assert_uint_eq(nodes_at_depth(e, "normal", 5), classic);
    engine_free(e);
    remove(good);
    remove(bad);
}
END_TEST

/* A depth-4 search of orthodox chess's start. */
static struct search_result search_start(struct engine *e) { return search_at_depth(e, "normal", 4); }

static void assert_same_search(struct search_result a, struct search_result b, const char *what)
{
    ck_assert_msg(a.nodes == b.nodes && a.score == b.score, "%s: %llu nodes, score %d; %llu, %d",
                  what, (unsigned long long)a.nodes, a.score, (unsigned long long)b.nodes, b.score);
}

START_TEST(blend_shares_the_evaluation)
{
    struct engine_settings st;
    struct engine *e = set_up(&st);
    char err[VARIANT_ERR_LEN] = "";
    struct search_result classic = search_start(e);
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", good, err, sizeof err), 0);
    struct search_result learned = search_start(e);
    ck_assert_uint_ne(learned.nodes, classic.nodes);

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "0", err, sizeof err), 0);
    ck_assert_msg(strstr(st.note, "blend, 0% network (normal") && strstr(st.note, "100% classic"), "%s", st.note);
    assert_same_search(search_start(e), classic, "EvalBlend 0 is the hand-set evaluation");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "50", err, sizeof err), 0);
    struct search_result half = search_start(e);
    ck_assert_uint_ne(half.nodes, classic.nodes);
    ck_assert_uint_ne(half.nodes, learned.nodes);
    assert_same_search(search_start(e), half, "EvalBlend 50 twice");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "101", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "EvalBlend must be 0..100") != NULL, "%s", err);
    assert_same_search(search_start(e), half, "EvalBlend 101 refused, 50 kept");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "100", err, sizeof err), 0);
    ck_assert_msg(strstr(st.note, "evaluation: network (normal") != NULL, "%s", st.note);
    assert_same_search(search_start(e), learned, "EvalBlend 100 is the network");
    engine_free(e);
    remove(good);
    remove(bad);
}
END_TEST

START_TEST(residual_adds_to_the_hand_set_evaluation)
{
    struct engine_settings st;
    struct engine *e = set_up(&st);
    char err[VARIANT_ERR_LEN] = "", zero[600], residual[600], unknown[600];
    snprintf(zero, sizeof zero, "%s.zero", good);
    snprintf(residual, sizeof residual, "%s.residual", good);
    snprintf(unknown, sizeof unknown, "%s.unknown", good);
    write_residual(zero, NNUE_TARGET_RESIDUAL, true);
    write_residual(residual, NNUE_TARGET_RESIDUAL, false);
    write_residual(unknown, 7, false);
    struct search_result classic = search_start(e);
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", good, err, sizeof err), 0);
    struct search_result plain = search_start(e);

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", zero, err, sizeof err), 0);
    ck_assert_int_eq(engine_network(e)->target, NNUE_TARGET_RESIDUAL);
    ck_assert_msg(strstr(st.note, "classic plus 100% of a residual network (normal") != NULL, "%s", st.note);
    assert_same_search(search_start(e), classic, "a residual network of zeros is the hand-set evaluation");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", residual, err, sizeof err), 0);
    struct search_result added = search_start(e);
    ck_assert_uint_ne(added.nodes, classic.nodes);
    ck_assert_uint_ne(added.nodes, plain.nodes); /* the same weights read as a whole evaluation differ */
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "0", err, sizeof err), 0);
    assert_same_search(search_start(e), classic, "EvalBlend 0 of a residual network");
    ck_assert_int_eq(engine_settings_set(&st, e, "EvalBlend", "100", err, sizeof err), 0);
    assert_same_search(search_start(e), added, "EvalBlend 100 of a residual network");

    ck_assert_int_eq(engine_settings_set(&st, e, "EvalFile", unknown, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "target") != NULL, "%s", err);
    /* The plain network's file stays version 1, the residual's is version 2. */
    FILE *f = fopen(residual, "rb");
    unsigned char head[12];
    ck_assert_int_eq((int)fread(head, 1, sizeof head, f), (int)sizeof head);
    fclose(f);
    ck_assert_int_eq(head[8], NNUE_VERSION_TARGET);
    f = fopen(good, "rb");
    ck_assert_int_eq((int)fread(head, 1, sizeof head, f), (int)sizeof head);
    fclose(f);
    ck_assert_int_eq(head[8], NNUE_VERSION);
    engine_free(e);
    remove(zero);
    remove(residual);
    remove(unknown);
    remove(good);
    remove(bad);
}
END_TEST

static Suite *eval_file_suite(void)
{
    Suite *s = suite_create("eval_file");
    TCase *tc = tcase_create("EvalFile");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, network_loads_and_refuses);
    tcase_add_test(tc, blend_shares_the_evaluation);
    tcase_add_test(tc, residual_adds_to_the_hand_set_evaluation);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return check_run(eval_file_suite()); }
