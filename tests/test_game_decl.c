/* Each game's declaration (variants/game_decl.h): every registered game has
 * one, found by index and by entry; the registry's check refuses a
 * declaration that disagrees with its entry; the chess family builds its
 * powers, promotion and castling from what a declaration says. */
#include <check.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/chess.h"
#include "variants/registry.h"
#include "variants/view.h"

START_TEST(every_registered_game_is_declared)
{
    for (int i = 0; i < variant_count(); i++) {
        const struct game_decl *g = game_at(i);
        ck_assert_ptr_nonnull(g);
        ck_assert_ptr_eq(g->variant, variant_at(i));
        ck_assert_ptr_eq(game_of(variant_at(i)), g);
        ck_assert_ptr_eq(game_of(variant_find(g->variant->id)), g);
        ck_assert_msg(g->rules_card && strncmp(g->rules_card, "<p>", 3) == 0, "%s: rules card", g->variant->id);
        char err[VARIANT_ERR_LEN];
        ck_assert_msg(game_decl_check(g, err, sizeof err) == 0, "%s", err);
    }
    ck_assert_ptr_null(game_at(variant_count()));
    ck_assert_ptr_null(game_at(-1));
}
END_TEST

/* XBoard knows orthodox chess: no set-up; every other game sends one. */
START_TEST(xboard_setup_is_declared_where_xboard_needs_one)
{
    for (int i = 0; i < variant_count(); i++) {
        const struct game_decl *g = game_at(i);
        bool normal = strcmp(g->variant->id, "normal") == 0;
        ck_assert_msg((g->xboard == NULL) == normal, "%s", g->variant->id);
    }
    ck_assert_ptr_nonnull(game_of(variant_find("interweave"))->xboard_move);
    ck_assert_ptr_nonnull(game_of(variant_find("dialectic"))->xboard_parse);
}
END_TEST

/* A copy of an entry that is not registered (as a test makes) gets the empty
 * declaration: no XBoard set-up, the GUI's defaults. */
START_TEST(an_unregistered_entry_has_the_empty_declaration)
{
    static struct variant copy;
    copy = *variant_find("interweave");
    const struct game_decl *g = game_of(&copy);
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_null(g->variant);
    ck_assert_ptr_null(g->xboard);
    ck_assert_ptr_null(g->xboard_move);
    ck_assert_ptr_nonnull(view_of(&copy));
    ck_assert(!view_of(&copy)->legs_continue);
    ck_assert(view_of(variant_find("interweave"))->legs_continue);
}
END_TEST

/* A declaration like orthodox chess's, each test changing one thing. */
static struct game_decl chess_like(void)
{
    struct game_decl g = {
        .variant = variant_find("normal"),
        .pieces = {CHESS_ORTHODOX_PIECES},
        .promotion = "QRBN",
        .castling = CHESS_ORTHODOX_CASTLING,
        .rules_card = "<p>card</p>",
        .rules_doc = "normal",
    };
    return g;
}

static void refused(const struct game_decl *g, const char *why)
{
    char err[VARIANT_ERR_LEN] = "";
    ck_assert_int_eq(game_decl_check(g, err, sizeof err), -1);
    ck_assert_msg(strstr(err, why), "message \"%s\" does not say \"%s\"", err, why);
}

START_TEST(the_check_refuses_a_declaration_at_odds_with_its_entry)
{
    struct game_decl g = chess_like();
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(game_decl_check(&g, err, sizeof err) == 0, "%s", err);

    g.pieces[KNIGHT].letter = 'H';
    refused(&g, "declared as 'H'");
    g = chess_like();
    g.pieces[7] = (struct piece_decl){'G', "Extra", NULL, NULL};
    refused(&g, "declared as 'G'");
    g = chess_like();
    g.pieces[ROOK].betza = "RX";
    refused(&g, "invalid Betza");
    g = chess_like();
    g.promotion = "QZ";
    refused(&g, "promotion to 'Z'");
    g = chess_like();
    g.castling[3].rook_to = "z9";
    refused(&g, "castling right 3");
    g = chess_like();
    memset(g.castling, 0, sizeof g.castling);
    refused(&g, "castling right 0 is missing");
    g = chess_like();
    g.rules_card = NULL;
    refused(&g, "no rules card");
    g = chess_like();
    g.xboard = &(const struct xboard_setup){.piece_to_char = "PNBRQKpnbrqk", .files = 10, .ranks = 8};
    refused(&g, "XBoard's board is 10x8");
    g = chess_like();
    g.variant = NULL;
    refused(&g, "without an entry");
}
END_TEST

static bool has_ray(const struct piece_power *p, int dx, int dy, int range)
{
    for (int i = 0; i < p->count; i++)
        if (p->rays[i].step == step_of(dx, dy) && p->rays[i].range == range)
            return true;
    return false;
}

/* The chess family reads a piece's power, the promotion list and the castling squares from the declaration. */
START_TEST(chess_rules_come_from_the_declaration)
{
    static struct chess_rules r;
    struct game_decl g = chess_like();
    g.pieces[KNIGHT].betza = "NW"; /* a Knight that also steps orthogonally */
    g.promotion = "NQ";
    g.castling[0] = (struct castle_decl){"e1", "b1", "a1", "c1"};
    chess_rules_declared(&r, &g);
    ck_assert_int_eq(r.fixed.power[KNIGHT][WHITE].count, 12);
    ck_assert(has_ray(&r.fixed.power[KNIGHT][WHITE], 0, 1, 1));
    ck_assert(has_ray(&r.fixed.power[ROOK][BLACK], 0, -1, RAY_UNLIMITED));
    ck_assert_int_eq(r.promo_count, 2);
    ck_assert_int_eq(r.promo_types[0], KNIGHT);
    ck_assert_int_eq(r.promo_types[1], QUEEN);
    ck_assert_int_eq(r.castle[0].king_to, make_square(1, 0));
    ck_assert_int_eq(r.castle[0].rook_to, make_square(2, 0));
    /* a1 is now the Rook's square of both White rights */
    ck_assert_int_eq(r.castle_keep[make_square(0, 0)], 15 & ~(1 << 0) & ~(1 << 1));

    g.pieces[KNIGHT].betza = NULL; /* the game's code gives it its powers */
    chess_rules_declared(&r, &g);
    ck_assert_int_eq(r.fixed.power[KNIGHT][WHITE].count, 0);
    ck_assert_int_eq(r.fixed.power[PAWN][WHITE].count, 2); /* the Pawn's capture rays, always the family's */
}
END_TEST

/* The GUI's piece names and images are the declaration's. */
START_TEST(the_view_names_pieces_as_declared)
{
    static struct position pos;
    static struct board_view board;
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find("interdependent");
    zobrist_init();
    ck_assert_msg(fen_read(&pos, v, v->start_fen, err, sizeof err) == 0, "%s", err);
    view_describe(&pos, &board);
    int universalists = 0;
    for (int i = 0; i < board.piece_count; i++) {
        const struct view_piece *p = &board.piece[i];
        const struct piece_decl *d = &game_of(v)->pieces[strchr(v->piece_letters, p->letter) - v->piece_letters];
        ck_assert_str_eq(p->name, d->name);
        ck_assert(p->glyph == d->glyph);
        universalists += strcmp(p->name, "Universalist") == 0;
    }
    ck_assert_int_eq(universalists, 2);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("game_decl");
    TCase *tc = tcase_create("declarations");
    tcase_add_test(tc, every_registered_game_is_declared);
    tcase_add_test(tc, xboard_setup_is_declared_where_xboard_needs_one);
    tcase_add_test(tc, an_unregistered_entry_has_the_empty_declaration);
    tcase_add_test(tc, the_check_refuses_a_declaration_at_odds_with_its_entry);
    tcase_add_test(tc, chess_rules_come_from_the_declaration);
    tcase_add_test(tc, the_view_names_pieces_as_declared);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
