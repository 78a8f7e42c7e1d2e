/* Rule Zero GUI: the session's parts shared by its files (not for others).
 * Everything below `lock` is guarded by it, except `slot`, which only the
 * engine thread touches. */
#ifndef RULEZERO_GUI_INTERNAL_H
#define RULEZERO_GUI_INTERNAL_H

#include <pthread.h>

#include <cjson/cJSON.h>

#include "protocol/game.h"
#include "protocol/gui/gui_session.h"
#include "protocol/match/player.h"
#include "variants/view.h"

#define GUI_ID_LEN 32

/* One side's player process (or built-in player), as the engine thread runs it. */
/* A game's settings as an engine is told them: "NAME=VALUE" each. */
struct game_option_texts {
    int count;
    char text[GAME_MAX_OPTIONS][64 + GAME_OPTION_LEN];
};
/* The game's settings (Polypiece's lists...), which an engine process must be told (gui_engines.c). */
void gui_game_option_texts(const struct game *g, struct game_option_texts *out);
bool gui_same_option_texts(const struct game_option_texts *a, const struct game_option_texts *b);

#define GUI_ENGINE_CMD_LEN 8192
struct engine_slot {
    char id[GUI_ID_LEN];      /* player id it was started for; "" when none */
    const struct variant *variant; /* and the game it was started for */
    struct game_option_texts options; /* with these settings */
    struct limits limits;
    struct player_config cfg;
    struct player p;
    char cmd[GUI_ENGINE_CMD_LEN]; /* cfg.cmd of engine:0: this binary with its game files */
};

/* What the server knows of engine:N before it plays: found out once, at
 * start-up, on a thread of its own (gui_probe.c). */
#define GUI_MAX_VARIANTS (16 + REGISTRY_MAX_LOADED) /* the built-in games, then the files' */
enum engine_status {
    ENGINE_UNKNOWN,   /* not probed (a session without threads): offered for every game */
    ENGINE_STARTING,  /* being probed */
    ENGINE_READY,
    ENGINE_FAILED,    /* it did not start: offered for no game */
};
struct engine_info {
    enum engine_status status;
    enum player_protocol protocol;
    bool plays[GUI_MAX_VARIANTS]; /* by variant_at() index */
    char error[256];
};

/* An engine's score turned to White's side, as lichess shows it. */
struct white_score {
    enum { SCORE_NONE, SCORE_CP, SCORE_MATE } kind;
    int cp;         /* SCORE_CP: centipawns, > 0 good for White */
    int mate;       /* SCORE_MATE: moves to mate, > 0 White mates, < 0 Black mates */
    char text[16];  /* "+0.59", "0.00", "-1.20", "M3", "-M2"; "?" for none */
};

struct thinking {
    bool valid;
    Color color;    /* the side whose engine thinks */
    int depth;
    struct white_score score;
    unsigned long long nodes;
    char pv[256];
    char best[TURN_TEXT_LEN]; /* the line's first turn, in the engine's own text */
    unsigned generation;      /* of the position it was thinking about */
};

struct gui_analysis;

struct gui_session {
    struct gui_config cfg;
    gui_send_fn broadcast;
    void *broadcast_ctx;
    pthread_t thread, ticker, prober;
    bool thread_started, ticker_started, prober_started;
    struct engine_slot slot[2];       /* engine thread only */
    struct position *scratch;         /* engine thread only: the position an engine sees */
    char (*scratch_moves)[TURN_TEXT_LEN];
    struct position *view_pos;        /* for `view` and descriptions */

    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool quit;
    struct game game;
    char player_id[2][GUI_ID_LEN];    /* by colour */
    char engine_name[GUI_MAX_ENGINES + 1][64]; /* engine:N's own name, once it has started */
    struct engine_info engine_info[GUI_MAX_ENGINES + 1]; /* by N */
    struct limits limits;             /* the time control, both sides */
    bool untimed;                     /* no clock: engines move by `limits` (a movetime), people take their time */
    bool fresh[2];                    /* the side's engine must start the game anew */
    int64_t clock_ms[2];
    int64_t turn_start_ms;
    bool over;
    char result_score[8];
    char result_reason[200];
    bool paused;
    int draw_offer;                   /* the side whose draw offer stands, or -1 */
    int takeback_offer;               /* with seats: the side whose take-back request stands, or -1 */
    bool draw_to_engine;              /* it is yet to reach the engine it was made to */
    char note[200];                   /* an answer to an offer ("Rule Zero declines the draw"), until the next turn */
    unsigned generation;              /* bumps on every change of the game */
    unsigned game_number;             /* bumps when a game starts (new_game, load_fen): state.game_number */
    bool busy;                        /* the engine thread is getting a move */
    bool busy_builtin;                /* from a built-in player */
    struct player *thinking_player;   /* an engine process thinking (may be told to move now) */
    struct thinking thinking;
    char move_now_turn[TURN_TEXT_LEN]; /* move_now to an engine that `?` cannot reach: its best turn so far */
    bool move_now_pending;            /* move_now came before the engine could act on it (still starting, */
    unsigned move_now_generation;     /* no line of this search yet): acted on at its first line, if the game is this one */
    int64_t last_broadcast_ms;
    unsigned legal_generation;        /* of the cached legal turns */
    bool legal_broadcast;             /* legal turns were broadcast, */
    unsigned legal_broadcast_generation; /* for this generation */
    char *legal_json, *choices_json;
    gui_send_fn asker;                /* the page whose message is being handled; NULL: none (an engine, */
    void *asker_ctx;                  /* the clock): whom a change the store refuses is said to */
    struct gui_analysis *analysis;    /* the analysis board (gui_analysis.h) */
    struct gui_page_files *page_files; /* game files pages opened (gui_gamefiles.c); NULL: none yet */
    pthread_t analysis_thread;
    bool analysis_started;
    bool hidden;                      /* the game's hidden setting was drawn (gui_hidden.c) */
};

/* A page's message being handled (lock held): `msg` is the page's message,
 * `reply` reaches that page. Handlers return 0, or -1 after an error reply. */
struct gui_request {
    struct gui_session *s;
    const cJSON *msg;
    gui_send_fn reply;
    void *reply_ctx;
};

/* The seats' gate (gui_seats.c), lock held: may `actor` send msg? On
 * GUI_GATE_PASS, *side is the side the sender acts for (its seat's; -1 when
 * it holds both seats or none): the handler takes it, never the message's. */
enum { GUI_GATE_PASS, GUI_GATE_DONE, GUI_GATE_REFUSED };
int gui_seat_gate(const struct gui_request *r, const struct gui_actor *actor, const cJSON *msg, int *side);
/* A message's `color`: 0 when absent, 1 with *side set when "white" or
 * "black", -1 when it is anything else (another text, another JSON type). */
int gui_color_field(const cJSON *msg, int *side);

/* A game with a hidden setting (gui_hidden.c, docs/rules/partial-shifted-square.md),
 * lock held. The value a page sends for the setting to have it drawn: */
#define GUI_HIDDEN_VALUE "hidden"
/* Do `options` (a new game's) ask for v's hidden setting to be drawn? */
bool gui_hidden_asked(const struct variant *v, const cJSON *options);
/* Draws a value of v's hidden setting for the session's next game (into
 * out): 0, or -1 with why. */
int gui_hidden_value(const struct gui_session *s, const struct variant *v, char *out, size_t n, char *err,
                     size_t errlen);
/* Is the setting hidden now (drawn, and the game not over)? */
bool gui_hidden_now(const struct gui_session *s);
/* The turns a player may try: legal under some value of the setting that
 * agrees with `seen` (the players' view): 0, or -1 out of memory. */
int gui_hidden_turns(struct gui_session *s, const struct board_view *seen, struct view_turns *out);
/* The game's settings as the PGN gives them: the hidden one as `hidden` until the end. */
void gui_hidden_settings_text(const struct gui_session *s, char *out, size_t n);
/* May player `id` hold a seat of a game with a hidden setting? People and
 * CECP engines (told `NAME=hidden` and refused turns as the match runner
 * tells them); not a built-in player (it reads the hidden board) nor a UCI
 * engine (UCI cannot tell a refused turn). 0, or -1 with why. */
int gui_hidden_player_check(const struct gui_session *s, const char *id, char *err, size_t errlen);
/* The settings an engine player is told: the game's, the hidden one as `hidden` until the end. */
void gui_hidden_option_texts(const struct gui_session *s, struct game_option_texts *out);

/* Saving and restoring a whole game (gui_record.c, docs/gui-protocol.md "Saving a game"). */
#define GUI_RECORD_FORMAT "rulezero-game"
#define GUI_RECORD_VERSION 1
/* The game as a record (a JSON object that rebuilds it). */
cJSON *gui_record_json(struct gui_session *s);
int gui_on_save(const struct gui_request *r);
/* `saved` with the record to every page (lock held). */
void gui_broadcast_record(struct gui_session *s);
int gui_on_restore(const struct gui_request *r);
/* The game put back as `record` (a record's JSON text) has it, with the
 * store's hook not called and nobody told (the store's undo of a change it
 * could not write; lock held): 0, or -1 with why in err. */
int gui_record_put_back(struct gui_session *s, const char *record, char *err, size_t errlen);

/* Sends o as one message and frees it (gui_state.c). */
void gui_send_json(gui_send_fn send, void *ctx, cJSON *o);

/* Game files (gui_gamefiles.c, docs/gamefiles.md): a page's `game_file`;
 * engine:0's command, with `--variants` for every file whose games are
 * registered; the folder of the files pages opened removed (session's end). */
int gui_on_game_file(const struct gui_request *r);
void gui_self_command(const struct gui_session *s, char *out, size_t n);
void gui_page_files_free(struct gui_session *s);

/* Players (gui_players.c). */
bool gui_player_exists(const struct gui_session *s, const char *id);
bool gui_player_is_human(const char *id);
void gui_player_name(const struct gui_session *s, const char *id, char *out, size_t n);
cJSON *gui_players_json(const struct gui_session *s);
/* Remembers the name an engine gave itself (lock held). */
void gui_player_started(struct gui_session *s, const char *id, const struct player *p);
void gui_slot_configure(const struct gui_session *s, struct engine_slot *slot, const char *id,
                        const struct limits *limits);
/* N of "engine:N" (0 is this binary), or -1 for another id. */
int gui_engine_index(const struct gui_session *s, const char *id);

/* The engines' probe (gui_probe.c). Before the threads start: */
void gui_probe_init(struct gui_session *s);
void *gui_probe_thread(void *arg);
/* The player's `variants` (null while unknown), `status` and `error` (lock held). */
void gui_probe_json(const struct gui_session *s, const char *id, cJSON *player);
/* 0 when player `id` plays v, else -1 with the reason; waits for a probe
 * still running (lock held, released while waiting). */
int gui_player_check(struct gui_session *s, const char *id, const struct variant *v, char *err, size_t errlen);

/* The state (gui_state.c); with the lock held. `with_legal`: with the legal
 * turns and choices (a page has them once per generation). */
char *gui_state_text(struct gui_session *s, bool with_legal);
cJSON *gui_view_json(struct gui_session *s, int ply);
char *gui_pgn_text(struct gui_session *s);
/* Has c's clock started? As on lichess, a side's clock starts once it has
 * made its first turn: both first turns are untimed. */
bool gui_clock_started(const struct gui_session *s, Color c);
/* Is the clock of the side to move running now? */
bool gui_clock_runs(const struct gui_session *s);
int64_t gui_clock_left(const struct gui_session *s, Color c);
void gui_broadcast_state(struct gui_session *s);
/* The small `clock` message: both clocks as they stand. */
void gui_broadcast_clock(struct gui_session *s);

/* Game changes (gui_session.c), with the lock held; the messages are gui_messages.c. */
/* An engine's time per move in an untimed game (the default game's). */
#define GUI_UNTIMED_MOVETIME_MS 2000
/* The time control of an untimed game: engines get GUI_UNTIMED_MOVETIME_MS. */
void gui_untimed_limits(struct limits *l);
void gui_reset_clocks(struct gui_session *s);
void gui_check_outcome(struct gui_session *s);
/* After turns were taken back: the game goes on from there (no result, no
 * offer, no stale thinking line, the clock's turn starting now). */
void gui_after_take_back(struct gui_session *s);
/* The end of g in its position as the session rules it: the variant's
 * verdict, or a draw when the game is too long to go on (RESULT_NONE: none). */
struct outcome gui_outcome(struct game *g);
void gui_after_turn(struct gui_session *s, int64_t elapsed_ms);
void gui_set_result(struct gui_session *s, enum game_result r, const char *reason);
/* `side` lost, e.g. "loses on time": the result and everyone told. */
void gui_side_loses(struct gui_session *s, Color side, const char *how);
void gui_game_changed(struct gui_session *s);
/* What every change does before it is stored and told: a new generation,
 * the engines' thinking stopped, the waiters woken. */
void gui_game_touched(struct gui_session *s);

/* Games built and started (gui_messages.c), for new_game, load_fen and
 * restore alike; lock held. A page's `tc` (docs/gui-protocol.md): 0, or -1
 * with why in err ("bad time control: ..."). */
int gui_read_tc(const cJSON *tc, struct limits *out, bool *untimed, char *err, size_t errlen);
/* A game of v from fen ("" or NULL: the start) built aside, with the options
 * set on `settings_from` (NULL: the variant's defaults), then `options` (an
 * object NAME: VALUE, or NULL); NULL with why in err ("bad setting: ...",
 * "bad FEN: ..."). Free it with gui_free_game unless it is installed. */
struct game *gui_build_game(const struct game *settings_from, const struct variant *v, const cJSON *options,
                            const char *fen, char *err, size_t errlen);
void gui_free_game(struct game *g);
/* Puts a built game in place of the current one (which is freed; `fresh`
 * is taken over): a new game_number, no result, offers or pause, fresh
 * engines, clocks of the time control (the caller then says who plays it and
 * tells everyone). */
void gui_install_game(struct gui_session *s, struct game *fresh);

/* Resignations and draw offers (gui_offers.c), lock held. */
void gui_offers_reset(struct gui_session *s);
/* After `mover`'s turn: an offer to it lapses (declined by playing on). */
void gui_offers_after_turn(struct gui_session *s, Color mover);
/* The side draw_offer offered to gets it: a person through the page, a
 * CECP engine as `draw` from the engine thread once the engine is idle;
 * other players cannot answer and decline at once. */
void gui_deliver_draw_offer(struct gui_session *s);
/* The engine thread's half: is the offer for an idle engine, and asking it. */
bool gui_draw_exchange_due(const struct gui_session *s);
void gui_draw_exchange(struct gui_session *s);
/* An engine's `offer draw`: accepts the person's offer, or offers one (lock held). */
void gui_engine_offers_draw(struct gui_session *s, Color side, unsigned generation);
/* The game ends drawn by agreement. */
void gui_draw_agreed(struct gui_session *s);

/* An engine's output line: its thinking, if it is some (gui_thinking.c).
 * `line_ctx` of the player is a struct line_ctx. */
struct line_ctx {
    struct gui_session *s;
    Color color;
    unsigned generation;
};
/* The thinker's own score from White's side: `value` is centipawns, or with
 * is_mate the moves to mate (> 0 when the thinker mates); `thinker` is the side
 * whose engine spoke. */
void gui_white_score(Color thinker, bool is_mate, int value, struct white_score *out);
/* A CECP score: centipawns, or 100000 + N / -100000 - N for mate in N moves
 * (the protocol's convention, which Rule Zero follows). */
void gui_cecp_score(Color thinker, int score, struct white_score *out);
/* A thinking line, CECP or UCI, into t (t->color set by the caller first). */
bool gui_parse_thinking(const char *line, struct thinking *t);
/* Rewrites an engine's line of turns (its own texts) in the game's readable notation, from `from`. */
void gui_readable_pv(const struct position *from, struct position *scratch, char *pv, size_t n);
void gui_on_engine_line(void *line_ctx, const char *line);

/* The engine thread (gui_engines.c). */
void *gui_engine_thread(void *arg);
void *gui_ticker_thread(void *arg); /* clock ticks and a person's flag fall */
/* What the ticker does every 250 ms: a person's flag fall, the once-a-second clock update (lock held). */
void gui_tick(struct gui_session *s);
void gui_interrupt_engine(struct gui_session *s);

/* Move now (lock held): the engine to move plays its best turn as soon as it
 * has one. -1 when no engine is to move (a person's turn, a built-in player,
 * the game over or paused). */
int gui_move_now(struct gui_session *s);

/* An engine's line of the search now running arrived (lock held): a pending
 * move_now is acted on. */
void gui_move_now_on_line(struct gui_session *s);

/* Waiting (gui_wait.c with threads, protocol/web/session_web.c in the
 * browser, where the engine thread's loop is the one coroutine that waits). */
/* Waits for at most ms, or until gui_wake (lock held, released meanwhile). */
void gui_wait_ms(struct gui_session *s, int ms);
/* Wakes every waiter: the game, an offer or the analysis changed (lock held). */
void gui_wake(struct gui_session *s);
/* A built-in player runs in this process on a copy of the game's position,
 * which refers to the game's settings (Polypiece's power lists): replacing
 * the game, which frees them, waits until it has moved (lock held). */
void gui_wait_for_builtin(struct gui_session *s);

#endif
