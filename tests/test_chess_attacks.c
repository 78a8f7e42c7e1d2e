/* The chess family's attack test and its counted last ply: orthodox
 * chess's attacks recognised and tested with constant steps, agreeing with
 * the attack table on every square; and in check, the counted turns
 * agreeing with the pseudo-legal steps made and tested one by one. */
#include <check.h>

#include "variants/chess.h"
#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

#include "check_run.h"

static struct position pos;

static const char *const positions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    /* In check: by a Rook from afar, a Knight, a Pawn, two pieces, a Bishop
     * with a block and a capture, a Pawn that en passant removes. */
    "4k3/8/8/8/8/8/3PPP2/r3K3 w - - 0 1",
    "4k3/8/8/8/8/3n4/2N1PB2/R3K2R w KQ - 0 1",
    "4k3/8/8/8/8/8/3p4/RN2K2R w KQ - 0 1",
    "4k3/8/8/8/8/3n4/8/r3K2R w K - 0 1",
    "4k3/8/8/b7/8/8/8/RN2K3 w Q - 0 1",
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3",
};

static void load(const char *variant, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    ck_assert_msg(fen_read(&pos, v, fen, err, sizeof err) == 0, "%s: %s", fen, err);
}

/* The attack test by the table alone (chess.h's inline walks). */
static bool table_attacks(const struct attack_table *t, Square sq, Color by)
{
    for (int i = 0; i < t->leaps; i++)
        if (attack_leap_hits(&t->dirs[i], pos.board, sq, COLOR_BIT(by)))
            return true;
    for (int i = t->leaps; i < t->count; i++)
        if (attack_dir_attacker(&t->dirs[i], pos.board, sq, COLOR_BIT(by)) != NO_SQUARE)
            return true;
    return false;
}

START_TEST(orthodox_attacks_are_recognised)
{
    load("normal", positions[0]);
    const struct power_set *set = chess_rules_of(&pos)->current ? NULL : &chess_rules_of(&pos)->fixed;
    ck_assert_ptr_nonnull(set);
    ck_assert(set->orthodox[WHITE] && set->orthodox[BLACK]);
    /* Dialectic's Philosophers capture otherwise; Phased Polypiece's sides
     * start in different phases, White's orthodox. */
    load("dialectic", variant_find("dialectic")->start_fen);
    ck_assert(!chess_powers(&pos)->orthodox[WHITE] && !chess_powers(&pos)->orthodox[BLACK]);
    load("polypiece-phased", variant_find("polypiece-phased")->start_fen);
    ck_assert(chess_powers(&pos)->orthodox[WHITE] && !chess_powers(&pos)->orthodox[BLACK]);
}
END_TEST

START_TEST(orthodox_attack_test_agrees_with_the_table)
{
    int tested = 0;
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
        load("normal", positions[i]);
        const struct power_set *set = &chess_rules_of(&pos)->fixed;
        for (Square sq = 0; sq < BOARD_SIZE; sq++) {
            if (pos.board[sq] == OFFBOARD || square_col(sq) >= 8 || square_rank(sq) < 0 || square_rank(sq) > 7)
                continue;
            for (Color by = WHITE; by <= BLACK; by++) {
                ck_assert_msg(chess_square_attacked(&pos, sq, by) == table_attacks(&set->attacks[by], sq, by),
                              "%s: square %d by %d", positions[i], sq, by);
                tested++;
            }
        }
    }
    ck_assert_int_eq(tested, (int)(sizeof positions / sizeof *positions) * 128);
}
END_TEST

/* The legal steps counted by making every pseudo-legal step and testing
 * the mover's King with the table. */
static int legal_by_making(void)
{
    struct move_list list;
    list.count = 0;
    Color us = pos.side;
    for (int i = 0; i < pos.pcount[us]; i++)
        chess_gen_piece(&pos, &list, pos.plist[us][i], false);
    if (!table_attacks(&chess_rules_of(&pos)->fixed.attacks[us ^ 1], pos.king_sq[us], us ^ 1))
        chess_gen_castling(&pos, chess_rules_of(&pos), &list);
    int legal = 0;
    for (int i = 0; i < list.count; i++) {
        variant_make(&pos, list.moves[i]);
        legal += !table_attacks(&chess_rules_of(&pos)->fixed.attacks[us ^ 1], pos.king_sq[us], us ^ 1);
        variant_unmake(&pos, list.moves[i]);
    }
    return legal;
}

START_TEST(counted_turns_agree_with_steps_made_in_check)
{
    int in_check = 0;
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
        load("normal", positions[i]);
        in_check += chess_in_check(&pos);
        int want = legal_by_making();
        struct move_list list;
        pos.variant->generate(&pos, &list);
        ck_assert_msg(list.count == want, "%s: listed %d, made %d", positions[i], list.count, want);
        ck_assert_msg(count_turns(&pos) == (uint64_t)want, "%s: counted %llu, made %d", positions[i],
                      (unsigned long long)count_turns(&pos), want);
    }
    ck_assert_int_eq(in_check, 9); /* the fourth position too */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("chess_attacks");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, orthodox_attacks_are_recognised);
    tcase_add_test(tc, orthodox_attack_test_agrees_with_the_table);
    tcase_add_test(tc, counted_turns_agree_with_steps_made_in_check);
    suite_add_tcase(s, tc);
    return check_run(s);
}
