#include "protocol/game.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/adjudicate.h"
#include "variants/core/error.h"
#include "variants/core/notation.h"


int game_init(struct game *g)
{
    memset(g, 0, sizeof *g);
    g->pos = malloc(sizeof *g->pos);
    if (!g->pos)
        return -1;
    char err[VARIANT_ERR_LEN];
    return game_new(g, variant_find("normal"), NULL, err, sizeof err);
}

void game_free(struct game *g)
{
    settings_free(&g->settings);
    free(g->pos);
    free(g->turns);
    memset(g, 0, sizeof *g);
}

static int game_restart(struct game *g, const char *fen, char *err, size_t errlen)
{
    if (fen_read_with(g->pos, &g->settings, fen, err, errlen))
        return -1;
    g->variant = g->settings.variant;
    snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
    g->count = 0;
    return 0;
}

/* The settings of a new game of v: the defaults and the options kept. */
static int settings_for(const struct game *g, const struct variant *v, struct settings *s, char *err, size_t errlen)
{
    if (settings_init(s, v, err, errlen))
        return -1;
    for (int i = 0; i < g->option_count; i++)
        if (settings_offers(v, g->options[i].name) &&
            settings_set(s, g->options[i].name, g->options[i].value, err, errlen)) {
            settings_free(s);
            return -1;
        }
    return 0;
}

int game_new(struct game *g, const struct variant *v, const char *fen, char *err, size_t errlen)
{
    if (!v)
        return error_set(err, errlen, "unknown variant");
    if (!fen)
        fen = v->start_fen;
    if (strlen(fen) >= sizeof g->start_fen)
        return error_set(err, errlen, "invalid FEN: too long");
    if (g->settings.variant == v)
        return game_restart(g, fen, err, errlen);
    struct settings fresh;
    if (settings_for(g, v, &fresh, err, errlen))
        return -1;
    if (fen_read_with(g->pos, &fresh, fen, err, errlen)) {
        settings_free(&fresh);
        return -1;
    }
    settings_free(&g->settings);
    g->settings = fresh;
    g->variant = v;
    snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
    g->count = 0;
    return 0;
}

int game_find_turn(struct game *g, const char *text, struct turn *out, char *err, size_t errlen)
{
    if (turn_read(g->pos, text, out) == 0)
        return 0;
    return error_set(err, errlen, "no legal turn is written so");
}

int game_play(struct game *g, const struct turn *t, char *err, size_t errlen)
{
    if (g->pos->ply + t->count > GAME_MAX_PLY)
        return error_set(err, errlen, "the game is too long to go on");
    if (g->count == g->capacity) {
        int cap = g->capacity ? 2 * g->capacity : 128;
        struct game_turn *grown = realloc(g->turns, (size_t)cap * sizeof *grown);
        if (!grown)
            return error_set(err, errlen, "out of memory");
        g->turns = grown;
        g->capacity = cap;
    }
    g->turns[g->count].turn = *t;
    g->turns[g->count].side = g->pos->side;
    turn_notation(g->pos, t, g->turns[g->count].notation, sizeof g->turns[g->count].notation);
    g->count++;
    turn_make(g->pos, t);
    return 0;
}

int game_play_text(struct game *g, const char *text, char *err, size_t errlen)
{
    struct turn t;
    if (game_find_turn(g, text, &t, err, errlen))
        return -1;
    return game_play(g, &t, err, errlen);
}

int game_undo(struct game *g)
{
    if (g->count == 0)
        return -1;
    g->count--;
    turn_unmake(g->pos, &g->turns[g->count].turn);
    return 0;
}

/* The rules of the end of a game are the arbiter's (variants/adjudicate.c):
 * the variant's own outcome, then repetition, then the fifty-move rule. */
struct outcome game_outcome(struct game *g) { return game_adjudicate(g->pos); }

int game_turns_by(const struct game *g, Color side)
{
    int n = 0;
    for (int i = 0; i < g->count; i++)
        n += g->turns[i].side == side;
    return n;
}

static const struct variant *variant_offering(const char *name)
{
    for (int i = 0; i < variant_count(); i++)
        if (settings_offers(variant_at(i), name))
            return variant_at(i);
    return NULL;
}

/* Checks the value on a variant that offers the option (the game's own when it does). */
static int set_or_check(struct game *g, const char *name, const char *value, char *err, size_t errlen)
{
    if (settings_offers(g->settings.variant, name))
        return settings_set(&g->settings, name, value, err, errlen);
    const struct variant *v = variant_offering(name);
    if (!v)
        return error_set(err, errlen, "no such option");
    struct settings probe;
    if (settings_init(&probe, v, err, errlen))
        return -1;
    int rc = settings_set(&probe, name, value, err, errlen);
    settings_free(&probe);
    return rc;
}

static int keep_option(struct game *g, const char *name, const char *value, char *err, size_t errlen)
{
    int i = 0;
    while (i < g->option_count && strcasecmp(g->options[i].name, name) != 0)
        i++;
    if (i == GAME_MAX_OPTIONS)
        return error_set(err, errlen, "too many options");
    if (strlen(name) >= sizeof g->options[i].name || strlen(value ? value : "") >= sizeof g->options[i].value)
        return error_set(err, errlen, "option text too long");
    snprintf(g->options[i].name, sizeof g->options[i].name, "%s", name);
    snprintf(g->options[i].value, sizeof g->options[i].value, "%s", value ? value : "");
    if (i == g->option_count)
        g->option_count++;
    return 0;
}

int game_set_option(struct game *g, const char *name, const char *value, char *err, size_t errlen)
{
    if (!name || !variant_offering(name))
        return error_set(err, errlen, "no such option");
    if (set_or_check(g, name, value, err, errlen) || keep_option(g, name, value, err, errlen))
        return -1;
    if (g->settings.variant && (g->count == 0 || (g->settings.variant->options_change_board &&
                                                 settings_offers(g->settings.variant, name)))) {
        char fen[FEN_MAX_LEN];
        snprintf(fen, sizeof fen, "%s", g->start_fen);
        if (game_restart(g, fen, err, errlen))
            game_restart(g, g->variant->start_fen, err, errlen);
    }
    return 0;
}

void game_copy_options(struct game *dst, const struct game *src)
{
    bool same = dst->option_count == src->option_count;
    for (int i = 0; same && i < src->option_count; i++)
        same = strcmp(dst->options[i].name, src->options[i].name) == 0 &&
               strcmp(dst->options[i].value, src->options[i].value) == 0;
    if (same)
        return;
    memcpy(dst->options, src->options, sizeof dst->options);
    dst->option_count = src->option_count;
    settings_free(&dst->settings);
    dst->settings.variant = NULL;
}

void game_print_board(const struct game *g, FILE *out)
{
    const struct position *pos = g->pos;
    const struct variant *v = g->variant;
    for (int rank = v->geo.ranks - 1; rank >= 0; rank--) {
        fprintf(out, " %d ", rank + 1);
        for (int file = 0; file < v->geo.files; file++) {
            Piece p = pos->board[geo_square(&v->geo, file, rank)];
            char c = '.';
            if (is_piece(p)) {
                c = v->piece_letters[piece_type(p)];
                if (piece_color(p) == BLACK)
                    c = (char)tolower((unsigned char)c);
            }
            fprintf(out, " %c", c);
        }
        fprintf(out, "\n");
    }
    fprintf(out, "   ");
    for (int file = 0; file < v->geo.files; file++)
        fprintf(out, " %c", 'a' + file);
    fprintf(out, "\n");
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    fprintf(out, "Variant: %s\nSide to move: %s\nFEN: %s\n", v->id, pos->side == WHITE ? "white" : "black", fen);
}
