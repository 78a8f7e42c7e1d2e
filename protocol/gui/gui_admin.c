#include "protocol/gui/gui_admin.h"

#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

/* A text as one field of a line: no tab, newline or other control character. */
static void print_field(FILE *out, const char *text, const char *end)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        fputc(*p < 0x20 || *p == 0x7f ? '?' : *p, out);
    fputs(end, out);
}

static const char *record_text(const cJSON *record, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(record, name);
    return cJSON_IsString(f) ? f->valuestring : "?";
}

static void format_time(int64_t t, char *out, size_t n)
{
    time_t tt = (time_t)t;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(out, n, "?");
}

static void format_state(const struct gui_stored_game *g, const cJSON *record, char *out, size_t n)
{
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(record, "result");
    if (g->result[0] && cJSON_IsObject(result))
        snprintf(out, n, "over at ply %d: %s %s", g->plies, g->result, record_text(result, "reason"));
    else if (g->result[0])
        snprintf(out, n, "over at ply %d: %s", g->plies, g->result);
    else if (g->plies == 0)
        snprintf(out, n, "unstarted");
    else
        snprintf(out, n, "ply %d", g->plies);
}

static int list_one(void *ctx, const struct gui_stored_game *g)
{
    FILE *out = ctx;
    cJSON *record = cJSON_Parse(g->record ? g->record : "");
    char state[400], created[32], last[32] = "-";
    format_state(g, record, state, sizeof state);
    format_time(g->created_s, created, sizeof created);
    if (g->plies > 0)
        format_time(g->turn_started_s, last, sizeof last);
    print_field(out, g->id, "\t");
    print_field(out, record_text(record, "variant"), "\t");
    print_field(out, record_text(record, "white"), "\t");
    print_field(out, record_text(record, "black"), "\t");
    print_field(out, state, "\t");
    print_field(out, created, "\t");
    print_field(out, last, "\n");
    cJSON_Delete(record);
    return 0;
}

int gui_admin_list(struct gui_store *st, FILE *out, char *err, size_t errlen)
{
    fputs("id\tgame\twhite\tblack\tstate\tcreated\tlast turn\n", out);
    return gui_store_each(st, list_one, out, err, errlen);
}

static int is_game(void *ctx, const struct gui_stored_game *g) { return strcmp(g->id, ctx) == 0; }

int gui_admin_delete(struct gui_store *st, const char *id, char *err, size_t errlen)
{
    if (!gui_secret_well_formed(id)) {
        snprintf(err, errlen, "'%.40s' is no game id (32 hexadecimal digits, as --list-games prints)", id);
        return -1;
    }
    int found = gui_store_each(st, is_game, (void *)id, err, errlen);
    if (found < 0)
        return -1;
    if (!found) {
        snprintf(err, errlen, "no game %s in the file", id);
        return -1;
    }
    return gui_store_delete(st, id, err, errlen);
}
