#include "variants/core/notation.h"

#include <stdio.h>
#include <string.h>

#include "variants/core/san.h"
#include "variants/core/variant.h"

/* Text of step `index` of a turn, in the position before that step. */
static void step_notation(struct position *pos, Move m, int index, char *out, size_t n)
{
    const struct variant *v = pos->variant;
    if (v->notation_step) {
        v->notation_step(pos, m, index, out, n);
        return;
    }
    if (v->has_san) {
        san_step(pos, m, out, n);
        return;
    }
    char text[64];
    step_text(pos, m, text, sizeof text);
    snprintf(out, n, "%s%s", index ? "," : "", text);
}

/* `+` or `#` when the side to move (after a turn) is in check. */
static const char *check_mark(struct position *pos)
{
    const struct variant *v = pos->variant;
    if (!v->has_check || !v->in_check(pos))
        return "";
    return count_turns(pos) == 0 ? "#" : "+";
}

void turn_notation(struct position *pos, const struct turn *t, char *out, size_t n)
{
    char text[TURN_TEXT_LEN] = "";
    size_t len = 0;
    for (int i = 0; i < t->count; i++) {
        step_notation(pos, t->steps[i], i, text + len, sizeof text - len);
        len += strlen(text + len);
        variant_make(pos, t->steps[i]);
    }
    snprintf(out, n, "%s%s", text, check_mark(pos));
    turn_unmake(pos, t);
}

/* ---- Reading: the walk of turn_parse, on readable texts ---- */

struct readable_walk {
    const char *want;      /* the text without its marks */
    struct turn turn;      /* turn.text holds the readable text so far */
    bool found;
};

static void walk(struct position *pos, struct readable_walk *w)
{
    struct move_list list;
    pos->variant->generate(pos, &list);
    size_t base = strlen(w->turn.text);
    for (int i = 0; i < list.count && !w->found; i++) {
        Move m = list.moves[i];
        step_notation(pos, m, w->turn.count, w->turn.text + base, TURN_TEXT_LEN - base);
        if (strncmp(w->turn.text, w->want, strlen(w->turn.text)) != 0)
            continue;
        w->turn.steps[w->turn.count++] = m;
        Color side = pos->side;
        variant_make(pos, m);
        if (pos->side != side || w->turn.count == MAX_TURN_STEPS)
            w->found = strcmp(w->turn.text, w->want) == 0;
        else
            walk(pos, w);
        variant_unmake(pos, m);
        if (!w->found)
            w->turn.count--;
    }
    if (!w->found)
        w->turn.text[base] = '\0';
}

int notation_parse(struct position *pos, const char *text, struct turn *out)
{
    char want[TURN_TEXT_LEN];
    if (!text || strlen(text) >= sizeof want)
        return -1;
    size_t n = strlen(text);
    while (n > 0 && strchr("+#!?", text[n - 1]))
        n--;
    if (n == 0)
        return -1;
    memcpy(want, text, n);
    want[n] = '\0';
    struct readable_walk w = {want, {0, {0}, {0}}, false};
    walk(pos, &w);
    if (!w.found)
        return -1;
    out->count = w.turn.count;
    memcpy(out->steps, w.turn.steps, sizeof out->steps);
    /* The coordinate text, as turn_parse gives it. */
    char step[64];
    out->text[0] = '\0';
    size_t len = 0;
    for (int i = 0; i < out->count; i++) {
        step_text(pos, out->steps[i], step, sizeof step);
        len += (size_t)snprintf(out->text + len, sizeof out->text - len, "%s%s", i ? "," : "", step);
        if (len >= sizeof out->text)
            len = sizeof out->text - 1;
        variant_make(pos, out->steps[i]);
    }
    turn_unmake(pos, out);
    return 0;
}

int turn_read(struct position *pos, const char *text, struct turn *out)
{
    if (turn_parse(pos, text, out) == 0 || notation_parse(pos, text, out) == 0)
        return 0;
    return san_parse(pos, text, out);
}
