/* Orthodox chess, declared (variants/game_decl.h). Its rules are the chess
 * family's (variants/chess.c) built from this declaration; the entry with the
 * board, the start FEN and the rule hooks is variants/normal.c. */
#include "variants/chess.h"

const struct game_decl normal_game = {
    .variant = &variant_normal,
    .pieces = {CHESS_ORTHODOX_PIECES},
    .promotion = "QRBN",
    .castling = CHESS_ORTHODOX_CASTLING,
    .rules_doc = "normal",
    .rules_card =
        "<p>Orthodox chess. Each side has a King, a Queen, two Rooks, two Bishops, two Knights and eight "
        "Pawns. Checkmate the enemy King to win.</p>"
        "<ul><li>Castle by moving the King two squares towards the Rook.</li>"
        "<li>A Pawn that reaches the last rank becomes a Queen, Rook, Bishop or Knight: pick one.</li>"
        "<li>En passant, the fifty-move rule and threefold repetition apply.</li></ul>",
};
