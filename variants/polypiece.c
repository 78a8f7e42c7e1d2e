/* Polypiece Chess and Phased Polypiece: power lists, phases, hooks into the chess family. */
#include "variants/view.h"
#include "variants/polypiece.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdatomic.h>

#include "engine/fen.h"
#include "engine/platform.h"
#include "variants/chess.h"

/* ---- Power lists ------------------------------------------------------------ */

/* The types with lists, in the order of the FEN phase digits. */
#define LIST_TYPES 5
static const int list_types[LIST_TYPES] = {KING, QUEEN, ROOK, BISHOP, KNIGHT};
static const char list_letters[] = "KQRBN";
static const char *const orthodox_power[CHESS_TYPES] = {NULL, NULL, "N", "B", "R", "Q", "K"};

#define MAX_PHASE_DIGIT 9 /* phases are stored as 0..8; tables allow one spare */

struct list_entry {
    char text[BETZA_MAX_TEXT + 1];
    struct piece_power power[2]; /* by colour */
    int value;                   /* centipawns, from mobility on an empty board */
};

struct power_lists {
    int len[CHESS_TYPES];
    struct list_entry entry[CHESS_TYPES][POLYPIECE_MAX_ENTRIES];
    /* Combination index of a phase vector = sum of stride_at[type][phase]. */
    int stride_at[CHESS_TYPES][MAX_PHASE_DIGIT + 1];
    int combos;
    /* Evaluation value of a type whose current entry is e (see entry_blend). */
    int blend[CHESS_TYPES][POLYPIECE_MAX_ENTRIES];
    uint64_t salt; /* hash of the lists, folded into position keys */
};

/* Settings in force, and the power sets compiled from them: cache[2 * combo +
 * phased], filled on first use by whichever thread needs it (the protocol
 * thread and the search thread may both generate moves), under cache_lock.
 * Both are replaced together by set_powers, which the protocols call only
 * while no search runs. */
static struct power_lists *lists;
static _Atomic(struct power_set *) *cache;
static int cache_used;
static pf_mutex cache_lock = PF_MUTEX_INITIALIZER;

/* A power set is ~15 KB; past this many (only with long lists: the default
 * lists have 16 combinations, 32 sets) further sets are compiled each time
 * they are needed, into a per-thread scratch set, and not kept. */
#define CACHE_LIMIT 1024

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int type_of_list_letter(char c)
{
    const char *hit = strchr(list_letters, toupper((unsigned char)c));
    return c && hit ? list_types[hit - list_letters] : 0;
}

/* Value of a power from its average number of targets on an empty 8x8 board,
 * interpolated through the orthodox pieces (N 5.25 -> 320, B 8.75 -> 330,
 * R 14 -> 500, Q 22.75 -> 900) and extrapolated past the Queen. */
static int value_from_mobility(double mob)
{
    static const double x[] = {0, 5.25, 8.75, 14.0, 22.75};
    static const double y[] = {0, 320, 330, 500, 900};
    int i = 1;
    while (i < 4 && mob > x[i])
        i++;
    double v = y[i - 1] + (mob - x[i - 1]) * (y[i] - y[i - 1]) / (x[i] - x[i - 1]);
    return v < 0 ? 0 : (int)(v + 0.5);
}

static int entry_value(const char *text)
{
    struct betza_power bp;
    if (betza_compile(text, 0, &bp, NULL, 0))
        return 0;
    int total = 0;
    for (int f = 0; f < 8; f++)
        for (int r = 0; r < 8; r++)
            total += betza_mobility(&bp, 8, 8, f, r);
    return value_from_mobility(total / 64.0);
}

static int add_entry(struct power_lists *l, int type, const char *text, char *err, size_t errlen)
{
    char msg[VARIANT_ERR_LEN];
    struct list_entry *e = &l->entry[type][l->len[type]];
    for (Color c = WHITE; c <= BLACK; c++)
        if (chess_power_from_betza(&e->power[c], text, c, msg, sizeof msg))
            return fail(err, errlen, "Powers: %s", msg);
    snprintf(e->text, sizeof e->text, "%s", text);
    e->value = entry_value(text);
    l->len[type]++;
    return 0;
}

/* "Q:Q,WAND": the list of one type. */
static int parse_list(struct power_lists *l, bool *given, char *token, char *err, size_t errlen)
{
    int type = type_of_list_letter(token[0]);
    if (!type || token[1] != ':')
        return fail(err, errlen, "Powers: '%s': expected TYPE:POWER,POWER,... with TYPE one of K Q R B N", token);
    char letter[2] = {(char)toupper((unsigned char)token[0]), 0};
    if (given[type])
        return fail(err, errlen, "Powers: type %s is given twice", letter);
    given[type] = true;
    char *s = token + 2;
    for (;;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (!*s)
            return fail(err, errlen, "Powers: %s: an empty entry", letter);
        if (l->len[type] == POLYPIECE_MAX_ENTRIES)
            return fail(err, errlen, "Powers: %s: more than %d entries", letter, POLYPIECE_MAX_ENTRIES);
        if (add_entry(l, type, s, err, errlen))
            return -1;
        if (!comma)
            return 0;
        s = comma + 1;
    }
}

static uint64_t text_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

static void write_lists(const struct power_lists *l, char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < LIST_TYPES && len < n; i++) {
        int type = list_types[i];
        len += (size_t)snprintf(out + len, n - len, "%s%c:", i ? " " : "", list_letters[i]);
        for (int e = 0; e < l->len[type] && len < n; e++)
            len += (size_t)snprintf(out + len, n - len, "%s%s", e ? "," : "", l->entry[type][e].text);
    }
}

/* A type's value in the evaluation: its current entry counts twice, the entry
 * it turns into at its next move once (that move may come at any time). */
static int entry_blend(const struct power_lists *l, int type, int e)
{
    int next = (e + 1) % l->len[type];
    return (2 * l->entry[type][e].value + l->entry[type][next].value + 1) / 3;
}

static void finish_lists(struct power_lists *l)
{
    l->combos = 1;
    for (int i = 0; i < LIST_TYPES; i++) {
        int type = list_types[i];
        for (int p = 0; p <= MAX_PHASE_DIGIT; p++)
            l->stride_at[type][p] = (p % l->len[type]) * l->combos;
        for (int e = 0; e < l->len[type]; e++)
            l->blend[type][e] = entry_blend(l, type, e);
        l->combos *= l->len[type];
    }
    char text[POLYPIECE_POWERS_MAX * 2];
    write_lists(l, text, sizeof text);
    l->salt = text_hash(text);
}

static int parse_powers(struct power_lists *l, const char *text, char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    if (!text)
        text = "";
    if (strlen(text) > POLYPIECE_POWERS_MAX)
        return fail(err, errlen, "Powers: longer than %d characters", POLYPIECE_POWERS_MAX);
    char buf[POLYPIECE_POWERS_MAX + 1];
    snprintf(buf, sizeof buf, "%s", text);
    bool given[CHESS_TYPES] = {false};
    char *save = NULL;
    for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save))
        if (parse_list(l, given, tok, err, errlen))
            return -1;
    for (int i = 0; i < LIST_TYPES; i++) {
        int type = list_types[i];
        if (!given[type] && add_entry(l, type, orthodox_power[type], err, errlen))
            return -1;
    }
    finish_lists(l);
    return 0;
}

static void cache_free(void)
{
    if (cache && lists)
        for (int i = 0; i < 2 * lists->combos; i++)
            free(atomic_load(&cache[i]));
    free((void *)cache);
    cache = NULL;
    cache_used = 0;
}

int polypiece_set_powers(const char *text, char *err, size_t errlen)
{
    struct power_lists *l = malloc(sizeof *l);
    if (!l)
        return fail(err, errlen, "Powers: out of memory");
    if (parse_powers(l, text, err, errlen)) {
        free(l);
        return -1;
    }
    _Atomic(struct power_set *) *c = calloc((size_t)(2 * l->combos), sizeof *c);
    if (!c) {
        free(l);
        return fail(err, errlen, "Powers: out of memory");
    }
    pf_mutex_lock(&cache_lock);
    cache_free();
    free(lists);
    lists = l;
    cache = c;
    pf_mutex_unlock(&cache_lock);
    return 0;
}

static void ensure_lists(void)
{
    if (!lists && polypiece_set_powers(POLYPIECE_DEFAULT_POWERS, NULL, 0)) {
        fprintf(stderr, "rulezero: out of memory for the Polypiece power lists\n");
        exit(1);
    }
}

void polypiece_get_powers(char *out, size_t n)
{
    ensure_lists();
    if (n)
        write_lists(lists, out, n);
}

int polypiece_entry_value(int type, int entry)
{
    ensure_lists();
    if (type < KNIGHT || type > KING || entry < 0 || entry >= lists->len[type])
        return 0;
    return lists->entry[type][entry].value;
}

/* ---- Phases (the variant-owned state) --------------------------------------------- */

struct phases {
    uint8_t of[CHESS_TYPES]; /* White's entry by type (Black's too, unless phased) */
};

static inline const uint8_t *phases_of(const struct position *pos) { return ((const struct phases *)pos->ext)->of; }

static inline int black_entry(int type, int white_entry, bool phased)
{
    return phased ? (white_entry + 1) % lists->len[type] : white_entry;
}

static inline uint64_t phase_key(int type, int entry) { return zobrist.ext[type * 16 + entry]; }

static void compile_set(struct power_set *set, const uint8_t *phase, bool phased)
{
    memset(set, 0, sizeof *set);
    for (Color c = WHITE; c <= BLACK; c++)
        chess_pawn_power(&set->power[PAWN][c], c);
    for (int type = KNIGHT; type <= KING; type++) {
        int w = phase[type] % lists->len[type];
        set->power[type][WHITE] = lists->entry[type][w].power[WHITE];
        set->power[type][BLACK] = lists->entry[type][black_entry(type, w, phased)].power[BLACK];
    }
    chess_build_attacks(set);
}

static inline int combo_of(const uint8_t *phase)
{
    const struct power_lists *l = lists;
    return l->stride_at[KNIGHT][phase[KNIGHT]] + l->stride_at[BISHOP][phase[BISHOP]] +
           l->stride_at[ROOK][phase[ROOK]] + l->stride_at[QUEEN][phase[QUEEN]] + l->stride_at[KING][phase[KING]];
}

/* Compiles and keeps the set of a slot; past CACHE_LIMIT (or without memory)
 * compiles into this thread's scratch set instead. Callers use a set only
 * until their next call for another phase vector. */
static const struct power_set *fill_slot(int slot, const uint8_t *phase, bool phased)
{
    static _Thread_local struct power_set scratch;
    pf_mutex_lock(&cache_lock);
    struct power_set *set = atomic_load_explicit(&cache[slot], memory_order_relaxed);
    if (!set && cache_used < CACHE_LIMIT && (set = malloc(sizeof *set)) != NULL) {
        compile_set(set, phase, phased);
        atomic_store_explicit(&cache[slot], set, memory_order_release);
        cache_used++;
    }
    pf_mutex_unlock(&cache_lock);
    if (set)
        return set;
    compile_set(&scratch, phase, phased);
    return &scratch;
}

static inline const struct power_set *powers_in_force(const struct position *pos, bool phased)
{
    const uint8_t *phase = phases_of(pos);
    int slot = 2 * combo_of(phase) + phased;
    const struct power_set *set = atomic_load_explicit(&cache[slot], memory_order_acquire);
    return set ? set : fill_slot(slot, phase, phased);
}

static const struct power_set *current_plain(const struct position *pos) { return powers_in_force(pos, false); }
static const struct power_set *current_phased(const struct position *pos) { return powers_in_force(pos, true); }

/* A move changes powers when its piece's type has more than one entry. */
static bool move_changes_powers(const struct position *pos, Move m)
{
    int type = piece_type(pos->board[move_from(m)]);
    return type != PAWN && lists->len[type] > 1;
}

/* After any move of a type (castling: the King's), that type's entry advances.
 * A promotion is a Pawn move: nothing advances. */
static void advance_phase(struct position *pos, Move m, Piece mover)
{
    (void)m;
    int type = piece_type(mover);
    if (type == PAWN || lists->len[type] == 1)
        return;
    uint8_t *phase = ((struct phases *)pos->ext)->of;
    int next = (phase[type] + 1) % lists->len[type];
    pos->key ^= phase_key(type, phase[type]) ^ phase_key(type, next);
    phase[type] = (uint8_t)next;
}

static uint64_t phases_key(const struct position *pos, bool phased)
{
    const uint8_t *phase = phases_of(pos);
    uint64_t key = lists->salt ^ (phased ? zobrist.ext[ZOBRIST_EXT_KEYS - 1] : 0);
    for (int type = KNIGHT; type <= KING; type++)
        key ^= phase_key(type, phase[type]);
    return key;
}

static uint64_t key_plain(const struct position *pos) { return phases_key(pos, false); }
static uint64_t key_phased(const struct position *pos) { return phases_key(pos, true); }

/* FEN field 7: the entries of K Q R B N (White's, in the phased game). */
static int read_phases(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    uint8_t *phase = ((struct phases *)pos->ext)->of;
    memset(phase, 0, CHESS_TYPES);
    if (n == 0)
        return 0;
    if (n > 1)
        return fail(err, errlen, "invalid FEN: field 8: unexpected '%s'", fields[1]);
    const char *f = fields[0];
    if (strlen(f) != LIST_TYPES)
        return fail(err, errlen, "invalid FEN: field 7 (phases): '%s', expected five digits for K Q R B N", f);
    for (int i = 0; i < LIST_TYPES; i++) {
        int type = list_types[i];
        if (!isdigit((unsigned char)f[i]))
            return fail(err, errlen, "invalid FEN: field 7 (phases): '%s', expected five digits for K Q R B N", f);
        int d = f[i] - '0';
        if (d >= lists->len[type])
            return fail(err, errlen, "invalid FEN: field 7 (phases): %c entry %d is past the end of its list (%d %s)",
                        list_letters[i], d, lists->len[type], lists->len[type] == 1 ? "entry" : "entries");
        phase[type] = (uint8_t)d;
    }
    return 0;
}

static void write_phases(const struct position *pos, char *out, size_t n)
{
    const uint8_t *phase = phases_of(pos);
    char digits[LIST_TYPES + 1];
    for (int i = 0; i < LIST_TYPES; i++)
        digits[i] = (char)('0' + phase[list_types[i]]);
    digits[LIST_TYPES] = '\0';
    snprintf(out, n, "%s", digits);
}

/* ---- Rules ------------------------------------------------------------------------ */

static struct chess_rules plain_rules, phased_rules;

static void init_rules(struct chess_rules *r, bool phased)
{
    chess_init_orthodox(r);
    r->current = phased ? current_phased : current_plain;
    r->changes_powers = move_changes_powers;
    r->after_make = advance_phase;
    r->after_make_only_ext = true;
}

static void reset_plain(struct position *pos)
{
    ensure_lists();
    if (plain_rules.promo_count == 0)
        init_rules(&plain_rules, false);
    pos->rules = &plain_rules;
}

static void reset_phased(struct position *pos)
{
    ensure_lists();
    if (phased_rules.promo_count == 0)
        init_rules(&phased_rules, true);
    pos->rules = &phased_rules;
}

/* ---- Evaluation -------------------------------------------------------------------- */

static int evaluate_with(const struct position *pos, bool phased)
{
    const uint8_t *phase = phases_of(pos);
    int value[CHESS_TYPES][2] = {{0, 0}, {100, 100}};
    for (int type = KNIGHT; type <= QUEEN; type++) {
        int w = phase[type] % lists->len[type];
        value[type][WHITE] = lists->blend[type][w];
        value[type][BLACK] = lists->blend[type][black_entry(type, w, phased)];
    }
    int score[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++)
        for (int i = 0; i < pos->pcount[c]; i++) {
            int type = piece_type(pos->board[pos->plist[c][i]]);
            if (type < KING)
                score[c] += value[type][c];
        }
    return score[pos->side] - score[pos->side ^ 1];
}

static int evaluate_plain(const struct position *pos) { return evaluate_with(pos, false); }
static int evaluate_phased(const struct position *pos) { return evaluate_with(pos, true); }

/* ---- Settings and XBoard -------------------------------------------------------------- */

static const struct variant_option powers_option[] = {
    {"Powers", "string", POLYPIECE_DEFAULT_POWERS, NULL},
};

static int set_option(const char *name, const char *value, char *err, size_t errlen)
{
    if (!name || strcasecmp(name, "Powers") != 0)
        return fail(err, errlen, "unknown option '%s'", name ? name : "");
    return polypiece_set_powers(value, err, errlen);
}

static void get_option(const char *name, char *out, size_t n)
{
    if (name && strcasecmp(name, "Powers") == 0)
        polypiece_get_powers(out, n);
    else if (n)
        out[0] = '\0';
}

/* XBoard draws orthodox images (parent `fairy`, legality testing off): the
 * FEN without the phase digits, which XBoard does not know. No `piece` lines:
 * a piece's moves change after every move of its type, so any fixed Betza
 * description would be wrong one move later. */
static void xboard_setup(const struct position *pos, char *out, size_t n)
{
    char fen[FEN_MAX_LEN];
    fen_write(pos, fen, sizeof fen);
    char *last = strrchr(fen, ' ');
    if (last)
        *last = '\0';
    snprintf(out, n, "setup (PNBRQKpnbrqk) 8x8+0_fairy %s\n", fen);
}

/* ---- The entries ------------------------------------------------------------------------ */

static const int orthodox_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

static const char *const polypiece_bench[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000",
    "r1b1k2r/pppp1ppp/2n2q2/2b1pN2/4P3/1N6/PPPP1PPP/R1BQKB1R w KQkq - 6 5 01001",
    "n7/PK1k4/8/8/8/2N5/8/8 w - - 0 1 00000",
    "8/1K6/P7/kn6/4N3/8/8/8 w - - 0 1 00000",
    NULL,
};

#define POLYPIECE_COMMON                                                                                        \
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},                                                                    \
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000",                             \
    .bench_fens = polypiece_bench, .piece_letters = ".PNBRQK", .royal_type = KING, .has_castling = true,        \
    .ext_size = (int)sizeof(struct phases), .steps_are_turns = true, .read_extra = read_phases,                 \
    .validate = chess_validate, .write_extra = write_phases, .read_ep = chess_read_ep,                          \
    .generate = chess_generate, .make = chess_make, .unmake = chess_unmake, .in_check = chess_in_check,          \
    .is_capture = chess_is_capture, .outcome = chess_outcome, .format_step = chess_format_step,                 \
    .generate_noisy = chess_generate_captures, .allow_null_move = true, .piece_values = orthodox_values,        \
    .has_check = true, .has_san = true, .options = powers_option, .option_count = 1, .set_option = set_option,  \
    .get_option = get_option, .xboard_setup = xboard_setup

const struct variant variant_polypiece = {
    .id = "polypiece",
    .title = "Polypiece Chess",
    .bench_depth = 13,
    .reset_rules = reset_plain,
    .ext_key = key_plain,
    .evaluate = evaluate_plain,
    .view = &polypiece_view,
    POLYPIECE_COMMON,
};

const struct variant variant_polypiece_phased = {
    .id = "polypiece-phased",
    .bench_depth = 9,
    .title = "Phased Polypiece Chess",
    .reset_rules = reset_phased,
    .ext_key = key_phased,
    .evaluate = evaluate_phased,
    .view = &polypiece_phased_view,
    POLYPIECE_COMMON,
};
