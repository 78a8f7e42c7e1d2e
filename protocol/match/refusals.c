#include "protocol/match/refusals.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int refusals_init(struct refusals *r)
{
    r->count = 0;
    r->turn = malloc(REFUSALS_MAX * sizeof *r->turn);
    return r->turn ? 0 : -1;
}

void refusals_free(struct refusals *r)
{
    free(r->turn);
    r->turn = NULL;
    r->count = 0;
}

void refusals_clear(struct refusals *r) { r->count = 0; }

int refusals_note(struct refusals *r, const char *turn, char *why, size_t n)
{
    for (int i = 0; i < r->count; i++)
        if (strcmp(r->turn[i], turn) == 0) {
            snprintf(why, n, "%.*s (refused before)", TURN_TEXT_LEN, turn);
            return -1;
        }
    if (r->count == REFUSALS_MAX) {
        snprintf(why, n, "%.*s (the refusals' cap, %d in one position)", TURN_TEXT_LEN, turn, REFUSALS_MAX);
        return -1;
    }
    snprintf(r->turn[r->count++], TURN_TEXT_LEN, "%s", turn);
    return 0;
}
