/* Rule Zero GUI: a thread of known stack that runs the session's work for
 * the server. civetweb's worker threads have a stack fixed when civetweb is
 * built (100 KB in Debian's 1.15, no option to change it at run time), of
 * which this program's thread-local data takes a third before civetweb's own
 * frames take more: about 41 KB were left when a message reached us, and
 * Nick Danger's move generation alone needs 28 KB (docs/reliability.md). So
 * the server hands every message and every /api/state or /game.pgn to this
 * thread and waits for it: the session's entry points take its lock anyway,
 * so they ran one at a time already. With seats (many games), the runner has
 * several threads, so that one game's page, waiting for its turn's commit
 * (gui_store.h), holds no other game's: the commits of the turns that wait
 * together are grouped. */
#ifndef RULEZERO_GUI_RUNNER_H
#define RULEZERO_GUI_RUNNER_H

/* The runner thread's stack: at least 4 times what the handler was measured
 * to need (tests/gui_server/gui_stack.c checks it). */
#define GUI_RUNNER_STACK (1024 * 1024)

struct gui_runner;

/* The most threads a runner has: as many turns of as many games can wait
 * for one commit together. */
#define GUI_RUNNER_MAX_THREADS 64
/* A server with seats: its runner's threads. */
#define GUI_RUNNER_SEATS_THREADS 32

/* Starts one thread; NULL when it cannot. */
struct gui_runner *gui_runner_start(void);
/* Starts `threads` (1 to GUI_RUNNER_MAX_THREADS); NULL when none starts. */
struct gui_runner *gui_runner_start_many(int threads);
/* Runs fn(arg) on one of the runner's threads and returns when it is done.
 * From any thread (the calls beyond the runner's threads wait their turn, in
 * order). */
void gui_runner_run(struct gui_runner *r, void (*fn)(void *), void *arg);
/* Ends the thread (after the last gui_runner_run has returned). */
void gui_runner_stop(struct gui_runner *r);

#endif
