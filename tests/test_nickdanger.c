/* Nick Danger Chess: FEN fields and errors, the piece list and Zobrist key of
 * linked pieces, and random games checking at every step that
 *  - the incremental key equals the key computed from scratch,
 *  - unmake restores the position exactly,
 *  - the counted number of turns equals the number of turns made one by one,
 *  - the link actions generated are exactly the candidates that, made on the
 *    board, leave the own King safe. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "variants/nickdanger.h"

/* These tests play the built-in two-board game. */
#include "tests/test_nd_rules.h"
#define ND_R nd_builtin_rules()
#include "protocol/xboard_setup.h"

static struct position *pos;
static const struct variant *nd;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    nd = variant_find("nickdanger");
}

static void teardown(void) { free(pos); }

static const char *const fens[] = {
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 - L -",
    "7k8/16/16/16/3R7R4/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 T +d4l4",
    "r3k2r8/pp1p1ppp8/5n7nP1/1B1Q6NQ4/3q2b5q1b1/2N6pN5/1PP2PPP8/R3K2R8 w KQkq - 0 20 "
    "a2i2,c3k3,e3m3,d4m4,g4o4,d5l5,f6n6,h6p6 T -",
    "r3k2r8/3ppp10/16/16/16/16/16/R3K2RR7 w KQkq - 0 20 a1i1,f1n1,g1o1,c8k8 L +c8k8",
    "4k11/p15/16/10PpP3/16/16/16/4K11 w - l6 0 20 a3i3,b3j3 L +b3j3",
    "2n1k9r1/1P7P3P2/16/16/16/16/16/4K11 w - - 0 20 a3i3,b7j7 L -",
    "r3k11/16/16/16/16/16/3n8n3/4KB10 w - - 0 20 d1l1,d2m2,e2n2,f2i2,a3i3,b3j3,c3k3,d3l3 T -b1j1",
    NULL,
};

static void load(const char *fen)
{
    char err[VARIANT_ERR_LEN];
    int rc = fen_read(pos, nd, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

static void expect_error(const char *fen, const char *what)
{
    char err[VARIANT_ERR_LEN] = "";
    int rc = fen_read(pos, nd, fen, err, sizeof err);
    ck_assert_msg(rc == -1, "accepted: %s", fen);
    ck_assert_msg(strstr(err, what) != NULL, "'%s' lacks '%s'", err, what);
}

START_TEST(fen_round_trip)
{
    for (int i = 0; fens[i]; i++) {
        char out[FEN_MAX_LEN];
        load(fens[i]);
        fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, fens[i]);
        ck_assert(pos->key == position_compute_key(pos));
    }
}
END_TEST

START_TEST(fen_links_read_in_any_order_and_defaults)
{
    char out[FEN_MAX_LEN];
    load("7k8/16/16/16/16/16/16/K15 w - - 0 20 h4p4,a4i4 L");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,h4p4 L -");
    load("7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 L -");
    ck_assert_int_eq(nd_cst(pos)->phase, ND_PHASE_TWINKLE);
    load("rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq -");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 - L -");
}
END_TEST

START_TEST(fen_errors)
{
    expect_error("7k8/16/16/16/3R12/16/16/K15 w - - 0 20 d4l4 L -", "both of its locations");
    expect_error("7k8/16/16/16/3R7N4/16/16/K15 w - - 0 20 d4l4 L -", "both of its locations");
    expect_error("7k8/16/16/16/16/16/16/K7K7 w - - 0 20 a1i1 L -", "King");
    expect_error("7k8/16/16/16/16/16/16/8K7 w - - 0 20 - L -", "board 1");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 a4j5 L -", "field 7");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 i4a4 L -", "field 7");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,a4j4 L -", "twice");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4,a5i5 T -",
                 "more than 8");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 - X -", "field 8");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 - T *a4i4", "field 9");
    expect_error("7k8/16/16/16/16/16/16/K15 w - - 0 20 - T - extra", "field 10");
}
END_TEST

START_TEST(linked_piece_listed_once)
{
    load("7k8/16/16/16/3R7R4/16/16/K15 w - - 0 20 d4l4 L -");
    ck_assert_int_eq(pos->pcount[WHITE], 2);
    Square d4 = make_square(3, 3), l4 = make_square(ND_BOARD1_COL + 3, 3);
    ck_assert_int_eq(pos->board[d4], make_piece(WHITE, ROOK));
    ck_assert_int_eq(pos->board[l4], make_piece(WHITE, ROOK));
    ck_assert(pos->plist[WHITE][pos->plist_index[d4]] == d4);
}
END_TEST

START_TEST(turn_texts_parse)
{
    struct turn t;
    char out[FEN_MAX_LEN];
    load(fens[2]);
    /* Part 1 from a board-1 location, then breaks of occupied links with both choices. */
    ck_assert_int_eq(turn_parse(pos, "l5l8,xd4m4m4", &t), 0);
    ck_assert_int_eq(t.count, 2);
    turn_make(pos, &t);
    fen_write(pos, out, sizeof out);
    /* The Queen leaves d5=l5 from l5 (the link stays, empty); the Black Queen stays on m4, stranded. */
    ck_assert_str_eq(out, "r3k2r3Q4/pp1p1ppp8/5n7nP1/1B8N5/6b5q1b1/2N6pN5/1PP2PPP8/R3K2R8 b KQkq - 1 20 "
                          "a2i2,c3k3,e3m3,g4o4,d5l5,f6n6,h6p6 T -d4m4");
    turn_unmake(pos, &t);
    ck_assert_int_eq(turn_parse(pos, "d5d6,xf6n6f6", &t), 0);
    ck_assert_int_eq(turn_parse(pos, "d5d6,xe3m3", &t), 0);
    ck_assert_int_eq(turn_parse(pos, "d5d6,xe3m3e3", &t), -1); /* an empty link has no choice */
    ck_assert_int_eq(turn_parse(pos, "d5d6", &t), -1);         /* part 2 is owed */
    load(fens[0]);
    ck_assert_int_eq(turn_parse(pos, "e2e4", &t), 0);
    ck_assert_int_eq(turn_parse(pos, "e2e4,a3i3", &t), -1); /* White's first turn has no part 2 */
    turn_make(pos, &t);
    ck_assert_int_eq(turn_parse(pos, "e7e5,a3k3", &t), 0);
    ck_assert_int_eq(turn_parse(pos, "e7e5,e4m4", &t), 0);
    ck_assert_int_eq(turn_parse(pos, "e7e5,e1m1", &t), -1); /* never a King's square */
}
END_TEST

START_TEST(xboard_setup_is_sent_as_xboard_reads_it)
{
    char out[FEN_MAX_LEN + 64];
    load(fens[0]);
    xboard_setup_line(pos, out, sizeof out);
    ck_assert_str_eq(out, "setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq "
                          "- 0 1\n");
}
END_TEST

/* ---- Random games -------------------------------------------------------------- */

static uint64_t rng_state = 12345;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

static void check_piece_lists(void)
{
    int seen = 0;
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            ck_assert(is_piece(pos->board[sq]) && piece_color(pos->board[sq]) == c);
            ck_assert_int_eq(pos->plist_index[sq], i);
            /* A linked piece is listed at its board-0 location. */
            ck_assert(!nd_board_of(ND_R, sq) || !nd_linked(ND_R, nd_cst(pos), sq));
            seen++;
        }
    int on_board = 0;
    for (Square sq = 0; sq < BOARD_SIZE; sq++)
        if (is_piece(pos->board[sq]) && !(nd_board_of(ND_R, sq) && nd_linked(ND_R, nd_cst(pos), sq)))
            on_board++;
    ck_assert_int_eq(seen, on_board);
}

struct counter {
    int n;
};

static void count_one(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    (void)t;
    ((struct counter *)ctx)->n++;
}

static bool contains(const struct move_list *l, Move m)
{
    for (int i = 0; i < l->count; i++)
        if (l->moves[i] == m)
            return true;
    return false;
}

/* The generated link actions are exactly the candidates that leave the King safe when made. */
static void check_link_actions(void)
{
    struct move_list gen, cand;
    nd_generate(pos, &gen);
    nd_generate_link_candidates(pos, &cand);
    int legal = 0;
    for (int i = 0; i < cand.count; i++) {
        Move m = cand.moves[i];
        nd_apply_link_raw(pos, m);
        ck_assert(pos->key == position_compute_key(pos));
        bool safe = !nd_in_check(pos);
        nd_unmake(pos, m);
        ck_assert_msg(safe == contains(&gen, m), "link action %x: safe %d, generated %d", m, safe,
                      contains(&gen, m));
        legal += safe;
    }
    ck_assert_int_eq(legal, gen.count);
    ck_assert_uint_eq(count_turns(pos), (uint64_t)gen.count);
}

static void check_node(void)
{
    ck_assert(pos->key == position_compute_key(pos));
    check_piece_lists();
    if (nd_cst(pos)->part2) {
        check_link_actions();
    } else {
        struct counter c = {0};
        for_each_turn(pos, count_one, &c);
        ck_assert_uint_eq(count_turns(pos), (uint64_t)c.n);
    }
}

static void play_random_game(const char *fen, int max_steps)
{
    load(fen);
    char before[FEN_MAX_LEN], after[FEN_MAX_LEN];
    for (int step = 0; step < max_steps; step++) {
        check_node();
        struct move_list list;
        nd_generate(pos, &list);
        if (list.count == 0)
            break;
        /* Make and unmake every step: the position must come back exactly. */
        fen_write(pos, before, sizeof before);
        uint64_t key = pos->key;
        for (int i = 0; i < list.count; i += 1 + (int)(rnd() % 7)) {
            nd_make(pos, list.moves[i]);
            ck_assert(pos->key == position_compute_key(pos));
            nd_unmake(pos, list.moves[i]);
            fen_write(pos, after, sizeof after);
            ck_assert_str_eq(after, before);
            ck_assert(pos->key == key);
        }
        /* Prefer captures and breaks now and then so that games reach every rule. */
        Move m = list.moves[rnd() % (uint32_t)list.count];
        for (int tries = 0; tries < 3; tries++) {
            Move c = list.moves[rnd() % (uint32_t)list.count];
            if (nd_is_capture(pos, c) || move_kind(c) == MK_UNLINK)
                m = c;
        }
        nd_make(pos, m);
    }
}

START_TEST(random_games)
{
    for (int g = 0; g < 3; g++)
        for (int i = 0; fens[i]; i++)
            play_random_game(fens[i], 60);
}
END_TEST

START_TEST(twinkle_phase_is_reached)
{
    load(fens[0]);
    for (int step = 0; step < 200 && nd_cst(pos)->phase != ND_PHASE_TWINKLE; step++) {
        struct move_list list;
        nd_generate(pos, &list);
        ck_assert_int_gt(list.count, 0);
        nd_make(pos, list.moves[0]); /* the generator's favourite: tests the ordering does not stall */
    }
    ck_assert_int_eq(nd_cst(pos)->phase, ND_PHASE_TWINKLE);
}
END_TEST

/* ---- Evaluation terms: each one's share of the evaluation (the evaluation
 * with the weight at its default minus with the weight at 0), from the side
 * to move's view, on a constructed position. */

static int term_share(const char *fen, const char *weight)
{
    struct eval_param *p = eval_param_find(nd->eval_params, weight);
    ck_assert_msg(p != NULL, "no weight %s", weight);
    load(fen);
    int with = nd->evaluate(pos);
    char err[128];
    ck_assert_int_eq(eval_param_set(p, 0, err, sizeof err), 0);
    eval_params_changed(nd->eval_params);
    int without = nd->evaluate(pos);
    eval_params_reset(nd->eval_params);
    return with - without;
}

START_TEST(mobility_counts_reachable_squares)
{
    /* White's Rook on an open board, Black's boxed in by its own Pawns. */
    ck_assert_int_gt(term_share("r3k11/pp14/16/16/16/16/16/R3K11 w - - 0 20 - T -", "MobilityRook"), 0);
}
END_TEST

START_TEST(king_danger_counts_attacks_next_to_the_king)
{
    ck_assert_int_gt(term_share("6k9/16/16/7Q8/16/16/16/4KR10 w - - 0 20 - T -", "KingDangerPercent"), 0);
}
END_TEST

START_TEST(king_danger_sees_a_link_next_to_the_king)
{
    /* The board-1 Rook on n1 joins the Queen's attack only through the link f7=n7. */
    const char *unlinked = "6k9/16/16/7Q8/16/16/16/4K8R2 w - - 0 20 - T -";
    const char *linked = "6k9/16/16/7Q8/16/16/16/4K8R2 w - - 0 20 f7n7 T -";
    ck_assert_int_eq(term_share(unlinked, "KingDangerPercent"), 0);
    ck_assert_int_gt(term_share(linked, "KingDangerPercent"), 0);
}
END_TEST

START_TEST(threats_count_attacked_pieces)
{
    /* A Black Knight attacked by a White Pawn; a Black Knight attacked by a Rook and undefended. */
    ck_assert_int_gt(term_share("4k11/16/16/3n12/4P11/16/16/4K11 w - - 0 20 - T -", "ThreatByLesser"), 0);
    ck_assert_int_gt(term_share("4k11/16/16/n15/16/16/16/R3K11 w - - 0 20 - T -", "Hanging"), 0);
}
END_TEST

START_TEST(pawn_structure_favours_a_passed_pawn)
{
    ck_assert_int_gt(term_share("4k11/16/3P12/16/16/16/16/4K11 w - - 0 20 - T -", "PawnsKingsPercent"), 0);
    ck_assert_int_lt(term_share("4k11/16/3P12/16/16/16/16/4K11 b - - 0 20 - T -", "PawnsKingsPercent"), 0);
}
END_TEST

static Suite *nickdanger_suite(void)
{
    Suite *s = suite_create("nickdanger");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fen_round_trip);
    tcase_add_test(tc, fen_links_read_in_any_order_and_defaults);
    tcase_add_test(tc, fen_errors);
    tcase_add_test(tc, linked_piece_listed_once);
    tcase_add_test(tc, turn_texts_parse);
    tcase_add_test(tc, xboard_setup_is_sent_as_xboard_reads_it);
    tcase_add_test(tc, random_games);
    tcase_add_test(tc, twinkle_phase_is_reached);
    suite_add_tcase(s, tc);
    TCase *te = tcase_create("evaluation");
    tcase_add_checked_fixture(te, setup, teardown);
    tcase_add_test(te, mobility_counts_reachable_squares);
    tcase_add_test(te, king_danger_counts_attacks_next_to_the_king);
    tcase_add_test(te, king_danger_sees_a_link_next_to_the_king);
    tcase_add_test(te, threats_count_attacked_pieces);
    tcase_add_test(te, pawn_structure_favours_a_passed_pawn);
    suite_add_tcase(s, te);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(nickdanger_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
