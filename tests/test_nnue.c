/* The network (engine/nnue.h): its file round-trips and a damaged or foreign
 * file is refused with a reason; the plain C, SSE2 and AVX2 kernels give the
 * same accumulators and scores on many positions; and the accumulator a
 * search thread carries from position to position equals the one computed
 * from nothing after every make and every unmake over perft trees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "engine/nnue.h"
#include "variants/core/fen.h"
#include "variants/registry.h"

#include "check_run.h"

static uint64_t rng = 1;

static int rand_in(int lo, int hi)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (int)((rng >> 33) % (uint64_t)(hi - lo + 1));
}

/* A network of random weights in an input layout, sized so that the clip bites on both sides. */
static struct nnue_net *random_net_layout(const char *variant, int layout, int hidden)
{
    char err[256];
    struct nnue_net *net = nnue_new_layout(variant_find(variant), layout, hidden, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    for (size_t i = 0; i < (size_t)net->inputs * (size_t)hidden; i++)
        net->w1[i] = (int16_t)rand_in(-60, 60);
    for (int i = 0; i < hidden; i++)
        net->b1[i] = (int16_t)rand_in(-100, 300);
    for (int i = 0; i < 2 * hidden; i++)
        net->w2[i] = (int16_t)rand_in(-120, 120);
    net->b2 = rand_in(-5000, 5000);
    snprintf(net->text, sizeof net->text, "random test network");
    return net;
}

static struct nnue_net *random_net(const char *variant, int hidden)
{
    return random_net_layout(variant, NNUE_LAYOUT_PIECES, hidden);
}

static struct position *load(const char *variant, const char *fen)
{
    static struct position pos;
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    zobrist_init();
    ck_assert_msg(fen_read(&pos, v, fen ? fen : v->start_fen, err, sizeof err) == 0, "%s", err);
    return &pos;
}

static void temp_path(char *out, size_t n)
{
    snprintf(out, n, "%s/test_nnue_%ld.nnue", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
}

START_TEST(file_round_trips)
{
    struct nnue_net *net = random_net("normal", 32);
    char path[512], err[256];
    temp_path(path, sizeof path);
    ck_assert_int_eq(nnue_save(net, path, err, sizeof err), 0);
    struct nnue_net *back = nnue_load(path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_ptr_eq(back->variant, net->variant);
    ck_assert_int_eq(back->inputs, 768);
    ck_assert_int_eq(back->hidden, 32);
    ck_assert_str_eq(back->text, "random test network");
    ck_assert_int_eq(memcmp(back->w1, net->w1, (size_t)net->inputs * 32 * sizeof net->w1[0]), 0);
    ck_assert_int_eq(memcmp(back->w2, net->w2, 64 * sizeof net->w2[0]), 0);
    ck_assert_int_eq(back->b2, net->b2);
    remove(path);
    nnue_free(net);
    nnue_free(back);
}
END_TEST

/* The file's bytes, with byte `at` changed (at < 0: none) and cut to `size`. */
static struct nnue_net *read_damaged(long at, long size, char *err, size_t errlen)
{
    struct nnue_net *net = random_net("normal", 16);
    char path[512];
    temp_path(path, sizeof path);
    ck_assert_int_eq(nnue_save(net, path, err, errlen), 0);
    nnue_free(net);
    FILE *f = fopen(path, "rb");
    unsigned char *data = malloc(1 << 20);
    long n = (long)fread(data, 1, 1 << 20, f);
    fclose(f);
    remove(path);
    if (at >= 0)
        data[at] ^= 0x5a;
    struct nnue_net *got = nnue_read(data, (size_t)(size < 0 ? n : size), err, errlen);
    free(data);
    return got;
}

START_TEST(damaged_files_are_refused)
{
    char err[256];
    ck_assert_ptr_null(read_damaged(0, -1, err, sizeof err));
    ck_assert_msg(strstr(err, "magic") != NULL, "%s", err);
    ck_assert_ptr_null(read_damaged(-1, 100, err, sizeof err));
    ck_assert_msg(strstr(err, "cut short") != NULL, "%s", err);
    ck_assert_ptr_null(read_damaged(500, -1, err, sizeof err));
    ck_assert_msg(strstr(err, "checksum") != NULL, "%s", err);
    ck_assert_ptr_null(read_damaged(12, -1, err, sizeof err)); /* the variant's name */
    ck_assert_msg(strstr(err, "unknown variant") != NULL, "%s", err);
    ck_assert_ptr_null(nnue_load("/nonexistent/net.nnue", err, sizeof err));
    ck_assert_msg(strstr(err, "cannot open") != NULL, "%s", err);
}
END_TEST

/* Plays random legal steps from pos, calling check at every position. */
static void random_walk(struct position *pos, int steps, void (*check)(const struct position *))
{
    static struct move_list list;
    int made = 0;
    for (int i = 0; i < steps; i++) {
        check(pos);
        pos->variant->generate(pos, &list);
        if (list.count == 0)
            break;
        variant_make(pos, list.moves[rand_in(0, list.count - 1)]);
        made++;
    }
    check(pos);
}

static struct nnue_net *shared_net;

static void kernels_agree(const struct position *pos)
{
    const struct nnue_kernels *plain = nnue_kernels_named("plain");
    static struct nnue_accumulator want, got;
    nnue_accumulate(shared_net, plain, pos, &want);
    int score = nnue_output(shared_net, plain, &want, pos->side);
    const char *names[] = {"sse2", "avx2"};
    for (int i = 0; i < 2; i++) {
        const struct nnue_kernels *k = nnue_kernels_named(names[i]);
        if (!k)
            continue;
        nnue_accumulate(shared_net, k, pos, &got);
        ck_assert_int_eq(memcmp(want.v, got.v, sizeof want.v), 0);
        ck_assert_int_eq(nnue_output(shared_net, k, &got, pos->side), score);
    }
}

START_TEST(simd_equals_plain)
{
    shared_net = random_net("normal", 256);
    for (int game = 0; game < 40; game++)
        random_walk(load("normal", NULL), 120, kernels_agree);
    /* Every kernel this machine has was compared: say which. */
    printf("kernels compared with plain C:%s%s\n", nnue_kernels_named("sse2") ? " sse2" : "",
           nnue_kernels_named("avx2") ? " avx2" : "");
    nnue_free(shared_net);
}
END_TEST

static struct nnue_cache cache;
static long compared, with_state;

/* The carried accumulator, brought to pos, equals pos's from nothing. */
static void incremental_equals_scratch(const struct position *pos)
{
    static struct nnue_accumulator want;
    nnue_cache_update(&cache, pos);
    nnue_accumulate(cache.net, cache.k, pos, &want);
    for (int view = 0; view < 2; view++)
        ck_assert_int_eq(memcmp(cache.acc.v[view], want.v[view], (size_t)cache.net->hidden * 2), 0);
    compared++;
    int state[NNUE_MAX_STATE];
    with_state += nnue_state_active(cache.net, pos, pos->side, state) > 0;
}

static void walk_tree(struct position *pos, int depth)
{
    struct move_list *list = malloc(sizeof *list);
    pos->variant->generate(pos, list);
    for (int i = 0; i < list->count; i++) {
        variant_make(pos, list->moves[i]);
        incremental_equals_scratch(pos);
        if (depth > 1)
            walk_tree(pos, depth - 1);
        variant_unmake(pos, list->moves[i]);
        incremental_equals_scratch(pos);
    }
    free(list);
}

START_TEST(incremental_equals_scratch_over_perft_trees)
{
    static const char *fens[] = {
        NULL,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", /* castling, captures */
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                         /* en passant */
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                           /* promotions */
    };
    struct nnue_net *net = random_net("normal", 64);
    compared = 0;
    for (int i = 0; i < 4; i++) {
        nnue_cache_init(&cache, net, nnue_kernels_named("plain"));
        struct position *pos = load("normal", fens[i]);
        incremental_equals_scratch(pos);
        walk_tree(pos, 3);
    }
    /* Most positions were reached incrementally, not computed again. */
    ck_assert_uint_gt(cache.updates, 10 * cache.refreshes);
    ck_assert_int_gt(compared, 100000);
    nnue_free(net);
}
END_TEST

/* The cache's board comparison (a word of 8 squares at a time): each game's
 * list of words holds every board square and only words that hold one. */
START_TEST(board_words_cover_every_board_square)
{
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        struct nnue_net *net = random_net_layout(v->id, nnue_layout_default(v), 16);
        bool listed[BOARD_SIZE / NNUE_WORD] = {false};
        for (int w = 0; w < net->board_words; w++) {
            bool holds = false;
            for (int b = 0; b < NNUE_WORD; b++)
                holds |= net->square_index[WHITE][net->board_word[w] * NNUE_WORD + b] >= 0;
            ck_assert_msg(holds, "%s: word %d holds no board square", v->id, net->board_word[w]);
            listed[net->board_word[w]] = true;
        }
        for (int k = 0; k < net->squares; k++)
            ck_assert_msg(listed[net->board_squares[k] / NNUE_WORD], "%s: square %d not compared", v->id,
                          net->board_squares[k]);
        nnue_free(net);
    }
}
END_TEST

/* Brings the cache from the start position to fen; returns whether that
 * computed the accumulator again (rather than updating it). */
static bool refreshed_on_the_way(struct nnue_net *net, const char *fen)
{
    static struct nnue_accumulator want;
    nnue_cache_init(&cache, net, nnue_kernels_named("plain"));
    nnue_cache_update(&cache, load("normal", NULL));
    uint64_t before = cache.refreshes;
    struct position *pos = load("normal", fen);
    nnue_cache_update(&cache, pos);
    nnue_accumulate(net, cache.k, pos, &want);
    ck_assert_int_eq(memcmp(cache.acc.v, want.v, sizeof want.v), 0);
    return cache.refreshes > before;
}

/* Up to 12 squares that differ are updated one by one, 13 or more bring a
 * computation from nothing; pieces that change within one word (a rank's
 * pawns) count one a square. */
START_TEST(twelve_changed_squares_update_thirteen_refresh)
{
    struct nnue_net *net = random_net("normal", 32);
    /* 8 White pawns and 4 Black ones gone: 12 squares. */
    ck_assert(!refreshed_on_the_way(net, "rnbqkbnr/4pppp/8/8/8/8/8/RNBQKBNR w KQkq - 0 1"));
    /* and a 13th, e7 */
    ck_assert(refreshed_on_the_way(net, "rnbqkbnr/5ppp/8/8/8/8/8/RNBQKBNR w KQkq - 0 1"));
    /* 6 squares: a pawn moved in each of three ranks' words */
    ck_assert(!refreshed_on_the_way(net, "rnbqkbnr/ppp1pppp/3p4/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"));
    nnue_free(net);
}
END_TEST

/* Every game under its new networks' layout (2, with its state, where it has
 * any): its start and its bench positions, two steps deep (Interweave's
 * capture chains and Nick Danger's link actions are steps of their own, so
 * the trees pass through turns half made). Where the layout has state
 * inputs, they come on in the trees, so the check covers them. */
START_TEST(incremental_equals_scratch_in_every_game)
{
    int games = 0;
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        int layout = nnue_layout_default(v);
        struct nnue_net *net = random_net_layout(v->id, layout, 32);
        with_state = 0;
        for (int k = -1; k < 0 || (v->bench_fens && v->bench_fens[k] && k < 3); k++) {
            nnue_cache_init(&cache, net, nnue_kernels_named("plain"));
            struct position *pos = load(v->id, k < 0 ? NULL : v->bench_fens[k]);
            incremental_equals_scratch(pos);
            walk_tree(pos, 2);
        }
        /* Shifted Square: a Rook on the added place x5, which the trees above do not reach. */
        if (strcmp(v->id, "shifted-square") == 0) {
            nnue_cache_init(&cache, net, nnue_kernels_named("plain"));
            walk_tree(load(v->id, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1 R"), 2);
        }
        if (layout == NNUE_LAYOUT_STATE)
            ck_assert_msg(with_state > 0, "%s: no state input came on", v->id);
        nnue_free(net);
        games++;
    }
    ck_assert_int_eq(games, variant_count());
}
END_TEST

/* Layout 2 covers every game whose state goes beyond its board's squares. */
START_TEST(state_layout_covers_the_games_with_state)
{
    static const char *const games[] = {"interdependent", "polypiece", "polypiece-phased", "dialectic",
                                             "hegelian", "nickdanger", "interweave", "pickle", "shifted-square"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        const struct variant *v = variant_find(games[i]);
        ck_assert_msg(nnue_layout_default(v) == NNUE_LAYOUT_STATE, "%s", v->id);
        ck_assert_int_gt(nnue_layout_count(v, NNUE_LAYOUT_STATE), nnue_layout_inputs(v));
    }
    ck_assert_int_eq(nnue_layout_default(variant_find("normal")), NNUE_LAYOUT_PIECES);
    ck_assert_int_eq(nnue_layout_count(variant_find("normal"), NNUE_LAYOUT_STATE), 0);
    /* Interdependent: 42 squares and a hand of each of 7 types by colour, 8 steps. */
    ck_assert_int_eq(nnue_layout_count(variant_find("interdependent"), NNUE_LAYOUT_STATE),
                     2 * 7 * 42 + 2 * 7 * NNUE_HAND_STEPS);
}
END_TEST

/* The active inputs of fen under layout 2 for view, sorted. */
static int state_inputs_of(struct nnue_net *net, const char *fen, Color view, int *out)
{
    struct position *pos = load(net->variant->id, fen);
    int n = nnue_active_inputs(net, pos, view, out);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* Two positions of one board that differ in state only: layout 1 sees no
 * difference, layout 2 does; colour-flipped twins give the same inputs. */
static void state_tells_apart(const char *variant, const char *a, const char *b)
{
    int in_a[NNUE_MAX_ACTIVE], in_b[NNUE_MAX_ACTIVE];
    struct nnue_net *one = random_net_layout(variant, NNUE_LAYOUT_PIECES, 16);
    struct nnue_net *two = random_net_layout(variant, NNUE_LAYOUT_STATE, 16);
    int na = state_inputs_of(one, a, WHITE, in_a), nb = state_inputs_of(one, b, WHITE, in_b);
    ck_assert_msg(na == nb && memcmp(in_a, in_b, (size_t)na * sizeof *in_a) == 0, "%s: layout 1 differs", variant);
    na = state_inputs_of(two, a, WHITE, in_a);
    nb = state_inputs_of(two, b, WHITE, in_b);
    ck_assert_msg(na != nb || memcmp(in_a, in_b, (size_t)na * sizeof *in_a) != 0, "%s: %s and %s look alike", variant, a, b);
    nnue_free(one);
    nnue_free(two);
}

START_TEST(state_inputs_tell_positions_apart)
{
    state_tells_apart("interdependent", "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w - - 0 1",
                      "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[G] w - - 0 1");
    state_tells_apart("interdependent", "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[GG] w - - 0 1",
                      "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[G] w - - 0 1");
    state_tells_apart("polypiece", NULL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 01001");
    state_tells_apart("dialectic", NULL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T11A21");
    state_tells_apart("dialectic", NULL, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A22");
    /* The start position is its own colour-flipped twin: both views see the same inputs. */
    /* (Not Phased Polypiece: there Black's entries are a step ahead of White's.) */
    static const char *const games[] = {"interdependent", "polypiece", "dialectic", "nickdanger", "interweave",
                                        "pickle", "shifted-square"};
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        int white[NNUE_MAX_ACTIVE], black[NNUE_MAX_ACTIVE];
        struct nnue_net *net = random_net_layout(games[g], NNUE_LAYOUT_STATE, 16);
        int nw = state_inputs_of(net, NULL, WHITE, white), nb = state_inputs_of(net, NULL, BLACK, black);
        ck_assert_msg(nw == nb && memcmp(white, black, (size_t)nw * sizeof *white) == 0, "%s", games[g]);
        nnue_free(net);
    }
}
END_TEST

START_TEST(layout_counts_each_games_inputs)
{
    ck_assert_int_eq(nnue_layout_inputs(variant_find("normal")), 2 * 6 * 64);
    struct nnue_net *net = random_net("normal", 16);
    struct position *pos = load("normal", NULL);
    int white[NNUE_MAX_SQUARES], black[NNUE_MAX_SQUARES];
    ck_assert_int_eq(nnue_active_inputs(net, pos, WHITE, white), 32);
    ck_assert_int_eq(nnue_active_inputs(net, pos, BLACK, black), 32);
    /* The start position is symmetric: both views see the same inputs. */
    int seen[768] = {0};
    for (int i = 0; i < 32; i++)
        seen[white[i]]++, seen[black[i]]--;
    for (int i = 0; i < 768; i++)
        ck_assert_int_eq(seen[i], 0);
    char err[256];
    ck_assert_ptr_null(nnue_new(variant_find("normal"), 100, err, sizeof err));
    ck_assert_msg(strstr(err, "multiple of 16") != NULL, "%s", err);
    nnue_free(net);
}
END_TEST

static Suite *nnue_suite(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("network");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, file_round_trips);
    tcase_add_test(tc, damaged_files_are_refused);
    tcase_add_test(tc, simd_equals_plain);
    tcase_add_test(tc, incremental_equals_scratch_over_perft_trees);
    tcase_add_test(tc, incremental_equals_scratch_in_every_game);
    tcase_add_test(tc, board_words_cover_every_board_square);
    tcase_add_test(tc, twelve_changed_squares_update_thirteen_refresh);
    tcase_add_test(tc, layout_counts_each_games_inputs);
    tcase_add_test(tc, state_layout_covers_the_games_with_state);
    tcase_add_test(tc, state_inputs_tell_positions_apart);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return check_run(nnue_suite()); }
