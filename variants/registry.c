#include <stdio.h>
#include <string.h>

#include "variants/betza.h"
#include "variants/registry.h"

static const struct game_decl *const registry[] = {
    &normal_game,
    &dialectic_game,
    &hegelian_game,
    &interweave_game,
    &polypiece_game,
    &polypiece_phased_game,
    &interdependent_game,
    &nickdanger_game,
    &pickle_game,
    &shifted_game,
};

#define REGISTRY_SIZE ((int)(sizeof registry / sizeof registry[0]))

int variant_count(void) { return REGISTRY_SIZE; }

const struct game_decl *game_at(int i) { return i >= 0 && i < REGISTRY_SIZE ? registry[i] : NULL; }

const struct variant *variant_at(int i) { return i >= 0 && i < REGISTRY_SIZE ? registry[i]->variant : NULL; }

const struct variant *variant_find(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (strcmp(registry[i]->variant->id, id) == 0)
            return registry[i]->variant;
    return NULL;
}

const struct game_decl *game_of(const struct variant *v)
{
    static const struct game_decl undeclared = {0};
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (registry[i]->variant == v)
            return registry[i];
    return &undeclared;
}

static int check_geometry(const struct variant *v, char *err, size_t errlen)
{
    const struct geometry *g = &v->geo;
    if (g->files < 1 || g->files > BOARD_MAX_COLS || g->ranks < 1 || g->ranks > BOARD_MAX_RANKS) {
        snprintf(err, errlen, "variant %s: board %dx%d does not fit the mailbox", v->id, g->files, g->ranks);
        return -1;
    }
    for (int f = 0; f < g->files; f++) {
        int col = g->file_col[f];
        if (col < 0 || col >= BOARD_MAX_COLS || (f > 0 && col <= g->file_col[f - 1])) {
            snprintf(err, errlen, "variant %s: file %c has a bad column %d", v->id, 'a' + f, col);
            return -1;
        }
    }
    return 0;
}

static int check_entry(const struct variant *v, char *err, size_t errlen)
{
    if (!v->id || !v->title || !v->start_fen || !v->piece_letters) {
        snprintf(err, errlen, "variant %s: missing id, title, start FEN or piece letters", v->id ? v->id : "?");
        return -1;
    }
    if (!v->generate || !v->make || !v->unmake || !v->in_check || !v->is_capture || !v->outcome ||
        !v->format_step || !v->evaluate) {
        snprintf(err, errlen, "variant %s: a required rule hook is missing", v->id);
        return -1;
    }
    if (v->ext_size < 0 || v->ext_size > EXT_STATE_SIZE || (v->ext_size > 0 && !v->ext_key)) {
        snprintf(err, errlen, "variant %s: bad variant state size %d or no key for it", v->id, v->ext_size);
        return -1;
    }
    if ((int)strlen(v->piece_letters) > MAX_TYPES || v->royal_type >= (int)strlen(v->piece_letters)) {
        snprintf(err, errlen, "variant %s: bad piece letters or royal type", v->id);
        return -1;
    }
    if (v->has_san && (!v->steps_are_turns || !strchr(v->piece_letters, 'P'))) {
        snprintf(err, errlen, "variant %s: SAN needs single-step turns and a Pawn 'P'", v->id);
        return -1;
    }
    for (int i = 0; i < REGISTRY_SIZE && registry[i]->variant != v; i++)
        if (strcmp(registry[i]->variant->id, v->id) == 0) {
            snprintf(err, errlen, "variant %s: listed twice", v->id);
            return -1;
        }
    return check_geometry(v, err, errlen);
}

/* The declared pieces: one per letter of the entry, named, with a Betza power that compiles. */
static int check_pieces(const struct game_decl *g, char *err, size_t errlen)
{
    const struct variant *v = g->variant;
    int letters = (int)strlen(v->piece_letters);
    for (int t = 1; t < MAX_TYPES; t++) {
        const struct piece_decl *p = &g->pieces[t];
        char want = t < letters ? v->piece_letters[t] : '\0';
        if (p->letter != want || (want && !p->name)) {
            snprintf(err, errlen, "variant %s: piece %d is declared as '%c', the entry's letter is '%c'", v->id, t,
                     p->letter ? p->letter : '-', want ? want : '-');
            return -1;
        }
        char msg[128];
        struct betza_power power;
        if (p->betza && betza_compile(p->betza, 0, &power, msg, sizeof msg)) {
            snprintf(err, errlen, "variant %s: piece %c: %s", v->id, want, msg);
            return -1;
        }
    }
    return 0;
}

static bool is_square(const struct geometry *geo, const char *name)
{
    const char *s = name;
    return name && geo_parse_square(geo, &s) != NO_SQUARE && *s == '\0';
}

/* Promotion letters among the pieces; castling squares on the board, and only where the entry has castling. */
static int check_promotion_castling(const struct game_decl *g, char *err, size_t errlen)
{
    const struct variant *v = g->variant;
    for (const char *c = g->promotion; c && *c; c++)
        if (*c == '.' || !strchr(v->piece_letters, *c)) {
            snprintf(err, errlen, "variant %s: promotion to '%c', which is no piece of the game", v->id, *c);
            return -1;
        }
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        const struct castle_decl *c = &g->castling[i];
        bool declared = c->king_from || c->king_to || c->rook_from || c->rook_to;
        bool valid = is_square(&v->geo, c->king_from) && is_square(&v->geo, c->king_to) &&
                     is_square(&v->geo, c->rook_from) && is_square(&v->geo, c->rook_to);
        if (declared != v->has_castling || (declared && !valid)) {
            snprintf(err, errlen, "variant %s: castling right %d is %s", v->id, i,
                     declared ? (valid ? "declared in a game without castling" : "not four squares of the board")
                              : "missing");
            return -1;
        }
    }
    return 0;
}

int game_decl_check(const struct game_decl *g, char *err, size_t errlen)
{
    if (!g->variant) {
        snprintf(err, errlen, "a declaration without an entry");
        return -1;
    }
    if (check_entry(g->variant, err, errlen) || check_pieces(g, err, errlen) ||
        check_promotion_castling(g, err, errlen))
        return -1;
    if (!g->rules_card || !g->rules_doc) {
        snprintf(err, errlen, "variant %s: no rules card or rules document declared", g->variant->id);
        return -1;
    }
    const struct xboard_setup *xs = g->xboard;
    if (xs && (xs->files != g->variant->geo.files || xs->ranks != g->variant->geo.ranks)) {
        snprintf(err, errlen, "variant %s: XBoard's board is %dx%d, the game's %dx%d", g->variant->id, xs->files,
                 xs->ranks, g->variant->geo.files, g->variant->geo.ranks);
        return -1;
    }
    return 0;
}

int variant_check_all(char *err, size_t errlen)
{
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (game_decl_check(registry[i], err, errlen))
            return -1;
    return 0;
}
