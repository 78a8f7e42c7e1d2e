/* Single Shifted Square Chess, declared (variants/game_decl.h): orthodox
 * pieces, promotion and castling. What is code (variants/shifted.c,
 * variants/ssq.c): the Shift setting, the removed square and the added one. */
#include "variants/chess.h"
#include "variants/ssq.h"
#include "variants/view.h"

/* XBoard draws the 8x8 board: the removed square shows as empty, the added
 * square and a piece on it are not shown, and a move to or from it cannot
 * be played from XBoard. */
static const struct xboard_setup xboard = {
    .piece_to_char = "PNBRQKpnbrqk", .files = 8, .ranks = 8, .parent = "fairy", .fen_fields = 6,
};

const struct game_decl shifted_game = {
    .variant = &variant_shifted,
    .pieces = {CHESS_ORTHODOX_PIECES},
    .promotion = "QRBN",
    .castling = CHESS_ORTHODOX_CASTLING,
    .rules_doc = "shifted-square",
    .xboard = &xboard,
    .view = &ssq_view,
    .rules_card =
        "<p>Single Shifted Square Chess: orthodox chess on a board with one square removed (e4 unless the "
        "<b>Shift</b> setting says otherwise) and one square added beside the edge (x5, left of a5).</p>"
        "<ul><li>The removed square is a hole: nothing stands on it and no slide crosses it.</li>"
        "<li>The added square is an ordinary square: a Rook on a5 moves to x5, a Knight on x5 reaches b4, "
        "b6, a3 and a7.</li>"
        "<li>Check, castling, en passant and promotion as in chess.</li></ul>",
};
