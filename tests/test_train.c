/* `rulezero train` end to end on a tiny set: positions of random games
 * scored by the hand-set evaluation, written in the training-data format;
 * the held-out loss falls, the network loads and evaluates, one thread
 * repeats the same bytes for a seed, and bad input is refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "engine/nnue.h"
#include "protocol/learn/datagen_format.h"
#include "protocol/learn/train.h"
#include "variants/core/fen.h"
#include "variants/registry.h"

#include "check_run.h"

static char dir[512], data[600], net[600], net2[600], curve[600];

static void paths(void)
{
    snprintf(dir, sizeof dir, "%s", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    long id = (long)getpid();
    snprintf(data, sizeof data, "%s/test_train_%ld.rzdata", dir, id);
    snprintf(net, sizeof net, "%s/test_train_%ld.nnue", dir, id);
    snprintf(net2, sizeof net2, "%s/test_train_%ld_2.nnue", dir, id);
    snprintf(curve, sizeof curve, "%s/test_train_%ld.csv", dir, id);
}

/* Positions of random orthodox games, each scored by the hand-set
 * evaluation, its result the sign of that score. */
static void write_data(const char *variant, int positions)
{
    char err[256];
    struct datagen_header h = {.variant = variant, .command = "test_train", .seed = 7};
    struct datagen_writer *w = datagen_writer_open(data, &h, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    static struct position pos;
    static struct move_list list;
    static struct datagen_record rec;
    const struct variant *v = variant_find(variant);
    uint64_t rng = 99;
    int written = 0;
    while (written < positions) {
        ck_assert_int_eq(fen_read(&pos, v, v->start_fen, err, sizeof err), 0);
        for (int ply = 0; ply < 80 && written < positions; ply++) {
            v->generate(&pos, &list);
            if (list.count == 0)
                break;
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            variant_make(&pos, list.moves[(rng >> 33) % (uint64_t)list.count]);
            int score = v->evaluate(&pos);
            fen_write(&pos, rec.fen, sizeof rec.fen);
            rec.score = (int16_t)(score > 3000 ? 3000 : score < -3000 ? -3000 : score);
            rec.result = (int8_t)(score > 150 ? 1 : score < -150 ? -1 : 0);
            rec.flags = v->in_check(&pos) ? DATAGEN_FLAG_IN_CHECK : 0;
            rec.ply = (uint16_t)ply;
            ck_assert_int_eq(datagen_writer_write(w, &rec, err, sizeof err), 0);
            written++;
        }
    }
    ck_assert_int_eq(datagen_writer_close(w, err, sizeof err), 0);
}

static const char *train_variant = "normal";

static int train(const char *out, const char *extra)
{
    char line[4096];
    snprintf(line, sizeof line, "train --variant %s --data %s --out %s --curve %s --epochs 16 --hidden 32 "
             "--batch 256 --lr 0.01 --seed 3 %s", train_variant, data, out, curve, extra);
    char *argv[64];
    int argc = 0;
    for (char *p = strtok(line, " "); p && argc < 63; p = strtok(NULL, " "))
        argv[argc++] = p;
    argv[argc] = NULL;
    optind = 1;
    return train_main(argc, argv);
}

/* The validation losses of the curve: first (before training) and last. */
static void curve_ends(double *first, double *last)
{
    FILE *f = fopen(curve, "r");
    ck_assert_ptr_nonnull(f);
    char line[256];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (rows++ == 0)
            continue;
        char *c = strchr(strchr(line, ',') + 1, ',') + 1;
        double v = strtod(c, NULL);
        if (rows == 2)
            *first = v;
        *last = v;
    }
    fclose(f);
    ck_assert_int_eq(rows, 1 + 1 + 16);
}

/* The number after `key ` in a network's description (-1 when it lacks it). */
static double described(const struct nnue_net *n, const char *key)
{
    const char *at = strstr(n->text, key);
    return at ? strtod(at + strlen(key), NULL) : -1;
}

/* The evaluation of fen by the network in path. */
static int net_score(const char *path, const char *fen)
{
    char err[256];
    static struct position pos;
    static struct nnue_cache cache;
    struct nnue_net *n = nnue_load(path, err, sizeof err);
    ck_assert_msg(n != NULL, "%s", err);
    nnue_cache_init(&cache, n, NULL);
    ck_assert_msg(fen_read(&pos, n->variant, fen, err, sizeof err) == 0, "%s", err);
    int score = nnue_evaluate(&cache, &pos);
    nnue_free(n);
    return score;
}

/* A network trained on 8000 positions of random games of variant: the
 * held-out loss falls; the network as loaded (the caller frees it). */
static struct nnue_net *trained(const char *variant, const char *extra)
{
    zobrist_init();
    paths();
    write_data(variant, 8000);
    train_variant = variant;
    ck_assert_int_eq(train(net, extra), 0);
    double first = 0, last = 0;
    curve_ends(&first, &last);
    ck_assert_msg(last < 0.8 * first, "held-out loss %.5f -> %.5f", first, last);
    char err[256];
    struct nnue_net *n = nnue_load(net, err, sizeof err);
    ck_assert_msg(n != NULL, "%s", err);
    return n;
}

START_TEST(loss_falls_and_repeats)
{
    struct nnue_net *n = trained("normal", "--threads 1");
    char err[256];
    ck_assert_msg(strstr(n->text, "positions") != NULL, "%s", n->text);
    /* Rounding into integers costs little: the network's held-out loss as the
     * engine computes it is within a tenth of the float model's. */
    double float_loss = described(n, "\nvalidation loss "), quantised = described(n, "quantised validation loss ");
    ck_assert_msg(float_loss > 0 && fabs(quantised - float_loss) <= 0.1 * float_loss,
                  "held-out loss %.6f in floats, %.6f quantised", float_loss, quantised);
    nnue_free(n);
    /* It has learnt material: White to move scores the position where Black
     * lacks the queen well above the one where White lacks it (a margin, not
     * a sign at zero: tiny random data leaves the level noisy). */
    int up = net_score(net, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    int down = net_score(net, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    ck_assert_msg(up - down > 100, "White to move: %d with a queen up, %d with a queen down", up, down);

    /* One thread, the same seed: the same weights, every one. */
    ck_assert_int_eq(train(net2, "--threads 1"), 0);
    struct nnue_net *a = nnue_load(net, err, sizeof err), *b = nnue_load(net2, err, sizeof err);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(memcmp(a->w1, b->w1, (size_t)a->inputs * (size_t)a->hidden * sizeof a->w1[0]), 0);
    ck_assert_int_eq(memcmp(a->b1, b->b1, (size_t)a->hidden * sizeof a->b1[0]), 0);
    ck_assert_int_eq(memcmp(a->w2, b->w2, 2 * (size_t)a->hidden * sizeof a->w2[0]), 0);
    ck_assert_int_eq(a->b2, b->b2);
    nnue_free(a);
    nnue_free(b);
    /* Two threads train too. */
    ck_assert_int_eq(train(net2, "--threads 2 --lr-decay 0.9"), 0);
    double first = 0, last = 0;
    curve_ends(&first, &last);
    ck_assert_msg(last < 0.8 * first, "two threads, a decaying rate: held-out loss %.5f -> %.5f", first, last);
    /* The hand-set evaluation's held-out loss, the mark to pass: these
     * positions are scored by it, so on the score alone (lambda 1) it has
     * none, and on the blend (lambda 0.5) the results' share. */
    struct nnue_net *blend = nnue_load(net2, err, sizeof err);
    ck_assert_ptr_nonnull(blend);
    double blended = described(blend, "hand-set evaluation's validation loss ");
    ck_assert_msg(blended > 0.001, "%s", blend->text);
    nnue_free(blend);
    ck_assert_int_eq(train(net2, "--lambda 1"), 0);
    struct nnue_net *score = nnue_load(net2, err, sizeof err);
    ck_assert_ptr_nonnull(score);
    double alone = described(score, "hand-set evaluation's validation loss ");
    ck_assert_msg(alone >= 0 && alone < 1e-5, "%s", score->text);
    /* A residual network learns what the hand-set evaluation misses, here
     * (scores that are that evaluation) nearly nothing: its file is marked,
     * and its held-out loss as the engine computes it (hand-set + network)
     * is far below that of a network that must learn the whole score. */
    ck_assert_int_eq(train(net, "--lambda 1 --target residual"), 0);
    struct nnue_net *residual = nnue_load(net, err, sizeof err);
    ck_assert_msg(residual != NULL, "%s", err);
    ck_assert_int_eq(residual->target, NNUE_TARGET_RESIDUAL);
    ck_assert_int_eq(score->target, NNUE_TARGET_SCORE);
    double whole = described(score, "quantised validation loss "), rest = described(residual, "quantised validation loss ");
    ck_assert_msg(rest >= 0 && rest < 0.25 * whole, "held-out loss: residual %.6f, whole score %.6f", rest, whole);
    nnue_free(residual);
    nnue_free(score);
    remove(net2);
    remove(net);
    remove(curve);
    remove(data);
}
END_TEST

/* Interdependent's networks read its hands (input layout 2, the default
 * there): trained on its positions, a network values a Gold in the hand of
 * the side to move above one in the other side's hand, on the same board;
 * layout 1 cannot tell the two apart. */
START_TEST(state_layout_learns_the_hands)
{
    struct nnue_net *n = trained("interdependent", "--threads 1 --lambda 1");
    ck_assert_int_eq(n->layout, NNUE_LAYOUT_STATE);
    nnue_free(n);
    int own = net_score(net, "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[G] w - - 0 1");
    int other = net_score(net, "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[g] w - - 0 1");
    ck_assert_msg(own - other > 50, "White to move: %d with a Gold in hand, %d with Black's", own, other);
    ck_assert_int_eq(train(net, "--threads 1 --lambda 1 --layout 1"), 0);
    own = net_score(net, "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[G] w - - 0 1");
    other = net_score(net, "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[g] w - - 0 1");
    ck_assert_int_eq(own, other);
    train_variant = "normal";
    remove(net);
    remove(curve);
    remove(data);
}
END_TEST

/* --output-percent writes the same network with its output layer scaled:
 * the first layer unchanged, each output weight and the bias at half,
 * rounded half away from zero (how a residual network adds half its
 * correction at EvalBlend 100); out of 1..100 it is refused. */
static int32_t half_away(int32_t x) { return x < 0 ? -((-x + 1) / 2) : (x + 1) / 2; }

START_TEST(output_percent_scales_the_output)
{
    struct nnue_net *whole = trained("normal", "--threads 1");
    ck_assert_int_eq(train(net2, "--threads 1 --output-percent 50"), 0);
    char err[256];
    struct nnue_net *half = nnue_load(net2, err, sizeof err);
    ck_assert_msg(half != NULL, "%s", err);
    ck_assert_int_eq(memcmp(whole->w1, half->w1, (size_t)whole->inputs * (size_t)whole->hidden * sizeof whole->w1[0]),
                     0);
    ck_assert_int_eq(memcmp(whole->b1, half->b1, (size_t)whole->hidden * sizeof whole->b1[0]), 0);
    int odd = 0;
    for (int i = 0; i < 2 * whole->hidden; i++) {
        ck_assert_int_eq(half->w2[i], half_away(whole->w2[i]));
        odd += whole->w2[i] % 2 != 0;
    }
    ck_assert_msg(odd > 0, "no odd output weight: the rounding is not checked");
    ck_assert_int_eq(half->b2, half_away(whole->b2));
    ck_assert_msg(strstr(half->text, "--output-percent 50") != NULL, "%s", half->text);
    nnue_free(whole);
    nnue_free(half);
    char *bad[] = {"train", "--variant", "normal", "--data", data, "--out", net, "--output-percent", "0", NULL};
    optind = 1;
    ck_assert_int_eq(train_main(9, bad), 2);
    remove(net2);
    remove(net);
    remove(curve);
    remove(data);
}
END_TEST

START_TEST(bad_input_is_refused)
{
    zobrist_init();
    paths();
    write_data("pickle", 50);
    ck_assert_int_eq(train(net, ""), 1); /* pickle's positions for a normal network */
    char *no_data[] = {"train", "--variant", "normal", "--out", net, NULL};
    optind = 1;
    ck_assert_int_eq(train_main(5, no_data), 2);
    char *bad_lambda[] = {"train", "--variant", "normal", "--data", data, "--out", net, "--lambda", "2", NULL};
    optind = 1;
    ck_assert_int_eq(train_main(9, bad_lambda), 2);
    char *bad_target[] = {"train", "--variant", "normal", "--data", data, "--out", net, "--target", "half", NULL};
    optind = 1;
    ck_assert_int_eq(train_main(9, bad_target), 2);
    char *bad_decay[] = {"train", "--variant", "normal", "--data", data, "--out", net, "--lr-decay", "0", NULL};
    optind = 1;
    ck_assert_int_eq(train_main(9, bad_decay), 2);
    remove(data);
}
END_TEST

static Suite *train_suite(void)
{
    Suite *s = suite_create("train");
    TCase *tc = tcase_create("train");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, loss_falls_and_repeats);
    tcase_add_test(tc, bad_input_is_refused);
    tcase_add_test(tc, output_percent_scales_the_output);
    tcase_add_test(tc, state_layout_learns_the_hands);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return check_run(train_suite()); }
