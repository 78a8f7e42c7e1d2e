#include "protocol/match/player.h"

#include <stdio.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/registry.h"

#define BUILTIN_PREFIX "builtin:"

int player_read(struct player *p, char *line, size_t n, int64_t deadline, struct reply *r)
{
    int got = proc_read_line(&p->proc, line, n, deadline);
    if (got == 1) {
        if (p->on_line)
            p->on_line(p->line_ctx, line);
        return 1;
    }
    if (got == 0) {
        r->kind = REPLY_TIMEOUT;
        snprintf(r->text, sizeof r->text, "no answer in time");
    } else {
        char how[96];
        proc_describe_exit(&p->proc, 500, how, sizeof how);
        r->kind = REPLY_CRASH;
        snprintf(r->text, sizeof r->text, "engine %s", how);
    }
    return 0;
}

const char *player_label(struct player *p)
{
    if (p->cfg->name[0])
        return p->cfg->name;
    if (strncmp(p->engine_name, p->cfg->cmd, sizeof p->engine_name - 1) == 0) /* no name of its own */
        snprintf(p->label, sizeof p->label, "'%s'", p->cfg->cmd);
    else
        snprintf(p->label, sizeof p->label, "%s ('%s')", p->engine_name, p->cfg->cmd);
    return p->label;
}

/* What a line of a probed engine says of its protocol: UCI, CECP, or nothing yet (-1). */
static int protocol_of_line(const char *line)
{
    if (strcmp(line, "uciok") == 0)
        return PROTO_UCI;
    if (strncmp(line, "feature ", 8) == 0 || strncmp(line, "Error", 5) == 0 || strncmp(line, "Illegal move", 12) == 0)
        return PROTO_CECP; /* a CECP engine answering in its own way */
    return -1;
}

/* `uci` first. An engine silent for wait_ms is then asked `xboard` and
 * `protover 2` too, and the first answer to either decides, up to
 * DETECT_SILENT_FACTOR times wait_ms: a UCI engine slow to start (a script
 * on a busy machine) is not taken for CECP, and a CECP engine that ignores
 * `uci` says so with its features. Silent to the end: CECP. */
#define DETECT_SILENT_FACTOR 2

enum player_protocol player_detect(const struct player_config *cfg, int64_t wait_ms, bool debug)
{
    if (strncmp(cfg->cmd, BUILTIN_PREFIX, strlen(BUILTIN_PREFIX)) == 0)
        return PROTO_BUILTIN;
    struct engine_proc proc = {0};
    proc.debug = debug;
    proc.label = cfg->name[0] ? cfg->name : cfg->cmd;
    char err[256], line[PROC_LINE_MAX];
    if (proc_spawn(&proc, cfg->cmd, err, sizeof err))
        return PROTO_CECP;
    int found = -1;
    proc_send(&proc, "uci");
    int64_t start = clock_ms(), deadline = start + wait_ms;
    bool asked_cecp = false;
    while (found < 0) {
        int got = proc_read_line(&proc, line, sizeof line, deadline);
        if (got == 1) {
            found = protocol_of_line(line);
        } else if (got == 0 && !asked_cecp) {
            proc_send(&proc, "xboard");
            proc_send(&proc, "protover 2");
            asked_cecp = true;
            deadline = start + DETECT_SILENT_FACTOR * wait_ms;
        } else {
            break;
        }
    }
    proc_send(&proc, "quit");
    proc_stop(&proc, 500);
    return found < 0 ? PROTO_CECP : (enum player_protocol)found;
}

int player_start(struct player *p, const struct player_config *cfg, const struct variant *v, char *err,
                 size_t errlen)
{
    bool debug = p->debug;
    int64_t handshake = p->handshake_ms;
    void (*on_line)(void *, const char *) = p->on_line;
    void *line_ctx = p->line_ctx;
    memset(p, 0, sizeof *p);
    p->on_line = on_line;
    p->line_ctx = line_ctx;
    p->debug = debug;
    p->handshake_ms = handshake ? handshake : 10000;
    p->cfg = cfg;
    p->protocol = cfg->protocol;
    snprintf(p->engine_name, sizeof p->engine_name, "%s", cfg->cmd);
    if (p->protocol == PROTO_BUILTIN) {
        const char *kind = cfg->cmd + strlen(BUILTIN_PREFIX);
        if (strncmp(cfg->cmd, BUILTIN_PREFIX, strlen(BUILTIN_PREFIX)) || baseline_parse(kind, &p->baseline)) {
            snprintf(err, errlen, "unknown built-in player '%s' (builtin:random or builtin:greedy)", cfg->cmd);
            return -1;
        }
        p->running = true;
        return 0;
    }
    p->proc.debug = p->debug;
    p->proc.label = cfg->name[0] ? cfg->name : cfg->cmd;
    if (proc_spawn(&p->proc, cfg->cmd, err, errlen))
        return -1;
    p->running = true;
    int rc = p->protocol == PROTO_UCI ? uci_start(p, v, err, errlen) : cecp_start(p, v, err, errlen);
    if (rc)
        player_quit(p);
    return rc;
}

bool player_plays(const struct player *p, const char *variant_id)
{
    switch (p->protocol) {
    case PROTO_BUILTIN: return true;
    case PROTO_UCI: return uci_plays(p, variant_id);
    default: return cecp_plays(p, variant_id);
    }
}

int player_new_game(struct player *p, const struct game_view *g, uint64_t seed, char *err, size_t errlen)
{
    switch (p->protocol) {
    case PROTO_BUILTIN: p->rng = seed; return 0;
    case PROTO_UCI: return uci_new_game(p, g, err, errlen);
    default: return cecp_new_game(p, g, err, errlen);
    }
}

static void builtin_move(struct player *p, const struct game_view *g, struct reply *r)
{
    struct turn t;
    if (baseline_choose(g->pos, p->baseline, &p->rng, &t)) {
        r->kind = REPLY_MOVE;
        snprintf(r->move, sizeof r->move, "%s", t.text);
    } else {
        r->kind = REPLY_ERROR;
        snprintf(r->text, sizeof r->text, "no legal turn");
    }
}

void player_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r)
{
    memset(r, 0, sizeof *r);
    switch (p->protocol) {
    case PROTO_BUILTIN: builtin_move(p, g, r); break;
    case PROTO_UCI: uci_move(p, g, deadline, r); break;
    default: cecp_move(p, g, deadline, r); break;
    }
}

void player_refused(struct player *p, const struct game_view *g, const char *move, int64_t deadline,
                    struct reply *r)
{
    memset(r, 0, sizeof *r);
    if (p->protocol == PROTO_CECP) {
        cecp_refused(p, g, move, deadline, r);
        return;
    }
    r->kind = REPLY_ERROR; /* the match refuses other players before a hidden game */
    snprintf(r->text, sizeof r->text, "cannot be told of a refused turn (not CECP)");
}

void player_game_over(struct player *p, const char *result, const char *reason)
{
    if (p->running && p->protocol == PROTO_CECP)
        cecp_game_over(p, result, reason);
}

void player_quit(struct player *p)
{
    if (!p->running)
        return;
    if (p->protocol != PROTO_BUILTIN) {
        proc_send(&p->proc, "quit");
        proc_stop(&p->proc, 1000);
    }
    p->running = false;
}
