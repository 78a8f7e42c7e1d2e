/* The command table and read loop the console, UCI and CECP share
 * (protocol/command.c): a line's first word picks the command, which gets
 * the rest; any other line goes to the front end's `other`; blank lines do
 * nothing; the loop runs the first line first and stops when told. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "protocol/command.h"
#include "tests/check_run.h"

struct log {
    char text[1024];
    bool quit;
};

static void note(struct log *l, const char *what, const char *a, const char *b)
{
    size_t n = strlen(l->text);
    snprintf(l->text + n, sizeof l->text - n, "%s(%s|%s)", what, a, b ? b : "");
}

static void cmd_say(void *session, char *args)
{
    note(session, "say", args, NULL);
}

static void cmd_quit(void *session, char *args)
{
    note(session, "quit", args, NULL);
    ((struct log *)session)->quit = true;
}

static void other(void *session, char *name, char *rest, char *whole)
{
    char both[256];
    snprintf(both, sizeof both, "%s|%s", rest, whole);
    note(session, "other", name, both);
}

static const struct command commands[] = {{"say", cmd_say}, {"quit", cmd_quit}};
static const struct command_table table = {commands, 2, other};

static bool run_line(void *session, char *line)
{
    command_dispatch(&table, session, line);
    return !((struct log *)session)->quit;
}

START_TEST(test_dispatch)
{
    struct log l = {"", false};
    char a[] = "  say  hello   world \r\n", b[] = " \t\n", c[] = "sayx 1  2\n", d[] = "e2e4\n";
    command_dispatch(&table, &l, a);
    command_dispatch(&table, &l, b);
    command_dispatch(&table, &l, c);
    command_dispatch(&table, &l, d);
    ck_assert_str_eq(l.text, "say(hello   world|)other(sayx|1  2|sayx 1  2)other(e2e4||e2e4)");
}
END_TEST

START_TEST(test_loop_stops_at_quit)
{
    char input[] = "say two\n\nquit now\nsay never\n";
    FILE *in = fmemopen(input, strlen(input), "r");
    ck_assert_ptr_nonnull(in);
    struct log l = {"", false};
    command_loop(in, "say one", run_line, &l);
    fclose(in);
    ck_assert_str_eq(l.text, "say(one|)say(two|)quit(now|)");
}
END_TEST

START_TEST(test_loop_first_line_quits)
{
    char input[] = "say never\n";
    FILE *in = fmemopen(input, strlen(input), "r");
    struct log l = {"", false};
    command_loop(in, "quit", run_line, &l);
    fclose(in);
    ck_assert_str_eq(l.text, "quit(|)");
}
END_TEST

START_TEST(test_loop_to_end_of_input)
{
    char input[] = "say a\nsay b"; /* the last line has no newline */
    FILE *in = fmemopen(input, strlen(input), "r");
    struct log l = {"", false};
    command_loop(in, NULL, run_line, &l);
    fclose(in);
    ck_assert_str_eq(l.text, "say(a|)say(b|)");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("command");
    TCase *tc = tcase_create("command");
    tcase_add_test(tc, test_dispatch);
    tcase_add_test(tc, test_loop_stops_at_quit);
    tcase_add_test(tc, test_loop_first_line_quits);
    tcase_add_test(tc, test_loop_to_end_of_input);
    suite_add_tcase(s, tc);
    return check_run(s);
}
