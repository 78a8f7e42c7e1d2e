/* Rule Zero: the network file (docs/networks.md, "The network"): reading,
 * checking and writing it, and the input layout of each game. All numbers
 * little-endian:
 *
 *   8 bytes "RZNNUE01"; u32 version (1 or 2); 32 bytes the variant's id, NUL-padded;
 *   u32 layout (1 or 2); u32 inputs; u32 hidden; u32 qa; u32 qb; u32 scale;
 *   in version 2 only, u32 target (0 a score, 1 a residual);
 *   u32 T and T bytes of text (how the network was made);
 *   i16 w1[inputs][hidden]; i16 b1[hidden]; i16 w2[2][hidden]; i32 b2;
 *   u32 FNV-1a of every byte before it. */
#include "engine/nnue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/registry.h"

#define HEADER_WORDS 7

int nnue_layout_inputs(const struct variant *v)
{
    int types = (int)strlen(v->piece_letters) - 1;
    int squares = v->geo.files * v->geo.ranks;
    if (types < 1 || squares < 1 || squares > NNUE_MAX_SQUARES || 2 * types * squares > NNUE_MAX_INPUTS)
        return 0;
    return 2 * types * squares;
}

static void map_squares(struct nnue_net *net)
{
    const struct geometry *g = &net->variant->geo;
    for (int view = 0; view < 2; view++)
        for (int i = 0; i < BOARD_SIZE; i++)
            net->square_index[view][i] = -1;
    net->squares = 0;
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            Square sq = geo_square(g, f, r);
            net->square_index[WHITE][sq] = (int16_t)(r * g->files + f);
            net->square_index[BLACK][sq] = (int16_t)((g->ranks - 1 - r) * g->files + f);
            net->board_squares[net->squares++] = sq;
        }
    net->board_words = 0;
    for (int w = 0; w < BOARD_SIZE / NNUE_WORD; w++)
        for (int b = 0; b < NNUE_WORD; b++)
            if (net->square_index[WHITE][w * NNUE_WORD + b] >= 0) {
                net->board_word[net->board_words++] = (int16_t)w;
                break;
            }
    net->types = (int)strlen(net->variant->piece_letters) - 1;
}

struct nnue_net *nnue_new(const struct variant *v, int hidden, char *err, size_t errlen)
{
    return nnue_new_layout(v, NNUE_LAYOUT_PIECES, hidden, err, errlen);
}

struct nnue_net *nnue_new_layout(const struct variant *v, int layout, int hidden, char *err, size_t errlen)
{
    int inputs = nnue_layout_count(v, layout);
    if (!inputs) {
        snprintf(err, errlen, "input layout %d does not fit the variant %s", layout, v->id);
        return NULL;
    }
    if (hidden < 16 || hidden > NNUE_MAX_HIDDEN || hidden % 16) {
        snprintf(err, errlen, "hidden size %d: it must be a multiple of 16 from 16 to %d", hidden, NNUE_MAX_HIDDEN);
        return NULL;
    }
    struct nnue_net *net = calloc(1, sizeof *net);
    if (net) {
        net->w1 = calloc((size_t)inputs * (size_t)hidden, sizeof *net->w1);
        net->b1 = calloc((size_t)hidden, sizeof *net->b1);
        net->w2 = calloc(2 * (size_t)hidden, sizeof *net->w2);
    }
    if (!net || !net->w1 || !net->b1 || !net->w2) {
        nnue_free(net);
        snprintf(err, errlen, "out of memory for the network");
        return NULL;
    }
    *net = (struct nnue_net){v, layout, inputs, hidden, NNUE_QA, NNUE_QB, NNUE_SCALE, NNUE_TARGET_SCORE, "",
                             net->w1, net->b1, net->w2, 0, {{0}}, 0, 0, {0}, 0, {0}, 0, 0, 0};
    map_squares(net);
    net->state_base = nnue_layout_inputs(v);
    net->state_inputs = inputs - net->state_base;
    return net;
}

void nnue_free(struct nnue_net *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->b1);
    free(net->w2);
    free(net);
}

static uint32_t fnv1a(const unsigned char *p, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

/* A cursor over the file's bytes. */
struct reader {
    const unsigned char *p;
    size_t left;
};

static bool take(struct reader *r, void *out, size_t n)
{
    if (r->left < n)
        return false;
    memcpy(out, r->p, n);
    r->p += n;
    r->left -= n;
    return true;
}

static bool take_u32(struct reader *r, uint32_t *out)
{
    unsigned char b[4];
    if (!take(r, b, 4))
        return false;
    *out = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return true;
}

static bool take_i16s(struct reader *r, int16_t *out, size_t n)
{
    if (r->left / 2 < n)
        return false;
    for (size_t i = 0; i < n; i++)
        out[i] = (int16_t)(uint16_t)(r->p[2 * i] | r->p[2 * i + 1] << 8);
    r->p += 2 * n;
    r->left -= 2 * n;
    return true;
}

static struct nnue_net *fail(struct nnue_net *net, char *err, size_t errlen, const char *what)
{
    nnue_free(net);
    snprintf(err, errlen, "not a valid network file: %s", what);
    return NULL;
}

/* The header's fixed part: the variant and its sizes, checked. */
static struct nnue_net *read_header(struct reader *r, char *err, size_t errlen)
{
    char magic[8], id[NNUE_VARIANT_LEN + 1] = {0};
    uint32_t w[HEADER_WORDS];
    if (!take(r, magic, 8) || memcmp(magic, NNUE_MAGIC, 8) != 0)
        return fail(NULL, err, errlen, "no RZNNUE01 magic at its start");
    if (!take_u32(r, &w[0]) || !take(r, id, NNUE_VARIANT_LEN))
        return fail(NULL, err, errlen, "the header is cut short");
    if (w[0] != NNUE_VERSION && w[0] != NNUE_VERSION_TARGET)
        return fail(NULL, err, errlen, "a version this engine does not read");
    for (int i = 1; i < HEADER_WORDS; i++)
        if (!take_u32(r, &w[i]))
            return fail(NULL, err, errlen, "the header is cut short");
    const struct variant *v = variant_find(id);
    if (!v) {
        snprintf(err, errlen, "not a valid network file: it is for an unknown variant '%.32s'", id);
        return NULL;
    }
    if (w[1] != NNUE_LAYOUT_PIECES && w[1] != NNUE_LAYOUT_STATE)
        return fail(NULL, err, errlen, "an input layout this engine does not know");
    if (w[2] != (uint32_t)nnue_layout_count(v, (int)w[1]))
        return fail(NULL, err, errlen, "its input count does not match its variant's layout");
    if (w[4] < 1 || w[4] > 32767 || w[5] < 1 || w[5] > 32767 || w[6] < 1 || w[6] > 100000)
        return fail(NULL, err, errlen, "its quantisation or scale is out of range");
    struct nnue_net *net = nnue_new_layout(v, (int)w[1], (int)(w[3] <= NNUE_MAX_HIDDEN ? w[3] : 0), err, errlen);
    if (!net)
        return fail(NULL, err, errlen, "its hidden size must be a multiple of 16 up to 1024");
    net->qa = (int)w[4];
    net->qb = (int)w[5];
    net->scale = (int)w[6];
    uint32_t target = NNUE_TARGET_SCORE;
    if (w[0] == NNUE_VERSION_TARGET && !take_u32(r, &target))
        return fail(net, err, errlen, "the header is cut short");
    if (target != NNUE_TARGET_SCORE && target != NNUE_TARGET_RESIDUAL)
        return fail(net, err, errlen, "a target this engine does not know (neither a score nor a residual)");
    net->target = (int)target;
    return net;
}

/* The output cannot overflow 32 bits in any kernel. */
static bool output_bounded(const struct nnue_net *net)
{
    int64_t sum = net->b2 < 0 ? -(int64_t)net->b2 : net->b2;
    for (int i = 0; i < 2 * net->hidden; i++)
        sum += (int64_t)net->qa * (net->w2[i] < 0 ? -net->w2[i] : net->w2[i]);
    return sum < INT32_MAX;
}

struct nnue_net *nnue_read(const unsigned char *data, size_t size, char *err, size_t errlen)
{
    if (size < 4)
        return fail(NULL, err, errlen, "too short");
    struct reader r = {data, size - 4};
    struct nnue_net *net = read_header(&r, err, errlen);
    if (!net)
        return NULL;
    uint32_t text_len, b2, sum;
    if (!take_u32(&r, &text_len) || text_len > NNUE_TEXT_MAX || !take(&r, net->text, text_len))
        return fail(net, err, errlen, "its description is cut short or too long");
    net->text[text_len] = '\0';
    size_t weights = (size_t)net->inputs * (size_t)net->hidden;
    if (!take_i16s(&r, net->w1, weights) || !take_i16s(&r, net->b1, (size_t)net->hidden) ||
        !take_i16s(&r, net->w2, 2 * (size_t)net->hidden) || !take_u32(&r, &b2))
        return fail(net, err, errlen, "its weights are cut short");
    if (r.left != 0)
        return fail(net, err, errlen, "bytes after its weights");
    net->b2 = (int32_t)b2;
    struct reader tail = {data + size - 4, 4};
    take_u32(&tail, &sum);
    if (sum != fnv1a(data, size - 4))
        return fail(net, err, errlen, "its checksum does not match (a damaged file)");
    if (!output_bounded(net))
        return fail(net, err, errlen, "its output weights are too large for 32-bit sums");
    net->checksum = sum;
    return net;
}

struct nnue_net *nnue_load(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open the network file '%s'", path);
        return NULL;
    }
    size_t cap = 1 << 20, size = 0, n;
    unsigned char *data = malloc(cap);
    while (data && (n = fread(data + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap) {
            unsigned char *bigger = cap < (64u << 20) ? realloc(data, cap * 2) : NULL;
            if (!bigger) {
                free(data);
                data = NULL;
                break;
            }
            cap *= 2;
            data = bigger;
        }
    }
    fclose(f);
    if (!data) {
        snprintf(err, errlen, "the network file '%s' is too large", path);
        return NULL;
    }
    struct nnue_net *net = nnue_read(data, size, err, errlen);
    free(data);
    return net;
}

/* A growing byte buffer, for writing. */
struct bytes {
    unsigned char *p;
    size_t n;
};

static void put_u32(struct bytes *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b->p[b->n++] = (unsigned char)(v >> (8 * i));
}

static void put_i16s(struct bytes *b, const int16_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint16_t u = (uint16_t)v[i];
        b->p[b->n++] = (unsigned char)u;
        b->p[b->n++] = (unsigned char)(u >> 8);
    }
}

int nnue_save(const struct nnue_net *net, const char *path, char *err, size_t errlen)
{
    size_t text_len = strlen(net->text);
    size_t weights = (size_t)net->inputs * (size_t)net->hidden + 3 * (size_t)net->hidden;
    struct bytes b = {malloc(8 + 4 * (4 + HEADER_WORDS) + NNUE_VARIANT_LEN + text_len + 2 * weights), 0};
    if (!b.p) {
        snprintf(err, errlen, "out of memory writing the network");
        return -1;
    }
    memcpy(b.p, NNUE_MAGIC, 8);
    b.n = 8;
    bool residual = net->target != NNUE_TARGET_SCORE;
    put_u32(&b, residual ? NNUE_VERSION_TARGET : NNUE_VERSION);
    memset(b.p + b.n, 0, NNUE_VARIANT_LEN);
    memcpy(b.p + b.n, net->variant->id, strlen(net->variant->id) < NNUE_VARIANT_LEN ? strlen(net->variant->id) : NNUE_VARIANT_LEN);
    b.n += NNUE_VARIANT_LEN;
    uint32_t words[HEADER_WORDS - 1] = {(uint32_t)net->layout, (uint32_t)net->inputs, (uint32_t)net->hidden,
                                        (uint32_t)net->qa, (uint32_t)net->qb, (uint32_t)net->scale};
    for (int i = 0; i < HEADER_WORDS - 1; i++)
        put_u32(&b, words[i]);
    if (residual)
        put_u32(&b, (uint32_t)net->target);
    put_u32(&b, (uint32_t)text_len);
    memcpy(b.p + b.n, net->text, text_len);
    b.n += text_len;
    put_i16s(&b, net->w1, (size_t)net->inputs * (size_t)net->hidden);
    put_i16s(&b, net->b1, (size_t)net->hidden);
    put_i16s(&b, net->w2, 2 * (size_t)net->hidden);
    put_u32(&b, (uint32_t)net->b2);
    put_u32(&b, fnv1a(b.p, b.n));
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(b.p, 1, b.n, f) == b.n;
    if (f && fclose(f) != 0)
        ok = false;
    free(b.p);
    if (!ok)
        snprintf(err, errlen, "cannot write the network file '%s'", path);
    return ok ? 0 : -1;
}
