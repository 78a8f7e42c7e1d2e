/* The GUI's players: "human", "engine:0" (this binary over CECP),
 * "engine:N" (the --engine commands), "builtin:random", "builtin:greedy". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/gui/gui_internal.h"

static const char *const builtins[][2] = {{"builtin:random", "Random mover"}, {"builtin:greedy", "Greedy"}};

bool gui_player_is_human(const char *id) { return strcmp(id, "human") == 0; }

/* The command of engine:N, or NULL when there is none. */
static const char *engine_command(const struct gui_session *s, const char *id)
{
    if (strncmp(id, "engine:", 7) != 0)
        return NULL;
    char *end;
    long n = strtol(id + 7, &end, 10);
    if (end == id + 7 || *end || n < 0 || n > s->cfg.engine_count)
        return NULL;
    return n == 0 ? s->cfg.self_cmd : s->cfg.engines[n - 1];
}

int gui_engine_index(const struct gui_session *s, const char *id)
{
    return engine_command(s, id) ? atoi(id + 7) : -1;
}

bool gui_player_exists(const struct gui_session *s, const char *id)
{
    if (gui_player_is_human(id) || engine_command(s, id))
        return true;
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (strcmp(id, builtins[i][0]) == 0)
            return true;
    return false;
}

void gui_player_name(const struct gui_session *s, const char *id, char *out, size_t n)
{
    if (gui_player_is_human(id)) {
        snprintf(out, n, "You");
        return;
    }
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (strcmp(id, builtins[i][0]) == 0) {
            snprintf(out, n, "%s", builtins[i][1]);
            return;
        }
    if (strcmp(id, "engine:0") == 0) {
        snprintf(out, n, "Rule Zero");
        return;
    }
    const char *cmd = engine_command(s, id);
    int index = atoi(id + 7);
    if (cmd && s->engine_name[index][0])
        snprintf(out, n, "%s", s->engine_name[index]);
    else
        snprintf(out, n, "%s", cmd ? cmd : id);
}

void gui_player_started(struct gui_session *s, const char *id, const struct player *p)
{
    if (strncmp(id, "engine:", 7) == 0 && engine_command(s, id) && strcmp(id, "engine:0") != 0 &&
        p->engine_name[0] && strcmp(p->engine_name, engine_command(s, id)) != 0)
        snprintf(s->engine_name[atoi(id + 7)], sizeof s->engine_name[0], "%s", p->engine_name);
}

static void add_player(cJSON *list, const struct gui_session *s, const char *id)
{
    char name[128];
    gui_player_name(s, id, name, sizeof name);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", id);
    cJSON_AddStringToObject(o, "name", name);
    gui_probe_json(s, id, o);
    cJSON_AddItemToArray(list, o);
}

cJSON *gui_players_json(const struct gui_session *s)
{
    cJSON *list = cJSON_CreateArray();
    add_player(list, s, "human");
    char id[GUI_ID_LEN];
    for (int i = s->cfg.self_cmd ? 0 : 1; i <= s->cfg.engine_count; i++) {
        snprintf(id, sizeof id, "engine:%d", i);
        add_player(list, s, id);
    }
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        add_player(list, s, builtins[i][0]);
    return list;
}

void gui_slot_configure(const struct gui_session *s, struct engine_slot *slot, const char *id,
                        const struct limits *limits)
{
    struct player_config *c = &slot->cfg;
    memset(c, 0, sizeof *c);
    snprintf(slot->id, sizeof slot->id, "%s", id);
    slot->limits = *limits;
    const char *cmd = engine_command(s, id);
    if (cmd && strcmp(id, "engine:0") == 0) {
        gui_self_command(s, slot->cmd, sizeof slot->cmd);
        cmd = slot->cmd;
    }
    c->cmd = cmd ? cmd : slot->id;
    c->protocol = !cmd ? PROTO_BUILTIN : strcmp(id, "engine:0") == 0 ? PROTO_CECP : PROTO_AUTO;
    snprintf(c->name, sizeof c->name, "%.*s", (int)sizeof c->name - 1,
             strcmp(id, "engine:0") == 0 ? "Rule Zero" : c->cmd);
    c->limits = *limits;
    snprintf(c->tc_text, sizeof c->tc_text, "-");
}
