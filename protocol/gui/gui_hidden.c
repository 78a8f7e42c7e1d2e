/* The referee of a game played with a hidden setting (variant.hidden,
 * docs/rules/partial-shifted-square.md): the value is drawn when the game
 * starts and kept in the session's game, which plays by it; until the game
 * ends the pages are shown the position through the view's describe_hidden,
 * the turns as coordinates, and as legal turns those a player may try (legal
 * under some value that agrees with the board everybody sees). A tried turn
 * the game's rules do not allow is refused to its sender only: a page's
 * with "no such turn", an engine's with `Illegal move (no such turn)`
 * (gui_engines.c), the engine told only `NAME=hidden`. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "variants/core/fen.h"
#include "protocol/gui/gui_internal.h"
#include "protocol/gui/gui_json.h"

bool gui_hidden_asked(const struct variant *v, const cJSON *options)
{
    if (!v->hidden || !cJSON_IsObject(options))
        return false;
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(options, v->hidden->option);
    return cJSON_IsString(o) && strcmp(o->valuestring, GUI_HIDDEN_VALUE) == 0;
}

bool gui_hidden_now(const struct gui_session *s) { return s->hidden && !s->over; }

/* splitmix64: the seeded draws of tests. */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* getentropy, not getrandom: the browser build's libc (Emscripten) has it
 * too, and this file is built there (where a hidden game is refused). */
static int random_u64(uint64_t *out) { return getentropy(out, sizeof *out) ? -1 : 0; }

int gui_hidden_value(const struct gui_session *s, const struct variant *v, char *out, size_t n, char *err,
                     size_t errlen)
{
    const struct hidden_setting *h = v->hidden;
    uint64_t r;
    if (s->cfg.hidden_seed)
        r = mix(s->cfg.hidden_seed + s->game_number + 1); /* the number the new game gets */
    else if (random_u64(&r)) {
        snprintf(err, errlen, "no random source to draw the hidden %s", h->option);
        return -1;
    }
    /* Uniform: 2^64 mod count is below 2^-50 of the draws for any count this small. */
    h->value((int)(r % (uint64_t)h->count), out, n);
    return 0;
}

/* Do a and b show the same pieces on the same cells? */
static bool same_pieces(const struct board_view *a, const struct board_view *b)
{
    if (a->piece_count != b->piece_count)
        return false;
    for (int i = 0; i < a->piece_count; i++)
        if (strcmp(a->piece[i].square, b->piece[i].square) != 0 || a->piece[i].color != b->piece[i].color ||
            a->piece[i].letter != b->piece[i].letter)
            return false;
    return true;
}

/* Adds to out the legal turns of the game's position under every value of
 * the hidden setting under which the position reads as the players see it. */
static int add_candidates(struct gui_session *s, const struct board_view *seen, struct view_turns *out)
{
    const struct game *g = &s->game;
    const struct hidden_setting *h = g->variant->hidden;
    struct game *cand = malloc(sizeof *cand);
    struct board_view *view = malloc(sizeof *view);
    if (!cand || !view || game_init(cand)) {
        free(cand);
        free(view);
        return -1;
    }
    char fen[FEN_MAX_LEN], value[GAME_OPTION_LEN], err[VARIANT_ERR_LEN];
    fen_write(g->pos, fen, sizeof fen);
    game_copy_options(cand, g);
    int rc = 0;
    for (int i = 0; i < h->count && rc == 0; i++) {
        h->value(i, value, sizeof value);
        if (game_set_option(cand, h->option, value, err, sizeof err) ||
            game_new(cand, g->variant, fen, err, sizeof err))
            continue; /* the position cannot stand under this value (a piece on its removed square) */
        view_describe_hidden(cand->pos, view);
        if (same_pieces(seen, view))
            rc = view_turns_add(out, cand->pos);
    }
    game_free(cand);
    free(cand);
    free(view);
    return rc;
}

int gui_hidden_turns(struct gui_session *s, const struct board_view *seen, struct view_turns *out)
{
    view_turns_start(out);
    if (add_candidates(s, seen, out)) {
        view_turns_free(out);
        return -1;
    }
    return view_turns_finish(out);
}

void gui_hidden_settings_text(const struct gui_session *s, char *out, size_t n)
{
    const struct game *g = &s->game;
    if (!gui_hidden_now(s)) {
        settings_text(&g->settings, out, n);
        return;
    }
    snprintf(out, n, "%s=%s", g->variant->hidden->option, GUI_HIDDEN_VALUE);
}

int gui_hidden_player_check(const struct gui_session *s, const char *id, char *err, size_t errlen)
{
    if (gui_player_is_human(id))
        return 0;
    int n = gui_engine_index(s, id);
    char name[128];
    gui_player_name(s, id, name, sizeof name);
    if (n < 0) {
        snprintf(err, errlen, "%s (%s) is a built-in player, which would read the hidden setting: a game with a "
                 "hidden setting is for people and CECP engines", name, id);
        return -1;
    }
    if (s->engine_info[n].protocol == PROTO_UCI) {
        snprintf(err, errlen, "%s (%s) speaks UCI, which cannot tell an engine that its turn is refused: a game "
                 "with a hidden setting is for people and CECP engines", name, id);
        return -1;
    }
    return 0;
}

void gui_hidden_option_texts(const struct gui_session *s, struct game_option_texts *out)
{
    gui_game_option_texts(&s->game, out);
    if (!gui_hidden_now(s))
        return;
    const char *name = s->game.variant->hidden->option;
    size_t len = strlen(name);
    for (int i = 0; i < out->count; i++)
        if (strncmp(out->text[i], name, len) == 0 && out->text[i][len] == '=')
            snprintf(out->text[i], sizeof out->text[i], "%s=%s", name, GUI_HIDDEN_VALUE);
}
