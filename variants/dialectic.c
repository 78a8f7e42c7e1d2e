/* Dialectic Chess (`dialectic`) and Hegelian Dialectic Chess (`hegelian`):
 * the chess family, with the Philosophers' powers chosen by the tokens on the
 * 3x3 dialectic. See variants/dialectic.h for the state layout and
 * docs/variants/dialectic.md for the rules decisions. */
#include "variants/core/error.h"
#include "variants/core/platform.h"
#include "variants/core/san.h"
#include "variants/dialectic.h"
#include "variants/nnue_state.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


struct dialectic_rules {
    struct chess_rules chess; /* first: pos->rules is read as a chess_rules */
    bool hegelian;            /* tokens may share a square; the Synthesis moves both */
    bool stair_step;          /* Hegelian's `Dialectic=stair-step`: only the squares x >= y */
    /* The power sets of every (Thesis, Antithesis) pair, from the game's
     * declared pieces; owned by the rules value dialectic_rules_create made,
     * shared by its copies (a Hegelian game's settings). */
    struct pair_table *pairs;
    bool owns_pairs;
};

/* The 81 power sets (4.5 MB): allocated when the game is made (untouched
 * pages, no resident memory), each built when a position first needs it
 * (whichever thread comes first). Making a game reads its start and bench
 * positions, which builds only their pairs: a run that never plays the game
 * pays about one set (56 KB), not 81. */
struct pair_table {
    pf_mutex lock;                        /* held while building a set */
    atomic_bool built[DIALECTIC_PAIRS];   /* sets[i] filled (release after the build) */
    struct power_set *sets;               /* DIALECTIC_PAIRS, allocated with the rules */
};

static const int dialectic_piece_values[MAX_TYPES] = {0, 100, 300, 330, 500, 900, 20000, 450};

/* Zobrist slots in zobrist.ext: the pair in force (FEN state) and the seen set (TT only). */
#define PAIR_KEY_BASE 0
#define SEEN_KEY_BASE 128

/* ---- Powers ------------------------------------------------------------------ */

static int token_x(int sq) { return sq / 3; }
static int token_y(int sq) { return sq % 3; }

/* The distinct leaps (±x, ±y), (±y, ±x) of a token square; returns how many. */
static int token_leaps(int sq, int out[8][2])
{
    int x = token_x(sq), y = token_y(sq), n = 0;
    int cand[8][2] = {{x, y}, {-x, y}, {x, -y}, {-x, -y}, {y, x}, {-y, x}, {y, -x}, {-y, -x}};
    for (int i = 0; i < 8; i++) {
        if (cand[i][0] == 0 && cand[i][1] == 0)
            continue;
        bool dup = false;
        for (int j = 0; j < n && !dup; j++)
            dup = out[j][0] == cand[i][0] && out[j][1] == cand[i][1];
        if (!dup) {
            out[n][0] = cand[i][0];
            out[n][1] = cand[i][1];
            n++;
        }
    }
    return n;
}

static void add_leap_ray(struct piece_power *pw, int step, int range, int mode)
{
    for (int i = 0; i < pw->count; i++)
        if (pw->rays[i].step == step) {
            pw->rays[i].mode |= (uint8_t)mode;
            return;
        }
    pw->rays[pw->count++] = (struct ray){(int16_t)step, (uint8_t)range, (uint8_t)mode};
}

static void philosopher_power(struct piece_power *pw, int thesis, int antithesis, int range)
{
    int leaps[8][2];
    pw->count = 0;
    int n = token_leaps(thesis, leaps);
    for (int i = 0; i < n; i++)
        add_leap_ray(pw, step_of(leaps[i][0], leaps[i][1]), range, BETZA_MOVE);
    n = token_leaps(antithesis, leaps);
    for (int i = 0; i < n; i++)
        add_leap_ray(pw, step_of(leaps[i][0], leaps[i][1]), range, BETZA_CAPTURE);
}

static void build_pair_powers(struct power_set *set, const struct chess_rules *declared, int t, int a)
{
    *set = declared->fixed;
    for (Color c = WHITE; c <= BLACK; c++) {
        philosopher_power(&set->power[KNIGHT][c], t, a, 1);
        philosopher_power(&set->power[DIALECTIC_GREAT][c], t, a, RAY_UNLIMITED);
    }
    chess_build_attacks(set);
}

static const struct power_set *dialectic_current(const struct position *pos)
{
    const struct dialectic_rules *r = pos->rules;
    struct pair_table *table = r->pairs;
    int t = dialectic_thesis(pos), a = dialectic_antithesis(pos), pair = dialectic_pair(t, a);
    if (!atomic_load_explicit(&table->built[pair], memory_order_acquire)) {
        pf_mutex_lock(&table->lock);
        if (!atomic_load_explicit(&table->built[pair], memory_order_relaxed)) {
            build_pair_powers(&table->sets[pair], &r->chess, t, a);
            atomic_store_explicit(&table->built[pair], true, memory_order_release);
        }
        pf_mutex_unlock(&table->lock);
    }
    return &table->sets[pair];
}

int dialectic_rules_built(const void *rules)
{
    const struct pair_table *table = ((const struct dialectic_rules *)rules)->pairs;
    int n = 0;
    for (int i = 0; i < DIALECTIC_PAIRS; i++)
        n += atomic_load(&table->built[i]);
    return n;
}

static pf_once_flag eval_once = PF_ONCE_INIT;

static bool is_hegelian(const struct position *pos)
{
    return ((const struct dialectic_rules *)pos->rules)->hegelian;
}

static bool is_stair_step(const struct position *pos)
{
    return ((const struct dialectic_rules *)pos->rules)->stair_step;
}

bool dialectic_square_exists(const struct position *pos, int sq)
{
    return sq >= 0 && sq < 9 && (!is_stair_step(pos) || token_x(sq) >= token_y(sq));
}

/* ---- Settings: Hegelian's `Dialectic` option ------------------------------------------
 * `square` (the published game): the 3x3 dialectic. `stair-step` (Garth's
 * suggestion): the three squares north-west of the main diagonal (01, 02, 12)
 * are removed, leaving 00, 10, 11, 20, 21, 22. Token squares xy and yx give the
 * same leaps, so every power is still there. Rules values are immutable except
 * through set_option, which the protocols call only while no search runs. */

static void dialectic_rules_free(void *rules)
{
    struct dialectic_rules *r = rules;
    if (r && r->owns_pairs) {
        free(r->pairs->sets);
        pf_mutex_destroy(&r->pairs->lock);
        free(r->pairs);
    }
    free(r);
}

void *dialectic_rules_copy(const void *rules, char *err, size_t errlen)
{
    struct dialectic_rules *r = malloc(sizeof *r);
    if (!r) {
        error_set(err, errlen, "Dialectic: out of memory");
        return NULL;
    }
    *r = *(const struct dialectic_rules *)rules;
    r->owns_pairs = false;
    return r;
}

static int dialectic_set_option(void *rules, const char *name, const char *value, char *err, size_t errlen)
{
    struct dialectic_rules *r = rules;
    if (!name || strcasecmp(name, "Dialectic") != 0)
        return error_set(err, errlen, "unknown option '%s'", name ? name : "");
    if (value && strcasecmp(value, "square") == 0)
        r->stair_step = false;
    else if (value && strcasecmp(value, "stair-step") == 0)
        r->stair_step = true;
    else
        return error_set(err, errlen, "Dialectic: '%s' is not one of square, stair-step", value ? value : "");
    return 0;
}

static void dialectic_get_option(const void *rules, const char *name, char *out, size_t n)
{
    const struct dialectic_rules *r = rules;
    if (name && strcasecmp(name, "Dialectic") == 0)
        snprintf(out, n, "%s", r->stair_step ? "stair-step" : "square");
    else if (n)
        out[0] = '\0';
}

void *dialectic_rules_create(const struct game_decl *g, bool hegelian, const char *dialectic, char *err,
                             size_t errlen)
{
    pf_once(&eval_once, dialectic_eval_init);
    struct dialectic_rules *r = calloc(1, sizeof *r);
    struct pair_table *pairs = calloc(1, sizeof *pairs);
    struct power_set *sets = malloc(DIALECTIC_PAIRS * sizeof *sets);
    if (!r || !pairs || !sets) {
        free(r);
        free(pairs);
        free(sets);
        error_set(err, errlen, "Dialectic: out of memory");
        return NULL;
    }
    chess_rules_declared(&r->chess, g);
    r->chess.current = dialectic_current;
    r->hegelian = hegelian;
    r->pairs = pairs;
    r->owns_pairs = true;
    pf_mutex_init(&pairs->lock);
    for (int i = 0; i < DIALECTIC_PAIRS; i++)
        atomic_init(&pairs->built[i], false);
    pairs->sets = sets;
    if (hegelian && dialectic_set_option(r, "Dialectic", dialectic, err, errlen)) {
        dialectic_rules_free(r);
        return NULL;
    }
    return r;
}

/* ---- Token state ---------------------------------------------------------------- */

static bool seen(const struct position *pos, int pair)
{
    return dialectic_cst(pos)->seen[pair / 8] & (1u << (pair % 8));
}

static void mark_seen(struct position *pos, int pair)
{
    dialectic_st(pos)->seen[pair / 8] |= (uint8_t)(1u << (pair % 8));
}

/* Forgets the history: only the dialectic position now in force has occurred. */
static void reset_seen(struct position *pos)
{
    memset(dialectic_st(pos)->seen, 0, sizeof dialectic_st(pos)->seen);
    mark_seen(pos, dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos)));
}

static uint64_t pair_key(int pair) { return zobrist.ext[PAIR_KEY_BASE + pair]; }

static uint64_t dialectic_ext_key(const struct position *pos)
{
    return pair_key(dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos)));
}

/* The debug validator's hook: both tokens on the 3x3 board and the dialectic
 * position in force among those seen. */
static bool dialectic_state_ok(const struct position *pos)
{
    int t = dialectic_thesis(pos), a = dialectic_antithesis(pos);
    return t < 9 && a < 9 && seen(pos, dialectic_pair(t, a));
}

/* The seen set beyond the position in force: it changes which moves are legal. */
static uint64_t dialectic_tt_key_extra(const struct position *pos)
{
    int now = dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos));
    uint64_t key = 0;
    for (int byte = 0; byte < (int)sizeof dialectic_cst(pos)->seen; byte++) {
        unsigned bits = dialectic_cst(pos)->seen[byte];
        for (int bit = 0; bits; bit++, bits >>= 1) {
            int pair = byte * 8 + bit;
            if ((bits & 1) && pair != now)
                key ^= zobrist.ext[SEEN_KEY_BASE + pair];
        }
    }
    return key;
}

/* ---- Generation --------------------------------------------------------------------- */

/* Orthogonal neighbours of a token square on pos's dialectic; returns how many. */
static int token_neighbours(const struct position *pos, int sq, int out[4])
{
    int x = token_x(sq), y = token_y(sq), n = 0;
    int cand[4] = {x > 0 ? sq - 3 : -1, x < 2 ? sq + 3 : -1, y > 0 ? sq - 1 : -1, y < 2 ? sq + 1 : -1};
    for (int i = 0; i < 4; i++)
        if (cand[i] >= 0 && dialectic_square_exists(pos, cand[i]))
            out[n++] = cand[i];
    return n;
}

/* Would the side to move's King stand attacked with the Antithesis on `antithesis`? */
static bool king_attacked_with(struct position *pos, int antithesis)
{
    uint8_t old = dialectic_st(pos)->antithesis;
    dialectic_st(pos)->antithesis = (uint8_t)antithesis;
    bool attacked = chess_in_check(pos);
    dialectic_st(pos)->antithesis = old;
    return attacked;
}

/* Would the enemy King stand attacked with the Antithesis on `antithesis`? */
static bool gives_check_with(struct position *pos, int antithesis)
{
    uint8_t old = dialectic_st(pos)->antithesis;
    dialectic_st(pos)->antithesis = (uint8_t)antithesis;
    bool attacked = chess_square_attacked(pos, pos->king_sq[pos->side ^ 1], pos->side);
    dialectic_st(pos)->antithesis = old;
    return attacked;
}

/* Appends the legal dialectic moves; `checks_only` keeps those that change the
 * Antithesis and give check (quiescence). */
static void gen_dialectic(struct position *pos, struct move_list *list, bool checks_only)
{
    int t = dialectic_thesis(pos), a = dialectic_antithesis(pos);
    bool hegel = is_hegelian(pos);
    bool in_check = chess_in_check(pos);
    int nb[4], n;
    /* The Thesis decides no attack: its moves are legal exactly when we are not in check. */
    if (!in_check && !checks_only) {
        n = token_neighbours(pos, t, nb);
        for (int i = 0; i < n; i++)
            if ((hegel || nb[i] != a) && !seen(pos, dialectic_pair(nb[i], a)))
                move_list_add(list, make_move(t, nb[i], MK_THESIS, 0));
    }
    n = token_neighbours(pos, a, nb);
    for (int i = 0; i < n; i++)
        if ((hegel || nb[i] != t) && !seen(pos, dialectic_pair(t, nb[i])) && !king_attacked_with(pos, nb[i]) &&
            (!checks_only || gives_check_with(pos, nb[i])))
            move_list_add(list, make_move(a, nb[i], MK_ANTITHESIS, 0));
    if (hegel && t == a) {
        for (int i = 0; i < n; i++)
            if (!seen(pos, dialectic_pair(nb[i], nb[i])) && !king_attacked_with(pos, nb[i]) &&
                (!checks_only || gives_check_with(pos, nb[i])))
                move_list_add(list, make_move(a, nb[i], MK_SYNTHESIS, 0));
    }
}

static void dialectic_generate(struct position *pos, struct move_list *list)
{
    chess_generate(pos, list);
    gen_dialectic(pos, list, false);
}

/* The counted last ply: the board moves counted by the chess family's counter
 * (a capture's promotion to a Great Philosopher is made, not generated, so
 * the count is the same), the few token moves listed. */
static uint64_t dialectic_count_turns(struct position *pos)
{
    struct move_list tokens;
    tokens.count = 0;
    gen_dialectic(pos, &tokens, false);
    return chess_count_turns(pos) + (uint64_t)tokens.count;
}

/* Quiescence: captures, plus the Antithesis moves that give check (a move of
 * the Antithesis hands the first use of the new captures to the opponent, so
 * only a check makes it forcing). */
static void dialectic_generate_noisy(struct position *pos, struct move_list *list)
{
    chess_generate_captures(pos, list);
    gen_dialectic(pos, list, true);
}

/* ---- Make / unmake ---------------------------------------------------------------------- */

static void make_dialectic_move(struct position *pos, Move m)
{
    pos_push_undo(pos, m, (int)sizeof(struct dialectic_state), true);
    int old = dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos));
    int to = move_to(m);
    switch (move_kind(m)) {
    case MK_THESIS: dialectic_st(pos)->thesis = (uint8_t)to; break;
    case MK_ANTITHESIS: dialectic_st(pos)->antithesis = (uint8_t)to; break;
    default: dialectic_st(pos)->thesis = dialectic_st(pos)->antithesis = (uint8_t)to; break;
    }
    int now = dialectic_pair(dialectic_thesis(pos), dialectic_antithesis(pos));
    pos->key ^= pair_key(old) ^ pair_key(now);
    mark_seen(pos, now);
    pos->halfmove++;
    if (pos->ep != NO_SQUARE)
        pos_set_ep(pos, NO_SQUARE);
    if (pos->side == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}


static void dialectic_make(struct position *pos, Move m)
{
    if (is_dialectic_move(m)) {
        make_dialectic_move(pos, m);
        return;
    }
    Piece mover = pos->board[move_from(m)];
    Piece target = pos->board[move_to(m)];
    chess_make(pos, m);
    /* A Philosopher that captures a Philosopher becomes a Great Philosopher (journalled for unmake). */
    if (piece_type(mover) == KNIGHT && move_kind(m) == MK_NORMAL && is_piece(target) && dialectic_is_philosopher(target))
        pos_journal_set(pos, move_to(m), make_piece(piece_color(mover), DIALECTIC_GREAT));
    reset_seen(pos);
}

static void dialectic_unmake(struct position *pos, Move m)
{
    if (is_dialectic_move(m)) {
        pos_pop_undo(pos, (int)sizeof(struct dialectic_state));
        return;
    }
    if (pos->history[pos->ply - 1].journal_count)
        pos_journal_revert(pos);
    chess_unmake(pos, m);
}

static bool dialectic_is_capture(const struct position *pos, Move m)
{
    return !is_dialectic_move(m) && chess_is_capture(pos, m);
}

/* ---- Text ------------------------------------------------------------------------------ */

static void dialectic_format_step(const struct position *pos, Move m, char *out, size_t n)
{
    if (!is_dialectic_move(m)) {
        chess_format_step(pos, m, out, n);
        return;
    }
    static const char token_letter[] = {'T', 'A', 'S'};
    int to = move_to(m);
    snprintf(out, n, "%c@%d%d", token_letter[move_kind(m) - MK_THESIS], token_x(to), token_y(to));
}

/* Readable: board moves in SAN (N a Philosopher, G a Great one); a token move
 * as the token's letter, its old square, `-` and its new square (`T12-11`,
 * `S11-12` for the Synthesis). */
static void dialectic_notation_step(struct position *pos, Move m, int index, char *out, size_t n)
{
    (void)index;
    if (!is_dialectic_move(m)) {
        san_step(pos, m, out, n);
        return;
    }
    static const char token_letter[] = {'T', 'A', 'S'};
    int from = move_from(m), to = move_to(m);
    snprintf(out, n, "%c%d%d-%d%d", token_letter[move_kind(m) - MK_THESIS], token_x(from), token_y(from),
             token_x(to), token_y(to));
}

/* ---- FEN --------------------------------------------------------------------------------- */


static int read_token(const char **s, char letter, int *sq)
{
    const char *p = *s;
    if (p[0] != letter || p[1] < '0' || p[1] > '2' || p[2] < '0' || p[2] > '2')
        return -1;
    *sq = (p[1] - '0') * 3 + (p[2] - '0');
    *s = p + 3;
    return 0;
}

/* On the stair-step dialectic a square north-west of the diagonal (xy with
 * x < y) is read as its mirror yx, which gives the same leaps: so the start
 * field T12A21 puts both tokens on 21 there (docs/rules-decisions.md). */
static int fold_to_dialectic(const struct position *pos, int sq)
{
    return dialectic_square_exists(pos, sq) ? sq : token_y(sq) * 3 + token_x(sq);
}

static int dialectic_read_extra(struct position *pos, char *const *fields, int n, char *err, size_t errlen)
{
    int t = 1 * 3 + 2, a = 2 * 3 + 1; /* start: Thesis (1,2), Antithesis (2,1) */
    if (n > 1)
        return error_set(err, errlen, "invalid FEN: field 7 (dialectic): one field expected, like T12A21");
    if (n == 1) {
        const char *s = fields[0];
        if (read_token(&s, 'T', &t) || read_token(&s, 'A', &a) || *s)
            return error_set(err, errlen, "invalid FEN: field 7 (dialectic): expected T then the Thesis square, A then the Antithesis square, like T12A21");
        if (t == a && !is_hegelian(pos))
            return error_set(err, errlen, "invalid FEN: field 7 (dialectic): the Thesis and the Antithesis on the same square");
    }
    dialectic_st(pos)->thesis = (uint8_t)fold_to_dialectic(pos, t);
    dialectic_st(pos)->antithesis = (uint8_t)fold_to_dialectic(pos, a);
    reset_seen(pos);
    return 0;
}

static void dialectic_write_extra(const struct position *pos, char *out, size_t n)
{
    int t = dialectic_thesis(pos), a = dialectic_antithesis(pos);
    snprintf(out, n, "T%d%dA%d%d", token_x(t), token_y(t), token_x(a), token_y(a));
}

/* ---- The family's entry -------------------------------------------------------------------- */

/* The entry a game of the family copies (variants/family_dialectic.c gives it
 * the declared id, title, start, pieces, rules value and, for a Hegelian
 * game, the Dialectic setting). */
const struct variant dialectic_family_template = {
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    .bench_depth = 10,
    .piece_letters = ".PNBRQKG",
    .royal_type = KING,
    .has_castling = true,
    .ext_size = (int)sizeof(struct dialectic_state),
    .steps_are_turns = true,
    .read_extra = dialectic_read_extra,
    .validate = chess_validate,
    .write_extra = dialectic_write_extra,
    .ext_key = dialectic_ext_key,
    .state_ok = dialectic_state_ok,
    .read_ep = chess_read_ep,
    .generate = dialectic_generate,
    .count_turns = dialectic_count_turns,
    .make = dialectic_make,
    .unmake = dialectic_unmake,
    .in_check = chess_in_check,
    .is_capture = dialectic_is_capture,
    .outcome = chess_outcome,
    .format_step = dialectic_format_step,
    .notation_step = dialectic_notation_step,
    .evaluate = dialectic_evaluate,
    .eval_params = &dialectic_eval_params,
    .generate_noisy = dialectic_generate_noisy,
    .allow_null_move = true,
    .tt_key_extra = dialectic_tt_key_extra,
    .piece_values = dialectic_piece_values,
    .has_check = true,
    .see = chess_see,
    .nnue_state_count = DIALECTIC_NNUE_STATE,
    .nnue_state_active = dialectic_nnue_state,
    .rules_free = dialectic_rules_free,
    .set_option = dialectic_set_option,
    .get_option = dialectic_get_option,
};
