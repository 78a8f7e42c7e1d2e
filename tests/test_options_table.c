/* The options table (protocol/match/options_table.c): one table gives getopt_long
 * its options, the --help text and the usage errors. A small table of its own
 * checks each part; the real tables (rulezero, match, tune, tune-data) are
 * checked for what the man-page test relies on: every option they accept is
 * named in the --help they print. */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol/cli.h"
#include "protocol/match/match_config.h"
#include "protocol/match/options_table.h"
#include "protocol/learn/tune.h"
#include "tests/check_run.h"

struct sample {
    const char *name;
    bool loud, quiet;
    int count;
    int64_t big;
    int64_t seen; /* what the setter was given */
    const char *seen_arg;
};

static int set_level(void *ctx, const char *arg, int64_t number)
{
    struct sample *s = ctx;
    s->seen = number;
    s->seen_arg = arg;
    return number == 13 ? 7 : 0; /* an exit code of the setter's own */
}

static const struct options_table_entry sample_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE, .name = "Usage: sample [OPTIONS]\n\nOptions:\n"},
    {"name", 'n', OPTIONS_TABLE_TEXT, "TEXT", "a name", .keep = OPTIONS_TABLE_KEEP_TEXT,
     .offset = offsetof(struct sample, name)},
    {"loud", 0, OPTIONS_TABLE_FLAG, NULL, "two lines\nof help", .keep = OPTIONS_TABLE_KEEP_TRUE,
     .offset = offsetof(struct sample, loud)},
    {"count", 'c', OPTIONS_TABLE_NUMBER, "N", "from 1 to 9", 1, 9, "bad count '%s' (1..9)",
     .keep = OPTIONS_TABLE_KEEP_INT, .offset = offsetof(struct sample, count)},
    {"big", 0, OPTIONS_TABLE_NUMBER, "NUMBER-WITH-A-LONG-NAME", "overflows the column", 0, INT64_MAX, "bad big '%s'",
     .keep = OPTIONS_TABLE_KEEP_INT64, .offset = offsetof(struct sample, big)},
    {"level", 'l', OPTIONS_TABLE_NUMBER, "L", "goes to a setter", 0, 99, "bad level '%s'", .set = set_level},
    {"quiet", 'q', OPTIONS_TABLE_FLAG, NULL, NULL, .keep = OPTIONS_TABLE_KEEP_TRUE,
     .offset = offsetof(struct sample, quiet)},
    {"edge", 'e', OPTIONS_TABLE_TEXT, "ABCDEF", "one space after a name one short of the column",
     .keep = OPTIONS_TABLE_KEEP_NOTHING},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {.kind = OPTIONS_TABLE_PROSE, .name = "The end.\n"},
    {0},
};

static const struct options_table sample_table = {"sample", 20, sample_entries};

static const char sample_help[] = "Usage: sample [OPTIONS]\n"
                                  "\n"
                                  "Options:\n"
                                  "  -n, --name TEXT   a name\n"
                                  "      --loud        two lines\n"
                                  "                    of help\n"
                                  "  -c, --count N     from 1 to 9\n"
                                  "      --big NUMBER-WITH-A-LONG-NAME  overflows the column\n"
                                  "  -l, --level L     goes to a setter\n"
                                  "  -e, --edge ABCDEF one space after a name one short of the column\n"
                                  "  -h, --help        this text\n"
                                  "The end.\n";

/* What a parse printed, and what it returned. */
struct run {
    int rc;
    char out[4096], err[4096];
};

static void read_back(FILE *f, char *text, size_t n)
{
    rewind(f);
    size_t got = fread(text, 1, n - 1, f);
    text[got] = '\0';
    fclose(f);
}

/* Parses argv (NULL-terminated, program name first) with standard output and
 * standard error caught in r. */
static void run_table(const struct options_table *t, void *ctx, const char **args, struct run *r)
{
    char *argv[32];
    int argc = 0;
    while (args[argc] && argc < 31) {
        argv[argc] = (char *)args[argc];
        argc++;
    }
    argv[argc] = NULL;
    FILE *out = tmpfile(), *err = tmpfile();
    ck_assert(out && err);
    fflush(stdout);
    fflush(stderr);
    int saved_out = dup(1), saved_err = dup(2);
    dup2(fileno(out), 1);
    dup2(fileno(err), 2);
    r->rc = options_table_parse(t, ctx, argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(saved_out, 1);
    dup2(saved_err, 2);
    close(saved_out);
    close(saved_err);
    read_back(out, r->out, sizeof r->out);
    read_back(err, r->err, sizeof r->err);
}

START_TEST(test_values_kept)
{
    struct sample s = {0};
    struct run r;
    const char *args[] = {"sample", "--name", "x", "-c", "3", "--loud", "-q", "--big=123456789012", "file", NULL};
    run_table(&sample_table, &s, args, &r);
    ck_assert_int_eq(r.rc, 0);
    ck_assert_str_eq(r.out, "");
    ck_assert_str_eq(r.err, "");
    ck_assert_str_eq(s.name, "x");
    ck_assert_int_eq(s.count, 3);
    ck_assert(s.loud && s.quiet);
    ck_assert(s.big == INT64_C(123456789012));
    ck_assert_int_eq(optind, 8); /* the operand is last */
}
END_TEST

START_TEST(test_setter)
{
    struct sample s = {0};
    struct run r;
    const char *args[] = {"sample", "-l", "42", NULL};
    run_table(&sample_table, &s, args, &r);
    ck_assert_int_eq(r.rc, 0);
    ck_assert(s.seen == 42);
    ck_assert_str_eq(s.seen_arg, "42");
    const char *stops[] = {"sample", "--level", "13", "--count", "x", NULL};
    run_table(&sample_table, &s, stops, &r);
    ck_assert_int_eq(r.rc, 7); /* the setter's code, and nothing read after it */
    ck_assert_str_eq(r.err, "");
}
END_TEST

START_TEST(test_unknown_option)
{
    struct sample s = {0};
    struct run r;
    const char *args[] = {"sample", "--nope", NULL};
    run_table(&sample_table, &s, args, &r);
    ck_assert_int_eq(r.rc, OPTIONS_TABLE_USAGE);
    ck_assert_str_eq(r.err, "sample: unknown option '--nope'\nTry 'sample --help'.\n");
    const char *letter[] = {"sample", "-x", NULL};
    run_table(&sample_table, &s, letter, &r);
    ck_assert_int_eq(r.rc, OPTIONS_TABLE_USAGE);
    ck_assert_str_eq(r.err, "sample: unknown option '-x'\nTry 'sample --help'.\n");
}
END_TEST

START_TEST(test_missing_argument)
{
    struct sample s = {0};
    struct run r;
    const char *args[] = {"sample", "--count", NULL};
    run_table(&sample_table, &s, args, &r);
    ck_assert_int_eq(r.rc, OPTIONS_TABLE_USAGE);
    ck_assert_str_eq(r.err, "sample: option '--count' needs a value\nTry 'sample --help'.\n");
    const char *letter[] = {"sample", "-n", NULL};
    run_table(&sample_table, &s, letter, &r);
    ck_assert_int_eq(r.rc, OPTIONS_TABLE_USAGE);
    ck_assert_str_eq(r.err, "sample: option '-n' needs a value\nTry 'sample --help'.\n");
}
END_TEST

START_TEST(test_bad_number)
{
    const char *bad[] = {"x", "", "0", "10", "3x", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct sample s = {0};
        struct run r;
        const char *args[] = {"sample", "-c", bad[i], NULL};
        run_table(&sample_table, &s, args, &r);
        ck_assert_int_eq(r.rc, OPTIONS_TABLE_USAGE);
        char want[128];
        snprintf(want, sizeof want, "sample: bad count '%s' (1..9)\nTry 'sample --help'.\n", bad[i]);
        ck_assert_str_eq(r.err, want);
        ck_assert_int_eq(s.count, 0);
    }
}
END_TEST

START_TEST(test_help_from_the_table)
{
    struct sample s = {0};
    struct run r;
    const char *args[] = {"sample", "--help", "--nope", NULL};
    run_table(&sample_table, &s, args, &r);
    ck_assert_int_eq(r.rc, OPTIONS_TABLE_DONE);
    ck_assert_str_eq(r.out, sample_help);
    ck_assert_str_eq(r.err, "");
}
END_TEST

/* Every option a real table accepts is named in its --help, so that the
 * man-page test (which reads --help) sees it; names and letters are unique;
 * a number has its error text. */
static void check_real_table(const struct options_table *t)
{
    char *help = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&help, &size);
    ck_assert_ptr_nonnull(f);
    options_table_help(t, f);
    fclose(f);
    int options = 0;
    for (const struct options_table_entry *e = t->entries; e->name; e++) {
        if (e->kind == OPTIONS_TABLE_PROSE)
            continue;
        options++;
        char named[64];
        snprintf(named, sizeof named, "--%s", e->name);
        ck_assert_msg(strstr(help, named), "%s: %s is not in its --help", t->program, named);
        for (const struct options_table_entry *o = e + 1; o->name; o++)
            if (o->kind != OPTIONS_TABLE_PROSE) {
                ck_assert_msg(strcmp(o->name, e->name) != 0, "%s: --%s twice", t->program, e->name);
                ck_assert_msg(!e->letter || o->letter != e->letter, "%s: -%c twice", t->program, e->letter);
            }
        if (e->kind == OPTIONS_TABLE_NUMBER)
            ck_assert_msg(e->bad && strstr(e->bad, "%s") && e->lo <= e->hi, "%s: --%s", t->program, e->name);
        else
            ck_assert_msg(!e->bad, "%s: --%s is not a number", t->program, e->name);
    }
    ck_assert_int_le(options, OPTIONS_TABLE_MAX);
    ck_assert_ptr_nonnull(strstr(help, "--help"));
    free(help);
}

START_TEST(test_real_tables)
{
    check_real_table(&cli_options_table);
    check_real_table(&cli_perft_table);
    check_real_table(&cli_perft_suite_table);
    check_real_table(&cli_moves_table);
    check_real_table(&cli_bench_table);
    check_real_table(&match_options_table);
    check_real_table(&tune_options_table);
    check_real_table(&tune_data_options_table);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("options_table");
    TCase *tc = tcase_create("options_table");
    tcase_add_test(tc, test_values_kept);
    tcase_add_test(tc, test_setter);
    tcase_add_test(tc, test_unknown_option);
    tcase_add_test(tc, test_missing_argument);
    tcase_add_test(tc, test_bad_number);
    tcase_add_test(tc, test_help_from_the_table);
    tcase_add_test(tc, test_real_tables);
    suite_add_tcase(s, tc);
    return check_run(s);
}
