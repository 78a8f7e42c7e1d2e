/* Rule Zero: a game's declaration (the rules layer).
 *
 * What a game is, written as data in one place per game (variants/NAME_game.c),
 * to be read like a Fairy-Stockfish variant definition: its pieces (letter,
 * name, Betza power, image), what a Pawn promotes to, the castling squares,
 * how XBoard shows it, the rules card. The core's entry (variants/core/variant.h:
 * id, board, start FEN, piece letters and the rule hooks) is what the core
 * and the search read; the declaration points at it and holds everything
 * else, for the rules (the chess family builds its powers, promotion and
 * castling from it: chess_rules_declared) and for the front ends (protocol/
 * reads the XBoard set-up and hooks and the GUI's names, card and view from
 * here, never from the core). What no declaration expresses stays code
 * behind the entry's hooks (README, "What each game declares and what is
 * code"). */
#ifndef RULEZERO_GAME_DECL_H
#define RULEZERO_GAME_DECL_H

#include "variants/core/variant.h"

/* One piece type. */
struct piece_decl {
    char letter;       /* White's FEN letter, as in the entry's piece_letters */
    const char *name;  /* e.g. "Knight" */
    const char *betza; /* its fixed power in Betza notation (variants/betza.h); NULL: the game's code moves it */
    const char *glyph; /* the GUI's image: king queen rook bishop knight pawn; NULL: the letter */
};

/* One castling right's squares, by name ("e1"). */
struct castle_decl {
    const char *king_from, *king_to, *rook_from, *rook_to;
};

/* How XBoard is to show a game: `setup (PIECE_TO_CHAR) FILESxRANKS+HOLDINGS_PARENT FEN`,
 * where FEN is ours with the changes below (protocol/xboard_setup.c writes it). */
struct xboard_setup {
    const char *piece_to_char; /* XBoard's image order, e.g. "PNBRQKpnbrqk" */
    int files, ranks, holdings;
    const char *parent;        /* e.g. "fairy" */
    int fen_fields;            /* leading fields of our FEN that XBoard reads; 0: all */
    const char *letter_map;    /* placement letters renamed in pairs, "GHgh": G -> H, g -> h; NULL: none */
    bool ep_as_dash;           /* field 4 sent as `-` */
    bool empty_hand_as_dash;   /* empty holdings `[]` sent as `[-]` */
    bool piece_lines;          /* `piece L& BETZA` for each piece moving otherwise than its image */
    const char *limits;        /* what XBoard cannot show or play of the game, told the user (`telluser`); NULL: none */
};

/* A turn in XBoard's text (xboard_move) or XBoard's text in ours (xboard_parse). */
typedef void (*xboard_text_fn)(const struct position *pos, const char *text, char *out, size_t n);

struct variant_view; /* variants/view.h: the GUI's hooks */

#define CASTLE_RIGHTS 4 /* White short, White long, Black short, Black long (FEN K Q k q) */

struct game_decl {
    const struct variant *variant; /* the core's entry: id, title, board, start FEN, letters, rule hooks */
    /* By type index (the entry's piece_letters); index 0 unused. */
    struct piece_decl pieces[MAX_TYPES];
    const char *promotion;                   /* letters a Pawn may become, in this order; NULL: none */
    struct castle_decl castling[CASTLE_RIGHTS]; /* NULL squares: no such right */
    /* For players: the GUI's short HTML card, and NAME of docs/rules/NAME.md. */
    const char *rules_card, *rules_doc;
    /* XBoard: the `setup` line after `variant ID` (NULL for a game XBoard
     * knows: normal); a turn rewritten for XBoard (e.g. a locust form) and
     * XBoard's text mapped back (NULL: unchanged). */
    const struct xboard_setup *xboard;
    xboard_text_fn xboard_move, xboard_parse;
    /* The GUI's board description and click hooks (NULL: the defaults). */
    const struct variant_view *view;
};

/* Each game's entry of the core's interface (variants/NAME.c) and its declaration (variants/NAME_game.c). */
extern const struct variant variant_interweave, variant_interdependent;
extern const struct game_decl interweave_game, interdependent_game;

#endif
