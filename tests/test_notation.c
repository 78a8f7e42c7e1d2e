/* Readable notation (variants/core/notation.h): in every variant, over every legal
 * turn of the start and of positions from random games, the readable text
 * tells the turn apart from every other legal turn and reads back (through
 * turn_read, where coordinates are tried first) to the same turn; and
 * samples of each game's forms. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "engine/baseline.h"
#include "variants/core/fen.h"
#include "variants/core/notation.h"
#include "variants/core/text.h"
#include "protocol/game.h"
#include "tests/check_run.h"
#include "tests/position_fixture.h"
#include "variants/registry.h"

static void play(const char *moves)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    char *rest = buf;
    for (char *tok = text_token(&rest, " "); tok; tok = text_token(&rest, " ")) {
        struct turn t;
        ck_assert_msg(turn_read(pos, tok, &t) == 0, "'%s' not read", tok);
        turn_make(pos, &t);
    }
}

/* The readable text of the legal turn written `coord` is `want`, and `want`
 * reads back to it. */
static void written(const char *coord, const char *want)
{
    struct turn t, back;
    ck_assert_msg(turn_parse(pos, coord, &t) == 0, "%s is not legal", coord);
    char text[TURN_TEXT_LEN];
    turn_notation(pos, &t, text, sizeof text);
    ck_assert_str_eq(text, want);
    ck_assert_msg(notation_parse(pos, want, &back) == 0, "'%s' not read back", want);
    ck_assert_str_eq(back.text, t.text);
}

/* ---- Every legal turn ---------------------------------------------------- */

struct collected {
    int count, cap;
    struct turn *turns;
    char (*texts)[TURN_TEXT_LEN];
};

static void collect(struct position *after, const struct turn *t, void *ctx)
{
    (void)after;
    struct collected *c = ctx;
    if (c->count == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 256;
        c->turns = realloc(c->turns, (size_t)c->cap * sizeof *c->turns);
        c->texts = realloc(c->texts, (size_t)c->cap * sizeof *c->texts);
        ck_assert(c->turns && c->texts);
    }
    c->turns[c->count++] = *t;
}

static int compare_text(const void *a, const void *b) { return strcmp(a, b); }

static bool same_steps(const struct turn *a, const struct turn *b)
{
    return a->count == b->count && memcmp(a->steps, b->steps, (size_t)a->count * sizeof a->steps[0]) == 0;
}

/* Every legal turn's text is unique; every `stride`-th reads back. */
static int check_position(int stride)
{
    struct collected c = {0};
    for_each_turn(pos, collect, &c);
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    for (int i = 0; i < c.count; i++) {
        turn_notation(pos, &c.turns[i], c.texts[i], sizeof c.texts[i]);
        ck_assert_msg(c.texts[i][0] != '\0', "empty text for %s in %s", c.turns[i].text, fen);
        if (i % stride == 0) {
            struct turn back;
            ck_assert_msg(turn_read(pos, c.texts[i], &back) == 0, "'%s' (%s) not read in %s", c.texts[i],
                          c.turns[i].text, fen);
            ck_assert_msg(same_steps(&back, &c.turns[i]), "'%s' read as %s, not %s in %s", c.texts[i], back.text,
                          c.turns[i].text, fen);
        }
    }
    qsort(c.texts, (size_t)c.count, sizeof c.texts[0], compare_text);
    for (int i = 1; i < c.count; i++)
        ck_assert_msg(strcmp(c.texts[i - 1], c.texts[i]) != 0, "two turns written '%s' in %s", c.texts[i], fen);
    int n = c.count;
    free(c.turns);
    free(c.texts);
    return n;
}

static void random_games(const char *variant, int games, int plies, int every, int stride)
{
    int checked = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
        load(variant, NULL);
        uint64_t rng = seed;
        for (int ply = 0; ply < plies && game_adjudicate(pos).result == RESULT_NONE; ply++) {
            if (ply % every == 0)
                checked += check_position(stride);
            struct turn t;
            ck_assert(baseline_choose(pos, BASELINE_RANDOM, &rng, &t));
            turn_make(pos, &t);
        }
    }
    ck_assert_int_gt(checked, 100);
}

START_TEST(test_every_variant_round_trip)
{
    const struct variant *v = variant_at(_i);
    bool big = strcmp(v->id, "nickdanger") == 0; /* about 20,000 turns a position */
    random_games(v->id, big ? 2 : 6, big ? 24 : 80, big ? 8 : 3, big ? 37 : 1);
}
END_TEST

/* ---- Each game's forms ---------------------------------------------------- */

START_TEST(test_orthodox_forms)
{
    load("normal", NULL);
    written("g1f3", "Nf3");
    written("e2e4", "e4");
    load("normal", "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 5");
    written("e4d5", "exd5");
    written("f3d2", "Nd2");
    written("c3d5", "Nxd5");
}
END_TEST

START_TEST(test_dialectic_forms)
{
    load("dialectic", NULL);
    written("g1f3", "Nf3");
    written("A@22", "A21-22");
    written("T@11", "T12-11");
    load("dialectic", "4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1 T12A21");
    written("e3d5", "Nxd5");
    load("hegelian", NULL);
    play("A@11 T@11");
    written("S@12", "S11-12");
    load("dialectic", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 T12A21");
    written("e1g1", "O-O");
    written("a1a8", "Ra8+");
}
END_TEST

START_TEST(test_interdependent_forms)
{
    load("interdependent", NULL);
    written("b1c3", "Nc3");
    written("a1c3", "Sc3");
    load("interdependent", "6/5k/6/2n3/2T3/2G3/K5[] w - - 0 1");
    written("c3c4", "Txc4");
    play("c3c4 f6f5");
    written("N@d5", "N@d5");
}
END_TEST

START_TEST(test_interweave_forms)
{
    load("interweave", NULL);
    written("c1e5", "Nc1-e5");
    written("b2c3", "b2-c3");
    load("interweave", "3kk3/8/8/8/p7/3p4/8/R2KK3 w - - 0 1");
    written("a1a3,a3c3", "Ra1xa3xc3");
    load("interweave", "3kk3/8/8/8/8/1pBp4/8/3KK3 w - - 0 1");
    written("c3c3", "Bc3x");
    load("interweave", "3kk3/8/8/8/8/1Pp5/4P3/3KK3 w - - 0 1");
    written("e2d3", "e2xd3");
}
END_TEST

START_TEST(test_nickdanger_forms)
{
    load("nickdanger", NULL);
    written("g1f3", "Nf3");
    play("e2e4");
    written("e7e5,a2i2", "e5,+a2i2");
    load("nickdanger", "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 2 "
                       "a3i3,b3j3,c3k3,d3l3,e3m3,f3n3,g3o3,h3p3 T -");
    written("b1c3,xa3i3", "Nc3,-a3i3");
    play("b1c3,xa3i3");
    written("e7e5,xc3k3k3", "e5,-c3k3@k3");
    written("e7e5,xc3k3c3", "e5,-c3k3@c3");
}
END_TEST

/* The referee (game_find_turn: the console, CECP usermove, UCI, the GUI)
 * takes coordinates, the readable text and SAN alike, and keeps each played
 * turn's readable text. */
START_TEST(test_referee_reads_both)
{
    struct game g;
    char err[VARIANT_ERR_LEN];
    ck_assert_int_eq(game_init(&g), 0);
    ck_assert_int_eq(game_new(&g, variant_find("interweave"), NULL, err, sizeof err), 0);
    ck_assert_msg(game_play_text(&g, "Nc1-e5", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(game_play_text(&g, "c7d6", err, sizeof err) == 0, "%s", err);
    ck_assert_int_ne(game_play_text(&g, "Nc1xe5", err, sizeof err), 0); /* no such turn */
    ck_assert_str_eq(g.turns[0].turn.text, "c1e5");
    ck_assert_str_eq(g.turns[0].notation, "Nc1-e5");
    ck_assert_str_eq(g.turns[1].notation, "c7-d6");
    ck_assert_int_eq(game_new(&g, variant_find("nickdanger"), NULL, err, sizeof err), 0);
    ck_assert_msg(game_play_text(&g, "e4", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(game_play_text(&g, "e5,+a2i2", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(game_play_text(&g, "i2i3,b3i3", err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(g.turns[1].turn.text, "e7e5,a2i2");
    ck_assert_str_eq(g.turns[2].notation, "i3,+b3i3");
    ck_assert_int_eq(game_new(&g, variant_find("normal"), NULL, err, sizeof err), 0);
    ck_assert_msg(game_play_text(&g, "Ng1-f3", err, sizeof err) == 0, "%s", err); /* SAN's leniencies */
    ck_assert_str_eq(g.turns[0].notation, "Nf3");
    game_free(&g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("notation");
    TCase *tc = tcase_create("notation");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_every_variant_round_trip, 0, variant_count());
    tcase_add_test(tc, test_orthodox_forms);
    tcase_add_test(tc, test_dialectic_forms);
    tcase_add_test(tc, test_interdependent_forms);
    tcase_add_test(tc, test_interweave_forms);
    tcase_add_test(tc, test_nickdanger_forms);
    tcase_add_test(tc, test_referee_reads_both);
    suite_add_tcase(s, tc);
    return check_run(s);
}
