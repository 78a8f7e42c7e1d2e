#include "protocol/gui/gui_lobby.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol/gui/gui_inbound.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/gui/gui_json.h"
#include "protocol/gui/gui_store.h"

static const char *const seat_names[2] = {"white", "black"};

/* One game. Its fields below `session` are guarded by the session's lock;
 * `refs` by the lobby's. */
struct gui_game {
    struct gui_lobby *lobby;
    int refs;                     /* the lobby's table holds one, each page on it one */
    struct gui_session *session;
    char id[GUI_SECRET_LEN];
    char creator[GUI_SECRET_LEN];
    char seat[2][GUI_SECRET_LEN];
    int creator_side;
    int days_per_move;
    int64_t created_s;
    int open_seats;
    int64_t turn_started_s;       /* when the side to move got the turn; once the game is over, when it ended */
    int plies;
    bool over;                    /* as last stored */
    bool stored;                  /* its row exists: every change is written */
    /* The game as it was last written: a change the store cannot write is
     * undone to it (the record, and what the record does not hold exactly). */
    char *saved_record;
    int64_t saved_clock_ms[2], saved_turn_start_ms;
    unsigned saved_game_number;
    char creator_address[48];     /* where its creator came from (""): not stored, a restart forgets it */
};

struct gui_lobby {
    struct gui_config cfg;
    struct gui_lobby_config lc;
    struct gui_store *store;
    int db_lock;          /* one server per file (gui_store_lock), for the lobby's life */
    gui_game_send_fn send;
    void *send_ctx;
    pthread_mutex_t lock; /* the table and every game's refs */
    struct gui_game **game;
    int count, cap;
};

static int64_t now_s(void) { return (int64_t)time(NULL); }

/* ---- A game's life -------------------------------------------------------------------------- */

static void game_broadcast(void *ctx, const char *text, size_t len)
{
    struct gui_game *g = ctx;
    g->lobby->send(g->lobby->send_ctx, g, text, len);
}

/* The game as it is now, written (record: its record's text, taken over). */
static void remember_saved(struct gui_game *g, const struct gui_session *s, char *record)
{
    free(g->saved_record);
    g->saved_record = record;
    for (int c = 0; c < 2; c++)
        g->saved_clock_ms[c] = s->clock_ms[c];
    g->saved_turn_start_ms = s->turn_start_ms;
    g->saved_game_number = s->game_number;
}

/* A change the store could not write undone: the game as it was last written. */
static void put_back(struct gui_game *g, struct gui_session *s)
{
    char err[512];
    if (!g->saved_record || gui_record_put_back(s, g->saved_record, err, sizeof err)) {
        fprintf(stderr, "rulezero gui: game %s cannot be put back as it was written: %s\n", g->id,
                g->saved_record ? err : "no record");
        return;
    }
    for (int c = 0; c < 2; c++)
        s->clock_ms[c] = g->saved_clock_ms[c];
    s->turn_start_ms = g->saved_turn_start_ms;
    s->game_number = g->saved_game_number;
}

static char *record_text(struct gui_session *s)
{
    cJSON *rec = gui_record_json(s);
    char *record = rec ? cJSON_PrintUnformatted(rec) : NULL;
    cJSON_Delete(rec);
    return record;
}

/* The session's store hook: the game's row rewritten, before anyone hears of
 * the change; when it cannot be, the change is undone and refused. */
static int store_game(void *ctx, struct gui_session *s)
{
    struct gui_game *g = ctx;
    if (!g->stored)
        return 0;
    int plies = s->game.count;
    /* the turn's start, and a finished game's end (expiry counts from it) */
    bool moved = plies != g->plies || s->over != g->over;
    int64_t turn_started_s = moved ? now_s() : g->turn_started_s;
    char *record = record_text(s);
    struct gui_stored_game row = {.creator_side = g->creator_side,
                                  .open_seats = g->open_seats,
                                  .days_per_move = g->days_per_move,
                                  .turn_started_s = turn_started_s,
                                  .plies = plies,
                                  .result = s->over ? s->result_score : "",
                                  .record = record};
    snprintf(row.id, sizeof row.id, "%s", g->id);
    char err[256];
    if (record && gui_store_update(g->lobby->store, &row, err, sizeof err) == 0) {
        g->plies = plies;
        g->over = s->over;
        g->turn_started_s = turn_started_s;
        remember_saved(g, s, record);
        return 0;
    }
    if (!record)
        snprintf(err, sizeof err, "out of memory");
    free(record);
    fprintf(stderr, "rulezero gui: game %s not saved, the change undone: %s\n", g->id, err);
    put_back(g, s);
    /* to the page that asked for the change; one the server made (an engine's turn, a flag's fall) to every page */
    gui_send_error(s->asker ? s->asker : game_broadcast, s->asker ? s->asker_ctx : g,
                   "refused: the game could not be saved, so the change is not made (%s)", err);
    return -1;
}

static void lobby_game_free(struct gui_game *g)
{
    if (!g)
        return;
    gui_session_free(g->session);
    free(g->saved_record);
    memset(g->creator, 0, sizeof g->creator);
    memset(g->seat, 0, sizeof g->seat);
    free(g);
}

/* A game with its session, not yet in the table nor stored. */
static struct gui_game *lobby_game_new(struct gui_lobby *l)
{
    struct gui_game *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->lobby = l;
    g->refs = 1;
    g->creator_side = -1;
    struct gui_config cfg = l->cfg;
    cfg.store = store_game;
    cfg.store_ctx = g;
    cfg.records = false;
    g->session = gui_session_new(&cfg, game_broadcast, g);
    if (!g->session) {
        free(g);
        return NULL;
    }
    return g;
}

/* A reply that keeps the first error's text (for messages the lobby sends a session itself). */
struct captured {
    char error[512];
};

static void capture_reply(void *ctx, const char *text, size_t len)
{
    struct captured *c = ctx;
    cJSON *o = cJSON_ParseWithLength(text, len);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(o, "type");
    const cJSON *message = cJSON_GetObjectItemCaseSensitive(o, "message");
    if (!c->error[0] && cJSON_IsString(type) && strcmp(type->valuestring, "error") == 0)
        snprintf(c->error, sizeof c->error, "%s", cJSON_IsString(message) ? message->valuestring : "error");
    cJSON_Delete(o);
}

/* Sends the session msg as its creator would; 0, or -1 with the error in err. */
static int session_do(struct gui_game *g, const cJSON *msg, char *err, size_t errlen)
{
    char *text = cJSON_PrintUnformatted(msg);
    if (!text) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct captured c = {{0}};
    gui_session_handle_as(g->session, text, strlen(text), capture_reply, &c, NULL);
    free(text);
    if (!c.error[0])
        return 0;
    snprintf(err, errlen, "%s", c.error);
    return -1;
}

static int table_add(struct gui_lobby *l, struct gui_game *g)
{
    if (l->count == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        struct gui_game **more = realloc(l->game, (size_t)cap * sizeof *more);
        if (!more)
            return -1;
        l->game = more;
        l->cap = cap;
    }
    l->game[l->count++] = g;
    return 0;
}

/* ---- Opening: every stored game back --------------------------------------------------------- */

static int restore_one(void *ctx, const struct gui_stored_game *row)
{
    struct gui_lobby *l = ctx;
    struct gui_game *g = lobby_game_new(l);
    if (!g)
        return -1;
    snprintf(g->id, sizeof g->id, "%s", row->id);
    snprintf(g->creator, sizeof g->creator, "%s", row->creator);
    for (int c = 0; c < 2; c++)
        snprintf(g->seat[c], sizeof g->seat[c], "%s", row->seat[c]);
    g->creator_side = row->creator_side;
    g->open_seats = row->open_seats;
    g->days_per_move = row->days_per_move;
    g->created_s = row->created_s;
    g->turn_started_s = row->turn_started_s;
    g->plies = row->plies;
    g->over = row->result && row->result[0];
    cJSON *msg = cJSON_CreateObject();
    cJSON_AddStringToObject(msg, "type", "restore");
    cJSON_AddItemToObject(msg, "record", cJSON_Parse(row->record ? row->record : ""));
    char err[512];
    int rc = session_do(g, msg, err, sizeof err);
    cJSON_Delete(msg);
    if (rc) { /* left in the file as it is, for a person to look at */
        fprintf(stderr, "rulezero gui: game %s cannot be restored, left out: %s\n", row->id, err);
        lobby_game_free(g);
        return 0;
    }
    pthread_mutex_lock(&g->session->lock);
    g->stored = true;
    remember_saved(g, g->session, strdup(row->record ? row->record : ""));
    pthread_mutex_unlock(&g->session->lock);
    if (table_add(l, g)) {
        lobby_game_free(g);
        return -1;
    }
    return 0;
}

struct gui_lobby *gui_lobby_open(const struct gui_config *cfg, const struct gui_lobby_config *lc, gui_game_send_fn send,
                                 void *send_ctx, char *err, size_t errlen)
{
    struct gui_lobby *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    l->cfg = *cfg;
    l->lc = *lc;
    if (l->lc.max_games <= 0)
        l->lc.max_games = GUI_DEFAULT_MAX_GAMES;
    if (l->lc.games_per_address <= 0)
        l->lc.games_per_address = GUI_DEFAULT_GAMES_PER_ADDRESS;
    if (l->lc.max_engine_games <= 0)
        l->lc.max_engine_games = GUI_DEFAULT_ENGINE_GAMES;
    if (l->lc.unstarted_s <= 0)
        l->lc.unstarted_s = GUI_DEFAULT_UNSTARTED_S;
    if (l->lc.abandoned_s <= 0)
        l->lc.abandoned_s = GUI_DEFAULT_ABANDONED_S;
    l->send = send;
    l->send_ctx = send_ctx;
    pthread_mutex_init(&l->lock, NULL);
    l->db_lock = gui_store_lock(lc->db_path, err, errlen);
    if (lc->db_in_use)
        *lc->db_in_use = l->db_lock == GUI_STORE_IN_USE;
    l->store = l->db_lock == -1 || l->db_lock == GUI_STORE_IN_USE ? NULL : gui_store_open(lc->db_path, err, errlen);
    if (!l->store) {
        gui_lobby_close(l);
        return NULL;
    }
    if (gui_store_each(l->store, restore_one, l, err, errlen)) {
        if (!err[0])
            snprintf(err, errlen, "out of memory");
        gui_lobby_close(l);
        return NULL;
    }
    return l;
}

void gui_lobby_close(struct gui_lobby *l)
{
    if (!l)
        return;
    for (int i = 0; i < l->count; i++)
        lobby_game_free(l->game[i]);
    free(l->game);
    gui_store_close(l->store);
    gui_store_unlock(l->db_lock);
    pthread_mutex_destroy(&l->lock);
    free(l);
}

/* ---- Finding games and who is who ----------------------------------------------------------- */

struct gui_game *gui_lobby_find(struct gui_lobby *l, const char *id)
{
    if (!gui_secret_well_formed(id))
        return NULL;
    struct gui_game *found = NULL;
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < l->count && !found; i++)
        if (strcmp(l->game[i]->id, id) == 0) /* the id is public: no need for a constant time */
            found = l->game[i];
    if (found)
        found->refs++;
    pthread_mutex_unlock(&l->lock);
    return found;
}

void gui_lobby_release(struct gui_lobby *l, struct gui_game *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&l->lock);
    bool last = --g->refs == 0;
    pthread_mutex_unlock(&l->lock);
    if (last)
        lobby_game_free(g);
}

/* Every game of the table, each with a reference of the caller's (give them
 * back with table_release). A game's session lock is taken only after the
 * lobby's is let go: a session that waits long (its turn's commit on a
 * stalled disk) then holds up its own game, not every lookup of every game.
 * NULL and *n 0 when the table is empty or no memory is left. */
static struct gui_game **table_snapshot(struct gui_lobby *l, int *n)
{
    pthread_mutex_lock(&l->lock);
    struct gui_game **all = l->count ? malloc((size_t)l->count * sizeof *all) : NULL;
    *n = all ? l->count : 0;
    for (int i = 0; i < *n; i++) {
        all[i] = l->game[i];
        all[i]->refs++;
    }
    pthread_mutex_unlock(&l->lock);
    return all;
}

static void table_release(struct gui_lobby *l, struct gui_game **all, int n)
{
    for (int i = 0; i < n; i++)
        gui_lobby_release(l, all[i]);
    free(all);
}

const char *gui_game_id(const struct gui_game *g) { return g->id; }

void gui_game_role(const struct gui_game *g, const char *creator_key, const char *seat_key, struct gui_actor *out)
{
    out->creator = gui_secret_equal(g->creator, creator_key);
    for (int c = 0; c < 2; c++)
        out->plays[c] = gui_secret_equal(g->seat[c], seat_key);
}

int gui_game_link_key(const struct gui_game *g, const char *key, char seat_out[GUI_SECRET_LEN])
{
    seat_out[0] = '\0';
    bool creator = gui_secret_equal(g->creator, key);
    bool white = gui_secret_equal(g->seat[0], key), black = gui_secret_equal(g->seat[1], key);
    if (creator) {
        if (g->creator_side == 0 || g->creator_side == 1)
            snprintf(seat_out, GUI_SECRET_LEN, "%s", g->seat[g->creator_side]);
        return 'c';
    }
    if (white || black) {
        snprintf(seat_out, GUI_SECRET_LEN, "%s", key);
        return 's';
    }
    return 0;
}

/* ---- The lobby's list ------------------------------------------------------------------------ */

static cJSON *seat_json(struct gui_game *g, Color c)
{
    struct gui_session *s = g->session;
    cJSON *o = cJSON_CreateObject();
    char name[128];
    gui_player_name(s, s->player_id[c], name, sizeof name);
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddBoolToObject(o, "person", gui_player_is_human(s->player_id[c]));
    cJSON_AddBoolToObject(o, "open", (g->open_seats >> c) & 1);
    return o;
}

/* One game of the list (the game's lock held). */
static cJSON *game_summary(struct gui_game *g)
{
    struct gui_session *s = g->session;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", g->id);
    cJSON_AddStringToObject(o, "variant", s->game.variant->id);
    cJSON_AddStringToObject(o, "title", s->game.variant->title);
    for (int c = 0; c < 2; c++)
        cJSON_AddItemToObject(o, seat_names[c], seat_json(g, (Color)c));
    cJSON_AddNumberToObject(o, "ply", s->game.count);
    cJSON_AddStringToObject(o, "to_move", seat_names[s->game.pos->side]);
    if (s->over)
        cJSON_AddStringToObject(o, "result", s->result_score);
    else
        cJSON_AddNullToObject(o, "result");
    cJSON_AddNumberToObject(o, "days_per_move", g->days_per_move);
    cJSON_AddNumberToObject(o, "created", (double)g->created_s);
    return o;
}

char *gui_lobby_games_text(struct gui_lobby *l)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "games");
    cJSON *list = cJSON_AddArrayToObject(o, "games");
    int n;
    struct gui_game **all = table_snapshot(l, &n);
    for (int i = 0; i < n; i++) {
        struct gui_game *g = all[i];
        pthread_mutex_lock(&g->session->lock);
        cJSON_AddItemToArray(list, game_summary(g));
        pthread_mutex_unlock(&g->session->lock);
    }
    table_release(l, all, n);
    cJSON_AddNumberToObject(o, "max_games", l->lc.max_games);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

static void send_games(struct gui_lobby *l, gui_send_fn reply, void *reply_ctx)
{
    char *text = gui_lobby_games_text(l);
    if (!text)
        return;
    if (reply)
        reply(reply_ctx, text, strlen(text));
    else
        l->send(l->send_ctx, NULL, text, strlen(text));
    free(text);
}

char *gui_game_state_text(struct gui_game *g) { return gui_session_state(g->session); }
char *gui_game_pgn_text(struct gui_game *g) { return gui_session_pgn(g->session); }

/* ---- Creating a game ------------------------------------------------------------------------- */

static const char *text_field(const cJSON *o, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(f) ? f->valuestring : NULL;
}

/* The creator's side ("white", "black" or "none"; default white): 0, 1, -1; -2 when bad. */
static int read_side(const cJSON *msg)
{
    const char *side = text_field(msg, "side");
    if (!side && cJSON_GetObjectItemCaseSensitive(msg, "side"))
        return -2; /* not a text */
    if (!side || strcmp(side, "white") == 0)
        return 0;
    return strcmp(side, "black") == 0 ? 1 : strcmp(side, "none") == 0 ? -1 : -2;
}

/* `days`: absent or 0 (none), else 1 to GUI_MAX_DAYS_PER_MOVE; -1 when bad. */
static int read_days(const cJSON *msg)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(msg, "days");
    if (!d || cJSON_IsNull(d))
        return 0;
    /* the range first: a double beyond int's cannot be converted to one */
    if (!cJSON_IsNumber(d) || !(d->valuedouble >= 0 && d->valuedouble <= GUI_MAX_DAYS_PER_MOVE) ||
        d->valuedouble != (double)(int)d->valuedouble)
        return -1;
    return (int)d->valuedouble;
}

/* The new_game message the new session gets: the page's fields; every seat a
 * person's unless the message names its player; untimed when by correspondence. */
static cJSON *new_game_message(const cJSON *msg, int days)
{
    cJSON *ng = cJSON_Duplicate(msg, true);
    cJSON_ReplaceItemInObjectCaseSensitive(ng, "type", cJSON_CreateString("new_game"));
    for (int c = 0; c < 2; c++)
        if (!text_field(ng, seat_names[c])) {
            cJSON_DeleteItemFromObjectCaseSensitive(ng, seat_names[c]);
            cJSON_AddStringToObject(ng, seat_names[c], "human");
        }
    if (days > 0) {
        cJSON_DeleteItemFromObjectCaseSensitive(ng, "tc");
        cJSON *tc = cJSON_AddObjectToObject(ng, "tc");
        cJSON_AddStringToObject(tc, "kind", "untimed");
    }
    return ng;
}

static int make_secrets(struct gui_game *g)
{
    return gui_secret_new(g->id) || gui_secret_new(g->creator) || gui_secret_new(g->seat[0]) ||
                   gui_secret_new(g->seat[1])
               ? -1
               : 0;
}

/* Writes the game's first row (its lock held from here on it is stored). */
static int store_first(struct gui_game *g, char *err, size_t errlen)
{
    struct gui_session *s = g->session;
    pthread_mutex_lock(&s->lock);
    char *record = record_text(s);
    g->plies = s->game.count;
    g->over = s->over;
    struct gui_stored_game row = {.creator_side = g->creator_side,
                                  .open_seats = g->open_seats,
                                  .days_per_move = g->days_per_move,
                                  .created_s = g->created_s,
                                  .turn_started_s = g->turn_started_s,
                                  .plies = g->plies,
                                  .result = s->over ? s->result_score : "",
                                  .record = record};
    snprintf(row.id, sizeof row.id, "%s", g->id);
    snprintf(row.creator, sizeof row.creator, "%s", g->creator);
    for (int c = 0; c < 2; c++)
        snprintf(row.seat[c], sizeof row.seat[c], "%s", g->seat[c]);
    int rc = record ? gui_store_insert(g->lobby->store, &row, err, errlen) : -1;
    if (!record)
        snprintf(err, errlen, "out of memory");
    g->stored = rc == 0;
    if (rc == 0)
        remember_saved(g, s, record);
    else
        free(record);
    pthread_mutex_unlock(&s->lock);
    return rc;
}

static void link_of(char *out, size_t n, const char *id, const char *key)
{
    snprintf(out, n, "/?game=%s&key=%s", id, key);
}

/* o.links: the invitation link of each seat a person holds. */
static void add_seat_links(cJSON *o, struct gui_game *g)
{
    char link[128];
    cJSON *links = cJSON_AddObjectToObject(o, "links");
    pthread_mutex_lock(&g->session->lock);
    for (int c = 0; c < 2; c++)
        if (gui_player_is_human(g->session->player_id[c])) {
            link_of(link, sizeof link, g->id, g->seat[c]);
            cJSON_AddStringToObject(links, seat_names[c], link);
        }
    pthread_mutex_unlock(&g->session->lock);
}

/* `created`: the game's address and the links: the creator's, and each seat
 * a person holds (the invitations). */
static void reply_created(struct gui_game *g, gui_send_fn reply, void *reply_ctx)
{
    char link[128];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "created");
    cJSON_AddStringToObject(o, "game", g->id);
    snprintf(link, sizeof link, "/?game=%s", g->id);
    cJSON_AddStringToObject(o, "watch_link", link);
    link_of(link, sizeof link, g->id, g->creator);
    cJSON_AddStringToObject(o, "creator_link", link);
    add_seat_links(o, g);
    gui_send_json(reply, reply_ctx, o);
}

static bool table_full(struct gui_lobby *l)
{
    pthread_mutex_lock(&l->lock);
    bool full = l->count >= l->lc.max_games;
    pthread_mutex_unlock(&l->lock);
    return full;
}

/* The games held that were created from `address` in this server's life. */
static int games_from(struct gui_lobby *l, const char *address)
{
    int n = 0;
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < l->count; i++)
        n += strcmp(l->game[i]->creator_address, address) == 0;
    pthread_mutex_unlock(&l->lock);
    return n;
}

/* Are both of o's `white` and `black` players no person (a missing one is a person)? */
static bool plays_itself(const cJSON *o)
{
    for (int c = 0; c < 2; c++) {
        const char *id = text_field(o, seat_names[c]);
        if (!id || gui_player_is_human(id))
            return false;
    }
    return true;
}

/* The unfinished games held where no seat is a person's (but `except`). */
static int engine_games(struct gui_lobby *l, const struct gui_game *except)
{
    int n = 0, count;
    struct gui_game **all = table_snapshot(l, &count);
    for (int i = 0; i < count; i++) {
        struct gui_session *s = all[i]->session;
        if (all[i] == except)
            continue;
        pthread_mutex_lock(&s->lock);
        n += !s->over && !gui_player_is_human(s->player_id[WHITE]) && !gui_player_is_human(s->player_id[BLACK]);
        pthread_mutex_unlock(&s->lock);
    }
    table_release(l, all, count);
    return n;
}

/* A game between engines that players (`white`, `black` of o) would start in
 * place of `except` (NULL: a new one): refused with a reply when the most are
 * held already. */
static bool engine_cap_refuses(struct gui_lobby *l, const struct gui_game *except, const cJSON *players,
                               gui_send_fn reply, void *reply_ctx)
{
    if (!plays_itself(players) || engine_games(l, except) < l->lc.max_engine_games)
        return false;
    gui_send_error(reply, reply_ctx,
                   "refused: the server plays its most games between engines at once (%d): wait until one ends",
                   l->lc.max_engine_games);
    return true;
}

/* The limits a new game must pass, else refused with a reply. */
static bool create_refused(struct gui_lobby *l, const cJSON *msg, const char *address, gui_send_fn reply,
                           void *reply_ctx)
{
    if (table_full(l)) {
        gui_send_error(reply, reply_ctx, "refused: the server holds its most games (%d): finish or delete one",
                       l->lc.max_games);
        return true;
    }
    if (address[0] && games_from(l, address) >= l->lc.games_per_address) {
        gui_send_error(reply, reply_ctx,
                       "refused: your address holds its most games (%d): delete one, or wait until one expires",
                       l->lc.games_per_address);
        return true;
    }
    return engine_cap_refuses(l, NULL, msg, reply, reply_ctx);
}

static void on_create(struct gui_lobby *l, const cJSON *msg, const char *address, gui_send_fn reply,
                      void *reply_ctx)
{
    int side = read_side(msg), days = read_days(msg);
    const cJSON *open = cJSON_GetObjectItemCaseSensitive(msg, "open");
    bool players_ok = true; /* a player missing is a person; one that is not a text is refused */
    for (int c = 0; c < 2; c++)
        if (cJSON_GetObjectItemCaseSensitive(msg, seat_names[c]) && !text_field(msg, seat_names[c]))
            players_ok = false;
    if (side == -2 || days < 0 || (open && !cJSON_IsBool(open)) || !players_ok) {
        gui_send_error(reply, reply_ctx,
                       "bad game: side is white, black or none; days 0 to %d; open true or false; white and black "
                       "player ids",
                       GUI_MAX_DAYS_PER_MOVE);
        return;
    }
    if (create_refused(l, msg, address, reply, reply_ctx))
        return;
    struct gui_game *g = lobby_game_new(l);
    char err[512];
    if (!g || make_secrets(g)) {
        gui_send_error(reply, reply_ctx, "cannot create a game: %s", g ? "no random source" : "out of memory");
        lobby_game_free(g);
        return;
    }
    g->creator_side = side;
    g->days_per_move = days;
    snprintf(g->creator_address, sizeof g->creator_address, "%s", address);
    g->created_s = g->turn_started_s = now_s();
    cJSON *ng = new_game_message(msg, days);
    int rc = session_do(g, ng, err, sizeof err);
    cJSON_Delete(ng);
    if (rc == 0) {
        pthread_mutex_lock(&g->session->lock);
        for (int c = 0; c < 2; c++)
            if (cJSON_IsTrue(open) && c != side && gui_player_is_human(g->session->player_id[c]))
                g->open_seats |= 1 << c;
        pthread_mutex_unlock(&g->session->lock);
        rc = store_first(g, err, sizeof err);
    }
    pthread_mutex_lock(&l->lock);
    if (rc == 0 && l->count >= l->lc.max_games) { /* filled meanwhile: the runner has many threads */
        snprintf(err, sizeof err, "refused: the server holds its most games (%d): finish or delete one",
                 l->lc.max_games);
        rc = -1;
    } else if (rc == 0 && table_add(l, g)) {
        snprintf(err, sizeof err, "out of memory");
        rc = -1;
    }
    pthread_mutex_unlock(&l->lock);
    if (rc) {
        gui_send_error(reply, reply_ctx, "%s", err);
        if (g->stored)
            gui_store_delete(l->store, g->id, err, sizeof err);
        lobby_game_free(g);
        return;
    }
    reply_created(g, reply, reply_ctx);
    send_games(l, NULL, NULL);
}

/* ---- Claiming an open seat, deleting a game --------------------------------------------------- */

/* `claim_seat` {game, color}: the lobby's visitor takes a seat left open; answers `claimed` with its link. */
static void on_claim(struct gui_lobby *l, const cJSON *msg, gui_send_fn reply, void *reply_ctx)
{
    const char *id = text_field(msg, "game"), *color = text_field(msg, "color");
    int c = color && strcmp(color, "white") == 0 ? 0 : color && strcmp(color, "black") == 0 ? 1 : -1;
    struct gui_game *g = id ? gui_lobby_find(l, id) : NULL;
    if (!g || c < 0) {
        gui_send_error(reply, reply_ctx, "refused: %s", g ? "bad color" : "no such game");
        gui_lobby_release(l, g);
        return;
    }
    struct gui_session *s = g->session;
    pthread_mutex_lock(&s->lock);
    bool open = (g->open_seats >> c) & 1 && !s->over, saved = true;
    if (open) {
        g->open_seats &= ~(1 << c);
        saved = store_game(g, s) == 0;
        if (!saved)
            g->open_seats |= 1 << c;
    }
    pthread_mutex_unlock(&s->lock);
    if (!open || !saved) {
        gui_send_error(reply, reply_ctx, "refused: %s",
                       saved ? "that seat is not open" : "the game could not be saved, so the seat is not given");
    } else {
        char link[128];
        link_of(link, sizeof link, g->id, g->seat[c]);
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "type", "claimed");
        cJSON_AddStringToObject(o, "game", g->id);
        cJSON_AddStringToObject(o, "color", seat_names[c]);
        cJSON_AddStringToObject(o, "link", link);
        gui_send_json(reply, reply_ctx, o);
        send_games(l, NULL, NULL);
    }
    gui_lobby_release(l, g);
}

/* g, whose row is gone, out of the table: its pages told, the lobby's list sent anew. */
static void forget_game(struct gui_lobby *l, struct gui_game *g)
{
    bool in_table = false;
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < l->count; i++)
        if (l->game[i] == g) {
            l->game[i] = l->game[--l->count];
            in_table = true;
            break;
        }
    pthread_mutex_unlock(&l->lock);
    const char *gone = "{\"type\":\"deleted\"}";
    l->send(l->send_ctx, g, gone, strlen(gone));
    if (in_table)
        gui_lobby_release(l, g); /* the table's reference: the pages on it hold theirs */
    send_games(l, NULL, NULL);
}

static void on_delete(struct gui_lobby *l, struct gui_game *g, const struct gui_actor *actor, gui_send_fn reply,
                      void *reply_ctx)
{
    if (!actor->creator) {
        gui_send_error(reply, reply_ctx, "refused: only the game's creator may delete it");
        return;
    }
    char err[256];
    struct gui_session *s = g->session;
    pthread_mutex_lock(&s->lock);
    int rc = g->stored ? gui_store_delete(l->store, g->id, err, sizeof err) : -1;
    if (rc == 0)
        g->stored = false;
    pthread_mutex_unlock(&s->lock);
    if (rc) {
        gui_send_error(reply, reply_ctx, "cannot delete the game: %s", g->stored ? err : "it is deleted already");
        return;
    }
    forget_game(l, g);
}


/* ---- Messages --------------------------------------------------------------------------------- */

/* A game a page is on is stored from its creation until its deletion. */
static bool is_deleted(struct gui_game *g)
{
    pthread_mutex_lock(&g->session->lock);
    bool deleted = !g->stored;
    pthread_mutex_unlock(&g->session->lock);
    return deleted;
}

static void add_player(cJSON *list, const char *id, const char *name)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "id", id);
    cJSON_AddStringToObject(p, "name", name);
    cJSON_AddItemToArray(list, p);
}

/* The lobby's `setup`: the games (as a game page's setup has them) and who may hold a seat. */
static cJSON *lobby_setup(const struct gui_lobby *l)
{
    cJSON *players = cJSON_CreateArray();
    add_player(players, "human", "A person");
    if (l->cfg.self_cmd)
        add_player(players, "engine:0", "Rule Zero");
    char id[GUI_ID_LEN];
    for (int i = 1; i <= l->cfg.engine_count; i++) {
        snprintf(id, sizeof id, "engine:%d", i);
        add_player(players, id, l->cfg.engines[i - 1]);
    }
    add_player(players, "builtin:greedy", "Greedy player");
    add_player(players, "builtin:random", "Random mover");
    cJSON *o = gui_json_setup(players);
    cJSON_AddNumberToObject(o, "max_days_per_move", GUI_MAX_DAYS_PER_MOVE);
    return o;
}

/* `seat`, after a game page's hello: what the page's sender may do, and to
 * its creator the links to hand out. */
static void reply_seat(struct gui_game *g, const struct gui_actor *actor, gui_send_fn reply, void *reply_ctx)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "seat");
    cJSON_AddStringToObject(o, "game", g->id);
    for (int c = 0; c < 2; c++)
        cJSON_AddBoolToObject(o, seat_names[c], actor->plays[c]);
    cJSON_AddBoolToObject(o, "creator", actor->creator);
    cJSON_AddNumberToObject(o, "days_per_move", g->days_per_move);
    if (actor->creator)
        add_seat_links(o, g);
    gui_send_json(reply, reply_ctx, o);
}

void gui_lobby_handle(struct gui_lobby *l, struct gui_game *g, const struct gui_actor *actor, const char *data,
                      size_t len, gui_send_fn reply, void *reply_ctx)
{
    if (g) {
        char head[64];
        bool is_delete = false;
        cJSON *peek = NULL;
        if (len <= GUI_MAX_MESSAGE && gui_inbound_check(data, len, head, sizeof head) == 0)
            peek = cJSON_ParseWithLength(data, len);
        const char *type = text_field(peek, "type");
        is_delete = type && strcmp(type, "delete_game") == 0;
        bool is_hello = type && strcmp(type, "hello") == 0;
        int named, color = gui_color_field(peek, &named); /* as the seats' gate reads it for the others */
        bool restarts = type && (strcmp(type, "new_game") == 0 || strcmp(type, "restore") == 0);
        const cJSON *players = type && strcmp(type, "restore") == 0 ? cJSON_GetObjectItemCaseSensitive(peek, "record")
                                                                      : peek;
        bool capped = restarts && actor && actor->creator && engine_cap_refuses(l, g, players, reply, reply_ctx);
        cJSON_Delete(peek);
        if (capped)
            return;
        if (is_delete && (color < 0 || (color > 0 && !actor->plays[named]))) {
            gui_send_error(reply, reply_ctx, "refused: %s", color < 0 ? "bad color" : "that is not your side");
            return;
        }
        if (is_delete) {
            on_delete(l, g, actor, reply, reply_ctx);
            return;
        }
        if (is_deleted(g)) {
            gui_send_error(reply, reply_ctx, "refused: this game was deleted");
            return;
        }
        if (is_hello) /* first, so that the page reads the game's state as the seat sees it */
            reply_seat(g, actor, reply, reply_ctx);
        gui_session_handle_as(g->session, data, len, reply, reply_ctx, actor);
        return;
    }
    char why[128];
    if (len > GUI_MAX_MESSAGE || gui_inbound_check(data, len, why, sizeof why)) {
        gui_send_error(reply, reply_ctx, "%s", len > GUI_MAX_MESSAGE ? "message too long" : why);
        return;
    }
    cJSON *msg = cJSON_ParseWithLength(data, len);
    const char *type = text_field(msg, "type");
    if (!cJSON_IsObject(msg) || !type)
        gui_send_error(reply, reply_ctx, "malformed message");
    else if (strcmp(type, "hello") == 0) {
        gui_send_json(reply, reply_ctx, lobby_setup(l));
        send_games(l, reply, reply_ctx);
    } else if (strcmp(type, "list_games") == 0)
        send_games(l, reply, reply_ctx);
    else if (strcmp(type, "create_game") == 0)
        on_create(l, msg, actor ? actor->address : "", reply, reply_ctx);
    else if (strcmp(type, "claim_seat") == 0)
        on_claim(l, msg, reply, reply_ctx);
    else {
        char echo[GUI_ECHO_LEN];
        gui_send_error(reply, reply_ctx, "unknown command in the lobby: %s", gui_json_echo(type, echo));
    }
    cJSON_Delete(msg);
}

/* ---- Correspondence and expiry --------------------------------------------------------------------- */

/* Has g gone without a turn for its time (its session's lock held)? A game
 * without a turn gets unstarted_s, one with turns abandoned_s, a game by
 * correspondence its days per move on top. */
static bool expired(const struct gui_lobby *l, const struct gui_game *g, int64_t now)
{
    int64_t wait = g->plies == 0 ? l->lc.unstarted_s : l->lc.abandoned_s;
    return g->stored && now - g->turn_started_s > wait + g->days_per_move * 86400LL;
}

/* Removes g from the file, the table and the pages, if it has still expired. */
static void expire(struct gui_lobby *l, struct gui_game *g)
{
    char err[256];
    struct gui_session *s = g->session;
    pthread_mutex_lock(&s->lock);
    bool due = expired(l, g, now_s());
    bool gone = due && gui_store_delete(l->store, g->id, err, sizeof err) == 0;
    if (gone)
        g->stored = false;
    else if (due) /* tried again at the next tick */
        fprintf(stderr, "rulezero gui: game %s expired, but cannot be deleted: %s\n", g->id, err);
    pthread_mutex_unlock(&s->lock);
    if (!gone)
        return;
    fprintf(stderr, "rulezero gui: game %s expired (%d turns), deleted\n", g->id, g->plies);
    forget_game(l, g);
}

void gui_lobby_tick(struct gui_lobby *l)
{
    int64_t now = now_s();
    int n;
    struct gui_game **all = table_snapshot(l, &n);
    for (int i = 0; i < n; i++) {
        struct gui_game *g = all[i];
        struct gui_session *s = g->session;
        pthread_mutex_lock(&s->lock);
        if (g->stored && g->days_per_move > 0 && !s->over && now - g->turn_started_s > g->days_per_move * 86400LL) {
            char how[64];
            snprintf(how, sizeof how, "loses on time (%d day%s per move)", g->days_per_move,
                     g->days_per_move == 1 ? "" : "s");
            gui_side_loses(s, s->game.pos->side, how);
        }
        bool due = expired(l, g, now);
        pthread_mutex_unlock(&s->lock);
        if (due) /* our reference keeps g while expire() takes the lobby's lock */
            expire(l, g);
    }
    table_release(l, all, n);
}
