/* The core's text splitter (variants/core/text.h: text_token, text_split) and the
 * FEN reader that uses it: empty fields, repeated and mixed separators,
 * input longer than the caller's field table, two strings split at once, and
 * two threads reading FENs at the same time (the C library's hidden-state
 * tokenizer, used before, mixed their places up). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/fen.h"
#include "variants/core/platform.h"
#include "variants/core/text.h"
#include "variants/core/zobrist.h"
#include "tests/check_run.h"
#include "variants/registry.h"

#define WS " \t\r\n"

/* The tokens of `text` joined with '|', as text_token returns them. */
static void tokens(const char *text, const char *seps, char *out, size_t n)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    char *rest = buf;
    out[0] = '\0';
    for (char *t = text_token(&rest, seps); t; t = text_token(&rest, seps)) {
        ck_assert_msg(*t != '\0', "empty token from '%s'", text);
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", len ? "|" : "", t);
    }
}

START_TEST(token_skips_repeated_and_edge_separators)
{
    char got[256];
    tokens("a b c", " ", got, sizeof got);
    ck_assert_str_eq(got, "a|b|c");
    tokens("   a  \t b\t\t c \r\n", WS, got, sizeof got);
    ck_assert_str_eq(got, "a|b|c");
    tokens("a,,b,", ",", got, sizeof got);
    ck_assert_str_eq(got, "a|b");
    tokens(";option x=1;;option y=2", ";", got, sizeof got);
    ck_assert_str_eq(got, "option x=1|option y=2");
    tokens("rnbqkbnr/pppppppp/8", "/", got, sizeof got);
    ck_assert_str_eq(got, "rnbqkbnr|pppppppp|8");
    tokens("no-separator", " ", got, sizeof got);
    ck_assert_str_eq(got, "no-separator");
    tokens("a b", "", got, sizeof got); /* no separators: one token, spaces and all */
    ck_assert_str_eq(got, "a b");
}
END_TEST

START_TEST(token_of_empty_or_blank_text_is_null_for_good)
{
    char empty[] = "", blank[] = " \t \n";
    char *rest = empty;
    ck_assert_ptr_null(text_token(&rest, WS));
    ck_assert_ptr_null(text_token(&rest, WS));
    rest = blank;
    ck_assert_ptr_null(text_token(&rest, WS));
    ck_assert_ptr_null(text_token(&rest, WS));
    char one[] = "word  ";
    rest = one;
    ck_assert_str_eq(text_token(&rest, WS), "word");
    ck_assert_ptr_null(text_token(&rest, WS));
    ck_assert_ptr_null(text_token(&rest, WS)); /* asked again after the end */
}
END_TEST

START_TEST(token_keeps_the_rest_for_the_caller)
{
    char line[] = "variant  normal extra";
    char *rest = line;
    ck_assert_str_eq(text_token(&rest, " "), "variant");
    ck_assert_str_eq(rest, " normal extra"); /* just past the one separator it cut */
    ck_assert_str_eq(text_token(&rest, " "), "normal");
    ck_assert_str_eq(rest, "extra");
    ck_assert_str_eq(text_token(&rest, " "), "extra");
    ck_assert_str_eq(rest, "");
}
END_TEST

/* Two strings split in turns on one thread: each keeps its own place. */
START_TEST(two_splits_interleaved_keep_their_places)
{
    char a[] = "1 2 3 4", b[] = "w,x,,y";
    char *ra = a, *rb = b;
    const char *want_a[] = {"1", "2", "3", "4"}, *want_b[] = {"w", "x", "y"};
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(text_token(&ra, " "), want_a[i]);
        char *t = text_token(&rb, ",");
        if (i < 3)
            ck_assert_str_eq(t, want_b[i]);
        else
            ck_assert_ptr_null(t);
    }
    ck_assert_ptr_null(text_token(&ra, " "));
}
END_TEST

START_TEST(split_counts_fields_and_refuses_too_many)
{
    char *f[4];
    char s1[] = "  a   b c  ";
    ck_assert_int_eq(text_split(s1, " ", f, 4), 3);
    ck_assert_str_eq(f[0], "a");
    ck_assert_str_eq(f[1], "b");
    ck_assert_str_eq(f[2], "c");
    char s2[] = "a b c d";
    ck_assert_int_eq(text_split(s2, " ", f, 4), 4); /* exactly the room there is */
    ck_assert_str_eq(f[3], "d");
    char s3[] = "a b c d e";
    ck_assert_int_eq(text_split(s3, " ", f, 4), -1); /* one more than the room */
    ck_assert_str_eq(f[3], "d");
    char s4[] = " \t ";
    ck_assert_int_eq(text_split(s4, WS, f, 4), 0);
    char s5[] = "";
    ck_assert_int_eq(text_split(s5, WS, f, 4), 0);
    ck_assert_int_eq(text_split(s5, WS, f, 0), 0);
    char s6[] = "x";
    ck_assert_int_eq(text_split(s6, WS, f, 0), -1);
}
END_TEST

/* A token as long as the whole input, and many more fields than a table holds. */
START_TEST(split_overlong_input)
{
    enum { LONG = 100000 };
    char *s = malloc(LONG + 3);
    ck_assert_ptr_nonnull(s);
    s[0] = ' ';
    memset(s + 1, 'x', LONG);
    s[LONG + 1] = ' ';
    s[LONG + 2] = '\0';
    char *f[2];
    ck_assert_int_eq(text_split(s, " ", f, 2), 1);
    ck_assert_uint_eq(strlen(f[0]), LONG);
    for (int i = 0; i < LONG + 2; i++)
        s[i] = i % 2 ? ' ' : 'y'; /* 50,001 one-letter fields */
    ck_assert_int_eq(text_split(s, " ", f, 2), -1);
    free(s);
}
END_TEST

/* ---- The FEN reader: the same inputs accepted and the same errors ----------------- */

static void fen_error(const char *fen, const char *want)
{
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN] = "";
    ck_assert_int_ne(fen_read(pos, variant_find("normal"), fen, err, sizeof err), 0);
    ck_assert_str_eq(err, want);
    free(pos);
}

START_TEST(fen_fields_as_before)
{
    zobrist_init();
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN], out[FEN_MAX_LEN];
    const char *spaced = "\t rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w \t KQkq  -  0   1 \r\n";
    ck_assert_msg(fen_read(pos, variant_find("normal"), spaced, err, sizeof err) == 0, "%s", err);
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    free(pos);
    fen_error("", "invalid FEN: empty");
    fen_error(" \t\r\n ", "invalid FEN: empty");
    fen_error("8/8/8/8/8/8/8/K6k", "invalid FEN: field 2 (side to move) is missing");
    fen_error("8/8/8/8/8/8/8/K6k w - - 0 1 a b c d e f g h i j k", "invalid FEN: too many fields");
    char longer[FEN_MAX_LEN + 8];
    memset(longer, ' ', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    char want[64];
    snprintf(want, sizeof want, "invalid FEN: longer than %d characters", FEN_MAX_LEN - 1);
    fen_error(longer, want);
}
END_TEST

/* A FEN refused at any stage (too few fields, a bad board, a variant's field,
 * the validator) leaves the game as it was: the position, its step counters
 * and its undo stack, so the step made before is still undone. */
START_TEST(refused_fen_leaves_the_game_as_it_was)
{
    zobrist_init();
    const struct variant *v = variant_find("normal");
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN], start[FEN_MAX_LEN], before[FEN_MAX_LEN], after[FEN_MAX_LEN];
    ck_assert_msg(fen_read(pos, v, v->start_fen, err, sizeof err) == 0, "%s", err);
    fen_write(pos, start, sizeof start);
    struct move_list list;
    v->generate(pos, &list);
    ck_assert_int_gt(list.count, 0);
    Move m = list.moves[0];
    v->make(pos, m);
    fen_write(pos, before, sizeof before);
    uint64_t key = pos->key;
    int ply = pos->ply, root_ply = pos->root_ply;
    static const char *const refused[] = {
        "8/8/8/8/8/8/8/K6k",                 /* before the board is read */
        "8/8/8/8/8/8/8/K6z w - - 0 1",        /* the board */
        "8/8/8/8/8/8/8/K6k w - - 0 1 extra", /* a field after the standard ones */
        "k6R/8/8/8/8/8/8/K7 w - - 0 1",       /* the validator: the side not to move is in check */
        NULL,
    };
    for (int i = 0; refused[i]; i++) {
        ck_assert_msg(fen_read(pos, v, refused[i], err, sizeof err) != 0, "accepted: %s", refused[i]);
        fen_write(pos, after, sizeof after);
        ck_assert_str_eq(after, before);
        ck_assert_msg(pos->key == key && pos->ply == ply && pos->root_ply == root_ply, "changed by %s", refused[i]);
    }
    v->unmake(pos, m);
    fen_write(pos, after, sizeof after);
    ck_assert_str_eq(after, start);
    free(pos);
}
END_TEST

/* ---- Two threads reading FENs at once ---------------------------------------------- */

enum { READS = 100000 };

struct reader {
    const char *variant, *fen;
    int failures;
    char first_error[VARIANT_ERR_LEN];
};

static void read_many(void *arg)
{
    struct reader *r = arg;
    const struct variant *v = variant_find(r->variant);
    struct position *pos = malloc(sizeof *pos);
    char err[VARIANT_ERR_LEN], out[FEN_MAX_LEN];
    for (int i = 0; i < READS && pos; i++) {
        bool ok = fen_read(pos, v, r->fen, err, sizeof err) == 0;
        if (ok) {
            fen_write(pos, out, sizeof out);
            ok = strcmp(out, r->fen) == 0;
            if (!ok)
                snprintf(err, sizeof err, "read back as '%.200s'", out);
        }
        if (!ok && r->failures++ == 0)
            snprintf(r->first_error, sizeof r->first_error, "%s", err);
    }
    free(pos);
}

START_TEST(fen_read_in_two_threads)
{
    zobrist_init();
    struct reader r[2] = {
        {"normal", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, ""},
        {"nickdanger", variant_find("nickdanger")->start_fen, 0, ""},
    };
    pf_thread t[2];
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pf_thread_start(&t[i], read_many, &r[i], 0), 0);
    for (int i = 0; i < 2; i++)
        pf_thread_join(&t[i]);
    for (int i = 0; i < 2; i++)
        ck_assert_msg(r[i].failures == 0, "%s: %d of %d reads failed, first: %s", r[i].variant, r[i].failures, READS,
                      r[i].first_error);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("text");
    TCase *tc = tcase_create("splitter");
    tcase_add_test(tc, token_skips_repeated_and_edge_separators);
    tcase_add_test(tc, token_of_empty_or_blank_text_is_null_for_good);
    tcase_add_test(tc, token_keeps_the_rest_for_the_caller);
    tcase_add_test(tc, two_splits_interleaved_keep_their_places);
    tcase_add_test(tc, split_counts_fields_and_refuses_too_many);
    tcase_add_test(tc, split_overlong_input);
    suite_add_tcase(s, tc);
    TCase *fen = tcase_create("fen");
    tcase_add_test(fen, fen_fields_as_before);
    tcase_add_test(fen, refused_fen_leaves_the_game_as_it_was);
    tcase_add_test(fen, fen_read_in_two_threads);
    suite_add_tcase(s, fen);
    return check_run(s);
}
