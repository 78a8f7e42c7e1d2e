/* Fuzz target: FEN reading for every variant. Byte 0 picks the variant, the
 * rest is the FEN. A FEN that is read must write back to a FEN that reads to
 * the same position and key; a refused FEN must leave the position as it was. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    fuzz_init();
    const struct variant *v = fuzz_variant(data[0]);
    char *fen = fuzz_string(data + 1, size - 1);
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN], out[FEN_MAX_LEN], again[FEN_MAX_LEN];
    FUZZ_REQUIRE(pos && fen_read(pos, v, v->start_fen, err, sizeof err) == 0);
    fen_write(pos, out, sizeof out);
    if (fen_read(pos, v, fen, err, sizeof err) == 0) {
        FUZZ_REQUIRE(pos->key == position_compute_key(pos));
        fen_write(pos, out, sizeof out);
        uint64_t key = pos->key;
        FUZZ_REQUIRE(fen_read(pos, v, out, err, sizeof err) == 0);
        fen_write(pos, again, sizeof again);
        FUZZ_REQUIRE(strcmp(out, again) == 0);
        FUZZ_REQUIRE(key == pos->key);
        fuzz_check_steps(pos);
    } else {
        FUZZ_REQUIRE(strncmp(err, "invalid FEN: ", 13) == 0);
        fen_write(pos, again, sizeof again);
        FUZZ_REQUIRE(strcmp(out, again) == 0);
    }
    free(pos);
    free(fen);
    return 0;
}
