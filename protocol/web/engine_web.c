/* Rule Zero in the browser: the engine of a Web Worker, which speaks CECP
 * to the in-browser session exactly as the engine process does natively
 * (protocol/web/js/engine-worker.js posts each input line here; what the
 * engine writes to standard output goes back line by line). Without threads
 * a search runs to its end inside the line that started it. */
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>

#include "variants/core/zobrist.h"
#include "variants/registry.h"
#include "protocol/xboard.h"

struct web_engine {
    struct writer out;
    struct session_options options;
    struct xboard *xb;
};

EMSCRIPTEN_KEEPALIVE struct web_engine *rz_engine_new(void)
{
    zobrist_init(); /* what main() does first natively */
    struct web_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    writer_init(&e->out, stdout);
    e->xb = xboard_new(&e->out, &e->options);
    if (!e->xb) {
        writer_destroy(&e->out);
        free(e);
        return NULL;
    }
    return e;
}

/* A game file the page opened (its name and text), before the first line:
 * its games join the engine's as they joined the session's. 0, or -1 when
 * refused (the session has refused it too, and said why). */
EMSCRIPTEN_KEEPALIVE int rz_engine_load_games(const char *name, const char *text)
{
    char err[VARIANT_ERR_LEN];
    return variant_load_text(name, text, err, sizeof err) < 0 ? -1 : 0;
}

/* One line of CECP; 0 once `quit` was read. */
EMSCRIPTEN_KEEPALIVE int rz_engine_line(struct web_engine *e, char *line)
{
    return xboard_line(e->xb, line) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void rz_engine_free(struct web_engine *e)
{
    if (!e)
        return;
    xboard_free(e->xb);
    writer_destroy(&e->out);
    free(e);
}
