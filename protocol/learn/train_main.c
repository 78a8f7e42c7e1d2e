/* `rulezero train`: trains a network (engine/nnue.h) on training data
 * (protocol/learn/datagen_format.h) and writes it with its learning curve. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/learn/datagen_format.h"
#include "protocol/learn/train.h"
#include "protocol/learn/train_model.h"
#include "protocol/learn/tune.h"
#include "protocol/match/options_table.h"
#include "variants/core/clock.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/registry.h"

#define CMD "train"
#define TRAIN_MAX_FILES 64
#define SCORE_UNIT 400.0 /* a score's centipawns per unit of the sigmoid's argument (NNUE_SCALE) */
#define SKIPPED_FLAGS (DATAGEN_FLAG_IN_CHECK | DATAGEN_FLAG_CAPTURE | DATAGEN_FLAG_HALF_TURN)

struct train_options {
    const char *variant, *out, *curve;
    const char *data[TRAIN_MAX_FILES];
    int files;
    int64_t epochs, seed, hidden, threads, batch, holdout, layout;
    int64_t output_percent; /* --output-percent: the output layer's share written into the file */
    double lambda, lr, lr_decay;
    bool residual; /* --target residual: the network corrects the hand-set evaluation */
    char command[1024];
};

/* "rulezero train: MESSAGE" and a pointer to --help (the tuner's): 2. */
static int usage(const char *fmt, const char *arg) { return tune_usage_error(CMD, fmt, arg); }

/* ---- The data ------------------------------------------------------------------ */

struct loader {
    const struct train_options *o;
    struct nnue_net *layout;   /* the inputs of each piece (a network's map, no weights used) */
    struct train_set set;
    size_t capacity, inputs_used, inputs_capacity;
    long skipped;
    struct position *pos;
};

static int grow(struct loader *l, size_t inputs)
{
    if (l->set.count == l->capacity) {
        size_t cap = l->capacity ? 2 * l->capacity : 4096;
        struct train_sample *s = realloc(l->set.samples, cap * sizeof *s);
        if (!s)
            return -1;
        l->set.samples = s;
        l->capacity = cap;
    }
    while (l->inputs_used + inputs > l->inputs_capacity) {
        size_t cap = l->inputs_capacity ? 2 * l->inputs_capacity : 65536;
        uint16_t *in = realloc(l->set.inputs, cap * sizeof *in);
        if (!in)
            return -1;
        l->set.inputs = in;
        l->inputs_capacity = cap;
    }
    return 0;
}

/* One record as a sample (a flagged one is skipped): 0, or -1 with a message. */
static int add_record(struct loader *l, const struct settings *s, const struct datagen_record *r, char *err,
                      size_t errlen)
{
    if (r->flags & SKIPPED_FLAGS) {
        l->skipped++;
        return 0;
    }
    if (fen_read_with(l->pos, s, r->fen, err, errlen))
        return -1;
    int stm[NNUE_MAX_ACTIVE], other[NNUE_MAX_ACTIVE];
    int n = nnue_active_inputs(l->layout, l->pos, l->pos->side, stm);
    nnue_active_inputs(l->layout, l->pos, l->pos->side ^ 1, other);
    if (n > 255 || grow(l, 2 * (size_t)n))
        return snprintf(err, errlen, "out of memory (or over 255 pieces)"), -1;
    uint16_t *in = l->set.inputs + l->inputs_used;
    for (int i = 0; i < n; i++) {
        in[i] = (uint16_t)stm[i];
        in[n + i] = (uint16_t)other[i];
    }
    double lambda = l->o->lambda;
    double target = lambda / (1.0 + exp(-r->score / SCORE_UNIT)) + (1.0 - lambda) * (r->result + 1) / 2.0;
    const struct variant *v = l->pos->variant;
    int classic = v->evaluate ? v->evaluate(l->pos) : 0;
    classic = classic > INT16_MAX ? INT16_MAX : classic < -INT16_MAX ? -INT16_MAX : classic;
    l->set.samples[l->set.count++] =
        (struct train_sample){(uint32_t)l->inputs_used, (uint8_t)n, (float)target, (int16_t)classic};
    l->inputs_used += 2 * (size_t)n;
    return 0;
}

static int load_file(struct loader *l, const struct variant *v, const char *path)
{
    char err[VARIANT_ERR_LEN];
    struct datagen_reader *r = datagen_reader_open(path, err, sizeof err);
    if (!r)
        return fprintf(stderr, "rulezero " CMD ": %s: %s\n", path, err), -1;
    const struct datagen_header *h = datagen_reader_header(r);
    struct settings s;
    int rc = 0;
    if (strcmp(h->variant, v->id) != 0) {
        fprintf(stderr, "rulezero " CMD ": %s holds %s positions, not %s\n", path, h->variant, v->id);
        datagen_reader_close(r);
        return -1;
    }
    if (datagen_header_settings(h, &s, err, sizeof err)) {
        fprintf(stderr, "rulezero " CMD ": %s: %s\n", path, err);
        datagen_reader_close(r);
        return -1;
    }
    static struct datagen_record rec;
    int got;
    while (rc == 0 && (got = datagen_reader_next(r, &rec, err, sizeof err)) == 1)
        if (add_record(l, &s, &rec, err, sizeof err))
            rc = -1;
    if (rc == 0 && got < 0)
        rc = -1;
    if (rc)
        fprintf(stderr, "rulezero " CMD ": %s: %s\n", path, err);
    settings_free(&s);
    datagen_reader_close(r);
    return rc;
}

/* ---- Training ------------------------------------------------------------------ */

static void shuffle(uint32_t *a, size_t n, uint64_t *rng)
{
    for (size_t i = n; i > 1; i--) {
        *rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
        size_t j = (size_t)((*rng >> 33) % i);
        uint32_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

/* One pass over the training part; returns its mean loss. */
static double epoch(struct train_model *m, const struct train_set *set, uint32_t *train, size_t n,
                    const struct train_options *o, uint64_t *rng)
{
    shuffle(train, n, rng);
    double loss = 0;
    for (size_t at = 0; at < n; at += (size_t)o->batch) {
        size_t len = n - at < (size_t)o->batch ? n - at : (size_t)o->batch;
        loss += train_model_step(m, set, train + at, len, (int)o->threads);
    }
    return loss / (double)n;
}

/* Scales the output layer (its weights and bias) to percent of itself, each
 * rounded half away from zero: a residual network at 50 adds half its
 * correction, as EvalBlend=50 does with the whole file. */
static int64_t percent_of(int64_t x, int64_t percent)
{
    int64_t q = x * percent;
    return q < 0 ? -((-q + 50) / 100) : (q + 50) / 100;
}

static void scale_output(struct nnue_net *net, int64_t percent)
{
    for (int i = 0; i < 2 * net->hidden; i++)
        net->w2[i] = (int16_t)percent_of(net->w2[i], percent);
    net->b2 = (int32_t)percent_of(net->b2, percent);
}

/* Rounds the model into a network file; the held-out loss as the engine
 * computes it (integers) is printed and kept beside the model's. */
static int write_network(const struct train_model *m, const struct variant *v, const struct train_options *o,
                         const struct train_set *set, const uint32_t *valid, size_t held, double val_loss)
{
    char err[VARIANT_ERR_LEN];
    struct nnue_net *net = nnue_new_layout(v, (int)o->layout, (int)o->hidden, err, sizeof err);
    if (!net)
        return fprintf(stderr, "rulezero " CMD ": %s\n", err), 1;
    train_model_quantise(m, net);
    scale_output(net, o->output_percent);
    net->target = o->residual ? NNUE_TARGET_RESIDUAL : NNUE_TARGET_SCORE;
    double quantised = held ? train_model_quantised_loss(net, set, valid, held) / (double)held : NAN;
    double classic = held ? train_model_classic_loss(set, valid, held, SCORE_UNIT) / (double)held : NAN;
    printf("validation loss %.6f, quantised network's %.6f, hand-set evaluation's %.6f\n", val_loss, quantised,
           classic);
    snprintf(net->text, sizeof net->text,
             "%s\npositions %zu\nvalidation loss %.6f\nquantised validation loss %.6f\n"
             "hand-set evaluation's validation loss %.6f\n",
             o->command, set->count, val_loss, quantised, classic);
    int rc = nnue_save(net, o->out, err, sizeof err);
    if (rc)
        fprintf(stderr, "rulezero " CMD ": %s\n", err);
    nnue_free(net);
    return rc ? 1 : 0;
}

static int train(const struct train_options *o, const struct variant *v, struct loader *l)
{
    size_t n = l->set.count, held = n * (size_t)o->holdout / 100;
    if (n < 2 || (o->holdout > 0 && held == 0))
        return fprintf(stderr, "rulezero " CMD ": too few positions (%zu) to train and hold some out\n", n), 1;
    uint32_t *order = malloc(n * sizeof *order);
    struct train_model *m = train_model_new(l->layout->inputs, (int)o->hidden, (uint64_t)o->seed);
    FILE *curve = fopen(o->curve, "w");
    if (!order || !m || !curve) {
        free(order);
        train_model_free(m);
        if (curve)
            fclose(curve);
        return fprintf(stderr, "rulezero " CMD ": out of memory or cannot write %s\n", o->curve), 1;
    }
    m->lr = (float)o->lr;
    m->residual = o->residual;
    for (size_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    uint64_t rng = (uint64_t)o->seed ^ 0x5DEECE66Dull;
    shuffle(order, n, &rng);
    uint32_t *valid = order + (n - held);
    size_t trained = n - held;
    printf("positions %zu (training %zu, held out %zu, skipped %ld flagged)\n", n, trained, held, l->skipped);
    fprintf(curve, "epoch,train_loss,validation_loss,seconds,positions_per_second\n");
    double val = held ? train_model_loss(m, &l->set, valid, held) / (double)held : NAN;
    fprintf(curve, "0,,%.6f,0,\n", val);
    printf("epoch 0: validation loss %.6f\n", val);
    for (int e = 1; e <= o->epochs; e++) {
        double start = clock_seconds();
        double loss = epoch(m, &l->set, order, trained, o, &rng);
        double secs = clock_seconds() - start;
        val = held ? train_model_loss(m, &l->set, valid, held) / (double)held : NAN;
        double rate = secs > 0 ? (double)trained / secs : 0;
        fprintf(curve, "%d,%.6f,%.6f,%.3f,%.0f\n", e, loss, val, secs, rate);
        printf("epoch %d: training loss %.6f, validation loss %.6f, %.0f positions/s\n", e, loss, val, rate);
        fflush(stdout);
        m->lr *= (float)o->lr_decay;
    }
    fclose(curve);
    int rc = write_network(m, v, o, &l->set, valid, held, val);
    free(order);
    train_model_free(m);
    return rc;
}

static int run(const struct train_options *o, const struct variant *v)
{
    char err[VARIANT_ERR_LEN];
    struct loader l = {.o = o};
    l.layout = nnue_new_layout(v, (int)o->layout, 16, err, sizeof err);
    l.pos = malloc(sizeof *l.pos);
    if (!l.layout || !l.pos) {
        nnue_free(l.layout);
        free(l.pos);
        return fprintf(stderr, "rulezero " CMD ": %s\n", l.layout ? "out of memory" : err), 1;
    }
    int rc = 0;
    for (int i = 0; i < o->files && rc == 0; i++)
        rc = load_file(&l, v, o->data[i]) ? 1 : 0;
    if (rc == 0)
        rc = train(o, v, &l);
    free(l.set.samples);
    free(l.set.inputs);
    free(l.pos);
    nnue_free(l.layout);
    return rc;
}

/* ---- Options ------------------------------------------------------------------- */

static int add_data(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct train_options *o = ctx;
    if (o->files == TRAIN_MAX_FILES)
        return usage("too many data files at '%s'", arg);
    o->data[o->files++] = arg;
    return 0;
}

static int set_fraction(const char *arg, double lo, double hi, double *out, const char *what)
{
    if (text_double(arg, out) || !(*out >= lo && *out <= hi))
        return usage(what, arg);
    return 0;
}

static int set_lambda(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    return set_fraction(arg, 0, 1, &((struct train_options *)ctx)->lambda, "bad lambda '%s' (expected 0..1)");
}

static int set_lr(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    return set_fraction(arg, 1e-6, 1, &((struct train_options *)ctx)->lr,
                        "bad learning rate '%s' (expected 0.000001..1)");
}

static int set_lr_decay(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    return set_fraction(arg, 0.01, 1, &((struct train_options *)ctx)->lr_decay,
                        "bad learning-rate decay '%s' (expected 0.01..1)");
}

static int set_target(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct train_options *o = ctx;
    if (strcmp(arg, "score") != 0 && strcmp(arg, "residual") != 0)
        return usage("bad target '%s' (expected score or residual)", arg);
    o->residual = strcmp(arg, "residual") == 0;
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct train_options, field)

static const struct options_table_entry train_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero train --variant V --data FILE... --out NET [OPTIONS]\n"
             "\n"
             "Trains a network for the variant on training data (`rulezero datagen`),\n"
             "leaving out positions in check, with a capture as the best move or a turn\n"
             "half made. Adam on the squared error between sigmoid(output) and\n"
             "lambda * sigmoid(score / 400) + (1 - lambda) * result; a part held out\n"
             "measures it. With --target residual the network learns a correction:\n"
             "sigmoid(output + hand-set / 400) is fitted, and the engine evaluates\n"
             "hand-set + network. Writes the network (`--eval-file NET`) and the learning curve\n"
             "as CSV. One thread gives the same network for the same seed and data.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the variant", KEEP(TEXT, variant)},
    {"data", 'd', OPTIONS_TABLE_TEXT, "FILE", "training data (repeatable)", .set = add_data},
    {"out", 'o', OPTIONS_TABLE_TEXT, "NET", "where the network goes", KEEP(TEXT, out)},
    {"curve", 'c', OPTIONS_TABLE_TEXT, "CSV", "the learning curve (default NET.csv)", KEEP(TEXT, curve)},
    {"epochs", 'e', OPTIONS_TABLE_NUMBER, "N", "passes over the data (default 10)", 0, 100000,
     "bad epoch count '%s' (expected 0..100000)", KEEP(INT64, epochs)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "the seed of the start weights, split and order (default 1)", 0,
     INT64_MAX, "bad seed '%s' (expected a non-negative integer)", KEEP(INT64, seed)},
    {"lambda", 'l', OPTIONS_TABLE_TEXT, "L", "the score's share of the target, 0..1 (default 0.5)", .set = set_lambda},
    {"hidden", 'H', OPTIONS_TABLE_NUMBER, "N", "first-layer width, a multiple of 16 (default 256)", 16,
     NNUE_MAX_HIDDEN, "bad width '%s' (expected 16..1024)", KEEP(INT64, hidden)},
    {"threads", 't', OPTIONS_TABLE_NUMBER, "N", "threads (default 2)", 1, 64, "bad thread count '%s' (expected 1..64)",
     KEEP(INT64, threads)},
    {"batch", 'b', OPTIONS_TABLE_NUMBER, "N", "positions per step (default 16384)", 1, 1 << 24,
     "bad batch size '%s' (expected 1..16777216)", KEEP(INT64, batch)},
    {"holdout", 0, OPTIONS_TABLE_NUMBER, "P", "percent held out to measure (default 10)", 0, 50,
     "bad hold-out '%s' (expected 0..50 percent)", KEEP(INT64, holdout)},
    {"layout", 0, OPTIONS_TABLE_NUMBER, "L", "input layout: 1 the board, 2 with the game's state (default: 2 where the game has state inputs)", 1, 2,
     "bad layout '%s' (expected 1 or 2)", KEEP(INT64, layout)},
    {"target", 0, OPTIONS_TABLE_TEXT, "T",
     "score: the network is the evaluation (default); residual: it is added to the hand-set one",
     .set = set_target},
    {"output-percent", 0, OPTIONS_TABLE_NUMBER, "P",
     "the output layer's weights and bias written at P percent (default 100)", 1, 100,
     "bad output percent '%s' (expected 1..100)", KEEP(INT64, output_percent)},
    {"lr", 0, OPTIONS_TABLE_TEXT, "R", "Adam's learning rate (default 0.001)", .set = set_lr},
    {"lr-decay", 0, OPTIONS_TABLE_TEXT, "F", "the learning rate's factor after each epoch (default 1)",
     .set = set_lr_decay},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

const struct options_table train_options_table = {"rulezero " CMD, 24, train_entries};

/* The command line, for the network's description. */
static void keep_command(struct train_options *o, int argc, char **argv)
{
    size_t len = (size_t)snprintf(o->command, sizeof o->command, "rulezero");
    for (int i = 0; i < argc && len < sizeof o->command; i++)
        len += (size_t)snprintf(o->command + len, sizeof o->command - len, " %s", argv[i]);
}

int train_main(int argc, char **argv)
{
    struct train_options o = {.epochs = 10, .seed = 1, .hidden = 256, .threads = 2, .batch = 16384,
                              .holdout = 10, .output_percent = 100, .lambda = 0.5, .lr = 0.001, .lr_decay = 1};
    keep_command(&o, argc, argv);
    int rc = options_table_parse(&train_options_table, &o, argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (optind < argc)
        return usage("unexpected argument '%s'", argv[optind]);
    if (!o.variant || !o.files || !o.out)
        return usage("%s", "--variant, --data and --out are required");
    const struct variant *v = variant_find(o.variant);
    if (!v)
        return usage("unknown variant '%s'", o.variant);
    if (!o.layout)
        o.layout = nnue_layout_default(v);
    if (!nnue_layout_count(v, (int)o.layout))
        return usage("the network's input layout does not fit '%s'", o.variant);
    if (o.hidden % 16) {
        char width[32];
        snprintf(width, sizeof width, "%lld", (long long)o.hidden);
        return usage("bad width '%s' (expected a multiple of 16)", width);
    }
    char curve[1024];
    if (!o.curve) {
        snprintf(curve, sizeof curve, "%s.csv", o.out);
        o.curve = curve;
    }
    return run(&o, v);
}
