/* The Single Square games (variants/ssq.h): Pickle's linked square and
 * Shifted Square's removed and added squares, their settings (Link, Shift)
 * and how the GUI shows them. The perft suites (perft/suites/pickle.epd,
 * shifted-square.epd) and the reference (tests/reference/ssq_ref.py) check
 * the move counts; these tests check what the counts cannot see. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"
#include "variants/registry.h"
#include "variants/view.h"

static struct position *pos;
static struct settings game;
static struct board_view *board;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    board = malloc(sizeof *board);
    memset(&game, 0, sizeof game);
}

static void teardown(void)
{
    settings_free(&game);
    free(pos);
    free(board);
}

/* A game of `variant` with setting NAME=VALUE (NULL: the default) from fen (NULL: the start). */
static void load(const char *variant, const char *name, const char *value, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    settings_free(&game);
    ck_assert_int_eq(settings_init(&game, v, err, sizeof err), 0);
    if (value)
        ck_assert_msg(settings_set(&game, name, value, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fen_read_with(pos, &game, fen ? fen : v->start_fen, err, sizeof err) == 0, "%s", err);
}

static bool legal(const char *text)
{
    struct turn t;
    return turn_parse(pos, text, &t) == 0;
}

static void play(const char *text)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, text, &t) == 0, "illegal: %s", text);
    turn_make(pos, &t);
}

static void fen_is(const char *want)
{
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    ck_assert_str_eq(fen, want);
}

/* Betza's example: after 1. e2-e4, a7-a6 attacks the Pawn (through x5). */
START_TEST(pickle_betza_example)
{
    load("pickle", NULL, NULL, NULL);
    play("e2e4");
    play("a7a6");
    play("g1f3");
    ck_assert(legal("a6e4"));
    play("a6e4");
    fen_is("rnbqkbnr/1ppppppp/8/8/4p3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    /* The Black Pawn on e4 is also on x5: it takes on a4 from there (x5 to a4 is a diagonal step forward). */
    play("a2a4");
    ck_assert(legal("e4a4"));
}
END_TEST

/* A rider passing over the linked square goes on along its line, never to x5. */
START_TEST(pickle_rider_passes_over)
{
    /* A Rook crossing e4 goes on along the fourth rank or the e-file... */
    load("pickle", NULL, NULL, "7k/8/8/8/8/8/8/R3RK2 w - - 0 1");
    ck_assert(legal("e1e8"));
    ck_assert(legal("a1a5"));
    /* ...and never on from x5 along the fifth rank. */
    ck_assert(!legal("e1a5"));
    ck_assert(!legal("e1h5"));
    /* A Rook on a5 reaches e4 by one step west, to x5. */
    load("pickle", NULL, NULL, "7k/8/8/R7/8/8/8/5K2 w - - 0 1");
    ck_assert(legal("a5e4"));
    /* A Rook standing on e4 moves from both places: along the fifth rank from x5. */
    load("pickle", NULL, NULL, "7k/8/8/8/4R3/8/8/5K2 w - - 0 1");
    ck_assert(legal("e4a5"));
    ck_assert(legal("e4h5"));
    ck_assert(legal("e4e8"));
    ck_assert(!legal("e4a6"));
}
END_TEST

/* The King on the linked square is attacked at both places. */
START_TEST(pickle_check_through_the_link)
{
    load("pickle", "Link", "e1=x5", "4k3/8/b7/8/8/8/8/4K3 w - - 0 1");
    ck_assert(pos->variant->in_check(pos));
}
END_TEST

START_TEST(shifted_hole_and_added_square)
{
    load("shifted-square", NULL, NULL, NULL);
    ck_assert(!legal("e2e4"));
    ck_assert(legal("e2e3"));
    load("shifted-square", NULL, NULL, "4k3/8/8/R7/8/8/8/4K3 w - - 0 1 -");
    play("a5x5");
    fen_is("4k3/8/8/8/8/8/8/4K3 b - - 1 1 R");
    play("e8d8");
    /* From x5 the Rook slides along the fifth rank again, and a6-a4 are not on its lines. */
    ck_assert(legal("x5h5"));
    ck_assert(!legal("x5a6"));
    /* A piece on the removed square is refused. */
    char err[VARIANT_ERR_LEN];
    ck_assert_int_ne(fen_read_with(pos, &game, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1 -", err, sizeof err), 0);
    ck_assert_msg(strstr(err, "e4 is removed") != NULL, "%s", err);
}
END_TEST

/* Malformed settings are refused naming the setting and what is allowed; the value stays. */
START_TEST(bad_settings_refused)
{
    static const char *const bad[] = {"e4=e5", "e4", "z9=x5", "x5=e4", "e4=x9", "i4=x5", "e4=y5", "", "e4=x5x"};
    char err[VARIANT_ERR_LEN], value[32];
    load("pickle", NULL, NULL, NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(settings_set(&game, "Link", bad[i], err, sizeof err) != 0, "Link=%s taken", bad[i]);
        ck_assert_msg(strstr(err, "Link") && strstr(err, "x1 to x8") && strstr(err, "z1 to z8"), "%s", err);
        settings_get(&game, "Link", value, sizeof value);
        ck_assert_str_eq(value, "e4=x5");
    }
    load("shifted-square", NULL, NULL, NULL);
    ck_assert_int_ne(settings_set(&game, "Shift", "e2=x5", err, sizeof err), 0); /* a square occupied at the start */
    ck_assert_msg(strstr(err, "Shift") && strstr(err, "a3 to h6"), "%s", err);
    ck_assert_int_eq(settings_set(&game, "Shift", "d6=z3", err, sizeof err), 0);
    settings_get(&game, "Shift", value, sizeof value);
    ck_assert_str_eq(value, "d6=z3");
}
END_TEST

static bool has_cell(const char *name)
{
    for (int r = 0; r < board->area[0].rows; r++)
        for (int c = 0; c < board->area[0].cols; c++)
            if (strcmp(board->area[0].cell[r][c], name) == 0)
                return true;
    return false;
}

static bool has_piece(const char *square)
{
    for (int i = 0; i < board->piece_count; i++)
        if (strcmp(board->piece[i].square, square) == 0)
            return true;
    return false;
}

/* The GUI: the added location beside the board, Pickle's link marked, Shifted's hole left out. */
START_TEST(views)
{
    load("pickle", NULL, NULL, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
    view_describe(pos, board);
    ck_assert_int_eq(board->area_count, 1);
    ck_assert_int_eq(board->area[0].cols, 9);
    ck_assert(board->area[0].dark_first);
    ck_assert(has_cell("x5") && has_cell("e4") && !has_cell("x4") && !has_cell("z5"));
    ck_assert(has_piece("e4") && has_piece("x5"));
    ck_assert_int_eq(board->link_count, 1);
    ck_assert_str_eq(board->link[0].a, "e4");
    ck_assert_str_eq(board->link[0].b, "x5");
    load("shifted-square", "Shift", "c5=z2", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 n");
    view_describe(pos, board);
    ck_assert(!board->area[0].dark_first);
    ck_assert(has_cell("z2") && !has_cell("c5") && !has_cell("x5"));
    ck_assert(has_piece("z2"));
    ck_assert_int_eq(board->link_count, 0);
    struct step_clicks sc;
    struct move_list list;
    pos->variant->generate(pos, &list);
    bool found = false;
    for (int i = 0; i < list.count; i++) {
        char text[16];
        pos->variant->format_step(pos, list.moves[i], text, sizeof text);
        if (strcmp(text, "e1f1") != 0)
            continue;
        view_step_clicks(pos, list.moves[i], &sc);
        found = sc.count == 2 && strcmp(sc.click[0], "e1") == 0 && strcmp(sc.click[1], "f1") == 0;
    }
    ck_assert(found);
}
END_TEST

static Suite *ssq_suite(void)
{
    Suite *s = suite_create("ssq");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, pickle_betza_example);
    tcase_add_test(tc, pickle_rider_passes_over);
    tcase_add_test(tc, pickle_check_through_the_link);
    tcase_add_test(tc, shifted_hole_and_added_square);
    tcase_add_test(tc, bad_settings_refused);
    tcase_add_test(tc, views);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ssq_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
