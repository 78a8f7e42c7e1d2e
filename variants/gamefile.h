/* Rule Zero: game files (the rules layer; format: docs/gamefiles.md).
 *
 * A game file declares games as text, INI-like: a section `[ID]` per game,
 * then `field = value` lines naming the family whose C plays it (chess,
 * polypiece), its name, board, pieces (letter, name, Betza power), start
 * position, promotion, castling and the family's own parameters (Polypiece's
 * power lists, Pickle's linked square, Shifted Square's removed and added
 * squares, Nick Danger's boards, link pairs and link settings, Dialectic's
 * Hegelian tokens and dialectic). The reader checks each field's form and reports the first
 * problem as `FILE:LINE: FIELD: what is wrong (allowed: ...)`; whether the
 * declared game fits its family is the family's check (variants/family.h). */
#ifndef RULEZERO_GAMEFILE_H
#define RULEZERO_GAMEFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "variants/betza.h"
#include "variants/core/fen.h"
#include "variants/core/types.h"
#include "variants/polypiece.h"

#define GAMEFILE_MAX_GAMES 32
#define GAMEFILE_ID_LEN 32       /* longest id + 1 */
#define GAMEFILE_NAME_LEN 64     /* longest game or piece name + 1 */
#define GAMEFILE_CARD_LEN 2048   /* longest rules card + 1 (a line is at most 2047 characters) */
#define GAMEFILE_MAX_BENCH 8
#define GAMEFILE_PATH_LEN 256
#define GAMEFILE_SQUARES_LEN 16  /* longest `link` or `shift` value + 1 */
#define GAMEFILE_MAX_BOARDS 4    /* Nick Danger's `boards` */
#define GAMEFILE_SETTING_LEN 16  /* longest `links`, `link-squares` or `after-linking` value + 1 */

/* The fields, in the order docs/gamefiles.md lists them. */
enum gamefile_field {
    GF_FAMILY,
    GF_NAME,
    GF_BOARD,
    GF_PIECE,
    GF_START,
    GF_PROMOTION,
    GF_CASTLING,
    GF_POWERS,
    GF_PHASED,
    GF_LINK,
    GF_SHIFT,
    GF_BOARDS,
    GF_LINK_PAIRS,
    GF_LINKS,
    GF_LINK_SQUARES,
    GF_AFTER_LINKING,
    GF_HEGELIAN,
    GF_DIALECTIC,
    GF_BENCH,
    GF_BENCH_DEPTH,
    GF_RULES,
    GF_CARD,
    GF_XBOARD,
    GF_FIELDS
};

/* A field's name as written in a file ("bench-depth"). */
const char *gamefile_field_name(enum gamefile_field f);

struct gamefile_piece {
    char letter;                       /* White's FEN letter, upper case */
    char name[GAMEFILE_NAME_LEN];
    char betza[BETZA_MAX_TEXT + 1];    /* "" when none is written */
};

/* One game as declared; `line[f]` is where field f was given (0: not given). */
struct game_spec {
    char file[GAMEFILE_PATH_LEN]; /* the file's name, for messages */
    int section_line;
    int line[GF_FIELDS];
    char id[GAMEFILE_ID_LEN];
    char family[GAMEFILE_ID_LEN];
    char name[GAMEFILE_NAME_LEN];
    int files, ranks;                  /* board; 8x8 when not given */
    int piece_count;
    struct gamefile_piece pieces[MAX_TYPES - 1];
    char start[FEN_MAX_LEN];
    char promotion[MAX_TYPES];         /* letters; "" with `promotion = none` */
    int castle_count;                  /* 0: none; else 4 rights (White short, long, Black short, long) */
    char castle[4][4][4];              /* by right: king from, king to, rook from, rook to */
    char powers[POLYPIECE_POWERS_MAX + 1];
    bool phased;
    char squares[GAMEFILE_SQUARES_LEN]; /* pickle's `link`, shifted-square's `shift`: SQUARE=LOCATION */
    /* nickdanger: `boards` (files, ranks of each), `link-pairs` (which boards link: two
     * board numbers each), and the settings `links`, `link-squares`, `after-linking` as written */
    int board_count;
    int boards[GAMEFILE_MAX_BOARDS][2];
    int link_pair_count;
    int link_pairs[GAMEFILE_MAX_BOARDS * (GAMEFILE_MAX_BOARDS - 1) / 2][2];
    char nd_settings[3][GAMEFILE_SETTING_LEN];
    /* dialectic: `hegelian` (the tokens may share a cell, the Synthesis) and `dialectic`
     * (the default of Hegelian's Dialectic setting, as written; the family checks it) */
    bool hegelian;
    char dialectic[GAMEFILE_SETTING_LEN];
    int bench_count;
    char bench[GAMEFILE_MAX_BENCH][FEN_MAX_LEN];
    int bench_depth;                   /* 0: the family's */
    char rules[GAMEFILE_ID_LEN];       /* NAME of docs/rules/NAME.md; "": the family's */
    char card[GAMEFILE_CARD_LEN];
    bool xboard_known;                 /* `xboard = known`: XBoard knows the game by its id, no `setup` */
};

/* Reads the games of `text` (named `file` in messages) into specs[0..max-1].
 * Returns how many, or -1 with `FILE:LINE: FIELD: problem (allowed: ...)`. */
int gamefile_read_text(const char *file, const char *text, struct game_spec *specs, int max, char *err,
                       size_t errlen);
/* The same for a file on disk; -1 also when it cannot be read. */
int gamefile_read(const char *path, struct game_spec *specs, int max, char *err, size_t errlen);
/* What a refused `powers` value is told it may be (docs/gamefiles.md): the Polypiece family's lists. */
#define POWERS_ALLOWED "TYPE:POWER,... for K Q R B N, 1 to 9 Betza powers, or WHITE.../BLACK... of one length"

/* A family's refusal of a field of spec, in the reader's form. Returns -1. */
int gamefile_refuse(const struct game_spec *spec, enum gamefile_field f, char *err, size_t errlen, const char *fmt,
                    ...) __attribute__((format(printf, 5, 6)));

#endif
