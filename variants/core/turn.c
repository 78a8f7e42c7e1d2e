#include "variants/core/turn.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "variants/core/variant.h"

void step_text(const struct position *pos, Move m, char *out, size_t n)
{
    pos->variant->format_step(pos, m, out, n);
}

struct walk {
    turn_callback fn;
    void *ctx;
    const char *want; /* when set, only turns whose text is this (case-insensitive) */
    struct turn turn;
    int found;
};

/* With a wanted text, a step is worth making only if the text so far starts it
 * and ends where it ends or where it has a comma. */
static bool prefix_matches(const struct walk *w)
{
    if (!w->want)
        return true;
    size_t len = strlen(w->turn.text);
    return strncasecmp(w->turn.text, w->want, len) == 0 && (w->want[len] == '\0' || w->want[len] == ',');
}

static void walk_steps(struct position *pos, struct walk *w)
{
    const struct variant *v = pos->variant;
    struct move_list list;
    v->generate(pos, &list);
    size_t base = strlen(w->turn.text);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        char text[64];
        step_text(pos, m, text, sizeof text);
        snprintf(w->turn.text + base, TURN_TEXT_LEN - base, "%s%s", base ? "," : "", text);
        if (!prefix_matches(w))
            continue;
        w->turn.steps[w->turn.count++] = m;
        Color side = pos->side;
        variant_make(pos, m);
        if (pos->side != side || w->turn.count == MAX_TURN_STEPS) {
            w->found++;
            if (w->fn)
                w->fn(pos, &w->turn, w->ctx);
        } else {
            walk_steps(pos, w);
        }
        variant_unmake(pos, m);
        w->turn.count--;
    }
    w->turn.text[base] = '\0';
}

int for_each_turn(struct position *pos, turn_callback fn, void *ctx)
{
    struct walk w = {fn, ctx, NULL, {0, {0}, {0}}, 0};
    walk_steps(pos, &w);
    return w.found;
}

uint64_t count_turns(struct position *pos)
{
    const struct variant *v = pos->variant;
    if (v->count_turns)
        return v->count_turns(pos);
    if (v->steps_are_turns) {
        struct move_list list;
        v->generate(pos, &list);
        return (uint64_t)list.count;
    }
    return (uint64_t)for_each_turn(pos, NULL, NULL);
}

struct parse_ctx {
    const char *text;
    struct turn *out;
    bool matched;
};

static void match_turn(struct position *after, const struct turn *t, void *vctx)
{
    (void)after;
    struct parse_ctx *ctx = vctx;
    if (!ctx->matched && strcasecmp(t->text, ctx->text) == 0) {
        *ctx->out = *t;
        ctx->matched = true;
    }
}

int turn_parse(struct position *pos, const char *text, struct turn *out)
{
    if (!text || strlen(text) >= TURN_TEXT_LEN)
        return -1;
    struct parse_ctx ctx = {text, out, false};
    struct walk w = {match_turn, &ctx, text, {0, {0}, {0}}, 0};
    walk_steps(pos, &w);
    return ctx.matched ? 0 : -1;
}

void turn_make(struct position *pos, const struct turn *t)
{
    for (int i = 0; i < t->count; i++)
        variant_make(pos, t->steps[i]);
}

void turn_unmake(struct position *pos, const struct turn *t)
{
    for (int i = t->count - 1; i >= 0; i--)
        variant_unmake(pos, t->steps[i]);
}
