/* Rule Zero: how a game looks and how a person enters its turns, for the GUI
 * (protocol/gui). Plain data, no JSON: a variant describes its position as a
 * `board_view` (areas of cells, pieces, hands, tokens, links, panels) and
 * turns its steps into clicks. Each game's declaration (variants/game_decl.h)
 * holds its piece names and images and its rules card, and may point at a
 * `variant_view` with its hooks; without one (or for a hook left NULL) the
 * defaults below apply: one checkered board, the piece letters, and clicks
 * read from the step's text (from square, to square, `choice:` for a
 * promotion letter, `hand:X` for a drop `X@sq`). */
#ifndef RULEZERO_VIEW_H
#define RULEZERO_VIEW_H

#include "variants/core/turn.h"
#include "variants/registry.h"

#define VIEW_NAME_LEN 24      /* a square, cell or click name */
#define VIEW_LABEL_LEN 64
#define VIEW_MAX_AREAS 4 /* four-board Nick Danger */
#define VIEW_MAX_ROWS 8
#define VIEW_MAX_COLS 16
#define VIEW_MAX_PIECES (2 * MAX_PIECES + 32)
#define VIEW_MAX_HAND (2 * MAX_TYPES)
#define VIEW_MAX_TOKENS 4
#define VIEW_MAX_LINKS 32
#define VIEW_MAX_PANELS 4
#define VIEW_MAX_ROWS_PER_PANEL 12
#define VIEW_MAX_ITEMS 10
#define VIEW_MAX_STEP_CLICKS 8
#define VIEW_CLICKS_LEN 512   /* a turn's clicks joined by spaces */

struct view_area {
    char id[16];
    char title[32];
    bool checkered;
    bool dark_first; /* the cell of row 0, column 0 is dark (a column added left of a board) */
    int rows, cols;
    char cell[VIEW_MAX_ROWS][VIEW_MAX_COLS][8]; /* "" where there is no cell */
};

struct view_piece {
    char square[8];
    Color color;
    char letter;          /* White's (upper case) letter */
    const char *name;
    const char *glyph;    /* king queen rook bishop knight pawn, or NULL */
};

struct view_hand {
    Color color;
    char letter;
    const char *name;
    const char *glyph;
    int count;
};

struct view_token {
    char cell[8];
    char token;           /* 'T', 'A' */
    const char *name;
};

/* A link joins two squares; `number` (1 and up) stays the link's own while
 * it exists, whatever else is made or broken (0: number them in order). */
struct view_link {
    char a[8], b[8];
    int number;
    bool same; /* a and b are two places of one square (Pickle): a click on b is a click on a */
};

struct view_item {
    char text[48];
    bool current;
};

struct view_row {
    char label[48];
    int count;
    struct view_item item[VIEW_MAX_ITEMS];
};

struct view_panel {
    char title[48];
    int count;
    struct view_row row[VIEW_MAX_ROWS_PER_PANEL];
};

struct board_view {
    int area_count;
    struct view_area area[VIEW_MAX_AREAS];
    int piece_count;
    struct view_piece piece[VIEW_MAX_PIECES];
    bool has_hands;       /* the game has hands (shown even when empty) */
    int hand_count;
    struct view_hand hand[VIEW_MAX_HAND];
    int token_count;
    struct view_token token[VIEW_MAX_TOKENS];
    int link_count;
    struct view_link link[VIEW_MAX_LINKS];
    int check_count;
    char check[2][8];
    int panel_count;
    struct view_panel panel[VIEW_MAX_PANELS];
    /* What a person clicks next, when a turn is half made (Nick Danger's
     * link action after its move); "" when the clicks say it all. */
    char hint[2 * VIEW_LABEL_LEN];
};

/* The clicks of one step. `label` is set for `choice:` clicks (button text). */
struct step_clicks {
    int count;
    char click[VIEW_MAX_STEP_CLICKS][VIEW_NAME_LEN];
    char label[VIEW_MAX_STEP_CLICKS][VIEW_LABEL_LEN];
};

struct variant_view {
    /* A turn's steps after the first start where the last ended (Interweave's
     * legs): that square is not clicked again. */
    bool legs_continue;
    /* Optional: replaces the default areas (one board) with the variant's. */
    void (*areas)(const struct position *pos, struct board_view *out);
    /* Optional: adds tokens, links and panels after the default description. */
    void (*describe)(const struct position *pos, struct board_view *out);
    /* Optional: the clicks of step m in pos (the position before it); returns
     * false to use the default reading of the step's text. */
    bool (*step_clicks)(const struct position *pos, Move m, struct step_clicks *out);
    /* Optional, for a game played with its hidden setting (variant.hidden):
     * pos as the players see it, with nothing that tells the hidden value. */
    void (*describe_hidden)(const struct position *pos, struct board_view *out);
};

/* The games' view hooks (variants/NAME_view.c; Dialectic's serve Hegelian too). */
extern const struct variant_view polypiece_view, polypiece_phased_view, dialectic_view, nickdanger_view, ssq_view;

/* The variant's view (its declaration's), or the defaults' (never NULL). */
const struct variant_view *view_of(const struct variant *v);

/* Describes pos completely. */
void view_describe(const struct position *pos, struct board_view *out);
/* Describes pos as the players of a game with its setting hidden see it
 * (the view's describe_hidden; view_describe where there is none). */
void view_describe_hidden(const struct position *pos, struct board_view *out);
/* The squares and cells a turn was clicked on (for the "last turn"
 * highlight), at most `max`, in the position before it (left as it was);
 * returns the count. */
int view_turn_squares(struct position *before, const struct turn *t, char (*out)[8], int max);

/* Helpers for the hooks. An area of `files` files of the board from first_file. */
struct view_area *view_add_board(const struct position *pos, struct board_view *out, const char *id,
                                 int first_file, int files);
void view_add_piece(struct board_view *out, const struct position *pos, Square sq);
/* The clicks of step m in pos: the variant's hook, else the default. */
void view_step_clicks(const struct position *pos, Move m, struct step_clicks *out);
void view_default_step_clicks(const struct position *pos, Move m, struct step_clicks *out);
void step_clicks_add(struct step_clicks *out, const char *click, const char *label);
struct view_panel *view_add_panel(struct board_view *out, const char *title);
struct view_row *view_add_row(struct view_panel *panel, const char *label);
void view_add_item(struct view_row *row, const char *text, bool current);

/* ---- Legal turns as clicks ------------------------------------------------------ */

#define VIEW_MAX_FRAMES 8

struct view_frame {
    int after;   /* clicks */
    int index;   /* into view_turns.frames, or -1: another turn with the same clicks so far holds it */
};

struct view_turn {
    char text[TURN_TEXT_LEN];
    char clicks[VIEW_CLICKS_LEN];  /* joined by single spaces */
    int click_count;
    int frame_count;
    struct view_frame frame[VIEW_MAX_FRAMES];
};

struct view_choice {
    char click[VIEW_NAME_LEN + TURN_TEXT_LEN];
    char label[TURN_TEXT_LEN];
};

struct view_turns {
    int count, capacity;
    struct view_turn *turn;
    int frame_count, frame_capacity;
    struct board_view *frames;
    int choice_count, choice_capacity;
    struct view_choice *choice;
    char (*frame_key)[VIEW_CLICKS_LEN]; /* while being built: the clicks so far of each frame */
    int failed;                         /* while being built: out of memory */
};

/* Every legal turn of pos with its clicks, such that no turn's clicks are a
 * proper prefix of another's and no two turns have the same clicks (a
 * `choice:end` or `choice:` naming the turn is added where needed), with a
 * frame after each step that ends inside a turn. 0, or -1 out of memory. */
int view_legal_turns(struct position *pos, struct view_turns *out);
/* The same built from several positions (a game with its setting hidden:
 * the turns a player may try are those legal under any value): start, add
 * each position's legal turns (a text already there is skipped), finish
 * (0, or -1 out of memory, with out freed). */
void view_turns_start(struct view_turns *out);
int view_turns_add(struct view_turns *out, struct position *pos);
int view_turns_finish(struct view_turns *out);
void view_turns_free(struct view_turns *t);

#endif
