/* Shared body of the CECP and UCI fuzz targets: the bytes, after a protocol's
 * opening line, are fed to a whole session on standard-input-like streams.
 * The session plays with the random baseline player, so `go` answers at once
 * and a run takes milliseconds; everything else (parsing, game state, setboard,
 * options, undo, highlight, perft) is the real code. */
#ifndef RULEZERO_FUZZ_SESSION_H
#define RULEZERO_FUZZ_SESSION_H

#include "fuzz_common.h"
#include "protocol/session.h"

static inline bool fuzz_contains(const uint8_t *data, size_t size, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, word, n) == 0)
            return true;
    return false;
}

static inline int fuzz_session(const char *opening, const uint8_t *data, size_t size)
{
    /* perft to any depth is legitimate, uninterruptible work (covered by the FEN
     * and move targets and the suites); skip it here so runs stay short. */
    if (size > 8192 || fuzz_contains(data, size, "perft"))
        return 0;
    fuzz_init();
    size_t head = strlen(opening);
    char *buf = malloc(head + size + 1);
    FUZZ_REQUIRE(buf != NULL);
    memcpy(buf, opening, head);
    memcpy(buf + head, data, size);
    buf[head + size] = '\0';
    FILE *in = fmemopen(buf, head + size, "r");
    FILE *out = fopen("/dev/null", "w");
    FUZZ_REQUIRE(in && out);
    /* A 1 MB hash table, not the default 16 MB (the session plays with the
     * random baseline player): clearing 16 MB at the session's start and at each `new`
     * was about a third of a run's CPU (perf: memset, the kernel's page clearing and
     * tt_clear; docs/performance.md, "Issue 43, fifth session"). An input's
     * own `memory` or `setoption name Hash` still resizes it. */
    struct session_options opts = {.player = PLAYER_RANDOM, .seed = 1, .engine_option_count = 1,
                                   .engine_option_name = {"Hash"}, .engine_option_value = {"1"}};
    session_run(in, out, &opts);
    fclose(in);
    fclose(out);
    free(buf);
    return 0;
}

#endif
