/* Dialectic Chess and Hegelian Dialectic Chess, declared (variants/game_decl.h).
 * The chess family's rules built from this declaration, except the
 * Philosophers' powers, which the tokens on the dialectic choose
 * (variants/dialectic.c); the entries with the board, the start FEN (the
 * tokens in field 7) and the rule hooks are there too. */
#include "variants/dialectic.h"
#include "variants/view.h"

/* Philosophers (N) and Great Philosophers (G): powers by the tokens, code. */
#define DIALECTIC_PIECES                                                                                             \
    {                                                                                                                \
        [PAWN] = {'P', "Pawn", NULL, "pawn"}, [KNIGHT] = {'N', "Philosopher", NULL, NULL},                           \
        [BISHOP] = {'B', "Bishop", "B", "bishop"}, [ROOK] = {'R', "Rook", "R", "rook"},                               \
        [QUEEN] = {'Q', "Queen", "Q", "queen"}, [KING] = {'K', "King", "K", "king"},                                  \
        [DIALECTIC_GREAT] = {'G', "Great Philosopher", NULL, NULL},                                                  \
    }

/* PIECETOCHAR: P N B R Q, then the fairy slots up to the Nightrider (H), then
 * the King; the FEN without field 7, Philosophers (G) as Nightriders (H). */
static const struct xboard_setup xboard = {
    .piece_to_char = "PNBRQ.......H........Kpnbrq.......h........k", .files = 8, .ranks = 8, .parent = "fairy",
    .fen_fields = 6, .letter_map = "GHgh",
};

#define DIALECTIC_CARD_COMMON                                                                                       \
    "<ul><li>Philosophers (N) move without capturing by the leap of the <b>Thesis</b>'s square (x,y) on the "   \
    "3x3 dialectic, and capture by the leap of the <b>Antithesis</b>'s square: (1,2) is a Knight, (0,1) a "      \
    "Wazir, (1,1) a Ferz, (0,0) nothing.</li>"                                                                    \
    "<li>A Philosopher that captures a Philosopher becomes a Great Philosopher (G), which rides the same "       \
    "leaps.</li>"                                                                                                 \
    "<li>Instead of a board move you may move a token one square orthogonally: click its cell, then the "       \
    "target cell. A pair of token squares seen since the last board move may not come back.</li>"              \
    "<li>Otherwise orthodox chess: castling, promotion (to a Philosopher too), checkmate.</li></ul>"

/* XBoard's hooks: variants/dialectic_xboard.c; the GUI's: variants/dialectic_view.c. */
#define DIALECTIC_DECLARED                                                                                           \
    .pieces = DIALECTIC_PIECES, .promotion = "QRBN", .castling = CHESS_ORTHODOX_CASTLING, .rules_doc = "dialectic",  \
    .xboard = &xboard, .xboard_move = dialectic_xboard_move, .xboard_parse = dialectic_xboard_parse,               \
    .view = &dialectic_view

const struct game_decl dialectic_game = {
    .variant = &variant_dialectic,
    DIALECTIC_DECLARED,
    .rules_card = "<p>Dialectic Chess (Garth, 2005): the Knights are Philosophers whose powers come from two "
                  "tokens on a side board.</p>" DIALECTIC_CARD_COMMON "<p>The two tokens never share a cell.</p>",
};

const struct game_decl hegelian_game = {
    .variant = &variant_hegelian,
    DIALECTIC_DECLARED,
    .rules_card = "<p>Hegelian Dialectic Chess: Dialectic Chess in which the tokens may share a cell; while they "
                  "do, the Synthesis moves both together (after clicking the cells, pick which token "
                  "moves).</p>" DIALECTIC_CARD_COMMON
                  "<p>Setting <b>Dialectic</b>: <i>square</i> (the 3x3 dialectic) or <i>stair-step</i> (Garth's "
                  "suggestion: without the three cells north-west of the main diagonal, 01, 02 and 12; both tokens "
                  "start on 21, the Knight).</p>",
};
