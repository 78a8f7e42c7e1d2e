/* Rule Zero: a game as the protocols see it: the start position, the turns
 * played since, and the position they lead to (whose undo stack keeps the
 * history, so repetitions count across the whole game). Every rule question
 * goes through the variant table. Operations that fail leave the game as it
 * was. */
#ifndef RULEZERO_GAME_H
#define RULEZERO_GAME_H

#include <stdio.h>

#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

/* Turns may not push the undo stack past this, so a search always has room. */
#define GAME_MAX_PLY (MAX_HISTORY - 2 * 128 - MAX_TURN_STEPS)

struct game_turn {
    struct turn turn;                 /* turn.text: the coordinate text */
    char notation[TURN_TEXT_LEN];     /* the readable text (variants/core/notation.h) */
    Color side; /* who made it */
};

/* An option set on a game, kept so that it applies again when the game
 * changes variant (XBoard sends `option` before `variant`). */
#define GAME_MAX_OPTIONS 8
#define GAME_OPTION_LEN 1200
struct game_option {
    char name[64];
    char value[GAME_OPTION_LEN];
};

struct game {
    const struct variant *variant;
    struct settings settings; /* this game's rules value; g->pos refers to it */
    struct game_option options[GAME_MAX_OPTIONS];
    int option_count;
    struct position *pos;
    char start_fen[FEN_MAX_LEN];
    struct game_turn *turns;
    int count;
    int capacity;
};

/* Allocates and sets up orthodox chess ("normal") from its start position. */
int game_init(struct game *g);
void game_free(struct game *g);

/* A new game of `v` from `fen` (NULL: the variant's start position). */
int game_new(struct game *g, const struct variant *v, const char *fen, char *err, size_t errlen);

/* Finds the legal turn written `text`: in coordinates, in the readable
 * notation or in SAN (variants/core/notation.h: turn_read). */
int game_find_turn(struct game *g, const char *text, struct turn *out, char *err, size_t errlen);
/* Plays a turn found by game_find_turn (or a search) in the current position. */
int game_play(struct game *g, const struct turn *t, char *err, size_t errlen);
int game_play_text(struct game *g, const char *text, char *err, size_t errlen);
/* Takes back the last turn; -1 when there is none. */
int game_undo(struct game *g);

/* Whether the game is over in the current position: the variant's own
 * verdict first (mate, stalemate, its special wins), then threefold
 * repetition as the variant rules it, then the fifty-move rule. */
struct outcome game_outcome(struct game *g);
/* "1-0", "0-1", "1/2-1/2" or "*". */

/* Turns `side` has made in this game (for moves-per-session clocks). */
int game_turns_by(const struct game *g, Color side);

/* Sets an option on this game only: on its settings when its variant offers
 * `name`, else checked against a variant that does and kept for when the
 * game changes variant. When no turn has been played yet, or the setting
 * changes the board (variant.options_change_board: Pickle's Link, Shift), the
 * game restarts from its start position so the new rules apply at once. */
int game_set_option(struct game *g, const char *name, const char *value, char *err, size_t errlen);
/* Gives dst the options set on src (for a game built beside another, as
 * UCI's `position` does); dst's position is set up again by its next game_new. */
void game_copy_options(struct game *dst, const struct game *src);

/* The board as text (ranks from the top, holdings, side to move, FEN). */
void game_print_board(const struct game *g, FILE *out);

#endif
