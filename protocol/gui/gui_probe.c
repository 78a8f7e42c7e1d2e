/* Which games each player plays, so that the page offers an engine only for
 * the games it plays and the server refuses the others. People, built-in
 * players and Rule Zero itself (engine:0) play every game; each --engine is
 * started once at start-up, on a thread of its own, for its handshake: what
 * it announces (CECP `feature variants`, UCI `UCI_Variant`) is what it plays,
 * and an engine that does not start plays nothing. When a probe ends the
 * pages get a `players` message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_internal.h"

#define PROBE_DETECT_MS 5000 /* as the engine thread waits for `uciok` */
#define PROBE_WAIT_MS 30000  /* the longest a new game waits for a probe (a silent engine: 10 s to detect, 10 s of handshake) */

static int variant_index(const struct variant *v)
{
    for (int i = 0; i < variant_count() && i < GUI_MAX_VARIANTS; i++)
        if (variant_at(i) == v)
            return i;
    return -1;
}

static void plays_all(struct engine_info *e)
{
    for (int i = 0; i < GUI_MAX_VARIANTS; i++)
        e->plays[i] = true;
}

void gui_probe_init(struct gui_session *s)
{
    for (int n = 0; n <= s->cfg.engine_count; n++) {
        struct engine_info *e = &s->engine_info[n];
        memset(e, 0, sizeof *e);
        e->protocol = PROTO_CECP;
        if (n == 0) {
            e->status = ENGINE_READY;
            plays_all(e);
        } else {
            e->status = s->cfg.no_threads ? ENGINE_UNKNOWN : ENGINE_STARTING;
            e->protocol = PROTO_AUTO;
        }
    }
}

/* Starts engine:n as for an orthodox game and asks it what it plays (lock not held). */
static void probe_one(const struct gui_session *s, int n, struct engine_info *out, struct player *p)
{
    struct player_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.cmd = s->cfg.engines[n - 1];
    snprintf(cfg.name, sizeof cfg.name, "%s", cfg.cmd);
    snprintf(cfg.tc_text, sizeof cfg.tc_text, "-");
    gui_untimed_limits(&cfg.limits);
    cfg.protocol = player_detect(&cfg, PROBE_DETECT_MS, s->cfg.debug);
    memset(p, 0, sizeof *p);
    p->debug = s->cfg.debug;
    memset(out, 0, sizeof *out);
    char err[sizeof out->error];
    if (player_start(p, &cfg, variant_find("normal"), err, sizeof err)) {
        out->status = ENGINE_FAILED;
        out->protocol = cfg.protocol;
        snprintf(out->error, sizeof out->error, "%s", err);
        return;
    }
    out->status = ENGINE_READY;
    out->protocol = p->protocol;
    for (int i = 0; i < variant_count() && i < GUI_MAX_VARIANTS; i++)
        out->plays[i] = player_plays(p, variant_at(i)->id);
    player_quit(p);
}

static void broadcast_players(struct gui_session *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "players");
    cJSON_AddItemToObject(o, "players", gui_players_json(s));
    gui_send_json(s->broadcast, s->broadcast_ctx, o);
}

void *gui_probe_thread(void *arg)
{
    struct gui_session *s = arg;
    for (int n = 1; n <= s->cfg.engine_count; n++) {
        pthread_mutex_lock(&s->lock);
        bool quit = s->quit;
        pthread_mutex_unlock(&s->lock);
        if (quit)
            break;
        struct engine_info info;
        struct player p;
        probe_one(s, n, &info, &p);
        pthread_mutex_lock(&s->lock);
        s->engine_info[n] = info;
        char id[GUI_ID_LEN];
        snprintf(id, sizeof id, "engine:%d", n);
        if (info.status == ENGINE_READY)
            gui_player_started(s, id, &p);
        broadcast_players(s);
        gui_wake(s);
        pthread_mutex_unlock(&s->lock);
    }
    return NULL;
}

static const char *status_name(enum engine_status st)
{
    switch (st) {
    case ENGINE_STARTING: return "starting";
    case ENGINE_FAILED: return "failed";
    case ENGINE_READY: return "ready";
    default: return "unknown";
    }
}

void gui_probe_json(const struct gui_session *s, const char *id, cJSON *player)
{
    int n = gui_engine_index(s, id);
    const struct engine_info *e = n >= 0 ? &s->engine_info[n] : NULL;
    cJSON_AddStringToObject(player, "status", e ? status_name(e->status) : "ready");
    if (e && (e->status == ENGINE_UNKNOWN || e->status == ENGINE_STARTING)) {
        cJSON_AddNullToObject(player, "variants");
        return;
    }
    cJSON *list = cJSON_AddArrayToObject(player, "variants");
    for (int i = 0; i < variant_count() && i < GUI_MAX_VARIANTS; i++)
        if (!e || e->plays[i])
            cJSON_AddItemToArray(list, cJSON_CreateString(variant_at(i)->id));
    if (e && e->status == ENGINE_FAILED)
        cJSON_AddStringToObject(player, "error", e->error);
}

int gui_player_check(struct gui_session *s, const char *id, const struct variant *v, char *err, size_t errlen)
{
    int n = gui_engine_index(s, id);
    if (n < 0)
        return 0;
    const struct engine_info *e = &s->engine_info[n];
    int64_t deadline = clock_ms() + PROBE_WAIT_MS;
    while (e->status == ENGINE_STARTING && !s->quit && clock_ms() < deadline)
        gui_wait_ms(s, 250);
    char name[128];
    gui_player_name(s, id, name, sizeof name);
    int index = variant_index(v);
    switch (e->status) {
    case ENGINE_UNKNOWN: return 0;
    case ENGINE_STARTING: snprintf(err, errlen, "%s (%s) is still starting; try again", name, id); return -1;
    case ENGINE_FAILED: snprintf(err, errlen, "%s (%s) could not start: %s", name, id, e->error); return -1;
    default: break;
    }
    if (index >= 0 && e->plays[index])
        return 0;
    snprintf(err, errlen, "%s (%s) does not play %s", name, id, v->title);
    return -1;
}
