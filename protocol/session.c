/* Picks the protocol from the first line of input: `xboard` (CECP), `uci`,
 * or anything else for the console, which runs that line as its first
 * command. */
#include "protocol/session.h"

#include <stdlib.h>
#include <string.h>

#include "protocol/console.h"
#include "protocol/game.h"
#include "variants/core/text.h"
#include "protocol/uci.h"
#include "protocol/writer.h"
#include "protocol/xboard.h"

struct engine *session_engine_new(const struct session_options *opts, size_t hash_mb)
{
    struct engine *e = engine_new(hash_mb);
    if (e && opts && opts->player != PLAYER_SEARCH)
        engine_set_player(e, opts->player, opts->seed);
    return e;
}

int session_engine_options(const struct session_options *opts, struct engine_settings *st, struct engine *e,
                           char *err, size_t errlen)
{
    for (int i = 0; opts && i < opts->engine_option_count; i++) {
        char why[VARIANT_ERR_LEN];
        int rc = engine_settings_set(st, e, opts->engine_option_name[i], opts->engine_option_value[i], why, sizeof why);
        if (rc) {
            snprintf(err, errlen, "option %s: %s", opts->engine_option_name[i],
                     rc > 0 ? "not an engine option" : why);
            return -1;
        }
    }
    return 0;
}

int session_apply_settings(const struct session_options *opts, struct game *g)
{
    char err[VARIANT_ERR_LEN];
    for (int i = 0; opts && i < opts->settings; i++)
        if (game_set_option(g, opts->setting_name[i], opts->setting_value[i], err, sizeof err))
            return -1;
    return 0;
}

int session_run(FILE *in, FILE *out, const struct session_options *opts)
{
    struct writer w;
    writer_init(&w, out);
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    if (text_read_line(&line, &cap, in) >= 0) {
        char *first = text_trim(line);
        if (strcmp(first, "xboard") == 0)
            rc = xboard_run(in, &w, opts);
        else if (strcmp(first, "uci") == 0)
            rc = uci_run(first, in, &w, opts);
        else
            rc = console_run(first, in, &w, opts);
    }
    free(line);
    writer_destroy(&w);
    return rc;
}
