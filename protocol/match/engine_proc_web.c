/* Rule Zero in the browser: engine_proc.h where a "process" is a Web Worker
 * running the engine (protocol/web/js/engine-worker.js), started and fed by
 * the session's worker (protocol/web/js/session-worker.js). A wait for a line
 * suspends the session's engine loop (Asyncify) and lets the worker handle
 * the page's messages meanwhile, as the native session's other threads do. */
#include "protocol/match/engine_proc.h"

#include <emscripten.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"

EM_JS(int, web_proc_spawn, (const char *cmd), { return Module.rzProcSpawn(UTF8ToString(cmd)); });
EM_JS(int, web_proc_send, (int id, const char *text), { return Module.rzProcSend(id, UTF8ToString(text)); });
/* 1: a line was waiting and is in out; 0: none yet; -1: the worker is gone. */
EM_JS(int, web_proc_take, (int id, char *out, int n), { return Module.rzProcTake(id, out, n); });
/* Waits up to wait_ms (< 0: forever) for a line or the worker's end. */
EM_ASYNC_JS(int, web_proc_wait, (int id, double wait_ms), { return await Module.rzProcWait(id, wait_ms); });
EM_JS(void, web_proc_exit_text, (int id, char *out, int n), { stringToUTF8(Module.rzProcExitText(id), out, n); });
EM_JS(void, web_proc_stop, (int id), { Module.rzProcStop(id); });
EM_JS(void, web_proc_abandon, (int id), { Module.rzProcAbandon(id); });
EM_JS(int, web_proc_shared, (int id), { return Module.rzProcShared(id) ? 1 : 0; });

int proc_spawn(struct engine_proc *p, const char *cmd, char *err, size_t errlen)
{
    p->len = 0;
    p->eof = false;
    p->reaped = false;
    p->status = 0;
    int id = web_proc_spawn(cmd);
    if (id <= 0) {
        snprintf(err, errlen, "cannot start '%s': in the browser only Rule Zero's own engine runs", cmd);
        p->pid = 0;
        return -1;
    }
    p->pid = id;
    return 0;
}

int proc_send_text(struct engine_proc *p, const char *text)
{
    if (p->pid <= 0)
        return -1;
    return web_proc_send(p->pid, text) == 0 ? 0 : -1;
}

int proc_send(struct engine_proc *p, const char *fmt, ...)
{
    char line[PROC_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return proc_send_text(p, line);
}

int proc_read_line(struct engine_proc *p, char *out, size_t n, int64_t deadline)
{
    if (p->pid <= 0 || p->eof)
        return -1;
    for (;;) {
        int got = web_proc_take(p->pid, out, (int)n);
        if (got != 0) {
            p->eof = got < 0;
            return got;
        }
        int64_t wait = deadline < 0 ? -1 : deadline - clock_ms();
        if (deadline >= 0 && wait <= 0)
            return 0;
        web_proc_wait(p->pid, (double)wait);
    }
}

void proc_abandon(struct engine_proc *p)
{
    if (p->pid > 0)
        web_proc_abandon(p->pid);
}

bool proc_interruptible(const struct engine_proc *p) { return p->pid > 0 && web_proc_shared(p->pid); }

void proc_describe_exit(struct engine_proc *p, int wait_ms, char *out, size_t n)
{
    (void)wait_ms;
    if (p->pid <= 0) {
        snprintf(out, n, "was not running");
        return;
    }
    web_proc_exit_text(p->pid, out, (int)n);
}

void proc_stop(struct engine_proc *p, int grace_ms)
{
    (void)grace_ms;
    if (p->pid > 0)
        web_proc_stop(p->pid);
    p->pid = 0;
    p->reaped = true;
}
