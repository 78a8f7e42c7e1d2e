/* Nick Danger Chess: the fast paths of the evaluation and of the ranking of
 * link actions against straightforward versions, on positions from random
 * games:
 *  - the attack map (nd_attacks_build) equals the one built by the reference
 *    walk below (the first implementation: every reached square looked up in
 *    the links, kept here as the specification), whether the thread's memo
 *    of reaches holds the position before, a sibling, or nothing;
 *  - a link scorer shared by all the actions of a position ranks each as a
 *    fresh one does (nd_link_action_score), and what it remembered of the
 *    board-1 squares is what chess_square_attacked says;
 *  - the part-2 list is in descending rank, ties by ascending move, and
 *    quiescence's list is its first action. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/nickdanger.h"

/* These tests play the built-in two-board game. */
#include "tests/test_nd_rules.h"
#define ND_R nd_builtin_rules()
#include "variants/nickdanger_attacks.h"
#include "tests/test_size.h"

static struct position *pos;
static const struct variant *nd;
static uint64_t rng_state;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    nd = variant_find("nickdanger");
}

static void teardown(void) { free(pos); }

static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

/* ---- The reference attack map --------------------------------------------------- */

/* The map as the first implementation kept it: attackers by mailbox square. */
struct ref_attacks {
    uint8_t by[2][BOARD_SIZE]; /* by colour: types attacking the square (bit 1 << type), a link at its board-0 location */
    int mobility[2][CHESS_TYPES];
    int king_hits[2][CHESS_TYPES];
    int king_attackers[2];
};

struct ref_walker {
    const struct nd_state *st;
    struct ref_attacks *a;
    uint64_t zone[2]; /* board-0 squares (local) next to colour c's King */
    Color c;
    int type, mobility, king_hits;
};

/* The board-0 location of a linked square, else the square itself. */
static Square ref_home(const struct nd_state *st, Square sq)
{
    return nd_board_of(ND_R, sq) && nd_linked(ND_R, st, sq) ? nd_partner(ND_R, st, sq) : sq;
}

static void ref_walk_from(struct ref_walker *wk, Square from)
{
    const struct piece_power *pw = &chess_powers(pos)->power[wk->type][wk->c];
    for (int i = 0; i < pw->count; i++) {
        const struct ray *r = &pw->rays[i];
        if (!(r->mode & BETZA_CAPTURE))
            continue;
        Square to = from;
        for (int k = 1;; k++) {
            to += r->step;
            Piece p = pos->board[to];
            if (p == OFFBOARD)
                break;
            Square home = ref_home(wk->st, to);
            wk->a->by[wk->c][home] |= (uint8_t)(1 << wk->type);
            if (!nd_board_of(ND_R, home) && ((wk->zone[wk->c ^ 1] >> nd_local(ND_R, home)) & 1))
                wk->king_hits++;
            bool enemy_pawn_guards = wk->a->by[wk->c ^ 1][home] & (1 << PAWN);
            if (wk->type != PAWN && (p == EMPTY || (p & COLOR_BIT(wk->c ^ 1))) && !enemy_pawn_guards)
                wk->mobility++;
            if (p != EMPTY || k >= r->range)
                break;
        }
    }
}

static void ref_walk_side(struct ref_walker *wk, Color c, bool pawns)
{
    wk->c = c;
    for (int i = 0; i < pos->pcount[c]; i++) {
        Square sq = pos->plist[c][i];
        wk->type = piece_type(pos->board[sq]);
        if ((wk->type == PAWN) != pawns)
            continue;
        wk->mobility = wk->king_hits = 0;
        ref_walk_from(wk, sq);
        if (!nd_board_of(ND_R, sq) && nd_linked(ND_R, wk->st, sq))
            ref_walk_from(wk, nd_partner(ND_R, wk->st, sq));
        wk->a->mobility[c][wk->type] += wk->mobility;
        wk->a->king_hits[c][wk->type] += wk->king_hits;
        if (wk->king_hits && wk->type != PAWN && wk->type != KING)
            wk->a->king_attackers[c]++;
    }
}

static uint64_t ref_neighbourhood(Square k)
{
    uint64_t m = 0;
    int kf = square_col(k) & 7, kr = square_rank(k);
    for (int r = kr - 1; r <= kr + 1; r++)
        for (int f = kf - 1; f <= kf + 1; f++)
            if (r >= 0 && r < 8 && f >= 0 && f < 8)
                m |= 1ULL << (r * 8 + f);
    return m;
}

static void ref_attacks_build(struct ref_attacks *a)
{
    struct ref_walker wk = {.st = nd_cst(pos), .a = a};
    for (Color c = WHITE; c <= BLACK; c++)
        wk.zone[c] = pos->king_sq[c] == NO_SQUARE ? 0 : ref_neighbourhood(pos->king_sq[c]);
    memset(a, 0, sizeof *a);
    for (Color c = WHITE; c <= BLACK; c++)
        ref_walk_side(&wk, c, true);
    for (Color c = WHITE; c <= BLACK; c++)
        ref_walk_side(&wk, c, false);
}

/* ---- Checks at one position ------------------------------------------------------- */

static void check_attacks(void)
{
    struct nd_attacks fast;
    struct ref_attacks ref;
    nd_attacks_build(pos, &fast);
    ref_attacks_build(&ref);
    const struct nd_state *st = nd_cst(pos);
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int board = 0; board < 2; board++)
            for (int local = 0; local < 64; local++) {
                Square sq = nd_square(ND_R, board, local);
                if (board == 1 && nd_linked(ND_R, st, sq))
                    continue; /* a link is asked by its board-0 location */
                unsigned types = 0;
                for (int t = PAWN; t < CHESS_TYPES; t++)
                    types |= (unsigned)nd_in_set(fast.by[c][t], sq, nd_partner(ND_R, st, sq)) << t;
                if (types != ref.by[c][sq]) /* asserted only on a failure: Check writes each passing assert */
                    ck_abort_msg("attackers of %d differ: %s", sq, fen);
            }
        for (int t = KNIGHT; t <= QUEEN; t++) {
            if (fast.mobility[c][t] != ref.mobility[c][t])
                ck_abort_msg("mobility differs: %s", fen);
            if (fast.king_hits[c][t] != ref.king_hits[c][t])
                ck_abort_msg("King hits differ: %s", fen);
        }
        if (fast.king_attackers[c] != ref.king_attackers[c])
            ck_abort_msg("King attackers differ: %s", fen);
    }
}

/* The map of a few children one after the other, as a search evaluates
 * siblings (the parent not mapped in between). */
static void check_children(const struct move_list *list)
{
    for (int k = 0; k < 6 && list->count > 0; k++) {
        Move m = list->moves[rnd() % (uint32_t)list->count];
        nd_make(pos, m);
        check_attacks();
        nd_unmake(pos, m);
    }
}

/* In part 2: the shared scorer agrees with fresh ones, the list is ranked,
 * and quiescence keeps the first. */
static void check_link_ranking(const struct move_list *list)
{
    struct nd_link_scorer sc;
    nd_link_scorer_init(&sc, pos);
    int prev_score = 0;
    for (int i = 0; i < list->count; i++) {
        Move m = list->moves[i];
        int score = nd_link_scorer_score(&sc, m);
        if (score != nd_link_action_score(pos, m))
            ck_abort_msg("link action %d: the shared scorer gives %d, a fresh one %d", i, score,
                         nd_link_action_score(pos, m));
        if (i > 0 && (score > prev_score || (score == prev_score && list->moves[i - 1] >= m)))
            ck_abort_msg("link action %d is not ranked: score %d after %d", i, score, prev_score);
        prev_score = score;
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int l = 0; l < 64; l++)
            if (sc.attacked1[c][1][l] >= 0)
                if (sc.attacked1[c][1][l] != chess_square_attacked(pos, nd_square(ND_R, 1, l), c))
                    ck_abort_msg("board 1 square %d: the scorer's attack by %d is stale", l, (int)c);
    struct move_list noisy;
    nd_generate_noisy(pos, &noisy);
    ck_assert_int_eq(noisy.count, list->count > 0);
    if (noisy.count)
        ck_assert_uint_eq(noisy.moves[0], list->moves[0]);
}

static const char *const fens[] = {
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 - L -",
    "r3k2r8/pp1p1ppp8/5n7nP1/1B1Q6NQ4/3q2b5q1b1/2N6pN5/1PP2PPP8/R3K2R8 w KQkq - 0 20 "
    "a2i2,c3k3,e3m3,d4m4,g4o4,d5l5,f6n6,h6p6 T -",
    "r3k11/16/16/16/16/16/3n8n3/4KB10 w - - 0 20 d1l1,d2m2,e2n2,f2i2,a3i3,b3j3,c3k3,d3l3 T -b1j1",
    "6k9/16/16/7Q8/16/16/16/4K8R2 w - - 0 20 f7n7 T -",
    /* more pieces than the memo keeps for one side */
    "rnbqkbnr8/pppppppp8/16/16/8NNBB4/8RRNN4/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 - L -",
    NULL,
};

START_TEST(fast_paths_match_the_reference_in_random_games)
{
    rng_state = 20261124;
    int checked = 0;
    int nfens = 0;
    while (fens[nfens])
        nfens++;
    /* Every opening above, five times (once under the sanitizers). */
    const int games = TEST_SIZE(25, 5);
    for (int g = 0; g < games; g++) {
        char err[VARIANT_ERR_LEN];
        const char *fen = fens[g % nfens];
        ck_assert_msg(fen_read(pos, nd, fen, err, sizeof err) == 0, "%s: %s", fen, err);
        nd_attacks_forget();
        for (int step = 0; step < 160; step++) {
            check_attacks();
            struct move_list list;
            nd_generate(pos, &list);
            if (step % 4 == 0)
                check_children(&list);
            if (nd_cst(pos)->part2)
                check_link_ranking(&list);
            checked++;
            if (list.count == 0)
                break;
            nd_make(pos, list.moves[rnd() % (uint32_t)list.count]);
        }
    }
    ck_assert_int_gt(checked, games * 40);
}
END_TEST

static Suite *nickdanger_attacks_suite(void)
{
    Suite *s = suite_create("nickdanger_attacks");
    TCase *tc = tcase_create("fast_paths");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fast_paths_match_the_reference_in_random_games);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(nickdanger_attacks_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
