/* Fuzz target: the CECP command loop fed arbitrary bytes after `xboard`. */
#include "fuzz_session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_session("xboard\nprotover 2\n", data, size);
}
