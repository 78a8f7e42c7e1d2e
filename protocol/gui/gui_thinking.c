/* An engine's thinking, as CECP and UCI engines print it, for `state.thinking`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/clock.h"
#include "variants/core/notation.h"
#include "variants/core/text.h"
#include "protocol/gui/gui_internal.h"

#define CECP_MATE 100000 /* CECP: 100000 + N is mate in N moves, -100000 - N mated in N */

void gui_white_score(Color thinker, bool is_mate, int value, struct white_score *out)
{
    int white = thinker == WHITE ? value : -value;
    if (is_mate) {
        out->kind = SCORE_MATE;
        out->cp = 0;
        out->mate = white;
        snprintf(out->text, sizeof out->text, "%sM%d", white < 0 ? "-" : "", abs(white));
    } else {
        out->kind = SCORE_CP;
        out->cp = white;
        out->mate = 0;
        snprintf(out->text, sizeof out->text, "%s%d.%02d", white > 0 ? "+" : white < 0 ? "-" : "", abs(white) / 100,
                 abs(white) % 100);
    }
}

static void no_score(struct white_score *out)
{
    *out = (struct white_score){.kind = SCORE_NONE};
    snprintf(out->text, sizeof out->text, "?");
}

void gui_cecp_score(Color thinker, int score, struct white_score *out)
{
    if (score > CECP_MATE)
        gui_white_score(thinker, true, score - CECP_MATE, out);
    else if (score < -CECP_MATE)
        gui_white_score(thinker, true, score + CECP_MATE, out);
    else
        gui_white_score(thinker, false, score, out);
}

/* UCI `score cp S` or `score mate N` (N moves, > 0 when the engine mates; 0:
 * it is mated already, which a game in progress never asks about: no score). */
static void uci_score(const char *line, Color thinker, struct white_score *out)
{
    const char *cp = strstr(line, " score cp "), *mate = strstr(line, " score mate ");
    int moves = mate ? atoi(mate + 12) : 0;
    if (cp)
        gui_white_score(thinker, false, atoi(cp + 10), out);
    else if (moves != 0)
        gui_white_score(thinker, true, moves, out);
    else
        no_score(out);
}

/* CECP `ply score time nodes [more fields TAB] pv` or UCI `info ... depth D ... score cp S ... nodes N ... pv ...`. */
bool gui_parse_thinking(const char *line, struct thinking *t)
{
    int depth, score, used = 0;
    long centis;
    unsigned long long nodes;
    if (sscanf(line, "%d %d %ld %llu %n", &depth, &score, &centis, &nodes, &used) == 4 && used > 0) {
        t->depth = depth;
        gui_cecp_score(t->color, score, &t->score);
        t->nodes = nodes;
        const char *pv = line + used, *tab = strchr(pv, '\t'); /* extra fields end with a tab */
        snprintf(t->pv, sizeof t->pv, "%s", tab ? tab + 1 : pv);
        return true;
    }
    if (strncmp(line, "info ", 5) != 0 || !strstr(line, " pv "))
        return false;
    const char *d = strstr(line, " depth "), *nd = strstr(line, " nodes "), *pv = strstr(line, " pv ");
    t->depth = d ? atoi(d + 7) : 0;
    uci_score(line, t->color, &t->score);
    t->nodes = nd ? strtoull(nd + 7, NULL, 10) : 0;
    snprintf(t->pv, sizeof t->pv, "%s", pv + 4);
    return true;
}

#define THINKING_INTERVAL_MS 200 /* at most five states a second for thinking */

/* The engine's line `pv` (its own turn texts) in the game's readable
 * notation, played out on `scratch` from `from`; from the first turn that is
 * not legal there on, the engine's words are kept as they came. */
void gui_readable_pv(const struct position *from, struct position *scratch, char *pv, size_t n)
{
    char in[sizeof ((struct thinking *)0)->pv], out[sizeof in] = "";
    snprintf(in, sizeof in, "%s", pv);
    position_copy(scratch, from);
    bool legal = true;
    char *rest = in;
    for (char *w = text_token(&rest, " "); w; w = text_token(&rest, " ")) {
        char word[TURN_TEXT_LEN];
        struct turn t;
        legal = legal && scratch->ply < MAX_HISTORY - MAX_TURN_STEPS - 2 && turn_parse(scratch, w, &t) == 0;
        if (legal) {
            turn_notation(scratch, &t, word, sizeof word);
            turn_make(scratch, &t);
        } else {
            snprintf(word, sizeof word, "%s", w);
        }
        size_t len = strlen(out);
        if (len + strlen(word) + 2 > sizeof out)
            break;
        if (len)
            out[len++] = ' ';
        memcpy(out + len, word, strlen(word) + 1);
    }
    snprintf(pv, n, "%s", out);
}

/* The first turn of a line of turns; "" when there is none that fits. */
static void first_turn(const char *pv, char *out, size_t n)
{
    size_t len = strcspn(pv, " \t");
    if (len >= n)
        len = 0;
    memcpy(out, pv, len);
    out[len] = '\0';
}

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
        t.generation = ctx->generation;
        first_turn(t.pv, t.best, sizeof t.best);
        gui_readable_pv(s->game.pos, s->view_pos, t.pv, sizeof t.pv);
        s->thinking = t;
        gui_move_now_on_line(s);
        if (clock_ms() - s->last_broadcast_ms >= THINKING_INTERVAL_MS)
            gui_broadcast_state(s);
    }
    pthread_mutex_unlock(&s->lock);
}
