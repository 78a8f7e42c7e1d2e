/* Rule Zero GUI: the HTTP and WebSocket server (civetweb) in front of a
 * session: the page's files, /api/state, /game.pgn, /rules/NAME and /ws,
 * with the Host/Origin check against DNS rebinding. */
#ifndef RULEZERO_GUI_SERVER_H
#define RULEZERO_GUI_SERVER_H

#include <stdbool.h>
#include <stdint.h>

#include "protocol/gui/gui_session.h"

struct gui_server;

#define GUI_DEFAULT_CONNECTIONS 32 /* WebSockets open at once */
#define GUI_DEFAULT_PER_ADDRESS 8   /* with a lobby: WebSockets open at once from one address */
#define GUI_DEFAULT_IDLE_S 600      /* with a lobby: a page holding no seat that sends nothing this long is closed */

struct gui_server_options {
    const char *host;
    int port;               /* 0: any free port */
    const char *db_path;    /* with seats and a lobby, the games kept in this file; NULL: one person's game */
    int max_games;          /* with a lobby (0: GUI_DEFAULT_MAX_GAMES) */
    int max_connections;    /* WebSockets (0: GUI_DEFAULT_CONNECTIONS) */
    const char *public_url; /* the address people use (a TLS proxy's): its Host and Origin are ours too */
    bool *db_in_use;        /* NULL, or set when the start failed as another server holds db_path */
    int per_address;        /* with a lobby: WebSockets from one address (0: GUI_DEFAULT_PER_ADDRESS) */
    int idle_s;             /* with a lobby: idle time of a page holding no seat (0: GUI_DEFAULT_IDLE_S) */
    int games_per_address;  /* with a lobby: the rest as struct gui_lobby_config says (0: its defaults) */
    int max_engine_games;
    int64_t unstarted_s, abandoned_s;
};

/* Listens as o says. NULL with a message. */
struct gui_server *gui_server_start_with(const struct gui_server_options *o, const struct gui_config *cfg, char *err,
                                         size_t errlen);
/* Listens on host:port (port 0: any free port), one person's game. NULL with a message. */
struct gui_server *gui_server_start(const char *host, int port, const struct gui_config *cfg, char *err,
                                    size_t errlen);
/* The port it listens on. */
int gui_server_port(const struct gui_server *srv);
void gui_server_stop(struct gui_server *srv);

#endif
