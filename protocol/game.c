#include "protocol/game.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/adjudicate.h"

static int fail(char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return -1;
}

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
    free(g->pos);
    free(g->turns);
    memset(g, 0, sizeof *g);
}

int game_new(struct game *g, const struct variant *v, const char *fen, char *err, size_t errlen)
{
    if (!v)
        return fail(err, errlen, "unknown variant");
    if (!fen)
        fen = v->start_fen;
    if (strlen(fen) >= sizeof g->start_fen)
        return fail(err, errlen, "invalid FEN: too long");
    if (fen_read(g->pos, v, fen, err, errlen))
        return -1;
    g->variant = v;
    snprintf(g->start_fen, sizeof g->start_fen, "%s", fen);
    g->count = 0;
    return 0;
}

int game_find_turn(struct game *g, const char *text, struct turn *out, char *err, size_t errlen)
{
    if (turn_parse(g->pos, text, out) == 0)
        return 0;
    return fail(err, errlen, "no legal turn is written so");
}

int game_play(struct game *g, const struct turn *t, char *err, size_t errlen)
{
    if (g->pos->ply + t->count > GAME_MAX_PLY)
        return fail(err, errlen, "the game is too long to go on");
    if (g->count == g->capacity) {
        int cap = g->capacity ? 2 * g->capacity : 128;
        struct game_turn *grown = realloc(g->turns, (size_t)cap * sizeof *grown);
        if (!grown)
            return fail(err, errlen, "out of memory");
        g->turns = grown;
        g->capacity = cap;
    }
    g->turns[g->count].turn = *t;
    g->turns[g->count].side = g->pos->side;
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

/* The rules of the end of a game are the arbiter's (engine/adjudicate.c):
 * the variant's own outcome, then repetition, then the fifty-move rule. */
struct outcome game_outcome(struct game *g) { return game_adjudicate(g->pos); }

int game_turns_by(const struct game *g, Color side)
{
    int n = 0;
    for (int i = 0; i < g->count; i++)
        n += g->turns[i].side == side;
    return n;
}

static bool variant_has_option(const struct variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcasecmp(v->options[i].name, name) == 0)
            return true;
    return false;
}

int game_set_option(struct game *g, const char *name, const char *value, char *err, size_t errlen)
{
    bool found = false;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        if (!v->set_option || !variant_has_option(v, name))
            continue;
        found = true;
        if (v->set_option(name, value, err, errlen))
            return -1;
    }
    if (!found)
        return fail(err, errlen, "no such option");
    if (g->count == 0) {
        char fen[FEN_MAX_LEN];
        snprintf(fen, sizeof fen, "%s", g->start_fen);
        if (game_new(g, g->variant, fen, err, errlen))
            game_new(g, g->variant, NULL, err, errlen);
    }
    return 0;
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
