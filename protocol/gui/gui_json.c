#include "protocol/gui/gui_json.h"

#include <stdio.h>
#include <string.h>

#include "variants/core/types.h"
#include "protocol/gui/gui_inbound.h"

static const char *color_name(Color c) { return c == WHITE ? "white" : "black"; }

static cJSON *string_or_null(const char *s) { return s ? cJSON_CreateString(s) : cJSON_CreateNull(); }

static cJSON *area_json(const struct view_area *a)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", a->id);
    cJSON_AddStringToObject(o, "title", a->title);
    cJSON_AddStringToObject(o, "shade", a->checkered ? "checkered" : "plain");
    if (a->dark_first)
        cJSON_AddBoolToObject(o, "darkFirst", true);
    cJSON *rows = cJSON_AddArrayToObject(o, "rows");
    for (int r = 0; r < a->rows; r++) {
        cJSON *row = cJSON_CreateArray();
        for (int c = 0; c < a->cols; c++)
            cJSON_AddItemToArray(row, a->cell[r][c][0] ? cJSON_CreateString(a->cell[r][c]) : cJSON_CreateNull());
        cJSON_AddItemToArray(rows, row);
    }
    return o;
}

static void letter_text(char letter, char *out)
{
    out[0] = letter;
    out[1] = '\0';
}

cJSON *gui_json_piece(const struct view_piece *p)
{
    char letter[2];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "square", p->square);
    cJSON_AddStringToObject(o, "color", color_name(p->color));
    letter_text(p->letter, letter);
    cJSON_AddStringToObject(o, "letter", letter);
    cJSON_AddStringToObject(o, "name", p->name ? p->name : "");
    cJSON_AddItemToObject(o, "glyph", string_or_null(p->glyph));
    return o;
}

cJSON *gui_json_pieces(const struct board_view *b)
{
    cJSON *pieces = cJSON_CreateArray();
    for (int i = 0; i < b->piece_count; i++)
        cJSON_AddItemToArray(pieces, gui_json_piece(&b->piece[i]));
    return pieces;
}

static cJSON *hands_json(const struct board_view *b)
{
    cJSON *hands = cJSON_CreateArray();
    char letter[2], click[16];
    for (Color c = WHITE; c <= BLACK; c++) {
        cJSON *hand = cJSON_CreateObject();
        cJSON_AddStringToObject(hand, "color", color_name(c));
        cJSON *pieces = cJSON_AddArrayToObject(hand, "pieces");
        int n = 0;
        for (int i = 0; i < b->hand_count; i++) {
            const struct view_hand *h = &b->hand[i];
            if (h->color != c)
                continue;
            cJSON *o = cJSON_CreateObject();
            letter_text(h->letter, letter);
            snprintf(click, sizeof click, "hand:%c", h->letter);
            cJSON_AddStringToObject(o, "letter", letter);
            cJSON_AddStringToObject(o, "name", h->name ? h->name : "");
            cJSON_AddItemToObject(o, "glyph", string_or_null(h->glyph));
            cJSON_AddNumberToObject(o, "count", h->count);
            cJSON_AddStringToObject(o, "click", click);
            cJSON_AddItemToArray(pieces, o);
            n++;
        }
        if (n || b->has_hands)
            cJSON_AddItemToArray(hands, hand);
        else
            cJSON_Delete(hand);
    }
    return hands;
}

cJSON *gui_json_links(const struct board_view *b)
{
    cJSON *links = cJSON_CreateArray();
    for (int i = 0; i < b->link_count; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "a", b->link[i].a);
        cJSON_AddStringToObject(o, "b", b->link[i].b);
        cJSON_AddNumberToObject(o, "number", b->link[i].number > 0 ? b->link[i].number : i + 1);
        if (b->link[i].same)
            cJSON_AddTrueToObject(o, "same");
        cJSON_AddItemToArray(links, o);
    }
    return links;
}

static cJSON *panels_json(const struct board_view *b)
{
    cJSON *panels = cJSON_CreateArray();
    for (int i = 0; i < b->panel_count; i++) {
        const struct view_panel *p = &b->panel[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "title", p->title);
        cJSON *rows = cJSON_AddArrayToObject(o, "rows");
        for (int r = 0; r < p->count; r++) {
            cJSON *row = cJSON_CreateObject();
            cJSON_AddStringToObject(row, "label", p->row[r].label);
            cJSON *items = cJSON_AddArrayToObject(row, "items");
            for (int k = 0; k < p->row[r].count; k++) {
                cJSON *item = cJSON_CreateObject();
                cJSON_AddStringToObject(item, "text", p->row[r].item[k].text);
                cJSON_AddBoolToObject(item, "current", p->row[r].item[k].current);
                cJSON_AddItemToArray(items, item);
            }
            cJSON_AddItemToArray(rows, row);
        }
        cJSON_AddItemToArray(panels, o);
    }
    return panels;
}

cJSON *gui_json_board(const struct board_view *b, char (*last)[8], int last_count)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *areas = cJSON_AddArrayToObject(o, "areas");
    for (int i = 0; i < b->area_count; i++)
        cJSON_AddItemToArray(areas, area_json(&b->area[i]));
    cJSON_AddItemToObject(o, "pieces", gui_json_pieces(b));
    cJSON_AddItemToObject(o, "hands", hands_json(b));
    cJSON *tokens = cJSON_AddArrayToObject(o, "tokens");
    char letter[2];
    for (int i = 0; i < b->token_count; i++) {
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "cell", b->token[i].cell);
        letter_text(b->token[i].token, letter);
        cJSON_AddStringToObject(t, "token", letter);
        cJSON_AddStringToObject(t, "name", b->token[i].name ? b->token[i].name : "");
        cJSON_AddItemToArray(tokens, t);
    }
    cJSON_AddItemToObject(o, "links", gui_json_links(b));
    cJSON *hl = cJSON_AddObjectToObject(o, "highlights");
    cJSON *lastj = cJSON_AddArrayToObject(hl, "last");
    for (int i = 0; i < last_count; i++)
        cJSON_AddItemToArray(lastj, cJSON_CreateString(last[i]));
    cJSON *check = cJSON_AddArrayToObject(hl, "check");
    for (int i = 0; i < b->check_count; i++)
        cJSON_AddItemToArray(check, cJSON_CreateString(b->check[i]));
    cJSON_AddItemToObject(o, "panels", panels_json(b));
    return o;
}

/* ---- Legal turns: the tree of clicks is gui_legal_tree.c ------------------------------------- */

char *gui_json_choices(const struct view_turns *t)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < t->choice_count; i++)
        cJSON_AddStringToObject(o, t->choice[i].click, t->choice[i].label);
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return text;
}

/* ---- Setup ---------------------------------------------------------------------------------- */

static cJSON *option_json(const struct variant_option *opt)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", opt->name);
    cJSON_AddStringToObject(o, "type", opt->type);
    cJSON_AddStringToObject(o, "default", opt->default_value ? opt->default_value : "");
    if (opt->choices && strcmp(opt->type, "combo") == 0) {
        cJSON *choices = cJSON_AddArrayToObject(o, "choices");
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", opt->choices);
        for (char *s = buf; s;) {
            char *sep = strstr(s, " /// ");
            if (sep)
                *sep = '\0';
            cJSON_AddItemToArray(choices, cJSON_CreateString(s));
            s = sep ? sep + 5 : NULL;
        }
    } else if (opt->choices && strcmp(opt->type, "spin") == 0) {
        long min = 0, max = 0; /* "MIN MAX": the page's number field takes them as its bounds */
        if (sscanf(opt->choices, "%ld %ld", &min, &max) == 2) {
            cJSON_AddNumberToObject(o, "min", (double)min);
            cJSON_AddNumberToObject(o, "max", (double)max);
        }
        cJSON_AddNullToObject(o, "choices");
    } else {
        cJSON_AddItemToObject(o, "choices", string_or_null(opt->choices));
    }
    return o;
}

cJSON *gui_json_setup(cJSON *players)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "setup");
    cJSON_AddStringToObject(o, "version", RULEZERO_VERSION);
    cJSON *variants = cJSON_AddArrayToObject(o, "variants");
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        const struct game_decl *game = game_of(v);
        cJSON *vo = cJSON_CreateObject();
        cJSON_AddStringToObject(vo, "id", v->id);
        cJSON_AddStringToObject(vo, "title", v->title);
        cJSON *opts = cJSON_AddArrayToObject(vo, "options");
        for (int k = 0; k < v->option_count; k++)
            cJSON_AddItemToArray(opts, option_json(&v->options[k]));
        cJSON_AddStringToObject(vo, "rules_card", game->rules_card ? game->rules_card : "");
        cJSON_AddItemToObject(vo, "rules_doc", string_or_null(game->rules_doc));
        cJSON_AddStringToObject(vo, "start_fen", v->start_fen);
        cJSON_AddItemToArray(variants, vo);
    }
    cJSON_AddItemToObject(o, "players", players);
    return o;
}

/* ---- What was sent, in an error message -------------------------------------------------- */

const char *gui_json_echo(const char *sent, char out[GUI_ECHO_LEN])
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0, i = 0;
    out[o++] = '"';
    for (; sent[i] && i < GUI_ECHO_MAX; i++) {
        unsigned char c = (unsigned char)sent[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            out[o++] = (char)c;
            continue;
        }
        out[o++] = '\\';
        out[o++] = 'x';
        out[o++] = hex[c >> 4];
        out[o++] = hex[c & 15];
    }
    out[o++] = '"';
    if (sent[i])
        for (int k = 0; k < 3; k++)
            out[o++] = '.';
    out[o] = '\0';
    return out;
}

char *gui_json_cut(char *text)
{
    size_t len = strlen(text);
    if (len <= GUI_ECHO_CUT)
        return text;
    size_t at = GUI_ECHO_CUT - 3;
    while (at > 0 && ((unsigned char)text[at] & 0xC0) == 0x80) /* not inside a character */
        at--;
    memcpy(text + at, "...", 4);
    return text;
}

void gui_json_utf8_fix(char *text)
{
    unsigned char *p = (unsigned char *)text;
    size_t len = strlen(text);
    for (size_t i = 0; i < len;) {
        size_t n = gui_utf8_char(p + i, len - i);
        if (n == 0) {
            p[i] = '?';
            n = 1;
        }
        i += n;
    }
}
