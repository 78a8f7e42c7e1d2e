/* Rule Zero: Zobrist keys. One table for every variant, filled once from a
 * fixed seed so that keys (and so searches) are the same on every run. */
#ifndef RULEZERO_ZOBRIST_H
#define RULEZERO_ZOBRIST_H

#include "variants/core/types.h"

#define ZOBRIST_EXT_KEYS 2048
#define ZOBRIST_EXT_MORE_KEYS 1024

struct zobrist_keys {
    uint64_t piece[2 * MAX_TYPES][BOARD_SIZE];
    uint64_t ep[BOARD_SIZE];           /* ep[NO_SQUARE] is 0 */
    uint64_t castling[16];             /* castling[0] is 0 */
    uint64_t hand[2 * MAX_TYPES][64];  /* by count; hand[..][0] is 0 */
    uint64_t ext[ZOBRIST_EXT_KEYS];    /* for variant-owned state */
    uint64_t side;
    uint64_t ext_more[ZOBRIST_EXT_MORE_KEYS]; /* more for variant-owned state (filled after `side`,
                                                  so the keys above stay as they were) */
};

extern struct zobrist_keys zobrist;

/* Fills the table the first time it is called (pf_once); later calls, from
 * any thread, return at once. */
void zobrist_init(void);

#endif
