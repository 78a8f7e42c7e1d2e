/* `rulezero lab`: the report, as lab.json (the charts' input), report.md and
 * report.html (the same tables, the charts inlined). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/lab/lab_config.h"

static const char *const chart_files[] = {"score.svg", "length.svg", "ends.svg", "weights.svg"};
static const char *const chart_titles[] = {"White's score, draw and decisive rates (95% intervals)",
                                           "Game length in plies (95% interval of the mean)",
                                           "How the games ended (share of the games)",
                                           "Evaluation weights fitted to each value's games"};
#define CHARTS 4

static FILE *open_out(const struct lab_config *c, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", c->out, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "rulezero lab: cannot write %s\n", path);
    return f;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void json_interval(FILE *f, const char *name, struct interval i)
{
    fprintf(f, "\"%s\": {\"value\": %.6f, \"low\": %.6f, \"high\": %.6f}", name, i.value, i.low, i.high);
}

static void json_fit(FILE *f, const struct lab_fit *fit)
{
    fprintf(f, "\"fit\": {\"done\": %s, \"why\": ", fit->done ? "true" : "false");
    json_string(f, fit->why);
    fprintf(f, ", \"positions\": %d, \"k\": %.4f, \"error_before\": %.6f, \"error_after\": %.6f, \"weights\": [",
            fit->positions, fit->k, fit->error_before, fit->error_after);
    for (int i = 0; fit->done && i < fit->count; i++) {
        fprintf(f, "%s{\"name\": ", i ? ", " : "");
        json_string(f, fit->names[i]);
        fprintf(f, ", \"default\": %d, \"fitted\": %d", fit->before[i], fit->after[i]);
        if (fit->bootstrap)
            fprintf(f, ", \"low\": %.1f, \"high\": %.1f", fit->low[i], fit->high[i]);
        fprintf(f, ", \"significant\": %s}", lab_fit_significant(fit, i) ? "true" : "false");
    }
    fprintf(f, "], \"bootstrap\": %d}", fit->done ? fit->bootstrap : 0);
}

static void json_value(FILE *f, const struct lab_config *c, int v, const struct lab_tally *t, const struct lab_fit *fit)
{
    fprintf(f, "    {\"value\": ");
    json_string(f, c->values[v]);
    fprintf(f, ", \"pgn\": ");
    json_string(f, c->files[v]);
    fprintf(f, ", \"games\": %d, \"white_wins\": %d, \"draws\": %d, \"black_wins\": %d,\n     ", t->games,
            t->white_wins, t->draws, t->black_wins);
    json_interval(f, "white_score", lab_white_score(t));
    fprintf(f, ", ");
    json_interval(f, "draw_rate", lab_wilson(t->draws, t->games));
    fprintf(f, ",\n     ");
    json_interval(f, "decisive_rate", lab_wilson(t->games - t->draws, t->games));
    fprintf(f, ", ");
    json_interval(f, "length", lab_length(t));
    fprintf(f, ",\n     \"ends\": [");
    for (int e = 0; e < LAB_END_KINDS; e++) {
        struct interval i = lab_wilson(t->ends[e], t->games);
        fprintf(f, "%s{\"end\": ", e ? ", " : "");
        json_string(f, lab_end_names[e]);
        fprintf(f, ", \"count\": %d, \"value\": %.6f, \"low\": %.6f, \"high\": %.6f}", t->ends[e], i.value, i.low,
                i.high);
    }
    fprintf(f, "],\n     ");
    json_fit(f, fit);
    fprintf(f, "}");
}

/* "conditions": every condition (with whether it is the default), "conditions_line" (the charts'
 * footnote), "commands": those that played the games. */
static void json_conditions(FILE *f, const struct lab_conditions *k)
{
    char line[SETTINGS_TEXT_LEN + 512];
    fprintf(f, ",\n  \"conditions\": {");
    for (int i = 0; i < k->count; i++) {
        fprintf(f, "%s", i ? ", " : "");
        json_string(f, k->key[i]);
        fprintf(f, ": {\"value\": ");
        json_string(f, k->value[i]);
        fprintf(f, ", \"default\": %s}", k->is_default[i] ? "true" : "false");
    }
    lab_conditions_line(k, line, sizeof line);
    fprintf(f, "},\n  \"conditions_line\": ");
    json_string(f, line);
    fprintf(f, ",\n  \"commands\": [");
    for (int i = 0; i < k->command_count; i++) {
        fprintf(f, "%s", i ? ", " : "");
        json_string(f, k->commands[i]);
    }
    fprintf(f, "]");
}

static void json_answers(FILE *f, const struct lab_config *c, const struct lab_tally *t, const struct lab_tally *d)
{
    char summary[4096];
    int n;
    struct lab_answer *a = lab_answers_made(c, t, d, &n, summary, sizeof summary);
    if (!a)
        return;
    fprintf(f, ",\n  \"deeper\": {\"depth\": %s, \"dir\": \"depth-%s\", \"summary\": ", c->deeper_depth,
            c->deeper_depth);
    json_string(f, summary);
    fprintf(f, ", \"answers\": [");
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s\n    {\"figure\": ", i ? "," : "");
        json_string(f, a[i].figure);
        fprintf(f, ", \"from\": ");
        json_string(f, c->values[a[i].from]);
        fprintf(f, ", \"to\": ");
        json_string(f, c->values[a[i].to]);
        fprintf(f, ", \"difference\": %.4f, \"deeper_difference\": %.4f, \"clear\": %s, \"deeper_clear\": %s, "
                   "\"verdict\": \"%s\"}",
                a[i].base, a[i].deeper, a[i].base_clear ? "true" : "false", a[i].deeper_clear ? "true" : "false",
                a[i].verdict > 0 ? "holds" : a[i].verdict < 0 ? "flips" : "none");
    }
    fprintf(f, "]}");
    free(a);
}

static int write_json(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                      const struct lab_tally *deeper)
{
    FILE *out = open_out(c, "lab.json");
    if (!out)
        return -1;
    fprintf(out, "{\n  \"variant\": ");
    json_string(out, c->variant->id);
    fprintf(out, ",\n  \"setting\": ");
    json_string(out, c->setting);
    fprintf(out, ",\n  \"command\": ");
    json_string(out, c->command);
    fprintf(out, ",\n  \"self_play\": true");
    json_conditions(out, c->conditions);
    if (deeper)
        json_answers(out, c, t, deeper);
    fprintf(out, ",\n  \"values\": [\n");
    for (int v = 0; v < c->value_count; v++) {
        json_value(out, c, v, &t[v], &f[v]);
        fprintf(out, v + 1 < c->value_count ? ",\n" : "\n");
    }
    fprintf(out, "  ]\n}\n");
    return fclose(out) ? -1 : 0;
}

/* ---- Tables: one writer for Markdown and HTML ---------------------------------- */

struct table {
    FILE *f;
    bool html;
    int cells;
};

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else
            fputc(*s, f);
    }
}

static void md_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '*' || *s == '_' || *s == '`')
            fputc('\\', f);
        fputc(*s, f);
    }
}

static void row_start(struct table *t)
{
    t->cells = 0;
    fputs(t->html ? "<tr>" : "|", t->f);
}

static void cell(struct table *t, const char *text)
{
    if (t->html) {
        fputs("<td>", t->f);
        html_text(t->f, text);
        fputs("</td>", t->f);
    } else {
        fputc(' ', t->f);
        md_text(t->f, text);
        fputs(" |", t->f);
    }
    t->cells++;
}

static void row_end(struct table *t, bool header)
{
    fputs(t->html ? "</tr>\n" : "\n", t->f);
    if (header && !t->html) {
        fputc('|', t->f);
        for (int i = 0; i < t->cells; i++)
            fputs(i ? "---:|" : "---|", t->f);
        fputc('\n', t->f);
    }
}

static void table_start(struct table *t)
{
    fputs(t->html ? "<table>\n" : "\n", t->f);
}

static void table_end(struct table *t)
{
    fputs(t->html ? "</table>\n" : "\n", t->f);
}

static void heading(struct table *t, const char *text)
{
    if (t->html)
        fprintf(t->f, "<h2>%s</h2>\n", text);
    else
        fprintf(t->f, "\n## %s\n", text);
}

static void percent_cell(struct table *t, struct interval i)
{
    char s[64];
    snprintf(s, sizeof s, "%.1f%% (%.1f–%.1f)", 100 * i.value, 100 * i.low, 100 * i.high);
    cell(t, s);
}

static void results_table(struct table *t, const struct lab_config *c, const struct lab_tally *tally)
{
    table_start(t);
    row_start(t);
    const char *heads[] = {"value",     "games",           "White +/=/−", "White's score (95%)", "draw rate (95%)",
                           "decisive rate (95%)", "length, plies (95%)"};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        cell(t, heads[i]);
    row_end(t, true);
    for (int v = 0; v < c->value_count; v++) {
        const struct lab_tally *g = &tally[v];
        char s[128];
        row_start(t);
        cell(t, c->values[v]);
        snprintf(s, sizeof s, "%d", g->games);
        cell(t, s);
        snprintf(s, sizeof s, "%d / %d / %d", g->white_wins, g->draws, g->black_wins);
        cell(t, s);
        percent_cell(t, lab_white_score(g));
        percent_cell(t, lab_wilson(g->draws, g->games));
        percent_cell(t, lab_wilson(g->games - g->draws, g->games));
        struct interval len = lab_length(g);
        snprintf(s, sizeof s, "%.1f (%.1f–%.1f)", len.value, len.low, len.high);
        cell(t, s);
        row_end(t, false);
    }
    table_end(t);
}

static void ends_table(struct table *t, const struct lab_config *c, const struct lab_tally *tally)
{
    table_start(t);
    row_start(t);
    cell(t, "how the game ended");
    for (int v = 0; v < c->value_count; v++)
        cell(t, c->values[v]);
    row_end(t, true);
    for (int e = 0; e < LAB_END_KINDS; e++) {
        int any = 0;
        for (int v = 0; v < c->value_count; v++)
            any += tally[v].ends[e];
        if (!any)
            continue;
        row_start(t);
        cell(t, lab_end_names[e]);
        for (int v = 0; v < c->value_count; v++) {
            struct interval i = lab_wilson(tally[v].ends[e], tally[v].games);
            char s[96];
            snprintf(s, sizeof s, "%d: %.1f%% (%.1f–%.1f)", tally[v].ends[e], 100 * i.value, 100 * i.low,
                     100 * i.high);
            cell(t, s);
        }
        row_end(t, false);
    }
    table_end(t);
}

static const struct lab_fit *first_fit(const struct lab_config *c, const struct lab_fit *f)
{
    for (int v = 0; v < c->value_count; v++)
        if (f[v].done)
            return &f[v];
    return NULL;
}

static void fit_table(struct table *t, const struct lab_config *c, const struct lab_fit *f)
{
    const struct lab_fit *any = first_fit(c, f);
    table_start(t);
    row_start(t);
    cell(t, "weight");
    cell(t, "default");
    for (int v = 0; v < c->value_count; v++)
        cell(t, c->values[v]);
    row_end(t, true);
    char s[160];
    const char *rows[] = {"positions", "K", "error before → after"};
    for (int r = 0; r < 3; r++) {
        row_start(t);
        cell(t, rows[r]);
        cell(t, "");
        for (int v = 0; v < c->value_count; v++) {
            if (!f[v].done)
                snprintf(s, sizeof s, "%s", r == 0 ? f[v].why : "—");
            else if (r == 0)
                snprintf(s, sizeof s, "%d", f[v].positions);
            else if (r == 1)
                snprintf(s, sizeof s, "%.3f", f[v].k);
            else
                snprintf(s, sizeof s, "%.5f → %.5f", f[v].error_before, f[v].error_after);
            cell(t, s);
        }
        row_end(t, false);
    }
    for (int w = 0; any && w < any->count; w++) {
        row_start(t);
        cell(t, any->names[w]);
        snprintf(s, sizeof s, "%d", any->before[w]);
        cell(t, s);
        for (int v = 0; v < c->value_count; v++) {
            if (f[v].done && f[v].bootstrap)
                snprintf(s, sizeof s, "%d (%.0f–%.0f)%s", f[v].after[w], f[v].low[w], f[v].high[w],
                         lab_fit_significant(&f[v], w) ? "" : " n.s.");
            else
                snprintf(s, sizeof s, "%d, no interval", f[v].done ? f[v].after[w] : 0);
            cell(t, f[v].done ? s : "—");
        }
        row_end(t, false);
    }
    table_end(t);
}

static void paragraph(struct table *t, const char *text)
{
    if (t->html) {
        fputs("<p>", t->f);
        html_text(t->f, text);
        fputs("</p>\n", t->f);
    } else {
        fprintf(t->f, "\n%s\n", text);
    }
}

static void inline_chart(struct table *t, const struct lab_config *c, int i)
{
    if (!t->html) {
        fprintf(t->f, "\n![%s](%s)\n", chart_titles[i], chart_files[i]);
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", c->out, chart_files[i]);
    FILE *svg = fopen(path, "r");
    if (!svg)
        return;
    fprintf(t->f, "<figure>\n");
    char buf[8192];
    size_t n;
    bool started = false;
    while ((n = fread(buf, 1, sizeof buf - 1, svg)) > 0) {
        buf[n] = '\0';
        const char *from = buf;
        if (!started) { /* from <svg on: no XML declaration or doctype inside HTML */
            const char *s = strstr(buf, "<svg");
            if (!s)
                continue;
            from = s;
            started = true;
        }
        fwrite(from, 1, n - (size_t)(from - buf), t->f);
    }
    fclose(svg);
    fprintf(t->f, "<figcaption>%s</figcaption></figure>\n", chart_titles[i]);
}

static void conditions_table(struct table *t, const struct lab_config *c, const struct lab_tally *tally)
{
    const struct lab_conditions *k = c->conditions;
    char s[SETTINGS_TEXT_LEN + 64];
    table_start(t);
    row_start(t);
    cell(t, "condition");
    cell(t, "value");
    row_end(t, true);
    for (int i = 0; i < k->count; i++) {
        row_start(t);
        cell(t, k->key[i]);
        snprintf(s, sizeof s, "%s%s", k->value[i], k->is_default[i] ? " (default)" : "");
        cell(t, s);
        row_end(t, false);
    }
    row_start(t);
    cell(t, "games (n)");
    s[0] = '\0';
    for (int v = 0; v < c->value_count; v++) {
        size_t len = strlen(s);
        snprintf(s + len, sizeof s - len, "%s%s: %d", v ? ", " : "", c->values[v], tally[v].games);
    }
    cell(t, s);
    row_end(t, false);
    table_end(t);
}

static void commands_paragraph(struct table *t, const struct lab_config *c)
{
    const struct lab_conditions *k = c->conditions;
    char s[4096];
    paragraph(t, k->command_count > 1 ? "The games were played (or gathered) by these commands, oldest first, "
                                         "all under the conditions above:"
                                       : "The games were played (or gathered) by this command:");
    for (int i = 0; i < k->command_count; i++) {
        snprintf(s, sizeof s, "%s", k->commands[i]);
        paragraph(t, s);
    }
}

static void answers_table(struct table *t, const struct lab_config *c, const struct lab_tally *tally,
                          const struct lab_tally *deeper)
{
    char s[4096], summary[4096];
    int n;
    struct lab_answer *a = lab_answers_made(c, tally, deeper, &n, summary, sizeof summary);
    if (!a)
        return;
    snprintf(s, sizeof s, "The same study (the same openings, values and conditions) played again at depth %s, "
                          "its report in depth-%s/. An answer is the direction of a figure from one value to "
                          "another (percentage points, or plies for the length); it holds when it points the same "
                          "way one ply deeper. Clear: the two values' 95%% intervals apart at that depth.",
             c->deeper_depth, c->deeper_depth);
    paragraph(t, s);
    paragraph(t, summary);
    table_start(t);
    row_start(t);
    const char *heads[] = {"figure", "from → to", "depth ", "depth ", "verdict"};
    for (int i = 0; i < 5; i++) {
        snprintf(s, sizeof s, "%s%s", heads[i], i == 2 ? c->depth : i == 3 ? c->deeper_depth : "");
        cell(t, s);
    }
    row_end(t, true);
    for (int i = 0; i < n; i++) {
        row_start(t);
        cell(t, a[i].figure);
        snprintf(s, sizeof s, "%s → %s", c->values[a[i].from], c->values[a[i].to]);
        cell(t, s);
        snprintf(s, sizeof s, "%+.1f%s", a[i].base, a[i].base_clear ? " clear" : "");
        cell(t, s);
        snprintf(s, sizeof s, "%+.1f%s", a[i].deeper, a[i].deeper_clear ? " clear" : "");
        cell(t, s);
        cell(t, lab_verdict_name(a[i].verdict));
        row_end(t, false);
    }
    table_end(t);
    free(a);
}

static void body(struct table *t, const struct lab_config *c, const struct lab_tally *tally, const struct lab_fit *f,
                 const struct lab_tally *deeper)
{
    char s[4096];
    snprintf(s, sizeof s,
             "Self-play: two copies of one engine, %s, each value of %s in its own games: a random opening per "
             "game (game i of every value starts from the same opening), the two engine processes alternating "
             "colours. Between two copies of one engine Elo and LOS measure nothing, so the report gives White's "
             "score and the draw rate instead. Intervals are 95%%: Wilson's for the rates, the normal "
             "approximation for White's score and the mean length (docs/lab/README.md).",
             c->variant->id, c->setting);
    paragraph(t, s);
    heading(t, "Conditions");
    paragraph(t, "Every condition of these games, defaults included (DIR/conditions.txt keeps them; a run under "
                 "others is refused).");
    conditions_table(t, c, tally);
    commands_paragraph(t, c);
    heading(t, "Results");
    results_table(t, c, tally);
    if (c->charts_made)
        inline_chart(t, c, 0), inline_chart(t, c, 1);
    heading(t, "How the games ended");
    paragraph(t, "Games of each kind: count, share of the value's games (95% interval).");
    ends_table(t, c, tally);
    if (c->charts_made)
        inline_chart(t, c, 2);
    if (deeper) {
        heading(t, "One ply deeper: do the answers hold?");
        answers_table(t, c, tally, deeper);
    }
    heading(t, "Fitted evaluation weights");
    snprintf(s, sizeof s,
             "The weights rulezero tune fits (Texel's method, the same code) to the quiet positions of each "
             "value's games, starting from the defaults; piece values are the weights named after the pieces. "
             "In brackets the 95%% interval: the 2.5%% and 97.5%% quantiles of the weights fitted again to %lld "
             "resamples of the value's games (drawn with replacement, seeded by --seed: the same every run); "
             "n.s. (not significant): the interval holds the default, or the fit to all the games left the weight "
             "there (or moved it the other way), so these games do not show the weight differs from it.",
             (long long)c->fit_bootstrap);
    paragraph(t, c->fit_bootstrap ? s
                                  : "The weights rulezero tune fits (Texel's method) to each value's games: point "
                                    "estimates with no interval (--fit-bootstrap 0), so none is shown to differ "
                                    "from its default.");
    fit_table(t, c, f);
    if (c->charts_made && first_fit(c, f))
        inline_chart(t, c, 3);
    snprintf(s, sizeof s, "Games: %s", "");
    for (int v = 0; v < c->value_count; v++) {
        size_t len = strlen(s);
        snprintf(s + len, sizeof s - len, "%s%s", v ? ", " : "", c->files[v]);
    }
    paragraph(t, s);
}

static int write_page(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                      const struct lab_tally *deeper, bool html)
{
    FILE *out = open_out(c, html ? "report.html" : "report.md");
    if (!out)
        return -1;
    struct table tab = {out, html, 0};
    if (html) {
        fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Rule Zero lab: %s, %s"
                     "</title>\n<style>body{font-family:sans-serif;max-width:60em;margin:auto;padding:1em}"
                     "table{border-collapse:collapse}td{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                     "tr:first-child td{font-weight:bold;background:#eee}td:first-child{text-align:left}"
                     "figure{margin:1em 0}svg{max-width:100%%;height:auto}</style></head><body>\n"
                     "<h1>Rule Zero lab: %s, %s</h1>\n",
                c->variant->id, c->setting, c->variant->id, c->setting);
    } else {
        fprintf(out, "# Rule Zero lab: %s, %s\n", c->variant->id, c->setting);
    }
    body(&tab, c, t, f, deeper);
    if (html)
        fputs("</body></html>\n", out);
    return fclose(out) ? -1 : 0;
}

int lab_write_json(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                   const struct lab_tally *deeper)
{
    return write_json(c, t, f, deeper);
}

int lab_write_report(const struct lab_config *c, const struct lab_tally *t, const struct lab_fit *f,
                     const struct lab_tally *deeper)
{
    return write_page(c, t, f, deeper, false) || write_page(c, t, f, deeper, true) ? -1 : 0;
}
