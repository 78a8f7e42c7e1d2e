/* The GUI's view of every variant (variants/view.h): every legal turn has
 * clicks, no turn's clicks are a proper prefix of another's, the clicks
 * determine the turn, every click names a cell, a hand piece or a labelled
 * choice; and each game's special inputs are clicked as docs/gui-protocol.md
 * says (castling, promotion, drops, chains, link actions, dialectic tokens). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/core/turn.h"
#include "variants/registry.h"
#include "variants/view.h"
#include "tests/test_size.h"

static struct position *pos;
static struct board_view *board;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    board = malloc(sizeof *board);
}

static void teardown(void)
{
    free(pos);
    free(board);
}

static void load(const char *variant, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    const char *text = fen ? fen : v->start_fen;
    int rc = fen_read(pos, v, text, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", text, err);
}

static void play(const char *text)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, text, &t) == 0, "illegal: %s", text);
    turn_make(pos, &t);
}

static bool is_cell(const char *name)
{
    for (int a = 0; a < board->area_count; a++)
        for (int r = 0; r < board->area[a].rows; r++)
            for (int c = 0; c < board->area[a].cols; c++)
                if (strcmp(board->area[a].cell[r][c], name) == 0)
                    return true;
    return false;
}

static bool in_hand(const char *letter)
{
    for (int i = 0; i < board->hand_count; i++)
        if (board->hand[i].color == pos->side && board->hand[i].letter == letter[0] && !letter[1])
            return true;
    return false;
}

static bool is_choice(const struct view_turns *t, const char *click)
{
    for (int i = 0; i < t->choice_count; i++)
        if (strcmp(t->choice[i].click, click) == 0)
            return t->choice[i].label[0] != '\0';
    return false;
}

static int by_string(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The invariants, in the current position. Checked with `if`, not
 * ck_assert, in the loops: Check writes every passing assert to its message
 * file, and the walks below reach a million of them. */
static void check_position(const char *where)
{
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    view_describe(pos, board);
    ck_assert_msg(t.count == for_each_turn(pos, NULL, NULL), "%s: %d turns with clicks", where, t.count);
    char **sorted = malloc((size_t)(t.count + 1) * sizeof *sorted);
    for (int i = 0; i < t.count; i++) {
        const struct view_turn *vt = &t.turn[i];
        if (vt->click_count < 2)
            ck_abort_msg("%s: %s has clicks '%s'", where, vt->text, vt->clicks);
        char buf[VIEW_CLICKS_LEN], *rest = buf;
        snprintf(buf, sizeof buf, "%s", vt->clicks);
        for (char *c = text_token(&rest, " "); c; c = text_token(&rest, " ")) {
            bool ok = strncmp(c, "hand:", 5) == 0 ? in_hand(c + 5) : strncmp(c, "choice:", 7) == 0 ? is_choice(&t, c) : is_cell(c);
            if (!ok)
                ck_abort_msg("%s: %s: click '%s' names nothing", where, vt->text, c);
            if (strcmp(c + (strncmp(c, "choice:", 7) == 0 ? 7 : 0), vt->text) == 0 && strchr(c, ':'))
                ck_abort_msg("%s: %s needed the fallback choice", where, vt->text);
        }
        for (int k = 0; k < vt->frame_count; k++)
            if (vt->frame[k].after >= vt->click_count)
                ck_abort_msg("%s: %s: frame %d after click %d of %d", where, vt->text, k, vt->frame[k].after,
                             vt->click_count);
        sorted[i] = t.turn[i].clicks;
    }
    qsort(sorted, (size_t)t.count, sizeof *sorted, by_string);
    for (int i = 0; i + 1 < t.count; i++) {
        size_t n = strlen(sorted[i]);
        if (strcmp(sorted[i], sorted[i + 1]) == 0)
            ck_abort_msg("%s: two turns clicked '%s'", where, sorted[i]);
        if (strncmp(sorted[i], sorted[i + 1], n) == 0 && sorted[i + 1][n] == ' ')
            ck_abort_msg("%s: '%s' is a proper prefix of '%s'", where, sorted[i], sorted[i + 1]);
    }
    free(sorted);
    view_turns_free(&t);
}

struct pick {
    int want, seen;
    struct turn turn;
};

static void pick_turn(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct pick *p = ctx;
    if (p->seen++ == p->want)
        p->turn = *t;
}

/* A few plies of a fixed pseudo-random game, checking every position. */
static void walk(const char *variant, const char *fen, int plies, unsigned seed)
{
    load(variant, fen);
    for (int ply = 0; ply < plies; ply++) {
        char where[FEN_MAX_LEN + 32];
        fen_write(pos, where, sizeof where);
        check_position(where);
        int n = for_each_turn(pos, NULL, NULL);
        if (n == 0 || pos->variant->outcome(pos, n).result != RESULT_NONE)
            return;
        seed = seed * 1103515245u + 12345u;
        struct pick p = {(int)((seed >> 8) % (unsigned)n), 0, {0}};
        for_each_turn(pos, pick_turn, &p);
        turn_make(pos, &p.turn);
    }
}

START_TEST(every_variant_invariants)
{
    const struct variant *v = variant_at(_i);
    walk(v->id, NULL, 10, 7u + (unsigned)_i);
    /* Under the sanitizers, each bench position alone (the eight-link Nick
     * Danger one and its successors took minutes there). */
    for (int k = 0; v->bench_fens && v->bench_fens[k]; k++)
        walk(v->id, v->bench_fens[k], TEST_SIZE(3, 1), 11u * (unsigned)k + 1u);
}
END_TEST

/* The turn written `text`, found in the view's turns. */
static const struct view_turn *find(const struct view_turns *t, const char *text)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->turn[i].text, text) == 0)
            return &t->turn[i];
    ck_abort_msg("no turn %s", text);
    return NULL;
}

static void clicks_are(const char *text, const char *want)
{
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    ck_assert_str_eq(find(&t, text)->clicks, want);
    view_turns_free(&t);
}

START_TEST(orthodox_castling_and_promotion)
{
    load("normal", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    clicks_are("e1g1", "e1 g1");
    clicks_are("e1c1", "e1 c1");
    clicks_are("b7b8q", "b7 b8 choice:q");
    clicks_are("b7a8n", "b7 a8 choice:n");
    check_position("castling and promotion");
}
END_TEST

START_TEST(interdependent_drop)
{
    load("interdependent", "s1ukns/c1ttgc/2g3/3n2/2G3/C1TT1C/SNUKNS[Gg] w - - 0 5");
    clicks_are("G@a4", "hand:G a4");
    view_describe(pos, board);
    ck_assert_int_eq(board->hand_count, 2);
    ck_assert_int_eq(board->hand[0].count, 1);
}
END_TEST

START_TEST(interweave_chain_leg_by_leg)
{
    /* Remover captures without moving: its square twice. */
    load("interweave", "3kk3/8/8/3p4/3B4/8/8/3KK3 w - - 0 1");
    clicks_are("d4d4", "d4 d4");
    /* A Smasher chain: each landing square once, a frame after every leg but the last. */
    load("interweave", "3kk3/8/p7/8/p7/8/8/R2KK3 w - - 0 1");
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    bool chain = false;
    for (int i = 0; i < t.count; i++) {
        int legs = 1;
        for (const char *c = t.turn[i].text; *c; c++)
            legs += *c == ',';
        if (legs < 2)
            continue;
        chain = true;
        ck_assert_int_eq(t.turn[i].frame_count, legs - 1);
        ck_assert_msg(t.turn[i].click_count == legs + 1 || t.turn[i].click_count == legs + 2, "%s: %s",
                      t.turn[i].text, t.turn[i].clicks);
    }
    ck_assert(chain);
    view_turns_free(&t);
    check_position("interweave chain");
}
END_TEST

START_TEST(nickdanger_link_actions)
{
    load("nickdanger", NULL);
    play("e2e4");
    clicks_are("e7e5,a3k3", "e7 e5 a3 k3");
    /* Twinkle phase: breaking an occupied link offers where the piece stays. */
    load("nickdanger", "r3k2r8/pp1p1ppp8/5n7nP1/1B1Q6NQ4/3q2b5q1b1/2N6pN5/1PP2PPP8/R3K2R8 w KQkq - 0 20 "
                       "a2i2,c3k3,e3m3,d4m4,g4o4,d5l5,f6n6,h6p6 T -");
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    int stays = 0;
    for (int i = 0; i < t.count; i++)
        stays += strstr(t.turn[i].clicks, "choice:stay-") != NULL;
    ck_assert_int_gt(stays, 0);
    const struct view_turn *vt = &t.turn[0];
    ck_assert_int_eq(vt->frame_count, 1);
    ck_assert_int_eq(vt->frame[0].after, 2);
    view_turns_free(&t);
    view_describe(pos, board);
    ck_assert_int_eq(board->link_count, 8);
    ck_assert_int_eq(board->area_count, 2);
    check_position("nickdanger twinkle");
}
END_TEST

/* The number a link is shown with (0: no such link). */
static int link_number(const char *a, const char *b)
{
    view_describe(pos, board);
    for (int i = 0; i < board->link_count; i++)
        if (strcmp(board->link[i].a, a) == 0 && strcmp(board->link[i].b, b) == 0)
            return board->link[i].number;
    return 0;
}

static void link_numbers_distinct(void)
{
    view_describe(pos, board);
    for (int i = 0; i < board->link_count; i++) {
        ck_assert(board->link[i].number >= 1 && board->link[i].number <= 8);
        for (int k = 0; k < i; k++)
            ck_assert_int_ne(board->link[i].number, board->link[k].number);
    }
}

/* The first legal turn whose link action makes a link. */
static void play_first_link_make(void)
{
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    char text[TURN_TEXT_LEN] = "";
    for (int i = 0; i < t.count && !text[0]; i++) {
        const char *comma = strchr(t.turn[i].text, ',');
        if (comma && comma[1] != 'x')
            snprintf(text, sizeof text, "%s", t.turn[i].text);
    }
    view_turns_free(&t);
    ck_assert_msg(text[0], "no turn makes a link");
    play(text);
}

/* Issue 28, defect 6: a link keeps its number (and so its colour) while it
 * exists; breaking another does not renumber it. */
START_TEST(nickdanger_link_numbers_stay)
{
    static const char *const pairs[8][2] = {{"a2", "i2"}, {"c3", "k3"}, {"e3", "m3"}, {"d4", "m4"},
                                            {"g4", "o4"}, {"d5", "l5"}, {"f6", "n6"}, {"h6", "p6"}};
    load("nickdanger", "r3k2r8/pp1p1ppp8/5n7nP1/1B1Q6NQ4/3q2b5q1b1/2N6pN5/1PP2PPP8/R3K2R8 w KQkq - 0 20 "
                       "a2i2,c3k3,e3m3,d4m4,g4o4,d5l5,f6n6,h6p6 T -");
    int before[8];
    for (int i = 0; i < 8; i++)
        before[i] = link_number(pairs[i][0], pairs[i][1]);
    link_numbers_distinct();
    play("o6o7,xa2i2"); /* breaks the link stored first: the last one took its slot */
    ck_assert_int_eq(link_number("a2", "i2"), 0);
    for (int i = 1; i < 8; i++)
        ck_assert_msg(link_number(pairs[i][0], pairs[i][1]) == before[i], "%s%s was renumbered", pairs[i][0],
                      pairs[i][1]);
    play_first_link_make(); /* the one free number goes to the new link */
    link_numbers_distinct();
    for (int i = 1; i < 8; i++)
        ck_assert_int_eq(link_number(pairs[i][0], pairs[i][1]), before[i]);
    /* From the start: links are numbered as they are made. */
    load("nickdanger", NULL);
    play("e2e4");
    play("e7e5,a3k3");
    ck_assert_int_eq(link_number("a3", "k3"), 1);
    play_first_link_make();
    ck_assert_int_eq(link_number("a3", "k3"), 1);
    view_describe(pos, board);
    ck_assert_int_eq(board->link_count, 2);
    ck_assert_int_eq(board->link[0].number + board->link[1].number, 3);
}
END_TEST

/* After the move half of a turn the frame says a link action comes next. */
START_TEST(nickdanger_link_action_hint)
{
    load("nickdanger", NULL);
    play("e2e4");
    struct view_turns t;
    ck_assert_int_eq(view_legal_turns(pos, &t), 0);
    int hinted = 0;
    for (int i = 0; i < t.frame_count; i++)
        hinted += strstr(t.frames[i].hint, "link action") != NULL;
    ck_assert_int_eq(hinted, t.frame_count);
    ck_assert_int_gt(t.frame_count, 0);
    view_turns_free(&t);
    view_describe(pos, board);
    ck_assert_str_eq(board->hint, ""); /* a whole turn ahead: the clicks say it */
}
END_TEST

START_TEST(dialectic_tokens)
{
    load("dialectic", NULL);
    clicks_are("T@11", "d12 d11");
    clicks_are("A@20", "d21 d20");
    view_describe(pos, board);
    ck_assert_int_eq(board->token_count, 2);
    ck_assert_str_eq(board->token[0].cell, "d12");
    /* Hegelian, both tokens on one cell: which token moves is a choice. */
    load("hegelian", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 T11A11");
    clicks_are("T@12", "d11 d12 choice:thesis");
    clicks_are("A@12", "d11 d12 choice:antithesis");
    clicks_are("S@12", "d11 d12 choice:synthesis");
    check_position("hegelian shared cell");
}
END_TEST

START_TEST(polypiece_powers_panel)
{
    load("polypiece-phased", NULL);
    view_describe(pos, board);
    ck_assert_int_eq(board->panel_count, 2);
    const struct view_row *queen = &board->panel[1].row[1];
    ck_assert_str_eq(queen->label, "Q");
    ck_assert(!queen->item[0].current);
    ck_assert(queen->item[1].current); /* Black is one entry ahead */
}
END_TEST

/* The squares of the last-turn highlight, joined by spaces. */
static void last_squares_are(const char *variant, const char *fen, const char *text, const char *want)
{
    load(variant, fen);
    struct turn t;
    ck_assert_int_eq(turn_parse(pos, text, &t), 0);
    char before[FEN_MAX_LEN], after[FEN_MAX_LEN], got[64] = "", squares[8][8];
    fen_write(pos, before, sizeof before);
    int n = view_turn_squares(pos, &t, squares, 8);
    fen_write(pos, after, sizeof after);
    ck_assert_str_eq(before, after);
    for (int i = 0; i < n; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", squares[i]);
    ck_assert_str_eq(got, want);
}

START_TEST(last_turn_highlight)
{
    last_squares_are("normal", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1 g1");
    last_squares_are("normal", "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", "b7a8q", "b7 a8");
    last_squares_are("dialectic", NULL, "T@11", "d12 d11");
    last_squares_are("interdependent", "s1ukns/c1ttgc/2g3/3n2/2G3/C1TT1C/SNUKNS[Gg] w - - 0 5", "G@a4", "a4");
    last_squares_are("interweave", "3kk3/8/p7/8/p7/8/8/R2KK3 w - - 0 1", "a1a3,a3a5", "a1 a3 a5");
}
END_TEST

/* Partial information (variant.hidden, docs/rules/partial-shifted-square.md):
 * Shift may take 512 values, each accepted and each its own; the hidden view
 * has no hole, the x- and z-files whole, no check and no shift named. */
START_TEST(hidden_shift_values_and_view)
{
    const struct variant *v = variant_find("shifted-square");
    ck_assert_ptr_nonnull(v->hidden);
    ck_assert_str_eq(v->hidden->option, "Shift");
    ck_assert_int_eq(v->hidden->count, 512);
    struct settings st;
    char err[VARIANT_ERR_LEN], value[16], first[16] = "", last[16] = "";
    ck_assert_int_eq(settings_init(&st, v, err, sizeof err), 0);
    for (int i = 0; i < v->hidden->count; i++) {
        v->hidden->value(i, value, sizeof value);
        ck_assert_msg(settings_set(&st, "Shift", value, err, sizeof err) == 0, "%s: %s", value, err);
        for (int k = 0; k < i; k += 37) { /* a sample of the earlier ones: none the same */
            char other[16];
            v->hidden->value(k, other, sizeof other);
            ck_assert_str_ne(value, other);
        }
        snprintf(i == 0 ? first : last, 16, "%s", value);
    }
    ck_assert_str_eq(first, "a3=x1");
    ck_assert_str_eq(last, "h6=z8");
    ck_assert_int_eq(settings_set(&st, "Shift", "d5=x8", err, sizeof err), 0);
    ck_assert_int_eq(fen_read_with(pos, &st, "4k3/8/8/8/3R4/8/8/4K3 b - - 0 1 -", err, sizeof err), 0);
    view_describe_hidden(pos, board);
    ck_assert_int_eq(board->area_count, 1);
    ck_assert_int_eq(board->area[0].cols, 10);
    ck_assert(is_cell("x1") && is_cell("z8") && is_cell("d5") && is_cell("e4"));
    ck_assert_int_eq(board->check_count, 0);
    ck_assert_int_eq(board->panel_count, 1);
    ck_assert_str_eq(board->panel[0].row[0].item[0].text, "hidden until the end");
    settings_free(&st);
}
END_TEST

static bool has_turn(const struct view_turns *t, const char *text)
{
    for (int i = 0; i < t->count; i++)
        if (strcmp(t->turn[i].text, text) == 0)
            return true;
    return false;
}

/* The turns of several positions gathered: each text once, every position's there. */
START_TEST(turns_of_several_positions)
{
    const struct variant *v = variant_find("shifted-square");
    struct settings st;
    char err[VARIANT_ERR_LEN];
    const char *fen = "4k3/8/8/R7/8/8/8/4K3 w - - 0 1 -";
    ck_assert_int_eq(settings_init(&st, v, err, sizeof err), 0);
    struct position *other = malloc(sizeof *other);
    ck_assert_int_eq(settings_set(&st, "Shift", "e4=z5", err, sizeof err), 0);
    ck_assert_int_eq(fen_read_with(other, &st, fen, err, sizeof err), 0); /* the Rook reaches z5 */
    load("shifted-square", fen);                                           /* e4=x5: it reaches x5 */
    struct view_turns one, both;
    ck_assert_int_eq(view_legal_turns(pos, &one), 0);
    view_turns_start(&both);
    ck_assert_int_eq(view_turns_add(&both, pos), 0);
    ck_assert_int_eq(view_turns_add(&both, other), 0);
    ck_assert_int_eq(view_turns_finish(&both), 0);
    ck_assert(has_turn(&one, "a5x5") && !has_turn(&one, "a5z5"));
    ck_assert(has_turn(&both, "a5x5") && has_turn(&both, "a5z5"));
    ck_assert_int_eq(both.count, one.count + 1); /* e4=z5 adds a5z5, and lacks a5x5 */
    for (int i = 0; i < both.count; i++)
        for (int k = 0; k < i; k++)
            ck_assert_str_ne(both.turn[i].text, both.turn[k].text);
    view_turns_free(&both);
    view_turns_free(&one);
    free(other);
    settings_free(&st);
}
END_TEST

static Suite *view_suite(void)
{
    Suite *s = suite_create("view");
    TCase *tc = tcase_create("view");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, every_variant_invariants, 0, variant_count());
    tcase_add_test(tc, orthodox_castling_and_promotion);
    tcase_add_test(tc, interdependent_drop);
    tcase_add_test(tc, interweave_chain_leg_by_leg);
    tcase_add_test(tc, nickdanger_link_actions);
    tcase_add_test(tc, nickdanger_link_numbers_stay);
    tcase_add_test(tc, nickdanger_link_action_hint);
    tcase_add_test(tc, dialectic_tokens);
    tcase_add_test(tc, polypiece_powers_panel);
    tcase_add_test(tc, last_turn_highlight);
    tcase_add_test(tc, hidden_shift_values_and_view);
    tcase_add_test(tc, turns_of_several_positions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(view_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
