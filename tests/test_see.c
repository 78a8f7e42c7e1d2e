/* Static exchange evaluation (the chess family's `see` hook): known
 * exchanges, x-rays, en passant, promotions and a King that cannot
 * recapture a defended piece. */
#include <check.h>

#include "variants/core/fen.h"
#include "engine/see.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

#include "check_run.h"

static struct position pos;

/* Loads an orthodox position and returns its legal step `step`. */
static Move step_in(const char *fen, const char *step)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find("normal");
    ck_assert_ptr_nonnull(v);
    ck_assert_ptr_nonnull(v->see);
    ck_assert_msg(fen_read(&pos, v, fen, err, sizeof err) == 0, "%s: %s", fen, err);
    struct turn t;
    ck_assert_msg(turn_parse(&pos, step, &t) == 0, "%s: step %s", fen, step);
    ck_assert_int_eq(t.count, 1);
    return t.steps[0];
}

static int see_of(const char *fen, const char *step)
{
    Move m = step_in(fen, step);
    return pos.variant->see(&pos, m);
}

START_TEST(undefended_pawn_is_won)
{
    ck_assert_int_eq(see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"), 100);
}
END_TEST

START_TEST(knight_for_pawn_is_lost_despite_more_attackers)
{
    ck_assert_int_eq(see_of("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5"), 100 - 320);
}
END_TEST

START_TEST(xray_rook_behind_rook_counts)
{
    ck_assert_int_eq(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    ck_assert_int_eq(see_of("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), 100 - 500);
}
END_TEST

START_TEST(en_passant_wins_the_pawn)
{
    ck_assert_int_eq(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
}
END_TEST

START_TEST(promotion_counts_the_new_piece)
{
    ck_assert_int_eq(see_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
    ck_assert_int_eq(see_of("7r/P7/8/8/8/8/8/k3K3 w - - 0 1", "a7a8q"), -100);
}
END_TEST

START_TEST(king_recaptures_only_an_undefended_piece)
{
    /* Qxd2 Nxd2 Kxd2: the King's recapture is sound, the Queen is still lost for a Knight. */
    ck_assert_int_eq(see_of("k7/8/8/8/8/1n6/3n4/3QK3 w - - 0 1", "d1d2"), 320 - 900 + 320);
    ck_assert_int_eq(see_of("k7/8/8/8/8/8/3n4/3QK3 w - - 0 1", "d1d2"), 320);
}
END_TEST

START_TEST(quiet_step_onto_a_defended_square_loses_the_piece)
{
    ck_assert_int_eq(see_of("4k3/8/8/2p5/8/8/8/3QK3 w - - 0 1", "d1d4"), -900);
    ck_assert_int_eq(see_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d4"), 0);
}
END_TEST

START_TEST(see_below_follows_the_hook)
{
    Move m = step_in("3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
    ck_assert(see_below(&pos, m, 0));
    ck_assert(!see_below(&pos, m, -400));
    ck_assert(see_below(&pos, m, -399));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("see");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, undefended_pawn_is_won);
    tcase_add_test(tc, knight_for_pawn_is_lost_despite_more_attackers);
    tcase_add_test(tc, xray_rook_behind_rook_counts);
    tcase_add_test(tc, en_passant_wins_the_pawn);
    tcase_add_test(tc, promotion_counts_the_new_piece);
    tcase_add_test(tc, king_recaptures_only_an_undefended_piece);
    tcase_add_test(tc, quiet_step_onto_a_defended_square_loses_the_piece);
    tcase_add_test(tc, see_below_follows_the_hook);
    suite_add_tcase(s, tc);
    return check_run(s);
}
