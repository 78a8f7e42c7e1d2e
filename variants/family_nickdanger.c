/* The Nick Danger family: Nick Danger games declared in game files
 * (variants/family.h, docs/gamefiles.md). Board 0 is the orthodox 8x8 board
 * (the Kings' board, castling, promotion); boards 1 to 3 are 8x8 or smaller
 * (their files follow the previous board's, ranks 1.. from the corner),
 * linked only to their neighbours (link-pairs 0-1, 1-2, 2-3); the link
 * settings (`links`, `link-squares`, `after-linking`) are the defaults of the
 * game's settings Links, LinkSquares and AfterLinking, checked as those
 * settings are. */
#include <stdio.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/family.h"
#include "variants/nickdanger.h"
#include "variants/view.h"

static const char *const orthodox_powers[] = {"", "N", "B", "R", "Q", "K"};
/* Told to XBoard's user after the set-up (docs/winboard.md): its board shows no link. */
#define ND_XBOARD_LIMITS                                                                                       \
    "Rule Zero: XBoard cannot show or enter Nick Danger's links; a game goes wrong at the first link. Play it " \
    "in rulezero gui or the page"

/* The boards: `boards`, two 8x8 when not given. Returns their count. */
static int board_sizes(const struct game_spec *s, int files[ND_MAX_BOARDS], int ranks[ND_MAX_BOARDS])
{
    int count = s->board_count ? s->board_count : 2;
    for (int b = 0; b < count; b++) {
        files[b] = s->board_count ? s->boards[b][0] : 8;
        ranks[b] = s->board_count ? s->boards[b][1] : 8;
    }
    return count;
}

/* The link pairs must be the neighbours 0-1, 1-2, ... in this order, one pair fewer than boards. */
static int check_link_pairs(const struct game_spec *s, char *err, size_t errlen)
{
    int boards = s->board_count ? s->board_count : 2;
    for (int i = 0; i < s->link_pair_count; i++) {
        const int *p = s->link_pairs[i];
        if (s->link_pair_count != boards - 1 || p[0] != i || p[1] != i + 1) {
            if (boards == 2)
                return gamefile_refuse(s, GF_LINK_PAIRS, err, errlen,
                                       "%d-%d (allowed: 0-1, the one pair of two boards)", p[0], p[1]);
            return gamefile_refuse(s, GF_LINK_PAIRS, err, errlen,
                                   "%d-%d (allowed with %d boards: the neighbours 0-1, 1-2%s in this order)", p[0],
                                   p[1], boards, boards == 4 ? ", 2-3" : "");
        }
    }
    return 0;
}

/* More boards than two lie side by side, two sentinel columns apart (variants/nickdanger.h). */
static int columns_needed(const struct game_spec *s)
{
    int columns = 2 * (s->board_count - 1);
    for (int b = 0; b < s->board_count; b++)
        columns += s->boards[b][0];
    return columns;
}

int nickdanger_family_check(const struct game_spec *s, char *err, size_t errlen)
{
    if (s->line[GF_BOARD])
        return gamefile_refuse(s, GF_BOARD, err, errlen,
                               "not a field of the nickdanger family (allowed: boards = 8x8, FILESxRANKS)");
    if (s->line[GF_BOARDS] && s->board_count < 2)
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "%d board (allowed: 2 to %d in the nickdanger family, board 0 first)", s->board_count,
                               ND_MAX_BOARDS);
    if (s->line[GF_BOARDS] && (s->boards[0][0] != 8 || s->boards[0][1] != 8))
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "board 0 is %dx%d (allowed: 8x8, the Kings' board; board 1 may be smaller)",
                               s->boards[0][0], s->boards[0][1]);
    if (s->board_count > 2 && !s->line[GF_LINK_PAIRS])
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "%d boards without link-pairs (allowed: link-pairs = 0-1, 1-2%s with them)",
                               s->board_count, s->board_count == 4 ? ", 2-3" : "");
    if (check_link_pairs(s, err, errlen))
        return -1;
    if (s->board_count > 2 && columns_needed(s) > BOARD_MAX_COLS) {
        char sizes[64] = "";
        for (int b = 0, len = 0; b < s->board_count; b++)
            len += snprintf(sizes + len, sizeof sizes - (size_t)len, "%s%dx%d", b ? ", " : "", s->boards[b][0],
                            s->boards[b][1]);
        return gamefile_refuse(s, GF_BOARDS, err, errlen,
                               "%s: %d mailbox columns (allowed: at most %d, the boards' files and two between boards, "
                               "e.g. 8x8, 6x6, 4x4, 2x2)", sizes, columns_needed(s), BOARD_MAX_COLS);
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
    int files[ND_MAX_BOARDS], ranks[ND_MAX_BOARDS];
    int count = board_sizes(&g->spec, files, ranks);
    return nd_rules_create(&g->decl, count, files, ranks, values, err, errlen);
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
    int files[ND_MAX_BOARDS], ranks[ND_MAX_BOARDS];
    int count = board_sizes(s, files, ranks);
    bool same_size = true;
    int squares = 0;
    for (int b = 1; b < count; b++) {
        same_size = same_size && files[b] == 8 && ranks[b] == 8;
        squares += files[b] * ranks[b];
    }
    /* The built-in game's settings by default; smaller boards link by quadrant (Betza's note 3c1), at
     * most as many links as the boards after board 0 have squares. */
    int limit = squares < ND_LINK_SLOTS ? squares : ND_LINK_SLOTS;
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
    g->rules = nd_rules_create(&g->decl, count, files, ranks, values, msg, sizeof msg);
    if (!g->rules)
        return gamefile_refuse(s, setting_field(msg), err, errlen, "%s", msg);
    /* More boards than two: the files of all of them, a.. in order (XBoard draws them as one board). */
    nd_geometry(g->rules, &g->v.geo);
    g->xboard.files = g->v.geo.files;
    g->xboard.limits = ND_XBOARD_LIMITS;
    return 0;
}
