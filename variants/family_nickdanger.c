/* The Nick Danger family: Nick Danger games declared in game files
 * (variants/family.h, docs/gamefiles.md). Board 0 is the orthodox 8x8 board
 * (the Kings' board, castling, promotion); board 1 is 8x8 or smaller (its
 * files i.. and ranks 1.. from the corner i1); the link settings (`links`,
 * `link-squares`, `after-linking`) are the defaults of the game's settings
 * Links, LinkSquares and AfterLinking, checked as those settings are. */
#include <stdio.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/family.h"
#include "variants/nickdanger.h"
#include "variants/view.h"

#define ND_FAMILY_BOARDS 2 /* board 0 and board 1: more boards are not open yet */

static const char *const orthodox_powers[] = {"", "N", "B", "R", "Q", "K"};

/* Board 1's size: the second of `boards`, 8x8 when not given. */
static int board1_files(const struct game_spec *s) { return s->board_count ? s->boards[1][0] : 8; }
static int board1_ranks(const struct game_spec *s) { return s->board_count ? s->boards[1][1] : 8; }

int nickdanger_family_check(const struct game_spec *s, char *err, size_t errlen)
{
    if (s->line[GF_BOARD])
        return gamefile_refuse(s, GF_BOARD, err, errlen,
                               "not a field of the nickdanger family (allowed: boards = 8x8, FILESxRANKS)");
    if (s->line[GF_BOARDS] && s->board_count != ND_FAMILY_BOARDS)
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "%d boards (allowed: %d in the nickdanger family, board 0 and board 1; more boards are "
                               "not open yet)",
                               s->board_count, ND_FAMILY_BOARDS);
    if (s->line[GF_BOARDS] && (s->boards[0][0] != 8 || s->boards[0][1] != 8))
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "board 0 is %dx%d (allowed: 8x8, the Kings' board; board 1 may be smaller)",
                               s->boards[0][0], s->boards[0][1]);
    for (int i = 0; i < s->link_pair_count; i++) {
        const int *p = s->link_pairs[i];
        if (s->link_pair_count != 1 || p[0] + p[1] != 1)
            return gamefile_refuse(s, GF_LINK_PAIRS, err, errlen,
                                   "%d-%d (allowed: 0-1, the one pair of two boards)", p[0], p[1]);
    }
    for (int i = 1; i < (int)(sizeof orthodox_powers / sizeof orthodox_powers[0]); i++)
        if (strcmp(s->pieces[i].betza, orthodox_powers[i]) != 0)
            return gamefile_refuse(s, GF_PIECE, err, errlen,
                                   "%c moves as %s (allowed: N B R Q K in this order in the nickdanger family: its "
                                   "links and checks know the orthodox pieces only)",
                                   s->pieces[i].letter, s->pieces[i].betza);
    return 0;
}

static void nd_family_reset(struct position *pos) { pos->rules = family_game_of(pos->variant)->rules; }

static void settings_values(const struct family_game *g, const char *values[ND_SETTINGS])
{
    for (int i = 0; i < ND_SETTINGS; i++)
        values[i] = g->option[i].default_value;
}

static void *nd_family_rules_new(const struct variant *v, char *err, size_t errlen)
{
    const struct family_game *g = family_game_of(v);
    const char *values[ND_SETTINGS];
    settings_values(g, values);
    return nd_rules_create(&g->decl, board1_files(&g->spec), board1_ranks(&g->spec), values, err, errlen);
}

/* The field of a refused setting, from the setting's message ("LinkSquares: ..."). */
static enum gamefile_field setting_field(const char *msg)
{
    static const enum gamefile_field fields[ND_SETTINGS] = {GF_LINKS, GF_LINK_SQUARES, GF_AFTER_LINKING};
    for (int i = ND_SETTINGS - 1; i >= 0; i--)
        if (strncmp(msg, nd_setting_names[i], strlen(nd_setting_names[i])) == 0)
            return fields[i];
    return GF_BOARDS;
}

int nickdanger_family_make(struct family_game *g, char *err, size_t errlen)
{
    const struct game_spec *s = &g->spec;
    int files = board1_files(s), ranks = board1_ranks(s);
    bool same_size = files == 8 && ranks == 8;
    /* The built-in game's settings by default; a smaller board 1 links by quadrant (Betza's note 3c1), at
     * most as many links as it has squares. */
    int limit = files * ranks < ND_LINK_SLOTS ? files * ranks : ND_LINK_SLOTS;
    snprintf(g->links_range, sizeof g->links_range, "1 %d", limit);
    snprintf(g->links_default, sizeof g->links_default, "%d", limit < ND_DEFAULT_LINKS ? limit : ND_DEFAULT_LINKS);
    const char *defaults[ND_SETTINGS] = {g->links_default, same_size ? "same-rank" : "same-quadrant", "twinkle"};
    static const enum gamefile_field fields[ND_SETTINGS] = {GF_LINKS, GF_LINK_SQUARES, GF_AFTER_LINKING};
    const char *choices = same_size ? "same-rank /// same-square /// same-colour /// any /// same-quadrant"
                                    : "same-quadrant /// same-colour /// any";
    g->option[0] = (struct variant_option){"Links", "spin", NULL, g->links_range};
    g->option[1] = (struct variant_option){"LinkSquares", "combo", NULL, choices};
    g->option[2] = (struct variant_option){"AfterLinking", "combo", NULL, "twinkle /// remove"};
    for (int i = 0; i < ND_SETTINGS; i++)
        g->option[i].default_value = s->line[fields[i]] ? s->nd_settings[i] : defaults[i];
    g->v.options = g->option;
    g->v.option_count = ND_SETTINGS;
    g->v.reset_rules = nd_family_reset;
    g->v.rules_new = NULL;
    g->v.rules_new_for = nd_family_rules_new;
    g->decl.view = &nickdanger_view;
    char msg[VARIANT_ERR_LEN];
    const char *values[ND_SETTINGS];
    settings_values(g, values);
    g->rules = nd_rules_create(&g->decl, files, ranks, values, msg, sizeof msg);
    if (!g->rules)
        return gamefile_refuse(s, setting_field(msg), err, errlen, "%s", msg);
    return 0;
}
