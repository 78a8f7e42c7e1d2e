/* Rule Zero GUI: the games of a lobby kept in SQLite (`rulezero gui --db
 * FILE`, docs/gui-protocol.md "Seats"): each game's record (its settings,
 * turns, clocks, players and result: gui_record.c) with its seats' secrets,
 * written in a transaction that is on the disk (WAL, synchronous=FULL) before
 * the turn is told to anyone. The file's schema has a version (PRAGMA
 * user_version) and the application id 'RZG1': a file of another program,
 * or of a newer Rule Zero, is refused with a message, never written. */
#ifndef RULEZERO_GUI_STORE_H
#define RULEZERO_GUI_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "protocol/gui/gui_secret.h"

/* The schema this program writes (1: the first). */
#define GUI_STORE_SCHEMA 1
/* 'RZG1' */
#define GUI_STORE_APPLICATION_ID 0x525a4731

struct gui_store;

/* One game's row. */
struct gui_stored_game {
    char id[GUI_SECRET_LEN];       /* public: in the game's address */
    char creator[GUI_SECRET_LEN];  /* the secrets */
    char seat[2][GUI_SECRET_LEN];  /* by colour */
    int creator_side;              /* 0 White, 1 Black, -1 neither */
    int open_seats;                /* bit c: seat c is offered in the lobby to whoever claims it first */
    int days_per_move;             /* correspondence: > 0 */
    int64_t created_s;             /* Unix time */
    int64_t turn_started_s;        /* when the side to move got the turn */
    int plies;
    const char *result;            /* "" while it goes on */
    const char *record;            /* the JSON record */
};

/* Opens (creates) the file: NULL with why in err. */
struct gui_store *gui_store_open(const char *path, char *err, size_t errlen);
void gui_store_close(struct gui_store *st);

/* Each one a transaction; 0, or -1 with why in err. */
int gui_store_insert(struct gui_store *st, const struct gui_stored_game *g, char *err, size_t errlen);
/* The record, plies, result, turn start and open seats of game `id`. */
int gui_store_update(struct gui_store *st, const struct gui_stored_game *g, char *err, size_t errlen);
int gui_store_delete(struct gui_store *st, const char *id, char *err, size_t errlen);

/* Calls each(ctx, game) for every stored game, oldest first; stops at each's
 * first non-zero answer and returns it; -1 with why in err when the file
 * cannot be read. */
int gui_store_each(struct gui_store *st, int (*each)(void *ctx, const struct gui_stored_game *g), void *ctx,
                   char *err, size_t errlen);

/* The default file: $XDG_DATA_HOME/rulezero/games.sqlite, else
 * $HOME/.local/share/rulezero/games.sqlite (its folder made, mode 0700).
 * 0, or -1 with why in err. */
int gui_store_default_path(char *out, size_t n, char *err, size_t errlen);

/* One server per file: an exclusive lock (fcntl) on FILE.lock beside it,
 * held until gui_store_unlock or the process's end (a kill -9 included).
 * The lock's descriptor; GUI_STORE_IN_USE when another process holds it
 * (err names the file and that process's pid); -1 when the lock file cannot
 * be made (why in err); GUI_STORE_NO_LOCK for a database in memory (no
 * file: nobody else's). gui_store_unlock takes any of them. */
#define GUI_STORE_IN_USE (-2)
#define GUI_STORE_NO_LOCK (-3)
int gui_store_lock(const char *path, char *err, size_t errlen);
void gui_store_unlock(int fd);

#endif
