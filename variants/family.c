/* Families: the games of game files made from their declarations (variants/family.h). */
#include "variants/family.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/core/settings.h"
#include "variants/ssq.h"
#include "variants/view.h"

#define FAMILY_PIECES 6 /* Pawn, four pieces, King: the chess types */
#define KING_INDEX 5     /* the King, the sixth piece of every family; promotion is to the pieces before it */

static const char *const glyphs[MAX_TYPES] = {NULL, "pawn", "knight", "bishop", "rook", "queen", "king"};

/* A Single Square family's rules value from its declaration and squares. */
typedef void *(*square_rules_fn)(const struct game_decl *g, const char *squares, char *err, size_t errlen);

struct family {
    const char *name;
    const struct variant *template; /* the built-in game whose hooks the family's games take */
    const char *rules_doc;          /* the family's rules page */
    bool powers_listed;             /* pieces move by power lists (Powers), not by a fixed Betza power */
    /* Single Square families: the field and setting naming the squares, and the rules value they make. */
    enum gamefile_field squares_field;
    const char *setting;
    square_rules_fn square_rules;
    /* Its pieces: how many, in which order (for refusals), and which of them
     * (bit per index after the Pawn) the family's code moves, declared without a power. */
    int pieces;
    const char *piece_order;
    unsigned code_moved;
    /* A family with its own C for checks and making (Nick Danger, Dialectic); NULL: the above. */
    int (*check)(const struct game_spec *s, char *err, size_t errlen);
    int (*make)(struct family_game *g, char *err, size_t errlen);
};

#define CHESS_ORDER "the Pawn, four pieces, the King, in this order"

static const struct family families[] = {
    {"chess", &chess_family_template, "normal", false, GF_FIELDS, NULL, NULL, FAMILY_PIECES, CHESS_ORDER, 0, NULL, NULL},
    {"polypiece", &polypiece_family_template, "polypiece", true, GF_FIELDS, NULL, NULL, FAMILY_PIECES, CHESS_ORDER, 0,
     NULL, NULL},
    {"pickle", &pickle_family_template, "pickle", false, GF_LINK, "Link", pickle_rules_create, FAMILY_PIECES,
     CHESS_ORDER, 0, NULL, NULL},
    {"shifted-square", &shifted_family_template, "shifted-square", false, GF_SHIFT, "Shift", shifted_rules_create,
     FAMILY_PIECES, CHESS_ORDER, 0, NULL, NULL},
    {"nickdanger", &nickdanger_family_template, "nickdanger", false, GF_FIELDS, NULL, NULL, FAMILY_PIECES, CHESS_ORDER,
     0, nickdanger_family_check, nickdanger_family_make},
    /* The Philosopher (piece 2) and the Great Philosopher (piece 7) move by the tokens. */
    {"dialectic", &dialectic_family_template, "dialectic", false, GF_FIELDS, NULL, NULL, FAMILY_PIECES + 1,
     "the Pawn, the Philosopher, three pieces, the King, the Great Philosopher, in this order", (1u << 1) | (1u << 6),
     dialectic_family_check, dialectic_family_make},
};

/* The fields only one family reads, and that family. */
static const char *const field_family[GF_FIELDS] = {
    [GF_POWERS] = "polypiece",
    [GF_PHASED] = "polypiece",
    [GF_LINK] = "pickle",
    [GF_SHIFT] = "shifted-square",
    [GF_BOARDS] = "nickdanger",
    [GF_LINK_PAIRS] = "nickdanger",
    [GF_LINKS] = "nickdanger",
    [GF_LINK_SQUARES] = "nickdanger",
    [GF_AFTER_LINKING] = "nickdanger",
    [GF_HEGELIAN] = "dialectic",
    [GF_DIALECTIC] = "dialectic",
};

#define FAMILY_COUNT ((int)(sizeof families / sizeof families[0]))

static const struct family *family_named(const char *name)
{
    for (int i = 0; i < FAMILY_COUNT; i++)
        if (strcmp(families[i].name, name) == 0)
            return &families[i];
    return NULL;
}

/* ---- The games' own hooks ---------------------------------------------------- */

static void chess_family_reset(struct position *pos) { pos->rules = &family_game_of(pos->variant)->chess; }

/* Polypiece and the Single Square families: the game's own rules value. */
static void own_rules_reset(struct position *pos) { pos->rules = family_game_of(pos->variant)->rules; }

static void *polypiece_family_rules_new(const struct variant *v, char *err, size_t errlen)
{
    const struct family_game *g = family_game_of(v);
    return polypiece_rules_create(&g->decl, g->spec.phased, g->option[0].default_value, err, errlen);
}

static void *square_family_rules_new(const struct variant *v, char *err, size_t errlen)
{
    const struct family_game *g = family_game_of(v);
    return g->square_rules(&g->decl, g->option[0].default_value, err, errlen);
}

/* ---- Checks of a declaration against its family ------------------------------ */

/* The family's pieces in its order, the first the Pawn (the family's, no
 * power); in the chess family each other with a Betza power, in Polypiece
 * none (the lists give them) and the orthodox letters, which Powers names;
 * the pieces the family's code moves (Dialectic's Philosophers) none. */
static int check_pieces(const struct game_spec *s, const struct family *f, char *err, size_t errlen)
{
    if (s->piece_count != f->pieces)
        return gamefile_refuse(s, GF_PIECE, err, errlen, "%d pieces (allowed: %d in the %s family: %s)",
                               s->piece_count, f->pieces, f->name, f->piece_order);
    if (s->pieces[0].betza[0])
        return gamefile_refuse(s, GF_PIECE, err, errlen,
                               "the Pawn (the first piece) has a power (allowed: none; it moves as the family's Pawn)");
    for (int i = 1; i < f->pieces; i++) {
        const struct gamefile_piece *p = &s->pieces[i];
        bool code_moved = f->code_moved & (1u << i);
        if (f->powers_listed && p->betza[0])
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "%c has a power (allowed: none in the %s family; the `powers` lists give them)",
                                   p->letter, f->name);
        if (code_moved && p->betza[0])
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "%c (piece %d) has a power (allowed: none for piece %d in the %s family: its "
                                   "code moves it)", p->letter, i + 1, i + 1, f->name);
        if (!f->powers_listed && !code_moved && !p->betza[0])
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "%c has no power (allowed: LETTER, NAME, BETZA in the %s family)", p->letter, f->name);
        if (f->powers_listed && p->letter != "PNBRQK"[i])
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "piece %d is %c (allowed: P N B R Q K in this order in the %s family, the "
                                   "letters its power lists name)",
                                   i + 1, p->letter, f->name);
    }
    return 0;
}

static int check_family_fields(const struct game_spec *s, const struct family *f, char *err, size_t errlen)
{
    if (s->files != 8 || s->ranks != 8)
        return gamefile_refuse(s, GF_BOARD, err, errlen, "%dx%d (allowed: 8x8 in the %s family)", s->files, s->ranks,
                               f->name);
    for (int i = 0; i < GF_FIELDS; i++)
        if (s->line[i] && field_family[i] && strcmp(field_family[i], f->name) != 0)
            return gamefile_refuse(s, (enum gamefile_field)i, err, errlen,
                                   "not a field of the %s family (allowed in: %s)", f->name, field_family[i]);
    if (check_pieces(s, f, err, errlen) || (f->check && f->check(s, err, errlen)))
        return -1;
    if (s->xboard_known && (strcmp(f->name, "chess") != 0 || strcmp(s->id, "normal") != 0))
        return gamefile_refuse(s, GF_XBOARD, err, errlen,
                               "known: XBoard knows no game '%s' of the %s family (allowed: setup; known: the "
                               "chess family's normal only)", s->id, f->name);
    for (const char *c = s->promotion; *c; c++) {
        int i = 1;
        while (i < KING_INDEX && s->pieces[i].letter != *c)
            i++;
        if (i == KING_INDEX)
            return gamefile_refuse(s, GF_PROMOTION, err, errlen,
                                   "'%c' (allowed: letters of the pieces between the Pawn and the King)", *c);
    }
    return 0;
}

/* ---- Making the game ----------------------------------------------------------- */

static void fill_pieces(struct family_game *g)
{
    const struct game_spec *s = &g->spec;
    int count = s->piece_count;
    g->letters[0] = '.';
    for (int i = 0; i < count; i++) {
        const struct gamefile_piece *p = &s->pieces[i];
        g->letters[i + 1] = p->letter;
        g->xboard_letters[i] = p->letter;
        g->xboard_letters[i + count] = (char)(p->letter - 'A' + 'a');
        g->decl.pieces[i + 1] = (struct piece_decl){p->letter, p->name, p->betza[0] ? p->betza : NULL, glyphs[i + 1]};
    }
    g->letters[count + 1] = '\0';
    g->xboard_letters[2 * count] = '\0';
}

/* The promotion as declared, else the pieces between Pawn and King, the last first (QRBN). */
static void fill_promotion(struct family_game *g)
{
    struct game_spec *s = &g->spec;
    if (!s->line[GF_PROMOTION])
        for (int i = KING_INDEX - 1, k = 0; i >= 1; i--)
            s->promotion[k++] = s->pieces[i].letter;
    g->decl.promotion = s->promotion[0] ? s->promotion : NULL;
}

static void fill_entry(struct family_game *g, const struct family *f)
{
    const struct game_spec *s = &g->spec;
    g->v = *f->template;
    g->v.owner = g;
    g->v.id = s->id;
    g->v.title = s->name;
    g->v.start_fen = s->start;
    g->v.piece_letters = g->letters;
    g->v.has_castling = s->castle_count > 0;
    g->v.has_san = f->template->has_san && s->pieces[0].letter == 'P'; /* SAN: the family's one-step turns */
    for (int i = 0; i < s->bench_count; i++)
        g->bench[i] = s->bench[i];
    if (!s->bench_count)
        g->bench[0] = s->start;
    g->v.bench_fens = g->bench;
    if (s->bench_depth)
        g->v.bench_depth = s->bench_depth;
    for (int i = 0; i < s->castle_count; i++)
        g->decl.castling[i] = (struct castle_decl){s->castle[i][0], s->castle[i][1], s->castle[i][2], s->castle[i][3]};
    g->decl.variant = &g->v;
    g->decl.rules_doc = s->rules[0] ? s->rules : f->rules_doc;
    if (s->card[0])
        snprintf(g->card, sizeof g->card, "%s", s->card);
    else
        snprintf(g->card, sizeof g->card, "<p>%s: a game of the %s family, declared in a game file.</p>", s->name,
                 f->name);
    g->decl.rules_card = g->card;
    g->xboard = (struct xboard_setup){.piece_to_char = g->xboard_letters, .files = f->template->geo.files,
                                      .ranks = f->template->geo.ranks, .parent = "fairy", .fen_fields = 6,
                                      .piece_lines = !f->powers_listed};
    g->decl.xboard = s->xboard_known ? NULL : &g->xboard;
}

/* The chess family: the declared Betza powers, fixed; orthodox chess's
 * dead position by material where the minor pieces and King are orthodox. */
static int make_chess(struct family_game *g)
{
    const struct game_spec *s = &g->spec;
    g->v.reset_rules = chess_family_reset;
    bool orthodox = strcmp(s->pieces[1].betza, "N") == 0 && strcmp(s->pieces[2].betza, "B") == 0 &&
                    strcmp(s->pieces[5].betza, "K") == 0;
    if (!orthodox)
        g->v.outcome = chess_outcome;
    chess_rules_declared(&g->chess, &g->decl);
    return 0;
}

static int make_polypiece(struct family_game *g, char *err, size_t errlen)
{
    const struct game_spec *s = &g->spec;
    g->v.reset_rules = own_rules_reset;
    g->v.rules_new = NULL;
    g->v.rules_new_for = polypiece_family_rules_new;
    g->option[0] = (struct variant_option){"Powers", "string",
                                           s->line[GF_POWERS] ? s->powers : POLYPIECE_DEFAULT_POWERS, NULL};
    g->v.options = g->option;
    g->decl.view = s->phased ? &polypiece_phased_view : &polypiece_view;
    char msg[VARIANT_ERR_LEN];
    g->rules = polypiece_rules_create(&g->decl, s->phased, g->option[0].default_value, msg, sizeof msg);
    if (!g->rules)
        return gamefile_refuse(s, GF_POWERS, err, errlen, "%s (allowed: %s)", msg, POWERS_ALLOWED);
    return 0;
}

/* Pickle and Shifted Square: the chess family's pieces (the declared Betza
 * powers) on the family's board, with the declared squares (`link`,
 * `shift`; Betza's e4=x5 when not given) as the default of its setting. */
static int make_square_family(struct family_game *g, const struct family *f, char *err, size_t errlen)
{
    const struct game_spec *s = &g->spec;
    g->v.reset_rules = own_rules_reset;
    g->v.rules_new = NULL;
    g->v.rules_new_for = square_family_rules_new;
    g->square_rules = f->square_rules;
    g->option[0] = (struct variant_option){f->setting, "string", s->line[f->squares_field] ? s->squares : SSQ_DEFAULT,
                                           NULL};
    g->v.options = g->option;
    g->decl.view = &ssq_view;
    char msg[VARIANT_ERR_LEN];
    g->rules = f->square_rules(&g->decl, g->option[0].default_value, msg, sizeof msg);
    if (!g->rules)
        return gamefile_refuse(s, f->squares_field, err, errlen, "%s", msg);
    return 0;
}

/* The start and bench positions read as positions of the game. */
static int check_positions(const struct family_game *g, char *err, size_t errlen)
{
    struct position *pos = malloc(sizeof *pos);
    struct settings st;
    char msg[VARIANT_ERR_LEN];
    if (!pos || settings_init(&st, &g->v, msg, sizeof msg)) {
        free(pos);
        return gamefile_refuse(&g->spec, GF_START, err, errlen, "out of memory");
    }
    int rc = 0;
    if (fen_read_with(pos, &st, g->spec.start, msg, sizeof msg))
        rc = gamefile_refuse(&g->spec, GF_START, err, errlen, "%s (allowed: a FEN of the game)", msg);
    for (int i = 0; !rc && i < g->spec.bench_count; i++)
        if (fen_read_with(pos, &st, g->spec.bench[i], msg, sizeof msg))
            rc = gamefile_refuse(&g->spec, GF_BENCH, err, errlen, "position %d: %s (allowed: a FEN of the game)",
                                 i + 1, msg);
    settings_free(&st);
    free(pos);
    return rc;
}

const struct game_decl *family_build(const struct game_spec *spec, const char *path, char *err, size_t errlen)
{
    const struct family *f = family_named(spec->family);
    if (!f) {
        char list[128];
        size_t len = 0;
        for (int i = 0; i < FAMILY_COUNT; i++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", families[i].name);
        gamefile_refuse(spec, GF_FAMILY, err, errlen, "'%s' (allowed: %s)", spec->family, list);
        return NULL;
    }
    if (check_family_fields(spec, f, err, errlen))
        return NULL;
    struct family_game *g = calloc(1, sizeof *g);
    if (!g) {
        gamefile_refuse(spec, GF_FAMILY, err, errlen, "out of memory");
        return NULL;
    }
    g->spec = *spec;
    snprintf(g->path, sizeof g->path, "%s", path);
    fill_pieces(g);
    fill_promotion(g);
    fill_entry(g, f);
    char msg[VARIANT_ERR_LEN];
    int rc = game_decl_check(&g->decl, msg, sizeof msg);
    if (rc)
        gamefile_refuse(spec, strstr(msg, "castling") ? GF_CASTLING : strstr(msg, "promotion") ? GF_PROMOTION : GF_PIECE,
                        err, errlen, "%s", msg);
    else
        rc = f->make             ? f->make(g, err, errlen)
             : f->powers_listed  ? make_polypiece(g, err, errlen)
             : f->square_rules   ? make_square_family(g, f, err, errlen)
                                 : make_chess(g);
    if (!rc)
        rc = check_positions(g, err, errlen);
    if (rc) {
        family_free(&g->decl);
        return NULL;
    }
    return &g->decl;
}

void family_free(const struct game_decl *decl)
{
    if (!decl)
        return;
    struct family_game *g = (struct family_game *)(void *)(uintptr_t)decl->variant;
    if (g->rules && g->v.rules_free)
        g->v.rules_free(g->rules);
    free(g);
}
