/* Rule Zero GUI: the rules of a game (docs/rules/NAME.md, built into the
 * binary) as an HTML page, rendered by cmark in its safe mode (no raw HTML,
 * no javascript: links):
 *   - a fenced block with the info string `board` (an ASCII diagram: a rank
 *     label, then one letter or `.` per square; boards side by side are 3 or
 *     more spaces apart; a last line of file labels) is drawn as a board;
 *   - a table in GitHub's pipe form is drawn as a table;
 *   - what is for developers is left out: a code block whose first line
 *     starts with `$ ` (an engine command, which tests/rules_examples.py
 *     replays) and everything between `<!-- developers -->` and
 *     `<!-- /developers -->`;
 *   - links to other rules pages lead to their HTML page; links to files that
 *     the server does not serve keep only their text. */
#ifndef RULEZERO_GUI_RULES_H
#define RULEZERO_GUI_RULES_H

#include <stdbool.h>
#include <stddef.h>

/* The stylesheet of the rules pages (protocol/gui/web/rules.css), which they
 * link relatively: the server serves it beside them, at /rules/rules.css. */
#define GUI_RULES_CSS "rules.css"

/* A name the rules may have: letters, digits, '-' and '_', 1 to 40 of them. */
bool gui_rules_name_ok(const char *name);
/* The whole page (malloc'd) for docs/rules/NAME.md, or NULL when there is no
 * such document (or memory ran out: *missing tells which). */
char *gui_rules_html(const char *name, bool *missing);
/* Writes every rules page the server serves at /rules/NAME.html as
 * DIR/NAME.html, and GUI_RULES_CSS beside them (DIR is made when it does not
 * exist; its parent must): pages that work opened from there. 0, or -1 with
 * why in err. */
int gui_rules_export(const char *dir, char *err, size_t errlen);

#endif
