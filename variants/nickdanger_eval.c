/* Nick Danger Chess: evaluation and the ranking of link actions.
 *
 * What links are worth: a piece on a link has the reach of two pieces; a
 * piece on an unlinked board-1 square is stranded (it cannot reach the enemy
 * King until a link brings it back); links next to a King are doors for the
 * other side's board-1 pieces. The same ideas rank the link actions, best
 * first, because a turn's part 2 has some 500 choices and alpha-beta only
 * prunes them well when the good ones come first. */
#include <stdlib.h>
#include <string.h>

#include "variants/eval_weights.h"
#include "variants/evaluate.h"
#include "variants/nickdanger.h"
#include "variants/nickdanger_attacks.h"

/* The weights (the tuner's names): material, a linked piece's second
 * location's reach, an unlinked board-1 piece's stranding, then the rest. */
#define ND_WEIGHTS(X)                                                                                                  \
    X(PAWN, "Pawn", 100, 50, 200)                                                                                      \
    X(KNIGHT, "Knight", 320, 150, 600)                                                                                 \
    X(BISHOP, "Bishop", 330, 150, 600)                                                                                 \
    X(ROOK, "Rook", 500, 250, 900)                                                                                     \
    X(QUEEN, "Queen", 900, 500, 1500)                                                                                  \
    X(LINK_PAWN, "LinkedPawn", 8, -50, 100)                                                                            \
    X(LINK_KNIGHT, "LinkedKnight", 30, -50, 150)                                                                       \
    X(LINK_BISHOP, "LinkedBishop", 30, -50, 150)                                                                       \
    X(LINK_ROOK, "LinkedRook", 20, -50, 150)                                                                           \
    X(LINK_QUEEN, "LinkedQueen", 35, -50, 200)                                                                         \
    X(STRANDED_PAWN, "StrandedPawn", 5, -50, 100)                                                                      \
    X(STRANDED_KNIGHT, "StrandedKnight", 35, -50, 200)                                                                 \
    X(STRANDED_BISHOP, "StrandedBishop", 35, -50, 200)                                                                 \
    X(STRANDED_ROOK, "StrandedRook", 45, -50, 250)                                                                     \
    X(STRANDED_QUEEN, "StrandedQueen", 70, -50, 400)                                                                   \
    X(PAWN_ADVANCE, "PawnAdvanceSquared", 2, 0, 10)                                                                    \
    X(KING_ADVANCE, "KingAdvance", 10, -20, 60)                                                                        \
    X(LINK_NEAR_KING, "LinkNearKing", 20, -20, 100)                                                                    \
    X(KING_DOOR, "KingDoor", 10, -20, 80)                                                                              \
    X(TEMPO, "Tempo", 10, -20, 50)                                                                               \
    X(PAWNS_KINGS, "PawnsKingsPercent", 100, 0, 200)                                                                   \
    X(PAWN_ADVANCE_0, "PawnAdvanceBoard0", 0, 0, 10)                                                                   \
    X(MOB_KNIGHT, "MobilityKnight", 4, 0, 20)                                                                          \
    X(MOB_BISHOP, "MobilityBishop", 4, 0, 20)                                                                          \
    X(MOB_ROOK, "MobilityRook", 3, 0, 20)                                                                              \
    X(MOB_QUEEN, "MobilityQueen", 2, 0, 20)                                                                            \
    X(KING_DANGER, "KingDangerPercent", 30, 0, 200)                                                                    \
    X(HANGING, "Hanging", 25, 0, 150)                                                                                  \
    X(THREAT_BY_LESSER, "ThreatByLesser", 35, 0, 150)

EVAL_WEIGHTS(ND_WEIGHTS, nd_eval_params, NULL)

/* Weights of a type (PAWN..QUEEN) from the first of its group; 0 for the King. */
static inline int by_type(int first, int type) { return type >= PAWN && type <= QUEEN ? w[first + type - PAWN] : 0; }
static inline int value_of(int type) { return by_type(W_PAWN, type); }
static inline int on_link(int type) { return by_type(W_LINK_PAWN, type); }
static inline int stranded(int type) { return by_type(W_STRANDED_PAWN, type); }

/* The ranking of link actions keeps its own values (the weights' first guesses),
 * so that tuning the evaluation does not reorder the search. */
static const int order_value[CHESS_TYPES] = {0, 100, 320, 330, 500, 900, 0};
static const int order_on_link[CHESS_TYPES] = {0, 8, 30, 30, 20, 35, 0};
static const int order_stranded[CHESS_TYPES] = {0, 5, 35, 35, 45, 70, 0};
static const int centre[8] = {0, 2, 5, 8, 8, 5, 2, 0};

static int king_distance(Square a, Square b)
{
    int df = abs((square_col(a) & 7) - (square_col(b) & 7)), dr = abs(square_rank(a) - square_rank(b));
    return df > dr ? df : dr;
}

/* Squares the pieces of colour c reach that no enemy Pawn guards. */
static int mobility(const struct nd_attacks *a, Color c)
{
    const int *m = a->mobility[c];
    return m[KNIGHT] * w[W_MOB_KNIGHT] + m[BISHOP] * w[W_MOB_BISHOP] + m[ROOK] * w[W_MOB_ROOK] +
           m[QUEEN] * w[W_MOB_QUEEN];
}

/* The danger to the enemy King from colour c's attacks on its neighbourhood
 * (links next to it included: an attack on either location counts), once
 * two pieces join in. */
static int king_danger(const struct nd_attacks *a, Color c)
{
    static const int unit[CHESS_TYPES] = {0, 0, 2, 2, 3, 5, 0};
    if (a->king_attackers[c] < 2)
        return 0;
    int u = 0;
    for (int t = KNIGHT; t <= QUEEN; t++)
        u += a->king_hits[c][t] * unit[t];
    int danger = u * u * w[W_KING_DANGER] / 100;
    return danger > 500 ? 500 : danger;
}

/* The union of two location sets. */
static inline void add_set(uint64_t to[2], const uint64_t set[2])
{
    to[0] |= set[0];
    to[1] |= set[1];
}

/* What threatens colour c's pieces, from the map: the squares the enemy
 * attacks with a piece less valuable than one of each type (Knight and
 * Bishop tie), those it attacks at all, and those c defends. */
struct threat_sets {
    uint64_t lesser[CHESS_TYPES][2], attacked[2], defended[2];
};

static void threat_sets_of(const struct nd_attacks *a, Color c, struct threat_sets *t)
{
    const uint64_t(*by_them)[2] = a->by[c ^ 1], (*by_us)[2] = a->by[c];
    memset(t, 0, sizeof *t);
    add_set(t->lesser[KNIGHT], by_them[PAWN]);
    add_set(t->lesser[BISHOP], by_them[PAWN]);
    add_set(t->lesser[ROOK], t->lesser[KNIGHT]);
    add_set(t->lesser[ROOK], by_them[KNIGHT]);
    add_set(t->lesser[ROOK], by_them[BISHOP]);
    add_set(t->lesser[QUEEN], t->lesser[ROOK]);
    add_set(t->lesser[QUEEN], by_them[ROOK]);
    add_set(t->attacked, t->lesser[QUEEN]);
    add_set(t->attacked, by_them[QUEEN]);
    add_set(t->attacked, by_them[KING]);
    for (int type = PAWN; type < CHESS_TYPES; type++)
        add_set(t->defended, by_us[type]);
}

/* The threat to one piece (not a King) at sq, partner its link's other location or NO_SQUARE. */
static int threat_to(const struct threat_sets *t, int type, Square sq, Square partner)
{
    if (!nd_in_set(t->attacked, sq, partner))
        return 0;
    if (nd_in_set(t->lesser[type], sq, partner))
        return w[W_THREAT_BY_LESSER];
    return nd_in_set(t->defended, sq, partner) ? 0 : w[W_HANGING];
}

static int activity(const struct nd_attacks *a, Color c) { return mobility(a, c) + king_danger(a, c); }

/* The terms read from the attack map: with all their weights at 0 the map is not built. */
static bool uses_attacks(void)
{
    return w[W_MOB_KNIGHT] || w[W_MOB_BISHOP] || w[W_MOB_ROOK] || w[W_MOB_QUEEN] || w[W_KING_DANGER] ||
           w[W_HANGING] || w[W_THREAT_BY_LESSER];
}

/* Per side: material, pawn advance, centralisation, links, and (given the
 * map) the threats to its pieces; adds the side's pieces to the game phase. */
static int side_score(const struct position *pos, Color c, const struct nd_attacks *a, int *phase)
{
    const struct nd_state *st = nd_cst(pos);
    Square enemy_king = pos->king_sq[c ^ 1];
    struct threat_sets threats;
    if (a)
        threat_sets_of(a, c, &threats);
    int s = 0, on_board1 = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        int rank = square_rank(sq), file = square_col(sq) & 7;
        int advance = c == WHITE ? rank : 7 - rank;
        bool board1 = nd_board_of(nd_rules_of(pos), sq) != 0; /* any board but 0 */
        s += value_of(type);
        *phase += evaluate_phase_weight(type);
        if (type == PAWN && advance < 7) /* on its last rank only with links off the rank: it cannot move on */
            s += advance * advance * w[board1 ? W_PAWN_ADVANCE : W_PAWN_ADVANCE_0];
        else if (type == KNIGHT || type == BISHOP)
            s += centre[file] + centre[rank];
        else if (type == KING)
            s -= advance * w[W_KING_ADVANCE];
        Square partner = NO_SQUARE;
        if (board1) {
            s -= stranded(type);
            on_board1++;
        } else if (nd_linked(nd_rules_of(pos), st, sq)) {
            s += on_link(type);
            if (king_distance(sq, enemy_king) <= 2)
                s += w[W_LINK_NEAR_KING];
            partner = nd_partner(nd_rules_of(pos), st, sq);
        }
        if (a && type != KING)
            s -= threat_to(&threats, type, sq, partner);
    }
    /* Empty links next to the enemy King are doors for our board-1 pieces. */
    for (int i = 0; i < st->nlinks && on_board1; i++) {
        Square s0 = nd_square(nd_rules_of(pos), 0, st->l0[i]);
        if (st->lb[i] == 0 && pos->board[s0] == EMPTY && king_distance(s0, enemy_king) <= 1)
            s += w[W_KING_DOOR];
    }
    return s;
}

int nd_evaluate(const struct position *pos)
{
    Color us = pos->side, them = us ^ 1;
    struct nd_attacks attacks, *a = NULL;
    if (uses_attacks() && nd_rules_of(pos)->board_count == 2) { /* the map knows two boards */
        a = &attacks;
        nd_attacks_build(pos, a);
    }
    int phase = 0;
    int s = side_score(pos, us, a, &phase) - side_score(pos, them, a, &phase) + w[W_TEMPO];
    if (a)
        s += activity(a, us) - activity(a, them);
    if (w[W_PAWNS_KINGS])
        s += evaluate_pawns_and_kings(pos, phase) * w[W_PAWNS_KINGS] / 100;
    return s;
}

/* Pieces of colour c on unlinked board-1 squares (listed there). */
static int board1_pieces(const struct position *pos, Color c)
{
    int n = 0;
    for (int i = 0; i < pos->pcount[c]; i++)
        n += nd_board_of(nd_rules_of(pos), pos->plist[c][i]) != 0;
    return n;
}

/* Does colour c have any piece that can move on board 1 (stranded there or on a link)? */
static bool on_board1(const struct position *pos, Color c)
{
    const struct nd_state *st = nd_cst(pos);
    for (int i = 0; i < st->nlinks; i++) {
        Piece p = pos->board[nd_square(nd_rules_of(pos), st->lb[i], st->l0[i])];
        if (p != EMPTY && piece_color(p) == c)
            return true;
    }
    return board1_pieces(pos, c) > 0;
}

/* Is the board-1 square s1 attacked by colour c? Asked once per square and
 * colour while the scorer ranks the actions of one position. */
static bool board1_attacked(struct nd_link_scorer *sc, Square s1, Color c)
{
    const struct nd_rules *r = nd_rules_of(sc->pos);
    int8_t *known = &sc->attacked1[c][nd_board_of(r, s1)][nd_local(r, s1)];
    if (*known < 0)
        *known = chess_square_attacked(sc->pos, s1, c);
    return *known;
}

/* What an empty link (s0, s1) is worth to the side to move as a door from
 * board 1 to board 0: whoever can reach s1 on board 1 can step onto s0. */
static int door_value(struct nd_link_scorer *sc, Square s0, Square s1)
{
    const struct position *pos = sc->pos;
    Color us = pos->side;
    int near_them = king_distance(s0, pos->king_sq[us ^ 1]), near_me = king_distance(s0, pos->king_sq[us]);
    int v = 0;
    if (sc->on_board1[us ^ 1] && board1_attacked(sc, s1, us ^ 1))
        v -= 40 + (near_me <= 2 ? 40 : 0);
    if (sc->on_board1[us] && board1_attacked(sc, s1, us))
        v += 15 + (near_them <= 2 ? 40 : 0);
    return v;
}

/* Would our piece p, brought onto the empty board-0 square s0, attack the enemy King? */
static bool gives_check(struct position *pos, Square s0, Piece p)
{
    pos->board[s0] = p;
    bool check = chess_square_attacked(pos, pos->king_sq[pos->side ^ 1], pos->side);
    pos->board[s0] = EMPTY;
    return check;
}

void nd_link_scorer_init(struct nd_link_scorer *sc, struct position *pos)
{
    sc->pos = pos;
    for (Color c = WHITE; c <= BLACK; c++)
        sc->on_board1[c] = on_board1(pos, c);
    memset(sc->attacked1, -1, sizeof sc->attacked1);
}

int nd_link_action_score(struct position *pos, Move m)
{
    struct nd_link_scorer sc;
    nd_link_scorer_init(&sc, pos);
    return nd_link_scorer_score(&sc, m);
}

int nd_link_scorer_score(struct nd_link_scorer *sc, Move m)
{
    struct position *pos = sc->pos;
    Color us = pos->side;
    Square s0 = move_from(m), s1 = move_to(m);
    Piece p0 = pos->board[s0], p1 = pos->board[s1];
    Square my_king = pos->king_sq[us], their_king = pos->king_sq[us ^ 1];
    int near_them = king_distance(s0, their_king), near_me = king_distance(s0, my_king);
    if (move_kind(m) == MK_LINK) {
        if (p1 != EMPTY && piece_color(p1) == us) { /* brings a stranded piece back to board 0 */
            int t = piece_type(p1);
            int score = 200 + order_stranded[t] + (near_them <= 2 ? 40 : 0);
            if (chess_square_attacked(pos, s0, us ^ 1))
                score -= order_value[t] / 4;
            if (gives_check(pos, s0, p1))
                score += 300;
            return score;
        }
        if (p1 != EMPTY) { /* an enemy piece comes to board 0 */
            int t = piece_type(p1);
            if (chess_square_attacked(pos, s0, us) && !chess_square_attacked(pos, s0, us ^ 1))
                return 150 + order_value[t] / 4;
            return -200 - order_value[t] / 8;
        }
        if (p0 != EMPTY && piece_color(p0) == us) /* our piece gains a second location */
            return 60 + order_on_link[piece_type(p0)] + (near_them <= 2 ? 20 : 0);
        if (p0 != EMPTY)
            return -60 - order_on_link[piece_type(p0)];
        /* Empty link: a door for board-1 pieces. */
        return door_value(sc, s0, s1) + centre[square_col(s1) & 7] - (near_me <= 1 ? 10 : 0);
    }
    if (p0 == EMPTY)
        return -door_value(sc, s0, s1) - 10;
    int t = piece_type(p0);
    if (piece_color(p0) == us)
        return move_extra(m) == ND_KEEP_0 ? -20 - order_on_link[t] : -100 - order_stranded[t];
    return move_extra(m) == ND_KEEP_1 ? 120 + order_stranded[t] : 40 + order_on_link[t];
}
