/* Fuzz target: the GUI server's message handler (protocol/gui/gui_session.h)
 * fed arbitrary messages, one per line of the input, in a session without
 * engine threads, on the thread the server runs it on (protocol/gui/gui_runner.h:
 * its stack size, its kind), so that a message needing more stack than the
 * server has crashes here too. After each: every reply is JSON; at the end
 * the state is JSON and the game's position is consistent.
 *
 * Games with seats (docs/gui-protocol.md, "Seats"): a line "@N" (N a digit)
 * makes the following messages come from a seat's holder (N & 1: White,
 * N & 2: Black, N & 4: the creator; "@8": a spectator; "@0": anyone, as in a
 * one-person server), through the seats' gate; a line beginning with '!'
 * (the rest is the message) goes to a lobby on an in-memory database
 * (create_game, claim_seat, list_games, ...). */
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

static void handle_lines(void *arg)
{
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
            gui_lobby_handle(lobby, NULL, NULL, line + 1, len - 1, must_be_json, NULL);
        } else {
            gui_session_handle_as(s, line, len, must_be_json, NULL, actor);
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
