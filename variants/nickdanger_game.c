/* Nick Danger Chess, declared (variants/game_decl.h): orthodox pieces, promotion
 * and castling on board a-h, built by the chess family from this declaration.
 * What is code (variants/nickdanger*.c, which hold the entry with the 16x8
 * board, the start FEN and the rule hooks): the links that join a square of
 * each board into one, the linking and twinkle phases, a piece standing on
 * two locations, and moving with the geometry of the board it moves from. */
#include "variants/chess.h"
#include "variants/nickdanger.h"
#include "variants/view.h"

/* XBoard 4.9.1 draws the two boards as one 16x8 board (files a-p) with
 * orthodox piece images. It cannot show links, and pieces on linked squares
 * appear on both locations only in the set-up position. */
static const struct xboard_setup xboard = {
    .piece_to_char = "PNBRQKpnbrqk", .files = 16, .ranks = 8, .parent = "fairy", .fen_fields = 6,
};

const struct game_decl nickdanger_game = {
    .variant = &variant_nickdanger,
    .pieces = {CHESS_ORTHODOX_PIECES},
    .promotion = "QRBN",
    .castling = CHESS_ORTHODOX_CASTLING,
    .rules_doc = "nickdanger",
    .xboard = &xboard,
    .view = &nickdanger_view,
    .rules_card =
        "<p>Nick Danger Chess: chess on board a-h with an empty second board i-p beside it. A <b>link</b> joins "
        "two squares of the same rank, one on each board, into one square with two locations: a piece on it "
        "stands on both and may move from either.</p>"
        "<ul><li>A turn is a chess move, then a link action: click its square on a-h, then on i-p.</li>"
        "<li>Linking phase: make a new link (both squares unlinked, same rank, at least one empty, no "
        "King).</li>"
        "<li>Twinkle phase, from the first time eight links exist: make a link (while fewer than eight exist) "
        "or break one; when a piece stands on the link you break, choose where it stays. You may not undo "
        "the opponent's last link action.</li>"
        "<li>White's first turn has no link action; it is skipped when none is legal.</li>"
        "<li>A piece moves with the geometry of the board it moves from. Check, checkmate, castling and "
        "promotion as in chess; the King stays on a-h and never stands on a link.</li>"
        "<li>This is the default game. The settings <b>Links</b> (how many at a time), <b>LinkSquares</b> (which "
        "squares: same rank, same square, same colour or any; off the rank a Pawn promotes only on a-h) and "
        "<b>AfterLinking</b> (Twinkle, or removing links until none is left) change it: see the full rules.</li></ul>",
};
