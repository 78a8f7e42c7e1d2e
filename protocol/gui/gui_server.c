#include "protocol/gui/gui_server.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <civetweb.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_assets.h"
#include "protocol/gui/gui_rules.h"
#include "protocol/gui/gui_inbound.h"
#include "protocol/gui/gui_runner.h"

#define MAX_CLIENTS 32             /* WebSockets open at once */
#define WORKERS (MAX_CLIENTS + 16) /* civetweb's threads: one per WebSocket, the others for HTTP */
#define HELLO_MS 5000              /* a WebSocket that sends nothing for this long after it opens is closed */
#define WS_WAKE_MS "1000"          /* a WebSocket's worker wakes this often when nothing comes (and pings) */

/* One open WebSocket (civetweb's user data of its connection). */
struct ws_client {
    struct mg_connection *conn;
    int64_t opened_ms, active_ms; /* when it opened, when its last message came */
    bool heard;                   /* it sent a whole message */
    struct gui_frames frames;     /* its worker's only */
};

struct gui_server {
    struct mg_context *ctx;
    struct gui_session *session;
    char host[64];
    int port;
    pthread_mutex_t lock; /* the client list and every client's fields but `frames` */
    pthread_cond_t wake;  /* the reaper's */
    struct gui_runner *runner; /* every call into the session goes through it */
    struct ws_client *client[MAX_CLIENTS];
    int client_count;
    bool quit;
    pthread_t reaper;
    bool reaper_started;
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

/* ---- Work for the runner's thread ---------------------------------------------------------- */

struct job {
    struct gui_server *srv;
    const char *msg; /* a message to handle, from conn */
    size_t len;
    struct mg_connection *conn;
    char *(*text_fn)(struct gui_session *); /* or a text to make */
    const char *rules_name;                 /* or the rules page of this game */
    bool missing;                           /* no such rules */
    char *text;
};

static void send_to_client(void *ctx, const char *text, size_t len)
{
    mg_websocket_write(ctx, MG_WEBSOCKET_OPCODE_TEXT, text, len);
}

static void run_job(void *arg)
{
    struct job *j = arg;
    if (j->rules_name)
        j->text = gui_rules_html(j->rules_name, &j->missing);
    else if (j->text_fn)
        j->text = j->text_fn(j->srv->session);
    else
        gui_session_handle(j->srv->session, j->msg, j->len, send_to_client, j->conn);
}

static char *session_text(struct gui_server *srv, char *(*fn)(struct gui_session *))
{
    struct job j = {.srv = srv, .text_fn = fn};
    gui_runner_run(srv->runner, run_job, &j);
    return j.text;
}

/* cmark's parser and renderer also run on the runner's large stack. */
static char *rules_text(struct gui_server *srv, const char *name, bool *missing)
{
    struct job j = {.srv = srv, .rules_name = name, .missing = true};
    gui_runner_run(srv->runner, run_job, &j);
    *missing = j.missing;
    return j.text;
}

static void session_handle(struct gui_server *srv, const char *msg, size_t len, struct mg_connection *conn)
{
    struct job j = {.srv = srv, .msg = msg, .len = len, .conn = conn};
    gui_runner_run(srv->runner, run_job, &j);
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
static int rules_page(struct gui_server *srv, struct mg_connection *conn, const char *page, bool head)
{
    char name[48];
    size_t len = strlen(page) - 5; /* without ".html" */
    bool missing = true;
    char *html = NULL;
    if (len < sizeof name) {
        memcpy(name, page, len);
        name[len] = '\0';
        html = gui_rules_name_ok(name) ? rules_text(srv, name, &missing) : NULL;
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
        respond_owned(conn, session_text(srv, gui_session_state), "application/json", NULL, head);
        return 200;
    }
    if (strcmp(uri, "/game.pgn") == 0) {
        respond_owned(conn, session_text(srv, gui_session_pgn), "application/x-chess-pgn",
                      "Content-Disposition: attachment; filename=\"game.pgn\"\r\n", head);
        return 200;
    }
    if (strncmp(uri, "/rules/", 7) == 0 && strlen(uri) > 12 && strcmp(uri + strlen(uri) - 5, ".html") == 0)
        return rules_page(srv, conn, uri + 7, head);
    const char *name = strcmp(uri, "/") == 0                      ? "index.html"
                       : strcmp(uri, "/rules/" GUI_RULES_CSS) == 0 ? GUI_RULES_CSS /* beside the rules pages */
                                                                   : uri + 1;
    const struct gui_asset *a = gui_asset_find(name);
    if (!a || strstr(name, "..")) {
        respond_text(conn, 404, "Not Found", "not found\n");
        return 404;
    }
    respond(conn, 200, "OK", gui_asset_mime(name), a->data, a->size, NULL, head);
    return 200;
}

/* ---- WebSocket ---------------------------------------------------------------------------------- */

/* civetweb gives each WebSocket a worker thread for as long as it is open, so
 * the server keeps at most MAX_CLIENTS of them and WORKERS threads in all: the
 * others serve HTTP, so the page itself always loads. When a new page comes
 * and MAX_CLIENTS are open, the one silent the longest goes (one that never
 * sent a message first); one that sends nothing within HELLO_MS goes too. */

static void client_close(struct gui_server *srv, int i)
{
    /* Only marks it: its worker ends it at its next wake-up (WS_WAKE_MS), then ws_close frees it. */
    mg_close_connection(srv->client[i]->conn);
    srv->client[i] = srv->client[--srv->client_count];
}

/* The client to close to make room: never heard from first, then the one
 * heard from the longest ago. */
static int least_active(const struct gui_server *srv)
{
    int best = 0;
    for (int i = 1; i < srv->client_count; i++) {
        const struct ws_client *a = srv->client[i], *b = srv->client[best];
        if (a->heard != b->heard ? !a->heard : a->active_ms < b->active_ms)
            best = i;
    }
    return best;
}

static void send_to_all(void *ctx, const char *text, size_t len)
{
    struct gui_server *srv = ctx;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        mg_websocket_write(srv->client[i]->conn, MG_WEBSOCKET_OPCODE_TEXT, text, len);
    pthread_mutex_unlock(&srv->lock);
}

static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    return request_allowed(srv, conn) ? 0 : 1;
}

static void ws_ready(struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    struct ws_client *c = calloc(1, sizeof *c);
    if (!c) {
        mg_close_connection(conn);
        return;
    }
    c->conn = conn;
    c->opened_ms = c->active_ms = clock_ms();
    mg_set_user_connection_data(conn, c);
    pthread_mutex_lock(&srv->lock);
    if (srv->client_count == MAX_CLIENTS)
        client_close(srv, least_active(srv));
    srv->client[srv->client_count++] = c;
    pthread_mutex_unlock(&srv->lock);
}

static void heard_from(struct gui_server *srv, struct ws_client *c)
{
    pthread_mutex_lock(&srv->lock);
    c->heard = true;
    c->active_ms = clock_ms();
    pthread_mutex_unlock(&srv->lock);
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
    struct gui_server *srv = cbdata;
    struct ws_client *c = mg_get_user_connection_data(conn);
    int opcode = bits & 0x0F;
    if (opcode == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE || !c)
        return 0;
    if (opcode != MG_WEBSOCKET_OPCODE_TEXT && opcode != MG_WEBSOCKET_OPCODE_BINARY &&
        opcode != MG_WEBSOCKET_OPCODE_CONTINUATION)
        return 1; /* ping, pong: civetweb's business */
    const char *msg;
    size_t msg_len;
    char err[128];
    switch (gui_frames_add(&c->frames, opcode, (bits & 0x80) != 0, data, len, GUI_MAX_MESSAGE, &msg, &msg_len, err,
                           sizeof err)) {
    case GUI_FRAMES_MORE:
        break;
    case GUI_FRAMES_ERROR:
        gui_send_error(send_to_client, conn, "%s", err);
        break;
    case GUI_FRAMES_MESSAGE:
        heard_from(srv, c);
        session_handle(srv, msg, msg_len, conn);
        break;
    }
    return 1;
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    struct ws_client *c = mg_get_user_connection_data(conn);
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        if (srv->client[i] == c) {
            srv->client[i] = srv->client[--srv->client_count];
            break;
        }
    pthread_mutex_unlock(&srv->lock);
    mg_set_user_connection_data(conn, NULL);
    if (c)
        gui_frames_clear(&c->frames);
    free(c);
}

/* The server's own thread: closes the connections that said nothing within HELLO_MS. */
static void *reaper_thread(void *arg)
{
    struct gui_server *srv = arg;
    pthread_mutex_lock(&srv->lock);
    while (!srv->quit) {
        int64_t now = clock_ms();
        for (int i = srv->client_count - 1; i >= 0; i--)
            if (!srv->client[i]->heard && now - srv->client[i]->opened_ms > HELLO_MS)
                client_close(srv, i);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250 * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&srv->wake, &srv->lock, &until);
    }
    pthread_mutex_unlock(&srv->lock);
    return NULL;
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
    pthread_cond_init(&srv->wake, NULL);
    srv->session = gui_session_new(cfg, send_to_all, srv);
    srv->runner = gui_runner_start();
    if (!srv->session || !srv->runner) {
        snprintf(err, errlen, "out of memory");
        gui_server_stop(srv);
        return NULL;
    }
    char ports[96];
    snprintf(ports, sizeof ports, "%s:%d", host, port);
    char workers[16];
    snprintf(workers, sizeof workers, "%d", WORKERS);
    const char *options[] = {"listening_ports", ports, "num_threads", workers, "websocket_timeout_ms", WS_WAKE_MS,
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
    srv->reaper_started = pthread_create(&srv->reaper, NULL, reaper_thread, srv) == 0;
    return srv;
}

int gui_server_port(const struct gui_server *srv) { return srv->port; }

void gui_server_stop(struct gui_server *srv)
{
    if (!srv)
        return;
    pthread_mutex_lock(&srv->lock);
    srv->quit = true;
    pthread_cond_signal(&srv->wake);
    pthread_mutex_unlock(&srv->lock);
    if (srv->reaper_started)
        pthread_join(srv->reaper, NULL);
    if (srv->ctx)
        mg_stop(srv->ctx); /* its workers may wait for the runner: it stops after them */
    gui_runner_stop(srv->runner);
    gui_session_free(srv->session);
    pthread_cond_destroy(&srv->wake);
    pthread_mutex_destroy(&srv->lock);
    free(srv);
}
