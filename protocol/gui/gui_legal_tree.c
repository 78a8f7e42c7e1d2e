/* The legal turns as a tree of clicks (gui_legal_tree.h): a trie of the
 * turns' clicks is built, then written bottom-up, each node as JSON text
 * naming its children by index; a node whose text was written before is
 * that node again, so equal subtrees are written once. A node with a big
 * map of clicks that is mostly the map of a big node written a little
 * before is written as that node's map (`like`) with the differences. */
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

/* The nodes written so far, each once, found by their whole text (with their whole map of
 * clicks); `sent` is what is sent for it when that differs (its map told by `like`), else NULL. */
struct written {
    char **text;
    char **sent;
    int count, capacity;
    int *slot; /* open addressing: index into text, or -1 */
    int slots;
};

/* One click of a node's map: the click's text (len bytes, not terminated) and the node it leads to. */
struct map_entry {
    const char *click;
    int len;
    int id;
};

/* The map of a big node written lately, sorted by click, for the next big nodes to be told from. */
#define BIG_MAP 12    /* a map with at least this many clicks is big */
#define RECENT_BIG 8  /* how many of the last big maps a new one is compared with */
struct big_map {
    int index; /* the node's index, -1: none */
    int count;
    struct map_entry *sorted;
};

struct tree {
    const struct view_turns *t;
    const struct board_view *board;
    struct trie_node *node;
    int count, capacity;
    char **frame_text; /* by frame index, made when first needed */
    struct written out;
    struct big_map recent[RECENT_BIG]; /* a ring, the oldest replaced */
    int recent_next;
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

/* ---- The nodes written so far ----------------------------------------------------------------- */

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
    char **sent = realloc(w->sent, (size_t)cap * sizeof *sent);
    if (!sent)
        return false;
    w->sent = sent;
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

/* The index of the node written as `text`, or -1 if none is. */
static int find_written(const struct written *w, const char *text)
{
    if (!w->slots)
        return -1;
    size_t k = (size_t)(hash_text(text) & (uint64_t)(w->slots - 1));
    for (; w->slot[k] >= 0; k = (k + 1) & (size_t)(w->slots - 1))
        if (strcmp(w->text[w->slot[k]], text) == 0)
            return w->slot[k];
    return -1;
}

/* Adds a node not written before, found by `text`, sent as `sent` (NULL: as `text`); both taken
 * over. Its index, -1 out of memory. */
static int add_written(struct written *w, char *text, char *sent)
{
    if (!text || (w->count == w->capacity && !grow_written(w))) {
        free(text);
        free(sent);
        return -1;
    }
    size_t k = (size_t)(hash_text(text) & (uint64_t)(w->slots - 1));
    while (w->slot[k] >= 0)
        k = (k + 1) & (size_t)(w->slots - 1);
    w->slot[k] = w->count;
    w->text[w->count] = text;
    w->sent[w->count] = sent;
    return w->count++;
}

/* ---- Big maps told as another's (`like`) -------------------------------------------------------- */

static int compare_clicks(const struct map_entry *a, const struct map_entry *b)
{
    int n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->click, b->click, (size_t)n);
    return c ? c : a->len - b->len;
}

static int compare_entries(const void *a, const void *b) { return compare_clicks(a, b); }

/* The entry of `sorted` with e's click, or NULL. */
static const struct map_entry *entry_for(const struct map_entry *sorted, int count, const struct map_entry *e)
{
    return bsearch(e, sorted, (size_t)count, sizeof *sorted, compare_entries);
}

static int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n /= 10;
        d++;
    }
    return d;
}

/* Bytes an entry takes in a `next` object ("click":id,) and in a `not` list ("click",). */
static int entry_bytes(const struct map_entry *e) { return e->len + 4 + digits(e->id); }
static int not_bytes(const struct map_entry *e) { return e->len + 3; }

/* The bytes saved by telling `map` (sorted: `sorted`) as big map b's with the differences;
 * negative or zero: none. */
static int saving(const struct big_map *b, const struct map_entry *map, const struct map_entry *sorted, int count)
{
    int saved = -(int)strlen("\"like\":,\"not\":[],") - digits(b->index);
    for (int i = 0; i < count; i++) {
        const struct map_entry *e = entry_for(b->sorted, b->count, &map[i]);
        if (e && e->id == map[i].id)
            saved += entry_bytes(&map[i]);
    }
    for (int i = 0; i < b->count; i++)
        if (!entry_for(sorted, count, &b->sorted[i]))
            saved -= not_bytes(&b->sorted[i]);
    return saved;
}

/* The recent big map this map is best told from, or NULL if none saves bytes. */
static const struct big_map *best_like(const struct tree *tr, const struct map_entry *map,
                                       const struct map_entry *sorted, int count)
{
    const struct big_map *best = NULL;
    int best_saved = 0;
    for (int r = 0; r < RECENT_BIG; r++) {
        const struct big_map *b = &tr->recent[r];
        if (b->index < 0)
            continue;
        int saved = saving(b, map, sorted, count);
        if (saved > best_saved) {
            best = b;
            best_saved = saved;
        }
    }
    return best;
}

/* A big node's map is remembered (sorted taken over), the oldest forgotten. */
static void remember_big(struct tree *tr, int index, struct map_entry *sorted, int count)
{
    struct big_map *b = &tr->recent[tr->recent_next];
    free(b->sorted);
    *b = (struct big_map){.index = index, .count = count, .sorted = sorted};
    tr->recent_next = (tr->recent_next + 1) % RECENT_BIG;
}

static void add_click(cJSON *object, const struct map_entry *e)
{
    char buf[VIEW_NAME_LEN + TURN_TEXT_LEN];
    snprintf(buf, sizeof buf, "%.*s", e->len, e->click);
    cJSON_AddNumberToObject(object, buf, e->id);
}

static void add_not(cJSON *list, const struct map_entry *e)
{
    char buf[VIEW_NAME_LEN + TURN_TEXT_LEN];
    snprintf(buf, sizeof buf, "%.*s", e->len, e->click);
    cJSON_AddItemToArray(list, cJSON_CreateString(buf));
}

/* ---- Writing each node once ------------------------------------------------------------------- */

/* A node's JSON: its part, its map (all of `map`, in its order; or, with `like`, like's map with
 * the entries of `map` that differ from it and `not` the clicks of like's map it lacks), end and
 * frame. `sorted` is `map` sorted by click. */
static char *node_text(struct tree *tr, const struct trie_node *node, int parent_prefix, const struct map_entry *map,
                       const struct map_entry *sorted, int count, const struct big_map *like)
{
    char buf[VIEW_NAME_LEN + TURN_TEXT_LEN]; /* a part of a turn's text */
    cJSON *o = cJSON_CreateObject();
    if (node->turn >= 0 && node->prefix_len > parent_prefix) {
        snprintf(buf, sizeof buf, "%.*s", node->prefix_len - parent_prefix, tr->t->turn[node->turn].text + parent_prefix);
        cJSON_AddStringToObject(o, "part", buf);
    }
    if (like)
        cJSON_AddNumberToObject(o, "like", like->index);
    if (count > 0) {
        cJSON *next = cJSON_AddObjectToObject(o, "next");
        for (int i = 0; i < count; i++) {
            const struct map_entry *e = like ? entry_for(like->sorted, like->count, &map[i]) : NULL;
            if (!e || e->id != map[i].id)
                add_click(next, &map[i]);
        }
    }
    if (like) {
        cJSON *not = cJSON_AddArrayToObject(o, "not");
        for (int i = 0; i < like->count; i++)
            if (!entry_for(sorted, count, &like->sorted[i]))
                add_not(not, &like->sorted[i]);
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
    return text;
}

/* What is sent for node n: its map in the trie's order, or told from a recent big map where that
 * is shorter. NULL on failure. */
static char *sent_node_text(struct tree *tr, const struct trie_node *node, int parent_prefix,
                            const struct map_entry *map, const struct map_entry *sorted, int count)
{
    char *whole = node_text(tr, node, parent_prefix, map, sorted, count, NULL);
    const struct big_map *like = count >= BIG_MAP ? best_like(tr, map, sorted, count) : NULL;
    char *told = like && whole ? node_text(tr, node, parent_prefix, map, sorted, count, like) : NULL;
    if (told && strlen(told) < strlen(whole)) {
        free(whole);
        return told;
    }
    free(told);
    return whole;
}

/* Adds node n, not written before and found by `key` (its text with its map sorted by click, taken
 * over); a big map is remembered. Its index, -1 on failure. */
static int add_node_text(struct tree *tr, const struct trie_node *node, int parent_prefix, char *key,
                         const struct map_entry *map, const struct map_entry *sorted, int count)
{
    char *sent = sent_node_text(tr, node, parent_prefix, map, sorted, count);
    if (!sent) {
        free(key);
        return -1;
    }
    if (strcmp(sent, key) == 0) {
        free(sent);
        sent = NULL;
    }
    int index = add_written(&tr->out, key, sent);
    if (index < 0 || count < BIG_MAP)
        return index;
    struct map_entry *kept = malloc((size_t)count * sizeof *kept);
    if (!kept)
        return -1;
    memcpy(kept, sorted, (size_t)count * sizeof *kept);
    remember_big(tr, index, kept, count);
    return index;
}

/* Writes node n and, first, its children; returns its index (-1 on failure). Nodes with the same
 * map in another order are one node. */
static int write_node(struct tree *tr, int n, int parent_prefix)
{
    const struct trie_node *node = &tr->node[n];
    int count = 0;
    for (int k = node->first_child; k >= 0; k = tr->node[k].next_sibling)
        count++;
    struct map_entry *map = malloc((size_t)(count ? 2 * count : 1) * sizeof *map);
    if (!map) {
        tr->failed = true;
        return -1;
    }
    int i = 0;
    for (int k = node->first_child; k >= 0 && !tr->failed; k = tr->node[k].next_sibling, i++) {
        map[i] = (struct map_entry){.click = click_of(tr, &tr->node[k]), .len = tr->node[k].click_len,
                                    .id = write_node(tr, k, node->prefix_len)};
        tr->failed |= map[i].id < 0;
    }
    if (tr->failed) {
        free(map);
        return -1;
    }
    struct map_entry *sorted = map + count;
    memcpy(sorted, map, (size_t)count * sizeof *sorted);
    qsort(sorted, (size_t)count, sizeof *sorted, compare_entries);
    char *key = node_text(tr, node, parent_prefix, sorted, sorted, count, NULL);
    int index = key ? find_written(&tr->out, key) : -1;
    if (key && index >= 0)
        free(key);
    else if (key)
        index = add_node_text(tr, node, parent_prefix, key, map, sorted, count);
    free(map);
    tr->failed |= index < 0;
    return tr->failed ? -1 : index;
}

static const char *sent_text(const struct written *w, int i) { return w->sent[i] ? w->sent[i] : w->text[i]; }

/* {"root":R,"nodes":[...]} from the written nodes. */
static char *join_nodes(const struct written *w, int root)
{
    size_t len = 64;
    for (int i = 0; i < w->count; i++)
        len += strlen(sent_text(w, i)) + 1;
    char *out = malloc(len);
    if (!out)
        return NULL;
    size_t at = (size_t)snprintf(out, len, "{\"root\":%d,\"nodes\":[", root);
    for (int i = 0; i < w->count; i++) {
        size_t n = strlen(sent_text(w, i));
        if (i)
            out[at++] = ',';
        memcpy(out + at, sent_text(w, i), n);
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
    for (int i = 0; i < tr->out.count; i++) {
        free(tr->out.text[i]);
        free(tr->out.sent[i]);
    }
    free(tr->out.text);
    free(tr->out.sent);
    for (int r = 0; r < RECENT_BIG; r++)
        free(tr->recent[r].sorted);
    free(tr->out.slot);
}

char *gui_legal_tree_json(const struct view_turns *t, const struct board_view *board)
{
    struct tree tr = {.t = t, .board = board};
    for (int r = 0; r < RECENT_BIG; r++)
        tr.recent[r].index = -1;
    tr.frame_text = calloc((size_t)(t->frame_count > 0 ? t->frame_count : 1), sizeof *tr.frame_text);
    tr.failed = !tr.frame_text || add_node(&tr, -1, 0, 0) != 0;
    for (int i = 0; i < t->count && !tr.failed; i++)
        insert_turn(&tr, i);
    int root = tr.failed ? -1 : write_node(&tr, 0, 0);
    char *out = root < 0 ? NULL : join_nodes(&tr.out, root);
    free_tree(&tr);
    return out;
}
