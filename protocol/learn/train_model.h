/* Rule Zero: the trainer's network in floating point (`rulezero train`):
 * the same shape as engine/nnue.h's (inputs -> 2 x hidden, clipped ReLU,
 * one output), its gradient on a batch of positions over several threads,
 * Adam, and the rounding into a network file's integers. */
#ifndef RULEZERO_TRAIN_MODEL_H
#define RULEZERO_TRAIN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/nnue.h"

/* One training position: its active inputs from the side to move's view,
 * then from the other side's, and the target in 0..1. */
struct train_sample {
    uint32_t first;  /* index of its first input in the shared array */
    uint8_t count;   /* inputs per view */
    float target;
    int16_t classic; /* the hand-set evaluation's centipawns, for comparison */
};

struct train_set {
    struct train_sample *samples;
    uint16_t *inputs;  /* 2 * count per sample */
    size_t count;
};

struct train_model {
    int inputs, hidden;
    float *w1, *b1, *w2, b2;      /* the parameters, one block: w1, b1, w2 */
    size_t params;                /* w1 + b1 + w2 (b2 apart) */
    float *m, *v, b2_m, b2_v;     /* Adam's moments */
    long step;
    float lr, beta1, beta2, eps;
    bool residual;                /* trained as a correction: each sample's hand-set centipawns are added to the
                                   * output (in units of NNUE_SCALE) before the sigmoid */
};

/* Initialised from the seed (small random first layer, zero output). NULL when out of memory. */
struct train_model *train_model_new(int inputs, int hidden, uint64_t seed);
void train_model_free(struct train_model *m);

/* One Adam step on the mean squared error of sigmoid(output) against the
 * targets of samples order[0..n) of set, over `threads` threads (each
 * summing its own share of the gradient; the shares are added in a fixed
 * order, so a run repeats for a given thread count). Returns the batch's
 * summed loss. */
double train_model_step(struct train_model *m, const struct train_set *set, const uint32_t *order, size_t n,
                        int threads);
/* The summed loss of samples order[0..n) (no step). */
double train_model_loss(const struct train_model *m, const struct train_set *set, const uint32_t *order, size_t n);
/* Rounds the model into net's integers (same sizes). */
void train_model_quantise(const struct train_model *m, struct nnue_net *net);
/* The summed loss of samples order[0..n) as the engine scores them: net's
 * integer first layer and output (engine/nnue.h), in centipawns (plus the
 * hand-set evaluation's for a residual net), through
 * sigmoid(centipawns / net's scale). Beside train_model_loss it measures
 * what rounding the weights costs. */
double train_model_quantised_loss(const struct nnue_net *net, const struct train_set *set, const uint32_t *order,
                                  size_t n);
/* The summed loss of the hand-set evaluation on samples order[0..n), through
 * sigmoid(centipawns / scale): the mark a network has to pass. */
double train_model_classic_loss(const struct train_set *set, const uint32_t *order, size_t n, double scale);

#endif
