/* Interdependent Chess as the GUI shows it: the 6x7 board and both hands. */
#include "variants/view.h"

/* By type index, in the order of the variant's letters ".USNCGTK". */
static const char *const names[] = {"", "Universalist", "Spider", "Knight", "Conservative", "Guardian", "Steward", "King", NULL};
static const char *const glyphs[] = {NULL, NULL, NULL, "knight", NULL, NULL, NULL, "king", NULL};

const struct variant_view interdependent_view = {
    .piece_names = names,
    .piece_glyphs = glyphs,
    .rules_doc = "interdependent",
    .rules_card =
        "<p>Interdependent Chess (Fergus Duniho) on a 6x7 board. A piece <b>captures</b> only with the power of "
        "a piece beside it: it moves directly away from a neighbour (of either colour) and captures as that "
        "neighbour would, in that one direction. A Universalist lends the mover its own power instead.</p>"
        "<ul><li>Moves without capturing use the piece's own power (the Universalist borrows even for that).</li>"
        "<li>Captured pieces change colour and go to your hand; drop one on any empty square: click it in your "
        "hand, then the square.</li>"
        "<li>Checkmate wins. The board edges stop moves; only two diagonal Universalists' Bishop ray wraps "
        "around.</li></ul>",
};
