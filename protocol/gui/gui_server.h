/* Rule Zero GUI: the HTTP and WebSocket server (civetweb) in front of a
 * session: the page's files, /api/state, /game.pgn, /rules/NAME and /ws,
 * with the Host/Origin check against DNS rebinding. */
#ifndef RULEZERO_GUI_SERVER_H
#define RULEZERO_GUI_SERVER_H

#include "protocol/gui/gui_session.h"

struct gui_server;

/* Listens on host:port (port 0: any free port). NULL with a message. */
struct gui_server *gui_server_start(const char *host, int port, const struct gui_config *cfg, char *err,
                                    size_t errlen);
/* The port it listens on. */
int gui_server_port(const struct gui_server *srv);
void gui_server_stop(struct gui_server *srv);

#endif
