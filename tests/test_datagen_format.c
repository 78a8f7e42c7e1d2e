/* The training data's file format (protocol/learn/datagen_format.h): a
 * record's exact bytes, header and records written and read back, a file cut
 * inside its last record read to the last whole one and appended to, and
 * malformed files and records refused with a message. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "protocol/learn/datagen_format.h"
#include "variants/core/fen.h"
#include "variants/core/position.h"
#include "variants/core/settings.h"
#include "variants/core/zobrist.h"
#include "variants/registry.h"

static char path[64];

static void make_path(void)
{
    strcpy(path, "rulezero_test_datagen_XXXXXX"); /* in the test's working directory */
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void remove_path(void)
{
    remove(path);
}

static struct datagen_record record(const char *fen, int score, int result, int flags, int ply)
{
    struct datagen_record r = {.score = (int16_t)score, .result = (int8_t)result, .flags = (uint8_t)flags,
                               .ply = (uint16_t)ply};
    snprintf(r.fen, sizeof r.fen, "%s", fen);
    return r;
}

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/8/8/8/8/8/K6k w - - 0 1",
};

static void write_sample(int count)
{
    struct datagen_header h = {.variant = "polypiece", .options = {"Powers=K:K Q:Q", "MaxLinks=3"},
                               .option_count = 2, .command = "rulezero datagen --variant polypiece --games 2",
                               .seed = 1234567890123ull};
    char err[256];
    struct datagen_writer *w = datagen_writer_open(path, &h, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    for (int i = 0; i < count; i++) {
        struct datagen_record r = record(fens[i % 3], i == 1 ? -32000 : 10 * i - 5, i % 3 - 1, i % 8, 8 + i);
        ck_assert_msg(datagen_writer_write(w, &r, err, sizeof err) == 0, "%s", err);
    }
    ck_assert_msg(datagen_writer_close(w, err, sizeof err) == 0, "%s", err);
}

START_TEST(record_bytes_are_little_endian)
{
    struct datagen_record r = record("8/8 w", -2, -1, 5, 0x1234);
    unsigned char bytes[64];
    char err[128];
    size_t n = datagen_record_encode(&r, bytes, sizeof bytes, err, sizeof err);
    const unsigned char want[] = {5, 0, '8', '/', '8', ' ', 'w', 0xfe, 0xff, 0xff, 5, 0x34, 0x12};
    ck_assert_uint_eq(n, sizeof want);
    ck_assert(memcmp(bytes, want, sizeof want) == 0);
}
END_TEST

START_TEST(header_and_records_read_back)
{
    make_path();
    write_sample(7);
    char err[256];
    struct datagen_reader *rd = datagen_reader_open(path, err, sizeof err);
    ck_assert_msg(rd != NULL, "%s", err);
    const struct datagen_header *h = datagen_reader_header(rd);
    ck_assert_str_eq(h->variant, "polypiece");
    ck_assert_int_eq(h->option_count, 2);
    ck_assert_str_eq(h->options[0], "Powers=K:K Q:Q");
    ck_assert_str_eq(h->options[1], "MaxLinks=3");
    ck_assert_str_eq(h->command, "rulezero datagen --variant polypiece --games 2");
    ck_assert(h->seed == 1234567890123ull);
    ck_assert_ptr_null(h->eval); /* no `eval` line: the hand-set evaluation made it */
    ck_assert_str_eq(datagen_reader_header_text(rd), "variant polypiece\noption Powers=K:K Q:Q\noption MaxLinks=3\n"
                                                     "command rulezero datagen --variant polypiece --games 2\n"
                                                     "seed 1234567890123\n");
    struct datagen_record r;
    for (int i = 0; i < 7; i++) {
        ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), 1);
        ck_assert_str_eq(r.fen, fens[i % 3]);
        ck_assert_int_eq(r.score, i == 1 ? -32000 : 10 * i - 5);
        ck_assert_int_eq(r.result, i % 3 - 1);
        ck_assert_int_eq(r.flags, i % 8);
        ck_assert_int_eq(r.ply, 8 + i);
    }
    ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), 0);
    ck_assert_uint_eq(datagen_reader_tail(rd), 0);
    datagen_reader_close(rd);
    remove_path();
}
END_TEST

/* The evaluation that made the data, between `command` and `seed`, read back. */
START_TEST(header_names_the_network)
{
    make_path();
    struct datagen_header h = {.variant = "normal", .command = "rulezero datagen --variant normal --eval-file n.nnue",
                               .eval = "network checksum 0badcafe n.nnue", .seed = 3};
    char err[256];
    struct datagen_writer *w = datagen_writer_open(path, &h, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    ck_assert_int_eq(datagen_writer_close(w, err, sizeof err), 0);
    struct datagen_reader *rd = datagen_reader_open(path, err, sizeof err);
    ck_assert_msg(rd != NULL, "%s", err);
    ck_assert_str_eq(datagen_reader_header(rd)->eval, "network checksum 0badcafe n.nnue");
    ck_assert_str_eq(datagen_reader_header_text(rd), "variant normal\n"
                                                     "command rulezero datagen --variant normal --eval-file n.nnue\n"
                                                     "eval network checksum 0badcafe n.nnue\nseed 3\n");
    datagen_reader_close(rd);
    h.eval = "two\nlines";
    ck_assert_ptr_null(datagen_writer_open(path, &h, err, sizeof err));
    remove_path();
}
END_TEST

START_TEST(truncated_record_read_to_last_whole_and_appended)
{
    make_path();
    write_sample(3);
    FILE *f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    ck_assert_int_eq(truncate(path, size - 3), 0);
    char err[256];
    struct datagen_reader *rd = datagen_reader_open(path, err, sizeof err);
    ck_assert_msg(rd != NULL, "%s", err);
    struct datagen_record r;
    ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), 1);
    ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), 1);
    ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), 0);
    uint64_t whole = datagen_reader_offset(rd);
    ck_assert_uint_eq(datagen_reader_tail(rd), (uint64_t)size - 3 - whole);
    ck_assert_uint_eq(whole + strlen(fens[2]) + DATAGEN_RECORD_FIXED, (uint64_t)size);
    datagen_reader_close(rd);

    struct datagen_writer *w = datagen_writer_append(path, whole, err, sizeof err);
    ck_assert_msg(w != NULL, "%s", err);
    struct datagen_record more = record(fens[0], 77, 1, 0, 40);
    ck_assert_int_eq(datagen_writer_write(w, &more, err, sizeof err), 0);
    ck_assert_int_eq(datagen_writer_close(w, err, sizeof err), 0);
    rd = datagen_reader_open(path, err, sizeof err);
    int count = 0;
    while (datagen_reader_next(rd, &r, err, sizeof err) == 1)
        count++;
    ck_assert_int_eq(count, 3);
    ck_assert_uint_eq(datagen_reader_tail(rd), 0);
    ck_assert_str_eq(r.fen, fens[0]);
    ck_assert_int_eq(r.score, 77);
    datagen_reader_close(rd);
    remove_path();
}
END_TEST

static void write_bytes(const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert(f != NULL);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

START_TEST(malformed_files_refused)
{
    make_path();
    char err[256] = "";
    write_bytes("RZDATA02\0\0\0\0", 12);
    ck_assert(datagen_reader_open(path, err, sizeof err) == NULL);
    ck_assert(strstr(err, "not a training data file") != NULL);
    write_bytes("RZDATA01\x05\0\0\0seed 1", 17);
    ck_assert(datagen_reader_open(path, err, sizeof err) == NULL);
    ck_assert(strstr(err, "names no variant") != NULL);
    write_bytes("RZDATA01\x40\0\0\0variant", 15);
    ck_assert(datagen_reader_open(path, err, sizeof err) == NULL);
    ck_assert(strstr(err, "cut short") != NULL);
    /* A record whose result byte is 5. */
    write_bytes("RZDATA01\x0e\0\0\0variant chess\n\x01\0k\0\0\x05\0\0\0", 35);
    struct datagen_reader *rd = datagen_reader_open(path, err, sizeof err);
    ck_assert_msg(rd != NULL, "%s", err);
    struct datagen_record r;
    ck_assert_int_eq(datagen_reader_next(rd, &r, err, sizeof err), -1);
    ck_assert(strstr(err, "malformed record") != NULL);
    datagen_reader_close(rd);
    remove_path();
}
END_TEST

START_TEST(bad_records_not_written)
{
    unsigned char bytes[DATAGEN_FEN_MAX + DATAGEN_RECORD_FIXED];
    char err[256];
    struct datagen_record r = record("", 0, 0, 0, 0);
    ck_assert_uint_eq(datagen_record_encode(&r, bytes, sizeof bytes, err, sizeof err), 0);
    r = record("8/8 w", 0, 2, 0, 0);
    ck_assert_uint_eq(datagen_record_encode(&r, bytes, sizeof bytes, err, sizeof err), 0);
    r = record("8/8 w", 0, 0, 8, 0);
    ck_assert_uint_eq(datagen_record_encode(&r, bytes, sizeof bytes, err, sizeof err), 0);
    ck_assert(strstr(err, "out of range") != NULL);
    struct datagen_header h = {.variant = "chess", .command = "two\nlines"};
    char text[256];
    ck_assert_int_eq(datagen_header_text(&h, text, sizeof text, err, sizeof err), -1);
}
END_TEST

START_TEST(header_sets_up_the_rules)
{
    struct datagen_header h = {.variant = "nickdanger", .options = {"Links=4"}, .option_count = 1};
    struct settings s;
    char err[256], value[64];
    ck_assert_msg(datagen_header_settings(&h, &s, err, sizeof err) == 0, "%s", err);
    settings_get(&s, "Links", value, sizeof value);
    ck_assert_str_eq(value, "4");
    static struct position pos;
    ck_assert_msg(fen_read_with(&pos, &s, s.variant->start_fen, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(pos.variant->id, "nickdanger");
    settings_free(&s);
    h.options[0] = "Links=99";
    ck_assert_int_eq(datagen_header_settings(&h, &s, err, sizeof err), -1);
    h.variant = "nosuch";
    ck_assert_int_eq(datagen_header_settings(&h, &s, err, sizeof err), -1);
    ck_assert(strstr(err, "unknown variant 'nosuch'") != NULL);
}
END_TEST

int main(void)
{
    zobrist_init();
    Suite *s = suite_create("datagen_format");
    TCase *tc = tcase_create("format");
    tcase_add_test(tc, record_bytes_are_little_endian);
    tcase_add_test(tc, header_and_records_read_back);
    tcase_add_test(tc, header_names_the_network);
    tcase_add_test(tc, truncated_record_read_to_last_whole_and_appended);
    tcase_add_test(tc, malformed_files_refused);
    tcase_add_test(tc, bad_records_not_written);
    tcase_add_test(tc, header_sets_up_the_rules);
    suite_add_tcase(s, tc);
    return check_run(s);
}
