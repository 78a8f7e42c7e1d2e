/* Nick Danger Chess: evaluation and the ranking of link actions.
 *
 * What links are worth: a piece on a link has the reach of two pieces; a
 * piece on an unlinked board-1 square is stranded (it cannot reach the enemy
 * King until a link brings it back); links next to a King are doors for the
 * other side's board-1 pieces. The same ideas rank the link actions, best
 * first, because a turn's part 2 has some 500 choices and alpha-beta only
 * prunes them well when the good ones come first. */
#include <stdlib.h>

#include "variants/nickdanger.h"

static const int value[CHESS_TYPES] = {0, 100, 320, 330, 500, 900, 0};
static const int on_link[CHESS_TYPES] = {0, 8, 30, 30, 20, 35, 0};    /* second location's reach */
static const int stranded[CHESS_TYPES] = {0, 5, 35, 35, 45, 70, 0};   /* unlinked on board 1 */
static const int centre[8] = {0, 2, 5, 8, 8, 5, 2, 0};

static int king_distance(Square a, Square b)
{
    int df = abs((square_col(a) & 7) - (square_col(b) & 7)), dr = abs(square_rank(a) - square_rank(b));
    return df > dr ? df : dr;
}

/* Per side: material, pawn advance, centralisation, links. */
static int side_score(const struct position *pos, Color c)
{
    const struct nd_state *st = nd_cst(pos);
    Square enemy_king = pos->king_sq[c ^ 1];
    int s = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        int rank = square_rank(sq), file = square_col(sq) & 7;
        int advance = c == WHITE ? rank : 7 - rank;
        s += value[type];
        if (type == PAWN)
            s += advance * advance * 2;
        else if (type == KNIGHT || type == BISHOP)
            s += centre[file] + centre[rank];
        else if (type == KING)
            s -= advance * 10;
        if (nd_board_of(sq)) {
            s -= stranded[type];
        } else if (nd_linked(st, sq)) {
            s += on_link[type];
            if (king_distance(sq, enemy_king) <= 2)
                s += 20;
        }
    }
    /* Empty links next to the enemy King are doors for our board-1 pieces. */
    for (int i = 0; i < st->nlinks; i++) {
        Square s0 = nd_square(0, st->l0[i]);
        if (pos->board[s0] == EMPTY && king_distance(s0, enemy_king) <= 1)
            s += 10;
    }
    return s;
}

int nd_evaluate(const struct position *pos)
{
    return side_score(pos, pos->side) - side_score(pos, pos->side ^ 1) + 10;
}

/* Would our piece p, brought onto the empty board-0 square s0, attack the enemy King? */
static bool gives_check(struct position *pos, Square s0, Piece p)
{
    pos->board[s0] = p;
    bool check = chess_square_attacked(pos, pos->king_sq[pos->side ^ 1], pos->side);
    pos->board[s0] = EMPTY;
    return check;
}

/* Ranking of a link action for the side to move (higher first). */
int nd_link_action_score(struct position *pos, Move m)
{
    Color us = pos->side;
    Square s0 = move_from(m), s1 = move_to(m);
    Piece p0 = pos->board[s0], p1 = pos->board[s1];
    Square my_king = pos->king_sq[us], their_king = pos->king_sq[us ^ 1];
    int near_them = king_distance(s0, their_king), near_me = king_distance(s0, my_king);
    if (move_kind(m) == MK_LINK) {
        if (p1 != EMPTY && piece_color(p1) == us) { /* brings a stranded piece back to board 0 */
            int t = piece_type(p1);
            int score = 200 + stranded[t] + (near_them <= 2 ? 40 : 0);
            if (chess_square_attacked(pos, s0, us ^ 1))
                score -= value[t] / 4;
            if (gives_check(pos, s0, p1))
                score += 300;
            return score;
        }
        if (p1 != EMPTY) { /* an enemy piece comes to board 0 */
            int t = piece_type(p1);
            if (chess_square_attacked(pos, s0, us) && !chess_square_attacked(pos, s0, us ^ 1))
                return 150 + value[t] / 4;
            return -200 - value[t] / 8;
        }
        if (p0 != EMPTY && piece_color(p0) == us) /* our piece gains a second location */
            return 60 + on_link[piece_type(p0)] + (near_them <= 2 ? 20 : 0);
        if (p0 != EMPTY)
            return -60 - on_link[piece_type(p0)];
        /* Empty link: a door near the enemy King is worth more than one near ours. */
        return (near_them <= 1 ? 30 : near_them <= 2 ? 10 : 0) - (near_me <= 1 ? 30 : 0) + centre[square_col(s1) & 7];
    }
    if (p0 == EMPTY)
        return (near_me <= 1 ? 40 : 0) - (near_them <= 1 ? 20 : 0) - 10;
    int t = piece_type(p0);
    if (piece_color(p0) == us)
        return move_extra(m) == ND_KEEP_0 ? -20 - on_link[t] : -100 - stranded[t];
    return move_extra(m) == ND_KEEP_1 ? 120 + stranded[t] : 40 + on_link[t];
}
