/* Rule Zero: what the browser adds to the POSIX layer (variants/core/platform.h).
 * A WebAssembly module without threads runs a search on the thread that
 * reads the commands, so a command cannot stop it; instead the page may hand
 * the engine's Web Worker a shared flag (protocol/web/js/engine-worker.js),
 * which the search reads between nodes. With one thread, a plain flag makes
 * pf_once. */
#include "variants/core/platform.h"

#include <emscripten.h>

EM_JS(int, web_stop_flag_raised, (void), {
    return Module.rzStopRequested ? (Module.rzStopRequested() ? 1 : 0) : 0;
});

bool pf_stop_requested(void) { return web_stop_flag_raised() != 0; }

void pf_once(pf_once_flag *once, void (*fn)(void))
{
    if (!once->done) {
        once->done = true;
        fn();
    }
}
