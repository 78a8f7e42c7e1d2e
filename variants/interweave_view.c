/* Interweave as the GUI shows it: a capture chain is clicked leg by leg,
 * each leg starting where the last one landed. */
#include "variants/view.h"

/* By type index, in the order of the variant's letters ".PRNBK". */
static const char *const names[] = {"", "Pawn", "Smasher", "Leaper", "Remover", "King", NULL};
static const char *const glyphs[] = {NULL, "pawn", NULL, NULL, NULL, "king", NULL};

const struct variant_view interweave_view = {
    .piece_names = names,
    .piece_glyphs = glyphs,
    .rules_doc = "interweave",
    .legs_continue = true,
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
};
