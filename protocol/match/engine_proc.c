#define _GNU_SOURCE /* pipe2 */
#include "protocol/match/engine_proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "variants/core/clock.h"

int proc_spawn(struct engine_proc *p, const char *cmd, char *err, size_t errlen)
{
    int in[2], out[2];
    /* close-on-exec: engines of other games started later must not hold our pipes */
    if (pipe2(in, O_CLOEXEC))
        goto fail;
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]);
        close(in[1]);
        goto fail;
    }
    char shell_cmd[4096];
    snprintf(shell_cmd, sizeof shell_cmd, "exec %s", cmd);
    int devnull = p->debug ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        if (devnull >= 0)
            close(devnull);
        goto fail;
    }
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        if (devnull >= 0)
            dup2(devnull, STDERR_FILENO);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", shell_cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (devnull >= 0)
        close(devnull);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    p->len = 0;
    p->eof = false;
    p->reaped = false;
    p->status = 0;
    return 0;
fail:
    snprintf(err, errlen, "cannot start '%s': %s", cmd, strerror(errno));
    return -1;
}

static int write_all(int fd, const char *data, size_t n)
{
    for (size_t off = 0; off < n;) {
        ssize_t w = write(fd, data + off, n - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (size_t)w;
    }
    return 0;
}

void proc_abandon(struct engine_proc *p) { (void)p; }

bool proc_interruptible(const struct engine_proc *p)
{
    (void)p;
    return true;
}

int proc_send_text(struct engine_proc *p, const char *text)
{
    if (p->debug)
        fprintf(stderr, "%s < %s\n", p->label ? p->label : "engine", text);
    if (!p->pid || p->to_child < 0)
        return -1;
    if (write_all(p->to_child, text, strlen(text)))
        return -1;
    return write_all(p->to_child, "\n", 1);
}

int proc_send(struct engine_proc *p, const char *fmt, ...)
{
    char line[PROC_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    if (p->debug)
        fprintf(stderr, "%s < %.*s\n", p->label ? p->label : "engine", n, line);
    line[n++] = '\n';
    if (!p->pid || p->to_child < 0)
        return -1;
    return write_all(p->to_child, line, (size_t)n);
}

/* Moves the first line of the buffer to out; false when there is none. */
static bool take_line(struct engine_proc *p, char *out, size_t n, bool at_eof)
{
    char *nl = memchr(p->buf, '\n', p->len);
    size_t len;
    if (nl)
        len = (size_t)(nl - p->buf);
    else if (at_eof && p->len > 0)
        len = p->len;
    else if (p->len == sizeof p->buf)
        len = p->len; /* an overlong line comes in pieces */
    else
        return false;
    size_t copy = len < n - 1 ? len : n - 1;
    memcpy(out, p->buf, copy);
    out[copy] = '\0';
    if (copy && out[copy - 1] == '\r')
        out[copy - 1] = '\0';
    size_t used = nl ? len + 1 : len;
    memmove(p->buf, p->buf + used, p->len - used);
    p->len -= used;
    if (p->debug)
        fprintf(stderr, "%s > %s\n", p->label ? p->label : "engine", out);
    return true;
}

int proc_read_line(struct engine_proc *p, char *out, size_t n, int64_t deadline)
{
    for (;;) {
        if (take_line(p, out, n, p->eof))
            return 1;
        if (p->eof || !p->pid)
            return -1;
        int timeout = -1;
        if (deadline >= 0) {
            int64_t left = deadline - clock_ms();
            if (left <= 0)
                return 0;
            timeout = left > 1000000 ? 1000000 : (int)left;
        }
        struct pollfd fd = {p->from_child, POLLIN, 0};
        int r = poll(&fd, 1, timeout);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            p->eof = true;
            continue;
        }
        if (r == 0)
            continue; /* re-checks the deadline */
        ssize_t got = read(p->from_child, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            p->eof = true;
        else
            p->len += (size_t)got;
    }
}

static bool reap(struct engine_proc *p, int wait_ms)
{
    if (p->reaped || !p->pid)
        return true;
    int64_t until = clock_ms() + wait_ms;
    for (;;) {
        pid_t r = waitpid(p->pid, &p->status, WNOHANG);
        if (r == p->pid || (r < 0 && errno != EINTR)) {
            p->reaped = true;
            return true;
        }
        if (clock_ms() >= until)
            return false;
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
}

void proc_describe_exit(struct engine_proc *p, int wait_ms, char *out, size_t n)
{
    if (!reap(p, wait_ms))
        snprintf(out, n, "closed its output");
    else if (WIFEXITED(p->status) && WEXITSTATUS(p->status) == 127)
        snprintf(out, n, "exited with code 127 (the shell found no such command)");
    else if (WIFEXITED(p->status))
        snprintf(out, n, "exited with code %d", WEXITSTATUS(p->status));
    else if (WIFSIGNALED(p->status))
        snprintf(out, n, "killed by signal %d", WTERMSIG(p->status));
    else
        snprintf(out, n, "ended");
}

void proc_stop(struct engine_proc *p, int grace_ms)
{
    if (!p->pid)
        return;
    if (p->to_child >= 0)
        close(p->to_child);
    p->to_child = -1;
    if (!reap(p, grace_ms)) {
        kill(p->pid, SIGKILL);
        reap(p, 1000);
    }
    if (p->from_child >= 0)
        close(p->from_child);
    p->from_child = -1;
    p->pid = 0;
}
