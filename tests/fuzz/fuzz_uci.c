/* Fuzz target: the UCI command loop fed arbitrary bytes after `uci`. */
#include "fuzz_session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_session("uci\n", data, size);
}
