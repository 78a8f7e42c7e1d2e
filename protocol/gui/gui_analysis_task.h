/* Rule Zero GUI: the analysis engine's tasks (docs/gui-protocol.md,
 * "Analysis"), shared by its two drivers: the native thread
 * (gui_analysis_engine.c), which blocks on the engine's lines, and the
 * browser build's poll (protocol/web/analysis_web.c), which never blocks. A
 * task is one position: the board (analysed until it changes, with
 * `option MultiPV=N`) or a position of an analysed game (one line, until the
 * depth or the time per position is reached; these go first). Every
 * function here is called with the session's lock held. Not for other files
 * than the analysis engine's. */
#ifndef RULEZERO_GUI_ANALYSIS_TASK_H
#define RULEZERO_GUI_ANALYSIS_TASK_H

#include "protocol/gui/gui_analysis.h"

#define ANALYSIS_HANDSHAKE_MS 10000
#define ANALYSIS_PLY_GRACE_MS 5000 /* a game position without any line by its time gets this much more */

struct analysis_task {
    unsigned id;           /* the board's id, or the game job's */
    bool for_game;
    int ply;               /* for_game: the position after this many turns */
    const struct variant *variant;
    struct game_option_texts options;
    char start_fen[FEN_MAX_LEN];
    int nmoves;            /* the turns to the position: the analysis engine's `moves` */
    Color side;
    int multipv;
    int depth;             /* for_game: enough at this depth */
    int ms;                /* for_game: or after this long */
};

/* Which MultiPV line a report is: Rule Zero prints an iteration's lines in
 * order, best first; a new depth starts again at the first. */
struct analysis_line_counter {
    int depth;
    int index;
};

/* The next task into t (its turns into a->engine.moves); false when there is none. */
bool gui_analysis_next_task(struct gui_session *s, struct analysis_task *t);
/* The board or the game job changed (or closed) since t was chosen. */
bool gui_analysis_stale(const struct gui_session *s, const struct analysis_task *t);
/* One line of the engine; true when a game position is scored. */
bool gui_analysis_take_line(struct gui_session *s, const struct analysis_task *t, struct analysis_line_counter *c,
                            const char *text);
/* A game position's time is up: after `end` with a line, or long after without one. */
bool gui_analysis_ply_timed_out(const struct gui_session *s, const struct analysis_task *t, int64_t end);
void gui_analysis_finish_ply(struct gui_session *s, const struct analysis_task *t);
/* The engine failed on t: the error kept and told to every page. */
void gui_analysis_engine_failed(struct gui_session *s, const struct analysis_task *t, const char *why);
/* The task's engine (slot): Rule Zero's configuration for the task's game and settings. */
void gui_analysis_configure(struct gui_session *s, struct engine_slot *slot, const struct analysis_task *t);
/* Nothing to analyse: running off, the last lines sent. */
void gui_analysis_idle(struct gui_session *s);

#endif
