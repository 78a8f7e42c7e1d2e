/* Fuzz target: the GUI server's message handler (protocol/gui/gui_session.h)
 * fed arbitrary messages, one per line of the input, in a session without
 * engine threads, on the thread the server runs it on (protocol/gui/gui_runner.h:
 * its stack size, its kind), so that a message needing more stack than the
 * server has crashes here too. After each: every reply is JSON; at the end
 * the state is JSON and the game's position is consistent.
 *
 * Games with seats (docs/gui-protocol.md, "Seats"; docs/security.md): a line
 * "@N" (N a digit) makes the following messages come from a role (N & 1:
 * White's seat, N & 2: Black's seat, N & 4: the creator; "@8": a spectator
 * or a page without a cookie; "@0": anyone, as in a one-person server),
 * through the seats' gate; a line beginning with '!' (the rest is the
 * message) goes to a lobby on an in-memory database as a lobby visitor's
 * (create_game, claim_seat, list_games, ...), and one beginning with '#' to
 * the game the lobby created last, as the server passes a game page's
 * message on (gui_lobby_handle: delete_game, the seat before hello). After
 * each message from a role, nothing has acted for a side the role does not
 * hold (authority_kept). */
#include <cjson/cJSON.h>

#include "fuzz_common.h"
#include "protocol/gui/gui_lobby.h"
#include "protocol/gui/gui_runner.h"
#include "protocol/gui/gui_session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void must_be_json(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    cJSON *o = cJSON_ParseWithLength(text, len);
    FUZZ_REQUIRE(cJSON_IsObject(o));
    FUZZ_REQUIRE(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "type")));
    cJSON_Delete(o);
}

struct input {
    const uint8_t *data;
    size_t size;
};

static void lobby_must_be_json(void *ctx, struct gui_game *g, const char *text, size_t len)
{
    (void)g;
    must_be_json(ctx, text, len);
}

/* "@N": who sends the next messages (NULL: anyone). */
static const struct gui_actor *read_actor(const char *line, struct gui_actor *buf)
{
    int n = line[1] - '0';
    if (n == 0)
        return NULL;
    buf->plays[0] = (n & 1) != 0;
    buf->plays[1] = (n & 2) != 0;
    buf->creator = (n & 4) != 0;
    return buf;
}

/* The lobby's replies: JSON, and the id of the game it created last. */
static char created_id[64];

static void lobby_reply(void *ctx, const char *text, size_t len)
{
    must_be_json(ctx, text, len);
    cJSON *o = cJSON_ParseWithLength(text, len);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(o, "type");
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(o, "game");
    if (cJSON_IsString(type) && strcmp(type->valuestring, "created") == 0 && cJSON_IsString(game))
        snprintf(created_id, sizeof created_id, "%s", game->valuestring);
    cJSON_Delete(o);
}

/* ---- Authority: what a state says about who did what --------------------------------------- */

struct snap {
    int ply, game_number;
    bool paused;
    char to_move[8], reason[256], draw[8], takeback[8];
};

static void text_of(const cJSON *o, const char *name, char *out, size_t n)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);
    snprintf(out, n, "%s", cJSON_IsString(f) ? f->valuestring : "");
}

/* The state's text (malloc'd, taken) as a snap. */
static struct snap snap_of(char *state)
{
    struct snap x;
    memset(&x, 0, sizeof x);
    FUZZ_REQUIRE(state);
    cJSON *o = cJSON_Parse(state);
    free(state);
    FUZZ_REQUIRE(cJSON_IsObject(o));
    x.ply = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "ply"));
    x.game_number = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, "game_number"));
    x.paused = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "paused"));
    text_of(o, "side", x.to_move, sizeof x.to_move);
    text_of(cJSON_GetObjectItemCaseSensitive(o, "result"), "reason", x.reason, sizeof x.reason);
    text_of(o, "draw_offer", x.draw, sizeof x.draw);
    text_of(o, "takeback_offer", x.takeback, sizeof x.takeback);
    cJSON_Delete(o);
    return x;
}

/* Does the role hold the side named ("white", "black"; "" holds nothing)? */
static bool holds(const struct gui_actor *a, const char *side)
{
    return (strcmp(side, "white") == 0 && a->plays[0]) || (strcmp(side, "black") == 0 && a->plays[1]);
}

/* The change from b to x is one the role may make: its own turn, resignation,
 * offer, answer to the other side's offer, take-back request or answer; a
 * new game by the creator. */
static bool authority_kept(const struct gui_actor *a, const struct snap *b, const struct snap *x)
{
    bool seat = a->plays[0] || a->plays[1];
    if (memcmp(b, x, sizeof *b) == 0)
        return true;
    if (x->game_number != b->game_number)
        return a->creator;
    if (x->paused != b->paused)
        return seat || a->creator; /* resume after an engine's failure: stop is refused while a person plays */
    if (strcmp(x->reason, b->reason) != 0) {
        const char *resigns = strstr(x->reason, " resigns");
        if (resigns && !resigns[8])
            return holds(a, strncmp(x->reason, "White", 5) == 0 ? "white" : "black");
        if (strcmp(x->reason, "Draw by agreement") == 0)
            return seat && b->draw[0] && !holds(a, b->draw);
        return x->ply == b->ply + 1 && holds(a, b->to_move); /* the board's own end after the role's turn */
    }
    if (x->ply > b->ply)
        return x->ply == b->ply + 1 && holds(a, b->to_move);
    if (x->ply < b->ply || strcmp(x->takeback, b->takeback) != 0) {
        if (x->takeback[0] && !b->takeback[0])
            return holds(a, x->takeback) && x->ply == b->ply;
        if (!b->takeback[0]) /* taken back at once: against an engine, or both seats held */
            return seat;
        return seat && (!holds(a, b->takeback) || (a->plays[0] && a->plays[1]));
    }
    if (strcmp(x->draw, b->draw) != 0)
        return x->draw[0] ? holds(a, x->draw) : seat && !holds(a, b->draw);
    return true; /* notes, clocks: nobody's side */
}

static const struct gui_actor nobody = {.plays = {false, false}, .creator = false};

/* A game page's message, as the server passes it on; a deleted game is done with. */
static void game_line(struct gui_lobby *lobby, struct gui_game *g, const struct gui_actor *actor, const char *line,
                      size_t len)
{
    struct snap before = snap_of(gui_game_state_text(g));
    gui_lobby_handle(lobby, g, actor, line, len, must_be_json, NULL);
    struct snap after = snap_of(gui_game_state_text(g));
    FUZZ_REQUIRE(authority_kept(actor, &before, &after));
}

static void handle_lines(void *arg)
{
    created_id[0] = '\0';
    const struct input *in = arg;
    struct gui_config cfg = {.no_threads = true};
    struct gui_session *s = gui_session_new(&cfg, must_be_json, NULL);
    FUZZ_REQUIRE(s);
    struct gui_lobby *lobby = NULL;
    struct gui_actor actor_buf = {0};
    const struct gui_actor *actor = NULL;
    size_t start = 0;
    for (size_t i = 0; i <= in->size; i++) {
        if (i < in->size && in->data[i] != '\n')
            continue;
        const char *line = (const char *)in->data + start;
        size_t len = i - start;
        start = i + 1;
        if (len == 2 && line[0] == '@' && line[1] >= '0' && line[1] <= '9') {
            actor = read_actor(line, &actor_buf);
        } else if (len > 0 && line[0] == '!') {
            char err[256];
            struct gui_lobby_config lc = {.db_path = ":memory:", .max_games = 4};
            if (!lobby)
                lobby = gui_lobby_open(&cfg, &lc, lobby_must_be_json, NULL, err, sizeof err);
            FUZZ_REQUIRE(lobby);
            gui_lobby_handle(lobby, NULL, NULL, line + 1, len - 1, lobby_reply, NULL);
        } else if (len > 0 && line[0] == '#') {
            struct gui_game *g = lobby && created_id[0] ? gui_lobby_find(lobby, created_id) : NULL;
            if (g)
                game_line(lobby, g, actor ? actor : &nobody, line + 1, len - 1);
            gui_lobby_release(lobby, g);
        } else if (actor) {
            struct snap before = snap_of(gui_session_state(s));
            gui_session_handle_as(s, line, len, must_be_json, NULL, actor);
            struct snap after = snap_of(gui_session_state(s));
            FUZZ_REQUIRE(authority_kept(actor, &before, &after));
        } else {
            gui_session_handle(s, line, len, must_be_json, NULL);
        }
    }
    gui_lobby_close(lobby);
    char *state = gui_session_state(s);
    FUZZ_REQUIRE(state);
    must_be_json(NULL, state, strlen(state));
    free(state);
    gui_session_free(s); /* its game's settings go with it */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    struct gui_runner *runner = gui_runner_start();
    FUZZ_REQUIRE(runner);
    struct input in = {data, size};
    gui_runner_run(runner, handle_lines, &in);
    gui_runner_stop(runner);
    return 0;
}
