/* Polypiece tests: the Powers setting, phases in FEN and key, the seed's rules. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"
#include "perft/perft.h"
#include "variants/chess.h"
#include "variants/polypiece.h"
#include "variants/registry.h"
#include "protocol/xboard_setup.h"

static struct position *pos;
static char err[VARIANT_ERR_LEN];
/* Each test's two games: one of Polypiece, one of Phased Polypiece. */
static struct settings s_poly, s_phased;

static const struct variant *poly(void) { return variant_find("polypiece"); }
static const struct variant *phased(void) { return variant_find("polypiece-phased"); }

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
    ck_assert_int_eq(settings_init(&s_poly, poly(), err, sizeof err), 0);
    ck_assert_int_eq(settings_init(&s_phased, phased(), err, sizeof err), 0);
}

static void teardown(void)
{
    settings_free(&s_poly);
    settings_free(&s_phased);
    free(pos);
}

static void load(const struct variant *v, const char *fen)
{
    int rc = fen_read_with(pos, v == poly() ? &s_poly : &s_phased, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

static void play(const char *text)
{
    struct turn t;
    ck_assert_msg(turn_parse(pos, text, &t) == 0, "illegal %s", text);
    turn_make(pos, &t);
}

static void fen_is(const char *want)
{
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, want);
}

static bool has_move(const char *text)
{
    struct turn t;
    return turn_parse(pos, text, &t) == 0;
}

START_TEST(default_powers_and_option_entry)
{
    char out[POLYPIECE_POWERS_MAX * 2];
    ck_assert_int_eq(poly()->option_count, 1);
    ck_assert_str_eq(poly()->options[0].name, "Powers");
    ck_assert_str_eq(poly()->options[0].default_value, POLYPIECE_DEFAULT_POWERS);
    settings_get(&s_poly, "Powers", out, sizeof out);
    ck_assert_str_eq(out, POLYPIECE_DEFAULT_POWERS);
    settings_get(&s_phased, "powers", out, sizeof out);
    ck_assert_str_eq(out, POLYPIECE_DEFAULT_POWERS);
}
END_TEST

START_TEST(set_powers_canonical_and_per_game)
{
    char out[POLYPIECE_POWERS_MAX * 2];
    ck_assert_int_eq(settings_set(&s_phased, "Powers", "n:N,AD  Q:Q,WAND,KK", err, sizeof err), 0);
    settings_get(&s_phased, "Powers", out, sizeof out);
    ck_assert_str_eq(out, "K:K Q:Q,WAND,KK R:R B:B N:N,AD");
    settings_get(&s_poly, "Powers", out, sizeof out);
    ck_assert_str_eq(out, POLYPIECE_DEFAULT_POWERS);
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "", err, sizeof err), 0);
    settings_get(&s_poly, "Powers", out, sizeof out);
    ck_assert_str_eq(out, "K:K Q:Q R:R B:B N:N");
}
END_TEST

START_TEST(invalid_powers_refused_and_old_kept)
{
    static const char *const bad[] = {
        "Q:Q,WX", "P:W", "Q:Q Q:WAND", "Q:", "Q:Q,,R", "Q", "X:Q", "Q:Q,W,F,D,N,A,H,C,Z,G", "N:W0", NULL,
    };
    char out[POLYPIECE_POWERS_MAX * 2];
    for (int i = 0; bad[i]; i++) {
        err[0] = '\0';
        ck_assert_msg(settings_set(&s_poly, "Powers", bad[i], err, sizeof err) == -1, "accepted %s", bad[i]);
        ck_assert_msg(strncmp(err, "Powers: ", 8) == 0, "%s: message '%s'", bad[i], err);
        settings_get(&s_poly, "Powers", out, sizeof out);
        ck_assert_str_eq(out, POLYPIECE_DEFAULT_POWERS);
    }
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "Q:Q,WX", err, sizeof err), -1);
    ck_assert_str_eq(err, "Powers: invalid Betza \"WX\": unexpected 'X' at position 2");
    ck_assert_int_eq(settings_set(&s_poly, "Speed", "1", err, sizeof err), -1);
}
END_TEST

/* Different armies (Betza: White's Knight alternates with the Waffle, Black's
 * Fibnif with fwNW, read fsNW): White's list, '/', Black's; the entry in
 * force is still shared by the type, so a move of either side's piece of the
 * type advances both. */
START_TEST(per_side_lists_different_armies)
{
    char out[POLYPIECE_POWERS_MAX * 2];
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "N:N,WA/FvN,fsNW", err, sizeof err), 0);
    settings_get(&s_poly, "Powers", out, sizeof out);
    ck_assert_str_eq(out, "K:K Q:Q R:R B:B N:N,WA/FvN,fsNW");
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000");
    play("e2e4");
    play("e7e6");
    play("d2d3");
    ck_assert(has_move("g8f6"));  /* the Fibnif's narrow Knight move */
    ck_assert(!has_move("g8e7")); /* no wide one */
    play("g8f6");                 /* the type advances: White's Knights are Waffles, Black's fsNW */
    ck_assert(!has_move("g1f3")); /* no Knight move */
    ck_assert(has_move("g1e3"));  /* the Waffle's Alfil leap */
    play("g1e3");                 /* back to entry 0: Black's piece is its Fibnif again */
    ck_assert(has_move("f6g4"));  /* narrow Knight */
    ck_assert(has_move("f6g5"));  /* Ferz */
    ck_assert(!has_move("f6h5")); /* no wide Knight move */
    static const char *const bad[] = {"N:N,WA/FvN", "N:N/FvN/W", "N:N,WA/", NULL};
    for (int i = 0; bad[i]; i++) {
        ck_assert_msg(settings_set(&s_poly, "Powers", bad[i], err, sizeof err) == -1, "accepted %s", bad[i]);
        ck_assert_msg(strncmp(err, "Powers: N: ", 11) == 0, "%s: message '%s'", bad[i], err);
    }
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "N:N,WA/FvN", err, sizeof err), -1);
    ck_assert_str_eq(err, "Powers: N: White's list has 2 entries, Black's 1; both sides' lists of a type must be "
                          "equally long");
}
END_TEST

/* Two games of one variant with different lists, in one thread, played and
 * counted in turn: each keeps its own perft counts (perft/suites/polypiece.epd
 * lines 64 and 68, the same position under two lists). */
START_TEST(two_games_with_different_lists_interleaved)
{
    static const char fen[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 00000";
    static const uint64_t fancy[] = {1, 48, 2021, 98739};
    static const uint64_t plain[] = {1, 48, 2039, 97862};
    struct settings other;
    ck_assert_int_eq(settings_init(&other, poly(), err, sizeof err), 0);
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "Q:Q,KK R:R,WWD B:B,K2 N:N,AD", err, sizeof err), 0);
    ck_assert_int_eq(settings_set(&other, "Powers", "", err, sizeof err), 0);
    struct position *a = pos, *b = malloc(sizeof *b);
    ck_assert_int_eq(fen_read_with(a, &s_poly, fen, err, sizeof err), 0);
    ck_assert_int_eq(fen_read_with(b, &other, fen, err, sizeof err), 0);
    ck_assert(a->key != b->key);
    for (int d = 1; d <= 3; d++) {
        ck_assert_uint_eq(perft(a, d, true), fancy[d]);
        ck_assert_uint_eq(perft(b, d, false), plain[d]);
    }
    /* A turn in each, then the other's count, then back. */
    struct turn ta, tb;
    ck_assert_int_eq(turn_parse(a, "d2e3", &ta), 0);
    ck_assert_int_eq(turn_parse(b, "e1g1", &tb), 0);
    turn_make(a, &ta);
    ck_assert_uint_eq(perft(b, 2, true), plain[2]);
    turn_make(b, &tb);
    turn_unmake(a, &ta);
    ck_assert_uint_eq(perft(a, 2, true), fancy[2]);
    turn_unmake(b, &tb);
    ck_assert_uint_eq(perft(b, 3, true), plain[3]);
    ck_assert_uint_eq(a->key, position_compute_key(a));
    ck_assert_uint_eq(b->key, position_compute_key(b));
    free(b);
    settings_free(&other);
}
END_TEST

START_TEST(fen_phase_field)
{
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 01011");
    fen_is("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 01011");
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    fen_is("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000");
    /* Fewer than four fields: no phase field to read (the fuzzer's crash read past the fields). */
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq");
    fen_is("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000");
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b");
    fen_is("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1 00000");
    static const char *const bad[] = {"02000", "10000", "0000", "000000", "0a000", NULL};
    for (int i = 0; bad[i]; i++) {
        char fen[FEN_MAX_LEN];
        snprintf(fen, sizeof fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 %s", bad[i]);
        ck_assert_msg(fen_read(pos, poly(), fen, err, sizeof err) == -1, "accepted %s", bad[i]);
        ck_assert_msg(strstr(err, "field 7") != NULL, "%s: %s", bad[i], err);
    }
}
END_TEST

START_TEST(phases_advance_as_the_rules_say)
{
    load(poly(), poly()->start_fen);
    play("e2e4");
    play("e7e5");
    play("g1f3");
    fen_is("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 00001");
    ck_assert(!has_move("g8f6")); /* Black's Knights are WD now */
    ck_assert(has_move("g8g6"));
    play("f8c5");
    play("b1b3"); /* a WD move: Knights are N again */
    fen_is("rnbqk1nr/pppp1ppp/8/2b1p3/4P3/1N3N2/PPPP1PPP/R1BQKB1R b KQkq - 3 3 00010");
}
END_TEST

START_TEST(castling_is_a_king_move_and_promotion_a_pawn_move)
{
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "K:K,WD R:R,NN", err, sizeof err), 0);
    load(poly(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 00000");
    play("e1g1");
    fen_is("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 10000");
    load(poly(), "8/P6k/8/8/8/8/8/K7 w - - 0 1 00000");
    play("a7a8n");
    fen_is("N7/7k/8/8/8/8/8/K7 b - - 0 1 00000");
}
END_TEST

START_TEST(reti_knight_cannot_move)
{
    load(poly(), "8/1K6/P7/kn6/4N3/8/8/8 w - - 0 1 00000");
    struct move_list list;
    poly()->generate(pos, &list);
    ck_assert_int_eq(list.count, 5);
    for (int i = 0; i < list.count; i++)
        ck_assert_int_ne(piece_type(pos->board[move_from(list.moves[i])]), 2 /* Knight */);
    /* Cheron, Black to move: 1...Na8-c7=WD gives check. */
    load(poly(), "n7/PK1k4/8/8/8/2N5/8/8 b - - 0 1 00000");
    play("a8c7");
    ck_assert(poly()->in_check(pos));
}
END_TEST

START_TEST(phased_black_is_one_entry_ahead)
{
    load(phased(), phased()->start_fen);
    ck_assert(has_move("g1f3"));
    play("g1f3");
    ck_assert(has_move("g8f6")); /* Black's Knights became Knights */
    ck_assert(!has_move("g8g6"));
}
END_TEST

static void random_walk(const struct variant *v, const char *fen, unsigned seed)
{
    load(v, fen);
    srand(seed);
    char before[FEN_MAX_LEN], after[FEN_MAX_LEN];
    struct move_list list;
    for (int ply = 0; ply < 120; ply++) {
        v->generate(pos, &list);
        if (list.count == 0)
            break;
        Move m = list.moves[rand() % list.count];
        fen_write(pos, before, sizeof before);
        uint64_t key = pos->key;
        v->make(pos, m);
        v->unmake(pos, m);
        fen_write(pos, after, sizeof after);
        ck_assert_str_eq(before, after);
        ck_assert(pos->key == key);
        v->make(pos, m);
        ck_assert_msg(pos->key == position_compute_key(pos), "key drift at ply %d", ply);
    }
}

START_TEST(keys_and_unmake_along_random_games)
{
    for (unsigned s = 1; s <= 6; s++) {
        random_walk(poly(), poly()->start_fen, s);
        random_walk(phased(), phased()->start_fen, s);
    }
}
END_TEST

/* Legal moves by the slow definition: every piece's pseudo-legal moves and
 * castling, each made, our King then looked at under the powers in force
 * after the move; a move reached by two rays counts once. */
static int naive_legal_count(void)
{
    static struct move_list list;
    Color us = pos->side;
    list.count = 0;
    for (int i = 0; i < pos->pcount[us]; i++)
        chess_gen_piece(pos, &list, pos->plist[us][i], false);
    if (pos->castling)
        chess_gen_castling(pos, chess_rules_of(pos), &list);
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        bool repeat = false;
        for (int j = 0; j < i && !repeat; j++)
            repeat = list.moves[j] == list.moves[i];
        if (repeat)
            continue;
        chess_make(pos, list.moves[i]);
        n += !chess_square_attacked(pos, pos->king_sq[us], us ^ 1);
        chess_unmake(pos, list.moves[i]);
    }
    return n;
}

/* Along random games, generation (legality by the pins of the powers after
 * a move) and perft's counted last ply both equal make-and-look. */
static void legal_walk(const struct variant *v, unsigned seed)
{
    load(v, v->start_fen);
    srand(seed);
    static struct move_list list;
    for (int ply = 0; ply < 150; ply++) {
        v->generate(pos, &list);
        int naive = naive_legal_count();
        uint64_t counted = count_turns(pos);
        if (list.count != naive || counted != (uint64_t)naive) {
            char fen[FEN_MAX_LEN];
            fen_write(pos, fen, sizeof fen);
            ck_abort_msg("%s: generated %d, counted %llu, naive %d", fen, list.count, (unsigned long long)counted,
                         naive);
        }
        if (list.count == 0)
            break;
        v->make(pos, list.moves[rand() % list.count]);
    }
}

START_TEST(legal_moves_equal_make_and_look)
{
    static const char *const lists[] = {
        POLYPIECE_DEFAULT_POWERS,
        "K:K,WD Q:Q,KK R:R,WWD B:B,K2 N:N,AD", /* overlapping rays, a King that changes */
        "K:K,WF,K Q:NN,Q,B R:R,DA,NN B:B,W,R4 N:N,C,Z",
    };
    for (unsigned l = 0; l < sizeof lists / sizeof lists[0]; l++) {
        ck_assert_int_eq(settings_set(&s_poly, "Powers", lists[l], err, sizeof err), 0);
        ck_assert_int_eq(settings_set(&s_phased, "Powers", lists[l], err, sizeof err), 0);
        for (unsigned seed = 1; seed <= 8; seed++) {
            legal_walk(poly(), seed);
            legal_walk(phased(), seed);
        }
    }
}
END_TEST

START_TEST(phases_are_in_the_key)
{
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000");
    uint64_t a = pos->key;
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00001");
    ck_assert(a != pos->key);
}
END_TEST

START_TEST(overlapping_rays_give_no_duplicate_moves)
{
    ck_assert_int_eq(settings_set(&s_poly, "Powers", "R:WWD B:KW2", err, sizeof err), 0);
    load(poly(), "7k/8/8/8/3R4/8/8/K2B4 w - - 0 1 00000");
    struct move_list list;
    poly()->generate(pos, &list);
    for (int i = 0; i < list.count; i++)
        for (int j = i + 1; j < list.count; j++)
            ck_assert_msg(list.moves[i] != list.moves[j], "duplicate move");
    /* Rook WWD on d4: 13 rook squares (its D leaps add none); Bishop KW2 on d1: 5 King
     * squares + d3 b1 f1; King a1: 3. */
    ck_assert_int_eq(list.count, 13 + 8 + 3);
}
END_TEST

START_TEST(evaluation_follows_the_entries)
{
    load(poly(), poly()->start_fen);
    ck_assert_int_eq(polypiece_entry_value(pos, 2, 0), 320);  /* N */
    ck_assert_int_eq(polypiece_entry_value(pos, 5, 0), 900);  /* Q */
    int wd = polypiece_entry_value(pos, 2, 1);
    ck_assert_msg(wd > 280 && wd < 360, "WD %d", wd);
    /* The start is symmetric: only the side to move's tempo counts. */
    load(poly(), poly()->start_fen);
    ck_assert_int_eq(poly()->evaluate(pos), *eval_param_find(&polypiece_eval_params, "Tempo")->value);
    /* A Queen as WAND counts for less than a Queen. */
    load(poly(), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 00000");
    int as_queen = poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 01000");
    ck_assert_int_lt(poly()->evaluate(pos), as_queen);
    /* Phased start: equal armies by type but Black's entries differ. */
    load(phased(), phased()->start_fen);
    ck_assert_int_ne(phased()->evaluate(pos), 1 << 30);
}
END_TEST

/* The same piece is worth more where its power in force reaches more squares. */
START_TEST(evaluation_counts_mobility_with_the_powers_in_force)
{
    load(poly(), "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 00000");
    int open = poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 00000");
    open -= poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/PP6/RN2K3 w - - 0 1 00000");
    int boxed_in = poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/PP6/1N2K3 w - - 0 1 00000");
    boxed_in -= poly()->evaluate(pos);
    ck_assert_int_gt(open, boxed_in);
    /* Rook phase 1 is NN (Nightrider): on d4 it reaches more than in a corner. */
    load(poly(), "4k3/8/8/8/3R4/8/8/4K3 w - - 0 1 00100");
    int centre = poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 00100");
    ck_assert_int_gt(centre, poly()->evaluate(pos));
}
END_TEST

/* Pawns keep their powers: a passed Pawn near promotion is worth more than one
 * at home, and attacks next to the enemy King count against it. */
START_TEST(evaluation_has_the_pawn_and_king_terms)
{
    load(poly(), "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 00000");
    int advanced = poly()->evaluate(pos);
    load(poly(), "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1 00000");
    ck_assert_int_gt(advanced, poly()->evaluate(pos));
    const char *far = "6k1/5ppp/8/8/8/8/5PPP/1N1QR1K1 w - - 0 1 00000";
    const char *near = "6k1/5ppp/8/4N1Q1/8/8/5PPP/4R1K1 w - - 0 1 00000";
    load(poly(), near);
    int gain = poly()->evaluate(pos);
    load(poly(), far);
    gain -= poly()->evaluate(pos);
    ck_assert_int_eq(eval_param_set(eval_param_find(&polypiece_eval_params, "KingAttack"), 0, err, sizeof err), 0);
    eval_params_changed(&polypiece_eval_params);
    load(poly(), near);
    int gain_without = poly()->evaluate(pos);
    load(poly(), far);
    gain_without -= poly()->evaluate(pos);
    eval_params_reset(&polypiece_eval_params);
    ck_assert_int_gt(gain, gain_without);
}
END_TEST

START_TEST(xboard_setup_is_sent_as_xboard_reads_it)
{
    char out[512];
    load(poly(), poly()->start_fen);
    xboard_setup_line(pos, out, sizeof out);
    ck_assert_str_eq(out, "setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
}
END_TEST

/* The chess family counts the orthodox pieces' moves with their steps known
 * (enum piece_shape): a power is recognised as one only when it is exactly
 * that piece's, in both colours. */
static int shape_of_betza(const char *betza, Color c)
{
    struct power_set *set = calloc(1, sizeof *set);
    ck_assert_ptr_nonnull(set);
    for (Color side = WHITE; side <= BLACK; side++)
        ck_assert_int_eq(chess_power_from_betza(&set->power[KNIGHT][side], betza, side, err, sizeof err), 0);
    chess_build_attacks(set);
    int shape = set->shape[KNIGHT][c];
    free(set);
    return shape;
}

START_TEST(power_shapes_recognised)
{
    static const struct {
        const char *betza;
        int shape;
    } cases[] = {
        {"N", SHAPE_KNIGHT}, {"B", SHAPE_BISHOP}, {"R", SHAPE_ROOK}, {"Q", SHAPE_QUEEN}, {"RB", SHAPE_QUEEN},
        {"K", SHAPE_OTHER},  {"NN", SHAPE_OTHER}, {"B4", SHAPE_OTHER}, {"fN", SHAPE_OTHER}, {"mRcB", SHAPE_OTHER},
        {"RN", SHAPE_OTHER}, {"W", SHAPE_OTHER},  {"fR", SHAPE_OTHER},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (Color c = WHITE; c <= BLACK; c++)
            ck_assert_msg(shape_of_betza(cases[i].betza, c) == cases[i].shape, "%s (colour %d): shape %d, expected %d",
                          cases[i].betza, c, shape_of_betza(cases[i].betza, c), cases[i].shape);
}
END_TEST

/* The offset tables of a power set, from which the pins and checks are
 * found without walking every direction (set->reach, adjacent, aligned),
 * agree with the powers' capture rays: on an empty 8x8 board, a piece on sq
 * reaches the King exactly when one of its capture rays does. */
static void offset_tables_agree(const char *betza)
{
    struct power_set *set = calloc(1, sizeof *set);
    ck_assert_ptr_nonnull(set);
    for (Color side = WHITE; side <= BLACK; side++)
        ck_assert_int_eq(chess_power_from_betza(&set->power[QUEEN][side], betza, side, err, sizeof err), 0);
    chess_build_attacks(set);
    Square king = make_square(3, 3);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int col = 0; col < 8; col++)
            for (int rank = 0; rank < 8; rank++) {
                Square sq = make_square(col, rank);
                int index = BOARD_SIZE + sq - king;
                bool near = false, far = false;
                const struct piece_power *pw = &set->power[QUEEN][c];
                for (int i = 0; i < pw->count; i++)
                    for (int k = 1; k <= pw->rays[i].range && (pw->rays[i].mode & BETZA_CAPTURE); k++)
                        if (sq + k * pw->rays[i].step == king) {
                            near |= k == 1;
                            far |= k >= 2;
                        }
                bool reach = set->reach[c][index] & (1u << QUEEN);
                bool adjacent = set->adjacent[c][index] & (1u << QUEEN);
                bool aligned = set->aligned[c][index] && (set->riders[c] & (1u << QUEEN));
                ck_assert_msg(reach == (near || far), "%s, colour %d, square %d,%d: reach %d", betza, c, col, rank,
                              reach);
                ck_assert_msg(adjacent == near, "%s, colour %d, square %d,%d: adjacent %d", betza, c, col, rank,
                              adjacent);
                ck_assert_msg(!far || aligned, "%s, colour %d, square %d,%d: not aligned", betza, c, col, rank);
            }
    free(set);
}

START_TEST(offset_tables_agree_with_the_rays)
{
    static const char *const powers[] = {"N", "B", "R", "Q", "K", "NN", "B4", "R4", "WAND", "WD", "FfsLbbL", "fN", "mRcB"};
    for (size_t i = 0; i < sizeof powers / sizeof powers[0]; i++)
        offset_tables_agree(powers[i]);
}
END_TEST

/* Counting asks changing_types once per node instead of changes_powers
 * once per piece: the two agree on every piece, whatever the lists. */
static void changing_types_agree(const char *powers)
{
    ck_assert_int_eq(settings_set(&s_poly, "Powers", powers, err, sizeof err), 0);
    load(poly(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000");
    const struct chess_rules *r = chess_rules_of(pos);
    ck_assert_ptr_nonnull(r->changing_types);
    unsigned changing = r->changing_types(pos);
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            int type = piece_type(pos->board[sq]);
            bool changes = r->changes_powers(pos, make_move(sq, sq, MK_NORMAL, 0));
            ck_assert_msg(changes == (bool)((changing >> type) & 1), "%s: type %d", powers, type);
        }
}

START_TEST(changing_types_agree_with_changes_powers)
{
    changing_types_agree(POLYPIECE_DEFAULT_POWERS);
    changing_types_agree("");
    changing_types_agree("K:K,WD R:R,NN");
    changing_types_agree("N:N,AD Q:Q,WAND,KK");
}
END_TEST

/* A set's reach_after holds, for each type, the reach of that type under
 * the set in force after its move (what powers_after gives), so that the
 * pins after a move are looked for only where a piece so placed stands. */
static void reach_after_agrees(const struct variant *v, const char *powers, const char *phases)
{
    struct settings *st = v == poly() ? &s_poly : &s_phased;
    ck_assert_int_eq(settings_set(st, "Powers", powers, err, sizeof err), 0);
    char fen[FEN_MAX_LEN];
    snprintf(fen, sizeof fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 %s", phases);
    load(v, fen);
    const struct chess_rules *r = chess_rules_of(pos);
    const struct power_set *set = chess_powers(pos);
    ck_assert(set->has_reach_after);
    for (int type = KNIGHT; type <= KING; type++) {
        const struct power_set *after = r->powers_after(pos, type);
        ck_assert_ptr_nonnull(after);
        for (Color c = WHITE; c <= BLACK; c++)
            for (int i = 0; i < 2 * BOARD_SIZE; i++)
                ck_assert_msg(((set->reach_after[c][i] ^ after->reach[c][i]) >> type & 1) == 0,
                              "%s %s: type %d colour %d index %d", powers, phases, type, c, i);
    }
}

START_TEST(reach_after_is_the_reach_after_the_move)
{
    const char *cases[][2] = {
        {POLYPIECE_DEFAULT_POWERS, "00000"}, {POLYPIECE_DEFAULT_POWERS, "01101"}, {"K:K,WD R:R,NN", "10100"},
        {"N:N,AD Q:Q,WAND,KK", "01001"},      {"N:N,AD Q:Q,WAND,KK", "02000"},     {"N:N,WA/FvN,fsNW", "00001"},
    };
    for (int v = 0; v < 2; v++)
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
            reach_after_agrees(v ? phased() : poly(), cases[i][0], cases[i][1]);
}
END_TEST

static Suite *polypiece_suite(void)
{
    Suite *s = suite_create("polypiece");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, default_powers_and_option_entry);
    tcase_add_test(tc, power_shapes_recognised);
    tcase_add_test(tc, offset_tables_agree_with_the_rays);
    tcase_add_test(tc, changing_types_agree_with_changes_powers);
    tcase_add_test(tc, reach_after_is_the_reach_after_the_move);
    tcase_add_test(tc, legal_moves_equal_make_and_look);
    tcase_add_test(tc, set_powers_canonical_and_per_game);
    tcase_add_test(tc, two_games_with_different_lists_interleaved);
    tcase_add_test(tc, invalid_powers_refused_and_old_kept);
    tcase_add_test(tc, per_side_lists_different_armies);
    tcase_add_test(tc, fen_phase_field);
    tcase_add_test(tc, phases_advance_as_the_rules_say);
    tcase_add_test(tc, castling_is_a_king_move_and_promotion_a_pawn_move);
    tcase_add_test(tc, reti_knight_cannot_move);
    tcase_add_test(tc, phased_black_is_one_entry_ahead);
    tcase_add_test(tc, keys_and_unmake_along_random_games);
    tcase_add_test(tc, phases_are_in_the_key);
    tcase_add_test(tc, overlapping_rays_give_no_duplicate_moves);
    tcase_add_test(tc, evaluation_follows_the_entries);
    tcase_add_test(tc, evaluation_counts_mobility_with_the_powers_in_force);
    tcase_add_test(tc, evaluation_has_the_pawn_and_king_terms);
    tcase_add_test(tc, xboard_setup_is_sent_as_xboard_reads_it);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(polypiece_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
