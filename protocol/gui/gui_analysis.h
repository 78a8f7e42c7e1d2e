/* Rule Zero GUI: the analysis board (docs/gui-protocol.md, "Analysis"). A
 * position of its own (a game object: the turns that led to it count for
 * repetitions), on which a person plays both sides' legal turns, analysed
 * continuously by Rule Zero (engine:0) in CECP `analyze` mode with MultiPV
 * lines; and the analysis of a whole game, one score per ply. Its engine is a
 * process of its own on a thread of its own, so a game in progress goes on
 * undisturbed (its clocks run; both processes share the machine).
 * Everything but `engine` is guarded by the session's lock. Not for other
 * files than the session's. */
#ifndef RULEZERO_GUI_ANALYSIS_H
#define RULEZERO_GUI_ANALYSIS_H

#include "protocol/gui/gui_internal.h"

#define ANALYSIS_MAX_LINES 5
#define ANALYSIS_DEFAULT_LINES 3
#define ANALYSIS_PV_TURNS 16
#define ANALYSIS_MAX_PLAYED 64       /* turns of one analysis_turn message */

/* A score from White's view: centipawns, or a mate in `mate` moves (> 0: White mates). */
struct analysis_score {
    bool valid;
    int depth;
    int cp;
    bool is_mate;
    int mate;
};

struct analysis_line {
    struct analysis_score score;
    int turn_count;                           /* the legal start of the engine's line */
    char turn[ANALYSIS_PV_TURNS][TURN_TEXT_LEN];  /* in the readable notation (variants/core/notation.h) */
    char coord[ANALYSIS_PV_TURNS][TURN_TEXT_LEN]; /* the same turns in coordinates */
    int arrow_count;                          /* squares of its first turn: from, to */
    char arrow[2][8];
};

/* One position of an analysed game. */
struct analysis_ply {
    bool done;
    char result[8];                           /* the game is over there: "1-0", "0-1", "1/2-1/2" */
    struct analysis_score score;
    char best[TURN_TEXT_LEN];                 /* the engine's best turn there, readable */
    char best_coord[TURN_TEXT_LEN];           /* and in coordinates */
};

/* A line as the engine printed it, until its iteration's lines are all in. */
struct pending_line {
    struct analysis_score score;
    char pv[PROC_LINE_MAX];
};

struct analysis_poll; /* the browser build's driver (protocol/web/analysis_web.c) */

/* The analysis thread's own (no lock). */
struct analysis_engine {
    struct pending_line pending[ANALYSIS_MAX_LINES];
    struct engine_slot slot;
    bool analyzing;                           /* `analyze` sent, `exit` not yet */
    char (*moves)[TURN_TEXT_LEN];             /* MAX_HISTORY of them */
    struct analysis_poll *poll;               /* the browser build's: its task and engine (lock held), or NULL */
};

struct gui_analysis {
    bool active;
    struct game game;                         /* the analysis board */
    int multipv;
    unsigned id;                              /* bumps on every change of the board or of multipv */
    unsigned failed_id;                       /* the engine failed on this id: not tried again */
    bool running;                             /* the engine is analysing the board (or the game) */
    char error[256];
    struct analysis_line line[ANALYSIS_MAX_LINES];
    struct position *walk;                    /* a copy of a position, to read the engine's turns on */
    bool dirty;                               /* lines or scores not yet sent */
    int64_t last_sent_ms;
    /* analyse_game */
    bool game_job;                            /* the analysis of `source` runs */
    bool has_source;
    unsigned game_id;
    struct game source;                       /* the game analysed */
    struct analysis_ply *ply;                 /* source.count + 1 of them */
    int depth;
    int ms;
    struct analysis_engine engine;
};

struct gui_analysis *gui_analysis_new(void);
void gui_analysis_free(struct gui_analysis *a);

/* The messages (lock held); 0, or -1 after an error reply (struct gui_request: gui_internal.h). */
int gui_on_analyse(const struct gui_request *r);
int gui_on_analysis_turn(const struct gui_request *r);
int gui_on_analysis_back(const struct gui_request *r);
int gui_on_analysis_multipv(const struct gui_request *r);
int gui_on_analysis_goto(const struct gui_request *r);
int gui_on_analysis_stop(const struct gui_request *r);
int gui_on_analyse_game(const struct gui_request *r);

/* The whole `analysis` message (lock held), malloc'd text; and the small `analysis_info`. */
char *gui_analysis_text(struct gui_session *s);
char *gui_analysis_info_text(struct gui_session *s);
/* Sends `analysis` to every page after a change of the board (lock held). */
void gui_analysis_changed(struct gui_session *s);
/* Sends `analysis_info` when lines or scores are waiting and the last went out long enough ago. */
void gui_analysis_flush(struct gui_session *s, bool now);

/* The engine's side: natively a thread (gui_analysis_engine.c); in the
 * browser build, where a second thread or coroutine is not to be had, a
 * step that never blocks, called often (protocol/web/analysis_web.c). */
void *gui_analysis_thread(void *arg);
void gui_analysis_poll(struct gui_session *s);
/* A CECP thinking line `ply score time nodes ...\tpv`: 1 with its fields, 0 when it is none. */
int gui_analysis_parse(const char *line, int *depth, int *score, const char **pv);
/* A score of the side to move as CECP prints it (mates as 100000 + moves), seen from White. */
struct analysis_score gui_analysis_score(int depth, int cecp_score, Color side);
/* Stores line `index` (from 0) of the board's analysis: its turns checked on the board (lock held). */
void gui_analysis_store_line(struct gui_analysis *a, int index, const struct analysis_score *sc, const char *pv);
/* Stores the score and best turn (the line's first, if legal) of position `ply` of the analysed game (lock held). */
void gui_analysis_store_best(struct gui_analysis *a, int ply, const struct analysis_score *sc, const char *pv);

#endif
