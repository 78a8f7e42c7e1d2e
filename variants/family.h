/* Rule Zero: families, the C behind the games declared in game files (the
 * rules layer; docs/gamefiles.md).
 *
 * A family takes a game's declared parameters (variants/gamefile.h) and
 * makes the game: an entry of the core's interface whose rule hooks are the
 * family's C, and the declaration the front ends read (variants/game_decl.h),
 * both owned by one value (struct family_game) that the registry lists like
 * a built-in game (variant_load_file). Families: `chess` (the chess family,
 * variants/chess.c, with the declared Betza powers), `polypiece` (the
 * Polypiece rules, variants/polypiece.c, with the declared power lists, per
 * side when the armies differ), `pickle` and `shifted-square` (the Single
 * Square games, variants/pickle.c and variants/shifted.c, with the chess
 * family's declared pieces and the declared squares), `nickdanger` (Nick
 * Danger's rules, variants/nickdanger*.c, with the declared boards and link
 * settings), `dialectic` (Dialectic Chess, variants/dialectic.c, with the
 * declared pieces, tokens and Hegelian's setting). A declaration that breaks a rule of its
 * family is refused with the file, the line, the field and what is allowed. */
#ifndef RULEZERO_FAMILY_H
#define RULEZERO_FAMILY_H

#include "variants/chess.h"
#include "variants/gamefile.h"

struct family_game {
    struct variant v; /* v.owner is this game: a hook finds it from pos->variant (family_game_of) */
    struct game_decl decl;
    struct game_spec spec; /* the declaration as read; the strings above point into it */
    struct xboard_setup xboard;
    struct variant_option option[3];       /* Powers, Link or Shift; Nick Danger: Links, LinkSquares,
                                              AfterLinking; Hegelian: Dialectic; the declared values by default */
    char links_range[16], links_default[16]; /* Nick Danger: Links' range, "1 N", and default */
    struct chess_rules chess;              /* chess: the rules */
    void *rules; /* the other families: the rules value of a position read alone */
    /* pickle, shifted-square: makes a rules value from the declaration and the squares */
    void *(*square_rules)(const struct game_decl *g, const char *squares, char *err, size_t errlen);
    char letters[MAX_TYPES + 1];           /* ".PNBRQK" */
    char xboard_letters[48];               /* XBoard's image order; Dialectic's reaches the King's image (44) */
    char letter_map[5];                    /* Dialectic: its Great Philosopher's letters drawn as XBoard's H */
    char card[GAMEFILE_CARD_LEN + 160];
    char path[GAMEFILE_PATH_LEN];          /* the file it came from */
    const char *bench[GAMEFILE_MAX_BENCH + 1];
};

/* The family game whose entry is v, or a copy of it; only for entries a
 * family made. */
static inline const struct family_game *family_game_of(const struct variant *v)
{
    return (const struct family_game *)v->owner;
}

/* The chess family's hooks, evaluation and outcome (variants/family_chess.c):
 * the entry a chess game of a file copies, without id, title or start. */
extern const struct variant chess_family_template;
/* The Polypiece family's (variants/polypiece.c): the rules of the lists. */
extern const struct variant polypiece_family_template;
/* The Single Square families' (variants/pickle.c, variants/shifted.c). */
extern const struct variant pickle_family_template, shifted_family_template;
/* The Nick Danger family's (variants/nickdanger.c): links, phases, the boards' geometry. */
extern const struct variant nickdanger_family_template;
/* The Dialectic family's (variants/dialectic.c): the tokens, the Philosophers, the Synthesis. */
extern const struct variant dialectic_family_template;

/* The Nick Danger family (variants/family_nickdanger.c): its own checks of a
 * declaration (boards, link pairs, the orthodox pieces), and the game made
 * from a declaration the common checks passed. 0, or -1 with the refusal. */
int nickdanger_family_check(const struct game_spec *s, char *err, size_t errlen);
int nickdanger_family_make(struct family_game *g, char *err, size_t errlen);

/* The Dialectic family (variants/family_dialectic.c): its own checks (the
 * Philosophers without powers, `dialectic` only in a Hegelian game) and the
 * game made from a declaration the common checks passed. 0, or -1 with the refusal. */
int dialectic_family_check(const struct game_spec *s, char *err, size_t errlen);
int dialectic_family_make(struct family_game *g, char *err, size_t errlen);

/* Makes the game `spec` declares (read from `path`), checked whole: its
 * family's rules, the declaration (game_decl_check), the start and bench
 * positions. Returns its declaration (free with family_free), or NULL with
 * `FILE:LINE: FIELD: problem (allowed: ...)`. */
const struct game_decl *family_build(const struct game_spec *spec, const char *path, char *err, size_t errlen);
void family_free(const struct game_decl *g);

/* The Polypiece family's part (variants/polypiece.c): a rules value for
 * declaration g with the lists `powers` (the Powers option's text), NULL
 * with a message when they are refused. */
void *polypiece_rules_create(const struct game_decl *g, bool phased, const char *powers, char *err, size_t errlen);

/* The Single Square families' part (variants/pickle.c, variants/shifted.c):
 * a rules value for declaration g with the linked square (`link`, as
 * Pickle's Link setting) or the removed and added squares (`shift`, as
 * Shifted Square's Shift), NULL with a message when they are refused. */
void *pickle_rules_create(const struct game_decl *g, const char *link, char *err, size_t errlen);
void *shifted_rules_create(const struct game_decl *g, const char *shift, char *err, size_t errlen);

/* The Nick Danger family's part (variants/nickdanger.c): a rules value for
 * declaration g with board_count boards of files[b] x ranks[b] (board 0
 * 8x8; two 8x8: the built-in game's) and the settings Links, LinkSquares and
 * AfterLinking set to values[0..2], NULL with the setting's message when one
 * is refused. */
void *nd_rules_create(const struct game_decl *g, int board_count, const int files[], const int ranks[],
                      const char *const values[3], char *err, size_t errlen);

/* The Dialectic family's part (variants/dialectic.c): a rules value for
 * declaration g (its Bishop, Rook, Queen and King by their Betza powers, the
 * Philosophers by the tokens), Hegelian (the tokens may share a cell) or not,
 * with Hegelian's setting Dialectic set to `dialectic`; NULL with the
 * setting's message when it is refused. A copy shares the original's power
 * sets (the game's settings), and must not outlive it. */
void *dialectic_rules_create(const struct game_decl *g, bool hegelian, const char *dialectic, char *err,
                             size_t errlen);
void *dialectic_rules_copy(const void *rules, char *err, size_t errlen);
/* How many of the 81 power sets of rules' game are built: none when the game
 * is made, each when a position first needs its (Thesis, Antithesis) pair. */
int dialectic_rules_built(const void *rules);

#endif
