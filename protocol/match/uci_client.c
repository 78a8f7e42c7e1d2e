/* The runner's side of UCI: it plays the GUI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/match/player.h"
#include "variants/registry.h"

/* Collects the `var` values of "option name UCI_Variant type combo ...". */
static void take_option(struct player *p, const char *line)
{
    if (strncmp(line, "option name UCI_Variant ", 24) != 0)
        return;
    p->has_uci_variant = true;
    const char *s = line;
    while ((s = strstr(s, " var ")) != NULL) {
        s += 5;
        size_t n = strcspn(s, " ");
        size_t have = strlen(p->uci_variants);
        if (have + n + 2 < sizeof p->uci_variants)
            snprintf(p->uci_variants + have, sizeof p->uci_variants - have, " %.*s", (int)n, s);
    }
}

static bool lists_variant(const char *list, const char *id)
{
    size_t n = strlen(id);
    for (const char *s = list; (s = strstr(s, id)) != NULL; s += n)
        if (s > list && s[-1] == ' ' && (s[n] == ' ' || s[n] == '\0'))
            return true;
    return false;
}

bool uci_plays(const struct player *p, const char *variant_id)
{
    return strcmp(variant_id, "normal") == 0 || (p->has_uci_variant && lists_variant(p->uci_variants, variant_id));
}

/* isready ... readyok. 1 when in step, 0 after filling r. */
static int uci_sync(struct player *p, int64_t deadline, struct reply *r)
{
    proc_send(&p->proc, "isready");
    char line[PROC_LINE_MAX];
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return 0;
        if (strcmp(line, "readyok") == 0)
            return 1;
    }
}

int uci_start(struct player *p, const struct variant *v, char *err, size_t errlen)
{
    proc_send(&p->proc, "uci");
    char line[PROC_LINE_MAX];
    int64_t deadline = clock_ms() + p->handshake_ms;
    struct reply r;
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, &r)) {
            snprintf(err, errlen, "%s: %s before uciok", player_label(p), r.text);
            return -1;
        }
        if (strcmp(line, "uciok") == 0)
            break;
        if (strncmp(line, "id name ", 8) == 0)
            text_copy(p->engine_name, sizeof p->engine_name, line + 8);
        take_option(p, line);
    }
    if (strcmp(v->id, "normal") != 0) {
        if (!uci_plays(p, v->id)) {
            snprintf(err, errlen, "%s does not play variant %s (UCI_Variant:%s)", player_label(p), v->id,
                     p->has_uci_variant ? p->uci_variants : " none");
            return -1;
        }
        proc_send(&p->proc, "setoption name UCI_Variant value %s", v->id);
    }
    if (p->cfg->ponder)
        proc_send(&p->proc, "setoption name Ponder value true");
    for (int i = 0; i < p->cfg->option_count; i++) {
        const char *opt = p->cfg->options[i];
        const char *eq = strchr(opt, '=');
        if (eq)
            proc_send(&p->proc, "setoption name %.*s value %s", (int)(eq - opt), opt, eq + 1);
        else
            proc_send(&p->proc, "setoption name %s", opt);
    }
    if (!uci_sync(p, clock_ms() + p->handshake_ms, &r)) {
        snprintf(err, errlen, "%s: %s", player_label(p), r.text);
        return -1;
    }
    return 0;
}

/* Ends a ponder search that missed (or outlived its game): stop, and its bestmove is dropped. */
static int stop_pondering(struct player *p, int64_t deadline, struct reply *r)
{
    if (!p->pondering)
        return 1;
    p->pondering = false;
    proc_send(&p->proc, "stop");
    char line[PROC_LINE_MAX];
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return 0;
        if (strncmp(line, "bestmove", 8) == 0 && (line[8] == ' ' || line[8] == '\0'))
            return 1;
    }
}

int uci_new_game(struct player *p, const struct game_view *g, char *err, size_t errlen)
{
    (void)g;
    struct reply r;
    if (!stop_pondering(p, clock_ms() + p->handshake_ms, &r)) {
        snprintf(err, errlen, "%s: %s", player_label(p), r.text);
        return -1;
    }
    proc_send(&p->proc, "ucinewgame");
    if (!uci_sync(p, clock_ms() + p->handshake_ms, &r)) {
        snprintf(err, errlen, "%s: %s", player_label(p), r.text);
        return -1;
    }
    return 0;
}

/* `position ...` for the game, then the turns in `extra` (NULL: none). */
static int send_position(struct player *p, const struct game_view *g, const char *const *extra, int extra_count)
{
    size_t cap = 64 + strlen(g->start_fen) + (size_t)(g->nmoves + extra_count) * TURN_TEXT_LEN;
    char *cmd = malloc(cap);
    if (!cmd)
        return -1;
    size_t len;
    if (g->standard_start)
        len = (size_t)snprintf(cmd, cap, "position startpos");
    else
        len = (size_t)snprintf(cmd, cap, "position fen %s", g->start_fen);
    if (g->nmoves + extra_count)
        len += (size_t)snprintf(cmd + len, cap - len, " moves");
    for (int i = 0; i < g->nmoves; i++)
        len += (size_t)snprintf(cmd + len, cap - len, " %s", g->moves[i]);
    for (int i = 0; i < extra_count; i++)
        len += (size_t)snprintf(cmd + len, cap - len, " %s", extra[i]);
    int rc = proc_send_text(&p->proc, cmd);
    free(cmd);
    return rc;
}

/* `go` (or `go ponder`) with the clocks given by colour. */
static void send_go(struct player *p, const struct game_view *g, const int64_t clock_ms[2], const char *ponder)
{
    const struct limits *l = &p->cfg->limits;
    switch (l->kind) {
    case LIMIT_CLOCK: {
        char togo[32] = "";
        if (l->moves_per_session)
            snprintf(togo, sizeof togo, " movestogo %d", g->moves_to_go[g->pos->side]);
        proc_send(&p->proc, "go%s wtime %lld btime %lld winc %lld binc %lld%s", ponder,
                  (long long)(clock_ms[WHITE] > 0 ? clock_ms[WHITE] : 1),
                  (long long)(clock_ms[BLACK] > 0 ? clock_ms[BLACK] : 1), (long long)g->limits[WHITE]->inc_ms,
                  (long long)g->limits[BLACK]->inc_ms, togo);
        break;
    }
    case LIMIT_MOVETIME: proc_send(&p->proc, "go%s movetime %lld", ponder, (long long)l->movetime_ms); break;
    case LIMIT_NODES: proc_send(&p->proc, "go%s nodes %llu", ponder, (unsigned long long)l->nodes); break;
    case LIMIT_DEPTH: proc_send(&p->proc, "go%s depth %d", ponder, l->depth); break;
    }
}

/* After our bestmove `best` with `ponder` expected next: think on the
 * position after both, on our clock as it will be (spent_ms less, plus the
 * increment) until the runner asks for our next turn. */
static void start_pondering(struct player *p, const struct game_view *g, const char *best, const char *ponder,
                            int64_t spent_ms)
{
    const char *extra[2] = {best, ponder};
    Color me = g->pos->side;
    int64_t clocks[2] = {g->clock_ms[WHITE], g->clock_ms[BLACK]};
    clocks[me] += g->limits[me]->inc_ms - spent_ms;
    text_copy(p->ponder_best, sizeof p->ponder_best, best);
    text_copy(p->ponder_move, sizeof p->ponder_move, ponder);
    p->ponder_nmoves = g->nmoves + 2;
    p->pondering = true;
    send_position(p, g, extra, 2);
    send_go(p, g, clocks, " ponder");
}

/* The game went as the ponder search guessed. */
static bool ponder_hit(const struct player *p, const struct game_view *g)
{
    return p->pondering && g->nmoves == p->ponder_nmoves && strcmp(g->moves[g->nmoves - 2], p->ponder_best) == 0 &&
           strcmp(g->moves[g->nmoves - 1], p->ponder_move) == 0;
}

void uci_move(struct player *p, const struct game_view *g, int64_t deadline, struct reply *r)
{
    int64_t start = clock_ms();
    if (ponder_hit(p, g)) {
        p->pondering = false;
        proc_send(&p->proc, "ponderhit");
    } else {
        if (!stop_pondering(p, deadline, r))
            return;
        send_position(p, g, NULL, 0);
        send_go(p, g, g->clock_ms, "");
    }
    char line[PROC_LINE_MAX];
    for (;;) {
        if (!player_read(p, line, sizeof line, deadline, r))
            return;
        if (strncmp(line, "bestmove", 8) != 0 || (line[8] != ' ' && line[8] != '\0'))
            continue;
        const char *m = line + 8;
        while (*m == ' ')
            m++;
        size_t n = strcspn(m, " ");
        if (n == 0 || strncmp(m, "(none)", 6) == 0 || strncmp(m, "0000", 4) == 0) {
            r->kind = REPLY_ERROR;
            snprintf(r->text, sizeof r->text, "no move (%.200s)", line);
            return;
        }
        r->kind = REPLY_MOVE;
        snprintf(r->move, sizeof r->move, "%.*s", (int)(n < TURN_TEXT_LEN - 1 ? n : TURN_TEXT_LEN - 1), m);
        const char *ponder = strstr(m + n, " ponder ");
        if (p->cfg->ponder && ponder) {
            char guess[TURN_TEXT_LEN];
            ponder += 8;
            size_t k = strcspn(ponder, " ");
            snprintf(guess, sizeof guess, "%.*s", (int)(k < TURN_TEXT_LEN - 1 ? k : TURN_TEXT_LEN - 1), ponder);
            if (k > 0)
                start_pondering(p, g, r->move, guess, clock_ms() - start);
        }
        return;
    }
}
