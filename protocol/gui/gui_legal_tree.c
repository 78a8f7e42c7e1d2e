/* The legal turns as a tree of clicks (gui_legal_tree.h): a trie of the
 * turns' clicks is built, then written bottom-up, each node as JSON text
 * naming its children by index; a node whose text was written before is
 * that node again, so equal subtrees are written once. */
#include "protocol/gui/gui_legal_tree.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "protocol/gui/gui_json.h"

struct trie_node {
    int turn;                   /* a turn through this node (-1: none yet): its text and clicks */
    int click_at, click_len;    /* this node's click within that turn's clicks */
    int first_child, last_child, next_sibling; /* -1: none */
    int prefix_len;             /* the text all turns through this node start with */
    int frame;                  /* into view_turns.frames, or -1 */
    bool end;                   /* its clicks are a whole turn */
};

/* The nodes written so far, each once, found by their text. */
struct written {
    char **text;
    int count, capacity;
    int *slot; /* open addressing: index into text, or -1 */
    int slots;
};

struct tree {
    const struct view_turns *t;
    const struct board_view *board;
    struct trie_node *node;
    int count, capacity;
    char **frame_text; /* by frame index, made when first needed */
    struct written out;
    bool failed;
};

/* ---- The trie ------------------------------------------------------------------------------- */

static int add_node(struct tree *tr, int turn, int at, int len)
{
    if (tr->count == tr->capacity) {
        int cap = tr->capacity ? 2 * tr->capacity : 256;
        struct trie_node *n = realloc(tr->node, (size_t)cap * sizeof *n);
        if (!n) {
            tr->failed = true;
            return -1;
        }
        tr->node = n;
        tr->capacity = cap;
    }
    tr->node[tr->count] = (struct trie_node){.turn = turn, .click_at = at, .click_len = len, .first_child = -1,
                                             .last_child = -1, .next_sibling = -1, .frame = -1};
    tr->node[tr->count].prefix_len = turn >= 0 ? (int)strlen(tr->t->turn[turn].text) : 0;
    return tr->count++;
}

static const char *click_of(const struct tree *tr, const struct trie_node *n)
{
    return tr->t->turn[n->turn].clicks + n->click_at;
}

/* The child of `parent` for the click `c` (len bytes), made if missing; -1 out of memory. */
static int child_for(struct tree *tr, int parent, int turn, const char *c, int at, int len)
{
    for (int k = tr->node[parent].first_child; k >= 0; k = tr->node[k].next_sibling)
        if (tr->node[k].click_len == len && memcmp(click_of(tr, &tr->node[k]), c, (size_t)len) == 0)
            return k;
    int k = add_node(tr, turn, at, len);
    if (k < 0)
        return -1;
    struct trie_node *p = &tr->node[parent];
    if (p->last_child >= 0)
        tr->node[p->last_child].next_sibling = k;
    else
        p->first_child = k;
    p->last_child = k;
    return k;
}

/* Turn `i` passes through node n: the text its turns share may shorten. */
static void pass_through(struct tree *tr, int n, int i)
{
    struct trie_node *node = &tr->node[n];
    const char *text = tr->t->turn[i].text;
    if (node->turn < 0) {
        node->turn = i;
        node->prefix_len = (int)strlen(text);
        return;
    }
    const char *mine = tr->t->turn[node->turn].text;
    int k = 0;
    while (k < node->prefix_len && mine[k] == text[k])
        k++;
    node->prefix_len = k;
}

static void attach_frames(struct tree *tr, int n, const struct view_turn *vt, int after)
{
    for (int k = 0; k < vt->frame_count; k++)
        if (vt->frame[k].after == after && vt->frame[k].index >= 0)
            tr->node[n].frame = vt->frame[k].index;
}

static void insert_turn(struct tree *tr, int i)
{
    const struct view_turn *vt = &tr->t->turn[i];
    int n = 0, after = 0;
    pass_through(tr, n, i);
    attach_frames(tr, n, vt, after);
    for (int at = 0; vt->clicks[at] && n >= 0;) {
        int len = (int)strcspn(vt->clicks + at, " ");
        if (len > 0) {
            n = child_for(tr, n, i, vt->clicks + at, at, len);
            if (n < 0)
                return;
            pass_through(tr, n, i);
            attach_frames(tr, n, vt, ++after);
        }
        at += len;
        while (vt->clicks[at] == ' ')
            at++;
    }
    tr->node[n].end = true;
}

/* ---- Frames: what changed from the position's own view -------------------------------------- */

static bool same_text(const char *a, const char *b) { return a == b || (a && b && strcmp(a, b) == 0); }

static const struct view_piece *piece_on(const struct board_view *b, const char *square)
{
    for (int i = 0; i < b->piece_count; i++)
        if (strcmp(b->piece[i].square, square) == 0)
            return &b->piece[i];
    return NULL;
}

static bool same_piece(const struct view_piece *a, const struct view_piece *b)
{
    return a && b && a->color == b->color && a->letter == b->letter && same_text(a->name, b->name) &&
           same_text(a->glyph, b->glyph);
}

static bool same_links(const struct board_view *a, const struct board_view *b)
{
    if (a->link_count != b->link_count)
        return false;
    for (int i = 0; i < a->link_count; i++)
        if (strcmp(a->link[i].a, b->link[i].a) != 0 || strcmp(a->link[i].b, b->link[i].b) != 0)
            return false;
    return true;
}

/* {"gone": [squares emptied], "put": [pieces that are new where they stand], "links": [...] if changed,
 *  "hint": what comes next, if the view says}. */
static char *frame_text(const struct board_view *board, const struct board_view *f)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *gone = cJSON_AddArrayToObject(o, "gone");
    for (int i = 0; i < board->piece_count; i++)
        if (!piece_on(f, board->piece[i].square))
            cJSON_AddItemToArray(gone, cJSON_CreateString(board->piece[i].square));
    cJSON *put = cJSON_AddArrayToObject(o, "put");
    for (int i = 0; i < f->piece_count; i++)
        if (!same_piece(&f->piece[i], piece_on(board, f->piece[i].square)))
            cJSON_AddItemToArray(put, gui_json_piece(&f->piece[i]));
    if (!same_links(board, f))
        cJSON_AddItemToObject(o, "links", gui_json_links(f));
    if (f->hint[0])
        cJSON_AddStringToObject(o, "hint", f->hint);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

static const char *frame_of(struct tree *tr, int index)
{
    if (!tr->frame_text[index])
        tr->frame_text[index] = frame_text(tr->board, &tr->t->frames[index]);
    if (!tr->frame_text[index])
        tr->failed = true;
    return tr->frame_text[index];
}

/* ---- Writing each node once ------------------------------------------------------------------- */

static uint64_t hash_text(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static bool grow_written(struct written *w)
{
    int cap = w->capacity ? 2 * w->capacity : 256;
    char **text = realloc(w->text, (size_t)cap * sizeof *text);
    if (!text)
        return false;
    w->text = text;
    w->capacity = cap;
    int slots = 4 * cap;
    int *slot = malloc((size_t)slots * sizeof *slot);
    if (!slot)
        return false;
    for (int i = 0; i < slots; i++)
        slot[i] = -1;
    for (int i = 0; i < w->count; i++) {
        size_t k = (size_t)(hash_text(w->text[i]) & (uint64_t)(slots - 1));
        while (slot[k] >= 0)
            k = (k + 1) & (size_t)(slots - 1);
        slot[k] = i;
    }
    free(w->slot);
    w->slot = slot;
    w->slots = slots;
    return true;
}

/* The index of the node written as `text` (taken over), -1 out of memory. */
static int write_once(struct written *w, char *text)
{
    if (!text || (w->count == w->capacity && !grow_written(w))) {
        free(text);
        return -1;
    }
    size_t k = (size_t)(hash_text(text) & (uint64_t)(w->slots - 1));
    for (; w->slot[k] >= 0; k = (k + 1) & (size_t)(w->slots - 1))
        if (strcmp(w->text[w->slot[k]], text) == 0) {
            free(text);
            return w->slot[k];
        }
    w->slot[k] = w->count;
    w->text[w->count] = text;
    return w->count++;
}

/* Writes node n and, first, its children; returns its index (-1 on failure). */
static int write_node(struct tree *tr, int n, int parent_prefix)
{
    const struct trie_node *node = &tr->node[n];
    char buf[VIEW_NAME_LEN + TURN_TEXT_LEN]; /* a part of a turn's text, or one click */
    cJSON *o = cJSON_CreateObject();
    if (node->turn >= 0 && node->prefix_len > parent_prefix) {
        snprintf(buf, sizeof buf, "%.*s", node->prefix_len - parent_prefix, tr->t->turn[node->turn].text + parent_prefix);
        cJSON_AddStringToObject(o, "part", buf);
    }
    if (node->first_child >= 0) {
        cJSON *next = cJSON_AddObjectToObject(o, "next");
        for (int k = node->first_child; k >= 0 && !tr->failed; k = tr->node[k].next_sibling) {
            int id = write_node(tr, k, node->prefix_len);
            tr->failed |= id < 0;
            snprintf(buf, sizeof buf, "%.*s", tr->node[k].click_len, click_of(tr, &tr->node[k]));
            cJSON_AddNumberToObject(next, buf, id);
        }
    }
    if (node->end)
        cJSON_AddTrueToObject(o, "end");
    if (node->frame >= 0) {
        const char *frame = frame_of(tr, node->frame);
        if (frame)
            cJSON_AddRawToObject(o, "frame", frame);
    }
    char *text = tr->failed ? NULL : cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return tr->failed ? (free(text), -1) : write_once(&tr->out, text);
}

/* {"root":R,"nodes":[...]} from the written nodes. */
static char *join_nodes(const struct written *w, int root)
{
    size_t len = 64;
    for (int i = 0; i < w->count; i++)
        len += strlen(w->text[i]) + 1;
    char *out = malloc(len);
    if (!out)
        return NULL;
    size_t at = (size_t)snprintf(out, len, "{\"root\":%d,\"nodes\":[", root);
    for (int i = 0; i < w->count; i++) {
        size_t n = strlen(w->text[i]);
        if (i)
            out[at++] = ',';
        memcpy(out + at, w->text[i], n);
        at += n;
    }
    memcpy(out + at, "]}", 3);
    return out;
}

static void free_tree(struct tree *tr)
{
    free(tr->node);
    if (tr->frame_text)
        for (int i = 0; i < tr->t->frame_count; i++)
            free(tr->frame_text[i]);
    free(tr->frame_text);
    for (int i = 0; i < tr->out.count; i++)
        free(tr->out.text[i]);
    free(tr->out.text);
    free(tr->out.slot);
}

char *gui_legal_tree_json(const struct view_turns *t, const struct board_view *board)
{
    struct tree tr = {.t = t, .board = board};
    tr.frame_text = calloc((size_t)(t->frame_count > 0 ? t->frame_count : 1), sizeof *tr.frame_text);
    tr.failed = !tr.frame_text || add_node(&tr, -1, 0, 0) != 0;
    for (int i = 0; i < t->count && !tr.failed; i++)
        insert_turn(&tr, i);
    int root = tr.failed ? -1 : write_node(&tr, 0, 0);
    char *out = root < 0 ? NULL : join_nodes(&tr.out, root);
    free_tree(&tr);
    return out;
}
