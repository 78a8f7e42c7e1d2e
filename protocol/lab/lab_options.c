/* `rulezero lab` command-line options: the table (also --help), then the
 * checks of what they say together, the setting's values first of all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <getopt.h>

#include "protocol/lab/lab.h"
#include "protocol/lab/lab_config.h"
#include "protocol/match/options_table.h"
#include "variants/core/eval_params.h"
#include "variants/core/settings.h"
#include "variants/core/variant.h"

static int usage(const char *fmt, const char *arg)
{
    return options_table_error(&lab_options_table, fmt, arg);
}

static int set_merge(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    (void)number;
    ((struct lab_config *)ctx)->merge = true;
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct lab_config, field)

static const struct options_table_entry lab_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero lab --variant V --vary NAME=V1,V2,... --out DIR [OPTIONS]\n"
             "       rulezero lab --variant V --vary NAME=V1,V2,... --out DIR --merge DIR...\n"
             "\n"
             "A self-play study of one game setting: for each value of NAME, Rule Zero\n"
             "plays itself through the match runner (a random opening per game, the\n"
             "colours alternating, the runner's referee) and DIR receives the games\n"
             "(one PGN file per value), report.md, report.html (charts drawn by\n"
             "scripts/lab-charts.py with matplotlib), lab.json and the charts as SVG:\n"
             "White's score, draw and decisive rates, game length and how the games\n"
             "ended, with 95% intervals, and the evaluation weights `rulezero tune`\n"
             "fits to each value's games. Values are separated by commas, or by '|'\n"
             "when a value holds commas (Polypiece's Powers). A value the variant\n"
             "refuses stops the study before any game (exit code 2). Run the same\n"
             "command again to resume: the games already in the PGN files are kept and\n"
             "not played again; a larger --games adds games. --merge plays nothing: it\n"
             "gathers the PGN files of the directories given (e.g. each --shard's DIR)\n"
             "into DIR and reports. DIR/conditions.txt keeps the study's conditions\n"
             "(engine, limit, random plies, seed, max moves, settings): a run under\n"
             "others is refused (exit code 2), naming each difference.\n"
             "\n"
             "Options:\n"},
    {"variant", 'v', OPTIONS_TABLE_TEXT, "V", "the variant (default normal)", KEEP(TEXT, variant_id)},
    {"vary", 'V', OPTIONS_TABLE_TEXT, "NAME=V1,V2,...", "the setting and its values (1 to 32 values)",
     KEEP(TEXT, vary)},
    {"out", 'o', OPTIONS_TABLE_TEXT, "DIR", "where the games and the report go (made)", KEEP(TEXT, out)},
    {"games", 'g', OPTIONS_TABLE_NUMBER, "N", "games per value (default 20)",
     1, 1000000, "bad game count '%s' (1..1000000)", KEEP(INT64, games)},
    {"tc", 't', OPTIONS_TABLE_TEXT, "[M/]BASE[+INC]", "clock of each engine, as in rulezero match", KEEP(TEXT, tc)},
    {"st", 0, OPTIONS_TABLE_TEXT, "SEC", "fixed time per move", KEEP(TEXT, st)},
    {"nodes", 0, OPTIONS_TABLE_TEXT, "N", "nodes per move", KEEP(TEXT, nodes)},
    {"depth", 'd', OPTIONS_TABLE_TEXT, "D", "depth per move (the default: 3)", KEEP(TEXT, depth)},
    {"random-plies", 'r', OPTIONS_TABLE_NUMBER, "K", "random turns that open each game (default 4)", 0, 200,
     "bad random plies '%s' (0..200)", KEEP(INT64, random_plies)},
    {"seed", 's', OPTIONS_TABLE_NUMBER, "S", "seed of the openings (default 1), every value", 0,
     INT64_MAX, "bad seed '%s'", KEEP(INT64, seed)},
    {"concurrency", 'j', OPTIONS_TABLE_NUMBER, "J", "games at once (default 1)", 1, 64,
     "bad concurrency '%s' (1..64)", KEEP(INT64, concurrency)},
    {"max-moves", 0, OPTIONS_TABLE_NUMBER, "N", "a draw after N moves by each side (default 200)", 1,
     100000, "bad max moves '%s'", KEEP(INT64, max_moves)},
    {"max-wait", 0, OPTIONS_TABLE_NUMBER, "SEC", "the runner's longest wait for a move without a clock\n"
     "(default: the runner's, 60; not a condition)", 1, 86400, "bad max wait '%s' (seconds)", KEEP(INT64, max_wait)},
    {"shard", 0, OPTIONS_TABLE_TEXT, "I/N", "play only shard I of N of every value's games", KEEP(TEXT, shard)},
    {"engine", 'e', OPTIONS_TABLE_TEXT, "CMD", "the engine (default: this rulezero)", KEEP(TEXT, engine)},
    {"fit-passes", 0, OPTIONS_TABLE_NUMBER, "N", "passes of the weight fit (default 6; 0: no fit)", 0, 1000,
     "bad fit passes '%s' (0..1000)", KEEP(INT64, fit_passes)},
    {"fit-bootstrap", 0, OPTIONS_TABLE_NUMBER, "B", "refits over games drawn with replacement, for the\n"
     "weights' 95% intervals (default 20; 0: no interval)", 0, 10000, "bad bootstrap count '%s' (0..10000)",
     KEEP(INT64, fit_bootstrap)},
    {"confirm-deeper", 0, OPTIONS_TABLE_FLAG, NULL, "play the study again one ply deeper (in DIR/depth-D)\n"
     "and say whether its answers hold", KEEP(TRUE, confirm_deeper)},
    {"fit-weights", 0, OPTIONS_TABLE_TEXT, "LIST", "the weights to fit: NAME,NAME,... or all (default)",
     KEEP(TEXT, fit_weights)},
    {"charts", 0, OPTIONS_TABLE_TEXT, "SCRIPT", "the chart script (default: $RULEZERO_LAB_CHARTS,\n"
     "or ../scripts/lab-charts.py from the program)", KEEP(TEXT, charts)},
    {"no-charts", 0, OPTIONS_TABLE_FLAG, NULL, "write the report without charts", KEEP(TRUE, no_charts)},
    {"merge", 0, OPTIONS_TABLE_FLAG, NULL, "play nothing: gather the PGN files of the DIRs", .set = set_merge},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

const struct options_table lab_options_table = {"rulezero lab", 30, lab_entries};

/* The option names the variant offers, for a message. */
static void settings_list(const struct variant *v, char *out, size_t n)
{
    out[0] = '\0';
    for (int i = 0; i < v->option_count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? ", " : "", v->options[i].name);
    }
    if (!out[0])
        snprintf(out, n, "none");
}

/* Allowed values of an option, for a message. */
static void allowed_values(const struct variant_option *o, char *out, size_t n)
{
    if (strcmp(o->type, "spin") == 0 && o->choices) {
        int lo = 0, hi = 0;
        sscanf(o->choices, "%d %d", &lo, &hi);
        snprintf(out, n, "from %d to %d", lo, hi);
    } else if (strcmp(o->type, "combo") == 0 && o->choices) {
        char *p = out;
        size_t left = n;
        for (const char *s = o->choices; *s && left > 1;) {
            const char *sep = strstr(s, " /// ");
            size_t len = sep ? (size_t)(sep - s) : strlen(s);
            int w = snprintf(p, left, "%s%.*s", p == out ? "" : ", ", (int)len, s);
            if (w < 0 || (size_t)w >= left)
                break;
            p += w;
            left -= (size_t)w;
            s = sep ? sep + 5 : s + len;
        }
    } else {
        snprintf(out, n, "text as the variant reads it (default %s)", o->default_value);
    }
}

static const struct variant_option *find_option(const struct variant *v, const char *name)
{
    for (int i = 0; i < v->option_count; i++)
        if (strcasecmp(v->options[i].name, name) == 0)
            return &v->options[i];
    return NULL;
}

/* A file name for a value: NAME-VALUE with anything but letters, digits, '.',
 * '-' and '_' made '_', and a hash of the value when that changed it. */
static void file_name(const char *setting, const char *value, char *out, size_t n)
{
    char clean[64];
    size_t k = 0;
    bool changed = false;
    for (const char *s = value; *s && k + 1 < sizeof clean; s++) {
        char ch = *s;
        bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                     ch == '-' || ch == '_';
        clean[k++] = plain ? ch : '_';
        changed |= !plain;
    }
    clean[k] = '\0';
    changed |= strlen(value) >= sizeof clean - 1;
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const char *s = value; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    if (changed)
        snprintf(out, n, "%s-%.40s-%08x.pgn", setting, clean, h);
    else
        snprintf(out, n, "%s-%s.pgn", setting, clean);
}

/* Splits NAME=V1,V2 into the values, each set on the variant's rules. */
static int check_values(struct lab_config *c)
{
    const char *eq = strchr(c->vary, '=');
    if (!eq || eq == c->vary)
        return usage("bad --vary '%s' (NAME=V1,V2,...)", c->vary);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(eq - c->vary), c->vary);
    const struct variant_option *o = find_option(c->variant, name);
    if (!o) {
        char list[512], msg[700];
        settings_list(c->variant, list, sizeof list);
        snprintf(msg, sizeof msg, "variant %s has no setting '%s' (its settings: %s)", c->variant->id, name, list);
        return usage("%s", msg);
    }
    snprintf(c->setting, sizeof c->setting, "%s", o->name);
    const char *sep = strchr(eq + 1, '|') ? "|" : ",";
    char *rest = strdup(eq + 1), *save = NULL;
    int rc = rest ? 0 : 1;
    for (char *v = rest ? strtok_r(rest, sep, &save) : NULL; rc == 0 && v; v = strtok_r(NULL, sep, &save)) {
        if (c->value_count == LAB_MAX_VALUES)
            rc = usage("more than %s values", "32");
        else if (!(c->values[c->value_count] = strdup(v)))
            rc = 1;
        else
            c->value_count++;
    }
    free(rest);
    if (rc == 0 && c->value_count < 1)
        rc = usage("--vary '%s' names no value", c->vary);
    char err[VARIANT_ERR_LEN], allowed[512], msg[1200];
    allowed_values(o, allowed, sizeof allowed);
    for (int i = 0; rc == 0 && i < c->value_count; i++) {
        struct settings s;
        if (settings_init(&s, c->variant, err, sizeof err))
            return usage("%s", err);
        if (settings_set(&s, o->name, c->values[i], err, sizeof err)) {
            /* The variant's message names the setting and, mostly, what it allows. */
            int n = snprintf(msg, sizeof msg, "%s refuses %s=%s: %s", c->variant->id, o->name, c->values[i], err);
            if (!strstr(err, allowed) && n > 0 && (size_t)n < sizeof msg)
                snprintf(msg + n, sizeof msg - (size_t)n, " (allowed: %s)", allowed);
            rc = usage("%s", msg);
        }
        char text[SETTINGS_TEXT_LEN];
        settings_text(&s, text, sizeof text);
        if (rc == 0 && !(c->rules_text[i] = strdup(text)))
            rc = 1;
        settings_free(&s);
        file_name(o->name, c->values[i], c->files[i], sizeof c->files[i]);
        for (int j = 0; rc == 0 && j < i; j++)
            if (strcmp(c->files[i], c->files[j]) == 0)
                rc = usage("the value '%s' is given twice", c->values[i]);
    }
    return rc;
}

/* --fit-weights: every name one of the variant's weights. */
static int check_fit_weights(const struct lab_config *c)
{
    if (!c->fit_weights || strcmp(c->fit_weights, "all") == 0)
        return 0;
    const struct eval_params *t = c->variant->eval_params;
    char list[512], names[1024] = "none", msg[1700];
    for (int i = 0; t && i < t->count; i++) {
        size_t len = i ? strlen(names) : 0;
        snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", t->params[i].name);
    }
    snprintf(list, sizeof list, "%s", c->fit_weights);
    char *save = NULL;
    for (char *name = strtok_r(list, ",", &save); name; name = strtok_r(NULL, ",", &save))
        if (!t || !eval_param_find(t, name)) {
            snprintf(msg, sizeof msg, "%s has no evaluation weight '%s' (its weights: %s)", c->variant->id, name,
                     names);
            return usage("%s", msg);
        }
    return 0;
}

static int check_together(struct lab_config *c, int argc, char **argv)
{
    if (c->merge) {
        if (optind >= argc)
            return usage("%s", "--merge needs the directories to gather");
        c->merge_dirs = argv + optind;
        c->merge_count = argc - optind;
    } else if (optind < argc) {
        return usage("unexpected argument '%s'", argv[optind]);
    }
    if (!c->vary)
        return usage("%s", "--vary NAME=V1,V2,... is required");
    if (!c->out)
        return usage("%s", "--out DIR is required");
    if (!!c->tc + !!c->st + !!c->nodes + !!c->depth > 1)
        return usage("%s", "give one of --tc, --st, --nodes, --depth");
    if (!c->tc && !c->st && !c->nodes && !c->depth) {
        c->depth = "3";
        c->depth_default = true;
    }
    if (c->confirm_deeper) {
        char *end = NULL;
        long d = c->depth ? strtol(c->depth, &end, 10) : 0;
        if (!c->depth || !end || *end || d < 1 || d > 98)
            return usage("%s", "--confirm-deeper needs a depth limit (--depth D, 1..98, or the default)");
        snprintf(c->deeper_depth, sizeof c->deeper_depth, "%ld", d + 1);
    }
    c->variant = variant_find(c->variant_id);
    if (!c->variant)
        return usage("unknown variant '%s'", c->variant_id);
    int rc = check_fit_weights(c);
    return rc ? rc : check_values(c);
}

int lab_parse(int argc, char **argv, struct lab_config *c)
{
    *c = (struct lab_config){.variant_id = "normal", .games = 20, .random_plies = 4, .seed = 1, .concurrency = 1,
                             .max_moves = 200, .fit_passes = 6, .fit_bootstrap = 20};
    int rc = options_table_parse(&lab_options_table, c, argc, argv);
    if (rc)
        return rc;
    return check_together(c, argc, argv);
}

void lab_config_free(struct lab_config *c)
{
    for (int i = 0; i < c->value_count; i++) {
        free(c->values[i]);
        free(c->rules_text[i]);
        c->rules_text[i] = NULL;
    }
    c->value_count = 0;
}
