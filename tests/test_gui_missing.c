/* What `rulezero gui` says in a binary without the GUI (protocol/gui/gui_missing.c):
 * advice that fits the system the binary was built for. The Windows exe itself
 * is checked under Wine (tests/windows/wine_test.sh). */
#include <check.h>
#include <string.h>

#include "variants/core/platform.h"
#include "protocol/gui/gui.h"
#include "tests/check_run.h"

static bool says(const char *text, const char *part)
{
    return strstr(text, part) != NULL;
}

START_TEST(windows_offers_the_engine_for_winboard)
{
    const char *advice = gui_missing_advice("Windows");
    ck_assert(says(advice, "WinBoard"));
    ck_assert(says(advice, "winboard.md"));
    ck_assert(says(advice, "Linux build"));
    ck_assert(says(advice, "rulezero.html")); /* the Windows zip carries the browser build */
    /* nothing a Windows user cannot do: Debian packages, rebuilding */
    ck_assert(!says(advice, "Debian"));
    ck_assert(!says(advice, "-dev"));
    ck_assert(!says(advice, "build again"));
}
END_TEST

START_TEST(posix_names_the_missing_libraries)
{
    const char *advice = gui_missing_advice("POSIX");
    ck_assert(says(advice, "libcivetweb-dev"));
    ck_assert(says(advice, "libcjson-dev"));
    ck_assert(says(advice, "libcmark-dev"));
    ck_assert(says(advice, "build again"));
    ck_assert(!says(advice, "WinBoard"));
}
END_TEST

START_TEST(gui_main_exits_with_the_usage_code)
{
    char name[] = "gui";
    char *argv[] = {name, NULL};
    ck_assert_int_eq(gui_main(1, argv), 2);
    ck_assert_str_eq(gui_missing_advice(PF_NAME), gui_missing_advice("POSIX"));
}
END_TEST

static Suite *gui_missing_suite(void)
{
    Suite *s = suite_create("gui_missing");
    TCase *tc = tcase_create("advice");
    tcase_add_test(tc, windows_offers_the_engine_for_winboard);
    tcase_add_test(tc, posix_names_the_missing_libraries);
    tcase_add_test(tc, gui_main_exits_with_the_usage_code);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run(gui_missing_suite());
}
