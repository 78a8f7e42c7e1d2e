/* An engine's thinking, as CECP and UCI engines print it, for `state.thinking`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/clock.h"
#include "protocol/gui/gui_internal.h"

static void format_score(int cp, char *out, size_t n) { snprintf(out, n, "%+.2f", cp / 100.0); }

/* CECP `ply score time nodes [more fields TAB] pv` or UCI `info ... depth D ... score cp S ... nodes N ... pv ...`. */
bool gui_parse_thinking(const char *line, struct thinking *t)
{
    int depth, score, used = 0;
    long centis;
    unsigned long long nodes;
    if (sscanf(line, "%d %d %ld %llu %n", &depth, &score, &centis, &nodes, &used) == 4 && used > 0) {
        t->depth = depth;
        format_score(score, t->score, sizeof t->score);
        t->nodes = nodes;
        const char *pv = line + used, *tab = strchr(pv, '\t'); /* extra fields end with a tab */
        snprintf(t->pv, sizeof t->pv, "%s", tab ? tab + 1 : pv);
        return true;
    }
    if (strncmp(line, "info ", 5) != 0 || !strstr(line, " pv "))
        return false;
    const char *d = strstr(line, " depth "), *cp = strstr(line, " score cp "), *mate = strstr(line, " score mate ");
    const char *nd = strstr(line, " nodes "), *pv = strstr(line, " pv ");
    t->depth = d ? atoi(d + 7) : 0;
    if (cp)
        format_score(atoi(cp + 10), t->score, sizeof t->score);
    else if (mate)
        snprintf(t->score, sizeof t->score, "#%d", atoi(mate + 12));
    else
        snprintf(t->score, sizeof t->score, "?");
    t->nodes = nd ? strtoull(nd + 7, NULL, 10) : 0;
    snprintf(t->pv, sizeof t->pv, "%s", pv + 4);
    return true;
}

#define THINKING_INTERVAL_MS 200 /* at most five states a second for thinking */

void gui_on_engine_line(void *vctx, const char *line)
{
    struct line_ctx *ctx = vctx;
    struct gui_session *s = ctx->s;
    if (strncmp(line, "offer draw", 10) == 0) {
        pthread_mutex_lock(&s->lock);
        gui_engine_offers_draw(s, ctx->color, ctx->generation);
        pthread_mutex_unlock(&s->lock);
        return;
    }
    struct thinking t = {.valid = true, .color = ctx->color};
    if (!gui_parse_thinking(line, &t))
        return;
    pthread_mutex_lock(&s->lock);
    if (s->generation == ctx->generation) {
        s->thinking = t;
        if (clock_ms() - s->last_broadcast_ms >= THINKING_INTERVAL_MS)
            gui_broadcast_state(s);
    }
    pthread_mutex_unlock(&s->lock);
}
