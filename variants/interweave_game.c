/* Interweave, declared (variants/game_decl.h). Every piece is code: no Betza
 * power says "captures by approach", "by a double Knight leap over an enemy",
 * "by custodian" or "removes every orthogonally adjacent enemy", nor that
 * captures are compulsory and chain (variants/interweave.c, which holds the
 * entry with the board, the start FEN and the rule hooks). The GUI clicks a
 * capture chain leg by leg, each leg starting where the last one landed. */
#include "variants/interweave.h"
#include "variants/view.h"

/* Piece images avoid XBoard's built-in heuristics: no piece uses the King
 * image (a King's orthogonal leap would look like castling) or the Pawn image
 * (a Pawn's diagonal step would trigger its en-passant rule). Kings use the
 * Queen image, Pawns the Ferz, Smashers the Rook, Leapers the Knight and
 * Removers the Bishop, all with our FEN letters (XBoard's image order is
 * P N B R Q F ... K). XBoard knows no en-passant for these images: `-` in
 * field 4. */
static const struct xboard_setup xboard = {
    .piece_to_char = ".NBRKP..nbrkp.", .files = 8, .ranks = 8, .parent = "fairy", .fen_fields = 6, .ep_as_dash = true,
};

static const struct variant_view view = {.legs_continue = true};

const struct game_decl interweave_game = {
    .variant = &variant_interweave,
    .pieces =
        {
            [IW_PAWN] = {'P', "Pawn", NULL, "pawn"},
            [IW_SMASHER] = {'R', "Smasher", NULL, NULL},
            [IW_LEAPER] = {'N', "Leaper", NULL, NULL},
            [IW_REMOVER] = {'B', "Remover", NULL, NULL},
            [IW_KING] = {'K', "King", NULL, "king"},
        },
    /* In this order; only to a type the side has fewer than two of (code). */
    .promotion = "RNB",
    .rules_doc = "interweave",
    .rules_card =
        "<p>Interweave. Each side has two Kings; capture either enemy King to win. Captures are compulsory "
        "and the capturing piece goes on capturing while it can: click each landing square in turn (the "
        "piece is not clicked again between legs).</p>"
        "<ul><li><b>King</b>: one step diagonally; captures by jumping over an orthogonally adjacent enemy.</li>"
        "<li><b>Smasher</b> (R): slides diagonally, or orthogonally an even number of squares; captures the "
        "enemy it stops right in front of (approach).</li>"
        "<li><b>Leaper</b> (N): moves as the Smasher without approach; captures by a double Knight leap over "
        "an enemy, or by a long orthogonal leap over one.</li>"
        "<li><b>Remover</b> (B): slides diagonally; click it twice to remove every orthogonally adjacent enemy "
        "without moving.</li>"
        "<li><b>Pawn</b>: one step diagonally forward (two from its second rank); captures by jumping straight "
        "over an enemy, and by custodian: an enemy caught between the Pawn's new square and a friendly piece "
        "is removed. It may promote on the seventh rank and must on the last: pick the piece.</li>"
        "<li>Making a position for the third time loses; having no legal move loses.</li></ul>",
    .xboard = &xboard,
    .xboard_move = iw_xboard_move,
    .xboard_parse = iw_xboard_parse,
    .view = &view,
};
