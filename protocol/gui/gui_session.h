/* Rule Zero GUI: the game a `rulezero gui` server holds, refereed with the
 * game object (protocol/game.h), its players (protocol/match/player.h: people,
 * engine processes, built-in players), clocks and the engine's thinking; and
 * the handler of the page's messages (docs/gui-protocol.md). Engines move on
 * a thread of the session's own; every entry point is thread-safe. */
#ifndef RULEZERO_GUI_SESSION_H
#define RULEZERO_GUI_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#define GUI_MAX_ENGINES 8
#define GUI_MAX_MESSAGE (64 * 1024)

/* Sends one message (JSON text) to one client or to all of them. */
typedef void (*gui_send_fn)(void *ctx, const char *text, size_t len);

struct gui_session;

struct gui_config {
    const char *self_cmd;            /* command of engine:0 (this binary as a CECP engine); NULL: none */
    int engine_count;                /* engine:1.. */
    const char *engines[GUI_MAX_ENGINES];
    bool debug;                      /* engine traffic on standard error */
    int engine_wait_ms;              /* longest wait for a move without a clock (default 60000) */
    bool no_threads;                 /* tests and fuzzing: no engine or clock thread (engines never move) */
    bool records;                    /* after every change of the game, every page gets `saved` (the browser build stores it) */
    const char *site;                /* the PGN's Site tag; NULL: "localhost" (the native server) */
    /* A game file a page opens (`game_file`) is written to a folder of the
     * session's own, which engine:0 reads with --variants (the native server);
     * false: the engines get its text otherwise (the browser build's workers). */
    bool game_files_on_disk;
    /* After every change of the game, with the session's lock held and before
     * any page is told of it: a server with a database writes it there
     * (gui_lobby.c) and returns once it is on the disk (0); when it cannot,
     * it puts the game back as it was last written, tells the pages why and
     * returns -1: nobody is told of the change. NULL: nothing. */
    int (*store)(void *store_ctx, struct gui_session *s);
    void *store_ctx;
    /* Tests: the hidden settings (docs/rules/partial-shifted-square.md) are
     * drawn from this seed and the game's number; 0: from the system's
     * random source. */
    unsigned long long hidden_seed;
    /* One page plays both sides and there are no seats (the browser build):
     * a game with a hidden setting is refused, as both players would see
     * the same page. */
    bool one_page;
};

/* Who sent a message, in a server with seats (gui_lobby.c, docs/gui-protocol.md
 * "Seats"). A one-person server passes none: its page may do everything. */
struct gui_actor {
    bool plays[2];   /* holds the White (0), the Black (1) seat */
    bool creator;    /* created the game */
    char address[48]; /* where it comes from, as the limits per address count it ("": unknown) */
};

struct gui_session;

/* NULL out of memory. `broadcast` reaches every connected page. */
struct gui_session *gui_session_new(const struct gui_config *cfg, gui_send_fn broadcast, void *broadcast_ctx);
/* Stops the engines and the session's thread. */
void gui_session_free(struct gui_session *s);

/* Handles one message from a page: answers that page through `reply` and
 * every page through the broadcast. Bad input gets an `error` reply and
 * leaves the game as it was. */
void gui_session_handle(struct gui_session *s, const char *data, size_t len, gui_send_fn reply, void *reply_ctx);
/* The same from `actor` (NULL: anyone): a message its seats do not allow is
 * refused with an `error` ("refused: ...") and changes nothing. */
void gui_session_handle_as(struct gui_session *s, const char *data, size_t len, gui_send_fn reply, void *reply_ctx,
                           const struct gui_actor *actor);

/* Sends one page an `error` message (docs/gui-protocol.md) with this text. */
void gui_send_error(gui_send_fn send, void *ctx, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The current `state` message, and the game as PGN (malloc'd text). */
char *gui_session_state(struct gui_session *s);
char *gui_session_pgn(struct gui_session *s);

#endif
