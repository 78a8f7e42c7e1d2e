/* Rule Zero: one side of a match game, as the runner sees it: an engine
 * process speaking CECP or UCI, or a built-in baseline player. The runner
 * owns the rules and the clocks; a player only proposes turns. */
#ifndef RULEZERO_PLAYER_H
#define RULEZERO_PLAYER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/baseline.h"
#include "variants/core/turn.h"
#include "protocol/match/engine_proc.h"

enum player_protocol { PROTO_AUTO, PROTO_CECP, PROTO_UCI, PROTO_BUILTIN };

#define PLAYER_MAX_OPTIONS 32

/* How each move is limited (one of them). */
enum limit_kind { LIMIT_CLOCK, LIMIT_MOVETIME, LIMIT_NODES, LIMIT_DEPTH };

struct limits {
    enum limit_kind kind;
    int moves_per_session;   /* clock: 0 = whole game */
    int64_t base_ms, inc_ms; /* clock */
    int64_t movetime_ms;     /* movetime */
    uint64_t nodes;
    int depth;
};

struct player_config {
    const char *cmd;                 /* command line, or "builtin:random|greedy" */
    char name[64];
    enum player_protocol protocol;
    int option_count;
    const char *options[PLAYER_MAX_OPTIONS]; /* "NAME=VALUE" */
    struct limits limits;            /* how this player's moves are limited */
    bool ponder;                     /* --ponder: think on the opponent's time */
    char tc_text[64];                /* its clock in PGN form, "-" without one */
};

/* The game as a player needs to see it. */
struct game_view {
    const struct variant *variant;
    const char *start_fen;
    bool standard_start;     /* start_fen is the variant's start position */
    int nmoves;              /* turns played so far (opening included) */
    char (*moves)[TURN_TEXT_LEN];
    struct position *pos;    /* the current position (read-only for engines) */
    const struct limits *limits[2]; /* by colour */
    int64_t clock_ms[2];     /* remaining, by colour (clock limits) */
    int moves_to_go[2];      /* clock with sessions: own moves to the next control */
};

enum reply_kind {
    REPLY_MOVE,      /* move holds the text */
    REPLY_RESIGN,    /* the player gave up */
    REPLY_CLAIM,     /* a result claimed instead of a move; text holds it */
    REPLY_TIMEOUT,   /* nothing before the deadline */
    REPLY_CRASH,     /* the process ended; text says how */
    REPLY_ERROR,     /* protocol trouble (rejected our legal move, bestmove (none)) */
};

struct reply {
    enum reply_kind kind;
    char move[TURN_TEXT_LEN];
    char text[256];
};

struct player {
    const struct player_config *cfg;
    enum player_protocol protocol;
    bool running;
    bool debug;
    int64_t handshake_ms;
    /* Optional: sees every line the engine writes (the GUI shows its thinking);
     * when set, a CECP engine is also asked to `post` its thinking. */
    void (*on_line)(void *ctx, const char *line);
    void *line_ctx;
    struct engine_proc proc;
    char engine_name[64];    /* from the engine (myname / id name) */
    char label[160];         /* player_label's text */
    /* CECP */
    bool ping, setboard, usermove;
    bool any_feature;        /* a feature line came during the handshake */
    char variants[1024];
    int ping_id;
    bool forced;             /* in force mode (not playing a side) */
    int known;               /* game turns the engine has been told or made */
    /* UCI */
    char uci_variants[2048]; /* the UCI_Variant combo's choices */
    bool has_uci_variant;
    bool pondering;          /* a `go ponder` runs on the position after ponder_move */
    int ponder_nmoves;       /* game turns in that position */
    char ponder_best[TURN_TEXT_LEN], ponder_move[TURN_TEXT_LEN];
    /* built-in */
    enum baseline_kind baseline;
    uint64_t rng;
};

/* Copies src into dst (n bytes with the NUL), cutting it when too long. */
static inline void text_copy(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n)
        len = n - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

/* The player's name for messages: the one given (--engine-name), else the
 * engine's own (myname, id name) with its command when they differ, else
 * the command. */
const char *player_label(struct player *p);

/* Protocol of a command by probing it: `uci`, answered by `uciok`; an
 * engine silent for wait_ms is asked `xboard` and `protover 2` as well and
 * given up to twice wait_ms in all to answer either (player.c). */
enum player_protocol player_detect(const struct player_config *cfg, int64_t wait_ms, bool debug);

/* Starts the process and does the handshake; selects the variant and sets
 * the options. 0, or -1 with a message. */
int player_start(struct player *p, const struct player_config *cfg, const struct variant *v, char *err,
                 size_t errlen);
/* Does a started player play the game `variant_id`? Built-in players play
 * every game, engines orthodox chess ("normal") and what they announce: a
 * CECP engine its `feature variants` (every game when it sends none, as the
 * protocol says), a UCI engine its UCI_Variant choices. */
bool player_plays(const struct player *p, const char *variant_id);
/* Prepares a new game (position, limits). 0, or -1 with a message. */
int player_new_game(struct player *p, const struct game_view *g, uint64_t seed, char *err, size_t errlen);
/* Asks for a turn for the side to move, waiting until `deadline` (clock_ms). */
void player_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r);
/* A game with a hidden setting: tells the player its turn `move` is refused
 * (`Illegal move (no such turn): M`, CECP only) and waits for another, as
 * player_move does. */
void player_refused(struct player *p, const struct game_view *g, const char *move, int64_t deadline,
                    struct reply *r);
/* Tells the player the game ended. */
void player_game_over(struct player *p, const char *result, const char *reason);
void player_quit(struct player *p);

/* Protocol-specific halves (cecp_client.c, uci_client.c). */
bool cecp_plays(const struct player *p, const char *variant_id);
/* Offers the engine a draw (`draw`) and waits for its answer up to a `ping`'s
 * `pong` (without ping, a second): 1 accepted (`offer draw`), 0 not, -1
 * with r filled (no answer, crash). Every line goes to on_line as usual. */
int cecp_offer_draw(struct player *p, int64_t deadline, struct reply *r);
bool uci_plays(const struct player *p, const char *variant_id);
int cecp_start(struct player *p, const struct variant *v, char *err, size_t errlen);
int cecp_new_game(struct player *p, const struct game_view *g, char *err, size_t errlen);
void cecp_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r);
void cecp_game_over(struct player *p, const char *result, const char *reason);
void cecp_refused(struct player *p, const struct game_view *g, const char *move, int64_t deadline, struct reply *r);
int uci_start(struct player *p, const struct variant *v, char *err, size_t errlen);
int uci_new_game(struct player *p, const struct game_view *g, char *err, size_t errlen);
void uci_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r);

/* Shared helper: reads one line, turning EOF and timeout into a reply.
 * Returns 1 with a line, 0 after filling r (timeout or crash). */
int player_read(struct player *p, char *line, size_t n, int64_t deadline, struct reply *r);

#endif
