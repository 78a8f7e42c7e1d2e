/* Simple Pickle Single Square Chess, declared (variants/game_decl.h):
 * orthodox pieces, promotion and castling, built by the chess family from
 * this declaration. What is code (variants/pickle.c, variants/ssq.c): the
 * Link setting, the square with two locations, moving and being attacked
 * from either. */
#include "variants/chess.h"
#include "variants/ssq.h"
#include "variants/view.h"

/* XBoard draws the 8x8 board and plays every move (they name board squares
 * only); it cannot show the added location. */
static const struct xboard_setup xboard = {
    .piece_to_char = "PNBRQKpnbrqk", .files = 8, .ranks = 8, .parent = "fairy", .fen_fields = 6,
};

const struct game_decl pickle_game = {
    .variant = &variant_pickle,
    .pieces = {CHESS_ORTHODOX_PIECES},
    .promotion = "QRBN",
    .castling = CHESS_ORTHODOX_CASTLING,
    .rules_doc = "pickle",
    .xboard = &xboard,
    .view = &ssq_view,
    .rules_card =
        "<p>Simple Pickle Single Square Chess: orthodox chess, but one square of the board (e4 unless the "
        "<b>Link</b> setting says otherwise) also lies beside the board (x5, left of a5). It is one square "
        "in two places: a piece on it stands on both, may move from either and is attacked from either.</p>"
        "<ul><li>After 1. e4, a7-a6 attacks the Pawn on e4 through x5.</li>"
        "<li>A slide over the square goes on along its own line; it never jumps to the other place.</li>"
        "<li>Moves name the square by its board name (e4), from whichever place.</li>"
        "<li>Check, castling, en passant and promotion as in chess; the square's rank is its board "
        "rank.</li></ul>",
};
