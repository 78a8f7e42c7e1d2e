/* SAN reader (variants/core/san.h): the forms real engines send, the tolerances
 * XBoard allows, ambiguity, and every legal move of random games written in
 * SAN by an independent writer here and read back to the same turn. */
#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "engine/baseline.h"
#include "variants/core/fen.h"
#include "variants/core/notation.h"
#include "variants/core/san.h"
#include "tests/check_run.h"
#include "tests/position_fixture.h"
#include "variants/registry.h"

/* The SAN text must name exactly the turn whose coordinate text is `want`. */
static void reads_as(const char *san, const char *want)
{
    /* Checked with `if`, not ck_assert: Check writes every passing assert to
     * its message file, and the random games below call this 100,000 times. */
    struct turn t;
    if (san_parse(pos, san, &t) != 0)
        ck_abort_msg("'%s' not read", san);
    if (strcmp(t.text, want) != 0)
        ck_abort_msg("'%s' read as %s, not %s", san, t.text, want);
    struct turn same;
    if (turn_parse(pos, want, &same) != 0)
        ck_abort_msg("%s is not legal", want);
    if (t.count != 1 || t.steps[0] != same.steps[0])
        ck_abort_msg("'%s' read as %d steps, the first not %s's", san, t.count, want);
}

static void rejected(const char *san)
{
    struct turn t;
    ck_assert_msg(san_parse(pos, san, &t) != 0, "'%s' read as %s", san, t.text);
}

START_TEST(test_start_position)
{
    load("normal", NULL);
    reads_as("Nf3", "g1f3");
    reads_as("e4", "e2e4");
    reads_as("e3", "e2e3");
    reads_as("Nc3+", "b1c3");
    reads_as("Ng1f3", "g1f3");
    reads_as("Ng1-f3", "g1f3");
    reads_as("e2-e4", "e2e4");
    reads_as("Pe4", "e2e4");
    reads_as("Nf3!?", "g1f3");
    rejected("Nd2");  /* blocked */
    rejected("e5");   /* no pawn gets there */
    rejected("Ke2");  /* occupied by our own pawn */
    rejected("Qz9");
    rejected("");
    rejected("O-O");
    rejected("Zf3");
    rejected("nf3");  /* piece letters are upper case */
    rejected("Nf3extra");
}
END_TEST

START_TEST(test_captures_and_ambiguity)
{
    load("normal", "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5");
    reads_as("exd5", "e4d5");
    reads_as("Nxd5", "c3d5");
    reads_as("Nd5", "c3d5");    /* capture mark missing: tolerated */
    reads_as("Nxe5", "f3e5");
    reads_as("dxe5", "d4e5");
    reads_as("de5", "d4e5");
    reads_as("e4xd5", "e4d5");
    reads_as("exd5#", "e4d5");
    reads_as("Nfd2", "f3d2");
    reads_as("Nf3d2", "f3d2");
    reads_as("Bb5", "f1b5");
    rejected("xd5");             /* which piece: a Pawn from no file, two Pawns */
    rejected("d5");              /* a Pawn takes only diagonally */
    load("normal", "4k3/8/8/8/8/2N3N1/8/2N1K3 w - - 0 1");
    rejected("Ne2");             /* three Knights reach e2: ambiguous */
    rejected("Nce2");            /* still two on the c-file */
    rejected("N3e2");            /* still two on the third rank */
    reads_as("Nge2", "g3e2");
    reads_as("N1e2", "c1e2");
    reads_as("Nc3e2", "c3e2");
    reads_as("Nc3xe2", "c3e2");
}
END_TEST

START_TEST(test_castling)
{
    load("normal", "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    reads_as("O-O", "e1g1");
    reads_as("O-O-O", "e1c1");
    reads_as("0-0", "e1g1");
    reads_as("0-0-0", "e1c1");
    reads_as("o-o", "e1g1");
    reads_as("O-O+", "e1g1");
    rejected("O-O-O-O");
    rejected("O");
    rejected("-O-O");
    rejected("Kg1");             /* castling is O-O, not a King move */
    load("normal", "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1");
    reads_as("O-O", "e8g8");
    reads_as("O-O-O", "e8c8");
    load("normal", "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w Qkq - 0 1");
    rejected("O-O");             /* no right */
    reads_as("O-O-O", "e1c1");
}
END_TEST

START_TEST(test_promotion_and_en_passant)
{
    load("normal", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    reads_as("a8=Q", "a7a8q");
    reads_as("a8Q", "a7a8q");
    reads_as("a8q", "a7a8q");
    reads_as("a8(N)", "a7a8n");
    reads_as("a8/R", "a7a8r");
    reads_as("a8=B+", "a7a8b");
    reads_as("a8b", "a7a8b");    /* a letter after the target square is the promotion */
    reads_as("axb8=Q", "a7b8q");
    reads_as("ab8=N", "a7b8n");
    rejected("a8");              /* which piece: ambiguous */
    rejected("a8=K");
    rejected("a8=P");
    rejected("a8=");
    rejected("a8=Q=Q");
    load("normal", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    reads_as("exd6", "e5d6");
    reads_as("exd6+", "e5d6");
    reads_as("e6", "e5e6");
}
END_TEST

START_TEST(test_variant_table_decides)
{
    load("polypiece", NULL);
    reads_as("Nf3", "g1f3");
    reads_as("e4", "e2e4");
    load("polypiece-phased", NULL);
    reads_as("Nc3", "b1c3");
    const char *without[] = {"dialectic", "hegelian", "interdependent", "interweave", "nickdanger"};
    for (size_t i = 0; i < sizeof without / sizeof *without; i++) {
        load(without[i], NULL);
        ck_assert(!pos->variant->has_san);
        rejected("e4");
        rejected("Nc3");
    }
}
END_TEST

/* ---- An independent SAN writer: piece letter, the least origin that tells
 * the move apart (file, else rank, else both), x, target, =promotion. ---- */

static void square_text(Square sq, char *out)
{
    sprintf(out, "%c%d", 'a' + square_col(sq), square_rank(sq) + 1);
}

static bool same_kind(Move a, Move b)
{
    return move_to(a) == move_to(b) && move_promo(a) == move_promo(b) && move_kind(b) != MK_CASTLE;
}

static void write_san(const struct move_list *legal, Move m, char *out)
{
    if (move_kind(m) == MK_CASTLE) {
        strcpy(out, square_col(move_to(m)) > square_col(move_from(m)) ? "O-O" : "O-O-O");
        return;
    }
    Square from = move_from(m);
    int type = piece_type(pos->board[from]);
    bool capture = pos->variant->is_capture(pos, m);
    int rivals = 0, same_file = 0, same_rank = 0;
    for (int i = 0; i < legal->count; i++) {
        Move o = legal->moves[i];
        Square of = move_from(o);
        if (o == m || !same_kind(m, o) || piece_type(pos->board[of]) != type)
            continue;
        rivals++;
        same_file += square_col(of) == square_col(from);
        same_rank += square_rank(of) == square_rank(from);
    }
    char sq[8], *s = out;
    if (type != 1)
        *s++ = pos->variant->piece_letters[type];
    if ((type == 1 && capture) || (rivals && (!same_file || same_rank)))
        *s++ = (char)('a' + square_col(from));
    if (rivals && same_file)
        *s++ = (char)('1' + square_rank(from));
    if (capture)
        *s++ = 'x';
    square_text(move_to(m), sq);
    s += sprintf(s, "%s", sq);
    if (move_kind(m) == MK_PROMOTION)
        s += sprintf(s, "=%c", pos->variant->piece_letters[move_promo(m)]);
    *s = '\0';
}

static void every_move_reads_back(const char *variant, uint64_t seed, int plies)
{
    load(variant, NULL);
    int checked = 0;
    for (int ply = 0; ply < plies && game_adjudicate(pos).result == RESULT_NONE; ply++) {
        struct move_list legal;
        pos->variant->generate(pos, &legal);
        for (int i = 0; i < legal.count; i++) {
            char san[32], want[64];
            write_san(&legal, legal.moves[i], san);
            step_text(pos, legal.moves[i], want, sizeof want);
            reads_as(san, want);
            checked++;
        }
        struct turn t;
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &seed, &t));
        turn_make(pos, &t);
    }
    ck_assert_int_gt(checked, 100);
}

START_TEST(test_random_games_read_back)
{
    for (uint64_t seed = 1; seed <= 10; seed++) {
        every_move_reads_back("normal", seed, 200);
        every_move_reads_back("polypiece", seed, 120);
        every_move_reads_back("polypiece-phased", seed, 120);
    }
}
END_TEST

/* ---- Writing (san_write) ---------------------------------------------------- */

/* The legal turn written `coord` is written `want` in SAN, which reads back. */
static void writes(const char *coord, const char *want)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, coord, &t) == 0, "%s is not legal", coord);
    char san[TURN_TEXT_LEN];
    ck_assert_int_eq(san_write(pos, &t, san, sizeof san), 0);
    ck_assert_str_eq(san, want);
    reads_as(san, t.text);
}

START_TEST(test_write_pieces_and_ambiguity)
{
    load("normal", NULL);
    writes("g1f3", "Nf3");
    writes("e2e4", "e4");
    writes("b1c3", "Nc3");
    load("normal", "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5");
    writes("e4d5", "exd5");
    writes("d4e5", "dxe5");
    writes("c3d5", "Nxd5");
    writes("f3d2", "Nd2");       /* the c3 Knight cannot reach d2? it can: */
    load("normal", "4k3/8/8/8/8/2N3N1/8/2N1K3 w - - 0 1");
    writes("g3e2", "Nge2");      /* file tells it apart */
    writes("c1e2", "N1e2");      /* c-file shared: the rank */
    writes("c3e2", "Nc3e2");     /* file and rank both shared: the square */
    writes("c3d5", "Nd5");       /* the only Knight that reaches d5 */
    load("normal", "4k3/8/8/8/R6R/8/8/R3K3 w - - 0 1");
    writes("a4d4", "Rad4");
    writes("h4d4", "Rhd4");
    writes("a1a2", "R1a2");
    writes("a4a2", "R4a2");
    writes("a4a8", "Ra8+");
    load("normal", "6k1/8/6K1/8/8/8/8/R7 w - - 0 1");
    writes("a1a8", "Ra8#");      /* the King on g6 guards f7, g7, h7 */
    writes("a1a7", "Ra7");
    load("normal", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    writes("a1a8", "Ra8#");      /* back-rank mate */
    writes("a1a7", "Ra7");
}
END_TEST

START_TEST(test_write_castling_promotion_en_passant)
{
    load("normal", "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    writes("e1g1", "O-O");
    writes("e1c1", "O-O-O");
    writes("e1f1", "Kf1");
    load("normal", "r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1");
    writes("e8g8", "O-O");
    writes("e8c8", "O-O-O");
    load("normal", "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    writes("e1c1", "O-O-O");
    writes("e1g1", "O-O+");      /* the Rook lands on f1, facing the King on f8 */
    load("normal", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    writes("a7a8q", "a8=Q");     /* the Knight on b8 stands between */
    writes("a7a8n", "a8=N");
    writes("a7b8r", "axb8=R+");
    writes("a7b8b", "axb8=B");
    load("normal", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    writes("e5d6", "exd6");
    writes("e5e6", "e6");
    load("normal", "8/8/8/2k5/3pP3/8/8/4K3 b - e3 0 1");
    writes("d4e3", "dxe3");
    load("normal", "rnbqkbnr/ppppp2p/5p2/6p1/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq g6 0 3");
    writes("d1h5", "Qh5#");
}
END_TEST

START_TEST(test_write_polypiece)
{
    load("polypiece", NULL);
    writes("g1f3", "Nf3");
    load("polypiece", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 00000");
    writes("e1g1", "O-O");
    writes("e1c1", "O-O-O");
    load("polypiece", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 00001"); /* Knights move as WD */
    writes("b1b3", "Nb3");
    writes("g1g3", "Ng3");
    writes("b1c1", "Nc1");       /* only the b1 Knight reaches c1 */
    writes("g1f1", "Nf1");
    load("polypiece", "4k3/8/8/8/8/8/8/1N3N1K w - - 0 1 00001");
    writes("b1d1", "Nbd1");      /* both WD Knights leap to d1 */
    writes("f1d1", "Nfd1");
    struct turn t;
    load("dialectic", NULL);
    ck_assert_int_eq(turn_parse(pos, "g1f3", &t), 0);
    char out[32];
    ck_assert_int_ne(san_write(pos, &t, out, sizeof out), 0); /* no SAN in Dialectic */
}
END_TEST

/* san_write agrees with the independent writer above, check marks aside. */
static void every_move_written(const char *variant, uint64_t seed, int plies)
{
    load(variant, NULL);
    for (int ply = 0; ply < plies && game_adjudicate(pos).result == RESULT_NONE; ply++) {
        struct move_list legal;
        pos->variant->generate(pos, &legal);
        for (int i = 0; i < legal.count; i++) {
            char want[32], got[TURN_TEXT_LEN];
            write_san(&legal, legal.moves[i], want);
            struct turn t = {1, {legal.moves[i]}, ""};
            if (san_write(pos, &t, got, sizeof got) != 0)
                ck_abort_msg("%s: not written in SAN", want);
            size_t n = strlen(got);
            if (n && (got[n - 1] == '+' || got[n - 1] == '#'))
                got[n - 1] = '\0';
            if (strcmp(got, want) != 0)
                ck_abort_msg("written %s, not %s", got, want);
        }
        struct turn t;
        ck_assert(baseline_choose(pos, BASELINE_RANDOM, &seed, &t));
        turn_make(pos, &t);
    }
}

START_TEST(test_write_random_games)
{
    for (uint64_t seed = 1; seed <= 6; seed++) {
        every_move_written("normal", seed, 200);
        every_move_written("polypiece", seed, 120);
        every_move_written("polypiece-phased", seed, 120);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("san");
    TCase *tc = tcase_create("read");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_captures_and_ambiguity);
    tcase_add_test(tc, test_castling);
    tcase_add_test(tc, test_promotion_and_en_passant);
    tcase_add_test(tc, test_variant_table_decides);
    tcase_add_test(tc, test_random_games_read_back);
    tcase_add_test(tc, test_write_pieces_and_ambiguity);
    tcase_add_test(tc, test_write_castling_promotion_en_passant);
    tcase_add_test(tc, test_write_polypiece);
    tcase_add_test(tc, test_write_random_games);
    suite_add_tcase(s, tc);
    return check_run(s);
}
