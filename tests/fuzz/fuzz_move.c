/* Fuzz target: move-text parsing for every variant. Byte 0 picks the variant,
 * byte 1 one of its bench positions (or the start), the rest is the move text.
 * A parsed turn must be legal (its text is one the generator lists), and
 * making then unmaking it must restore the position. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *pick_fen(const struct variant *v, uint8_t byte)
{
    int n = 0;
    while (v->bench_fens && v->bench_fens[n])
        n++;
    int idx = byte % (n + 1);
    return idx == n ? v->start_fen : v->bench_fens[idx];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > 1024)
        return 0;
    fuzz_init();
    const struct variant *v = fuzz_variant(data[0]);
    char *text = fuzz_string(data + 2, size - 2);
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN], before[FEN_MAX_LEN], after[FEN_MAX_LEN];
    struct turn t;
    FUZZ_REQUIRE(pos && fen_read(pos, v, pick_fen(v, data[1]), err, sizeof err) == 0);
    fen_write(pos, before, sizeof before);
    if (turn_parse(pos, text, &t) == 0) {
        FUZZ_REQUIRE(t.count > 0);
        turn_make(pos, &t);
        FUZZ_REQUIRE(pos->key == position_compute_key(pos));
        turn_unmake(pos, &t);
    }
    fen_write(pos, after, sizeof after);
    FUZZ_REQUIRE(strcmp(before, after) == 0);
    free(pos);
    free(text);
    return 0;
}
