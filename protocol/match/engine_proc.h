/* Rule Zero: an engine child process with pipes on its standard input and
 * output, and line reading with deadlines (poll). */
#ifndef RULEZERO_ENGINE_PROC_H
#define RULEZERO_ENGINE_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROC_LINE_MAX 8192

struct engine_proc {
    pid_t pid;          /* 0 when not running */
    int to_child;       /* its standard input */
    int from_child;     /* its standard output */
    char buf[PROC_LINE_MAX];
    size_t len;
    bool eof;
    bool reaped;
    int status;         /* waitpid status once reaped */
    const char *label;  /* for the debug log */
    bool debug;         /* log the traffic on stderr */
};

/* Runs `/bin/sh -c "exec CMD"` with its standard error on /dev/null unless
 * debug is set. 0 on success, -1 with a message. */
int proc_spawn(struct engine_proc *p, const char *cmd, char *err, size_t errlen);

/* Writes one line (a newline is added). -1 when the pipe is closed. */
int proc_send(struct engine_proc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes text as one line, whatever its length. */
int proc_send_text(struct engine_proc *p, const char *text);

/* Reads one line (without its newline) waiting until `deadline` (clock_ms
 * time; < 0 waits forever). 1: a line; 0: the deadline passed; -1: the
 * process closed its output (exited or crashed). */
int proc_read_line(struct engine_proc *p, char *out, size_t n, int64_t deadline);

/* Describes how the process ended ("exited with code 1", "killed by signal
 * 11"), waiting up to wait_ms for it. */
void proc_describe_exit(struct engine_proc *p, int wait_ms, char *out, size_t n);

/* The answer to what the process is doing is not wanted any more (the game
 * changed under a thinking engine). A process told `?` or `stop` answers
 * soon, so natively this does nothing; where a search cannot be interrupted
 * (the browser without shared memory) the process is ended, and its next
 * read says so (eof). */
void proc_abandon(struct engine_proc *p);

/* Does `?` or `stop` reach the process while it searches? Natively always;
 * in the browser only with shared memory. */
bool proc_interruptible(const struct engine_proc *p);

/* Closes the pipes, waits up to grace_ms for an exit, then kills. */
void proc_stop(struct engine_proc *p, int grace_ms);

#endif
