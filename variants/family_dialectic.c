/* The Dialectic family: Dialectic Chess games declared in game files
 * (variants/family.h, docs/gamefiles.md). Seven pieces: the Pawn, the
 * Philosopher (its powers from the tokens), three pieces and the King with
 * their Betza powers, the Great Philosopher (the tokens' leaps as rides); the
 * start FEN's field 7 puts the tokens. `hegelian = yes` lets the tokens share
 * a cell (the Synthesis) and gives the game Hegelian's setting Dialectic,
 * whose default is the `dialectic` field. */
#include <stdio.h>
#include <string.h>

#include "variants/dialectic.h"
#include "variants/family.h"
#include "variants/view.h"

enum { GREAT_INDEX = DIALECTIC_GREAT - 1 }; /* the Great Philosopher, the last declared piece */

int dialectic_family_check(const struct game_spec *s, char *err, size_t errlen)
{
    if (s->line[GF_DIALECTIC] && !s->hegelian)
        return gamefile_refuse(s, GF_DIALECTIC, err, errlen,
                               "'%s' without hegelian = yes (allowed: only in a Hegelian game, whose tokens may share "
                               "a cell)", s->dialectic);
    for (int i = 0; i < GREAT_INDEX; i++)
        if (s->pieces[i].letter == 'H')
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "H is piece %d (allowed: H only for the Great Philosopher, the last piece: XBoard "
                                   "draws it with the image H)", i + 1);
    return 0;
}

static void dialectic_family_reset(struct position *pos) { pos->rules = family_game_of(pos->variant)->rules; }

static void *dialectic_family_rules_new(const struct variant *v, char *err, size_t errlen)
{
    return dialectic_rules_copy(family_game_of(v)->rules, err, errlen);
}

/* XBoard's image order: P N B R Q, the fairy slots up to the Nightrider (H),
 * then the King; the Great Philosopher drawn as the Nightrider. */
static void xboard_images(struct family_game *g)
{
    const struct game_spec *s = &g->spec;
    static const char layout[] = "PNBRQ.......H........K";
    size_t half = sizeof layout - 1;
    for (size_t i = 0; i < half; i++) {
        char c = layout[i];
        const char *at = strchr("PNBRQ", c);
        char letter = at ? s->pieces[at - "PNBRQ"].letter : c == 'K' ? s->pieces[5].letter : c;
        g->xboard_letters[i] = letter;
        g->xboard_letters[half + i] = letter == '.' ? '.' : (char)(letter - 'A' + 'a');
    }
    g->xboard_letters[2 * half] = '\0';
    char great = s->pieces[GREAT_INDEX].letter;
    g->letter_map[0] = great;
    g->letter_map[1] = 'H';
    g->letter_map[2] = (char)(great - 'A' + 'a');
    g->letter_map[3] = 'h';
    g->letter_map[4] = '\0';
    g->xboard.letter_map = g->letter_map;
}

int dialectic_family_make(struct family_game *g, char *err, size_t errlen)
{
    const struct game_spec *s = &g->spec;
    g->v.reset_rules = dialectic_family_reset;
    g->v.rules_new = NULL;
    g->v.rules_new_for = NULL;
    g->v.option_count = 0;
    const char *dialectic = s->line[GF_DIALECTIC] ? s->dialectic : "square";
    if (s->hegelian) {
        g->option[0] = (struct variant_option){"Dialectic", "combo", dialectic, "square /// stair-step"};
        g->v.options = g->option;
        g->v.option_count = 1;
        g->v.rules_new_for = dialectic_family_rules_new;
    }
    g->decl.pieces[KNIGHT].glyph = NULL; /* the Philosophers: their letters */
    g->decl.pieces[DIALECTIC_GREAT].glyph = NULL;
    g->decl.view = &dialectic_view;
    g->decl.xboard_move = dialectic_xboard_move;
    g->decl.xboard_parse = dialectic_xboard_parse;
    xboard_images(g);
    char msg[VARIANT_ERR_LEN];
    g->rules = dialectic_rules_create(&g->decl, s->hegelian, dialectic, msg, sizeof msg);
    if (!g->rules)
        return gamefile_refuse(s, GF_DIALECTIC, err, errlen, "%s", msg);
    return 0;
}
