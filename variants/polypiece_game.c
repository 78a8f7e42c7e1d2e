/* Polypiece Chess and Phased Polypiece Chess, declared (variants/game_decl.h).
 * The chess family's rules built from this declaration, except the powers of
 * King, Queen, Rook, Bishop and Knight: each type moves by the entry in force
 * of its list of Betza powers, a game setting (the `Powers` option, default
 * POLYPIECE_DEFAULT_POWERS), which advances with every move of that type
 * (variants/polypiece.c, which holds the entries with the board, the start
 * FEN with the phase digits in field 7 and the rule hooks). */
#include "variants/chess.h"
#include "variants/polypiece.h"
#include "variants/view.h"

/* Powers by the `Powers` lists (code). */
#define POLYPIECE_PIECES                                                                                             \
    {                                                                                                                \
        [PAWN] = {'P', "Pawn", NULL, "pawn"}, [KNIGHT] = {'N', "Knight", NULL, "knight"},                            \
        [BISHOP] = {'B', "Bishop", NULL, "bishop"}, [ROOK] = {'R', "Rook", NULL, "rook"},                             \
        [QUEEN] = {'Q', "Queen", NULL, "queen"}, [KING] = {'K', "King", NULL, "king"},                                \
    }

/* XBoard draws orthodox images (parent `fairy`, legality testing off): the
 * FEN without the phase digits (field 7), which XBoard does not know. No `piece` lines:
 * a piece's moves change after every move of its type, so any fixed Betza
 * description would be wrong one move later. */
static const struct xboard_setup xboard = {
    .piece_to_char = "PNBRQKpnbrqk", .files = 8, .ranks = 8, .parent = "fairy", .fen_fields = 6,
};

#define POLYPIECE_CARD_COMMON                                                                                      \
    "<ul><li>Each of King, Queen, Rook, Bishop and Knight has a list of powers (Betza notation: W one step "     \
    "orthogonally, F diagonally, N Knight, D and A two-square leaps, R Rook, B Bishop, Q Queen, K King).</li>"    \
    "<li>All pieces of a type move with the entry in force (marked); each move by a piece of that type "          \
    "advances the entry, wrapping round.</li>"                                                                    \
    "<li>Pick up a piece to see where it may go now. Castling, promotion and checkmate as in chess.</li></ul>"

/* The GUI's hooks (the lists, entry in force marked): variants/polypiece_view.c. */
#define POLYPIECE_DECLARED                                                                                           \
    .pieces = POLYPIECE_PIECES, .promotion = "QRBN", .castling = CHESS_ORTHODOX_CASTLING, .rules_doc = "polypiece",  \
    .xboard = &xboard

const struct game_decl polypiece_game = {
    .variant = &variant_polypiece,
    POLYPIECE_DECLARED,
    .view = &polypiece_view,
    .rules_card = "<p>Polypiece Chess (Ralph Betza): chess whose pieces change their powers as they move.</p>"
                  POLYPIECE_CARD_COMMON,
};

const struct game_decl polypiece_phased_game = {
    .variant = &variant_polypiece_phased,
    POLYPIECE_DECLARED,
    .view = &polypiece_phased_view,
    .rules_card = "<p>Phased Polypiece: Polypiece Chess in which Black's entry of every type is always one "
                  "ahead of White's.</p>" POLYPIECE_CARD_COMMON,
};
