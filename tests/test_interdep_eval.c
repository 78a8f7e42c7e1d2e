/* Interdependent Chess: the fast evaluation path equals the straightforward
 * one. The attack map of a forward pass (idc_attack_map) must mark exactly
 * the squares idc_attacked finds one by one, and idc_evaluate must return
 * what the evaluation computed square by square before the attack map
 * (kept here as a reference, reading the weights by name), on positions
 * from random games and random placements, with default and random weights;
 * and the King-safety term counts attacks made with borrowed powers. */
#include <check.h>
#include <stdlib.h>

#include "variants/core/eval_params.h"
#include "variants/core/fen.h"
#include "variants/interdep.h"
#include "check_run.h"
#include "interdep_fixture.h"

/* ---- The reference: the evaluation asked square by square ---------------- */

/* The weight called `name`, found once per name (the names are literals). */
static int weight(const char *name)
{
    enum { CACHE = 64 };
    static const char *names[CACHE];
    static int *values[CACHE];
    static int cached;
    for (int i = 0; i < cached; i++)
        if (names[i] == name)
            return *values[i];
    struct eval_param *p = eval_param_find(&idc_eval_params, name);
    ck_assert_msg(p != NULL, "no weight %s", name);
    ck_assert_int_lt(cached, CACHE);
    names[cached] = name;
    values[cached++] = p->value;
    return *p->value;
}

static const char *const type_weight[MAX_TYPES] = {
    [IDC_U] = "Universalist", [IDC_S] = "Spider", [IDC_N] = "Knight",
    [IDC_C] = "Conservative", [IDC_G] = "Guardian", [IDC_T] = "Steward",
};

static int value_of(int type) { return type == IDC_K ? 0 : weight(type_weight[type]); }

static int torus_distance(int a, int b, int n)
{
    int d = abs(a - b);
    return d < n - d ? d : n - d;
}

static int pieces_in_hand(const struct position *p, Color c)
{
    int n = 0;
    for (int t = IDC_U; t < IDC_K; t++)
        n += p->hand[c][t];
    return n;
}

/* Material, helpers and Universalist terms of the piece on sq. */
static int reference_piece(const struct position *p, Square sq)
{
    static const char *const helper_weight[9] = {"Helpers0", "Helpers1", "Helpers2", "Helpers3", "Helpers4",
                                                 "Helpers5", "Helpers6", "Helpers7", "Helpers8"};
    int type = piece_type(p->board[sq]), helpers = 0;
    bool diagonal_u = false;
    for (int d = 0; d < IDC_DIRS; d++) {
        Piece h = p->board[idc.nb[sq][d]];
        helpers += h != EMPTY;
        diagonal_u |= h != EMPTY && (d & 1) && piece_type(h) == IDC_U;
    }
    int score = value_of(type) + weight(helper_weight[helpers]);
    if (type == IDC_U && helpers == 0)
        score -= weight("IsolatedUniversalist");
    if (type == IDC_U && diagonal_u)
        score += weight("UniversalistPair");
    return score;
}

static int reference_king_danger(const struct position *p, Color c)
{
    Color them = c ^ 1;
    Square king = p->king_sq[c];
    int danger = 0;
    for (int d = 0; d < IDC_DIRS; d++) {
        Square sq = idc.nb[king][d];
        if (!(p->board[sq] & COLOR_BIT(them)) && idc_attacked(p->board, sq, them))
            danger += weight("KingAttackedSquare");
    }
    for (int i = 0; i < IDC_SQUARES; i++) {
        Piece q = p->board[idc.sq[i]];
        if (q == EMPTY || piece_color(q) != them)
            continue;
        int dx = torus_distance(square_col(idc.sq[i]), square_col(king), IDC_FILES);
        int dy = torus_distance(square_rank(idc.sq[i]), square_rank(king), IDC_RANKS);
        if (dx <= 2 && dy <= 2)
            danger += weight("KingNearEnemy");
    }
    int hand = pieces_in_hand(p, them);
    return danger * (4 + (hand < 8 ? hand : 8)) / 4;
}

static int reference_side(const struct position *p, Color c)
{
    int score = 0;
    for (int i = 0; i < IDC_SQUARES; i++) {
        Piece q = p->board[idc.sq[i]];
        if (q != EMPTY && piece_color(q) == c)
            score += reference_piece(p, idc.sq[i]);
    }
    for (int t = IDC_U; t < IDC_K; t++)
        score += p->hand[c][t] * value_of(t) * (100 + weight("HandBonusPercent")) / 100;
    return score - reference_king_danger(p, c);
}

static int reference_threat(const struct position *p)
{
    int best = 0;
    for (int i = 0; i < IDC_SQUARES; i++) {
        Piece q = p->board[idc.sq[i]];
        if (q == EMPTY || piece_color(q) == p->side || piece_type(q) == IDC_K)
            continue;
        if (idc_attacked(p->board, idc.sq[i], p->side) && value_of(piece_type(q)) > best)
            best = value_of(piece_type(q));
    }
    return best * weight("ThreatPercent") / 100;
}

static int reference_evaluate(const struct position *p)
{
    return reference_side(p, p->side) - reference_side(p, p->side ^ 1) + reference_threat(p);
}

/* ---- Positions --------------------------------------------------------------- */

static void fail_at(const char *what, int fast, int slow)
{
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    ck_abort_msg("%s: %s: fast %d, reference %d", fen, what, fast, slow);
}

struct tally {
    long positions, attacked_squares, squares, threats;
};

/* Both checks on the current position. */
static void compare(struct tally *t)
{
    for (Color by = WHITE; by <= BLACK; by++) {
        uint64_t map = idc_attack_map(pos, by);
        for (int i = 0; i < IDC_SQUARES; i++) {
            bool fast = (map >> i) & 1, slow = idc_attacked(pos->board, idc.sq[i], by);
            if (fast != slow)
                fail_at("attack map", i, slow);
            t->attacked_squares += fast;
        }
        t->squares += IDC_SQUARES;
    }
    int fast = idc_evaluate(pos), slow = reference_evaluate(pos);
    if (fast != slow)
        fail_at("evaluation", fast, slow);
    t->threats += reference_threat(pos) != 0;
    t->positions++;
}

/* Random legal games from the start, checked at every ply. */
static void random_games(int games, struct tally *t)
{
    struct move_list *list = malloc(sizeof *list);
    char err[VARIANT_ERR_LEN];
    for (int g = 0; g < games; g++) {
        ck_assert_int_eq(fen_read(pos, v, v->start_fen, err, sizeof err), 0);
        for (int ply = 0; ply < 100; ply++) {
            compare(t);
            v->generate(pos, list);
            if (list->count == 0)
                break;
            v->make(pos, list->moves[rnd((uint32_t)list->count)]);
        }
    }
    free(list);
}

/* Random placements: each square holds a random piece with probability
 * density/8, plus the two Kings; random hands and side to move. */
static void random_placement(void)
{
    position_clear(pos, v, NULL);
    int density = 1 + (int)rnd(7);
    int king[2] = {(int)rnd(IDC_SQUARES), 0};
    do
        king[1] = (int)rnd(IDC_SQUARES);
    while (king[1] == king[0]);
    for (int i = 0; i < IDC_SQUARES; i++) {
        if (i == king[0] || i == king[1])
            pos_put(pos, idc.sq[i], make_piece(i == king[0] ? WHITE : BLACK, IDC_K));
        else if ((int)rnd(8) < density)
            pos_put(pos, idc.sq[i], make_piece((Color)rnd(2), IDC_U + (int)rnd(IDC_K - IDC_U)));
    }
    for (Color c = WHITE; c <= BLACK; c++)
        for (int t = IDC_U; t < IDC_K; t++)
            pos->hand[c][t] = (uint8_t)(rnd(3) == 0 ? rnd(4) : 0);
    pos->side = (Color)rnd(2);
    pos->key = position_compute_key(pos);
}

static void random_placements(int count, struct tally *t)
{
    for (int n = 0; n < count; n++) {
        random_placement();
        compare(t);
    }
}

/* The comparison proves something only when both answers are common. */
static void assert_meaningful(const struct tally *t)
{
    ck_assert_int_gt(t->attacked_squares, t->squares / 20);
    ck_assert_int_lt(t->attacked_squares, t->squares - t->squares / 20);
    ck_assert_int_gt(t->threats, t->positions / 20);
}

/* Every weight drawn in its tuning range. */
static void randomize_weights(void)
{
    for (int i = 0; i < idc_eval_params.count; i++) {
        struct eval_param *p = &idc_eval_params.params[i];
        *p->value = p->min + (int)rnd((uint32_t)(p->max - p->min + 1));
    }
    eval_params_changed(&idc_eval_params);
}

START_TEST(fast_path_equals_reference_in_random_games)
{
    struct tally t = {0};
    random_games(150, &t);
    assert_meaningful(&t);
}
END_TEST

START_TEST(fast_path_equals_reference_on_random_placements)
{
    struct tally t = {0};
    random_placements(20000, &t);
    assert_meaningful(&t);
}
END_TEST

START_TEST(fast_path_equals_reference_with_random_weights)
{
    struct tally t = {0};
    for (int round = 0; round < 40; round++) {
        randomize_weights();
        random_games(2, &t);
        random_placements(200, &t);
    }
    eval_params_reset(&idc_eval_params);
    assert_meaningful(&t);
}
END_TEST

/* The King-safety term counts attacks made with borrowed powers: the Black
 * Universalist on e4 has no capture of its own, but moving south, away from
 * the White Knight on e5, it captures with the Knight's power restricted to
 * south, onto d2 and f2; d2 is beside the White King on c3, nothing else
 * attacks a square around it, and White's captures (d7, f7) miss the squares
 * around the Black King on b6. */
START_TEST(king_safety_counts_borrowed_powers)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_int_eq(fen_read(pos, v, "6/1k4/4N1/4u1/2K3/6/6[] w - - 0 1", err, sizeof err), 0);
    Square d2 = make_square(3, 1), f2 = make_square(5, 1);
    ck_assert(idc_attack_map(pos, BLACK) == (idc_bit(d2) | idc_bit(f2)));
    struct eval_param *p = eval_param_find(&idc_eval_params, "KingAttackedSquare");
    *p->value = 0;
    int without = idc_evaluate(pos);
    *p->value = 40;
    /* One attacked square, no Black piece in hand: the term costs White 40. */
    ck_assert_int_eq(idc_evaluate(pos), without - 40);
    ck_assert_int_eq(idc_evaluate(pos), reference_evaluate(pos));
    eval_params_reset(&idc_eval_params);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("interdep_eval");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fast_path_equals_reference_in_random_games);
    tcase_add_test(tc, fast_path_equals_reference_on_random_placements);
    tcase_add_test(tc, fast_path_equals_reference_with_random_weights);
    tcase_add_test(tc, king_safety_counts_borrowed_powers);
    suite_add_tcase(s, tc);
    return check_run(s);
}
