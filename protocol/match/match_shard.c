/* Which games a shard of a match plays (--shard I/N). */
#include "protocol/match/match_config.h"

int match_game_index(const struct match_config *c, int k)
{
    if (k < 0)
        return -1;
    if (!c->shard_count)
        return k < c->games ? k : -1;
    int opening = (c->shard_index - 1) + (k / 2) * c->shard_count;
    int index = 2 * opening + k % 2;
    return index < c->games ? index : -1;
}

int match_game_count(const struct match_config *c)
{
    int n = 0;
    while (match_game_index(c, n) >= 0)
        n++;
    return n;
}
