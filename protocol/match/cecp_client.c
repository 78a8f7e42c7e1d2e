/* The runner's side of CECP (XBoard protocol v2): it plays the GUI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/core/fen.h"
#include "variants/core/text.h"
#include "protocol/match/player.h"
#include "variants/registry.h"

/* Next `name=value` of a feature line; value may be "quoted". */
static bool next_feature(const char **text, char *name, size_t nn, char *value, size_t vn)
{
    const char *s = *text;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        return false;
    size_t i = 0;
    while (*s && *s != '=' && *s != ' ') {
        if (i + 1 < nn)
            name[i++] = *s;
        s++;
    }
    name[i] = '\0';
    i = 0;
    if (*s == '=') {
        s++;
        char end = ' ';
        if (*s == '"')
            end = '"', s++;
        while (*s && *s != end) {
            if (i + 1 < vn)
                value[i++] = *s;
            s++;
        }
        if (*s == '"')
            s++;
    }
    value[i] = '\0';
    *text = s;
    return true;
}

/* Handles one feature line; returns 1 on done=1, 0 otherwise, and extends the
 * deadline on done=0. */
static int take_features(struct player *p, const char *line, int64_t *deadline)
{
    char name[64], value[1024];
    int done = 0;
    const char *s = line + strlen("feature");
    while (next_feature(&s, name, sizeof name, value, sizeof value)) {
        bool accept = true;
        if (strcmp(name, "ping") == 0)
            p->ping = atoi(value) != 0;
        else if (strcmp(name, "setboard") == 0)
            p->setboard = atoi(value) != 0;
        else if (strcmp(name, "usermove") == 0)
            p->usermove = atoi(value) != 0;
        else if (strcmp(name, "myname") == 0)
            text_copy(p->engine_name, sizeof p->engine_name, value);
        else if (strcmp(name, "variants") == 0)
            text_copy(p->variants, sizeof p->variants, value);
        else if (strcmp(name, "san") == 0)
            accept = atoi(value) == 0; /* we only read coordinates */
        else if (strcmp(name, "done") == 0) {
            if (atoi(value))
                done = 1;
            else
                *deadline = clock_ms() + p->handshake_ms;
        }
        if (strcmp(name, "done") != 0)
            proc_send(&p->proc, "%s %s", accept ? "accepted" : "rejected", name);
    }
    return done;
}

/* Does the engine's variants list name id (plain or with a size prefix)? */
static bool lists_variant(const char *list, const char *id)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", list);
    char *rest = buf;
    for (char *item = text_token(&rest, ","); item; item = text_token(&rest, ",")) {
        while (*item == ' ')
            item++;
        const char *under = strchr(item, '_');
        if (strcmp(item, id) == 0 || (under && strcmp(under + 1, id) == 0))
            return true;
    }
    return false;
}

bool cecp_plays(const struct player *p, const char *variant_id)
{
    return strcmp(variant_id, "normal") == 0 || !p->variants[0] || lists_variant(p->variants, variant_id);
}

/* Is this line the engine's answer that it does not know `ping` (a v1 engine)? */
static bool refuses_ping(const char *line)
{
    return (strncmp(line, "Error", 5) == 0 || strncmp(line, "Illegal move", 12) == 0) && strstr(line, "ping");
}

/* Reads the features after `protover 2` and the `ping` sent behind it: until
 * `feature done=1`, the `pong` (an engine answers ping after the features it
 * sends at once) or its refusal of ping. An engine that is slow to start
 * (Fairy-Max on a loaded machine) sends its features late; they are awaited
 * up to the handshake limit, and a warning names an engine that says nothing
 * of its features by then. 0, or -1 when the engine ended. */
static int read_features(struct player *p, char *err, size_t errlen)
{
    int id = ++p->ping_id;
    proc_send(&p->proc, "ping %d", id);
    char line[PROC_LINE_MAX], pong[32];
    snprintf(pong, sizeof pong, "pong %d", id);
    int64_t deadline = clock_ms() + p->handshake_ms;
    for (;;) {
        int got = proc_read_line(&p->proc, line, sizeof line, deadline);
        if (got < 0) {
            char how[96];
            proc_describe_exit(&p->proc, 500, how, sizeof how);
            snprintf(err, errlen, "%s: %s during the handshake", player_label(p), how);
            return -1;
        }
        if (got == 0) {
            fprintf(stderr, "rulezero: warning: %s sent neither feature done=1 nor pong in %lld s; going on with %s\n",
                    player_label(p), (long long)(p->handshake_ms / 1000),
                    p->any_feature ? "the features it sent" : "no features");
            return 0;
        }
        if (strcmp(line, pong) == 0 || refuses_ping(line))
            return 0;
        if (strncmp(line, "feature ", 8) == 0) {
            p->any_feature = true;
            if (take_features(p, line, &deadline))
                return 0;
        }
    }
}

int cecp_start(struct player *p, const struct variant *v, char *err, size_t errlen)
{
    proc_send(&p->proc, "xboard");
    proc_send(&p->proc, "protover 2");
    if (read_features(p, err, errlen))
        return -1;
    if (!cecp_plays(p, v->id)) {
        snprintf(err, errlen, "%s does not play variant %s (its variants: %s)", player_label(p), v->id, p->variants);
        return -1;
    }
    for (int i = 0; i < p->cfg->option_count; i++)
        proc_send(&p->proc, "option %s", p->cfg->options[i]);
    return 0;
}

/* ping N ... pong N. 1 when in step, 0 after filling r. */
static int cecp_sync(struct player *p, int64_t deadline, struct reply *r)
{
    if (!p->ping)
        return 1;
    int id = ++p->ping_id;
    proc_send(&p->proc, "ping %d", id);
    char line[PROC_LINE_MAX], want[32];
    snprintf(want, sizeof want, "pong %d", id);
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return 0;
        if (strcmp(line, want) == 0)
            return 1;
    }
}

int cecp_offer_draw(struct player *p, int64_t deadline, struct reply *r)
{
    proc_send(&p->proc, "draw");
    char line[PROC_LINE_MAX], want[32] = "";
    if (p->ping) {
        snprintf(want, sizeof want, "pong %d", ++p->ping_id);
        proc_send(&p->proc, "ping %d", p->ping_id);
    } else {
        int64_t soon = clock_ms() + 1000; /* no ping: an answer comes at once or not at all */
        deadline = soon < deadline ? soon : deadline;
    }
    int accepted = 0;
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return p->ping || r->kind != REPLY_TIMEOUT ? -1 : accepted;
        if (strncmp(line, "offer draw", 10) == 0)
            accepted = 1;
        if (want[0] && strcmp(line, want) == 0)
            return accepted;
        if (!want[0] && accepted)
            return accepted;
    }
}

static void send_level(struct player *p, const struct limits *l)
{
    switch (l->kind) {
    case LIMIT_CLOCK: {
        long secs = (long)((l->base_ms + 999) / 1000);
        if (secs % 60 == 0)
            proc_send(&p->proc, "level %d %ld %g", l->moves_per_session, secs / 60, l->inc_ms / 1000.0);
        else
            proc_send(&p->proc, "level %d %ld:%02ld %g", l->moves_per_session, secs / 60, secs % 60,
                      l->inc_ms / 1000.0);
        break;
    }
    case LIMIT_MOVETIME: proc_send(&p->proc, "st %lld", (long long)((l->movetime_ms + 999) / 1000)); break;
    case LIMIT_DEPTH: proc_send(&p->proc, "sd %d", l->depth); break;
    case LIMIT_NODES:
        proc_send(&p->proc, "nps %llu", (unsigned long long)l->nodes);
        proc_send(&p->proc, "st 1");
        break;
    }
}

int cecp_new_game(struct player *p, const struct game_view *g, char *err, size_t errlen)
{
    proc_send(&p->proc, "new");
    if (strcmp(g->variant->id, "normal") != 0)
        proc_send(&p->proc, "variant %s", g->variant->id);
    proc_send(&p->proc, p->cfg->ponder ? "hard" : "easy");
    if (p->on_line)
        proc_send(&p->proc, "post");
    send_level(p, &p->cfg->limits);
    proc_send(&p->proc, "force");
    if (!g->standard_start) {
        if (!p->setboard) {
            snprintf(err, errlen, "%s cannot set up a position (no setboard=1)", player_label(p));
            return -1;
        }
        proc_send(&p->proc, "setboard %s", g->start_fen);
    }
    p->forced = true;
    p->known = 0;
    struct reply r;
    if (!cecp_sync(p, clock_ms() + p->handshake_ms, &r)) {
        snprintf(err, errlen, "%s: %s", player_label(p), r.text);
        return -1;
    }
    return 0;
}

static void send_move(struct player *p, const char *text)
{
    proc_send(&p->proc, p->usermove ? "usermove %s" : "%s", text);
}

static void send_clocks(struct player *p, const struct game_view *g)
{
    if (p->cfg->limits.kind != LIMIT_CLOCK)
        return;
    Color me = g->pos->side;
    long long own = g->clock_ms[me] > 0 ? g->clock_ms[me] / 10 : 0;
    long long other = g->clock_ms[!me] > 0 ? g->clock_ms[!me] / 10 : 0;
    proc_send(&p->proc, "time %lld", own);
    proc_send(&p->proc, "otim %lld", other);
}

/* Is this result line the engine's own loss (a resignation)? */
static bool is_own_loss(const char *line, Color me)
{
    return (me == WHITE && strncmp(line, "0-1", 3) == 0) || (me == BLACK && strncmp(line, "1-0", 3) == 0);
}

static void read_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r);

void cecp_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r)
{
    if (!cecp_sync(p, deadline, r))
        return;
    if (p->forced || g->nmoves - p->known != 1) {
        if (!p->forced)
            proc_send(&p->proc, "force");
        for (int i = p->known; i < g->nmoves; i++)
            send_move(p, g->moves[i]);
        send_clocks(p, g);
        proc_send(&p->proc, "go");
        p->forced = false;
    } else {
        send_clocks(p, g);
        send_move(p, g->moves[g->nmoves - 1]);
    }
    p->known = g->nmoves;
    read_move(p, g, deadline, r);
}

/* Reads the engine's answer to a move request: its move, a resignation, a claim. */
static void read_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r)
{
    char line[PROC_LINE_MAX];
    char partial[TURN_TEXT_LEN] = "";
    Color me = g->pos->side;
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return;
        if (strncmp(line, "move ", 5) == 0) {
            const char *m = line + 5;
            while (*m == ' ')
                m++;
            size_t have = strlen(partial);
            text_copy(partial + have, sizeof partial - have, m);
            size_t len = strlen(partial);
            while (len && partial[len - 1] == ' ')
                partial[--len] = '\0';
            if (len && partial[len - 1] == ',')
                continue; /* one leg of a multi-leg move; the rest follows */
            r->kind = REPLY_MOVE;
            text_copy(r->move, sizeof r->move, partial);
            p->known = g->nmoves + 1;
            return;
        }
        if (strncmp(line, "resign", 6) == 0 || (strncmp(line, "1-0", 3) == 0 && is_own_loss(line, me)) ||
            (strncmp(line, "0-1", 3) == 0 && is_own_loss(line, me))) {
            r->kind = REPLY_RESIGN;
            text_copy(r->text, sizeof r->text, line);
            return;
        }
        if (strncmp(line, "1-0", 3) == 0 || strncmp(line, "0-1", 3) == 0 || strncmp(line, "1/2-1/2", 7) == 0) {
            r->kind = REPLY_CLAIM;
            text_copy(r->text, sizeof r->text, line);
            for (char *s = r->text; *s; s++)
                if (*s == '{' || *s == '}')
                    *s = *s == '{' ? '(' : ')'; /* it ends up inside a PGN comment */
            return;
        }
        if (strncmp(line, "Illegal move", 12) == 0) {
            r->kind = REPLY_ERROR;
            snprintf(r->text, sizeof r->text, "rejected a legal move: %.200s", line);
            return;
        }
    }
}

void cecp_refused(struct player *p, const struct game_view *g, const char *move, int64_t deadline, struct reply *r)
{
    proc_send(&p->proc, "Illegal move (no such turn): %s", move);
    p->known = g->nmoves; /* the refused turn is not one of the game's */
    read_move(p, g, deadline, r);
}

void cecp_game_over(struct player *p, const char *result, const char *reason)
{
    proc_send(&p->proc, "result %s {%s}", result, reason);
    proc_send(&p->proc, "force");
    p->forced = true;
}
