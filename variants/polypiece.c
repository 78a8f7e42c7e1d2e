/* Polypiece Chess and Phased Polypiece: power lists, phases, hooks into the chess family. */
#include "variants/polypiece.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdatomic.h>

#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/core/text.h"
#include "variants/chess.h"
#include "variants/nnue_state.h"
#include "variants/family.h"

/* ---- Power lists ------------------------------------------------------------ */

/* The types with lists, in the order of the FEN phase digits. */
#define LIST_TYPES 5
static const int list_types[LIST_TYPES] = {KING, QUEEN, ROOK, BISHOP, KNIGHT};
static const char list_letters[] = "KQRBN";
static const char *const orthodox_power[CHESS_TYPES] = {NULL, NULL, "N", "B", "R", "Q", "K"};

#define MAX_PHASE_DIGIT 9 /* phases are stored as 0..8; tables allow one spare */
_Static_assert(POLYPIECE_MAX_ENTRIES <= MAX_PHASE_DIGIT, "stride_at has a column for the phase after the last");

/* One entry of a type's list, by colour: the same text for both sides, or
 * each side's own (different armies, `N:N,WA/FvN,fsNW`). */
struct list_entry {
    char text[2][BETZA_MAX_TEXT + 1];
    struct piece_power power[2]; /* by colour */
    int value[2];                /* centipawns, from mobility on an empty board */
    int empty_board_moves[2];    /* that mobility, rounded */
};

struct power_lists {
    int len[CHESS_TYPES];
    struct list_entry entry[CHESS_TYPES][POLYPIECE_MAX_ENTRIES];
    /* Combination index of a phase vector = sum of stride_at[type][phase]. */
    int stride_at[CHESS_TYPES][MAX_PHASE_DIGIT + 1];
    int combos;
    uint64_t salt;     /* hash of the lists, folded into position keys */
    unsigned changing; /* bit per type with more than one entry */
};

/* One game's settings: its lists, and the power sets compiled from them,
 * cache[combo], filled on first use by whichever thread needs it (the
 * protocol thread and the search threads may all generate moves), under
 * `lock`. set_powers replaces lists and cache together; the protocols call
 * it only while no search runs. Positions refer to this value (pos->rules),
 * so two games with different lists live side by side. */
struct poly_rules {
    struct chess_rules chess; /* first: pos->rules is read as a chess_rules */
    bool phased;
    struct power_lists *lists;
    _Atomic(struct power_set *) *cache;
    int cache_used;
    pf_mutex lock;
};

static inline const struct poly_rules *poly_of(const struct position *pos)
{
    return (const struct poly_rules *)pos->rules;
}

static inline const struct power_lists *lists_of(const struct position *pos) { return poly_of(pos)->lists; }

/* A power set is ~15 KB; past this many (only with long lists: the default
 * lists have 16 combinations, 32 sets) further sets are compiled each time
 * they are needed, into a per-thread scratch set, and not kept. */
#define CACHE_LIMIT 1024

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

static double empty_board_mobility(const char *text)
{
    struct betza_power bp;
    if (betza_compile(text, 0, &bp, NULL, 0))
        return 0;
    int total = 0;
    for (int f = 0; f < 8; f++)
        for (int r = 0; r < 8; r++)
            total += betza_mobility(&bp, 8, 8, f, r);
    return total / 64.0;
}

/* Entry number `index` of `type` for the colours in `colors` (bit per colour). */
static int set_entry(struct power_lists *l, int type, int index, unsigned colors, const char *text, char *err,
                     size_t errlen)
{
    char msg[VARIANT_ERR_LEN];
    struct list_entry *e = &l->entry[type][index];
    double mobility = empty_board_mobility(text);
    for (Color c = WHITE; c <= BLACK; c++) {
        if (!(colors & (1u << c)))
            continue;
        if (chess_power_from_betza(&e->power[c], text, c, msg, sizeof msg))
            return error_set(err, errlen, "Powers: %s", msg);
        snprintf(e->text[c], sizeof e->text[c], "%s", text);
        e->value[c] = value_from_mobility(mobility);
        e->empty_board_moves[c] = (int)(mobility + 0.5);
    }
    return 0;
}

static int add_entry(struct power_lists *l, int type, const char *text, char *err, size_t errlen)
{
    if (set_entry(l, type, l->len[type], 3u, text, err, errlen))
        return -1;
    l->len[type]++;
    return 0;
}

/* "N,WD": entries of one type for the colours in `colors`, from entry 0 on;
 * returns how many, or -1. */
static int parse_entries(struct power_lists *l, int type, char letter, unsigned colors, char *s, char *err,
                         size_t errlen)
{
    for (int n = 0;; n++) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (!*s)
            return error_set(err, errlen, "Powers: %c: an empty entry", letter);
        if (n == POLYPIECE_MAX_ENTRIES)
            return error_set(err, errlen, "Powers: %c: more than %d entries", letter, POLYPIECE_MAX_ENTRIES);
        if (set_entry(l, type, n, colors, s, err, errlen))
            return -1;
        if (!comma)
            return n + 1;
        s = comma + 1;
    }
}

/* "Q:Q,WAND": the list of one type, both sides'; "N:N,WA/FvN,fsNW": White's
 * list, then Black's (different armies), of equal length. */
static int parse_list(struct power_lists *l, bool *given, char *token, char *err, size_t errlen)
{
    int type = type_of_list_letter(token[0]);
    if (!type || token[1] != ':')
        return error_set(err, errlen, "Powers: '%s': expected TYPE:POWER,POWER,... with TYPE one of K Q R B N", token);
    char letter[2] = {(char)toupper((unsigned char)token[0]), 0};
    if (given[type])
        return error_set(err, errlen, "Powers: type %s is given twice", letter);
    given[type] = true;
    char *black = strchr(token + 2, '/');
    if (black)
        *black++ = '\0';
    int n = parse_entries(l, type, letter[0], black ? 1u : 3u, token + 2, err, errlen);
    if (n < 0)
        return -1;
    if (black) {
        int nb = strchr(black, '/') ? -2 : parse_entries(l, type, letter[0], 2u, black, err, errlen);
        if (nb == -2)
            return error_set(err, errlen, "Powers: %s: more than two lists (White's/Black's)", letter);
        if (nb < 0)
            return -1;
        if (nb != n)
            return error_set(err, errlen,
                             "Powers: %s: White's list has %d entries, Black's %d; both sides' lists of a type must "
                             "be equally long",
                             letter, n, nb);
    }
    l->len[type] = n;
    return 0;
}

static uint64_t text_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

static bool lists_differ(const struct power_lists *l, int type)
{
    for (int e = 0; e < l->len[type]; e++)
        if (strcmp(l->entry[type][e].text[WHITE], l->entry[type][e].text[BLACK]) != 0)
            return true;
    return false;
}

/* The lists as the Powers option reads them; a type whose sides differ as
 * White's list '/' Black's. */
static void write_lists(const struct power_lists *l, char *out, size_t n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < LIST_TYPES && len < n; i++) {
        int type = list_types[i];
        len += (size_t)snprintf(out + len, n - len, "%s%c:", i ? " " : "", list_letters[i]);
        int sides = lists_differ(l, type) ? 2 : 1;
        for (int c = 0; c < sides && len < n; c++)
            for (int e = 0; e < l->len[type] && len < n; e++)
                len += (size_t)snprintf(out + len, n - len, "%s%s", e ? "," : c ? "/" : "", l->entry[type][e].text[c]);
    }
}

static void finish_lists(struct power_lists *l)
{
    l->combos = 1;
    for (int i = 0; i < LIST_TYPES; i++) {
        int type = list_types[i];
        for (int p = 0; p <= MAX_PHASE_DIGIT; p++)
            l->stride_at[type][p] = (p % l->len[type]) * l->combos;
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
        return error_set(err, errlen, "Powers: longer than %d characters", POLYPIECE_POWERS_MAX);
    char buf[POLYPIECE_POWERS_MAX + 1];
    snprintf(buf, sizeof buf, "%s", text);
    bool given[CHESS_TYPES] = {false};
    char *rest = buf;
    for (char *tok = text_token(&rest, " \t\r\n"); tok; tok = text_token(&rest, " \t\r\n"))
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

static void cache_free(struct poly_rules *r)
{
    if (r->cache && r->lists)
        for (int i = 0; i < 2 * r->lists->combos; i++)
            free(atomic_load(&r->cache[i]));
    free((void *)r->cache);
    r->cache = NULL;
    r->cache_used = 0;
}

static int set_powers(struct poly_rules *r, const char *text, char *err, size_t errlen)
{
    struct power_lists *l = malloc(sizeof *l);
    if (!l)
        return error_set(err, errlen, "Powers: out of memory");
    if (parse_powers(l, text, err, errlen)) {
        free(l);
        return -1;
    }
    l->changing = 0;
    for (int type = KNIGHT; type <= KING; type++)
        if (l->len[type] > 1)
            l->changing |= 1u << type;
    _Atomic(struct power_set *) *c = calloc((size_t)(2 * l->combos), sizeof *c);
    if (!c) {
        free(l);
        return error_set(err, errlen, "Powers: out of memory");
    }
    pf_mutex_lock(&r->lock);
    cache_free(r);
    free(r->lists);
    r->lists = l;
    r->cache = c;
    pf_mutex_unlock(&r->lock);
    return 0;
}

int polypiece_entry_value(const struct position *pos, int type, int entry)
{
    const struct power_lists *l = lists_of(pos);
    if (type < KNIGHT || type > KING || entry < 0 || entry >= l->len[type])
        return 0;
    return l->entry[type][entry].value[WHITE];
}

/* ---- Phases (the variant-owned state) --------------------------------------------- */

struct POSITION_EXT_TYPE phases {
    uint8_t of[CHESS_TYPES]; /* White's entry by type (Black's too, unless phased) */
};

POSITION_EXT_ACCESSORS(struct phases, phases_mut, phases_const)

static inline const uint8_t *phases_of(const struct position *pos) { return phases_const(pos)->of; }

/* Zobrist slots (zobrist.ext): an entry by type and entry number, and the
 * phased game's mark. */
#define POLY_KEY_PHASE 0 /* + type * 16 + entry */
#define POLY_KEY_PHASED (ZOBRIST_EXT_KEYS - 1)
_Static_assert(POLY_KEY_PHASE + CHESS_TYPES * 16 <= POLY_KEY_PHASED, "Polypiece's keys fit zobrist.ext");

static inline int black_entry(const struct power_lists *l, int type, int white_entry, bool phased)
{
    return phased ? (white_entry + 1) % l->len[type] : white_entry;
}

static inline uint64_t phase_key(int type, int entry) { return zobrist.ext[POLY_KEY_PHASE + type * 16 + entry]; }

/* The set of a phase vector, with each type's powers after its next move
 * (`reach_after`: the entry after the one in force). */
static void compile_set(const struct power_lists *lists, struct power_set *set, const uint8_t *phase, bool phased)
{
    const struct piece_power *next[MAX_TYPES][2] = {{NULL}};
    memset(set, 0, sizeof *set);
    for (Color c = WHITE; c <= BLACK; c++)
        chess_pawn_power(&set->power[PAWN][c], c);
    for (int type = KNIGHT; type <= KING; type++) {
        int w = phase[type] % lists->len[type], after = (w + 1) % lists->len[type];
        set->power[type][WHITE] = lists->entry[type][w].power[WHITE];
        set->power[type][BLACK] = lists->entry[type][black_entry(lists, type, w, phased)].power[BLACK];
        next[type][WHITE] = &lists->entry[type][after].power[WHITE];
        next[type][BLACK] = &lists->entry[type][black_entry(lists, type, after, phased)].power[BLACK];
    }
    chess_build_attacks(set);
    chess_build_reach_after(set, next);
}

static inline int combo_of(const struct power_lists *l, const uint8_t *phase)
{
    return l->stride_at[KNIGHT][phase[KNIGHT]] + l->stride_at[BISHOP][phase[BISHOP]] +
           l->stride_at[ROOK][phase[ROOK]] + l->stride_at[QUEEN][phase[QUEEN]] + l->stride_at[KING][phase[KING]];
}

/* The kept set of a slot, compiled on first use; NULL past CACHE_LIMIT (or
 * without memory). */
static const struct power_set *kept_set(const struct poly_rules *rules, int slot, const uint8_t *phase)
{
    struct poly_rules *r = (struct poly_rules *)rules; /* the cache is not part of the rules' value */
    struct power_set *set = atomic_load_explicit(&r->cache[slot], memory_order_acquire);
    if (set)
        return set;
    pf_mutex_lock(&r->lock);
    set = atomic_load_explicit(&r->cache[slot], memory_order_relaxed);
    if (!set && r->cache_used < CACHE_LIMIT && (set = malloc(sizeof *set)) != NULL) {
        compile_set(r->lists, set, phase, r->phased);
        atomic_store_explicit(&r->cache[slot], set, memory_order_release);
        r->cache_used++;
    }
    pf_mutex_unlock(&r->lock);
    return set;
}

static inline int slot_of(const struct poly_rules *r, const uint8_t *phase)
{
    return 2 * combo_of(r->lists, phase) + r->phased;
}

/* The set in force; without a kept one, compiled into this thread's scratch
 * set, which callers use only until their next call for another phase
 * vector. The scratch set is allocated on its first use (past CACHE_LIMIT
 * kept sets), not held in thread-local storage: glibc carves static TLS out
 * of every thread's stack, and a 60 KB set left the GUI server's civetweb
 * threads (100 KB stacks) too little under AddressSanitizer. NULL when it
 * cannot be allocated. */
static const struct power_set *powers_in_force(const struct position *pos)
{
    static _Thread_local struct power_set *scratch;
    const struct poly_rules *r = poly_of(pos);
    const uint8_t *phase = phases_of(pos);
    const struct power_set *set = kept_set(r, slot_of(r, phase), phase);
    if (set)
        return set;
    if (!scratch && (scratch = malloc(sizeof *scratch)) == NULL)
        return NULL;
    compile_set(r->lists, scratch, phase, r->phased);
    return scratch;
}

/* kept_set for the phases after a move of `type`, once its slot missed. */
static const struct power_set *compile_set_after(const struct poly_rules *r, int slot, const uint8_t *now, int type)
{
    uint8_t phase[CHESS_TYPES];
    memcpy(phase, now, sizeof phase);
    phase[type] = (uint8_t)((phase[type] + 1) % r->lists->len[type]);
    return kept_set(r, slot, phase);
}

/* The set in force after a move of `type` (its entry advanced), when it can
 * be kept; never the scratch set, so that it does not overwrite the set in
 * force. The slot differs from the one in force by `type`'s stride alone
 * (stride_at reads a phase modulo the list's length, and has a spare
 * column for the phase past the last digit). */
static const struct power_set *powers_after_move(const struct position *pos, int type)
{
    const struct poly_rules *r = poly_of(pos);
    const struct power_lists *l = r->lists;
    const uint8_t *phase = phases_of(pos);
    int p = phase[type];
    int slot = slot_of(r, phase) + 2 * (l->stride_at[type][p + 1] - l->stride_at[type][p]);
    const struct power_set *set = atomic_load_explicit(&r->cache[slot], memory_order_acquire);
    return set ? set : compile_set_after(r, slot, phase, type);
}

/* A move changes powers when its piece's type has more than one entry. */
static bool move_changes_powers(const struct position *pos, Move m)
{
    int type = piece_type(pos->board[move_from(m)]);
    return type != PAWN && lists_of(pos)->len[type] > 1;
}

static unsigned changing_types(const struct position *pos) { return lists_of(pos)->changing; }

/* After any move of a type (castling: the King's), that type's entry advances.
 * A promotion is a Pawn move: nothing advances. */
static void advance_phase(struct position *pos, Move m, Piece mover)
{
    (void)m;
    int type = piece_type(mover);
    const struct power_lists *lists = lists_of(pos);
    if (type == PAWN || lists->len[type] == 1)
        return;
    uint8_t *phase = phases_mut(pos)->of;
    int next = (phase[type] + 1) % lists->len[type];
    pos->key ^= phase_key(type, phase[type]) ^ phase_key(type, next);
    phase[type] = (uint8_t)next;
}

static uint64_t phases_key(const struct position *pos)
{
    const uint8_t *phase = phases_of(pos);
    uint64_t key = lists_of(pos)->salt ^ (poly_of(pos)->phased ? zobrist.ext[POLY_KEY_PHASED] : 0);
    for (int type = KNIGHT; type <= KING; type++)
        key ^= phase_key(type, phase[type]);
    return key;
}


/* The debug validator's hook: every phase is an entry number (a game whose
 * lists were shortened mid-game may hold one past its list's end: moves and
 * keys read it modulo the length), and types without lists have none. */
static bool phases_ok(const struct position *pos)
{
    const uint8_t *phase = phases_of(pos);
    for (int type = 0; type < CHESS_TYPES; type++)
        if (phase[type] >= (type >= KNIGHT ? POLYPIECE_MAX_ENTRIES : 1))
            return false;
    return true;
}

/* FEN field 7: the entries of K Q R B N (White's, in the phased game). */
static int read_phases(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    uint8_t *phase = phases_mut(pos)->of;
    const struct power_lists *lists = lists_of(pos);
    memset(phase, 0, CHESS_TYPES);
    if (n == 0)
        return 0;
    if (n > 1)
        return error_set(err, errlen, "invalid FEN: field 8: unexpected '%s'", fields[1]);
    const char *f = fields[0];
    if (strlen(f) != LIST_TYPES)
        return error_set(err, errlen, "invalid FEN: field 7 (phases): '%s', expected five digits for K Q R B N", f);
    for (int i = 0; i < LIST_TYPES; i++) {
        int type = list_types[i];
        if (!isdigit((unsigned char)f[i]))
            return error_set(err, errlen, "invalid FEN: field 7 (phases): '%s', expected five digits for K Q R B N", f);
        int d = f[i] - '0';
        if (d >= lists->len[type])
            return error_set(err, errlen, "invalid FEN: field 7 (phases): %c entry %d is past the end of its list (%d %s)",
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

/* ---- Rules: one value per game ---------------------------------------------------- */

static void rules_free(void *rules)
{
    struct poly_rules *r = rules;
    if (!r)
        return;
    cache_free(r);
    free(r->lists);
    pf_mutex_destroy(&r->lock);
    free(r);
}

/* A rules value for declaration g (its promotion and castling) with the lists `powers`. */
static struct poly_rules *rules_create(const struct game_decl *g, bool phased, const char *powers, char *err,
                                       size_t errlen)
{
    struct poly_rules *r = calloc(1, sizeof *r);
    if (!r) {
        error_set(err, errlen, "Powers: out of memory");
        return NULL;
    }
    pf_mutex_init(&r->lock);
    chess_rules_declared(&r->chess, g);
    r->chess.current = powers_in_force;
    r->chess.changes_powers = move_changes_powers;
    r->chess.changing_types = changing_types;
    r->chess.powers_after = powers_after_move;
    r->chess.after_make = advance_phase;
    r->chess.after_make_only_ext = true;
    r->phased = phased;
    if (set_powers(r, powers, err, errlen)) {
        rules_free(r);
        return NULL;
    }
    return r;
}

void *polypiece_rules_create(const struct game_decl *g, bool phased, const char *powers, char *err, size_t errlen)
{
    return rules_create(g, phased, powers, err, errlen);
}

/* ---- Evaluation -------------------------------------------------------------------- */

struct polypiece_worth polypiece_worth(const struct position *pos, int type, int color)
{
    const struct power_lists *l = lists_of(pos);
    int e = phases_of(pos)[type] % l->len[type];
    if (color == BLACK)
        e = black_entry(l, type, e, poly_of(pos)->phased);
    const struct list_entry *now = &l->entry[type][e], *next = &l->entry[type][(e + 1) % l->len[type]];
    return (struct polypiece_worth){now->value[color], next->value[color], now->empty_board_moves[color]};
}

/* ---- Settings and XBoard -------------------------------------------------------------- */

static const struct variant_option powers_option[] = {
    {"Powers", "string", POLYPIECE_DEFAULT_POWERS, NULL},
};

static int set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    if (!name || strcasecmp(name, "Powers") != 0)
        return error_set(err, errlen, "unknown option '%s'", name ? name : "");
    return set_powers(rules, value, err, errlen);
}

static void get_option(const void *rules, const char *name, char *out, size_t n)
{
    const struct poly_rules *r = rules;
    if (name && strcasecmp(name, "Powers") == 0 && n)
        write_lists(r->lists, out, n);
    else if (n)
        out[0] = '\0';
}

/* ---- The learned evaluation's inputs (variants/nnue_state.h) ---------------------------- */

/* Each type's entry, the view's side's then the other's: (rel * 5 + type -
 * KNIGHT) * POLYPIECE_MAX_ENTRIES + entry. */
static int polypiece_nnue_state(const struct position *pos, Color view, int *out)
{
    const struct power_lists *l = lists_of(pos);
    bool phased = poly_of(pos)->phased;
    int n = 0;
    for (int rel = 0; rel < 2; rel++)
        for (int type = KNIGHT; type <= KING; type++) {
            int white = phases_of(pos)[type] % l->len[type];
            int entry = (view ^ rel) == WHITE ? white : black_entry(l, type, white, phased);
            out[n++] = (rel * (KING - KNIGHT + 1) + type - KNIGHT) * POLYPIECE_MAX_ENTRIES + entry;
        }
    return n;
}

_Static_assert(POLYPIECE_NNUE_STATE == 2 * (KING - KNIGHT + 1) * POLYPIECE_MAX_ENTRIES, "Polypiece's inputs");

/* ---- The entries ------------------------------------------------------------------------ */

static const int orthodox_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

/* The Polypiece family's hooks (variants/family.h): a game of the family
 * (`polypiece`, `polypiece-phased` of games/core.ini) is this entry with the
 * declaration's id, start, bench and lists, and its own rules value. */
const struct variant polypiece_family_template = {
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    .bench_depth = 11,
    CHESS_RULES_HOOKS,
    .ext_size = (int)sizeof(struct phases), .read_extra = read_phases, .write_extra = write_phases,
    .outcome = chess_outcome, .format_step = chess_format_step, .piece_values = orthodox_values,
    .has_san = true, .options = powers_option, .option_count = 1, .set_option = set_option,
    .get_option = get_option, .rules_free = rules_free, .ext_key = phases_key, .state_ok = phases_ok,
    .evaluate = polypiece_evaluate, .eval_params = &polypiece_eval_params,
    .nnue_state_count = POLYPIECE_NNUE_STATE, .nnue_state_active = polypiece_nnue_state,
};
