/* Game files in the GUI (docs/gamefiles.md, "In the GUI and the page"): the
 * games of `rulezero gui --variants FILE` and of the files a page opens
 * (`game_file`: its name and text, read by the engine's own parser) are
 * listed with the built-in ones in `setup`, so the new-game dialog offers
 * them; engine:0 is started with `--variants` for each file, so that it
 * plays them too. A server that keeps its games in a database (seats) takes
 * game files from its command line only: its games outlive a page's files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol/gui/gui_internal.h"
#include "protocol/gui/gui_json.h"
#include "variants/core/text.h"

#define PAGE_FILE_NAME_MAX 63
#define PAGE_FILE_PATH_LEN 512

/* The files pages opened: the name they gave, and where the text was
 * written for engine:0 ("" when it is not written: the browser build). */
struct gui_page_files {
    int count;
    char dir[PAGE_FILE_PATH_LEN / 2];
    struct {
        char name[PAGE_FILE_NAME_MAX + 1];
        char path[PAGE_FILE_PATH_LEN];
    } file[REGISTRY_MAX_LOADED];
};

/* 1 to 63 printable characters, no slash or backslash, not starting with a dot. */
static bool good_name(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > PAGE_FILE_NAME_MAX || name[0] == '.')
        return false;
    for (const char *c = name; *c; c++)
        if (*c < 0x20 || *c > 0x7e || *c == '/' || *c == '\\')
            return false;
    return true;
}

static int page_file_index(const struct gui_page_files *f, const char *name)
{
    for (int i = 0; f && i < f->count; i++)
        if (strcmp(f->file[i].name, name) == 0)
            return i;
    return -1;
}

/* The text written where engine:0 reads it: DIR/N.ini, DIR made once (mode 0700). */
static int write_for_engine(struct gui_page_files *f, int i, const char *text, char *err, size_t errlen)
{
    if (!f->dir[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(f->dir, sizeof f->dir, "%s/rulezero-games-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(f->dir)) {
            f->dir[0] = '\0';
            snprintf(err, errlen, "%s: the engine's copy cannot be written (no temporary folder)", f->file[i].name);
            return -1;
        }
    }
    snprintf(f->file[i].path, sizeof f->file[i].path, "%s/%d.ini", f->dir, i);
    FILE *out = fopen(f->file[i].path, "w");
    bool ok = out && fputs(text, out) >= 0;
    if (out && fclose(out) != 0)
        ok = false;
    if (!ok) {
        f->file[i].path[0] = '\0';
        snprintf(err, errlen, "%s: the engine's copy cannot be written", f->file[i].name);
        return -1;
    }
    return 0;
}

/* The file `name` joins the list (once); natively its text is written for engine:0. */
static int remember(struct gui_session *s, const char *name, const char *text, char *err, size_t errlen)
{
    if (!s->page_files && !(s->page_files = calloc(1, sizeof *s->page_files))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct gui_page_files *f = s->page_files;
    if (page_file_index(f, name) >= 0 || f->count == REGISTRY_MAX_LOADED)
        return 0;
    int i = f->count++;
    snprintf(f->file[i].name, sizeof f->file[i].name, "%s", name);
    return s->cfg.game_files_on_disk ? write_for_engine(f, i, text, err, errlen) : 0;
}

static void answer(const struct gui_request *r, const char *name, const char *error)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "game_file");
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddBoolToObject(o, "ok", !error);
    if (error) {
        cJSON_AddStringToObject(o, "error", error);
    } else {
        cJSON *games = cJSON_AddArrayToObject(o, "games");
        for (int i = 0; i < variant_count(); i++) {
            const char *file = variant_file_of(variant_at(i));
            if (file && strcmp(file, name) == 0)
                cJSON_AddItemToArray(games, cJSON_CreateString(variant_at(i)->id));
        }
    }
    gui_send_json(r->reply, r->reply_ctx, o);
}

int gui_on_game_file(const struct gui_request *r)
{
    struct gui_session *s = r->s;
    const cJSON *name_item = cJSON_GetObjectItemCaseSensitive(r->msg, "name");
    const cJSON *text_item = cJSON_GetObjectItemCaseSensitive(r->msg, "text");
    const char *name = cJSON_IsString(name_item) ? name_item->valuestring : "";
    char err[VARIANT_ERR_LEN];
    if (!good_name(name) || !cJSON_IsString(text_item)) {
        answer(r, good_name(name) ? name : "?",
               "a game file needs a name (1 to 63 characters, no '/') and its text (docs/gamefiles.md)");
        return -1;
    }
    if (s->cfg.store) {
        answer(r, name, "this server keeps its games: it takes game files from its command line only "
                        "(rulezero gui --variants FILE)");
        return -1;
    }
    if (variant_load_text(name, text_item->valuestring, err, sizeof err) < 0 ||
        remember(s, name, text_item->valuestring, err, sizeof err) < 0) {
        answer(r, name, err);
        return -1;
    }
    answer(r, name, NULL);
    gui_send_json(s->broadcast, s->broadcast_ctx, gui_json_setup(gui_players_json(s)));
    return 0;
}

/* Appends ` --variants 'PATH'` for `path`, unless it is there already. */
static void add_file(char *out, size_t n, const char *path)
{
    char quoted[PAGE_FILE_PATH_LEN * 4 + 3], arg[sizeof quoted + 16];
    text_shell_quote(path, quoted, sizeof quoted);
    snprintf(arg, sizeof arg, " --variants %s", quoted);
    size_t len = strlen(out);
    if (!strstr(out, arg) && len + strlen(arg) < n)
        memcpy(out + len, arg, strlen(arg) + 1);
}

void gui_self_command(const struct gui_session *s, char *out, size_t n)
{
    snprintf(out, n, "%s", s->cfg.self_cmd ? s->cfg.self_cmd : "");
    for (int i = 0; i < variant_count(); i++) {
        const char *file = variant_file_of(variant_at(i));
        int page = file ? page_file_index(s->page_files, file) : -1;
        if (page >= 0 && s->page_files->file[page].path[0])
            add_file(out, n, s->page_files->file[page].path);
        else if (file && page < 0)
            add_file(out, n, file);
    }
}

void gui_page_files_free(struct gui_session *s)
{
    struct gui_page_files *f = s->page_files;
    for (int i = 0; f && i < f->count; i++)
        if (f->file[i].path[0])
            unlink(f->file[i].path);
    if (f && f->dir[0])
        rmdir(f->dir);
    free(f);
    s->page_files = NULL;
}
