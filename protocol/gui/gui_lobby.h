/* Rule Zero GUI: many games at once, with seats (`rulezero gui --db FILE`,
 * docs/gui-protocol.md "Seats"). Each game is a session of its own (its
 * settings, clocks, engines and threads: gui_session.h), its White seat,
 * Black seat and creator each known by a secret (gui_secret.h), and kept in
 * SQLite (gui_store.h) after every change, before anyone is told. The lobby
 * lists the games; a page on a game watches it, and plays what its seats
 * allow. The server (gui_server.c) says who a page is from its cookies. */
#ifndef RULEZERO_GUI_LOBBY_H
#define RULEZERO_GUI_LOBBY_H

#include <stdint.h>

#include "protocol/gui/gui_secret.h"
#include "protocol/gui/gui_session.h"

#define GUI_DEFAULT_MAX_GAMES 100
#define GUI_DEFAULT_GAMES_PER_ADDRESS 10  /* games held at once that one address created */
#define GUI_DEFAULT_ENGINE_GAMES 2        /* games held at once where no seat is a person's, unfinished */
#define GUI_DEFAULT_UNSTARTED_S 86400     /* a game without a turn is removed this long after its creation */
#define GUI_DEFAULT_ABANDONED_S 604800    /* a game is removed this long after its last turn */
#define GUI_MAX_DAYS_PER_MOVE 60

struct gui_lobby;
struct gui_game;

/* Sends text to every page on game g, or (g NULL) to every page on the lobby. */
typedef void (*gui_game_send_fn)(void *ctx, struct gui_game *g, const char *text, size_t len);

/* Each 0: its default. A game by correspondence gets its days per move on
 * top of unstarted_s and abandoned_s. */
struct gui_lobby_config {
    const char *db_path;
    int max_games;
    bool *db_in_use; /* NULL, or set when the open failed as another server holds db_path (gui_store_lock) */
    int games_per_address;
    int max_engine_games;
    int64_t unstarted_s, abandoned_s;
};

/* Opens the database and restores every game in it: NULL with why in err. */
struct gui_lobby *gui_lobby_open(const struct gui_config *cfg, const struct gui_lobby_config *lc, gui_game_send_fn send,
                                 void *send_ctx, char *err, size_t errlen);
/* After the last page is gone. */
void gui_lobby_close(struct gui_lobby *l);

/* Game `id` with a reference taken (release it), or NULL. */
struct gui_game *gui_lobby_find(struct gui_lobby *l, const char *id);
void gui_lobby_release(struct gui_lobby *l, struct gui_game *g);
const char *gui_game_id(const struct gui_game *g);

/* What a page holding these cookies' values (NULL: none) may do. */
void gui_game_role(const struct gui_game *g, const char *creator_key, const char *seat_key, struct gui_actor *out);
/* A link's key: 'c' the creator's (and seat_out the secret of the creator's
 * seat, "" when none), 's' a seat's (seat_out: the key), 0 neither. */
int gui_game_link_key(const struct gui_game *g, const char *key, char seat_out[GUI_SECRET_LEN]);

/* A message from a page on the lobby (g NULL) or on game g, from `actor`. */
void gui_lobby_handle(struct gui_lobby *l, struct gui_game *g, const struct gui_actor *actor, const char *data,
                      size_t len, gui_send_fn reply, void *reply_ctx);
/* The `games` message (the lobby's list) and a game's state and PGN (malloc'd). */
char *gui_lobby_games_text(struct gui_lobby *l);
char *gui_game_state_text(struct gui_game *g);
char *gui_game_pgn_text(struct gui_game *g);
/* The correspondence games' deadlines, and the games expired removed (the
 * server calls it every second). */
void gui_lobby_tick(struct gui_lobby *l);

#endif
