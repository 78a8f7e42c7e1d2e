/* Every legal turn as the clicks a person makes for it (see view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/view.h"

struct collect {
    struct view_turns *out;
    bool unique;                        /* a text already collected is skipped */
    char (*frame_key)[VIEW_CLICKS_LEN]; /* clicks so far of each frame */
    int failed;
};

static bool grow(void **items, int *capacity, int count, size_t size)
{
    if (count < *capacity)
        return true;
    int cap = *capacity ? 2 * *capacity : 64;
    void *grown = realloc(*items, (size_t)cap * size);
    if (!grown)
        return false;
    *items = grown;
    *capacity = cap;
    return true;
}

static void add_choice(struct view_turns *out, const char *click, const char *label, int *failed)
{
    for (int i = 0; i < out->choice_count; i++)
        if (strcmp(out->choice[i].click, click) == 0)
            return;
    if (!grow((void **)&out->choice, &out->choice_capacity, out->choice_count, sizeof *out->choice)) {
        *failed = 1;
        return;
    }
    struct view_choice *c = &out->choice[out->choice_count++];
    snprintf(c->click, sizeof c->click, "%s", click);
    snprintf(c->label, sizeof c->label, "%s", label);
}

static void append_click(struct view_turn *t, const char *click)
{
    size_t len = strlen(t->clicks);
    snprintf(t->clicks + len, sizeof t->clicks - len, "%s%s", len ? " " : "", click);
    t->click_count++;
}

static const char *last_click(const struct view_turn *t)
{
    const char *space = strrchr(t->clicks, ' ');
    return space ? space + 1 : t->clicks;
}

/* The frame after the clicks so far: shared by every turn with those clicks. */
static void add_frame(struct collect *c, struct view_turn *t, const struct position *pos)
{
    struct view_turns *out = c->out;
    if (t->frame_count >= VIEW_MAX_FRAMES)
        return;
    struct view_frame *f = &t->frame[t->frame_count++];
    f->after = t->click_count;
    f->index = -1;
    for (int i = 0; i < out->frame_count; i++)
        if (strcmp(c->frame_key[i], t->clicks) == 0)
            return;
    int cap = out->frame_capacity;
    if (!grow((void **)&out->frames, &out->frame_capacity, out->frame_count, sizeof *out->frames)) {
        c->failed = 1;
        return;
    }
    if (cap != out->frame_capacity) {
        void *keys = realloc(c->frame_key, (size_t)out->frame_capacity * sizeof *c->frame_key);
        if (!keys) {
            c->failed = 1;
            return;
        }
        c->frame_key = keys;
    }
    snprintf(c->frame_key[out->frame_count], VIEW_CLICKS_LEN, "%s", t->clicks);
    view_describe(pos, &out->frames[out->frame_count]);
    f->index = out->frame_count++;
}

static void collect_turn(struct position *after, const struct turn *turn, void *vctx)
{
    struct collect *c = vctx;
    struct view_turns *out = c->out;
    for (int i = 0; c->unique && i < out->count; i++)
        if (strcmp(out->turn[i].text, turn->text) == 0)
            return;
    if (c->failed || !grow((void **)&out->turn, &out->capacity, out->count, sizeof *out->turn)) {
        c->failed = 1;
        return;
    }
    const struct variant *v = after->variant;
    bool legs_continue = view_of(v)->legs_continue;
    struct view_turn *t = &out->turn[out->count++];
    memset(t, 0, sizeof *t);
    snprintf(t->text, sizeof t->text, "%s", turn->text);
    turn_unmake(after, turn);
    for (int i = 0; i < turn->count; i++) {
        struct step_clicks sc;
        view_step_clicks(after, turn->steps[i], &sc);
        for (int k = 0; k < sc.count; k++) {
            if (k == 0 && i > 0 && legs_continue && strcmp(sc.click[0], last_click(t)) == 0)
                continue;
            append_click(t, sc.click[k]);
            if (sc.label[k][0])
                add_choice(out, sc.click[k], sc.label[k], &c->failed);
        }
        v->make(after, turn->steps[i]);
        if (i + 1 < turn->count)
            add_frame(c, t, after);
    }
}

/* ---- Making every clicks list a whole, unique turn ------------------------------------ */

struct sort_entry {
    const char *clicks;
    int index;
};

static int by_clicks(const void *a, const void *b)
{
    return strcmp(((const struct sort_entry *)a)->clicks, ((const struct sort_entry *)b)->clicks);
}

/* The turns' indexes in the order of their clicks; NULL out of memory. */
static int *sorted_indexes(struct view_turns *out)
{
    size_t n = (size_t)(out->count ? out->count : 1);
    struct sort_entry *e = malloc(n * sizeof *e);
    int *idx = malloc(n * sizeof *idx);
    if (!e || !idx) {
        free(e);
        free(idx);
        return NULL;
    }
    for (int i = 0; i < out->count; i++)
        e[i] = (struct sort_entry){out->turn[i].clicks, i};
    qsort(e, (size_t)out->count, sizeof *e, by_clicks);
    for (int i = 0; i < out->count; i++)
        idx[i] = e[i].index;
    free(e);
    return idx;
}

static bool is_proper_prefix(const char *a, const char *b)
{
    size_t n = strlen(a);
    return strncmp(a, b, n) == 0 && b[n] == ' ';
}

/* In sorted order a list that is a proper prefix of another is followed by one. */
static int end_early_turns(struct view_turns *out, int *failed)
{
    int *idx = sorted_indexes(out);
    if (!idx)
        return -1;
    for (int i = 0; i + 1 < out->count; i++)
        if (is_proper_prefix(out->turn[idx[i]].clicks, out->turn[idx[i + 1]].clicks)) {
            append_click(&out->turn[idx[i]], "choice:end");
            add_choice(out, "choice:end", "End the turn here", failed);
        }
    free(idx);
    return 0;
}

static int split_equal_turns(struct view_turns *out, int *failed)
{
    int *idx = sorted_indexes(out);
    if (!idx)
        return -1;
    for (int i = 0; i < out->count;) {
        int j = i + 1;
        while (j < out->count && strcmp(out->turn[idx[i]].clicks, out->turn[idx[j]].clicks) == 0)
            j++;
        for (int k = i; j - i > 1 && k < j; k++) {
            struct view_turn *t = &out->turn[idx[k]];
            char click[VIEW_NAME_LEN + TURN_TEXT_LEN];
            snprintf(click, sizeof click, "choice:%s", t->text);
            append_click(t, click);
            add_choice(out, click, t->text, failed);
        }
        i = j;
    }
    free(idx);
    return 0;
}

void view_turns_start(struct view_turns *out) { memset(out, 0, sizeof *out); }

int view_turns_add(struct view_turns *out, struct position *pos)
{
    struct collect c = {out, out->count > 0, out->frame_key, out->failed};
    for_each_turn(pos, collect_turn, &c);
    out->frame_key = c.frame_key;
    out->failed = c.failed;
    return c.failed ? -1 : 0;
}

int view_turns_finish(struct view_turns *out)
{
    int failed = out->failed;
    free(out->frame_key);
    out->frame_key = NULL;
    if (!failed && end_early_turns(out, &failed) == 0 && split_equal_turns(out, &failed) == 0 && !failed)
        return 0;
    view_turns_free(out);
    return -1;
}

int view_legal_turns(struct position *pos, struct view_turns *out)
{
    view_turns_start(out);
    view_turns_add(out, pos);
    return view_turns_finish(out);
}

void view_turns_free(struct view_turns *t)
{
    free(t->frame_key);
    free(t->turn);
    free(t->frames);
    free(t->choice);
    memset(t, 0, sizeof *t);
}
