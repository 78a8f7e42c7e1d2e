/* Fuzz target: the GUI server's message handler (protocol/gui/gui_session.h)
 * fed arbitrary messages, one per line of the input, in a session without
 * engine threads, on the thread the server runs it on (protocol/gui/gui_runner.h:
 * its stack size, its kind), so that a message needing more stack than the
 * server has crashes here too. After each: every reply is JSON; at the end
 * the state is JSON and the game's position is consistent. */
#include <cjson/cJSON.h>

#include "fuzz_common.h"
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

static void handle_lines(void *arg)
{
    const struct input *in = arg;
    struct gui_config cfg = {.no_threads = true};
    struct gui_session *s = gui_session_new(&cfg, must_be_json, NULL);
    FUZZ_REQUIRE(s);
    size_t start = 0;
    for (size_t i = 0; i <= in->size; i++) {
        if (i < in->size && in->data[i] != '\n')
            continue;
        gui_session_handle(s, (const char *)in->data + start, i - start, must_be_json, NULL);
        start = i + 1;
    }
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
