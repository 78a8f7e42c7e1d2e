#include "protocol/gui/gui_store.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

struct gui_store {
    sqlite3 *db;
    pthread_mutex_t lock; /* one transaction at a time, whichever game's thread asks */
};

static int db_error(sqlite3 *db, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
    return -1;
}

static int exec(sqlite3 *db, const char *sql, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    snprintf(err, errlen, "database: %s", msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return -1;
}

/* A pragma's integer value, or -1. */
static int64_t pragma_int(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    int64_t v = -1;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* ---- The schema and its versions ------------------------------------------------------------ */

/* migrations[v] takes a file of schema v to v + 1 (0: an empty file). A new
 * version adds its step here; a file is never changed but by these. */
static const char *const migrations[GUI_STORE_SCHEMA] = {
    "CREATE TABLE games ("
    " id TEXT PRIMARY KEY,"
    " created INTEGER NOT NULL,"
    " creator_key TEXT NOT NULL,"
    " white_key TEXT NOT NULL,"
    " black_key TEXT NOT NULL,"
    " creator_side INTEGER NOT NULL,"
    " open_seats INTEGER NOT NULL,"
    " days_per_move INTEGER NOT NULL,"
    " turn_started INTEGER NOT NULL,"
    " plies INTEGER NOT NULL,"
    " result TEXT NOT NULL,"
    " record TEXT NOT NULL"
    ");",
};

static int schema_check(sqlite3 *db, const char *path, char *err, size_t errlen)
{
    int64_t version = pragma_int(db, "PRAGMA user_version");
    int64_t app = pragma_int(db, "PRAGMA application_id");
    int64_t tables = pragma_int(db, "SELECT count(*) FROM sqlite_master");
    if (version < 0 || app < 0 || tables < 0)
        return db_error(db, path, err, errlen);
    if (version == 0 && app == 0 && tables == 0)
        return 0; /* new: created below */
    if (app != GUI_STORE_APPLICATION_ID) {
        snprintf(err, errlen, "%s is not a Rule Zero games database (application id %lld): not touched", path,
                 (long long)app);
        return -1;
    }
    if (version > GUI_STORE_SCHEMA || version < 1) {
        snprintf(err, errlen,
                 "%s has schema version %lld, which this Rule Zero does not know (it knows 1 to %d): not touched",
                 path, (long long)version, GUI_STORE_SCHEMA);
        return -1;
    }
    return 0;
}

/* Brings the file to GUI_STORE_SCHEMA, every step in one transaction. */
static int migrate(sqlite3 *db, char *err, size_t errlen)
{
    if (exec(db, "BEGIN IMMEDIATE", err, errlen))
        return -1;
    int64_t version = pragma_int(db, "PRAGMA user_version");
    for (int64_t v = version; v < GUI_STORE_SCHEMA; v++)
        if (exec(db, migrations[v], err, errlen)) {
            exec(db, "ROLLBACK", err + strlen(err), 0);
            return -1;
        }
    char sql[96];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d; PRAGMA application_id = %d", GUI_STORE_SCHEMA,
             GUI_STORE_APPLICATION_ID);
    if (exec(db, sql, err, errlen) || exec(db, "COMMIT", err, errlen)) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return 0;
}

struct gui_store *gui_store_open(const char *path, char *err, size_t errlen)
{
    struct gui_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    mode_t old = umask(077); /* the file holds the seats' secrets: its owner's only */
    int rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL);
    umask(old);
    if (rc != SQLITE_OK) {
        db_error(st->db, path, err, errlen);
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    /* WAL: a commit is one append; FULL: it is synced before the commit returns. */
    if (schema_check(st->db, path, err, errlen) || exec(st->db, "PRAGMA journal_mode=WAL", err, errlen) ||
        exec(st->db, "PRAGMA synchronous=FULL", err, errlen) || migrate(st->db, err, errlen)) {
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    pthread_mutex_init(&st->lock, NULL);
    return st;
}

void gui_store_close(struct gui_store *st)
{
    if (!st)
        return;
    sqlite3_close(st->db); /* the last connection: the WAL goes back into the file */
    pthread_mutex_destroy(&st->lock);
    free(st);
}

/* ---- Writing -------------------------------------------------------------------------------- */

/* Runs one statement in a transaction of its own: binds by bind(ctx, stmt). */
static int write_one(struct gui_store *st, const char *sql, void (*bind)(sqlite3_stmt *, const void *),
                     const void *ctx, int want_changes, char *err, size_t errlen)
{
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *stmt = NULL;
    int rc = -1;
    if (exec(st->db, "BEGIN IMMEDIATE", err, errlen))
        goto out;
    if (sqlite3_prepare_v2(st->db, sql, -1, &stmt, NULL) != SQLITE_OK) {
        db_error(st->db, "database", err, errlen);
        goto rollback;
    }
    bind(stmt, ctx);
    if (sqlite3_step(stmt) != SQLITE_DONE) {
        db_error(st->db, "database", err, errlen);
        goto rollback;
    }
    if (want_changes && sqlite3_changes(st->db) != want_changes) {
        snprintf(err, errlen, "database: no such game");
        goto rollback;
    }
    if (exec(st->db, "COMMIT", err, errlen))
        goto rollback;
    rc = 0;
    goto out;
rollback:
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

static void bind_text(sqlite3_stmt *stmt, int i, const char *text)
{
    sqlite3_bind_text(stmt, i, text ? text : "", -1, SQLITE_TRANSIENT);
}

static void bind_insert(sqlite3_stmt *stmt, const void *ctx)
{
    const struct gui_stored_game *g = ctx;
    bind_text(stmt, 1, g->id);
    sqlite3_bind_int64(stmt, 2, g->created_s);
    bind_text(stmt, 3, g->creator);
    bind_text(stmt, 4, g->seat[0]);
    bind_text(stmt, 5, g->seat[1]);
    sqlite3_bind_int(stmt, 6, g->creator_side);
    sqlite3_bind_int(stmt, 7, g->open_seats);
    sqlite3_bind_int(stmt, 8, g->days_per_move);
    sqlite3_bind_int64(stmt, 9, g->turn_started_s);
    sqlite3_bind_int(stmt, 10, g->plies);
    bind_text(stmt, 11, g->result);
    bind_text(stmt, 12, g->record);
}

int gui_store_insert(struct gui_store *st, const struct gui_stored_game *g, char *err, size_t errlen)
{
    return write_one(st,
                     "INSERT INTO games (id, created, creator_key, white_key, black_key, creator_side, open_seats,"
                     " days_per_move, turn_started, plies, result, record) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                     bind_insert, g, 1, err, errlen);
}

static void bind_update(sqlite3_stmt *stmt, const void *ctx)
{
    const struct gui_stored_game *g = ctx;
    bind_text(stmt, 1, g->record);
    sqlite3_bind_int(stmt, 2, g->plies);
    bind_text(stmt, 3, g->result);
    sqlite3_bind_int64(stmt, 4, g->turn_started_s);
    sqlite3_bind_int(stmt, 5, g->open_seats);
    bind_text(stmt, 6, g->id);
}

int gui_store_update(struct gui_store *st, const struct gui_stored_game *g, char *err, size_t errlen)
{
    return write_one(st, "UPDATE games SET record = ?, plies = ?, result = ?, turn_started = ?, open_seats = ? WHERE id = ?",
                     bind_update, g, 1, err, errlen);
}

static void bind_id(sqlite3_stmt *stmt, const void *ctx) { bind_text(stmt, 1, ctx); }

int gui_store_delete(struct gui_store *st, const char *id, char *err, size_t errlen)
{
    return write_one(st, "DELETE FROM games WHERE id = ?", bind_id, id, 1, err, errlen);
}

/* ---- Reading -------------------------------------------------------------------------------- */

static void column_secret(sqlite3_stmt *stmt, int i, char out[GUI_SECRET_LEN])
{
    const unsigned char *t = sqlite3_column_text(stmt, i);
    snprintf(out, GUI_SECRET_LEN, "%s", t ? (const char *)t : "");
}

/* One row copied out of the statement (its texts owned). */
struct row_copy {
    struct gui_stored_game g;
    char *result, *record;
};

static void free_rows(struct row_copy *rows, int n)
{
    for (int i = 0; i < n; i++) {
        free(rows[i].result);
        free(rows[i].record);
    }
    free(rows);
}

static char *column_dup(sqlite3_stmt *stmt, int i)
{
    const unsigned char *t = sqlite3_column_text(stmt, i);
    return strdup(t ? (const char *)t : "");
}

static int copy_row(sqlite3_stmt *stmt, struct row_copy *r)
{
    memset(r, 0, sizeof *r);
    column_secret(stmt, 0, r->g.id);
    r->g.created_s = sqlite3_column_int64(stmt, 1);
    column_secret(stmt, 2, r->g.creator);
    column_secret(stmt, 3, r->g.seat[0]);
    column_secret(stmt, 4, r->g.seat[1]);
    r->g.creator_side = sqlite3_column_int(stmt, 5);
    r->g.open_seats = sqlite3_column_int(stmt, 6);
    r->g.days_per_move = sqlite3_column_int(stmt, 7);
    r->g.turn_started_s = sqlite3_column_int64(stmt, 8);
    r->g.plies = sqlite3_column_int(stmt, 9);
    r->result = column_dup(stmt, 10);
    r->record = column_dup(stmt, 11);
    r->g.result = r->result;
    r->g.record = r->record;
    return r->result && r->record ? 0 : -1;
}

/* Every row, copied out with the store's lock held (n: how many); -1 with why in err. */
static int read_rows(struct gui_store *st, struct row_copy **out, int *n, char *err, size_t errlen)
{
    *out = NULL;
    *n = 0;
    int cap = 0, rc = 0, step;
    pthread_mutex_lock(&st->lock);
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT id, created, creator_key, white_key, black_key, creator_side, open_seats, days_per_move,"
                           " turn_started, plies, result, record FROM games ORDER BY created, rowid",
                           -1, &stmt, NULL) != SQLITE_OK) {
        rc = db_error(st->db, "database", err, errlen);
        goto out;
    }
    while (rc == 0 && (step = sqlite3_step(stmt)) == SQLITE_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 16;
            struct row_copy *more = realloc(*out, (size_t)cap * sizeof *more);
            if (!more) {
                rc = -1;
                snprintf(err, errlen, "out of memory");
                break;
            }
            *out = more;
        }
        rc = copy_row(stmt, &(*out)[(*n)++]);
        if (rc)
            snprintf(err, errlen, "out of memory");
    }
    if (rc == 0 && step != SQLITE_DONE)
        rc = db_error(st->db, "database", err, errlen);
out:
    sqlite3_finalize(stmt);
    pthread_mutex_unlock(&st->lock);
    return rc;
}

int gui_store_each(struct gui_store *st, int (*each)(void *ctx, const struct gui_stored_game *g), void *ctx,
                   char *err, size_t errlen)
{
    struct row_copy *rows;
    int n, rc = read_rows(st, &rows, &n, err, errlen);
    /* each() runs without the store's lock: it may take a game's lock, which comes before the store's. */
    for (int i = 0; rc == 0 && i < n; i++)
        rc = each(ctx, &rows[i].g);
    free_rows(rows, n);
    return rc;
}

/* ---- Where ---------------------------------------------------------------------------------- */

static int make_dir(const char *path, char *err, size_t errlen)
{
    if (mkdir(path, 0700) == 0 || errno == EEXIST)
        return 0;
    snprintf(err, errlen, "cannot make %s: %s", path, strerror(errno));
    return -1;
}

int gui_store_default_path(char *out, size_t n, char *err, size_t errlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[4096];
    if (xdg && xdg[0] == '/') {
        snprintf(dir, sizeof dir, "%s", xdg);
    } else if (home && home[0]) {
        snprintf(dir, sizeof dir, "%s/.local", home);
        if (make_dir(dir, err, errlen))
            return -1;
        snprintf(dir, sizeof dir, "%s/.local/share", home);
    } else {
        snprintf(err, errlen, "neither XDG_DATA_HOME nor HOME is set: give --db FILE");
        return -1;
    }
    if (make_dir(dir, err, errlen))
        return -1;
    size_t len = strlen(dir);
    snprintf(dir + len, sizeof dir - len, "/rulezero");
    if (make_dir(dir, err, errlen))
        return -1;
    if ((size_t)snprintf(out, n, "%s/games.sqlite", dir) >= n) {
        snprintf(err, errlen, "the data folder's path is too long: give --db FILE");
        return -1;
    }
    return 0;
}

/* ---- One server per file -------------------------------------------------------------------- */

int gui_store_lock(const char *path, char *err, size_t errlen)
{
    if (strcmp(path, ":memory:") == 0 || !path[0])
        return GUI_STORE_NO_LOCK; /* nobody else's: no file */
    char lock_path[4200];
    if ((size_t)snprintf(lock_path, sizeof lock_path, "%s.lock", path) >= sizeof lock_path) {
        snprintf(err, errlen, "the database's path is too long: %s", path);
        return -1;
    }
    int fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open %s: %s", lock_path, strerror(errno));
        return -1;
    }
    struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &fl) == 0) {
        char pid[32];
        int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
        if (ftruncate(fd, 0) != 0 || pwrite(fd, pid, (size_t)n, 0) != n) {
            /* the pid only informs a person who looks: the lock is what counts */
        }
        return fd;
    }
    int why = errno;
    struct flock holder = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    bool known = (why == EACCES || why == EAGAIN) && fcntl(fd, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK;
    close(fd);
    if (why != EACCES && why != EAGAIN) {
        snprintf(err, errlen, "cannot lock %s: %s", lock_path, strerror(why));
        return -1;
    }
    if (known)
        snprintf(err, errlen, "%s is in use by another rulezero gui (process %ld): one server per database", path,
                 (long)holder.l_pid);
    else
        snprintf(err, errlen, "%s is in use by another rulezero gui: one server per database", path);
    return GUI_STORE_IN_USE;
}

void gui_store_unlock(int fd)
{
    if (fd >= 0)
        close(fd); /* the lock goes with it; the file stays, empty of meaning */
}
