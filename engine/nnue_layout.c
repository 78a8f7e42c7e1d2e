/* Rule Zero: input layout 2 (engine/nnue.h, docs/networks.md "Input layout
 * 2"): layout 1's inputs, then the game's state beyond its board's squares.
 * The state inputs are the hands (a core feature: each count by colour
 * relative to the view and type, as NNUE_HAND_STEPS inputs "at least 1",
 * "at least 2", ...) and then those the variant table's nnue_state_active
 * gives (each game's own, variants/nnue_state.h). The search thread's
 * accumulator carries them as it carries the board's squares: the inputs
 * that went out and came in since the last position are subtracted and
 * added. */
#include <string.h>

#include "engine/nnue.h"

static int types_of(const struct variant *v) { return (int)strlen(v->piece_letters) - 1; }

static int hand_inputs(const struct variant *v) { return v->has_hands ? 2 * types_of(v) * NNUE_HAND_STEPS : 0; }

int nnue_layout_count(const struct variant *v, int layout)
{
    int board = nnue_layout_inputs(v);
    if (!board || (layout != NNUE_LAYOUT_PIECES && layout != NNUE_LAYOUT_STATE))
        return 0;
    if (layout == NNUE_LAYOUT_PIECES)
        return board;
    int state = hand_inputs(v) + (v->nnue_state_active ? v->nnue_state_count : 0);
    return state > 0 && board + state <= NNUE_MAX_INPUTS ? board + state : 0;
}

int nnue_layout_default(const struct variant *v)
{
    return nnue_layout_count(v, NNUE_LAYOUT_STATE) ? NNUE_LAYOUT_STATE : NNUE_LAYOUT_PIECES;
}

/* The hands' inputs: (rel * types + type - 1) * NNUE_HAND_STEPS + k - 1 for k = 1..count. */
static int hand_active(const struct nnue_net *net, const struct position *pos, Color view, int *out)
{
    int n = 0;
    for (int rel = 0; rel < 2; rel++)
        for (int type = 1; type <= net->types; type++) {
            int count = pos->hand[view ^ rel][type];
            int base = net->state_base + (rel * net->types + type - 1) * NNUE_HAND_STEPS;
            for (int k = 0; k < count && k < NNUE_HAND_STEPS; k++)
                out[n++] = base + k;
        }
    return n;
}

int nnue_state_active(const struct nnue_net *net, const struct position *pos, Color view, int *out)
{
    if (net->layout != NNUE_LAYOUT_STATE)
        return 0;
    const struct variant *v = net->variant;
    int n = v->has_hands ? hand_active(net, pos, view, out) : 0;
    if (v->nnue_state_active) {
        int base = net->state_base + hand_inputs(v);
        int own = v->nnue_state_active(pos, view, out + n);
        for (int i = 0; i < own; i++)
            out[n + i] += base;
        n += own;
    }
    return n;
}

static bool listed(const int *list, int n, int input)
{
    for (int i = 0; i < n; i++)
        if (list[i] == input)
            return true;
    return false;
}

void nnue_cache_update_state(struct nnue_cache *c, const struct position *pos)
{
    const struct nnue_net *net = c->net;
    if (net->layout != NNUE_LAYOUT_STATE)
        return;
    for (int view = 0; view < 2; view++) {
        int now[NNUE_MAX_STATE];
        int n = nnue_state_active(net, pos, view, now), was = c->state_count[view];
        int *old = c->state[view];
        for (int i = 0; i < was; i++)
            if (!listed(now, n, old[i]))
                c->k->sub_row(c->acc.v[view], net->w1 + (size_t)old[i] * (size_t)net->hidden, net->hidden);
        for (int i = 0; i < n; i++)
            if (!listed(old, was, now[i]))
                c->k->add_row(c->acc.v[view], net->w1 + (size_t)now[i] * (size_t)net->hidden, net->hidden);
        memcpy(old, now, (size_t)n * sizeof *now);
        c->state_count[view] = n;
    }
}
