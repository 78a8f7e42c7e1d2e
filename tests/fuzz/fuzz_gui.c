/* Fuzz target: the GUI server's message handler (protocol/gui/gui_session.h)
 * fed arbitrary messages, one per line of the input, in a session without
 * engine threads. After each: every reply is JSON, the state is JSON and the
 * game's position is consistent. */
#include <cjson/cJSON.h>

#include "fuzz_common.h"
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    struct gui_config cfg = {.no_threads = true};
    struct gui_session *s = gui_session_new(&cfg, must_be_json, NULL);
    FUZZ_REQUIRE(s);
    size_t start = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && data[i] != '\n')
            continue;
        gui_session_handle(s, (const char *)data + start, i - start, must_be_json, NULL);
        start = i + 1;
    }
    char *state = gui_session_state(s);
    FUZZ_REQUIRE(state);
    must_be_json(NULL, state, strlen(state));
    free(state);
    gui_session_free(s); /* its game's settings go with it */
    return 0;
}
