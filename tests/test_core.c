/* Core tests: FEN round trips, make/unmake, incremental keys, turn text. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/adjudicate.h"
#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/text.h"
#include "variants/core/turn.h"
#include "variants/registry.h"

static struct position *pos;

static void setup(void)
{
    zobrist_init();
    pos = malloc(sizeof *pos);
}

static void teardown(void) { free(pos); }

static const char *const normal_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    NULL,
};

static void load(const char *variant, const char *fen)
{
    char err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    int rc = fen_read(pos, v, fen, err, sizeof err);
    ck_assert_msg(rc == 0, "%s: %s", fen, err);
}

START_TEST(fen_round_trip)
{
    for (int i = 0; normal_fens[i]; i++) {
        char out[FEN_MAX_LEN];
        load("normal", normal_fens[i]);
        fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, normal_fens[i]);
    }
}
END_TEST

START_TEST(fen_defaults_for_missing_counters)
{
    char out[FEN_MAX_LEN];
    load("normal", "8/8/8/8/8/8/8/K6k w - -");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/8/K6k w - - 0 1");
    load("normal", "8/8/8/8/8/8/8/K6k b");
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/8/K6k b - - 0 1");
}
END_TEST

struct bad_fen {
    const char *fen;
    const char *field; /* text the error must contain */
};

static const struct bad_fen bad_fens[] = {
    {"", "empty"},
    {"not a fen", "field 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "field 1"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "field 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "'X'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "field 2"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "field 3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "field 3"},
    {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "field 3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "field 4"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "field 4"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "field 5"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "field 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "field 7"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "king"},
    {"k6R/8/8/8/8/8/8/K7 w - - 0 1", "check"},
    {"k7/8/8/8/8/8/8/K6P w - - 0 1", "pawn"},
    {NULL, NULL},
};

START_TEST(fen_errors_name_the_field_and_keep_the_position)
{
    char before[FEN_MAX_LEN], after[FEN_MAX_LEN], err[VARIANT_ERR_LEN];
    const struct variant *v = variant_find("normal");
    for (int i = 0; bad_fens[i].fen; i++) {
        load("normal", normal_fens[1]);
        uint64_t key = pos->key;
        fen_write(pos, before, sizeof before);
        err[0] = '\0';
        ck_assert_msg(fen_read(pos, v, bad_fens[i].fen, err, sizeof err) == -1, "accepted: %s", bad_fens[i].fen);
        ck_assert_msg(strstr(err, bad_fens[i].field) != NULL, "'%s' gave '%s', expected '%s'", bad_fens[i].fen, err,
                      bad_fens[i].field);
        fen_write(pos, after, sizeof after);
        ck_assert_str_eq(before, after);
        ck_assert_uint_eq(key, pos->key);
    }
}
END_TEST

/* Walks the tree to `depth`, checking at every node that make/unmake restores
 * every field and that the incremental key equals a key computed from scratch. */
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
        v->make(pos, list.moves[i]);
        ck_assert_uint_eq(pos->key, position_compute_key(pos));
        check_make_unmake(depth - 1);
        v->unmake(pos, list.moves[i]);
        ck_assert_int_eq(memcmp(saved->board, pos->board, sizeof pos->board), 0);
        ck_assert_uint_eq(saved->key, pos->key);
        ck_assert_int_eq(saved->castling, pos->castling);
        ck_assert_int_eq(saved->ep, pos->ep);
        ck_assert_int_eq(saved->halfmove, pos->halfmove);
        ck_assert_int_eq(saved->fullmove, pos->fullmove);
        ck_assert_int_eq(saved->side, pos->side);
        ck_assert_int_eq(saved->pcount[0], pos->pcount[0]);
        ck_assert_int_eq(saved->pcount[1], pos->pcount[1]);
        ck_assert_int_eq(saved->king_sq[0], pos->king_sq[0]);
        ck_assert_int_eq(saved->king_sq[1], pos->king_sq[1]);
        ck_assert_int_eq(memcmp(saved->ext, pos->ext, sizeof pos->ext), 0);
    }
    free(saved);
}

START_TEST(make_unmake_restores_everything)
{
    for (int i = 0; normal_fens[i]; i++) {
        load("normal", normal_fens[i]);
        check_make_unmake(3);
    }
}
END_TEST

static void check_piece_lists(void)
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            ck_assert(is_piece(pos->board[sq]));
            ck_assert_int_eq(piece_color(pos->board[sq]), c);
            ck_assert_int_eq(pos->plist_index[sq], i);
        }
}

struct text_ctx {
    struct position *before;
    int seen;
    int stride; /* parse every stride-th turn: parsing lists all turns again */
};

static void round_trip_one(struct position *after, const struct turn *t, void *vctx)
{
    struct text_ctx *ctx = vctx;
    struct turn parsed;
    if (ctx->seen++ % ctx->stride != 0)
        return;
    check_piece_lists();
    /* Parse the text in the position before the turn: undo it first. */
    turn_unmake(after, t);
    ck_assert_int_eq(turn_parse(after, t->text, &parsed), 0);
    ck_assert_int_eq(parsed.count, t->count);
    for (int i = 0; i < t->count; i++)
        ck_assert_uint_eq(parsed.steps[i], t->steps[i]);
    turn_make(after, t);
}

START_TEST(turn_text_round_trip)
{
    for (int i = 0; normal_fens[i]; i++) {
        load("normal", normal_fens[i]);
        struct text_ctx ctx = {pos, 0, 1};
        int n = for_each_turn(pos, round_trip_one, &ctx);
        ck_assert_int_eq(n, ctx.seen);
        ck_assert_int_gt(n, 0);
    }
}
END_TEST

/* Applies `;option NAME=VALUE` items of a suite line (e.g. Polypiece powers) to s. */
static bool apply_line_options(struct settings *s, char *items)
{
    for (char *item = text_token(&items, ";"); item; item = text_token(&items, ";")) {
        while (*item == ' ')
            item++;
        if (strncmp(item, "option ", 7) != 0)
            continue;
        char *eq = strchr(item + 7, '=');
        char err[VARIANT_ERR_LEN];
        if (!eq)
            return false;
        *eq = '\0';
        char *value = eq + 1;
        size_t len = strlen(value);
        while (len && (value[len - 1] == ' ' || value[len - 1] == '\n'))
            value[--len] = '\0';
        if (settings_set(s, item + 7, value, err, sizeof err))
            return false;
    }
    return true;
}

/* Every legal turn of every position of every perft suite: text round trip. */
static int round_trip_suite(const char *path, const struct variant *v)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        const struct variant *lv = v;
        char *var = strstr(semi + 1, "variant ");
        if (var) {
            char id[64];
            sscanf(var + 8, "%63[^ ;\n]", id);
            lv = variant_find(id);
            ck_assert_ptr_nonnull(lv);
        }
        struct settings settings;
        char err[VARIANT_ERR_LEN];
        ck_assert_int_eq(settings_init(&settings, lv, err, sizeof err), 0);
        if (!apply_line_options(&settings, semi + 1)) {
            settings_free(&settings);
            continue;
        }
        ck_assert_msg(fen_read_with(pos, &settings, line, err, sizeof err) == 0, "%s: %s", line, err);
        /* Every turn up to 2000; an even sample of about 2000 beyond (Nick
         * Danger positions have tens of thousands). */
        uint64_t turns = count_turns(pos);
        struct text_ctx ctx = {pos, 0, turns > 2000 ? (int)(turns / 2000) : 1};
        ck_assert_int_eq(for_each_turn(pos, round_trip_one, &ctx), ctx.seen);
        settings_free(&settings);
        positions++;
    }
    fclose(f);
    return positions;
}

START_TEST(turn_text_round_trip_on_every_suite_position)
{
    DIR *dir = opendir(SUITES_DIR);
    ck_assert_ptr_nonnull(dir);
    struct dirent *e;
    int positions = 0;
    while ((e = readdir(dir))) {
        char name[256], path[1024];
        snprintf(name, sizeof name, "%s", e->d_name);
        char *dot = strrchr(name, '.');
        if (!dot || strcmp(dot, ".epd") != 0)
            continue;
        *dot = '\0';
        const struct variant *v = variant_find(name);
        if (!v)
            continue;
        snprintf(path, sizeof path, "%s/%s", SUITES_DIR, e->d_name);
        positions += round_trip_suite(path, v);
    }
    closedir(dir);
    ck_assert_int_gt(positions, 60);
}
END_TEST

START_TEST(unknown_turn_text_is_refused)
{
    struct turn t;
    load("normal", normal_fens[0]);
    ck_assert_int_eq(turn_parse(pos, "e2e5", &t), -1);
    ck_assert_int_eq(turn_parse(pos, "", &t), -1);
    ck_assert_int_eq(turn_parse(pos, "e7e5", &t), -1);
    ck_assert_int_eq(turn_parse(pos, "e2e4", &t), 0);
}
END_TEST

START_TEST(every_registered_variant_is_valid)
{
    char err[VARIANT_ERR_LEN];
    ck_assert_msg(variant_check_all(err, sizeof err) == 0, "%s", err);
    for (int i = 0; i < variant_count(); i++) {
        const struct variant *v = variant_at(i);
        char out[FEN_MAX_LEN];
        load(v->id, v->start_fen);
        fen_write(pos, out, sizeof out);
        ck_assert_str_eq(out, v->start_fen);
    }
}
END_TEST

/* The debug validator accepts every start position and names each kind of fault. */
START_TEST(position_ok_finds_each_fault)
{
    for (int i = 0; i < variant_count(); i++) {
        load(variant_at(i)->id, variant_at(i)->start_fen);
        ck_assert_msg(position_problem(pos) == NULL, "%s: %s", variant_at(i)->id, position_problem(pos));
    }
    load("normal", normal_fens[1]);
    pos->key ^= 1;
    ck_assert_str_eq(position_problem(pos), "incremental key differs from the key computed from scratch");
    load("normal", normal_fens[1]);
    pos->king_sq[BLACK] = pos->king_sq[WHITE];
    ck_assert_str_eq(position_problem(pos), "king square out of step");
    load("normal", normal_fens[1]);
    pos->plist_index[pos->plist[WHITE][0]] = 1;
    ck_assert_str_eq(position_problem(pos), "piece list index out of step");
    load("normal", normal_fens[1]);
    pos->pcount[WHITE]--;
    ck_assert_str_eq(position_problem(pos), "a piece on the board is missing from the piece list");
    /* Nick Danger: a link whose two locations differ. */
    load("nickdanger", "rnbqkbnr8/pppp1ppp8/16/4p11/4P11/16/PPPP1PPP8/RNBQKBNR8 w KQkq - 0 2 a3k3 L +a3k3");
    ck_assert_ptr_null(position_problem(pos));
    pos->board[make_square(16, 2)] = make_piece(WHITE, 1);
    ck_assert_ptr_nonnull(position_problem(pos));
}
END_TEST

START_TEST(dead_positions_by_material_are_draws)
{
    static const struct {
        const char *fen;
        bool dead;
    } cases[] = {
        {"8/8/8/4k3/8/8/8/4K3 w - - 0 1", true},
        {"8/8/8/4k3/8/8/8/4KB2 b - - 0 1", true},
        {"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", true},
        {"8/8/8/1b2k3/8/8/8/4KB2 w - - 0 1", true},  /* b5 and f1: squares of one colour */
        {"8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1", false}, /* c5 and f1: a mate exists */
        {"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", false}, /* two Knights can mate if Black helps */
        {"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", false},
        {"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        load("normal", cases[i].fen);
        struct outcome o = game_adjudicate(pos);
        if (cases[i].dead) {
            ck_assert_msg(o.result == RESULT_DRAW, "%s", cases[i].fen);
            ck_assert_str_eq(o.reason, "Insufficient material");
        } else {
            ck_assert_msg(o.result == RESULT_NONE, "%s", cases[i].fen);
        }
    }
    /* Polypiece's Bishops do not stay Bishops: no such rule there. */
    load("polypiece", "8/8/8/4k3/8/8/8/4KB2 w - - 0 1");
    ck_assert_int_eq(game_adjudicate(pos).result, RESULT_NONE);
}
END_TEST

START_TEST(repetition_is_counted)
{
    struct turn t;
    static const char *const shuffle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    load("normal", normal_fens[0]);
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 4; i++) {
            ck_assert_int_eq(turn_parse(pos, shuffle[i], &t), 0);
            turn_make(pos, &t);
        }
    ck_assert_int_eq(position_repetitions(pos, pos->ply), 2);
}
END_TEST

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fen_round_trip);
    tcase_add_test(tc, fen_defaults_for_missing_counters);
    tcase_add_test(tc, fen_errors_name_the_field_and_keep_the_position);
    tcase_add_test(tc, make_unmake_restores_everything);
    tcase_add_test(tc, turn_text_round_trip);
    tcase_add_test(tc, unknown_turn_text_is_refused);
    tcase_add_test(tc, turn_text_round_trip_on_every_suite_position);
    tcase_add_test(tc, every_registered_variant_is_valid);
    tcase_add_test(tc, repetition_is_counted);
    tcase_add_test(tc, dead_positions_by_material_are_draws);
    tcase_add_test(tc, position_ok_finds_each_fault);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
