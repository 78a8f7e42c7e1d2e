/* Rule Zero: the variant interface (core). Everything that differs between
 * games sits behind one of these entries; the core (FEN, turns, keys, the
 * validator), search, perft and the protocols call only through it (no
 * `if (variant == X)` outside variants/). It holds only what the core and
 * the search read: how a front end shows a game (XBoard's set-up and turn
 * forms, the GUI's names, images, rules card and view) is in each game's
 * declaration, in the rules layer (variants/game_decl.h); the entries and
 * their registry are there too (variants/registry.h). */
#ifndef RULEZERO_ENGINE_VARIANT_H
#define RULEZERO_ENGINE_VARIANT_H

#include <assert.h>

#include "variants/core/board.h"
#include "variants/core/position.h"

#define VARIANT_ERR_LEN 256

enum game_result {
    RESULT_NONE = 0,   /* game goes on */
    RESULT_WHITE_WINS,
    RESULT_BLACK_WINS,
    RESULT_DRAW,
};

struct outcome {
    enum game_result result;
    const char *reason; /* e.g. "White mates", "Stalemate" */
};

/* The outcome when the side to move has no legal step: mated when in check,
 * else stalemate (a draw). None while it has steps. */
static inline struct outcome outcome_without_steps(Color side, bool in_check, int legal_steps)
{
    struct outcome o = {RESULT_NONE, NULL};
    if (legal_steps > 0)
        return o;
    if (!in_check)
        return (struct outcome){RESULT_DRAW, "Stalemate"};
    o.result = side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    o.reason = side == WHITE ? "Black mates" : "White mates";
    return o;
}

/* A game setting (e.g. Polypiece's power lists), offered as a CECP `option`
 * feature, a UCI option and a command-line flag. */
struct variant_option {
    const char *name;        /* e.g. "Powers" */
    const char *type;        /* "string", "spin", "check" or "combo" */
    const char *default_value;
    const char *choices;     /* combo: "a /// b"; spin: "MIN MAX"; else NULL */
};

/* How a threefold repetition ends the game. */
enum repetition_rule {
    REPETITION_DRAWS = 0,
    REPETITION_LOSES_FOR_MOVER, /* Interweave: the player who makes it loses */
};

/* One weight of a variant's evaluation, by name, for the tuner (`rulezero
 * tune`) and for weights files (`--weights`): the evaluation reads *value. */
struct eval_param {
    const char *name;          /* e.g. "HandBonusPercent" */
    int *value;
    int default_value, min, max;
};

/* A variant's tunable weights. `changed` (optional) recomputes whatever the
 * evaluation derives from them; call it through eval_params_changed() after
 * setting values. */
struct eval_params {
    struct eval_param *params;
    int count;
    void (*changed)(void);
};

/* Partial information (docs/rules/partial-shifted-square.md): the setting
 * `option` may be asked for as `hidden`; the referee (the GUI server, the
 * match runner) then draws one of its `count` values uniformly, tells no
 * player, refuses a tried turn the hidden rules do not allow ("no such
 * turn") and shows the position through the view's `describe_hidden`. */
#define HIDDEN_VALUE "hidden" /* the value that asks for the setting to be drawn and hidden */
struct hidden_setting {
    const char *option;
    int count;
    /* The index-th value (0 .. count-1) as the setting reads it. */
    void (*value)(int index, char *out, size_t n);
};

struct variant {
    const char *id;           /* as in `--variant` and CECP `variant` */
    const char *title;        /* human name */

    /* Geometry: files a.. (file_col maps a file to its mailbox column) and ranks 1.. */
    struct geometry geo;
    const char *start_fen;
    const char *const *bench_fens; /* positions of `rulezero bench`, NULL-terminated */
    int bench_depth;               /* bench's default search depth (about a second for all positions) */

    /* Piece letters by type index (White's, upper case); index 0 unused. */
    const char *piece_letters;
    int royal_type;            /* tracked in king_sq[]; 0 when the game has none */
    bool has_hands;            /* FEN holdings `[...]` after the placement */
    bool has_castling;         /* castling field may be other than `-` */
    int ext_size;              /* bytes of position->ext the variant uses */
    bool steps_are_turns;      /* every step completes a turn (perft counts steps) */
    /* Standard Algebraic Notation names its turns (variants/core/san.h): single
     * steps, pieces by piece_letters, the Pawn 'P', castling MK_CASTLE. */
    bool has_san;

    /* Position set-up. `reset_rules` points pos->rules at this variant's
     * default rules (a game with its own settings gives its own value, see
     * variants/core/settings.h); `read_extra` reads the FEN fields after the sixth
     * (n may be 0: use the start-of-game defaults) and `validate` checks the
     * whole position. Both return 0, or -1 with a message naming the field. */
    void (*reset_rules)(struct position *pos);
    int (*read_extra)(struct position *pos, char *const *fields, int n, char *err, size_t errlen);
    int (*validate)(struct position *pos, char *err, size_t errlen);
    void (*write_extra)(const struct position *pos, char *out, size_t n);
    /* Key of the variant-owned state, for computing a key from scratch. */
    uint64_t (*ext_key)(const struct position *pos);
    /* Optional, for the debug validator (position_ok): whether the
     * variant-owned state is consistent with the board. Keep it cheap: Debug
     * builds call it after every make and unmake. */
    bool (*state_ok)(const struct position *pos);
    /* Optional: the square the piece lists hold for the piece on sq, when a
     * piece may stand on two locations at once (NULL: sq itself). */
    Square (*listed_square)(const struct position *pos, Square sq);
    /* Optional: read and write an en-passant field (NULL: a plain square or `-`). */
    int (*read_ep)(struct position *pos, const char *field, char *err, size_t errlen);
    void (*write_ep)(const struct position *pos, char *out, size_t n);

    /* Rules. `generate` lists the legal steps of the side to move. */
    void (*generate)(struct position *pos, struct move_list *list);
    void (*make)(struct position *pos, Move m);
    void (*unmake)(struct position *pos, Move m);
    bool (*in_check)(const struct position *pos);
    bool (*is_capture)(const struct position *pos, Move m);
    /* Called when the side to move has no legal step, or to ask whether the
     * game is already decided before generating (variant-specific wins). */
    struct outcome (*outcome)(struct position *pos, int legal_steps);
    /* Optional fast count of the legal turns (perft's last ply); NULL = generic. */
    uint64_t (*count_turns)(struct position *pos);

    /* Text of one step, in the variant's notation (a turn joins its steps with ','). */
    void (*format_step)(const struct position *pos, Move m, char *out, size_t n);
    /* Optional: the readable text of step `index` (0 = the first) of a turn,
     * in the position before that step (variants/core/notation.h): a turn's readable
     * text is its steps' texts one after the other, then a check mark. The
     * texts must tell every legal turn apart and differ from every other
     * turn's coordinate text. NULL: the coordinate text. */
    void (*notation_step)(struct position *pos, Move m, int index, char *out, size_t n);

    /* Evaluation from the side to move's point of view, in centipawns. */
    int (*evaluate)(const struct position *pos);
    /* Optional: its weights by name (variants/core/eval_params.h); NULL: none. */
    const struct eval_params *eval_params;

    /* Search. Optional list of the forcing steps for quiescence (NULL: the
     * captures among `generate`). Null-move pruning only where it is sound
     * (not with compulsory captures or zugzwang-heavy rules). */
    void (*generate_noisy)(struct position *pos, struct move_list *list);
    bool allow_null_move;
    /* Captures are compulsory (Interweave): when `generate_noisy` gives any
     * step, those are the only legal ones, so quiescence searches them all
     * instead of standing pat on a position the side to move must leave. */
    bool captures_compulsory;
    /* Optional: whether captures are compulsory under pos's settings (a game
     * setting may make them optional); NULL: `captures_compulsory` holds. */
    bool (*captures_compulsory_at)(const struct position *pos);
    /* Optional key bits for the transposition table only: state that changes
     * which moves are legal but is not part of the FEN (Dialectic's history of
     * dialectic positions). The search probes with pos->key ^ tt_key_extra(pos). */
    uint64_t (*tt_key_extra)(const struct position *pos);
    /* Optional: the learned evaluation's inputs for this game's own state
     * beyond its board's squares and hands (input layout 2, engine/nnue.h):
     * `nnue_state_count` of them (the same under every setting);
     * `nnue_state_active` writes those active in pos from view's side (each
     * 0..count-1, at most 96) and returns how many. NULL: none. */
    int nnue_state_count;
    int (*nnue_state_active)(const struct position *pos, Color view, int *out);
    /* Centipawn value of each piece type, for move ordering (NULL: all equal). */
    const int *piece_values;
    /* Optional static exchange evaluation of a capture or promotion m: the
     * centipawns the side to move gains when both sides then capture on m's
     * target, cheapest piece first, each free to stop (< 0: the step loses
     * material). Only where m ends the turn or the estimate stays meaningful
     * (NULL: the search orders by MVV-LVA and prunes no capture by it). */
    int (*see)(const struct position *pos, Move m);
    bool has_check;          /* check extension and "in check" make sense */
    enum repetition_rule repetition;

    /* Game settings. A variant with options makes one rules value per game
     * (`rules_new`, with the defaults; NULL with a message when out of
     * memory), which positions of that game point at (pos->rules);
     * `set_option` changes that value: 0, or -1 with a message (the old value
     * stays). Variants without options leave these NULL. */
    const struct variant_option *options;
    int option_count;
    /* The settings change the board itself (Pickle's Link, Shift): a game in
     * progress cannot go on under new ones, so a front end that sets one
     * starts the game again from its start position (game_set_option). */
    bool options_change_board;
    void *(*rules_new)(char *err, size_t errlen);
    /* Optional, in place of rules_new: the same for the entry v (a game
     * declared in a file, variants/family.h, finds its declaration from it). */
    void *(*rules_new_for)(const struct variant *v, char *err, size_t errlen);
    void (*rules_free)(void *rules);
    int (*set_option)(void *rules, const char *name, const char *value, char *err, size_t errlen);
    /* Current value of a setting, for display. */
    void (*get_option)(const void *rules, const char *name, char *out, size_t n);
    /* Optional: a setting that may be played hidden (above); NULL: none. */
    const struct hidden_setting *hidden;
    /* The object this entry was made from, for its own hooks (a game of a
     * game file: its family_game, variants/family.h); NULL for a C game.
     * Hooks reach their game through it, not through the entry's address,
     * so a copy of the entry (a test's variant with one rule changed)
     * still plays. */
    const void *owner;
};

/* Whether captures are compulsory in pos's game (its settings included). */
static inline bool variant_captures_compulsory(const struct position *pos)
{
    const struct variant *v = pos->variant;
    return v->captures_compulsory_at ? v->captures_compulsory_at(pos) : v->captures_compulsory;
}

/* Make and unmake a step through the table. Debug and sanitizer builds
 * (no NDEBUG) check the whole position after each with position_ok. */
static inline void variant_make(struct position *pos, Move m)
{
    pos->variant->make(pos, m);
    assert(position_ok(pos));
}

static inline void variant_unmake(struct position *pos, Move m)
{
    pos->variant->unmake(pos, m);
    assert(position_ok(pos));
}

#endif
