/* Game files: the reader (variants/gamefile.h). */
#include "variants/gamefile.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/error.h"
#include "variants/core/text.h"
#include "variants/core/variant.h"

#define MAX_FILE_BYTES (1 << 20)
#define MAX_LINE 2048

struct field_def {
    const char *name;
    bool required, repeatable;
    /* Reads value into spec; 0, or -1 with what is wrong and allowed in msg. */
    int (*read)(struct game_spec *spec, char *value, char *msg, size_t n);
};

/* Copies a text value of 1 to size - 1 characters. */
static int copy_text(char *dst, size_t size, const char *v, const char *allowed, char *msg, size_t n)
{
    if (!*v || strlen(v) >= size)
        return error_set(msg, n, "empty or longer than %d characters (allowed: %s)", (int)size - 1, allowed);
    snprintf(dst, size, "%s", v);
    return 0;
}

static int read_family(struct game_spec *s, char *v, char *msg, size_t n)
{
    for (const char *c = v; *c; c++)
        if (!islower((unsigned char)*c) && *c != '-')
            return error_set(msg, n, "'%s' (allowed: a family's name in lower case, e.g. chess, polypiece)", v);
    return copy_text(s->family, sizeof s->family, v, "a family's name, e.g. chess, polypiece", msg, n);
}

static int read_name(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->name, sizeof s->name, v, "the game's name", msg, n);
}

/* A board's files: at most 24 (the mailbox's last two columns serve four-board Nick Danger only). */
#define GAMEFILE_MAX_FILES 24
_Static_assert(GAMEFILE_MAX_FILES <= BOARD_MAX_COLS, "a board fits the mailbox");

static int read_board(struct game_spec *s, char *v, char *msg, size_t n)
{
    int files, ranks;
    char extra;
    if (sscanf(v, "%dx%d%c", &files, &ranks, &extra) != 2 || files < 1 || ranks < 1 || files > GAMEFILE_MAX_FILES ||
        ranks > BOARD_MAX_RANKS)
        return error_set(msg, n, "'%s' (allowed: FILESxRANKS, 1..%d files and 1..%d ranks, e.g. 8x8)", v,
                         GAMEFILE_MAX_FILES, BOARD_MAX_RANKS);
    s->files = files;
    s->ranks = ranks;
    return 0;
}

/* "N, Knight, N": letter, name, and an optional Betza power. */
static int read_piece(struct game_spec *s, char *v, char *msg, size_t n)
{
    if (s->piece_count == MAX_TYPES - 1)
        return error_set(msg, n, "more than %d pieces", MAX_TYPES - 1);
    char *parts[4];
    int count = text_split(v, ",", parts, 4);
    for (int i = 0; i < count; i++)
        parts[i] = text_trim(parts[i]);
    if (count < 2 || count > 3)
        return error_set(msg, n, "expected LETTER, NAME or LETTER, NAME, BETZA (e.g. N, Knight, N)");
    const char *letter = parts[0];
    if (strlen(letter) != 1 || !isupper((unsigned char)letter[0]))
        return error_set(msg, n, "letter '%s' (allowed: one upper-case letter A-Z, White's FEN letter)", letter);
    for (int i = 0; i < s->piece_count; i++)
        if (s->pieces[i].letter == letter[0])
            return error_set(msg, n, "letter %c is already piece %d's (allowed: a letter of its own)", letter[0], i + 1);
    struct gamefile_piece *p = &s->pieces[s->piece_count];
    if (!*parts[1] || strlen(parts[1]) >= sizeof p->name)
        return error_set(msg, n, "name empty or longer than %d characters", (int)sizeof p->name - 1);
    p->betza[0] = '\0';
    if (count == 3) {
        char why[VARIANT_ERR_LEN];
        struct betza_power power;
        if (betza_compile(parts[2], 0, &power, why, sizeof why))
            return error_set(msg, n, "%s (allowed: a Betza power, docs/gamefiles.md)", why);
        snprintf(p->betza, sizeof p->betza, "%s", parts[2]);
    }
    p->letter = letter[0];
    snprintf(p->name, sizeof p->name, "%s", parts[1]);
    s->piece_count++;
    return 0;
}

static int read_start(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->start, sizeof s->start, v, "a FEN", msg, n);
}

static int read_promotion(struct game_spec *s, char *v, char *msg, size_t n)
{
    if (strcmp(v, "none") == 0) {
        s->promotion[0] = '\0';
        return 0;
    }
    size_t len = strlen(v);
    if (len == 0 || len >= sizeof s->promotion)
        return error_set(msg, n, "'%s' (allowed: none, or 1 to %d piece letters, e.g. QRBN)", v,
                         (int)sizeof s->promotion - 1);
    for (size_t i = 0; i < len; i++)
        if (!isupper((unsigned char)v[i]) || memchr(v, v[i], i))
            return error_set(msg, n, "'%s' (allowed: none, or distinct upper-case piece letters, e.g. QRBN)", v);
    snprintf(s->promotion, sizeof s->promotion, "%s", v);
    return 0;
}

static bool square_name(const char *t)
{
    return strlen(t) >= 2 && strlen(t) <= 3 && islower((unsigned char)t[0]) && isdigit((unsigned char)t[1]) &&
           (!t[2] || isdigit((unsigned char)t[2]));
}

/* "none", or four rights "e1 g1 h1 f1, e1 c1 a1 d1, e8 g8 h8 f8, e8 c8 a8 d8". */
static int read_castling(struct game_spec *s, char *v, char *msg, size_t n)
{
    static const char *const allowed = "(allowed: none, or four rights separated by commas, White short, White long, "
                                       "Black short, Black long, each KING-FROM KING-TO ROOK-FROM ROOK-TO, e.g. "
                                       "e1 g1 h1 f1)";
    if (strcmp(v, "none") == 0) {
        s->castle_count = 0;
        return 0;
    }
    char *rights[5];
    if (text_split(v, ",", rights, 5) != 4)
        return error_set(msg, n, "'%s' %s", v, allowed);
    for (int r = 0; r < 4; r++) {
        char *sq[5];
        if (text_split(rights[r], " \t", sq, 5) != 4)
            return error_set(msg, n, "right %d %s", r + 1, allowed);
        for (int k = 0; k < 4; k++) {
            if (!square_name(sq[k]))
                return error_set(msg, n, "right %d: '%s' is no square name %s", r + 1, sq[k], allowed);
            snprintf(s->castle[r][k], sizeof s->castle[r][k], "%s", sq[k]);
        }
    }
    s->castle_count = 4;
    return 0;
}

static int read_powers(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->powers, sizeof s->powers, v, "Polypiece's lists, e.g. K:K Q:Q,WAND N:N,WD", msg, n);
}

static int read_yes_no(bool *out, const char *v, char *msg, size_t n)
{
    if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
        return error_set(msg, n, "'%s' (allowed: yes, no)", v);
    *out = strcmp(v, "yes") == 0;
    return 0;
}

static int read_phased(struct game_spec *s, char *v, char *msg, size_t n) { return read_yes_no(&s->phased, v, msg, n); }

/* Dialectic's `hegelian` (yes, no) and `dialectic` (the family checks it as Hegelian's setting). */
static int read_hegelian(struct game_spec *s, char *v, char *msg, size_t n)
{
    return read_yes_no(&s->hegelian, v, msg, n);
}
static int read_dialectic(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->dialectic, sizeof s->dialectic, v, "square or stair-step", msg, n);
}

/* Pickle's `link`, Shifted Square's `shift`: the family checks the squares. */
static int read_squares(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->squares, sizeof s->squares, v, "SQUARE=LOCATION, e.g. e4=x5", msg, n);
}

/* Nick Danger's `boards`: "8x8, 2x2", each FILESxRANKS of 1..8. */
static int read_boards(struct game_spec *s, char *v, char *msg, size_t n)
{
    char *parts[GAMEFILE_MAX_BOARDS + 1];
    int count = text_split(v, ",", parts, GAMEFILE_MAX_BOARDS + 1);
    if (count < 1 || count > GAMEFILE_MAX_BOARDS)
        return error_set(msg, n, "'%s' (allowed: 1 to %d boards FILESxRANKS separated by commas, e.g. 8x8, 2x2)", v,
                         GAMEFILE_MAX_BOARDS);
    for (int i = 0; i < count; i++) {
        int files, ranks;
        char extra;
        if (sscanf(text_trim(parts[i]), "%dx%d%c", &files, &ranks, &extra) != 2 || files < 1 || ranks < 1 ||
            files > 8 || ranks > 8)
            return error_set(msg, n, "board %d '%s' (allowed: FILESxRANKS, 1..8 files and 1..8 ranks, e.g. 2x2)", i,
                             text_trim(parts[i]));
        s->boards[i][0] = files;
        s->boards[i][1] = ranks;
    }
    s->board_count = count;
    return 0;
}

/* Nick Danger's `link-pairs`: "0-1, 1-2", two different board numbers 0..3 each. */
static int read_link_pairs(struct game_spec *s, char *v, char *msg, size_t n)
{
    enum { MAX = (int)(sizeof s->link_pairs / sizeof s->link_pairs[0]) };
    char *parts[MAX + 1];
    int count = text_split(v, ",", parts, MAX + 1);
    if (count < 1 || count > MAX)
        return error_set(msg, n, "'%s' (allowed: 1 to %d pairs of boards separated by commas, e.g. 0-1)", v, MAX);
    for (int i = 0; i < count; i++) {
        int a, b;
        char extra;
        if (sscanf(text_trim(parts[i]), "%d-%d%c", &a, &b, &extra) != 2 || a < 0 || b < 0 ||
            a >= GAMEFILE_MAX_BOARDS || b >= GAMEFILE_MAX_BOARDS || a == b)
            return error_set(msg, n, "pair '%s' (allowed: two different board numbers 0..%d, e.g. 0-1)",
                             text_trim(parts[i]), GAMEFILE_MAX_BOARDS - 1);
        s->link_pairs[i][0] = a;
        s->link_pairs[i][1] = b;
    }
    s->link_pair_count = count;
    return 0;
}

/* Nick Danger's `links`, `link-squares`, `after-linking`: the family checks them as its settings. */
static int read_nd_setting(struct game_spec *s, int i, char *v, char *msg, size_t n)
{
    return copy_text(s->nd_settings[i], sizeof s->nd_settings[i], v, "a value of the game's setting", msg, n);
}
static int read_links(struct game_spec *s, char *v, char *msg, size_t n) { return read_nd_setting(s, 0, v, msg, n); }
static int read_link_squares(struct game_spec *s, char *v, char *msg, size_t n)
{
    return read_nd_setting(s, 1, v, msg, n);
}
static int read_after_linking(struct game_spec *s, char *v, char *msg, size_t n)
{
    return read_nd_setting(s, 2, v, msg, n);
}

static int read_bench(struct game_spec *s, char *v, char *msg, size_t n)
{
    if (s->bench_count == GAMEFILE_MAX_BENCH)
        return error_set(msg, n, "more than %d positions", GAMEFILE_MAX_BENCH);
    if (copy_text(s->bench[s->bench_count], sizeof s->bench[0], v, "a FEN", msg, n))
        return -1;
    s->bench_count++;
    return 0;
}

static int read_bench_depth(struct game_spec *s, char *v, char *msg, size_t n)
{
    int64_t d;
    if (text_int64(v, 1, 64, &d))
        return error_set(msg, n, "'%s' (allowed: 1..64)", v);
    s->bench_depth = (int)d;
    return 0;
}

static int read_rules(struct game_spec *s, char *v, char *msg, size_t n)
{
    size_t len = strlen(v);
    bool ok = len > 0 && len < sizeof s->rules;
    for (size_t i = 0; ok && i < len; i++)
        ok = islower((unsigned char)v[i]) || isdigit((unsigned char)v[i]) || v[i] == '-';
    if (!ok)
        return error_set(msg, n, "'%s' (allowed: NAME of docs/rules/NAME.md: a-z, 0-9, '-')", v);
    snprintf(s->rules, sizeof s->rules, "%s", v);
    return 0;
}

static int read_card(struct game_spec *s, char *v, char *msg, size_t n)
{
    return copy_text(s->card, sizeof s->card, v, "the GUI's rules card, HTML", msg, n);
}

/* `xboard`: `setup` (XBoard is sent a `setup` line, parent fairy) or `known`
 * (XBoard plays the game of this id as its own: orthodox chess's `normal`). */
static int read_xboard(struct game_spec *s, char *v, char *msg, size_t n)
{
    if (strcmp(v, "setup") != 0 && strcmp(v, "known") != 0)
        return error_set(msg, n, "'%s' (allowed: setup, known)", v);
    s->xboard_known = strcmp(v, "known") == 0;
    return 0;
}

static const struct field_def fields[GF_FIELDS] = {
    [GF_FAMILY] = {"family", true, false, read_family},
    [GF_NAME] = {"name", true, false, read_name},
    [GF_BOARD] = {"board", false, false, read_board},
    [GF_PIECE] = {"piece", true, true, read_piece},
    [GF_START] = {"start", true, false, read_start},
    [GF_PROMOTION] = {"promotion", false, false, read_promotion},
    [GF_CASTLING] = {"castling", false, false, read_castling},
    [GF_POWERS] = {"powers", false, false, read_powers},
    [GF_PHASED] = {"phased", false, false, read_phased},
    [GF_LINK] = {"link", false, false, read_squares},
    [GF_SHIFT] = {"shift", false, false, read_squares},
    [GF_BOARDS] = {"boards", false, false, read_boards},
    [GF_LINK_PAIRS] = {"link-pairs", false, false, read_link_pairs},
    [GF_LINKS] = {"links", false, false, read_links},
    [GF_LINK_SQUARES] = {"link-squares", false, false, read_link_squares},
    [GF_AFTER_LINKING] = {"after-linking", false, false, read_after_linking},
    [GF_HEGELIAN] = {"hegelian", false, false, read_hegelian},
    [GF_DIALECTIC] = {"dialectic", false, false, read_dialectic},
    [GF_BENCH] = {"bench", false, true, read_bench},
    [GF_BENCH_DEPTH] = {"bench-depth", false, false, read_bench_depth},
    [GF_RULES] = {"rules", false, false, read_rules},
    [GF_CARD] = {"card", false, false, read_card},
    [GF_XBOARD] = {"xboard", false, false, read_xboard},
};

const char *gamefile_field_name(enum gamefile_field f) { return f < GF_FIELDS ? fields[f].name : "?"; }

static int refuse_at(const char *file, int line, const char *field, char *err, size_t errlen, const char *what)
{
    if (field)
        return error_set(err, errlen, "%s:%d: %s: %s", file, line, field, what);
    return error_set(err, errlen, "%s:%d: %s", file, line, what);
}

int gamefile_refuse(const struct game_spec *spec, enum gamefile_field f, char *err, size_t errlen, const char *fmt,
                    ...)
{
    char what[VARIANT_ERR_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    int line = f < GF_FIELDS && spec->line[f] ? spec->line[f] : spec->section_line;
    return refuse_at(spec->file, line, gamefile_field_name(f), err, errlen, what);
}

static void list_fields(char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int f = 0; f < GF_FIELDS && len < n; f++)
        len += (size_t)snprintf(out + len, n - len, "%s%s", f ? ", " : "", fields[f].name);
}

static void spec_start(struct game_spec *s, const char *file, int line)
{
    memset(s, 0, sizeof *s);
    snprintf(s->file, sizeof s->file, "%s", file);
    s->section_line = line;
    s->files = s->ranks = 8;
}

/* "[id]": a new game. */
static int read_section(const char *file, int line, char *text, struct game_spec *specs, int count, int max,
                        char *err, size_t errlen)
{
    size_t len = strlen(text);
    if (text[len - 1] != ']')
        return refuse_at(file, line, NULL, err, errlen, "a section is written [ID]");
    text[len - 1] = '\0';
    char *id = text_trim(text + 1);
    bool ok = *id && strlen(id) < GAMEFILE_ID_LEN;
    for (const char *c = id; ok && *c; c++)
        ok = islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-';
    if (!ok)
        return refuse_at(file, line, "id", err, errlen, "allowed: 1 to 31 characters a-z, 0-9 and '-'");
    for (int i = 0; i < count; i++)
        if (strcmp(specs[i].id, id) == 0) {
            char what[VARIANT_ERR_LEN];
            snprintf(what, sizeof what, "'%s' is declared twice (first on line %d)", id, specs[i].section_line);
            return refuse_at(file, line, "id", err, errlen, what);
        }
    if (count == max) {
        char what[64];
        snprintf(what, sizeof what, "more than %d games in one file", max);
        return refuse_at(file, line, NULL, err, errlen, what);
    }
    spec_start(&specs[count], file, line);
    snprintf(specs[count].id, sizeof specs[count].id, "%s", id);
    return 0;
}

/* "field = value" of the game being read. */
static int read_field(struct game_spec *s, int line, char *text, char *err, size_t errlen)
{
    char *eq = strchr(text, '=');
    if (!eq)
        return refuse_at(s->file, line, NULL, err, errlen, "expected FIELD = VALUE or [ID]");
    *eq = '\0';
    char *name = text_trim(text), *value = text_trim(eq + 1);
    int f = 0;
    while (f < GF_FIELDS && strcmp(fields[f].name, name) != 0)
        f++;
    char msg[VARIANT_ERR_LEN];
    if (f == GF_FIELDS) {
        char list[256], what[VARIANT_ERR_LEN];
        list_fields(list, sizeof list);
        snprintf(what, sizeof what, "unknown field (allowed: %.230s)", list);
        return refuse_at(s->file, line, name, err, errlen, what);
    }
    if (s->line[f] && !fields[f].repeatable) {
        snprintf(msg, sizeof msg, "given twice (first on line %d; allowed: once per game)", s->line[f]);
        return refuse_at(s->file, line, name, err, errlen, msg);
    }
    s->line[f] = line;
    if (fields[f].read(s, value, msg, sizeof msg))
        return refuse_at(s->file, line, name, err, errlen, msg);
    return 0;
}

static int check_required(const struct game_spec *s, char *err, size_t errlen)
{
    for (int f = 0; f < GF_FIELDS; f++)
        if (fields[f].required && !s->line[f])
            return gamefile_refuse(s, (enum gamefile_field)f, err, errlen, "missing in [%s] (allowed: none; it is required)",
                                   s->id);
    return 0;
}

int gamefile_read_text(const char *file, const char *text, struct game_spec *specs, int max, char *err,
                       size_t errlen)
{
    int count = 0, line = 0;
    const char *p = text;
    while (*p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char buf[MAX_LINE];
        line++;
        if (len >= sizeof buf)
            return refuse_at(file, line, NULL, err, errlen, "line longer than 2047 characters");
        memcpy(buf, p, len);
        buf[len] = '\0';
        p += len + (end ? 1 : 0);
        char *t = text_trim(buf);
        if (!*t || *t == '#' || *t == ';')
            continue;
        if (*t == '[') {
            if (count && check_required(&specs[count - 1], err, errlen))
                return -1;
            if (read_section(file, line, t, specs, count, max, err, errlen))
                return -1;
            count++;
        } else if (!count) {
            return refuse_at(file, line, NULL, err, errlen, "a field before the first [ID] (allowed: # comments)");
        } else if (read_field(&specs[count - 1], line, t, err, errlen)) {
            return -1;
        }
    }
    if (!count)
        return refuse_at(file, line, NULL, err, errlen, "no game declared (allowed: one [ID] section or more)");
    return check_required(&specs[count - 1], err, errlen) ? -1 : count;
}

int gamefile_read(const char *path, struct game_spec *specs, int max, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return error_set(err, errlen, "%s: cannot be read", path);
    char *text = malloc(MAX_FILE_BYTES + 1);
    size_t got = text ? fread(text, 1, MAX_FILE_BYTES + 1, f) : 0;
    bool failed = ferror(f) != 0;
    fclose(f);
    if (!text || failed || got > MAX_FILE_BYTES) {
        free(text);
        return error_set(err, errlen, "%s: cannot be read (or larger than %d bytes)", path, MAX_FILE_BYTES);
    }
    text[got] = '\0';
    int rc = gamefile_read_text(path, text, specs, max, err, errlen);
    free(text);
    return rc;
}
