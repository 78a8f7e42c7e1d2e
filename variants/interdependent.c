/* Interdependent Chess: the variant entry, make/unmake, FEN checks, notation
 * and the XBoard set-up. Rules: docs/variants/interdependent.md. */
#include <stdio.h>
#include <string.h>

#include "variants/core/san.h"
#include "variants/interdep.h"

/* ---- Make / unmake --------------------------------------------------------- */

void idc_make(struct position *pos, Move m)
{
    struct undo *u = pos_push_undo(pos, m, 0, true);
    Color us = pos->side;
    Square to = move_to(m);
    pos->halfmove++;
    if (move_kind(m) == MK_DROP) {
        int type = move_extra(m);
        pos_hand_add(pos, us, type, -1);
        pos_put(pos, to, make_piece(us, type));
        pos->halfmove = 0;
    } else {
        if (pos->board[to] != EMPTY) {
            u->captured = pos_remove(pos, to);
            pos_hand_add(pos, us, piece_type(u->captured), 1);
            pos->halfmove = 0;
        }
        pos_move_piece(pos, move_from(m), to);
    }
    if (us == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}

void idc_unmake(struct position *pos, Move m)
{
    const struct undo *u = &pos->history[pos->ply - 1];
    Color us = u->side;
    Square to = move_to(m);
    if (move_kind(m) == MK_DROP) {
        pos_remove(pos, to);
        pos->hand[us][move_extra(m)]++;
    } else {
        pos_move_piece(pos, to, move_from(m));
        if (u->captured != EMPTY) {
            pos_put(pos, to, u->captured);
            pos->hand[us][piece_type(u->captured)]--;
        }
    }
    pos_pop_undo(pos, 0); /* restores the key, side, counters */
}

static bool idc_is_capture(const struct position *pos, Move m)
{
    return move_kind(m) != MK_DROP && pos->board[move_to(m)] != EMPTY;
}

static struct outcome idc_outcome(struct position *pos, int legal_steps)
{
    return outcome_without_steps(pos->side, legal_steps == 0 && idc_in_check(pos), legal_steps);
}

/* ---- FEN ----------------------------------------------------------------------- */

static void idc_reset_rules(struct position *pos)
{
    idc_init_tables();
    pos->rules = &idc;
}

static int idc_read_ep(struct position *pos, const char *field, char *err, size_t errlen)
{
    (void)pos;
    if (strcmp(field, "-") == 0)
        return 0;
    snprintf(err, errlen, "invalid FEN: field 4 (en passant): must be '-' in interdependent");
    return -1;
}

static int idc_validate(struct position *pos, char *err, size_t errlen)
{
    for (Color c = WHITE; c <= BLACK; c++) {
        int kings = 0;
        for (int i = 0; i < pos->pcount[c]; i++)
            kings += piece_type(pos->board[pos->plist[c][i]]) == IDC_K;
        if (kings != 1) {
            snprintf(err, errlen, "invalid FEN: field 1 (placement): %s needs exactly one king",
                     c == WHITE ? "White" : "Black");
            return -1;
        }
    }
    if (idc_attacked(pos->board, pos->king_sq[pos->side ^ 1], pos->side)) {
        snprintf(err, errlen, "invalid FEN: field 2 (side to move): the side not to move is in check");
        return -1;
    }
    return 0;
}

/* ---- Text ------------------------------------------------------------------------ */

static const char idc_letters[] = ".USNCGTK";

static void idc_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    const struct geometry *g = &pos->variant->geo;
    char from[8], to[8];
    geo_square_name(g, move_to(m), to);
    if (move_kind(m) == MK_DROP) {
        snprintf(out, n, "%c@%s", idc_letters[move_extra(m)], to);
        return;
    }
    geo_square_name(g, move_from(m), from);
    snprintf(out, n, "%s%s", from, to);
}

/* Readable: SAN with every piece lettered (the game has no Pawn), drops as
 * in coordinates (`N@c4`). */
static void idc_notation_step(struct position *pos, Move m, int index, char *out, size_t n)
{
    (void)index;
    san_step(pos, m, out, n);
}

/* ---- The entry ----------------------------------------------------------------- */

static const char *const idc_bench[] = {
    "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w - - 0 1",
    "s1ukns/c1ttgc/2g3/3n2/2G3/C1TT1C/SNUKNS[Gg] w - - 0 5",
    "s1uk1s/cgt1gc/2nt1n/6/1N1T2/CG1U1C/S2KNS[Tt] b - - 0 8",
    NULL,
};

const struct variant variant_interdependent = {
    .id = "interdependent",
    .title = "Interdependent Chess",
    .geo = {IDC_FILES, IDC_RANKS, {0, 1, 2, 3, 4, 5}},
    .start_fen = "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w - - 0 1",
    .bench_fens = idc_bench,
    .bench_depth = 10,
    .piece_letters = idc_letters,
    .royal_type = IDC_K,
    .has_hands = true,
    .steps_are_turns = true,
    .reset_rules = idc_reset_rules,
    .validate = idc_validate,
    .read_ep = idc_read_ep,
    .generate = idc_generate,
    .make = idc_make,
    .unmake = idc_unmake,
    .in_check = idc_in_check,
    .is_capture = idc_is_capture,
    .outcome = idc_outcome,
    .format_step = idc_format_step,
    .notation_step = idc_notation_step,
    .evaluate = idc_evaluate, .eval_params = &idc_eval_params,
    .generate_noisy = idc_generate_noisy,
    .count_turns = idc_count_turns,
    .allow_null_move = true,
    .piece_values = idc_piece_values,
    .has_check = true,
};
