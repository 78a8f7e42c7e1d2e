/* Rule Zero: counting the members of a 64-bit set.
 *
 * Portable: the build does not assume a popcount instruction (Debian's
 * amd64 baseline has none, and __builtin_popcountll then calls a library
 * routine), and sets of one member or none, the common case in the
 * evaluations' sparse sets, take one test. */
#ifndef RULEZERO_BITS_H
#define RULEZERO_BITS_H

#include <stdint.h>

static inline int bit_count(uint64_t b)
{
    if (!(b & (b - 1)))
        return b != 0;
    b = b - ((b >> 1) & 0x5555555555555555ull);
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((b * 0x0101010101010101ull) >> 56);
}

#endif
