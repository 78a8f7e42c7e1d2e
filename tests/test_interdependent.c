/* Interdependent Chess: the fast attack test equals the naive one, legal
 * generation equals "make it and look", keys, FEN holdings, notation. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/turn.h"
#include "variants/interdep.h"
#include "variants/interdep_targets.h"
#include "protocol/xboard_setup.h"
#include "interdep_fixture.h"

static void load(const char *fen)
{
    char err[VARIANT_ERR_LEN];
    int rc = fen_read(pos, v, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

/* A random position: two Kings, up to `extra` other pieces of random type
 * and colour, random hands. Not necessarily legal (either side may be in
 * check): the attack test does not care. */
static void random_position(int extra)
{
    position_clear(pos, v, NULL);
    int free_sq[IDC_SQUARES];
    for (int i = 0; i < IDC_SQUARES; i++)
        free_sq[i] = i;
    int nfree = IDC_SQUARES;
    for (int i = 0; i < extra + 2; i++) {
        int k = (int)rnd((uint32_t)nfree);
        Square sq = idc.sq[free_sq[k]];
        free_sq[k] = free_sq[--nfree];
        Color c = i < 2 ? (Color)i : (Color)rnd(2);
        int type = i < 2 ? IDC_K : IDC_U + (int)rnd(6);
        pos_put(pos, sq, make_piece(c, type));
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = IDC_U; t < IDC_K; t++)
            pos->hand[c][t] = (uint8_t)(rnd(4) == 0 ? rnd(3) : 0);
    pos->side = (Color)rnd(2);
    pos->key = position_compute_key(pos);
}

START_TEST(fast_attack_equals_naive)
{
    long compared = 0, attacked = 0;
    for (int n = 0; n < 20000; n++) {
        random_position((int)rnd(30));
        for (int i = 0; i < IDC_SQUARES; i++) {
            Square sq = idc.sq[i];
            Piece p = pos->board[sq];
            if (p == EMPTY)
                continue;
            Color by = piece_color(p) ^ 1;
            bool fast = idc_attacked(pos->board, sq, by);
            bool naive = idc_attacked_naive(pos, sq, by);
            /* The form that reads only the leaper squares holding a piece. */
            bool among = idc_attacked_among(pos->board, sq, by, idc_occupancy(pos, by));
            ck_assert_int_eq(among, naive);
            if (fast != naive) {
                char fen[FEN_MAX_LEN];
                fen_write(pos, fen, sizeof fen);
                ck_abort_msg("%s: square %d by %d: fast %d naive %d", fen, i, by, fast, naive);
            }
            compared++;
            attacked += fast;
        }
    }
    /* Both answers must occur often, or the comparison proves little. */
    ck_assert_int_gt(attacked, compared / 20);
    ck_assert_int_lt(attacked, compared - compared / 20);
}
END_TEST

/* Each piece's target set (interdep_targets.h, what counting counts and
 * the generator lists a piece from when it has at most one) is the set of
 * squares idc_generate_piece lists for it, in both colours' pieces. */
START_TEST(targets_equal_the_listed_moves)
{
    struct move_list *list = malloc(sizeof *list);
    long pieces = 0, several = 0;
    for (int n = 0; n < 4000; n++) {
        random_position((int)rnd(30));
        for (int side = 0; side < 2; side++, pos->side ^= 1) {
            struct idc_sets sets;
            idc_fill_sets(pos, &sets);
            for (int k = 0; k < pos->pcount[pos->side]; k++) {
                Square from = pos->plist[pos->side][k];
                list->count = 0;
                idc_generate_piece(pos, from, list, false);
                uint64_t listed = 0;
                for (int j = 0; j < list->count; j++)
                    listed |= idc_bit(move_to(list->moves[j]));
                uint64_t bb = idc_targets(&sets, from, idc.idx[from], piece_type(pos->board[from]));
                if (bb != listed) {
                    char fen[FEN_MAX_LEN];
                    fen_write(pos, fen, sizeof fen);
                    ck_abort_msg("%s: piece on index %d: targets %llx, listed %llx", fen, idc.idx[from],
                                 (unsigned long long)bb, (unsigned long long)listed);
                }
                pieces++;
                several += list->count > 1;
            }
        }
    }
    free(list);
    ck_assert_int_gt(several, pieces / 10); /* the ordered walk is exercised too */
}
END_TEST

/* The generator lists from the target sets, yet in the order of the walk:
 * the list of every piece's idc_generate_piece, one piece after another
 * (the search's move order starts from it, and bench with it). */
START_TEST(generation_keeps_the_walks_order)
{
    struct move_list *list = malloc(sizeof *list), *walk = malloc(sizeof *walk);
    long compared = 0;
    for (int n = 0; n < 4000; n++) {
        random_position((int)rnd(30));
        for (int captures_only = 0; captures_only < 2; captures_only++) {
            list->count = walk->count = 0;
            idc_generate_pseudo(pos, list, captures_only);
            for (int k = 0; k < pos->pcount[pos->side]; k++)
                idc_generate_piece(pos, pos->plist[pos->side][k], walk, captures_only);
            ck_assert_int_ge(list->count, walk->count); /* the drops come last */
            for (int j = 0; j < walk->count; j++)
                ck_assert_msg(list->moves[j] == walk->moves[j], "move %d of %d differs", j, walk->count);
            compared += walk->count;
        }
    }
    free(list);
    free(walk);
    ck_assert_int_gt(compared, 10000);
}
END_TEST

/* Legal steps by the slow definition: every pseudo-legal step, made, with
 * the naive attack test on our King. */
static int naive_legal_count(void)
{
    struct move_list *list = malloc(sizeof *list);
    list->count = 0;
    idc_generate_pseudo(pos, list, false);
    int n = 0;
    for (int i = 0; i < list->count; i++) {
        Color us = pos->side;
        idc_make(pos, list->moves[i]);
        n += !idc_attacked_naive(pos, pos->king_sq[us], us ^ 1);
        idc_unmake(pos, list->moves[i]);
    }
    free(list);
    return n;
}

static bool position_legal(void)
{
    return !idc_attacked(pos->board, pos->king_sq[pos->side ^ 1], pos->side);
}

START_TEST(legal_generation_equals_make_and_look)
{
    struct move_list *list = malloc(sizeof *list);
    int tested = 0;
    for (int n = 0; n < 4000; n++) {
        random_position((int)rnd(24));
        if (!position_legal())
            continue;
        idc_generate(pos, list);
        int naive = naive_legal_count();
        uint64_t counted = count_turns(pos); /* perft's last ply: counted, not listed */
        if (list->count != naive || counted != (uint64_t)naive) {
            char fen[FEN_MAX_LEN];
            fen_write(pos, fen, sizeof fen);
            ck_abort_msg("%s: generated %d, counted %llu, naive %d", fen, list->count, (unsigned long long)counted,
                         naive);
        }
        tested++;
    }
    free(list);
    ck_assert_int_gt(tested, 1000);
}
END_TEST

/* Random games: make/unmake restore the position, the incremental key equals
 * the key from scratch, and the FEN reads back to the same key. */
START_TEST(random_games_keep_keys)
{
    struct move_list *list = malloc(sizeof *list);
    for (int game = 0; game < 200; game++) {
        load(v->start_fen);
        for (int ply = 0; ply < 120; ply++) {
            idc_generate(pos, list);
            if (list->count == 0)
                break;
            Move m = list->moves[rnd((uint32_t)list->count)];
            char before[FEN_MAX_LEN], after[FEN_MAX_LEN];
            fen_write(pos, before, sizeof before);
            uint64_t key = pos->key;
            idc_make(pos, m);
            idc_unmake(pos, m);
            fen_write(pos, after, sizeof after);
            ck_assert_str_eq(before, after);
            ck_assert(pos->key == key);
            idc_make(pos, m);
            ck_assert(pos->key == position_compute_key(pos));
            ck_assert(!idc_attacked(pos->board, pos->king_sq[pos->side ^ 1], pos->side));
        }
        char fen[FEN_MAX_LEN];
        fen_write(pos, fen, sizeof fen);
        uint64_t key = pos->key;
        load(fen);
        ck_assert(pos->key == key);
    }
    free(list);
}
END_TEST

START_TEST(holdings_written_in_rule_order)
{
    char out[FEN_MAX_LEN];
    load("2k3/6/6/6/6/6/3K2[tgcnsuTGCNSU] w - - 3 9");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "2k3/6/6/6/6/6/3K2[USNCGTusncgt] w - - 3 9");
    ck_assert_int_eq(pos->hand[WHITE][IDC_U], 1);
    ck_assert_int_eq(pos->hand[BLACK][IDC_T], 1);
}
END_TEST

START_TEST(bad_fens_refused)
{
    static const char *const bad[] = {
        "2k3/6/6/6/6/6/3K2[K] w - - 0 1",                /* a King in hand */
        "2k3/6/6/6/6/6/6[] w - - 0 1",                   /* no white King */
        "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w KQ - 0 1", /* castling */
        "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w - c3 0 1", /* en passant */
        "6/5k/6/6/1T4/2t3/3K2[] b - - 0 1",               /* White, not to move, in check */
        "snukns/cgttgc/6/6/6/CGTTGC/SNUKNSP[] w - - 0 1",
        NULL,
    };
    char err[VARIANT_ERR_LEN];
    for (int i = 0; bad[i]; i++)
        ck_assert_msg(fen_read(pos, v, bad[i], err, sizeof err) != 0, "accepted %s", bad[i]);
}
END_TEST

START_TEST(drop_notation_and_parse)
{
    struct turn t;
    load("2k3/6/6/6/6/6/3K2[N] w - - 7 1");
    ck_assert_int_eq(turn_parse(pos, "N@c4", &t), 0);
    ck_assert_str_eq(t.text, "N@c4");
    ck_assert_int_eq(turn_parse(pos, "n@c4", &t), 0); /* XBoard may send either case */
    turn_make(pos, &t);
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "2k3/6/6/2N3/6/6/3K2[] b - - 0 1");
    ck_assert_int_ne(turn_parse(pos, "N@c5", &t), 0); /* nothing left in hand */
}
END_TEST

START_TEST(capture_goes_to_hand_with_colour_changed)
{
    struct turn t;
    /* The seed's second diagram: the Universalist on f4 slides west along
     * rank 4, borrowing from the Conservative on a4, and captures it. */
    load("6/2k3/6/c4U/6/6/2K3[] w - - 0 1");
    ck_assert_int_eq(turn_parse(pos, "f4a4", &t), 0);
    turn_make(pos, &t);
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "6/2k3/6/U5/6/6/2K3[C] b - - 0 1");
}
END_TEST

START_TEST(xboard_setup_is_sent_as_xboard_reads_it)
{
    char out[2048];
    load(v->start_fen);
    xboard_setup_line(pos, out, sizeof out);
    ck_assert_str_eq(out, "setup (.N.CUGS..TK..n.cugs..tk.) 6x7+6_fairy snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[-] w - - 0 1\n");
}
END_TEST

/* The evaluation is colour-blind: the position mirrored top to bottom with
 * colours, hands and the side to move swapped scores the same. */
static void mirror(const struct position *src, struct position *dst)
{
    position_clear(dst, v, NULL);
    for (int i = 0; i < IDC_SQUARES; i++) {
        Square sq = idc.sq[i];
        Piece p = src->board[sq];
        if (p != EMPTY)
            pos_put(dst, make_square(square_col(sq), IDC_RANKS - 1 - square_rank(sq)),
                    make_piece(piece_color(p) ^ 1, piece_type(p)));
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = 0; t < MAX_TYPES; t++)
            dst->hand[c ^ 1][t] = src->hand[c][t];
    dst->side = src->side ^ 1;
    dst->key = position_compute_key(dst);
}

/* The image table keeps clear of XBoard's side effects: nothing on the Pawn
 * slot (en-passant guess) or the King slot (castling guess), every piece
 * shown once per colour, and the six held types are the first six types in
 * use (XBoard numbers holdings rows by counting the types in use). */
START_TEST(xboard_images_avoid_heuristics)
{
    char out[2048];
    load(v->start_fen);
    xboard_setup_line(pos, out, sizeof out);
    const char *open = strchr(out, '('), *close = strchr(out, ')');
    ck_assert_ptr_nonnull(open);
    ck_assert_ptr_nonnull(close);
    int len = (int)(close - open - 1), half = len / 2;
    ck_assert_int_eq(len % 2, 0);
    for (int side = 0; side < 2; side++) {
        const char *t = open + 1 + side * half;
        ck_assert_int_eq(t[0], '.');        /* Pawn */
        ck_assert_int_eq(t[half - 1], '.'); /* King */
        int used = 0, seen = 0;
        for (int i = 0; i < half; i++) {
            if (t[i] == '.')
                continue;
            char upper = (char)(t[i] & ~0x20);
            const char *at = strchr("USNCGTK", upper);
            ck_assert_ptr_nonnull(at);
            ck_assert_int_eq(seen & (1 << (at - "USNCGTK")), 0);
            seen |= 1 << (at - "USNCGTK");
            ck_assert_int_eq((t[i] >= 'a') == (side == 1), 1);
            if (used < 6)
                ck_assert_int_ne(upper, 'K');
            used++;
        }
        ck_assert_int_eq(used, 7);
    }
}
END_TEST

START_TEST(evaluation_is_colour_blind)
{
    struct position *m = malloc(sizeof *m);
    load(v->start_fen);
    ck_assert_int_eq(v->evaluate(pos), 0);
    for (int n = 0; n < 2000; n++) {
        random_position((int)rnd(24));
        mirror(pos, m);
        ck_assert_int_eq(v->evaluate(pos), v->evaluate(m));
    }
    free(m);
}
END_TEST

START_TEST(piece_in_hand_beats_isolated_piece_on_board)
{
    struct position *other = malloc(sizeof *other);
    char err[VARIANT_ERR_LEN];
    load("k5/6/6/2N3/6/6/5K[] w - - 0 1");
    ck_assert_int_eq(fen_read(other, v, "k5/6/6/6/6/6/5K[N] w - - 0 1", err, sizeof err), 0);
    ck_assert_int_gt(v->evaluate(other), v->evaluate(pos));
    free(other);
}
END_TEST

/* The counting loop's lend table (one read per neighbour) agrees with
 * idc_source_type for every mover type and every board byte: a piece of
 * either colour lends its type (a Universalist the mover's own, or nothing
 * to a Universalist), an empty or off-board square lends nothing. */
START_TEST(lend_table_agrees_with_source_type)
{
    idc_init_tables();
    for (int m = IDC_U; m < IDC_TYPES; m++)
        for (int b = 0; b < 256; b++) {
            Piece h = (Piece)b;
            bool lends = is_piece(h) && piece_type(h) >= IDC_U && piece_type(h) < IDC_TYPES;
            int want = lends ? idc_source_type(h, make_piece(BLACK, m)) : 0;
            ck_assert_msg(idc.lend[m][b] == want, "mover %d, byte 0x%02x: %d, not %d", m, b, idc.lend[m][b], want);
        }
}
END_TEST

/* Every torus diagonal visits the other 41 squares once and then comes back
 * to its start, the sentinel that stops the safety walk (interdep_safety.c). */
START_TEST(torus_rays_cover_the_board_and_end_on_their_start)
{
    idc_init_tables();
    for (int i = 0; i < IDC_SQUARES; i++)
        for (int d = 1; d < IDC_DIRS; d += 2) {
            const int16_t *ray = idc_torus_ray(idc.sq[i], d);
            uint64_t seen = 0;
            for (int k = 0; k < IDC_TORUS_LEN; k++)
                seen |= idc_bit(ray[k]);
            ck_assert_uint_eq(seen, ((1ULL << IDC_SQUARES) - 1) & ~(1ULL << i));
            ck_assert_int_eq(ray[IDC_TORUS_LEN], idc.sq[i]);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("interdependent");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fast_attack_equals_naive);
    tcase_add_test(tc, lend_table_agrees_with_source_type);
    tcase_add_test(tc, torus_rays_cover_the_board_and_end_on_their_start);
    tcase_add_test(tc, targets_equal_the_listed_moves);
    tcase_add_test(tc, generation_keeps_the_walks_order);
    tcase_add_test(tc, legal_generation_equals_make_and_look);
    tcase_add_test(tc, random_games_keep_keys);
    tcase_add_test(tc, holdings_written_in_rule_order);
    tcase_add_test(tc, bad_fens_refused);
    tcase_add_test(tc, drop_notation_and_parse);
    tcase_add_test(tc, capture_goes_to_hand_with_colour_changed);
    tcase_add_test(tc, xboard_setup_is_sent_as_xboard_reads_it);
    tcase_add_test(tc, xboard_images_avoid_heuristics);
    tcase_add_test(tc, evaluation_is_colour_blind);
    tcase_add_test(tc, piece_in_hand_beats_isolated_piece_on_board);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
