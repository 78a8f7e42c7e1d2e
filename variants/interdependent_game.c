/* Interdependent Chess, declared (variants/game_decl.h). Its pieces are code: a
 * piece captures only with the power of a piece beside it, in the one
 * direction away from that neighbour (the Universalist lends its own power
 * instead), which no Betza power says: their own and borrowed powers are
 * tables built in variants/interdep_tables.c. The entry with the 6x7 board,
 * the start FEN, the hands and the rule hooks is variants/interdependent.c. */
#include "variants/interdep.h"

/* Images by XBoard's piece order P N B R Q F E A C W M ... K: the Knight on
 * the Knight, the Conservative on the Rook, the Universalist on the Queen,
 * the Guardian on the Ferz, the Spider on the Alfil, the Steward on the
 * Wazir and the King on the Man (Commoner). No Pawn image (XBoard's
 * en-passant heuristic would remove pieces) and no King image (a King
 * capturing two squares sideways would be taken for castling). Holdings
 * count participating types in that order, so the six held types are the
 * first six and `+6` suffices. */
static const struct xboard_setup xboard = {
    .piece_to_char = ".N.CUGS..TK..n.cugs..tk.", .files = 6, .ranks = 7, .holdings = 6, .parent = "fairy",
    .empty_hand_as_dash = true,
};

const struct game_decl interdependent_game = {
    .variant = &variant_interdependent,
    .pieces =
        {
            [IDC_U] = {'U', "Universalist", NULL, NULL},
            [IDC_S] = {'S', "Spider", NULL, NULL},
            [IDC_N] = {'N', "Knight", NULL, "knight"},
            [IDC_C] = {'C', "Conservative", NULL, NULL},
            [IDC_G] = {'G', "Guardian", NULL, NULL},
            [IDC_T] = {'T', "Steward", NULL, NULL},
            [IDC_K] = {'K', "King", NULL, "king"},
        },
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
    .xboard = &xboard,
};
