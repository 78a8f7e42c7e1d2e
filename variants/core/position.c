#include "variants/core/position.h"

#include <string.h>

#include "variants/core/variant.h"

void position_clear(struct position *pos, const struct variant *v, const void *rules)
{
    memset(pos, 0, offsetof(struct position, history));
    pos->variant = v;
    pos->royal_type = v->royal_type;
    for (int i = 0; i < BOARD_SIZE; i++)
        pos->board[i] = OFFBOARD;
    for (int r = 0; r < v->geo.ranks; r++)
        for (int f = 0; f < v->geo.files; f++)
            pos->board[geo_square(&v->geo, f, r)] = EMPTY;
    pos->fullmove = 1;
    if (rules)
        pos->rules = rules;
    else if (v->reset_rules)
        v->reset_rules(pos);
}

void position_copy(struct position *dst, const struct position *src)
{
    memcpy(dst, src, offsetof(struct position, history));
    memcpy(dst->history, src->history, (size_t)src->ply * sizeof src->history[0]);
}

void pos_journal_set(struct position *pos, Square sq, Piece p)
{
    struct undo *u = &pos->history[pos->ply - 1];
    if (u->journal_count < MAX_JOURNAL) {
        u->journal[u->journal_count].sq = (uint16_t)sq;
        u->journal[u->journal_count].old = pos->board[sq];
        u->journal_count++;
    }
    if (pos->board[sq] != EMPTY)
        pos_remove(pos, sq);
    if (p != EMPTY)
        pos_put(pos, sq, p);
}

void pos_journal_revert(struct position *pos)
{
    struct undo *u = &pos->history[pos->ply - 1];
    while (u->journal_count > 0) {
        struct journal_entry *e = &u->journal[--u->journal_count];
        if (pos->board[e->sq] != EMPTY)
            pos_remove(pos, e->sq);
        if (e->old != EMPTY)
            pos_put(pos, e->sq, e->old);
    }
}

uint64_t position_key_off_board(const struct position *pos)
{
    uint64_t key = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < MAX_TYPES; t++)
            key ^= zobrist.hand[c * MAX_TYPES + t][pos->hand[c][t]];
    key ^= zobrist.castling[pos->castling];
    key ^= zobrist.ep[pos->ep];
    if (pos->side == BLACK)
        key ^= zobrist.side;
    if (pos->variant->ext_key)
        key ^= pos->variant->ext_key(pos);
    return key;
}

uint64_t position_compute_key(const struct position *pos)
{
    uint64_t key = position_key_off_board(pos);
    const struct geometry *g = &pos->variant->geo;
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            Square sq = geo_square(g, f, r);
            if (is_piece(pos->board[sq]))
                key ^= zobrist.piece[piece_index(pos->board[sq])][sq];
        }
    return key;
}

int position_repetitions(const struct position *pos, int window)
{
    int count = 0;
    int stop = pos->ply - window;
    if (stop < 0)
        stop = 0;
    for (int i = pos->ply - 1; i >= stop; i--) {
        const struct undo *u = &pos->history[i];
        if (u->turn_start && u->side == pos->side && u->key == pos->key)
            count++;
    }
    return count;
}
