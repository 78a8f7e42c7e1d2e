/* Move ordering: hash move, then captures and promotions by MVV-LVA (with
 * the variant's piece values), then killers, the counter step, then quiet
 * steps by history, and last the captures that lose material by static
 * exchange (where the variant estimates exchanges). */
#include <stdlib.h>

#include "engine/search_internal.h"
#include "engine/see.h"
#include "variants/registry.h"

#define SCORE_HASH (1 << 30)
#define SCORE_NOISY (1 << 28)
#define SCORE_KILLER (1 << 26)
/* A losing capture scores its MVV-LVA value minus this: below every quiet step. */
#define LOSING_SHIFT (2 * SCORE_NOISY)
/* Picks before the rest of the list is sorted in one go. */
#define SELECTION_PICKS 6

static int type_value(const struct variant *v, int type)
{
    return v->piece_values ? v->piece_values[type] : 100;
}

bool movepick_is_quiet(const struct position *pos, Move m)
{
    const struct variant *v = pos->variant;
    if (move_kind(m) == MK_PROMOTION)
        return false;
    return !(v->is_capture && v->is_capture(pos, m));
}

/* MVV-LVA: the most valuable victim first, the cheapest attacker among equals. */
static int noisy_score(const struct position *pos, Move m)
{
    const struct variant *v = pos->variant;
    int score = SCORE_NOISY;
    Piece victim = pos->board[move_to(m)];
    if (is_piece(victim) && piece_color(victim) != pos->side)
        score += type_value(v, piece_type(victim)) * 64;
    else
        score += 100 * 64;
    Piece attacker = pos->board[move_from(m)];
    if (is_piece(attacker))
        score -= type_value(v, piece_type(attacker)) / 16;
    if (move_kind(m) == MK_PROMOTION)
        score += type_value(v, move_promo(m)) * 64;
    return score;
}

/* MVV-LVA, moved behind the quiet steps when the exchange loses material. */
static int capture_score(const struct position *pos, Move m)
{
    int score = noisy_score(pos, m);
    return see_below(pos, m, 0) ? score - LOSING_SHIFT : score;
}

bool movepick_last_losing(const struct scored_list *l)
{
    return l->next > 0 && l->scores[l->next - 1] < -LOSING_SHIFT / 4;
}

static void reset(struct scored_list *l)
{
    l->next = 0;
    l->sorted_from = l->count;
}

void movepick_score(struct searcher *s, struct scored_list *l, int ply, Move hash_move)
{
    const struct position *pos = &s->pos;
    Move *cs = counter_slot(s, pos);
    Move counter = cs ? *cs : MOVE_NONE;
    for (int i = 0; i < l->count; i++) {
        Move m = l->moves[i];
        int score;
        if (m == hash_move)
            score = SCORE_HASH;
        else if (!movepick_is_quiet(pos, m))
            score = capture_score(pos, m);
        else if (m == s->killers[ply][0])
            score = SCORE_KILLER + 1;
        else if (m == s->killers[ply][1])
            score = SCORE_KILLER;
        else if (m == counter)
            score = SCORE_KILLER - 1;
        else
            score = *history_slot(s, pos->side, m) + conthist_score(s, ply, m);
        l->scores[i] = score;
    }
    reset(l);
}

void movepick_score_noisy(struct searcher *s, struct scored_list *l, Move hash_move)
{
    for (int i = 0; i < l->count; i++)
        l->scores[i] = l->moves[i] == hash_move ? SCORE_HASH : capture_score(&s->pos, l->moves[i]);
    reset(l);
}

static void swap(struct scored_list *l, int a, int b)
{
    Move m = l->moves[a];
    int sc = l->scores[a];
    l->moves[a] = l->moves[b];
    l->scores[a] = l->scores[b];
    l->moves[b] = m;
    l->scores[b] = sc;
}

/* Descending by score, ties by move value: a total order, so the result does
 * not depend on the sort algorithm (bench stays deterministic). */
static bool before(const struct scored_list *l, int a, int b)
{
    if (l->scores[a] != l->scores[b])
        return l->scores[a] > l->scores[b];
    return l->moves[a] < l->moves[b];
}

/* Shell sort of moves[from..count). */
static void sort_rest(struct scored_list *l, int from)
{
    static const int gaps[] = {701, 301, 132, 57, 23, 10, 4, 1};
    int n = l->count - from;
    for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
        int gap = gaps[g];
        if (gap >= n)
            continue;
        for (int i = from + gap; i < l->count; i++)
            for (int j = i; j - gap >= from && before(l, j, j - gap); j -= gap)
                swap(l, j, j - gap);
    }
    l->sorted_from = from;
}

Move movepick_next(struct scored_list *l)
{
    if (l->next >= l->count)
        return MOVE_NONE;
    if (l->next >= l->sorted_from) {
        return l->moves[l->next++];
    }
    if (l->next >= SELECTION_PICKS) {
        sort_rest(l, l->next);
        return l->moves[l->next++];
    }
    int best = l->next;
    for (int i = l->next + 1; i < l->count; i++)
        if (before(l, i, best))
            best = i;
    swap(l, l->next, best);
    return l->moves[l->next++];
}
