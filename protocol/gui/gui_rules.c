#include "protocol/gui/gui_rules.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

#include <cmark.h>

#include "protocol/gui/gui_assets.h"

/* cmark 0.29 and later render safely by default (CMARK_OPT_SAFE is kept and
 * does nothing); older ones need the flag. Either way: no raw HTML. */
#define RENDER_OPTIONS (CMARK_OPT_DEFAULT | CMARK_OPT_SAFE)

#define NAME_MAX_LEN 40
#define DEV_BEGIN "<!-- developers -->"
#define DEV_END "<!-- /developers -->"

/* ---- A growing text ------------------------------------------------------------------------ */

struct buf {
    char *data;
    size_t len, cap;
    bool failed;
};

static void buf_add(struct buf *b, const char *text, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *grown = realloc(b->data, cap);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, text, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_puts(struct buf *b, const char *text) { buf_add(b, text, strlen(text)); }

static void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void buf_printf(struct buf *b, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0)
        buf_add(b, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void buf_escape(struct buf *b, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *e = text[i] == '&' ? "&amp;" : text[i] == '<' ? "&lt;" : text[i] == '>' ? "&gt;"
                        : text[i] == '"' ? "&quot;" : NULL;
        if (e)
            buf_puts(b, e);
        else
            buf_add(b, text + i, 1);
    }
}

/* Hands the text over (the caller frees it); NULL if memory ran out. */
static char *buf_take(struct buf *b)
{
    if (b->failed || !b->data) {
        free(b->data);
        return NULL;
    }
    return b->data;
}

/* ---- Names and links --------------------------------------------------------------------------- */

bool gui_rules_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > NAME_MAX_LEN)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)name[i]) && name[i] != '-' && name[i] != '_')
            return false;
    return true;
}

static const struct gui_asset *rules_asset(const char *name)
{
    char key[NAME_MAX_LEN + 8];
    if (!gui_rules_name_ok(name))
        return NULL;
    snprintf(key, sizeof key, "rules/%s", name);
    return gui_asset_find(key);
}

static bool has_scheme(const char *url)
{
    if (!isalpha((unsigned char)url[0]))
        return false;
    const char *p = url + 1;
    while (isalnum((unsigned char)*p) || *p == '+' || *p == '-' || *p == '.')
        p++;
    return *p == ':';
}

/* A link to NAME.md (a served rules page) becomes NAME.html: `out` is set and
 * true returned. Links with a scheme or only a fragment stay: true, out "".
 * Other relative links (files the server does not serve): false. */
static bool rules_link(const char *url, char *out, size_t n)
{
    out[0] = '\0';
    if (has_scheme(url) || url[0] == '#')
        return true;
    const char *hash = strchr(url, '#');
    size_t path_len = hash ? (size_t)(hash - url) : strlen(url);
    char name[NAME_MAX_LEN + 1];
    if (path_len < 4 || path_len - 3 > NAME_MAX_LEN || strncmp(url + path_len - 3, ".md", 3) != 0)
        return false;
    memcpy(name, url, path_len - 3);
    name[path_len - 3] = '\0';
    if (!rules_asset(name))
        return false;
    snprintf(out, n, "%s.html%s", name, hash ? hash : "");
    return true;
}

/* ---- Board diagrams ----------------------------------------------------------------------------- */

#define DIAGRAM_MAX_BOARDS 4
#define DIAGRAM_MAX_RANKS 16
#define DIAGRAM_MAX_FILES 16
#define DIAGRAM_TOKEN 12

struct diagram {
    int boards, ranks;
    int files[DIAGRAM_MAX_BOARDS];
    char rank_label[DIAGRAM_MAX_RANKS][DIAGRAM_TOKEN];
    char cell[DIAGRAM_MAX_RANKS][DIAGRAM_MAX_BOARDS][DIAGRAM_MAX_FILES][DIAGRAM_TOKEN];
    bool has_file_labels;
    char file_label[DIAGRAM_MAX_BOARDS][DIAGRAM_MAX_FILES][DIAGRAM_TOKEN];
    bool neutral; /* pieces belong to neither side (Dialectic's tokens) */
};

/* One line's tokens, grouped: a gap of 3 or more spaces starts a new group.
 * With `labelled`, the first token is the rank label and its gap is not one.
 * Returns the number of groups, or -1 if the line does not fit. */
static int split_line(const char *line, size_t len, bool labelled, char *label,
                      char tokens[DIAGRAM_MAX_BOARDS][DIAGRAM_MAX_FILES][DIAGRAM_TOKEN], int counts[DIAGRAM_MAX_BOARDS])
{
    int groups = 0, seen = 0;
    size_t i = 0;
    while (i < len) {
        size_t gap = 0;
        while (i < len && line[i] == ' ')
            i++, gap++;
        if (i >= len)
            break;
        size_t start = i;
        while (i < len && line[i] != ' ')
            i++;
        size_t n = i - start;
        if (n >= DIAGRAM_TOKEN)
            return -1;
        if (labelled && seen++ == 0) {
            memcpy(label, line + start, n);
            label[n] = '\0';
            continue;
        }
        if (groups == 0 || gap >= 3) {
            if (groups == DIAGRAM_MAX_BOARDS)
                return -1;
            counts[groups++] = 0;
        }
        int *c = &counts[groups - 1];
        if (*c == DIAGRAM_MAX_FILES)
            return -1;
        memcpy(tokens[groups - 1][*c], line + start, n);
        tokens[groups - 1][(*c)++][n] = '\0';
    }
    return groups;
}

static bool same_shape(const struct diagram *d, int groups, const int counts[])
{
    if (groups != d->boards)
        return false;
    for (int b = 0; b < groups; b++)
        if (counts[b] != d->files[b])
            return false;
    return true;
}

/* Reads an ASCII diagram; false if it is not one. */
static bool parse_diagram(const char *text, struct diagram *d)
{
    memset(d, 0, sizeof *d);
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        int counts[DIAGRAM_MAX_BOARDS];
        if (len > 0 && line[0] != ' ') {
            if (d->has_file_labels || d->ranks == DIAGRAM_MAX_RANKS)
                return false; /* a rank after the file labels, or too many */
            int groups = split_line(line, len, true, d->rank_label[d->ranks], d->cell[d->ranks], counts);
            if (groups <= 0 || (d->ranks > 0 && !same_shape(d, groups, counts)))
                return false;
            d->boards = groups;
            memcpy(d->files, counts, sizeof(int) * (size_t)groups);
            d->ranks++;
        } else if (len > 0 && d->ranks > 0) {
            char unused[DIAGRAM_TOKEN];
            int groups = split_line(line, len, false, unused, d->file_label, counts);
            if (groups > 0 && !same_shape(d, groups, counts))
                return false;
            d->has_file_labels = groups > 0;
        }
        line = end ? end + 1 : line + len;
    }
    return d->ranks > 0;
}

static void write_square(struct buf *b, const struct diagram *d, int r, int board, int f)
{
    /* The bottom-left square of every board is dark, as a1 is. */
    bool dark = ((d->ranks - 1 - r) + f) % 2 == 0;
    const char *token = d->cell[r][board][f];
    if (strcmp(token, "-") == 0) { /* no square there (Hegelian's stair-step dialectic) */
        buf_puts(b, "<span class=\"sq none\"></span>");
        return;
    }
    buf_printf(b, "<span class=\"sq %s\">", dark ? "dark" : "light");
    if (strcmp(token, ".") != 0) {
        const char *side = d->neutral ? "neutral" : isupper((unsigned char)token[0]) ? "white" : "black";
        buf_printf(b, "<span class=\"pc %s\">", side); /* the disc tells the side: the letter as the text names it */
        for (const char *t = token; *t; t++)
            buf_escape(b, (const char[]){(char)toupper((unsigned char)*t)}, 1);
        buf_puts(b, "</span>");
    }
    buf_puts(b, "</span>");
}

/* A board is a column of rows (flex, no inline style: the page's CSP allows none). */
static void write_board(struct buf *b, const struct diagram *d, int board)
{
    buf_puts(b, "<div class=\"board\">");
    for (int r = 0; r < d->ranks; r++) {
        buf_puts(b, "<div class=\"row\"><span class=\"rank-label\">");
        buf_escape(b, d->rank_label[r], strlen(d->rank_label[r]));
        buf_puts(b, "</span>");
        for (int f = 0; f < d->files[board]; f++)
            write_square(b, d, r, board, f);
        buf_puts(b, "</div>");
    }
    if (d->has_file_labels) {
        buf_puts(b, "<div class=\"row files\"><span class=\"rank-label\"></span>");
        for (int f = 0; f < d->files[board]; f++) {
            buf_puts(b, "<span class=\"file-label\">");
            buf_escape(b, d->file_label[board][f], strlen(d->file_label[board][f]));
            buf_puts(b, "</span>");
        }
        buf_puts(b, "</div>");
    }
    buf_puts(b, "</div>");
}

/* The HTML of a diagram (malloc'd), or NULL if the text is not one. */
static char *diagram_html(const char *text, bool neutral)
{
    struct diagram *d = malloc(sizeof *d);
    if (!d || !parse_diagram(text, d)) {
        free(d);
        return NULL;
    }
    d->neutral = neutral;
    struct buf b = {0};
    buf_puts(&b, "<figure class=\"diagram\">");
    for (int board = 0; board < d->boards; board++)
        write_board(&b, d, board);
    buf_puts(&b, "</figure>\n");
    free(d);
    return buf_take(&b);
}

/* ---- Walking the document ------------------------------------------------------------------- */

static bool starts_with(const char *text, const char *prefix)
{
    return text && strncmp(text, prefix, strlen(prefix)) == 0;
}

/* A block of raw HTML in its place (cmark prints custom blocks as given, safe mode or not). */
static bool replace_with_html(cmark_node *node, const char *html, bool inline_node)
{
    cmark_node *custom = cmark_node_new(inline_node ? CMARK_NODE_CUSTOM_INLINE : CMARK_NODE_CUSTOM_BLOCK);
    if (!custom || !cmark_node_set_on_enter(custom, html) || !cmark_node_insert_before(node, custom)) {
        cmark_node_free(custom);
        return false;
    }
    cmark_node_free(node);
    return true;
}

static bool is_marker(cmark_node *node, const char *marker)
{
    if (cmark_node_get_type(node) != CMARK_NODE_HTML_BLOCK)
        return false;
    const char *text = cmark_node_get_literal(node);
    size_t n = strlen(marker);
    if (!starts_with(text, marker))
        return false;
    for (const char *p = text + n; *p; p++)
        if (!isspace((unsigned char)*p))
            return false;
    return true;
}

/* Leaves out the parts for developers: the marked spans of the document's
 * top level (code blocks of commands go in the walk below). */
static void drop_developer_spans(cmark_node *doc)
{
    bool dropping = false;
    cmark_node *next;
    for (cmark_node *node = cmark_node_first_child(doc); node; node = next) {
        next = cmark_node_next(node);
        bool begin = is_marker(node, DEV_BEGIN), end = is_marker(node, DEV_END);
        if (begin)
            dropping = true;
        if (dropping || begin || end)
            cmark_node_free(node);
        if (end)
            dropping = false;
    }
}

/* `board` or `board neutral`. */
static bool board_info(const char *info, bool *neutral)
{
    if (!starts_with(info, "board") || (info[5] && !isspace((unsigned char)info[5])))
        return false;
    *neutral = strstr(info + 5, "neutral") != NULL;
    return true;
}

/* A code block: a command example goes, a board diagram is drawn. */
static bool code_block(cmark_node *node)
{
    const char *text = cmark_node_get_literal(node);
    bool neutral;
    if (starts_with(text, "$ ")) {
        cmark_node_free(node);
        return true;
    }
    if (!board_info(cmark_node_get_fence_info(node), &neutral))
        return true;
    char *html = diagram_html(text ? text : "", neutral);
    if (!html)
        return true; /* not a diagram after all: shown as written */
    bool ok = replace_with_html(node, html, false);
    free(html);
    return ok;
}

/* A link to a rules page leads to its HTML; one to a file not served keeps its text. */
static bool link_node(cmark_node *node)
{
    char target[NAME_MAX_LEN + 300];
    const char *url = cmark_node_get_url(node);
    if (rules_link(url ? url : "", target, sizeof target))
        return !target[0] || cmark_node_set_url(node, target);
    cmark_node *child;
    while ((child = cmark_node_first_child(node)))
        if (!cmark_node_insert_before(node, child))
            return false;
    cmark_node_free(node);
    return true;
}

static void append_text(struct buf *b, cmark_node *node)
{
    for (cmark_node *c = cmark_node_first_child(node); c; c = cmark_node_next(c)) {
        const char *text = cmark_node_get_literal(c);
        if (text)
            buf_puts(b, text);
        else
            append_text(b, c);
    }
}

/* GitHub's anchor for a heading, so links such as polypiece.md#phased-polypiece-polypiece-phased land. */
static bool heading_anchor(cmark_node *node)
{
    struct buf text = {0}, html = {0};
    append_text(&text, node);
    buf_puts(&html, "<span id=\"");
    for (size_t i = 0; i < text.len; i++) {
        unsigned char c = (unsigned char)text.data[i];
        if (isalnum(c) || c == '_' || c >= 0x80)
            buf_add(&html, (const char[]){(char)tolower(c)}, 1);
        else if (c == ' ' || c == '-')
            buf_add(&html, "-", 1);
    }
    buf_puts(&html, "\"></span>");
    free(text.data);
    char *markup = buf_take(&html);
    if (!markup)
        return false;
    cmark_node *anchor = cmark_node_new(CMARK_NODE_CUSTOM_INLINE);
    bool ok = anchor && cmark_node_set_on_enter(anchor, markup) && cmark_node_prepend_child(node, anchor);
    if (!ok)
        cmark_node_free(anchor);
    free(markup);
    return ok;
}

/* ---- Tables (GitHub's pipe tables: CommonMark has none) --------------------------------------- */

struct source {
    const char *text;
    size_t len;
};

/* Line `number` (from 1) of the source, without its newline. */
static bool source_line(const struct source *src, int number, const char **line, size_t *len)
{
    const char *p = src->text, *end = src->text + src->len;
    for (int i = 1; i < number && p < end; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    if (p >= end)
        return false;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *line = p;
    *len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    return true;
}

static bool is_delimiter_row(const char *line, size_t len)
{
    bool dash = false;
    for (size_t i = 0; i < len; i++) {
        if (line[i] == '-')
            dash = true;
        else if (!strchr("|: \t", line[i]))
            return false;
    }
    return dash && len > 0 && line[0] == '|';
}

static void rewrite_links(cmark_node *root);

/* A cell's inline Markdown as HTML, through cmark in safe mode. */
static void cell_html(struct buf *b, const char *cell, size_t len)
{
    char *md = malloc(len + 1);
    size_t n = 0;
    for (size_t i = 0; md && i < len; i++)
        if (!(cell[i] == '\\' && i + 1 < len && cell[i + 1] == '|'))
            md[n++] = cell[i]; /* `\|` is a pipe in the cell */
    cmark_node *doc = md ? cmark_parse_document(md, n, CMARK_OPT_DEFAULT) : NULL;
    free(md);
    if (!doc) {
        b->failed = true;
        return;
    }
    rewrite_links(doc);
    cmark_node *para = cmark_node_first_child(doc);
    char *html = cmark_render_html(para && cmark_node_get_type(para) == CMARK_NODE_PARAGRAPH ? para : doc,
                                   RENDER_OPTIONS);
    cmark_node_free(doc);
    if (!html) {
        b->failed = true;
        return;
    }
    size_t hlen = strlen(html);
    const char *h = html;
    if (starts_with(h, "<p>") && hlen >= 8 && strcmp(h + hlen - 5, "</p>\n") == 0) {
        h += 3;
        hlen -= 8;
    }
    buf_add(b, h, hlen);
    free(html);
}

static void table_row(struct buf *b, const char *line, size_t len, const char *cell_tag)
{
    size_t i = 0;
    while (len > 0 && isspace((unsigned char)line[len - 1]))
        len--;
    if (i < len && line[i] == '|')
        i++;
    if (len > i && line[len - 1] == '|' && (len < 2 || line[len - 2] != '\\'))
        len--;
    buf_puts(b, "<tr>");
    while (i <= len) {
        size_t start = i;
        while (i < len && !(line[i] == '|' && (i == 0 || line[i - 1] != '\\')))
            i++;
        size_t a = start, z = i;
        while (a < z && isspace((unsigned char)line[a]))
            a++;
        while (z > a && isspace((unsigned char)line[z - 1]))
            z--;
        buf_printf(b, "<%s>", cell_tag);
        cell_html(b, line + a, z - a);
        buf_printf(b, "</%s>", cell_tag);
        i++;
    }
    buf_puts(b, "</tr>\n");
}

/* A paragraph that is a pipe table (a header row, a delimiter row, body rows) becomes a table. */
static bool table_paragraph(cmark_node *node, const struct source *src)
{
    int first = cmark_node_get_start_line(node), last = cmark_node_get_end_line(node);
    const char *line, *delim;
    size_t len, dlen;
    if (cmark_node_parent(node) != NULL && cmark_node_get_type(cmark_node_parent(node)) != CMARK_NODE_DOCUMENT)
        return true;
    if (last <= first || !source_line(src, first, &line, &len) || len == 0 || line[0] != '|' ||
        !source_line(src, first + 1, &delim, &dlen) || !is_delimiter_row(delim, dlen))
        return true;
    struct buf b = {0};
    buf_puts(&b, "<table>\n<thead>");
    table_row(&b, line, len, "th");
    buf_puts(&b, "</thead>\n<tbody>\n");
    for (int n = first + 2; n <= last && source_line(src, n, &line, &len); n++)
        table_row(&b, line, len, "td");
    buf_puts(&b, "</tbody>\n</table>\n");
    char *html = buf_take(&b);
    bool ok = html && replace_with_html(node, html, false);
    free(html);
    return ok;
}

/* ---- The walk --------------------------------------------------------------------------------- */

/* cmark lets a node change after its EXIT event, or at ENTER when it is a leaf
 * (the iterator already knows the next node). */
static bool transform(cmark_node *doc, const struct source *src)
{
    bool ok = true;
    cmark_iter *it = cmark_iter_new(doc);
    if (!it)
        return false;
    cmark_event_type ev;
    while (ok && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *node = cmark_iter_get_node(it);
        cmark_node_type type = cmark_node_get_type(node);
        if (ev == CMARK_EVENT_ENTER && type == CMARK_NODE_CODE_BLOCK)
            ok = code_block(node);
        else if (ev == CMARK_EVENT_EXIT && type == CMARK_NODE_LINK)
            ok = link_node(node);
        else if (ev == CMARK_EVENT_EXIT && type == CMARK_NODE_HEADING)
            ok = heading_anchor(node);
        else if (ev == CMARK_EVENT_EXIT && type == CMARK_NODE_PARAGRAPH)
            ok = table_paragraph(node, src);
    }
    cmark_iter_free(it);
    return ok;
}

static void rewrite_links(cmark_node *root)
{
    cmark_iter *it = cmark_iter_new(root);
    cmark_event_type ev;
    while (it && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE)
        if (ev == CMARK_EVENT_EXIT && cmark_node_get_type(cmark_iter_get_node(it)) == CMARK_NODE_LINK)
            link_node(cmark_iter_get_node(it));
    cmark_iter_free(it);
}

/* ---- The page --------------------------------------------------------------------------------- */

static void page_title(struct buf *b, cmark_node *doc, const char *name)
{
    for (cmark_node *n = cmark_node_first_child(doc); n; n = cmark_node_next(n))
        if (cmark_node_get_type(n) == CMARK_NODE_HEADING && cmark_node_get_heading_level(n) == 1) {
            struct buf text = {0};
            append_text(&text, n);
            if (text.data)
                buf_escape(b, text.data, text.len);
            free(text.data);
            return;
        }
    buf_escape(b, name, strlen(name));
}

static char *page(cmark_node *doc, const char *name)
{
    char *body = cmark_render_html(doc, RENDER_OPTIONS);
    if (!body)
        return NULL;
    struct buf b = {0};
    buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    page_title(&b, doc, name);
    /* Links relative to the page, so that it works served or exported (the game's page is one folder up). */
    buf_puts(&b, " - Rule Zero</title>\n<link rel=\"stylesheet\" href=\"" GUI_RULES_CSS "\">\n</head>\n<body>\n"
                 "<header><a href=\"../index.html\">Rule Zero</a> &middot; <a href=\"README.html\">the rules of every game</a>"
                 "</header>\n<main>\n");
    buf_puts(&b, body);
    buf_puts(&b, "</main>\n</body>\n</html>\n");
    free(body);
    return buf_take(&b);
}

char *gui_rules_html(const char *name, bool *missing)
{
    const struct gui_asset *a = rules_asset(name);
    *missing = a == NULL;
    if (!a)
        return NULL;
    struct source src = {(const char *)a->data, a->size};
    cmark_node *doc = cmark_parse_document(src.text, src.len, CMARK_OPT_DEFAULT);
    if (!doc)
        return NULL;
    drop_developer_spans(doc);
    char *html = transform(doc, &src) ? page(doc, name) : NULL;
    cmark_node_free(doc);
    return html;
}

/* ---- Export ------------------------------------------------------------------------------------- */

static int write_file(const char *dir, const char *name, const void *data, size_t len, char *err, size_t errlen)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        snprintf(err, errlen, "%s: path too long", dir);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
    return ok ? 0 : -1;
}

static int export_page(const char *dir, const char *name, char *err, size_t errlen)
{
    bool missing;
    char *html = gui_rules_html(name, &missing);
    if (!html) {
        snprintf(err, errlen, "%s: %s", name, missing ? "no such rules" : "out of memory");
        return -1;
    }
    char file[NAME_MAX_LEN + 8];
    snprintf(file, sizeof file, "%s.html", name);
    int rc = write_file(dir, file, html, strlen(html), err, errlen);
    free(html);
    return rc;
}

int gui_rules_export(const char *dir, char *err, size_t errlen)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot make the folder %s: %s", dir, strerror(errno));
        return -1;
    }
    const struct gui_asset *css = gui_asset_find(GUI_RULES_CSS);
    if (!css) {
        snprintf(err, errlen, "no %s built in", GUI_RULES_CSS);
        return -1;
    }
    if (write_file(dir, GUI_RULES_CSS, css->data, css->size, err, errlen))
        return -1;
    for (const struct gui_asset *a = gui_assets; a->name; a++)
        if (strncmp(a->name, "rules/", 6) == 0 && gui_rules_name_ok(a->name + 6) &&
            export_page(dir, a->name + 6, err, errlen))
            return -1;
    return 0;
}
