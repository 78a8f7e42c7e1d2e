/* Single Shifted Square Chess (Ralph Betza): orthodox chess on a board where
 * one square (setting `Shift`, default e4) is removed and one location beside
 * the board's edge (default x5, left of a5) is added as an ordinary square.
 * Pieces move on that shape as on any board: the removed square is a hole
 * that stops every slide and takes no piece, the added square is a neighbour
 * of the squares around it (lines through it go on where the board goes on).
 *
 * Representation (variants/ssq.h): the board sits in mailbox columns 1-8; the
 * removed square holds OFFBOARD, the added square (column 0 or 9) is a square
 * of the board array like any other, so the chess family's generator, pins,
 * counting, make and unmake play the game unchanged. What is code here: the
 * setting, FEN field 7 (what stands on the added square: a piece letter or
 * `-`; the removed square is written as empty in the placement), its key and
 * the names x1-x8, z1-z8. Rules: docs/rules/shifted-square.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/nnue_state.h"
#include "variants/family.h"
#include "variants/ssq.h"

/* The removed square is empty in the start position: ranks 3 to 6. */
#define SHIFT_MIN_RANK 3
#define SHIFT_MAX_RANK 6

static const struct variant_option shifted_options[] = {
    {"Shift", "string", SSQ_DEFAULT, NULL},
};

void *shifted_rules_create(const struct game_decl *g, const char *shift, char *err, size_t errlen)
{
    return ssq_rules_create(g, "Shift", shift, SHIFT_MIN_RANK, SHIFT_MAX_RANK, err, errlen);
}

static void shifted_rules_free(void *rules) { free(rules); }

static int shifted_set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    if (name && strcasecmp(name, "Shift") == 0)
        return ssq_parse_pair(rules, "Shift", value, SHIFT_MIN_RANK, SHIFT_MAX_RANK, err, errlen);
    return error_set(err, errlen, "unknown option '%s'", name ? name : "");
}

static void shifted_get_option(const void *rules, const char *name, char *out, size_t n)
{
    if (name && strcasecmp(name, "Shift") == 0)
        ssq_pair_text(rules, out, n);
    else if (n)
        out[0] = '\0';
}

/* ---- Partial information: every Shift a game may be given ---------------------------- */

/* The removed square on ranks 3 to 6 (32), the added one x1-x8 or z1-z8 (16). */
#define SHIFT_REMOVED_COUNT (8 * (SHIFT_MAX_RANK - SHIFT_MIN_RANK + 1))
#define SHIFT_VALUE_COUNT (SHIFT_REMOVED_COUNT * 16)

static void shift_value(int index, char *out, size_t n)
{
    int removed = index % SHIFT_REMOVED_COUNT, added = index / SHIFT_REMOVED_COUNT;
    snprintf(out, n, "%c%d=%c%d", 'a' + removed % 8, SHIFT_MIN_RANK + removed / 8, added < 8 ? 'x' : 'z',
             1 + added % 8);
}

static const struct hidden_setting shifted_hidden = {"Shift", SHIFT_VALUE_COUNT, shift_value};

/* ---- FEN field 7: the added square ------------------------------------------------ */

static int read_added(struct position *pos, const char *field, char *err, size_t errlen)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    const char *letters = pos->variant->piece_letters;
    if (strcmp(field, "-") == 0)
        return 0;
    char upper = (char)(field[0] & ~0x20);
    const char *at = field[0] && !field[1] && upper != '.' ? strchr(letters, upper) : NULL;
    if (!at) {
        char name[4];
        ssq_square_name(r->added_sq, name);
        return error_set(err, errlen, "invalid FEN: field 7 (%s, the added square): '%s': expected a piece letter "
                                      "(PNBRQK, pnbrqk for Black) or '-'", name, field);
    }
    pos_put(pos, r->added_sq, make_piece(field[0] == upper ? WHITE : BLACK, (int)(at - letters)));
    return 0;
}

static int shifted_read_extra(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    char name[4];
    ssq_square_name(r->board_sq, name);
    if (pos->board[r->board_sq] != EMPTY)
        return error_set(err, errlen, "invalid FEN: field 1 (placement): %s is removed from the board and must be empty",
                         name);
    if (n > 1)
        return error_set(err, errlen, "invalid FEN: field 8: unexpected '%s'", fields[1]);
    pos->board[r->board_sq] = OFFBOARD;
    pos->board[r->added_sq] = EMPTY;
    return n == 1 ? read_added(pos, fields[0], err, errlen) : 0;
}

static void shifted_write_extra(const struct position *pos, char *out, size_t n)
{
    Piece p = pos->board[ssq_rules_of(pos)->added_sq];
    char letter = pos->variant->piece_letters[piece_type(p)];
    snprintf(out, n, "%c", p == EMPTY ? '-' : piece_color(p) == WHITE ? letter : (char)(letter | 0x20));
}

/* The added square is outside the 8x8 frame the core keys from scratch. */
static uint64_t shifted_ext_key(const struct position *pos)
{
    Square sq = ssq_rules_of(pos)->added_sq;
    Piece p = pos->board[sq];
    return is_piece(p) ? zobrist.piece[piece_index(p)][sq] : 0;
}

static bool shifted_state_ok(const struct position *pos)
{
    const struct ssq_rules *r = ssq_rules_of(pos);
    return pos->board[r->board_sq] == OFFBOARD && pos->board[r->added_sq] != OFFBOARD;
}

/* ---- The entry ----------------------------------------------------------------------- */

/* The Single Shifted Square Chess family's hooks (variants/family.h): a game of the family
 * (`shifted-square` of games/core.ini) is this entry with the declaration's id,
 * start, bench and pieces, and its own rules value made from its Shift. */
const struct variant shifted_family_template = {
    .geo = {8, 8, {1, 2, 3, 4, 5, 6, 7, 8}},
    .bench_depth = 10,
    CHESS_RULES_HOOKS,
    .options = shifted_options,
    .option_count = 1,
    .options_change_board = true,
    .rules_free = shifted_rules_free,
    .set_option = shifted_set_option,
    .get_option = shifted_get_option,
    .hidden = &shifted_hidden,
    .read_extra = shifted_read_extra,
    .write_extra = shifted_write_extra,
    .ext_key = shifted_ext_key,
    .state_ok = shifted_state_ok,
    .nnue_state_count = SSQ_NNUE_STATE,
    .nnue_state_active = ssq_nnue_state,
    .outcome = chess_outcome,
    .format_step = ssq_format_step,
    .notation_step = ssq_notation_step,
    .evaluate = ssq_evaluate,
    .piece_values = ssq_piece_values,
    .see = chess_see,
};
