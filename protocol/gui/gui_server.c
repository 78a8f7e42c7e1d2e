#include "protocol/gui/gui_server.h"

#include <arpa/inet.h>
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
#include "protocol/gui/gui_lobby.h"
#include "protocol/gui/gui_runner.h"

#define HTTP_WORKERS 16            /* civetweb's threads: one per WebSocket, these for HTTP */
#define HELLO_MS 5000              /* a WebSocket that sends nothing for this long after it opens is closed */
#define WS_WAKE_MS "1000"          /* a WebSocket's worker wakes this often when nothing comes (and pings) */

/* One open WebSocket (civetweb's user data of its connection). */
struct ws_client {
    struct mg_connection *conn;
    int64_t opened_ms, active_ms; /* when it opened, when its last message came */
    bool heard;                   /* it sent a whole message */
    struct gui_frames frames;     /* its worker's only, */
    bool text_message;            /* and whether the message in them is text (its first frame's opcode) */
    /* With a lobby: the game it is on (NULL: the lobby), who it is, and its
     * allowance of messages (RATE_PER_S a second, RATE_BURST at once). */
    struct gui_game *game;
    struct gui_actor actor;
    double tokens;
    int64_t tokens_ms;
};

#define RATE_PER_S 20
#define RATE_BURST 60

struct gui_server {
    struct mg_context *ctx;
    struct gui_session *session;
    char host[64];
    int port;
    pthread_mutex_t lock; /* the client list and every client's fields but `frames` */
    pthread_cond_t wake;  /* the reaper's */
    struct gui_runner *runner; /* every call into the session goes through it */
    struct gui_lobby *lobby;   /* with seats (--db): the games, in place of `session` */
    char public_host[256];     /* --public-url's host[:port], and the Origin it gives: "" none */
    char public_origin[300];
    bool secure_cookies;       /* --public-url is https */
    struct ws_client **client;
    int max_clients;
    int client_count;
    int per_address;           /* with a lobby: the WebSockets of one address */
    int64_t idle_ms;           /* with a lobby: a page holding no seat that sends nothing this long goes */
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
    bool public = srv->public_host[0] && host && strcasecmp(host, srv->public_host) == 0;
    if (!host || (!is_our_host(srv, host) && !public))
        return false;
    if (!origin)
        return true;
    if (srv->public_origin[0] && strcasecmp(origin, srv->public_origin) == 0)
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
    char *(*game_fn)(struct gui_game *);    /* or a text of this game (NULL: the lobby's list) */
    struct gui_game *game;
    bool lobby_text;
    const char *rules_name;                 /* or the rules page of this game */
    bool missing;                           /* no such rules */
    char *text;
    struct ws_client *client;               /* with a lobby: who sent msg */
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
    else if (j->lobby_text)
        j->text = j->game_fn ? j->game_fn(j->game) : gui_lobby_games_text(j->srv->lobby);
    else if (j->text_fn)
        j->text = j->text_fn(j->srv->session);
    else if (j->srv->lobby)
        gui_lobby_handle(j->srv->lobby, j->client->game, &j->client->actor, j->msg, j->len, send_to_client, j->conn);
    else
        gui_session_handle(j->srv->session, j->msg, j->len, send_to_client, j->conn);
}

static char *session_text(struct gui_server *srv, char *(*fn)(struct gui_session *))
{
    struct job j = {.srv = srv, .text_fn = fn};
    gui_runner_run(srv->runner, run_job, &j);
    return j.text;
}

static char *game_text(struct gui_server *srv, struct gui_game *g, char *(*fn)(struct gui_game *))
{
    struct job j = {.srv = srv, .lobby_text = true, .game = g, .game_fn = fn};
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

static void session_handle(struct gui_server *srv, const char *msg, size_t len, struct mg_connection *conn,
                           struct ws_client *c)
{
    struct job j = {.srv = srv, .msg = msg, .len = len, .conn = conn, .client = c};
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

/* ---- HTTP with a lobby ------------------------------------------------------------------------ */

/* A query's `name` (at most n - 1 characters): false when absent or too long. */
static bool query_var(const struct mg_request_info *ri, const char *name, char *out, size_t n)
{
    const char *q = ri->query_string;
    return q && mg_get_var(q, strlen(q), name, out, n) > 0;
}

/* Whether the query has `name` at all, empty or too long included. */
static bool query_has(const struct mg_request_info *ri, const char *name)
{
    const char *q = ri->query_string;
    char one[2];
    return q && mg_get_var(q, strlen(q), name, one, sizeof one) != -1;
}

static void redirect(struct mg_connection *conn, const char *location, const char *cookies)
{
    mg_printf(conn,
              "HTTP/1.1 303 See Other\r\nLocation: %s\r\n%sCache-Control: no-store\r\n"
              "Referrer-Policy: no-referrer\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
              location, cookies);
}

/* One cookie's header line: the secret of a game's creator ('c') or seat ('s'). */
static void cookie_line(const struct gui_server *srv, char *out, size_t n, char kind, const char *id,
                        const char *secret)
{
    snprintf(out, n, "Set-Cookie: rz%c_%s=%s; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict%s\r\n", kind, id,
             secret, srv->secure_cookies ? "; Secure" : "");
}

/* /?game=ID&key=K: the key goes into a cookie, and the page on to /?game=ID
 * (so the key leaves the address bar and the history). */
static int take_key(struct gui_server *srv, struct mg_connection *conn, struct gui_game *g, const char *key)
{
    char seat[GUI_SECRET_LEN];
    int kind = gui_secret_well_formed(key) ? gui_game_link_key(g, key, seat) : 0;
    if (!kind) {
        respond_text(conn, 403, "Forbidden", "this link's key does not open this game\n");
        return 403;
    }
    char cookies[512] = "", line[200], location[64];
    if (kind == 'c')
        cookie_line(srv, cookies, sizeof cookies, 'c', gui_game_id(g), key);
    if (seat[0]) {
        cookie_line(srv, line, sizeof line, 's', gui_game_id(g), seat);
        strncat(cookies, line, sizeof cookies - strlen(cookies) - 1);
    }
    snprintf(location, sizeof location, "/?game=%s", gui_game_id(g));
    redirect(conn, location, cookies);
    return 303;
}

/* The lobby's own paths: 0 when uri is none of them (a file of the page). */
static int lobby_http(struct gui_server *srv, struct mg_connection *conn, const struct mg_request_info *ri,
                      const char *uri, bool head)
{
    bool root = strcmp(uri, "/") == 0, state = strcmp(uri, "/api/state") == 0, pgn = strcmp(uri, "/game.pgn") == 0;
    if (strcmp(uri, "/api/games") == 0) {
        respond_owned(conn, game_text(srv, NULL, NULL), "application/json", NULL, head);
        return 200;
    }
    if (!root && !state && !pgn)
        return 0;
    char id[GUI_SECRET_LEN + 1], key[GUI_SECRET_LEN + 1];
    if (!query_var(ri, "game", id, sizeof id)) {
        if (!root) {
            respond_text(conn, 404, "Not Found", "which game? (?game=ID)\n");
            return 404;
        }
        const struct gui_asset *a = gui_asset_find("lobby.html");
        respond(conn, 200, "OK", "text/html; charset=utf-8", a ? (const void *)a->data : (const void *)"", a ? a->size : 0,
                "Referrer-Policy: no-referrer\r\n", head);
        return 200;
    }
    struct gui_game *g = gui_lobby_find(srv->lobby, id);
    int status = 200;
    if (!g) {
        respond_text(conn, 404, "Not Found", "no such game (deleted, or a wrong address)\n");
        status = 404;
    } else if (root && query_has(ri, "key")) { /* a key of the wrong length opens nothing either */
        status = take_key(srv, conn, g, query_var(ri, "key", key, sizeof key) ? key : "");
    } else if (root) {
        const struct gui_asset *a = gui_asset_find("index.html");
        respond(conn, 200, "OK", "text/html; charset=utf-8", a->data, a->size, "Referrer-Policy: no-referrer\r\n",
                head);
    } else if (state) {
        respond_owned(conn, game_text(srv, g, gui_game_state_text), "application/json", NULL, head);
    } else {
        respond_owned(conn, game_text(srv, g, gui_game_pgn_text), "application/x-chess-pgn",
                      "Content-Disposition: attachment; filename=\"game.pgn\"\r\n", head);
    }
    gui_lobby_release(srv->lobby, g);
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
    int lobby_status = srv->lobby ? lobby_http(srv, conn, ri, uri, head) : 0;
    if (lobby_status)
        return lobby_status;
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
 * the server keeps at most max_clients of them and HTTP_WORKERS threads more:
 * those serve HTTP, so the page itself always loads. One-person server: when
 * a new page comes and max_clients are open, the one silent the longest goes
 * (one that never sent a message first). With a lobby, where the pages are
 * other people's, a new page is refused when its address has per_address
 * open; when max_clients are open, a player's page (a seat's holder or the
 * game's creator) closes the page holding neither that was silent the
 * longest, any other page is refused. A page holding neither that sends
 * nothing for idle_ms is closed. A page that sends nothing within HELLO_MS
 * goes too. */

/* A seat's holder or the game's creator: never closed for another page, nor for its silence. */
static bool is_player(const struct ws_client *c)
{
    return c->actor.plays[0] || c->actor.plays[1] || c->actor.creator;
}

/* text, an IPv4 or IPv6 address, as the limits per address count it: an
 * IPv6 address by its /64 (a machine usually holds a whole /64), an IPv4
 * one mapped into IPv6 as IPv4; a loopback address is "" (this machine is
 * its operator's, and counts for nothing). false when text is no address. */
static bool address_key(const char *text, char *out, size_t n)
{
    unsigned char a[16];
    static const unsigned char v4_mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    static const unsigned char v6_loopback[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    char buf[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET, text, a) == 1) {
        snprintf(out, n, "%s", a[0] == 127 ? "" : text);
        return true;
    }
    if (inet_pton(AF_INET6, text, a) != 1)
        return false;
    if (memcmp(a, v4_mapped, sizeof v4_mapped) == 0) {
        snprintf(out, n, "%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
        if (a[12] == 127)
            out[0] = '\0';
        return true;
    }
    if (memcmp(a, v6_loopback, sizeof v6_loopback) == 0) {
        out[0] = '\0';
        return true;
    }
    memset(a + 8, 0, 8);
    inet_ntop(AF_INET6, a, buf, sizeof buf);
    snprintf(out, n, "%.40s/64", buf); /* at most "xxxx:xxxx:xxxx:xxxx::" */
    return true;
}

/* Where a page comes from (address_key): its peer's address; behind the
 * proxy of --public-url (a peer on the loopback address) the last address of
 * X-Forwarded-For, the one the proxy added ("" when it adds none). */
static void client_address(const struct gui_server *srv, const struct mg_connection *conn, char *out, size_t n)
{
    const char *peer = mg_get_request_info(conn)->remote_addr;
    const char *forwarded = mg_get_header(conn, "X-Forwarded-For");
    char last[64] = "";
    if (srv->public_host[0] && forwarded && (strcmp(peer, "127.0.0.1") == 0 || strcmp(peer, "::1") == 0)) {
        const char *comma = strrchr(forwarded, ',');
        const char *from = comma ? comma + 1 : forwarded;
        from += strspn(from, " \t");
        size_t len = strcspn(from, " \t");
        if (len < sizeof last) {
            memcpy(last, from, len);
            last[len] = '\0';
        }
    }
    if ((last[0] && address_key(last, out, n)) || address_key(peer, out, n))
        return;
    snprintf(out, n, "%s", peer);
}

static void client_close(struct gui_server *srv, int i)
{
    /* Only marks it: its worker ends it at its next wake-up (WS_WAKE_MS), then ws_close frees it. */
    mg_close_connection(srv->client[i]->conn);
    srv->client[i] = srv->client[--srv->client_count];
}

/* The client to close to make room (only_watchers: among those that are no
 * player's): never heard from first, then the one heard from the longest
 * ago; -1 when none. */
static int least_active(const struct gui_server *srv, bool only_watchers)
{
    int best = -1;
    for (int i = 0; i < srv->client_count; i++) {
        const struct ws_client *a = srv->client[i], *b = best >= 0 ? srv->client[best] : NULL;
        if (only_watchers && is_player(a))
            continue;
        if (!b || (a->heard != b->heard ? !a->heard : a->active_ms < b->active_ms))
            best = i;
    }
    return best;
}

#define ROOM_FREE (-2)
#define ROOM_NONE (-1)

/* Is there room for c (lock held)? ROOM_FREE, ROOM_NONE, or the index of
 * the client to close for it. */
static int room_for(const struct gui_server *srv, const struct ws_client *c)
{
    if (srv->lobby && c->actor.address[0]) {
        int same = 0;
        for (int i = 0; i < srv->client_count; i++)
            same += strcmp(srv->client[i]->actor.address, c->actor.address) == 0;
        if (same >= srv->per_address)
            return ROOM_NONE;
    }
    if (srv->client_count < srv->max_clients)
        return ROOM_FREE;
    if (!srv->lobby)
        return least_active(srv, false);
    return is_player(c) ? least_active(srv, true) : ROOM_NONE;
}

static void send_to_all(void *ctx, const char *text, size_t len)
{
    struct gui_server *srv = ctx;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        mg_websocket_write(srv->client[i]->conn, MG_WEBSOCKET_OPCODE_TEXT, text, len);
    pthread_mutex_unlock(&srv->lock);
}

/* The lobby's broadcast: to the pages on game g (NULL: on the lobby). */
static void send_to_game(void *ctx, struct gui_game *g, const char *text, size_t len)
{
    struct gui_server *srv = ctx;
    pthread_mutex_lock(&srv->lock);
    for (int i = 0; i < srv->client_count; i++)
        if (srv->client[i]->game == g)
            mg_websocket_write(srv->client[i]->conn, MG_WEBSOCKET_OPCODE_TEXT, text, len);
    pthread_mutex_unlock(&srv->lock);
}

/* The game a lobby's page is on, and who it is by its cookies and its
 * address: false when ?game=ID names no game. */
static bool client_join(struct gui_server *srv, const struct mg_connection *conn, struct ws_client *c)
{
    const struct mg_request_info *ri = mg_get_request_info(conn);
    client_address(srv, conn, c->actor.address, sizeof c->actor.address);
    char id[GUI_SECRET_LEN + 1];
    if (!query_var(ri, "game", id, sizeof id))
        return true;
    c->game = gui_lobby_find(srv->lobby, id);
    if (!c->game)
        return false;
    char name[48], creator[GUI_SECRET_LEN + 1] = "", seat[GUI_SECRET_LEN + 1] = "";
    const char *cookies = mg_get_header(conn, "Cookie");
    if (cookies) {
        snprintf(name, sizeof name, "rzc_%s", id);
        if (mg_get_cookie(cookies, name, creator, sizeof creator) < 0)
            creator[0] = '\0';
        snprintf(name, sizeof name, "rzs_%s", id);
        if (mg_get_cookie(cookies, name, seat, sizeof seat) < 0)
            seat[0] = '\0';
    }
    gui_game_role(c->game, creator, seat, &c->actor);
    return true;
}

/* With a lobby: ?game=ID must name a game, and there must be room (room_for). */
static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
    struct gui_server *srv = cbdata;
    if (!request_allowed(srv, conn))
        return 1;
    if (!srv->lobby)
        return 0;
    struct ws_client probe = {0};
    bool known = client_join(srv, conn, &probe);
    gui_lobby_release(srv->lobby, probe.game);
    if (!known)
        return 1;
    pthread_mutex_lock(&srv->lock);
    int room = room_for(srv, &probe);
    pthread_mutex_unlock(&srv->lock);
    return room == ROOM_NONE ? 1 : 0;
}

/* Closes client i, with a last `error` to say why (lock held). */
static void client_dismiss(struct gui_server *srv, int i, const char *why)
{
    gui_send_error(send_to_client, srv->client[i]->conn, "%s", why);
    client_close(srv, i);
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
    c->opened_ms = c->active_ms = c->tokens_ms = clock_ms();
    c->tokens = RATE_BURST;
    if (srv->lobby)
        (void)client_join(srv, conn, c); /* a game deleted meanwhile: the page is on the lobby */
    mg_set_user_connection_data(conn, c);
    pthread_mutex_lock(&srv->lock);
    int room = room_for(srv, c);
    if (room == ROOM_NONE) { /* came after ws_connect's look */
        pthread_mutex_unlock(&srv->lock);
        mg_set_user_connection_data(conn, NULL);
        gui_lobby_release(srv->lobby, c->game);
        free(c);
        mg_close_connection(conn);
        return;
    }
    if (room >= 0 && srv->lobby)
        client_dismiss(srv, room, "closed: the server is full, and a player's page needed the room");
    else if (room >= 0)
        client_close(srv, room);
    srv->client[srv->client_count++] = c;
    pthread_mutex_unlock(&srv->lock);
}

/* Takes one message from c's allowance (with a lobby): false when it is spent. */
static bool heard_from(struct gui_server *srv, struct ws_client *c)
{
    pthread_mutex_lock(&srv->lock);
    int64_t now = clock_ms();
    c->heard = true;
    c->active_ms = now;
    c->tokens += (double)(now - c->tokens_ms) * RATE_PER_S / 1000.0;
    if (c->tokens > RATE_BURST)
        c->tokens = RATE_BURST;
    c->tokens_ms = now;
    bool allowed = !srv->lobby || c->tokens >= 1.0;
    if (allowed)
        c->tokens -= 1.0;
    pthread_mutex_unlock(&srv->lock);
    return allowed;
}

/* A text message that is not UTF-8 fails the connection with 1007 (RFC 6455, 7.4.1 and 8.1). */
static int close_invalid_text(struct mg_connection *conn)
{
    static const char reason[] = "\x03\xef" "invalid UTF-8 in a text message";
    mg_websocket_write(conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, reason, sizeof reason - 1);
    return 0; /* civetweb closes it */
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
    if (opcode != MG_WEBSOCKET_OPCODE_CONTINUATION)
        c->text_message = opcode == MG_WEBSOCKET_OPCODE_TEXT;
    switch (gui_frames_add(&c->frames, opcode, (bits & 0x80) != 0, data, len, GUI_MAX_MESSAGE, &msg, &msg_len, err,
                           sizeof err)) {
    case GUI_FRAMES_MORE:
        break;
    case GUI_FRAMES_ERROR:
        gui_send_error(send_to_client, conn, "%s", err);
        break;
    case GUI_FRAMES_MESSAGE:
        if (c->text_message && !gui_utf8_valid(msg, msg_len))
            return close_invalid_text(conn);
        if (heard_from(srv, c))
            session_handle(srv, msg, msg_len, conn, c);
        else
            gui_send_error(send_to_client, conn, "too many messages (at most %d a second): this one is dropped",
                           RATE_PER_S);
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
    if (c) {
        gui_frames_clear(&c->frames);
        if (srv->lobby)
            gui_lobby_release(srv->lobby, c->game);
    }
    free(c);
}

/* The server's own thread: closes the connections that said nothing within
 * HELLO_MS, and with a lobby those of no player silent for idle_ms; with a
 * lobby, ends the correspondence games out of time and removes the games
 * expired. */
static void *reaper_thread(void *arg)
{
    struct gui_server *srv = arg;
    pthread_mutex_lock(&srv->lock);
    int64_t last_tick = 0;
    while (!srv->quit) {
        int64_t now = clock_ms();
        for (int i = srv->client_count - 1; i >= 0; i--) {
            const struct ws_client *c = srv->client[i];
            if (!c->heard && now - c->opened_ms > HELLO_MS)
                client_close(srv, i);
            else if (srv->lobby && !is_player(c) && now - c->active_ms > srv->idle_ms)
                client_dismiss(srv, i, "closed: nothing was sent for too long");
        }
        if (srv->lobby && now - last_tick >= 1000) {
            last_tick = now;
            pthread_mutex_unlock(&srv->lock); /* the games' locks come before the server's */
            gui_lobby_tick(srv->lobby);
            pthread_mutex_lock(&srv->lock);
        }
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

/* --public-url URL: the Host and Origin it gives; -1 when it is not http(s)://HOST[:PORT][/]. */
static int set_public_url(struct gui_server *srv, const char *url, char *err, size_t errlen)
{
    const char *rest = strncmp(url, "https://", 8) == 0 ? url + 8 : strncmp(url, "http://", 7) == 0 ? url + 7 : NULL;
    size_t len = rest ? strcspn(rest, "/") : 0;
    if (!rest || len == 0 || len >= sizeof srv->public_host || (rest[len] && strcmp(rest + len, "/") != 0)) {
        snprintf(err, errlen, "bad --public-url '%s' (http://HOST[:PORT] or https://HOST[:PORT])", url);
        return -1;
    }
    memcpy(srv->public_host, rest, len);
    srv->public_host[len] = '\0';
    snprintf(srv->public_origin, sizeof srv->public_origin, "%.*s%s", (int)(rest - url), url, srv->public_host);
    srv->secure_cookies = rest == url + 8;
    return 0;
}

struct gui_server *gui_server_start(const char *host, int port, const struct gui_config *cfg, char *err,
                                    size_t errlen)
{
    struct gui_server_options o = {.host = host, .port = port};
    return gui_server_start_with(&o, cfg, err, errlen);
}

/* Everything but civetweb: the session or the lobby, the runner, the client table. */
static int server_parts(struct gui_server *srv, const struct gui_server_options *o, const struct gui_config *cfg,
                        char *err, size_t errlen)
{
    if (o->public_url && set_public_url(srv, o->public_url, err, errlen))
        return -1;
    srv->max_clients = o->max_connections > 0 ? o->max_connections : GUI_DEFAULT_CONNECTIONS;
    srv->per_address = o->per_address > 0 ? o->per_address : GUI_DEFAULT_PER_ADDRESS;
    srv->idle_ms = 1000 * (int64_t)(o->idle_s > 0 ? o->idle_s : GUI_DEFAULT_IDLE_S);
    srv->client = calloc((size_t)srv->max_clients, sizeof *srv->client);
    srv->runner = o->db_path ? gui_runner_start_many(GUI_RUNNER_SEATS_THREADS) : gui_runner_start();
    if (o->db_path) {
        struct gui_lobby_config lc = {.db_path = o->db_path,
                                      .max_games = o->max_games,
                                      .games_per_address = o->games_per_address,
                                      .max_engine_games = o->max_engine_games,
                                      .unstarted_s = o->unstarted_s,
                                      .abandoned_s = o->abandoned_s,
                                      .db_in_use = o->db_in_use};
        err[0] = '\0';
        srv->lobby = gui_lobby_open(cfg, &lc, send_to_game, srv, err, errlen);
        if (!srv->lobby)
            return -1;
    } else {
        srv->session = gui_session_new(cfg, send_to_all, srv);
    }
    if ((!srv->session && !srv->lobby) || !srv->runner || !srv->client) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

struct gui_server *gui_server_start_with(const struct gui_server_options *o, const struct gui_config *cfg, char *err,
                                         size_t errlen)
{
    struct gui_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(srv->host, sizeof srv->host, "%s", o->host);
    pthread_mutex_init(&srv->lock, NULL);
    pthread_cond_init(&srv->wake, NULL);
    if (server_parts(srv, o, cfg, err, errlen)) {
        gui_server_stop(srv);
        return NULL;
    }
    char ports[96];
    snprintf(ports, sizeof ports, "%s:%d", o->host, o->port);
    char workers[16];
    snprintf(workers, sizeof workers, "%d", srv->max_clients + HTTP_WORKERS);
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
    srv->port = n > 0 ? sp[0].port : o->port;
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
    gui_lobby_close(srv->lobby);
    free(srv->client);
    pthread_cond_destroy(&srv->wake);
    pthread_mutex_destroy(&srv->lock);
    free(srv);
}
