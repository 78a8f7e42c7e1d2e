#include "variants/core/zobrist.h"

#include <string.h>

#include "variants/core/platform.h"

struct zobrist_keys zobrist;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void fill(uint64_t *keys, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = splitmix64(state);
}

static void build_keys(void)
{
    uint64_t state = 0x52756C655A65726FULL; /* "RuleZero" */
    fill(&zobrist.piece[0][0], sizeof zobrist.piece / sizeof(uint64_t), &state);
    fill(zobrist.ep, BOARD_SIZE, &state);
    fill(zobrist.castling, 16, &state);
    fill(&zobrist.hand[0][0], sizeof zobrist.hand / sizeof(uint64_t), &state);
    fill(zobrist.ext, ZOBRIST_EXT_KEYS, &state);
    zobrist.side = splitmix64(&state);
    fill(zobrist.ext_more, ZOBRIST_EXT_MORE_KEYS, &state);
    zobrist.ep[NO_SQUARE] = 0;
    zobrist.castling[0] = 0;
    for (int i = 0; i < 2 * MAX_TYPES; i++)
        zobrist.hand[i][0] = 0;
}

static pf_once_flag keys_once = PF_ONCE_INIT;

void zobrist_init(void) { pf_once(&keys_once, build_keys); }
