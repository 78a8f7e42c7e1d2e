#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/betza.h"
#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/core_games.h"
#include "variants/family.h"
#include "variants/registry.h"

/* The built-in games, in this order (UCI's UCI_Variant list, CECP's
 * `feature variants`): a game whose C declares it, or the id of an entry of
 * the built-in game file (games/core.ini, compiled in: variants/core_games.h). */
static const struct builtin {
    const struct game_decl *decl;
    const char *core_id;
} builtins[] = {
    {NULL, "normal"},
    {NULL, "dialectic"},
    {NULL, "hegelian"},
    {&interweave_game, NULL},
    {NULL, "polypiece"},
    {NULL, "polypiece-phased"},
    {&interdependent_game, NULL},
    {NULL, "nickdanger"},
    {NULL, "pickle"},
    {NULL, "shifted-square"},
};

#define BUILTIN_COUNT ((int)(sizeof builtins / sizeof builtins[0]))

/* The built-in games made (the file's games from its text at first use;
 * made once, never freed), and the built-in file's problem if it had one
 * (variant_check_all reports it). */
static const struct game_decl *registry[BUILTIN_COUNT];
static int registry_size;
static char core_problem[VARIANT_ERR_LEN];
static pf_once_flag builtins_once = PF_ONCE_INIT;

/* The games of game files, after the built-in ones, in the order loaded
 * (variant_load_file; variant_unload_files empties the list). */
static const struct game_decl *loaded[REGISTRY_MAX_LOADED];
static int loaded_count;

/* The built-in file's games by id; false with the problem in core_problem. */
static bool make_core_games(const struct game_decl *made[BUILTIN_COUNT])
{
    struct game_spec *specs = malloc(GAMEFILE_MAX_GAMES * sizeof *specs);
    if (!specs)
        return error_set(core_problem, sizeof core_problem, "%s: out of memory", CORE_GAMES_NAME) == 0;
    int n = gamefile_read_text(CORE_GAMES_NAME, core_games_text, specs, GAMEFILE_MAX_GAMES, core_problem,
                               sizeof core_problem);
    bool ok = n > 0;
    for (int i = 0; ok && i < n; i++) {
        int slot = 0;
        while (slot < BUILTIN_COUNT && !(builtins[slot].core_id && strcmp(builtins[slot].core_id, specs[i].id) == 0))
            slot++;
        if (slot == BUILTIN_COUNT)
            ok = error_set(core_problem, sizeof core_problem, "%s:%d: id: '%s' is no built-in game (allowed: %s)",
                           CORE_GAMES_NAME, specs[i].section_line, specs[i].id,
                           "the ids of variants/registry.c's list") == 0;
        else if (!made[slot])
            ok = (made[slot] = family_build(&specs[i], CORE_GAMES_NAME, core_problem, sizeof core_problem)) != NULL;
    }
    free(specs);
    return ok;
}

/* The built-in games in their order; one the built-in file failed to make is left out. */
static void make_builtins(void)
{
    const struct game_decl *made[BUILTIN_COUNT] = {0};
    make_core_games(made);
    for (int i = 0; i < BUILTIN_COUNT; i++) {
        const struct game_decl *g = builtins[i].decl ? builtins[i].decl : made[i];
        if (g)
            registry[registry_size++] = g;
        else if (!core_problem[0])
            error_set(core_problem, sizeof core_problem, "%s: the built-in game '%s' is not declared",
                      CORE_GAMES_NAME, builtins[i].core_id);
    }
}

static int builtin_count(void)
{
    pf_once(&builtins_once, make_builtins);
    return registry_size;
}

/* The registered games without making the built-in ones (while they are made). */
static int count_made(void) { return registry_size + loaded_count; }

static const struct game_decl *made_at(int i)
{
    if (i >= 0 && i < registry_size)
        return registry[i];
    return i >= registry_size && i < count_made() ? loaded[i - registry_size] : NULL;
}

int variant_count(void) { return builtin_count() + loaded_count; }

const struct game_decl *game_at(int i)
{
    builtin_count();
    return made_at(i);
}

const struct variant *variant_at(int i)
{
    const struct game_decl *g = game_at(i);
    return g ? g->variant : NULL;
}

static int index_of_id(const char *id)
{
    for (int i = 0; id && i < variant_count(); i++)
        if (strcmp(game_at(i)->variant->id, id) == 0)
            return i;
    return -1;
}

const struct variant *variant_find(const char *id) { return variant_at(index_of_id(id)); }

const struct game_decl *game_of(const struct variant *v)
{
    static const struct game_decl undeclared = {0};
    for (int i = 0; i < variant_count(); i++)
        if (game_at(i)->variant == v)
            return game_at(i);
    return &undeclared;
}

/* A game of `path` already loaded from that same file is not loaded again;
 * another game of that id is refused. 1: skip it, 0: load it, -1: refused. */
static int loaded_before(const struct game_spec *s, const char *path, char *err, size_t errlen)
{
    int i = index_of_id(s->id);
    if (i < 0)
        return 0;
    if (i >= builtin_count() && strcmp(family_game_of(game_at(i)->variant)->path, path) == 0)
        return 1;
    return error_set(err, errlen, "%s:%d: id: '%s' is already a game (allowed: an id no other game has)", s->file,
                     s->section_line, s->id);
}

/* Registers the n games of specs (read from `path`): all, or none. */
static int register_specs(const struct game_spec *specs, int n, const char *path, char *err, size_t errlen)
{
    const struct game_decl *made[GAMEFILE_MAX_GAMES];
    int count = 0, rc = 0;
    for (int i = 0; rc == 0 && i < n; i++) {
        int before = loaded_before(&specs[i], path, err, errlen);
        if (before < 0 || (before == 0 && !(made[count++] = family_build(&specs[i], path, err, errlen))))
            rc = -1;
    }
    if (rc == 0 && loaded_count + count > REGISTRY_MAX_LOADED)
        rc = error_set(err, errlen, "%s: more than %d games loaded from files", path, REGISTRY_MAX_LOADED);
    for (int i = 0; i < count; i++)
        if (rc == 0)
            loaded[loaded_count++] = made[i];
        else
            family_free(made[i]);
    return rc == 0 ? count : -1;
}

/* Reads the games of a file (text NULL) or of text named `path`, and registers them. */
static int load(const char *path, const char *text, char *err, size_t errlen)
{
    struct game_spec *specs = malloc(GAMEFILE_MAX_GAMES * sizeof *specs);
    if (!specs)
        return error_set(err, errlen, "%s: out of memory", path);
    int n = text ? gamefile_read_text(path, text, specs, GAMEFILE_MAX_GAMES, err, errlen)
                 : gamefile_read(path, specs, GAMEFILE_MAX_GAMES, err, errlen);
    int rc = n < 0 ? -1 : register_specs(specs, n, path, err, errlen);
    free(specs);
    return rc;
}

int variant_load_file(const char *path, char *err, size_t errlen) { return load(path, NULL, err, errlen); }

int variant_load_text(const char *name, const char *text, char *err, size_t errlen)
{
    return load(name, text, err, errlen);
}

void variant_unload_files(void)
{
    for (int i = 0; i < loaded_count; i++)
        family_free(loaded[i]);
    loaded_count = 0;
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
    for (int i = 0; i < count_made() && made_at(i)->variant != v; i++)
        if (strcmp(made_at(i)->variant->id, v->id) == 0) {
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
    if (builtin_count() < BUILTIN_COUNT || core_problem[0])
        return error_set(err, errlen, "%s", core_problem);
    for (int i = 0; i < variant_count(); i++)
        if (game_decl_check(game_at(i), err, errlen))
            return -1;
    return 0;
}

const char *variant_file_of(const struct variant *v)
{
    for (int i = builtin_count(); i < variant_count(); i++)
        if (game_at(i)->variant == v)
            return family_game_of(v)->path;
    return NULL;
}
