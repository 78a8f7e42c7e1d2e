/* Interweave: FEN fields, keys through chains, outcomes and the XBoard forms. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/text.h"
#include "variants/core/turn.h"
#include "variants/registry.h"
#include "protocol/xboard_setup.h"

static struct position *pos;
static const struct variant *iw;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    iw = variant_find("interweave");
}

static void teardown(void) { free(pos); }

static void load(const char *fen)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_ptr_nonnull(iw);
    int rc = fen_read(pos, iw, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

static void play(const char *text)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, text, &t) == 0, "turn %s", text);
    turn_make(pos, &t);
}

START_TEST(fen_round_trip_with_ep_suffix)
{
    static const char *const fens[] = {
        "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1",
        "kk6/8/8/2pPp3/8/8/8/6KK w - d6,e 0 1",
        "kk6/8/8/2pPp3/8/8/8/6KK w - d6,c 0 1",
        "kk6/8/8/3Pp3/8/8/8/6KK w - d6 0 1",
        NULL,
    };
    char out[FEN_MAX_LEN];
    for (int i = 0; fens[i]; i++) {
        load(fens[i]);
        fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, fens[i]);
    }
    /* The suffix is accepted where it is not needed, and dropped on output. */
    load("kk6/8/8/3Pp3/8/8/8/6KK w - d6,e 0 1");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "kk6/8/8/3Pp3/8/8/8/6KK w - d6 0 1");
}
END_TEST

START_TEST(fen_errors)
{
    char err[VARIANT_ERR_LEN];
    static const char *const bad[] = {
        "kk6/8/8/2pPp3/8/8/8/6KK w - d6 0 1",   /* two Pawns may have passed: needs ,FILE */
        "kk6/8/8/3P4/8/8/8/6KK w - d6 0 1",     /* no Pawn passed over d6 */
        "kk6/8/8/8/8/8/8/5KKK w - - 0 1",       /* three Kings */
        "k7/8/8/8/8/8/8/7K w - - 0 1",          /* both sides lost a King */
        "kk5P/8/8/8/8/8/8/6KK w - - 0 1",       /* Pawn on its last rank */
        "kk6/8/8/8/8/8/8/6KK w KQ - 0 1",       /* castling */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(fen_read(pos, iw, bad[i], err, sizeof err) != 0, "accepted %s", bad[i]);
}
END_TEST

/* Walks every step of every turn to depth 2 checking the incremental key and
 * that unmake restores the whole state. */
static void check_tree(int depth)
{
    if (depth == 0)
        return;
    struct move_list list;
    iw->generate(pos, &list);
    for (int i = 0; i < list.count; i++) {
        Piece board[BOARD_SIZE];
        uint8_t ext[EXT_STATE_SIZE];
        memcpy(board, pos->board, sizeof board);
        memcpy(ext, pos->ext, sizeof ext);
        uint64_t key = pos->key;
        Square ep = pos->ep;
        int halfmove = pos->halfmove, fullmove = pos->fullmove;
        Color side = pos->side;
        iw->make(pos, list.moves[i]);
        ck_assert(pos->key == position_compute_key(pos));
        check_tree(pos->side != side ? depth - 1 : depth);
        iw->unmake(pos, list.moves[i]);
        ck_assert(memcmp(board, pos->board, sizeof board) == 0);
        ck_assert(memcmp(ext, pos->ext, sizeof ext) == 0);
        ck_assert(pos->key == key && pos->ep == ep && pos->side == side);
        ck_assert(pos->halfmove == halfmove && pos->fullmove == fullmove);
    }
}

START_TEST(keys_and_unmake_through_chains)
{
    static const char *const fens[] = {
        "1b6/4p3/8/4p3/4P3/k6k/8/K6K w - - 0 1",
        "7k/3p4/8/1p6/8/8/p7/N3KK1k w - - 0 1",
        "kk6/8/8/3p4/4p3/4P3/8/6KK w - e6 0 1",
        "rb1kk1br/p1p1p1pp/8/1p5p/P1pPn3/8/PPBP1nPP/R2KKNBR w - - 0 7",
        "kk6/2p5/8/3P4/4P3/4p3/8/6KK b - - 0 1",
        NULL,
    };
    for (int i = 0; fens[i]; i++) {
        load(fens[i]);
        check_tree(2);
    }
}
END_TEST

START_TEST(chain_keeps_side_and_records_pending)
{
    load("1b6/4p3/8/4p3/4P3/k6k/8/K6K w - - 0 1");
    struct move_list list;
    iw->generate(pos, &list);
    ck_assert_int_eq(list.count, 1);
    iw->make(pos, list.moves[0]); /* e4e6: must go on from e6 */
    ck_assert_int_eq(pos->side, WHITE);
    iw->generate(pos, &list);
    ck_assert_int_eq(list.count, 3); /* e6e8r, e6e8n, e6e8b */
    ck_assert(iw->is_capture(pos, list.moves[0]));
}
END_TEST

START_TEST(outcomes)
{
    load("kk6/8/8/8/p7/8/8/R5KK w - - 0 1");
    play("a1a3,a3a7");
    struct outcome o = iw->outcome(pos, 0);
    ck_assert_int_eq(o.result, RESULT_WHITE_WINS);
    ck_assert_str_eq(o.reason, "White captures a King");
    ck_assert_int_eq(count_turns(pos), 0);
    load("kk6/8/8/8/8/8/1p4p1/K6K w - - 0 1");
    ck_assert_int_eq(count_turns(pos), 0);
    o = iw->outcome(pos, 0);
    ck_assert_int_eq(o.result, RESULT_BLACK_WINS);
    ck_assert_str_eq(o.reason, "White has no legal move");
    ck_assert_int_eq(iw->repetition, REPETITION_LOSES_FOR_MOVER);
    ck_assert(!iw->allow_null_move);
    ck_assert(!iw->has_check);
}
END_TEST

START_TEST(ep_survives_the_chain_and_then_clears)
{
    load("kk6/2p5/8/3P4/4P3/4p3/8/6KK b - - 0 1");
    play("c7e5"); /* double step taking e4 by custodian: e.p. on d6 */
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "kk6/8/8/3Pp3/8/4p3/8/6KK w - d6 0 2");
    play("d5d7");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "kk6/3P4/8/8/8/4p3/8/6KK b - - 0 2");
}
END_TEST

static void xb_move(const char *turn, const char *want)
{
    char out[TURN_TEXT_LEN];
    game_of(iw)->xboard_move(pos, turn, out, sizeof out);
    ck_assert_str_eq(out, want);
}

static void xb_parse(const char *text, const char *want)
{
    char out[TURN_TEXT_LEN];
    game_of(iw)->xboard_parse(pos, text, out, sizeof out);
    ck_assert_str_eq(out, want);
}

START_TEST(xboard_locust_forms)
{
    load("6kk/8/8/8/p7/8/8/R5KK w - - 0 1");
    xb_move("a1a3", "a1a4,a4a3");
    xb_parse("a1a4,a4a3", "a1a3");
    xb_parse("a1a3", "a1a3");
    load("kk6/8/8/8/3p4/3B4/8/6KK w - - 0 1"); /* Remover with one victim */
    xb_move("d3d3", "d3d4,d4d3");
    xb_parse("d3d4,d4d3", "d3d3");
    load("kk6/8/8/2pP4/P7/8/8/6KK w - - 0 1"); /* custodian: kill square off the path */
    xb_move("a4b5", "a4c5,c5b5");
    xb_parse("a4c5,c5b5", "a4b5");
    load("kk2K3/4p3/2Pp1pP1/4p3/4P3/8/8/7K w - - 0 1"); /* four victims: no locust form */
    xb_move("e4e6", "e4e6");
    xb_parse("e4e5,e5e6", "e4e6");
    load("1b6/4p3/8/4p3/4P3/k6k/8/K6K w - - 0 1"); /* chains stay in our notation */
    xb_move("e4e6,e6e8b", "e4e6,e6e8b");
    load("kk6/8/8/3Pp3/8/8/8/6KK w - d6 0 1"); /* en passant, promoting */
    xb_move("d5d7n", "d5e5,e5d7n");
    xb_parse("d5e5,e5d7n", "d5d7n");
}
END_TEST

START_TEST(xboard_setup_is_sent_as_xboard_reads_it)
{
    load("kk6/8/8/2pPp3/8/8/8/6KK w - d6,e 0 1");
    char out[512];
    xboard_setup_line(pos, out, sizeof out);
    ck_assert_str_eq(out, "setup (.NBRKP..nbrkp.) 8x8+0_fairy kk6/8/8/2pPp3/8/8/8/6KK w - - 0 1\n");
}
END_TEST

/* The FEN of the same position seen from the other side: ranks reversed,
 * colours swapped (no en-passant square in these). */
static void mirror_fen(const char *fen, char *out)
{
    char board[128], side;
    sscanf(fen, "%127s %c", board, &side);
    char *ranks[8];
    int n = 0;
    char *rest = board;
    for (char *tok = text_token(&rest, "/"); tok && n < 8; tok = text_token(&rest, "/"))
        ranks[n++] = tok;
    out[0] = '\0';
    for (int i = n - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            *c = (char)(*c >= 'a' ? *c - 32 : *c >= 'A' ? *c + 32 : *c);
        strcat(out, ranks[i]);
        if (i)
            strcat(out, "/");
    }
    strcat(out, side == 'w' ? " b - - 0 1" : " w - - 0 1");
}

START_TEST(evaluation_is_colour_symmetric)
{
    static const char *const fens[] = {
        "rbnkknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNKKNBR w - - 0 1",
        "1b2k2r/1pp1kb1p/2p5/1P1p2p1/2r1n3/3P2P1/BNK1PKP1/6BR w - - 0 1",
        "rb1kknbr/p4N1p/4p3/p2p4/1PP1R1P1/P7/1K2P2P/RB1K1n2 b - - 0 1",
        "kk2K3/4p3/2Pp1pP1/4p3/4P3/8/8/7K w - - 0 1",
        NULL,
    };
    load(fens[0]);
    ck_assert_int_eq(iw->evaluate(pos), 0);
    for (int i = 0; fens[i]; i++) {
        char mirrored[128];
        load(fens[i]);
        int score = iw->evaluate(pos);
        mirror_fen(fens[i], mirrored);
        load(mirrored);
        ck_assert_msg(iw->evaluate(pos) == score, "%s: %d vs %d", mirrored, iw->evaluate(pos), score);
    }
}
END_TEST

/* Every Interweave weight at 0 but the named ones (NULL-terminated), which keep their defaults. */
static void only_weights(const char *const keep[])
{
    const struct eval_params *t = iw->eval_params;
    for (int i = 0; i < t->count; i++) {
        bool kept = false;
        for (int k = 0; keep[k]; k++)
            kept = kept || strcmp(keep[k], t->params[i].name) == 0;
        *t->params[i].value = kept ? t->params[i].default_value : 0;
    }
    eval_params_changed(t);
}

static int eval_of(const char *fen)
{
    load(fen);
    return iw->evaluate(pos);
}

/* Black's Remover on e4 can take White's Leaper on d4 (and be taken by it); on h5 neither. */
#define LEAPER_HANGS "5k1k/8/8/8/3Nb3/8/8/K1K5 w - - 0 1"
#define LEAPER_SAFE "5k1k/8/8/7b/3N4/8/8/K1K5 w - - 0 1"

START_TEST(a_hanging_piece_costs_the_side_to_move)
{
    only_weights((const char *const[]){"HangingPiece", NULL});
    ck_assert_int_lt(eval_of(LEAPER_HANGS), eval_of(LEAPER_SAFE));
    ck_assert_int_eq(eval_of(LEAPER_SAFE), 0);
    eval_params_reset(iw->eval_params);
}
END_TEST

START_TEST(a_capture_in_hand_is_a_threat)
{
    only_weights((const char *const[]){"Threat", NULL});
    ck_assert_int_gt(eval_of(LEAPER_HANGS), eval_of(LEAPER_SAFE));
    eval_params_reset(iw->eval_params);
}
END_TEST

/* White's King on a1 stands next to Black's Remover on b1; in the second
 * position White also has a Pawn capture (h4 over h5), which it must make. */
START_TEST(a_hanging_king_costs_more_when_a_capture_is_forced)
{
    only_weights((const char *const[]){"HangingKing", NULL});
    ck_assert_int_lt(eval_of("5k1k/8/8/8/8/8/8/KbK5 w - - 0 1"), eval_of("5k1k/8/8/8/8/8/8/K1K1b3 w - - 0 1"));
    only_weights((const char *const[]){"HangingKing", "ForcedHangingPercent", NULL});
    ck_assert_int_lt(eval_of("5k1k/8/8/7p/7P/8/8/KbK5 w - - 0 1"), eval_of("5k1k/8/8/8/8/8/8/KbK5 w - - 0 1"));
    eval_params_reset(iw->eval_params);
}
END_TEST

START_TEST(a_hanging_pawn_costs_the_side_to_move)
{
    only_weights((const char *const[]){"HangingPawn", NULL});
    /* Black's Pawn on d5 can jump over White's on d4 to d3. */
    ck_assert_int_lt(eval_of("5k1k/8/8/3p4/3P4/8/8/K1K5 w - - 0 1"), eval_of("5k1k/8/7p/8/3P4/8/8/K1K5 w - - 0 1"));
    eval_params_reset(iw->eval_params);
}
END_TEST

/* Each kind's quiet steps count: on d4 it has more than on h1 (or, for the
 * Kings, on d4 and a1 more than on a1 and c1). */
START_TEST(central_pieces_are_more_mobile)
{
    static const struct {
        const char *weight, *central, *cornered;
    } cases[] = {
        {"MobSmasher", "5k1k/8/8/8/3R4/8/8/K1K5 w - - 0 1", "5k1k/8/8/8/8/8/8/K1K4R w - - 0 1"},
        {"MobLeaper", "5k1k/8/8/8/3N4/8/8/K1K5 w - - 0 1", "5k1k/8/8/8/8/8/8/K1K4N w - - 0 1"},
        {"MobRemover", "5k1k/8/8/8/3B4/8/8/K1K5 w - - 0 1", "5k1k/8/8/8/8/8/8/K1K4B w - - 0 1"},
        {"MobKing", "5k1k/8/8/8/3K4/8/8/K7 w - - 0 1", "5k1k/8/8/8/8/8/8/K1K5 w - - 0 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        only_weights((const char *const[]){cases[i].weight, NULL});
        int central = eval_of(cases[i].central), cornered = eval_of(cases[i].cornered);
        ck_assert_msg(central > cornered, "%s: %d <= %d", cases[i].weight, central, cornered);
    }
    eval_params_reset(iw->eval_params);
}
END_TEST

static Suite *interweave_suite(void)
{
    Suite *s = suite_create("interweave");
    TCase *tc = tcase_create("interweave");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fen_round_trip_with_ep_suffix);
    tcase_add_test(tc, fen_errors);
    tcase_add_test(tc, keys_and_unmake_through_chains);
    tcase_add_test(tc, chain_keeps_side_and_records_pending);
    tcase_add_test(tc, outcomes);
    tcase_add_test(tc, ep_survives_the_chain_and_then_clears);
    tcase_add_test(tc, xboard_locust_forms);
    tcase_add_test(tc, xboard_setup_is_sent_as_xboard_reads_it);
    tcase_add_test(tc, evaluation_is_colour_symmetric);
    tcase_add_test(tc, a_hanging_piece_costs_the_side_to_move);
    tcase_add_test(tc, a_capture_in_hand_is_a_threat);
    tcase_add_test(tc, a_hanging_king_costs_more_when_a_capture_is_forced);
    tcase_add_test(tc, a_hanging_pawn_costs_the_side_to_move);
    tcase_add_test(tc, central_pieces_are_more_mobile);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(interweave_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
