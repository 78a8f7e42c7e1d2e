/* Interweave's capture map and evaluation on bit sets against the
 * straightforward square-by-square walks they replaced (kept here as the
 * reference, the evaluation reading the weights by name), on positions from
 * seeded random play, with default and random weights. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/interweave_attacks.h"
#include "tests/test_size.h"

/* ---- The reference: every piece walked on the mailbox --------------------------- */

struct ref_scan {
    const Piece *b;
    int own, enemy;
    Color us;
    struct iw_attacks *out;
};

static void ref_mark(struct ref_scan *s, Square v)
{
    uint64_t bit = iw_square_bit(v);
    if (!(s->out->victims & bit)) {
        s->out->victims |= bit;
        s->out->victim_count++;
    }
}

static int ref_diagonal_slides(const Piece *b, Square from)
{
    int n = 0;
    for (int i = 0; i < 4; i++)
        for (Square t = from + iw_diag[i]; b[t] == EMPTY; t += iw_diag[i])
            n++;
    return n;
}

static int ref_custodians(struct ref_scan *s, Square to)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        Square v = to + iw_orth[i];
        if ((s->b[v] & s->enemy) && (s->b[v + iw_orth[i]] & s->own)) {
            ref_mark(s, v);
            n++;
        }
    }
    return n;
}

static void ref_pawn(struct ref_scan *s, Square from)
{
    const Piece *b = s->b;
    int fwd = s->us == WHITE ? BOARD_STRIDE : -BOARD_STRIDE;
    int rr = s->us == WHITE ? square_rank(from) : 7 - square_rank(from);
    for (int dx = -1; dx <= 1; dx += 2) {
        Square to = from + fwd + dx;
        if (b[to] != EMPTY)
            continue;
        s->out->mobility[IW_PAWN]++;
        s->out->sandwiches += ref_custodians(s, to);
        if (rr == 1 && b[to + fwd + dx] == EMPTY)
            ref_custodians(s, to + fwd + dx);
    }
    if ((b[from + fwd] & s->enemy) && b[from + 2 * fwd] == EMPTY)
        ref_mark(s, from + fwd);
}

static void ref_king(struct ref_scan *s, Square from)
{
    for (int i = 0; i < 4; i++) {
        if ((s->b[from + iw_orth[i]] & s->enemy) && s->b[from + 2 * iw_orth[i]] == EMPTY)
            ref_mark(s, from + iw_orth[i]);
        if (s->b[from + iw_diag[i]] == EMPTY)
            s->out->mobility[IW_KING]++;
    }
}

static void ref_lines(struct ref_scan *s, Square from, int type)
{
    const Piece *b = s->b;
    for (int i = 0; i < 4; i++) {
        int d = iw_orth[i], k = 1;
        Square t = from + d;
        for (; b[t] == EMPTY; k++, t += d)
            if (!(k & 1))
                s->out->mobility[type]++;
        if (!(k & 1) || !(b[t] & s->enemy))
            continue;
        if (type == IW_SMASHER ? k >= 3 : b[t + d] == EMPTY)
            ref_mark(s, t);
    }
    s->out->mobility[type] += ref_diagonal_slides(b, from);
}

static void ref_double_knight(struct ref_scan *s, Square from)
{
    for (int i = 0; i < 8; i++) {
        Piece mid = s->b[from + iw_dknight_mid[i]];
        if (mid == OFFBOARD || (mid & s->own) || s->b[from + iw_dknight_to[i]] != EMPTY)
            continue;
        if (mid & s->enemy)
            ref_mark(s, from + iw_dknight_mid[i]);
        else
            s->out->mobility[IW_LEAPER]++;
    }
}

static void ref_remover(struct ref_scan *s, Square from)
{
    for (int i = 0; i < 4; i++)
        if (s->b[from + iw_orth[i]] & s->enemy)
            ref_mark(s, from + iw_orth[i]);
    s->out->mobility[IW_REMOVER] += ref_diagonal_slides(s->b, from);
}

static void ref_attacks_of(const struct position *pos, Color c, struct iw_attacks *out)
{
    memset(out, 0, sizeof *out);
    struct ref_scan s = {pos->board, COLOR_BIT(c), COLOR_BIT(c ^ 1), c, out};
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square from = pos->plist[c][i];
        switch (piece_type(pos->board[from])) {
        case IW_PAWN: ref_pawn(&s, from); break;
        case IW_KING: ref_king(&s, from); break;
        case IW_SMASHER: ref_lines(&s, from, IW_SMASHER); break;
        case IW_LEAPER:
            ref_lines(&s, from, IW_LEAPER);
            ref_double_knight(&s, from);
            break;
        case IW_REMOVER: ref_remover(&s, from); break;
        default: break;
        }
    }
}

/* ---- The reference evaluation: every piece walked on the piece lists ------------ */

static int weight(const char *name)
{
    struct eval_param *p = eval_param_find(&iw_eval_params, name);
    if (p == NULL) /* not ck_assert: the reference evaluation asks for weights a million times */
        ck_abort_msg("no weight %s", name);
    return *p->value;
}

static const char *const material_name[IW_TYPES] = {
    [IW_PAWN] = "Pawn", [IW_SMASHER] = "Smasher", [IW_LEAPER] = "Leaper", [IW_REMOVER] = "Remover",
};
static const char *const hanging_name[IW_TYPES] = {
    [IW_PAWN] = "HangingPawn", [IW_SMASHER] = "HangingPiece", [IW_LEAPER] = "HangingPiece",
    [IW_REMOVER] = "HangingPiece", [IW_KING] = "HangingKing",
};

static int ref_side_score(const struct position *pos, Color c, const int on_complex[2][2], const struct iw_attacks *a)
{
    int score = 0;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        int type = piece_type(pos->board[sq]);
        if (type == IW_KING) {
            for (int d = 0; d < 4; d++)
                if (pos->board[sq + iw_orth[d]] & COLOR_BIT(c ^ 1))
                    score -= weight("KingNeighbour");
            continue;
        }
        score += weight(material_name[type]);
        if (type == IW_PAWN) {
            int rr = c == WHITE ? square_rank(sq) : 7 - square_rank(sq);
            score += weight("PawnAdvance") * (rr - 1);
        }
    }
    score += weight("SandwichThreat") * a->sandwiches;
    for (int q = 0; q < 2; q++)
        if (on_complex[c][q] == 0)
            score -= weight("Immune") * on_complex[c ^ 1][q ^ 1];
    return score;
}

static int ref_mobility(const struct iw_attacks *a)
{
    return weight("MobSmasher") * a->mobility[IW_SMASHER] + weight("MobLeaper") * a->mobility[IW_LEAPER] +
           weight("MobRemover") * a->mobility[IW_REMOVER] + weight("MobKing") * a->mobility[IW_KING];
}

static int ref_evaluate(const struct position *pos)
{
    int on_complex[2][2] = {{0, 0}, {0, 0}};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            on_complex[c][(square_col(sq) + square_rank(sq)) & 1]++;
        }
    struct iw_attacks a[2];
    ref_attacks_of(pos, WHITE, &a[WHITE]);
    ref_attacks_of(pos, BLACK, &a[BLACK]);
    int white = ref_side_score(pos, WHITE, on_complex, &a[WHITE]);
    int black = ref_side_score(pos, BLACK, on_complex, &a[BLACK]);
    Color us = pos->side;
    const struct iw_attacks *mine = &a[us], *theirs = &a[us ^ 1];
    int loss = 0;
    for (int i = 0; i < pos->pcount[us]; i++) {
        Square sq = pos->plist[us][i];
        if (theirs->victims & iw_square_bit(sq))
            loss += weight(hanging_name[piece_type(pos->board[sq])]);
    }
    if (mine->victims)
        loss += loss * weight("ForcedHangingPercent") / 100;
    int activity = ref_mobility(mine) - ref_mobility(theirs) - loss + weight("Threat") * mine->victim_count;
    return (us == WHITE ? white - black : black - white) + activity;
}

/* ---- Random play ------------------------------------------------------------------ */

static uint64_t rng_state;

static unsigned rng_below(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng_state >> 33) % n;
}

static void assert_same_map(const struct position *pos, Color c, int ply)
{
    struct iw_attacks fast, ref;
    iw_attacks_of(pos, c, &fast);
    ref_attacks_of(pos, c, &ref);
    /* Checked with `if`, not ck_assert: Check writes every passing assert to
     * its message file, and this runs a million times. */
    if (fast.victims != ref.victims)
        ck_abort_msg("ply %d side %d: victims %llx, reference %llx", ply, c, (unsigned long long)fast.victims,
                     (unsigned long long)ref.victims);
    if (fast.victim_count != ref.victim_count)
        ck_abort_msg("ply %d side %d: %d victims, reference %d", ply, c, fast.victim_count, ref.victim_count);
    if (fast.sandwiches != ref.sandwiches)
        ck_abort_msg("ply %d side %d: %d sandwiches, reference %d", ply, c, fast.sandwiches, ref.sandwiches);
    for (int t = 0; t < IW_TYPES; t++)
        if (fast.mobility[t] != ref.mobility[t])
            ck_abort_msg("ply %d side %d: mobility of type %d %d, reference %d", ply, c, t, fast.mobility[t],
                         ref.mobility[t]);
}

/* Plays `games` seeded random games of up to `max_steps` steps from `fen`,
 * checking both sides' maps before every step; returns the positions seen. */
static int check_random_games(const char *fen, int games, int max_steps)
{
    const struct variant *iw = variant_find("interweave");
    ck_assert_ptr_nonnull(iw);
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN];
    int seen = 0;
    for (int g = 0; g < games; g++) {
        ck_assert_msg(fen_read(pos, iw, fen, err, sizeof err) == 0, "%s: %s", fen, err);
        for (int ply = 0; ply < max_steps; ply++) {
            assert_same_map(pos, WHITE, ply);
            assert_same_map(pos, BLACK, ply);
            if (iw_evaluate(pos) != ref_evaluate(pos))
                ck_abort_msg("ply %d: evaluation %d, reference %d", ply, iw_evaluate(pos), ref_evaluate(pos));
            seen++;
            struct move_list list;
            iw->generate(pos, &list);
            if (list.count == 0)
                break;
            iw->make(pos, list.moves[rng_below((unsigned)list.count)]);
        }
    }
    free(pos);
    return seen;
}

START_TEST(bit_set_map_and_evaluation_match_the_square_walk)
{
    static const char *const fens[] = {
        "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1",
        "rb1kk1br/p1p1p1pp/8/1p5p/P1pPn3/8/PPBP1nPP/R2KKNBR w - - 0 7",
        "1bnkk1br/p1p1pp1p/8/1P1p1p2/7n/6P1/PPrPPPP1/RB1KKNB1 b - - 0 6",
        /* Pieces on every edge, promoted pieces, Pawns about to promote. */
        "nr1kk1rn/P6b/1b4B1/r6R/N6n/1B4b1/p6B/NR1KK1RN w - - 0 1",
        NULL,
    };
    zobrist_init();
    rng_state = 20261124;
    int seen = 0;
    /* 100 games from each (20 under the sanitizers). */
    const int games = TEST_SIZE(100, 20);
    for (int i = 0; fens[i]; i++)
        seen += check_random_games(fens[i], games, 300);
    ck_assert_int_gt(seen, games * 100);
}
END_TEST

/* Every weight drawn in its tuning range, so no term hides behind another. */
START_TEST(evaluation_matches_with_random_weights)
{
    zobrist_init();
    rng_state = 7;
    for (int round = 0; round < TEST_SIZE(20, 5); round++) {
        for (int i = 0; i < iw_eval_params.count; i++) {
            struct eval_param *p = &iw_eval_params.params[i];
            *p->value = p->min + (int)rng_below((unsigned)(p->max - p->min + 1));
        }
        eval_params_changed(&iw_eval_params);
        check_random_games("rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1", 3, 300);
    }
    eval_params_reset(&iw_eval_params);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("interweave_attacks");
    TCase *tc = tcase_create("map");
    tcase_add_test(tc, bit_set_map_and_evaluation_match_the_square_walk);
    tcase_add_test(tc, evaluation_matches_with_random_weights);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
