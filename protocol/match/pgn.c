#include "protocol/match/pgn.h"

#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol/match/options_table.h"
#include "protocol/match/xboard_san.h"
#include "variants/adjudicate.h"
#include "variants/core/notation.h"
#include "variants/registry.h"

/* ---- Writing ------------------------------------------------------------- */

static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *s = value; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        fputc(*s, out);
    }
    fprintf(out, "\"]\n");
}

/* Appends a token, breaking lines before 80 columns. */
static void put_token(FILE *out, int *col, const char *token)
{
    int len = (int)strlen(token);
    if (*col > 0 && *col + 1 + len > 79) {
        fputc('\n', out);
        *col = 0;
    } else if (*col > 0) {
        fputc(' ', out);
        (*col)++;
    }
    fputs(token, out);
    *col += len;
}

static void put_comment(FILE *out, int *col, const char *text)
{
    char buf[512];
    size_t j = 0;
    buf[j++] = '{';
    for (const char *s = text; *s && j < sizeof buf - 2; s++)
        buf[j++] = *s == '}' ? ')' : *s;
    buf[j++] = '}';
    buf[j] = '\0';
    put_token(out, col, buf);
}

void pgn_write(FILE *out, const struct game_record *g)
{
    char num[32];
    write_tag(out, "Event", g->event ? g->event : "?");
    write_tag(out, "Site", g->site ? g->site : "?");
    write_tag(out, "Date", g->date ? g->date : "????.??.??");
    snprintf(num, sizeof num, "%d", g->round);
    write_tag(out, "Round", num);
    write_tag(out, "White", g->white);
    write_tag(out, "Black", g->black);
    write_tag(out, "Result", g->result);
    write_tag(out, "Variant", g->variant->id);
    if (g->variant_options && *g->variant_options)
        write_tag(out, "VariantOptions", g->variant_options);
    if (g->setup) {
        write_tag(out, "FEN", g->start_fen);
        write_tag(out, "SetUp", "1");
    }
    if (g->white_time_control && g->black_time_control) {
        write_tag(out, "WhiteTimeControl", g->white_time_control);
        write_tag(out, "BlackTimeControl", g->black_time_control);
    } else {
        write_tag(out, "TimeControl", g->time_control ? g->time_control : "-");
    }
    write_tag(out, "Termination", g->termination);
    snprintf(num, sizeof num, "%d", g->nmoves);
    write_tag(out, "PlyCount", num);
    fputc('\n', out);

    /* Move numbers follow the start position's side and fullmove counter. */
    int fullmove = 1;
    bool black = false;
    const char *f = strchr(g->start_fen, ' ');
    if (f)
        black = f[1] == 'b';
    {
        /* the sixth FEN field */
        const char *s = g->start_fen;
        for (int field = 1; field < 6 && s; field++) {
            s = strchr(s, ' ');
            if (s)
                s++;
        }
        if (s && isdigit((unsigned char)*s))
            fullmove = atoi(s);
        if (fullmove < 1)
            fullmove = 1;
    }
    int col = 0;
    for (int i = 0; i < g->nmoves; i++) {
        char token[TURN_TEXT_LEN + 32]; /* a move number stays on its move's line */
        if (!black)
            snprintf(token, sizeof token, "%d. %s", fullmove, g->moves[i]);
        else if (i == 0)
            snprintf(token, sizeof token, "%d... %s", fullmove, g->moves[i]);
        else
            snprintf(token, sizeof token, "%s", g->moves[i]);
        put_token(out, &col, token);
        if (i + 1 == g->opening_plies)
            put_comment(out, &col, "end of opening");
        if (black)
            fullmove++;
        black = !black;
    }
    if (g->reason && *g->reason)
        put_comment(out, &col, g->reason);
    put_token(out, &col, g->result);
    fputs("\n\n", out);
}

/* ---- Reading ------------------------------------------------------------- */

int pgn_open(struct pgn_reader *r, const char *path)
{
    memset(r, 0, sizeof *r);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 1 << 16;
    r->data = malloc(cap);
    for (;;) {
        if (!r->data) {
            fclose(f);
            return -1;
        }
        r->len += fread(r->data + r->len, 1, cap - r->len - 1, f);
        if (r->len < cap - 1)
            break;
        cap *= 2;
        char *bigger = realloc(r->data, cap);
        if (!bigger)
            free(r->data);
        r->data = bigger;
    }
    r->data[r->len] = '\0';
    fclose(f);
    return 0;
}

void pgn_close(struct pgn_reader *r)
{
    free(r->data);
    memset(r, 0, sizeof *r);
}

void pgn_game_free(struct pgn_game *g)
{
    free(g->moves);
    memset(g, 0, sizeof *g);
}

const char *pgn_tag(const struct pgn_game *g, const char *name)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tag_name[i], name) == 0)
            return g->tag_value[i];
    return NULL;
}

static int add_move(struct pgn_game *g, const char *text, size_t n)
{
    if (g->nmoves == g->cap) {
        int cap = g->cap ? g->cap * 2 : 128;
        void *bigger = realloc(g->moves, (size_t)cap * sizeof g->moves[0]);
        if (!bigger)
            return -1;
        g->moves = bigger;
        g->cap = cap;
    }
    if (n >= TURN_TEXT_LEN)
        n = TURN_TEXT_LEN - 1;
    memcpy(g->moves[g->nmoves], text, n);
    g->moves[g->nmoves][n] = '\0';
    g->nmoves++;
    return 0;
}

static int read_tag(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen)
{
    const char *s = r->data + r->at + 1;
    size_t n = 0;
    char name[32];
    while (*s && !isspace((unsigned char)*s) && *s != '"' && *s != ']')
        if (n + 1 < sizeof name)
            name[n++] = *s++;
        else
            s++;
    name[n] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s != '"') {
        snprintf(err, errlen, "malformed tag '%s'", name);
        return -1;
    }
    s++;
    char value[FEN_MAX_LEN];
    n = 0;
    while (*s && *s != '"' && *s != '\n') {
        if (*s == '\\' && s[1])
            s++;
        if (n + 1 < sizeof value)
            value[n++] = *s;
        s++;
    }
    value[n] = '\0';
    while (*s && *s != '\n')
        s++;
    r->at = (size_t)(s - r->data);
    if (g->tag_count < PGN_MAX_TAGS) {
        snprintf(g->tag_name[g->tag_count], sizeof g->tag_name[0], "%s", name);
        snprintf(g->tag_value[g->tag_count], sizeof g->tag_value[0], "%s", value);
        g->tag_count++;
    }
    return 0;
}

static bool is_result(const char *t, size_t n)
{
    return (n == 3 && (!strncmp(t, "1-0", 3) || !strncmp(t, "0-1", 3))) || (n == 7 && !strncmp(t, "1/2-1/2", 7)) ||
           (n == 1 && t[0] == '*');
}

int pgn_next(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    bool started = false;
    int depth = 0; /* of ( ) variations */
    while (r->at < r->len) {
        char c = r->data[r->at];
        if (isspace((unsigned char)c)) {
            r->at++;
            continue;
        }
        if (c == '[' && !started && depth == 0) {
            if (read_tag(r, g, err, errlen))
                return -1;
            continue;
        }
        if (c == '{') {
            const char *end = strchr(r->data + r->at, '}');
            size_t stop = end ? (size_t)(end - r->data) : r->len;
            if (depth == 0)
                snprintf(g->comment, sizeof g->comment, "%.*s", (int)(stop - r->at - 1), r->data + r->at + 1);
            r->at = end ? stop + 1 : r->len;
            continue;
        }
        if (c == ';' || (c == '%' && (r->at == 0 || r->data[r->at - 1] == '\n'))) {
            const char *end = strchr(r->data + r->at, '\n');
            r->at = end ? (size_t)(end - r->data) : r->len;
            continue;
        }
        if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            r->at++;
            continue;
        }
        started = true;
        const char *t = r->data + r->at;
        size_t n = strcspn(t, " \t\r\n{}();");
        r->at += n ? n : 1;
        if (depth > 0 || t[0] == '$')
            continue;
        if (is_result(t, n)) {
            snprintf(g->result, sizeof g->result, "%.*s", (int)n, t);
            return 1;
        }
        /* move number "12." or "12..." possibly glued to the move */
        size_t k = 0;
        while (k < n && isdigit((unsigned char)t[k]))
            k++;
        if (k > 0 && k < n && t[k] == '.') {
            while (k < n && t[k] == '.')
                k++;
            t += k;
            n -= k;
        } else if (k == n) {
            continue; /* a bare number */
        }
        while (n > 0 && strchr("!?+#", t[n - 1]))
            n--;
        if (n > 0 && add_move(g, t, n)) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    if (!started && g->tag_count == 0)
        return 0;
    snprintf(g->result, sizeof g->result, "*");
    return 1;
}

int match_parse_turn(struct position *pos, const char *text, struct turn *out)
{
    if (turn_parse(pos, text, out) == 0)
        return 0;
    char mapped[TURN_TEXT_LEN];
    xboard_text_fn from_xboard = game_of(pos->variant)->xboard_parse;
    if (from_xboard) {
        from_xboard(pos, text, mapped, sizeof mapped);
        if (turn_parse(pos, mapped, out) == 0)
            return 0;
    }
    if (turn_read(pos, text, out) == 0)
        return 0;
    return xboard_san_parse(pos, text, out);
}

int pgn_replay(const struct pgn_game *g, struct position *pos, struct settings *s, char *err, size_t errlen)
{
    settings_free(s);
    const char *id = pgn_tag(g, "Variant");
    const struct variant *v = variant_find(id ? id : "normal");
    for (int i = 0; !v && id && i < variant_count(); i++)
        if (strcasecmp(variant_at(i)->id, id) == 0)
            v = variant_at(i);
    if (!v && id && (strcasecmp(id, "standard") == 0 || strcasecmp(id, "chess") == 0))
        v = variant_find("normal");
    if (!v) {
        snprintf(err, errlen, "unknown variant '%s'", id);
        return -1;
    }
    const char *fen = pgn_tag(g, "FEN");
    const char *options = pgn_tag(g, "VariantOptions");
    char ferr[VARIANT_ERR_LEN];
    if (settings_init(s, v, ferr, sizeof ferr) || (options && settings_read_text(s, options, ferr, sizeof ferr))) {
        snprintf(err, errlen, "VariantOptions: %s", ferr);
        return -1;
    }
    if (fen_read_with(pos, s, fen ? fen : v->start_fen, ferr, sizeof ferr)) {
        snprintf(err, errlen, "%s", ferr);
        return -1;
    }
    for (int i = 0; i < g->nmoves; i++) {
        struct turn t;
        if (pos->ply + MAX_TURN_STEPS >= MAX_HISTORY) {
            snprintf(err, errlen, "game longer than the history the engine keeps");
            return -1;
        }
        if (match_parse_turn(pos, g->moves[i], &t)) {
            char now[FEN_MAX_LEN];
            fen_write(pos, now, sizeof now);
            snprintf(err, errlen, "ply %d: illegal move '%s' in %s", i + 1, g->moves[i], now);
            return -1;
        }
        turn_make(pos, &t);
    }
    return 0;
}

/* ---- pgn-check ----------------------------------------------------------- */

/* What is wrong with a replayed game's end, NULL when nothing. The Termination
 * tag is optional (PGN's standard) and read without regard to case: a game
 * the rules ended must carry their result, and one marked "normal" must have
 * been ended by the rules; other terminations (time forfeit, adjudication,
 * ...) end a game the rules have not. */
static const char *end_problem(const struct pgn_game *g, const struct outcome *o)
{
    const char *tag_result = pgn_tag(g, "Result");
    const char *term = pgn_tag(g, "Termination");
    bool over = o->result != RESULT_NONE;
    bool normal = term && strcasecmp(term, "normal") == 0;
    if (tag_result && strcmp(tag_result, g->result) != 0)
        return "the Result tag and the result after the moves differ";
    if (over && strcmp(result_text(o->result), g->result) != 0)
        return "the rules ended the game here with another result";
    if (normal && !over)
        return "ended \"normal\" but the rules do not give this result here";
    if (over && term && !normal)
        return "the rules ended the game here but it was not ended \"normal\"";
    return NULL;
}

static int check_game(int number, const struct pgn_game *g, struct position *pos, struct settings *settings)
{
    char err[512];
    if (pgn_replay(g, pos, settings, err, sizeof err)) {
        printf("Game %d: ERROR %s\n", number, err);
        return 1;
    }
    struct outcome o = game_adjudicate(pos);
    const char *problem = end_problem(g, &o);
    if (problem) {
        printf("Game %d: ERROR %s (%s)\n", number, problem, o.result != RESULT_NONE ? o.reason : "game not over");
        return 1;
    }
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    printf("Game %d: OK %d plies %s %s\n", number, g->nmoves, g->result, fen);
    return 0;
}

static const struct options_table_entry pgn_check_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero pgn-check FILE\n"
             "\n"
             "Replays every game of a PGN file through Rule Zero's rules (moves in the\n"
             "variant's coordinates, its readable notation, SAN, or XBoard's forms such as\n"
             "Sf1f3, Pcb3, Kdxd2-d3) and checks each game's result: a game the rules ended\n"
             "must carry their result, and one marked [Termination \"normal\"] must have\n"
             "been ended by them. One line per game, then a count. Exit status 0 when every\n"
             "game is right, 1 when one is not (or FILE cannot be read), 2 on a usage error.\n"
             "\n"
             "Options:\n"},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

static const struct options_table pgn_check_table = {"rulezero pgn-check", 21, pgn_check_entries};

int pgn_check_main(int argc, char **argv)
{
    int rc = options_table_parse(&pgn_check_table, NULL, argc, argv);
    if (rc)
        return rc == OPTIONS_TABLE_DONE ? 0 : rc;
    if (optind + 1 != argc)
        return options_table_error(&pgn_check_table, "%s", "needs one FILE");
    const char *path = argv[optind];
    struct pgn_reader r;
    if (pgn_open(&r, path)) {
        fprintf(stderr, "rulezero: cannot read '%s'\n", path);
        return 1;
    }
    struct position *pos = malloc(sizeof *pos);
    struct settings settings = {0};
    int games = 0, bad = 0;
    char err[512];
    struct pgn_game g;
    int got;
    while (pos && (got = pgn_next(&r, &g, err, sizeof err)) != 0) {
        games++;
        if (got < 0) {
            printf("Game %d: ERROR %s\n", games, err);
            bad++;
            break;
        }
        bad += check_game(games, &g, pos, &settings);
        pgn_game_free(&g);
    }
    free(pos);
    settings_free(&settings);
    pgn_close(&r);
    printf("%d games, %d with errors\n", games, bad);
    return bad ? 1 : 0;
}
