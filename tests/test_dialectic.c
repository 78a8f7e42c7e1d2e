/* Dialectic and Hegelian Dialectic Chess: FEN field 7, make/unmake of the
 * tokens and their history, Great Philosopher promotion, the no-repeat rule,
 * the TT-only key bits, the evaluation's dependence on the tokens and the
 * direction of each evaluation term. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "variants/family.h"
#include "variants/registry.h"
#include "protocol/xboard_setup.h"

static struct position *pos;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
}

static void teardown(void) { free(pos); }

static void load(const char *variant, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    int rc = fen_read(pos, v, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

static void play(const char *text)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, text, &t) == 0, "illegal: %s", text);
    turn_make(pos, &t);
}

static bool legal(const char *text)
{
    struct turn t;
    return turn_parse(pos, text, &t) == 0;
}

static void fen_is(const char *want)
{
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, want);
}

struct case_fen {
    const char *variant;
    const char *fen;
};

static const struct case_fen fens[] = {
    {"dialectic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A21"},
    {"dialectic", "7k/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T12A21"},
    {"dialectic", "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 T12A21"},
    {"dialectic", "r3k2r/8/8/8/8/6n1/8/R3K2R w KQkq - 0 1 T12A21"},
    {"dialectic", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 T12A21"},
    {"dialectic", "4k3/8/3g4/8/8/4G3/8/4K3 w - - 0 1 T01A12"},
    {"hegelian", "4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T11A11"},
    {"hegelian", "r3k2r/8/8/8/8/6n1/8/R3K2R w KQkq - 0 1 T11A11"},
    {NULL, NULL},
};

START_TEST(fen_round_trip_and_defaults)
{
    for (int i = 0; fens[i].fen; i++) {
        load(fens[i].variant, fens[i].fen);
        fen_is(fens[i].fen);
    }
    load("dialectic", "4k3/8/8/8/8/8/8/4K3 w - -");
    fen_is("4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12A21");
    load("dialectic", "4k3/8/8/8/8/8/8/4K3 b - - T00A22");
    fen_is("4k3/8/8/8/8/8/8/4K3 b - - 0 1 T00A22");
}
END_TEST

START_TEST(bad_dialectic_fields_are_refused)
{
    static const char *const bad[] = {
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T33A21", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12A21x", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 A21T12",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12A12", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12A21 T12A21",
    };
    char err[VARIANT_ERR_LEN];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = fen_read(pos, variant_find("dialectic"), bad[i], err, sizeof err);
        ck_assert_msg(rc == -1, "accepted %s", bad[i]);
        ck_assert_msg(strstr(err, "field 7") != NULL, "%s: %s", bad[i], err);
    }
    /* Shared squares are fine in Hegelian Dialectic Chess. */
    load("hegelian", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T12A12");
}
END_TEST

static void check_make_unmake(int depth)
{
    if (depth == 0)
        return;
    const struct variant *v = pos->variant;
    struct move_list list;
    v->generate(pos, &list);
    /* One copy for all the children: a fresh one per child (440 KB with its
     * undo stack) was a mapping of its own under AddressSanitizer. */
    struct position *saved = malloc(sizeof *saved);
    for (int i = 0; i < list.count; i++) {
        memcpy(saved, pos, POSITION_STATE_SIZE);
        uint64_t extra = v->tt_key_extra(pos);
        v->make(pos, list.moves[i]);
        ck_assert_uint_eq(pos->key, position_compute_key(pos));
        check_make_unmake(depth - 1);
        v->unmake(pos, list.moves[i]);
        ck_assert_int_eq(memcmp(saved->board, pos->board, sizeof pos->board), 0);
        ck_assert_uint_eq(saved->key, pos->key);
        ck_assert_int_eq(saved->ep, pos->ep);
        ck_assert_int_eq(saved->halfmove, pos->halfmove);
        ck_assert_int_eq(saved->fullmove, pos->fullmove);
        ck_assert_int_eq(saved->side, pos->side);
        ck_assert_int_eq(saved->castling, pos->castling);
        ck_assert_int_eq(saved->pcount[0], pos->pcount[0]);
        ck_assert_int_eq(saved->pcount[1], pos->pcount[1]);
        ck_assert_int_eq(memcmp(saved->ext, pos->ext, sizeof pos->ext), 0);
        ck_assert_uint_eq(extra, v->tt_key_extra(pos));
    }
    free(saved);
}

START_TEST(make_unmake_restores_everything)
{
    for (int i = 0; fens[i].fen; i++) {
        load(fens[i].variant, fens[i].fen);
        check_make_unmake(3);
    }
}
END_TEST

START_TEST(philosopher_capturing_philosopher_becomes_great)
{
    load("dialectic", "7k/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T12A21");
    play("e3d5");
    fen_is("7k/8/8/3G4/8/8/8/4K3 b - - 0 1 T12A21");
    pos->variant->unmake(pos, pos->history[pos->ply - 1].move);
    fen_is("7k/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T12A21");
    /* A Pawn that captures a Philosopher and promotes to one stays a Philosopher. */
    load("dialectic", "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1 T12A21");
    play("b7a8n");
    fen_is("N3k3/8/8/8/8/8/8/4K3 b - - 0 1 T12A21");
    /* A Great Philosopher capturing stays Great. */
    load("dialectic", "4k3/8/8/8/4n3/8/8/1G2K3 w - - 0 1 T12A11");
    play("b1e4");
    fen_is("4k3/8/8/8/4G3/8/8/4K3 b - - 0 1 T12A11");
}
END_TEST

START_TEST(no_repeat_since_the_last_board_move)
{
    load("dialectic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A21");
    play("T@11");
    ck_assert(!legal("T@12")); /* back to the start pair */
    ck_assert(legal("T@10"));
    play("A@20");
    ck_assert(!legal("A@21")); /* (1,1),(2,1) occurred */
    play("e2e4");              /* a board move forgets the history */
    ck_assert(legal("A@21"));
    play("A@21");
    play("T@12");
    ck_assert(!legal("T@11"));
    fen_is("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 2 3 T12A21");
    /* Set up from a FEN: only the FEN's own dialectic position counts. */
    load("dialectic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1 T11A21");
    ck_assert(legal("T@12"));
}
END_TEST

START_TEST(tt_key_extra_tells_histories_apart)
{
    const struct variant *v = variant_find("dialectic");
    load("dialectic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A21");
    uint64_t start_extra = v->tt_key_extra(pos);
    play("T@11");
    uint64_t played_key = pos->key, played_extra = v->tt_key_extra(pos);
    load("dialectic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1 T11A21");
    ck_assert_uint_eq(pos->key, played_key);         /* same FEN state: same key (repetition) */
    ck_assert_uint_ne(v->tt_key_extra(pos), played_extra); /* different legal moves: different TT key */
    ck_assert_uint_eq(v->tt_key_extra(pos), start_extra);  /* nothing beyond the position itself */
}
END_TEST

START_TEST(dialectic_move_counts_for_fifty_and_ends_en_passant)
{
    load("dialectic", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 T12A21");
    play("T@11");
    fen_is("4k3/8/8/3pP3/8/8/8/4K3 b - - 1 2 T11A21");
}
END_TEST

START_TEST(check_rules_bind_dialectic_moves)
{
    /* A@20 would let the e3 Philosopher capture e1 as a Dabbaba. */
    load("dialectic", "4k3/8/8/8/8/4n3/8/4K3 w - - 0 1 T12A21");
    ck_assert(!legal("A@20"));
    ck_assert(legal("A@22"));
    /* In check, the Thesis cannot help; the Antithesis can. */
    load("dialectic", "4k3/8/8/8/8/8/PPn5/KR6 w - - 0 1 T12A21");
    ck_assert(!legal("T@11"));
    ck_assert(legal("A@11"));
    /* A dialectic move may give check. */
    load("dialectic", "4k3/8/4N3/8/8/8/8/4K3 w - - 0 1 T12A21");
    play("A@20");
    ck_assert(pos->variant->in_check(pos));
}
END_TEST

START_TEST(noisy_steps_include_checking_antithesis_moves)
{
    load("dialectic", "4k3/8/4N3/8/8/8/8/4K3 w - - 0 1 T12A21");
    struct move_list list;
    pos->variant->generate_noisy(pos, &list);
    bool found = false;
    for (int i = 0; i < list.count; i++) {
        char text[32];
        step_text(pos, list.moves[i], text, sizeof text);
        ck_assert_str_ne(text, "A@11");
        ck_assert_str_ne(text, "T@11");
        if (strcmp(text, "A@20") == 0)
            found = true;
    }
    ck_assert(found);
}
END_TEST

START_TEST(philosopher_worth_follows_the_tokens)
{
    /* White has a Philosopher, Black has not: worth more when it can capture as a Knight. */
    load("dialectic", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1 T12A21");
    int knight = pos->variant->evaluate(pos);
    load("dialectic", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1 T12A00");
    int harmless = pos->variant->evaluate(pos);
    ck_assert_int_gt(knight, harmless + 100);
    /* Both sides' Philosophers change together: equal armies stay equal. */
    load("dialectic", "n3k3/8/8/8/8/8/8/N3K3 w - - 0 1 T12A00");
    int a = pos->variant->evaluate(pos);
    load("dialectic", "n3k3/8/8/8/8/8/8/N3K3 w - - 0 1 T12A21");
    ck_assert_int_eq(a, pos->variant->evaluate(pos));
}
END_TEST

/* What the weight `name` adds to the evaluation of the loaded position (side to move's view). */
static int term(const char *name)
{
    const struct eval_params *t = pos->variant->eval_params;
    struct eval_param *p = eval_param_find(t, name);
    ck_assert_msg(p != NULL, "no weight %s", name);
    int with = pos->variant->evaluate(pos);
    ck_assert_int_eq(eval_param_set(p, 0, NULL, 0), 0);
    eval_params_changed(t);
    int without = pos->variant->evaluate(pos);
    eval_params_reset(t);
    return with - without;
}

/* Each evaluation term's direction on a constructed position: the sign of
 * what its weight adds for the side to move. */
static const struct {
    const char *variant, *fen, *weight;
    int sign;
} term_cases[] = {
    /* White's doubled, isolated a-Pawns against Black's connected pair. */
    {"dialectic", "4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1 T12A21", "PawnsAndKingsPercent", -1},
    /* A far-advanced passed Pawn. */
    {"dialectic", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 T12A21", "PawnsAndKingsPercent", 1},
    /* A central Rook on an open board moves far. */
    {"dialectic", "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 T12A21", "MobilityRook", 1},
    /* A Great Philosopher rides on as a Rook with the Thesis on 10. */
    {"dialectic", "4k3/8/8/8/4G3/8/8/4K3 w - - 0 1 T10A21", "MobilityGreat", 1},
    /* Queen, Rook and Philosopher bear on the squares around the black King;
     * with Black to move, its own King is the one in danger. */
    {"dialectic", "6k1/6pp/8/7N/6Q1/8/8/5RK1 w - - 0 1 T12A21", "KingAttackPercent", 1},
    {"dialectic", "6k1/6pp/8/7N/6Q1/8/8/5RK1 b - - 0 1 T12A21", "KingAttackPercent", -1},
    /* A white Bishop attacked by a black Pawn, in both games. */
    {"dialectic", "4k3/8/3p4/4B3/8/8/8/4K3 w - - 0 1 T12A21", "PawnThreat", -1},
    {"hegelian", "4k3/8/3p4/4B3/8/8/8/4K3 w - - 0 1 T11A11", "PawnThreat", -1},
};

START_TEST(each_term_points_the_right_way)
{
    load(term_cases[_i].variant, term_cases[_i].fen);
    int added = term(term_cases[_i].weight);
    ck_assert_msg(added * term_cases[_i].sign > 0, "%s adds %d in %s", term_cases[_i].weight, added,
                  term_cases[_i].fen);
}
END_TEST

START_TEST(philosopher_mobility_follows_the_tokens)
{
    /* A Philosopher leaps like a Knight with the Thesis on 12, not at all on 00. */
    load("dialectic", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 T12A21");
    int knight = term("MobilityPhilosopher");
    load("dialectic", "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 T00A21");
    ck_assert_int_gt(knight, term("MobilityPhilosopher"));
}
END_TEST

START_TEST(xboard_hooks)
{
    const struct game_decl *v = game_of(variant_find("dialectic"));
    char out[512];
    load("dialectic", "7k/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T12A21");
    v->xboard_move(pos, "e3d5", out, sizeof out);
    ck_assert_str_eq(out, "e3d5h");
    v->xboard_move(pos, "e3c4", out, sizeof out);
    ck_assert_str_eq(out, "e3c4");
    v->xboard_move(pos, "A@20", out, sizeof out);
    ck_assert_str_eq(out, "@@@@");
    v->xboard_parse(pos, "e3d5h", out, sizeof out);
    ck_assert_str_eq(out, "e3d5");
    v->xboard_parse(pos, "b7b8n", out, sizeof out);
    ck_assert_str_eq(out, "b7b8n");
    load("dialectic", "4k3/8/3g4/8/8/4G3/8/4K3 w - - 0 1 T01A12");
    xboard_setup_line(pos, out, sizeof out);
    ck_assert_str_eq(out, "setup (PNBRQ.......H........Kpnbrq.......h........k) 8x8+0_fairy "
                          "4k3/8/3h4/8/8/4H3/8/4K3 w - - 0 1\n");
}
END_TEST

/* Issue 45: making a game (the registry makes every built-in one) leaves its
 * 81 power sets (4.5 MB) unbuilt, and
 * a copy of the rules (a Hegelian game's settings) shares them. Each is built
 * when a position first needs its pair, so a few positions build a few. */
START_TEST(power_sets_built_at_first_set_up)
{
    const struct variant *v = variant_find("hegelian");
    char err[VARIANT_ERR_LEN];
    void *rules = dialectic_rules_create(game_of(v), true, "square", err, sizeof err);
    ck_assert_msg(rules != NULL, "%s", err);
    void *copy = dialectic_rules_copy(rules, err, sizeof err);
    ck_assert_ptr_nonnull(copy);
    ck_assert_int_eq(dialectic_rules_built(rules), 0);
    ck_assert_int_eq(dialectic_rules_built(copy), 0);
    ck_assert_int_eq(fen_read_rules(pos, v, copy, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 T00A21", err, sizeof err), 0);
    struct move_list list;
    list.count = 0;
    v->generate(pos, &list);
    /* the pair in force and those the Antithesis's moves test for check */
    ck_assert_int_le(dialectic_rules_built(rules), 4);
    ck_assert_int_ge(dialectic_rules_built(rules), 1);
    ck_assert_int_eq(list.count, 5 + 3 + 2); /* King, Philosopher (leaps 2,1), Antithesis moves 11, 20 and 22 less T */
    v->rules_free(copy);
    v->rules_free(rules);
}
END_TEST

static Suite *dialectic_suite(void)
{
    Suite *s = suite_create("dialectic");
    TCase *tc = tcase_create("dialectic");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fen_round_trip_and_defaults);
    tcase_add_test(tc, bad_dialectic_fields_are_refused);
    tcase_add_test(tc, make_unmake_restores_everything);
    tcase_add_test(tc, philosopher_capturing_philosopher_becomes_great);
    tcase_add_test(tc, no_repeat_since_the_last_board_move);
    tcase_add_test(tc, tt_key_extra_tells_histories_apart);
    tcase_add_test(tc, dialectic_move_counts_for_fifty_and_ends_en_passant);
    tcase_add_test(tc, check_rules_bind_dialectic_moves);
    tcase_add_test(tc, noisy_steps_include_checking_antithesis_moves);
    tcase_add_test(tc, philosopher_worth_follows_the_tokens);
    tcase_add_loop_test(tc, each_term_points_the_right_way, 0, (int)(sizeof term_cases / sizeof term_cases[0]));
    tcase_add_test(tc, philosopher_mobility_follows_the_tokens);
    tcase_add_test(tc, xboard_hooks);
    tcase_add_test(tc, power_sets_built_at_first_set_up);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(dialectic_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
