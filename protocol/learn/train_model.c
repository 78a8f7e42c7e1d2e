/* Rule Zero: the trainer's floating-point network (train_model.h). The
 * inner loops run over the hidden units, contiguous, so the compiler
 * vectorises them (SSE2/AVX at -O3). */
#include "protocol/learn/train_model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/platform.h"

#define TRAIN_MAX_THREADS 64
#define WEIGHT_CLIP 1.98f /* keeps the rounded weights far from 16-bit limits (engine/nnue.h) */

static uint64_t mix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct train_model *train_model_new(int inputs, int hidden, uint64_t seed)
{
    struct train_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->inputs = inputs;
    m->hidden = hidden;
    m->params = (size_t)inputs * (size_t)hidden + 3 * (size_t)hidden;
    m->w1 = calloc(m->params, sizeof *m->w1);
    m->m = calloc(m->params, sizeof *m->m);
    m->v = calloc(m->params, sizeof *m->v);
    if (!m->w1 || !m->m || !m->v) {
        train_model_free(m);
        return NULL;
    }
    m->b1 = m->w1 + (size_t)inputs * (size_t)hidden;
    m->w2 = m->b1 + hidden;
    uint64_t rng = seed;
    float spread = 1.0f / sqrtf(32.0f); /* about 32 inputs are active at once */
    for (size_t i = 0; i < (size_t)inputs * (size_t)hidden; i++)
        m->w1[i] = spread * (2.0f * (float)(mix(&rng) >> 40) / (float)(1 << 24) - 1.0f);
    for (int i = 0; i < 2 * hidden; i++)
        m->w2[i] = 0.1f * (2.0f * (float)(mix(&rng) >> 40) / (float)(1 << 24) - 1.0f);
    m->lr = 0.001f;
    m->beta1 = 0.9f;
    m->beta2 = 0.999f;
    m->eps = 1e-8f;
    return m;
}

void train_model_free(struct train_model *m)
{
    if (!m)
        return;
    free(m->w1);
    free(m->m);
    free(m->v);
    free(m);
}

static float clip01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }

/* The first layer of sample s into acc (2 * hidden) and the output. */
static float forward(const struct train_model *m, const struct train_set *set, const struct train_sample *s,
                     float *acc)
{
    int h = m->hidden;
    const uint16_t *in = set->inputs + s->first;
    for (int view = 0; view < 2; view++) {
        float *a = acc + view * h;
        memcpy(a, m->b1, (size_t)h * sizeof *a);
        for (int k = 0; k < s->count; k++) {
            const float *row = m->w1 + (size_t)in[view * s->count + k] * (size_t)h;
            for (int j = 0; j < h; j++)
                a[j] += row[j];
        }
    }
    float out = m->b2;
    for (int j = 0; j < 2 * h; j++)
        out += clip01(acc[j]) * m->w2[j];
    return out;
}

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

/* What a residual model adds to its output: the hand-set evaluation. */
static float offset(const struct train_model *m, const struct train_sample *s)
{
    return m->residual ? (float)s->classic / (float)NNUE_SCALE : 0.0f;
}

/* One thread's share of a batch: its gradient (params + 1 for b2) and loss. */
struct worker {
    const struct train_model *m;
    const struct train_set *set;
    const uint32_t *order;
    size_t lo, hi;
    float *grad;
    float *acc;
    double loss;
};

static void backward(struct worker *w, const struct train_sample *s, float g)
{
    const struct train_model *m = w->m;
    int h = m->hidden;
    float *gw1 = w->grad, *gb1 = gw1 + (size_t)m->inputs * (size_t)h, *gw2 = gb1 + h;
    float *da = w->acc + 2 * h; /* scratch beside the accumulator */
    for (int j = 0; j < 2 * h; j++) {
        float a = w->acc[j];
        gw2[j] += g * clip01(a);
        da[j] = a > 0 && a < 1 ? g * m->w2[j] : 0;
    }
    w->grad[m->params] += g;
    const uint16_t *in = w->set->inputs + s->first;
    for (int view = 0; view < 2; view++) {
        const float *d = da + view * h;
        for (int j = 0; j < h; j++)
            gb1[j] += d[j];
        for (int k = 0; k < s->count; k++) {
            float *row = gw1 + (size_t)in[view * s->count + k] * (size_t)h;
            for (int j = 0; j < h; j++)
                row[j] += d[j];
        }
    }
}

static void work(void *arg)
{
    struct worker *w = arg;
    memset(w->grad, 0, (w->m->params + 1) * sizeof *w->grad);
    w->loss = 0;
    for (size_t i = w->lo; i < w->hi; i++) {
        const struct train_sample *s = &w->set->samples[w->order[i]];
        float p = sigmoid(forward(w->m, w->set, s, w->acc) + offset(w->m, s));
        float err = p - s->target;
        w->loss += (double)err * err;
        backward(w, s, 2.0f * err * p * (1.0f - p));
    }
}

static void adam(struct train_model *m, const float *grad, size_t n)
{
    m->step++;
    float c1 = 1.0f - powf(m->beta1, (float)m->step), c2 = 1.0f - powf(m->beta2, (float)m->step);
    float scale = 1.0f / (float)n;
    for (size_t i = 0; i <= m->params; i++) {
        float g = grad[i] * scale;
        float *mi = i < m->params ? &m->m[i] : &m->b2_m, *vi = i < m->params ? &m->v[i] : &m->b2_v;
        float *p = i < m->params ? &m->w1[i] : &m->b2;
        *mi = m->beta1 * *mi + (1 - m->beta1) * g;
        *vi = m->beta2 * *vi + (1 - m->beta2) * g * g;
        *p -= m->lr * (*mi / c1) / (sqrtf(*vi / c2) + m->eps);
        if (i < m->params)
            *p = *p > WEIGHT_CLIP ? WEIGHT_CLIP : *p < -WEIGHT_CLIP ? -WEIGHT_CLIP : *p;
    }
}

double train_model_step(struct train_model *m, const struct train_set *set, const uint32_t *order, size_t n,
                        int threads)
{
    if (threads < 1)
        threads = 1;
    if (threads > TRAIN_MAX_THREADS)
        threads = TRAIN_MAX_THREADS;
    struct worker w[TRAIN_MAX_THREADS];
    pf_thread t[TRAIN_MAX_THREADS];
    bool started[TRAIN_MAX_THREADS] = {false};
    size_t per = (m->params + 1), h2 = 4 * (size_t)m->hidden;
    float *mem = malloc((size_t)threads * (per + h2) * sizeof *mem);
    if (!mem)
        return NAN;
    for (int i = 0; i < threads; i++) {
        w[i] = (struct worker){m, set, order, n * (size_t)i / (size_t)threads, n * (size_t)(i + 1) / (size_t)threads,
                               mem + (size_t)i * (per + h2), mem + (size_t)i * (per + h2) + per, 0};
        if (i > 0)
            started[i] = pf_thread_start(&t[i], work, &w[i], 0) == 0;
    }
    work(&w[0]);
    for (int i = 1; i < threads; i++) {
        if (started[i])
            pf_thread_join(&t[i]);
        else
            work(&w[i]); /* no threads here (the browser): the caller does it */
    }
    double loss = w[0].loss;
    for (int i = 1; i < threads; i++) {
        loss += w[i].loss;
        for (size_t k = 0; k < per; k++)
            w[0].grad[k] += w[i].grad[k];
    }
    adam(m, w[0].grad, n);
    free(mem);
    return loss;
}

double train_model_loss(const struct train_model *m, const struct train_set *set, const uint32_t *order, size_t n)
{
    float *acc = malloc(2 * (size_t)m->hidden * sizeof *acc);
    double loss = 0;
    for (size_t i = 0; acc && i < n; i++) {
        const struct train_sample *s = &set->samples[order[i]];
        float err = sigmoid(forward(m, set, s, acc) + offset(m, s)) - s->target;
        loss += (double)err * err;
    }
    free(acc);
    return acc ? loss : NAN;
}

static int16_t round16(float x, float unit)
{
    long r = lroundf(x * unit);
    return (int16_t)(r > 32767 ? 32767 : r < -32767 ? -32767 : r);
}

void train_model_quantise(const struct train_model *m, struct nnue_net *net)
{
    size_t w1 = (size_t)m->inputs * (size_t)m->hidden;
    for (size_t i = 0; i < w1; i++)
        net->w1[i] = round16(m->w1[i], (float)net->qa);
    for (int i = 0; i < m->hidden; i++)
        net->b1[i] = round16(m->b1[i], (float)net->qa);
    for (int i = 0; i < 2 * m->hidden; i++)
        net->w2[i] = round16(m->w2[i], (float)net->qb);
    double b2 = (double)m->b2 * net->qa * net->qb;
    net->b2 = (int32_t)(b2 > 1e9 ? 1e9 : b2 < -1e9 ? -1e9 : lround(b2));
}

double train_model_quantised_loss(const struct nnue_net *net, const struct train_set *set, const uint32_t *order,
                                  size_t n)
{
    const struct nnue_kernels *k = nnue_kernels_best();
    struct nnue_accumulator acc; /* 4 KB; called from the main thread */
    size_t h = (size_t)net->hidden;
    double loss = 0;
    for (size_t i = 0; i < n; i++) {
        const struct train_sample *s = &set->samples[order[i]];
        const uint16_t *in = set->inputs + s->first;
        for (int view = 0; view < 2; view++) { /* 0: the side to move's, as the trainer stores them */
            memcpy(acc.v[view], net->b1, h * sizeof net->b1[0]);
            for (int j = 0; j < s->count; j++)
                k->add_row(acc.v[view], net->w1 + (size_t)in[view * s->count + j] * h, (int)h);
        }
        double cp = nnue_output(net, k, &acc, 0) + (net->target == NNUE_TARGET_RESIDUAL ? s->classic : 0);
        double err = 1.0 / (1.0 + exp(-cp / net->scale)) - s->target;
        loss += err * err;
    }
    return loss;
}

double train_model_classic_loss(const struct train_set *set, const uint32_t *order, size_t n, double scale)
{
    double loss = 0;
    for (size_t i = 0; i < n; i++) {
        const struct train_sample *s = &set->samples[order[i]];
        double err = 1.0 / (1.0 + exp(-s->classic / scale)) - s->target;
        loss += err * err;
    }
    return loss;
}
