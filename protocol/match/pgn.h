/* Rule Zero: PGN for match games, written and read back. Moves are the
 * variant's own turn texts (coordinates, legs joined by commas), one per ply,
 * so any variant can be written and replayed through turn_parse. */
#ifndef RULEZERO_PGN_H
#define RULEZERO_PGN_H

#include <stdio.h>

#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"

struct variant;

struct game_record {
    const struct variant *variant;
    const char *event, *site, *date;   /* date as YYYY.MM.DD */
    int round;
    const char *white, *black;
    const char *start_fen;
    bool setup;                        /* start_fen is not the variant's start */
    const char *time_control;          /* PGN form: "10+0.1", "40/60", "-" */
    const char *white_time_control;    /* when the two differ (time_control NULL) */
    const char *black_time_control;
    const char *variant_options;       /* the game's settings, "NAME=VALUE; ..." (settings_text); NULL or "": none */
    const char *result;                /* "1-0" ... "*" */
    const char *termination;           /* "normal", "time forfeit", "rules infraction", ... */
    const char *reason;                /* human words, also the closing comment */
    int nmoves;
    char (*moves)[TURN_TEXT_LEN];
    int opening_plies;                 /* the first turns came from the opening */
};

void pgn_write(FILE *out, const struct game_record *g);

#define PGN_MAX_TAGS 32

struct pgn_game {
    int tag_count;
    char tag_name[PGN_MAX_TAGS][32];
    char tag_value[PGN_MAX_TAGS][FEN_MAX_LEN];
    int nmoves, cap;
    char (*moves)[TURN_TEXT_LEN];
    char result[16];
    char comment[256];                 /* the last comment outside variations (the runner's reason) */
};

struct pgn_reader {
    char *data;
    size_t len, at;
};

/* 0, or -1 when the file cannot be read. */
int pgn_open(struct pgn_reader *r, const char *path);
void pgn_close(struct pgn_reader *r);
/* The next game: 1, 0 at the end, -1 on malformed input (err says why). */
int pgn_next(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen);
void pgn_game_free(struct pgn_game *g);
const char *pgn_tag(const struct pgn_game *g, const char *name);

/* Sets pos to the game's start ([Variant], [VariantOptions], [FEN]) and
 * replays every move through the rules. The game's settings go to *s, which
 * pos refers to: the caller frees it (settings_free) after using pos, also
 * after a failure. 0, or -1 with the first illegal move in err. */
int pgn_replay(const struct pgn_game *g, struct position *pos, struct settings *s, char *err, size_t errlen);

/* Parses a turn text as the rules read it, trying the variant's XBoard form,
 * the readable notation and SAN (variants/core/notation.h: turn_read), then
 * what XBoard writes to PGN for pieces it does not know (xboard_san.h),
 * when the plain text is not a legal turn. 0 or -1. */
int match_parse_turn(struct position *pos, const char *text, struct turn *out);

/* `rulezero pgn-check FILE`: replays every game and checks the results the
 * rules decide. Exit code 0 when all is well. */
int pgn_check_main(int argc, char **argv);

#endif
