#include "protocol/gui/gui_server.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <civetweb.h>

#include "protocol/gui/gui_assets.h"
#include "protocol/gui/gui_rules.h"

#define MAX_CLIENTS 32

struct gui_server {
    struct mg_context *ctx;
    struct gui_session *session;
    char host[64];
    int port;
    pthread_mutex_t lock; /* the client list */
    struct mg_connection *client[MAX_CLIENTS];
    int client_count;
};

/* ---- Who may ask -------------------------------------------------------------------------- */

/* Host (or Origin without its scheme) names this server: its address, or the
 * loopback names when it listens on the loopback address or on every address
 * (0.0.0.0: then only the loopback names, since no other name is known). */
static bool is_our_host(const struct gui_server *srv, const char *host)
{
    char want[96];
    const char *names[] = {srv->host, "127.0.0.1", "localhost", "[::1]"};
    bool loopback = strcmp(srv->host, "127.0.0.1") == 0 || strcmp(srv->host, "localhost") == 0 ||
                    strcmp(srv->host, "0.0.0.0") == 0;
    for (int i = 0; i < (loopback ? 4 : 1); i++) {
        snprintf(want, sizeof want, "%s:%d", names[i], srv->port);
        if (strcasecmp(host, want) == 0)
            return true;
    }
    return false;
}

static bool request_allowed(const struct gui_server *srv, const struct mg_connection *conn)
{
    const char *host = mg_get_header(conn, "Host");
    const char *origin = mg_get_header(conn, "Origin");
    if (!host || !is_our_host(srv, host))
        return false;
    if (!origin)
        return true;
    const char *scheme = "http://";
    return strncasecmp(origin, scheme, strlen(scheme)) == 0 && is_our_host(srv, origin + strlen(scheme));
}

/* ---- HTTP ---------------------------------------------------------------------------------------- */

static void respond(struct mg_connection *conn, int status, const char *reason, const char *type, const void *body,
                    size_t len, const char *extra_headers, bool head)
{
    mg_printf(conn,
              "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
              "X-Content-Type-Options: nosniff\r\n%sConnection: close\r\n\r\n",
              status, reason, type, len, extra_headers ? extra_headers : "");
    if (!head && len)
        mg_write(conn, body, len);
}

static void respond_text(struct mg_connection *conn, int status, const char *reason, const char *text)
{
    respond(conn, status, reason, "text/plain; charset=utf-8", text, strlen(text), NULL, false);
}

static void respond_owned(struct mg_connection *conn, char *body, const char *type, const char *extra, bool head)
{
    if (!body) {
        respond_text(conn, 500, "Internal Server Error", "out of memory\n");
        return;
    }
    respond(conn, 200, "OK", type, body, strlen(body), extra, head);
    free(body);
}

/* The rules of a game as HTML: /rules/NAME.html (NAME.html is what `page` holds). */
static int rules_page(struct mg_connection *conn, const char *page, bool head)
{
    char name[48];
    size_t len = strlen(page) - 5; /* without ".html" */
    bool missing = true;
    char *html = NULL;
    if (len < sizeof name) {
        memcpy(name, page, len);
        name[len] = '\0';
        html = gui_rules_name_ok(name) ? gui_rules_html(name, &missing) : NULL;
    }
    if (missing) {
        respond_text(conn, 404, "Not Found", "not found\n");
        return 404;
    }
    /* The page is cmark's safe output; the policy is a second lock: no script, no outside file. */
    int status = html ? 200 : 500;
    respond_owned(conn, html, "text/html; charset=utf-8",
                  "Content-Security-Policy: default-src 'none'; style-src 'self'; img-src 'self'\r\n", head);
    return status;
}

static int http_handler(struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    const struct mg_request_info *ri = mg_get_request_info(conn);
    if (!request_allowed(srv, conn)) {
        respond_text(conn, 403, "Forbidden", "Host or Origin is not this server\n");
        return 403;
    }
    bool head = strcmp(ri->request_method, "HEAD") == 0;
    if (!head && strcmp(ri->request_method, "GET") != 0) {
        respond_text(conn, 405, "Method Not Allowed", "only GET\n");
        return 405;
    }
    const char *uri = ri->local_uri ? ri->local_uri : "/";
    if (strcmp(uri, "/api/state") == 0) {
        respond_owned(conn, gui_session_state(srv->session), "application/json", NULL, head);
        return 200;
    }
    if (strcmp(uri, "/game.pgn") == 0) {
        respond_owned(conn, gui_session_pgn(srv->session), "application/x-chess-pgn",
                      "Content-Disposition: attachment; filename=\"game.pgn\"\r\n", head);
        return 200;
    }
    if (strncmp(uri, "/rules/", 7) == 0 && strlen(uri) > 12 && strcmp(uri + strlen(uri) - 5, ".html") == 0)
        return rules_page(conn, uri + 7, head);
    const char *name = strcmp(uri, "/") == 0 ? "index.html" : uri + 1;
    const struct gui_asset *a = gui_asset_find(name);
    if (!a || strstr(name, "..")) {
        respond_text(conn, 404, "Not Found", "not found\n");
        return 404;
    }
    respond(conn, 200, "OK", gui_asset_mime(name), a->data, a->size, NULL, head);
    return 200;
}

/* ---- WebSocket ---------------------------------------------------------------------------------- */

static void send_to_client(void *ctx, const char *text, size_t len)
{
    mg_websocket_write(ctx, MG_WEBSOCKET_OPCODE_TEXT, text, len);
}

static void send_to_all(void *ctx, const char *text, size_t len)
{
    struct gui_server *srv = ctx;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        mg_websocket_write(srv->client[i], MG_WEBSOCKET_OPCODE_TEXT, text, len);
    pthread_mutex_unlock(&srv->lock);
}

static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    if (!request_allowed(srv, conn))
        return 1;
    pthread_mutex_lock(&srv->lock);
    bool full = srv->client_count >= MAX_CLIENTS;
    pthread_mutex_unlock(&srv->lock);
    return full ? 1 : 0;
}

static void ws_ready(struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    pthread_mutex_lock(&srv->lock);
    if (srv->client_count < MAX_CLIENTS)
        srv->client[srv->client_count++] = conn;
    pthread_mutex_unlock(&srv->lock);
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
    struct gui_server *srv = cbdata;
    int opcode = bits & 0x0F;
    if (opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
        return 0;
    if (opcode != MG_WEBSOCKET_OPCODE_TEXT && opcode != MG_WEBSOCKET_OPCODE_BINARY)
        return 1; /* ping, pong, continuation: civetweb's business */
    gui_session_handle(srv->session, data, len, send_to_client, conn);
    return 1;
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        if (srv->client[i] == conn) {
            srv->client[i] = srv->client[--srv->client_count];
            break;
        }
    pthread_mutex_unlock(&srv->lock);
}

/* ---- Start and stop ------------------------------------------------------------------------- */

static int log_message(const struct mg_connection *conn, const char *message)
{
    (void)conn;
    (void)message;
    return 1; /* civetweb's own log stays quiet */
}

struct gui_server *gui_server_start(const char *host, int port, const struct gui_config *cfg, char *err,
                                    size_t errlen)
{
    struct gui_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(srv->host, sizeof srv->host, "%s", host);
    pthread_mutex_init(&srv->lock, NULL);
    srv->session = gui_session_new(cfg, send_to_all, srv);
    if (!srv->session) {
        snprintf(err, errlen, "out of memory");
        gui_server_stop(srv);
        return NULL;
    }
    char ports[96];
    snprintf(ports, sizeof ports, "%s:%d", host, port);
    const char *options[] = {"listening_ports", ports, "num_threads", "40", "websocket_timeout_ms", "10000",
                             "enable_websocket_ping_pong", "yes", "request_timeout_ms", "10000", "tcp_nodelay", "1", NULL};
    struct mg_callbacks callbacks = {0};
    callbacks.log_message = log_message;
    mg_init_library(MG_FEATURES_WEBSOCKET);
    srv->ctx = mg_start(&callbacks, srv, options);
    if (!srv->ctx) {
        snprintf(err, errlen, "cannot listen on %s (in use? try --port 0)", ports);
        gui_server_stop(srv);
        return NULL;
    }
    struct mg_server_port sp[4];
    int n = mg_get_server_ports(srv->ctx, 4, sp);
    srv->port = n > 0 ? sp[0].port : port;
    mg_set_websocket_handler(srv->ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, srv);
    mg_set_request_handler(srv->ctx, "/", http_handler, srv);
    return srv;
}

int gui_server_port(const struct gui_server *srv) { return srv->port; }

void gui_server_stop(struct gui_server *srv)
{
    if (!srv)
        return;
    if (srv->ctx)
        mg_stop(srv->ctx);
    gui_session_free(srv->session);
    pthread_mutex_destroy(&srv->lock);
    free(srv);
}
