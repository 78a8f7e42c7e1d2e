/* Orthodox chess as the GUI shows it; the chess family's names. */
#include "variants/chess.h"
#include "variants/view.h"

const char *const chess_piece_names[] = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King", NULL};
const char *const chess_piece_glyphs[] = {NULL, "pawn", "knight", "bishop", "rook", "queen", "king", NULL};

const struct variant_view normal_view = {
    .piece_names = chess_piece_names,
    .piece_glyphs = chess_piece_glyphs,
    .rules_doc = "normal",
    .rules_card =
        "<p>Orthodox chess. Each side has a King, a Queen, two Rooks, two Bishops, two Knights and eight "
        "Pawns. Checkmate the enemy King to win.</p>"
        "<ul><li>Castle by moving the King two squares towards the Rook.</li>"
        "<li>A Pawn that reaches the last rank becomes a Queen, Rook, Bishop or Knight: pick one.</li>"
        "<li>En passant, the fifty-move rule and threefold repetition apply.</li></ul>",
};
