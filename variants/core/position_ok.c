/* The debug validator: everything make and unmake keep in step, checked from
 * scratch. Debug and sanitizer builds assert it after every make and unmake
 * (variant_make and variant_unmake in variants/registry.h). */
#include <stdio.h>

#include "variants/core/position.h"
#include "variants/core/variant.h"

/* The location the piece lists hold for the piece on sq (Nick Danger lists a
 * piece on a linked square once, at its board-0 location). */
static Square listed_square(const struct position *pos, Square sq)
{
    return pos->variant->listed_square ? pos->variant->listed_square(pos, sq) : sq;
}

/* The piece on sq is one the lists hold. */
static bool piece_listed(const struct position *pos, Square sq)
{
    Piece p = pos->board[sq];
    Color c = piece_color(p);
    Square l = listed_square(pos, sq);
    int i = pos->plist_index[l];
    return i < pos->pcount[c] && pos->plist[c][i] == l && pos->board[l] == p;
}

/* Every listed square holds that side's piece at its index (board_problem
 * checks the other way: every piece on the board is listed). */
static const char *lists_problem(const struct position *pos)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        if (pos->pcount[c] < 0 || pos->pcount[c] > MAX_PIECES)
            return "piece count out of range";
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            if (sq <= 0 || sq >= BOARD_SIZE || !is_piece(pos->board[sq]) || piece_color(pos->board[sq]) != c)
                return "piece list names a square without that side's piece";
            if (pos->plist_index[sq] != i)
                return "piece list index out of step";
        }
    }
    return NULL;
}

/* One pass over the board: every piece listed, and the key recomputed. */
static const char *board_problem(const struct position *pos)
{
    uint64_t key = position_key_off_board(pos);
    const struct geometry *g = &pos->variant->geo;
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            Square sq = geo_square(g, f, r);
            if (!is_piece(pos->board[sq]))
                continue;
            if (!piece_listed(pos, sq))
                return "a piece on the board is missing from the piece list";
            key ^= zobrist.piece[piece_index(pos->board[sq])][sq];
        }
    return key == pos->key ? NULL : "incremental key differs from the key computed from scratch";
}

/* Each side's royal piece, when it has one on the board, is where king_sq says. */
static const char *kings_problem(const struct position *pos)
{
    if (!pos->royal_type)
        return NULL;
    for (Color c = WHITE; c <= BLACK; c++) {
        Piece king = make_piece(c, pos->royal_type);
        if (pos->board[pos->king_sq[c]] == king)
            continue;
        for (int i = 0; i < pos->pcount[c]; i++)
            if (pos->board[pos->plist[c][i]] == king)
                return "king square out of step";
    }
    return NULL;
}

const char *position_problem(const struct position *pos)
{
    const char *why = lists_problem(pos);
    if (!why)
        why = board_problem(pos);
    if (!why)
        why = kings_problem(pos);
    if (!why && pos->variant->state_ok && !pos->variant->state_ok(pos))
        why = "variant state inconsistent";
    return why;
}

bool position_ok(const struct position *pos)
{
    const char *why = position_problem(pos);
    if (why)
        fprintf(stderr, "rulezero: position_ok: %s (ply %d)\n", why, pos->ply);
    return why == NULL;
}
