/* Rule Zero in the browser: the GUI's session (protocol/gui/) in a Web
 * Worker, without civetweb. protocol/web/js/session-worker.js hands it the
 * page's messages (the same JSON as the native server's WebSocket) and posts
 * back what it sends; engines are Web Workers (engine_proc_web.c).
 *
 * The native session has an engine thread, a ticker thread and waits on a
 * condition variable. Here the engine thread's loop (gui_engine_thread) runs
 * as the one coroutine of the module (Asyncify): it suspends where the
 * native thread would block with the session lock released (waiting for an
 * engine's line, gui_wait_ms), and the worker calls the other entry points
 * (a page's message, the ticker's tick) while it is suspended. Those never
 * suspend, so the session's state changes one call at a time, as under the
 * native lock. */
#include <emscripten.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/zobrist.h"
#include "protocol/gui/gui_analysis.h"

EM_JS(void, web_post, (const char *text, size_t len), { Module.rzPost(UTF8ToString(text, len)); });
EM_ASYNC_JS(void, web_sleep, (double ms), { await Module.rzSleep(ms); });
EM_JS(void, web_wake, (void), { Module.rzWake(); });

/* Set while a call from the worker other than the engine loop runs: such a
 * call must not suspend (only the loop is a coroutine), so a wait inside it
 * returns at once. One session per worker, so one flag per module. */
static bool in_direct_call;

static void post(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    web_post(text, len);
}

/* The session's threads are not started here (pthread_create fails without
 * threads): JS runs the engine loop and the ticks. */
EMSCRIPTEN_KEEPALIVE struct gui_session *rz_session_new(void)
{
    zobrist_init(); /* what main() does first natively */
    struct gui_config cfg = {0};
    cfg.self_cmd = "rulezero";
    cfg.no_threads = true;
    cfg.records = true; /* the page stores each change at once: a reload loses nothing */
    cfg.site = "?"; /* no server: the PGN's "unknown" (a page from disk has no host to name) */
    cfg.one_page = true; /* no seats: a hidden setting (Shift=hidden) would be seen by both players */
    return gui_session_new(&cfg, post, NULL);
}

EMSCRIPTEN_KEEPALIVE void rz_session_handle(struct gui_session *s, const char *data, int len)
{
    in_direct_call = true;
    gui_session_handle(s, data, (size_t)len, post, NULL);
    in_direct_call = false;
}

EMSCRIPTEN_KEEPALIVE void rz_session_tick(struct gui_session *s)
{
    in_direct_call = true;
    pthread_mutex_lock(&s->lock);
    gui_tick(s);
    pthread_mutex_unlock(&s->lock);
    in_direct_call = false;
}

/* The analysis board's engine: a step that never waits (analysis_web.c). */
EMSCRIPTEN_KEEPALIVE void rz_session_analysis_poll(struct gui_session *s)
{
    in_direct_call = true;
    pthread_mutex_lock(&s->lock);
    gui_analysis_poll(s);
    pthread_mutex_unlock(&s->lock);
    in_direct_call = false;
}

/* The engine thread's loop; returns only when the session quits. */
EMSCRIPTEN_KEEPALIVE void rz_session_run(struct gui_session *s)
{
    gui_engine_thread(s);
}

void gui_wait_ms(struct gui_session *s, int ms)
{
    pthread_mutex_unlock(&s->lock);
    if (!in_direct_call)
        web_sleep(ms);
    pthread_mutex_lock(&s->lock);
}

void gui_wake(struct gui_session *s)
{
    (void)s;
    web_wake();
}

/* A built-in player moves inside one call that does not suspend, so nothing
 * can replace the game while it thinks. */
void gui_wait_for_builtin(struct gui_session *s) { (void)s; }
