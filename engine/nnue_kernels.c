/* Rule Zero: the network's integer kernels. The plain C path runs
 * everywhere (the browser's build among them); on x86 the SSE2 and AVX2
 * paths are compiled with the target attribute and chosen at run time when
 * the processor has them. Additions wrap at 16 bits in every path, and the
 * dot product sums exact 32-bit integers (the loader bounds the weights so
 * that it cannot overflow), so all paths give the same numbers. */
#include <stdint.h>
#include <string.h>

#include "engine/nnue.h"

static int16_t wrap16(int v) { return (int16_t)(uint16_t)(unsigned)v; }

static void plain_add_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i++)
        acc[i] = wrap16(acc[i] + row[i]);
}

static void plain_sub_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i++)
        acc[i] = wrap16(acc[i] - row[i]);
}

static int32_t plain_dot(const int16_t *acc, const int16_t *w, int n, int qa)
{
    int32_t sum = 0;
    for (int i = 0; i < n; i++) {
        int a = acc[i] < 0 ? 0 : acc[i] > qa ? qa : acc[i];
        sum += a * w[i];
    }
    return sum;
}

static const struct nnue_kernels plain = {"plain", plain_add_row, plain_sub_row, plain_dot};

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define NNUE_X86 1
#include <immintrin.h>

/* n is a multiple of 16 (the loader checks); loads need no alignment. */
__attribute__((target("sse2"))) static void sse2_add_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(acc + i));
        __m128i r = _mm_loadu_si128((const __m128i *)(const void *)(row + i));
        _mm_storeu_si128((__m128i *)(void *)(acc + i), _mm_add_epi16(a, r));
    }
}

__attribute__((target("sse2"))) static void sse2_sub_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(acc + i));
        __m128i r = _mm_loadu_si128((const __m128i *)(const void *)(row + i));
        _mm_storeu_si128((__m128i *)(void *)(acc + i), _mm_sub_epi16(a, r));
    }
}

__attribute__((target("sse2"))) static int32_t sse2_dot(const int16_t *acc, const int16_t *w, int n, int qa)
{
    __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16((int16_t)qa), sum = _mm_setzero_si128();
    for (int i = 0; i < n; i += 8) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(acc + i));
        a = _mm_min_epi16(_mm_max_epi16(a, zero), top);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(w + i));
        sum = _mm_add_epi32(sum, _mm_madd_epi16(a, b));
    }
    int32_t lanes[4];
    _mm_storeu_si128((__m128i *)(void *)lanes, sum);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

__attribute__((target("avx2"))) static void avx2_add_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(acc + i));
        __m256i r = _mm256_loadu_si256((const __m256i *)(const void *)(row + i));
        _mm256_storeu_si256((__m256i *)(void *)(acc + i), _mm256_add_epi16(a, r));
    }
}

__attribute__((target("avx2"))) static void avx2_sub_row(int16_t *acc, const int16_t *row, int n)
{
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(acc + i));
        __m256i r = _mm256_loadu_si256((const __m256i *)(const void *)(row + i));
        _mm256_storeu_si256((__m256i *)(void *)(acc + i), _mm256_sub_epi16(a, r));
    }
}

__attribute__((target("avx2"))) static int32_t avx2_dot(const int16_t *acc, const int16_t *w, int n, int qa)
{
    __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16((int16_t)qa), sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(acc + i));
        a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(w + i));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(a, b));
    }
    int32_t lanes[8];
    _mm256_storeu_si256((__m256i *)(void *)lanes, sum);
    int32_t total = 0;
    for (int i = 0; i < 8; i++)
        total += lanes[i];
    return total;
}

static const struct nnue_kernels sse2 = {"sse2", sse2_add_row, sse2_sub_row, sse2_dot};
static const struct nnue_kernels avx2 = {"avx2", avx2_add_row, avx2_sub_row, avx2_dot};
#endif

const struct nnue_kernels *nnue_kernels_named(const char *name)
{
    if (strcmp(name, "plain") == 0)
        return &plain;
#ifdef NNUE_X86
    __builtin_cpu_init();
    if (strcmp(name, "sse2") == 0 && __builtin_cpu_supports("sse2"))
        return &sse2;
    if (strcmp(name, "avx2") == 0 && __builtin_cpu_supports("avx2"))
        return &avx2;
#endif
    return NULL;
}

const struct nnue_kernels *nnue_kernels_best(void)
{
    const struct nnue_kernels *k = nnue_kernels_named("avx2");
    if (!k)
        k = nnue_kernels_named("sse2");
    return k ? k : &plain;
}
