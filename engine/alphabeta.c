/* The tree search: principal variation search over steps, quiescence,
 * transposition table, null move, late-move reductions, check extension,
 * repetition and fifty-move draws. Generic over the variant table: a step
 * that leaves the same side to move continues the turn, so the score is
 * negated only when the side changes. `tply` counts turns from the root and
 * measures mate distances. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "variants/core/clock.h"
#include "variants/core/platform.h"
#include "engine/search_internal.h"
#include "engine/see.h"
#include "variants/registry.h"

#define CHECK_INTERVAL 256
#define RFP_MAX_DEPTH 6
#define RFP_MARGIN 90
#define FUTILITY_MAX_DEPTH 3
#define FUTILITY_MARGIN 120
#define LMP_MAX_DEPTH 3
#define LMP_BASE 5
#define IIR_MIN_DEPTH 4
#define NULL_MIN_DEPTH 3
#define LMR_MAX 64
#define LMR_HISTORY_DIVISOR 8192
#define SEE_PRUNE_MAX_DEPTH 6
#define SEE_CAPTURE_MARGIN 90
#define SEE_QUIET_MARGIN 25
#define SINGULAR_MIN_DEPTH 7
#define SINGULAR_TT_DEPTH_SLACK 3
#define SINGULAR_MARGIN 2

static int lmr_table[LMR_MAX][LMR_MAX];
static pf_once_flag lmr_once = PF_ONCE_INIT;

static void build_lmr_table(void)
{
    for (int d = 0; d < LMR_MAX; d++)
        for (int m = 0; m < LMR_MAX; m++)
            lmr_table[d][m] = (d < 1 || m < 1) ? 0 : (int)(0.5 + log((double)d) * log((double)m) / 2.25);
}

void search_init_tables(void) { pf_once(&lmr_once, build_lmr_table); }

uint64_t search_tt_key(const struct position *pos)
{
    const struct variant *v = pos->variant;
    return pos->key ^ (v->tt_key_extra ? v->tt_key_extra(pos) : 0);
}

void search_text_append(char *dst, size_t cap, const char *sep, const char *text)
{
    size_t len = strnlen(dst, cap);
    size_t sl = strlen(sep), tl = strlen(text);
    if (len + sl + tl + 1 > cap)
        return;
    memcpy(dst + len, sep, sl);
    memcpy(dst + len + sl, text, tl + 1);
}

bool search_turn_excluded(const struct search_limits *l, const char *text)
{
    for (int i = 0; i < l->excluded_count; i++)
        if (strcasecmp(l->excluded[i], text) == 0)
            return true;
    return false;
}

struct outcome search_outcome(struct position *pos, int legal_steps)
{
    const struct variant *v = pos->variant;
    if (v->outcome)
        return v->outcome(pos, legal_steps);
    struct outcome o = {legal_steps ? RESULT_NONE : RESULT_DRAW, NULL};
    return o;
}

int search_outcome_score(const struct position *pos, int result, int tply)
{
    if (result == RESULT_DRAW)
        return 0;
    /* A side to move that loses is mated now; one that wins (a capture
     * chain that took the last King, the other side's repetition) does so
     * with the turn in progress, as if the other side were mated next. */
    bool mover_wins = (result == RESULT_WHITE_WINS) == (pos->side == WHITE);
    return mover_wins ? SCORE_MATE - (tply + 1) : -(SCORE_MATE - tply);
}

static int score_to_tt(int score, int tply)
{
    if (score > SCORE_MATE_BOUND)
        return score + tply;
    if (score < -SCORE_MATE_BOUND)
        return score - tply;
    return score;
}

static int score_from_tt(int score, int tply)
{
    if (score > SCORE_MATE_BOUND)
        return score - tply;
    if (score < -SCORE_MATE_BOUND)
        return score + tply;
    return score;
}

/* A stored bound that settles the node: *score gets the value. */
static bool tt_cutoff(const struct tt_entry *te, int tply, int alpha, int beta, int *score)
{
    int ts = score_from_tt(te->score, tply);
    enum tt_bound b = tt_bound_of(te);
    if (b == TT_EXACT || (b == TT_LOWER && ts >= beta) || (b == TT_UPPER && ts <= alpha)) {
        *score = ts;
        return true;
    }
    return false;
}

/* True when the search must end now: stop requested, node or time limit. */
static bool should_abort(struct searcher *s)
{
    if (s->aborted)
        return true;
    if (s->limits.nodes && s->nodes >= s->limits.nodes)
        return s->aborted = true;
    if ((s->nodes & (CHECK_INTERVAL - 1)) == 0) {
        if (s->id > 0)
            atomic_store_explicit(&s->shared_nodes, s->nodes, memory_order_relaxed);
        if (atomic_load_explicit(s->stop, memory_order_relaxed) || pf_stop_requested())
            return s->aborted = true;
        if (s->budget.limited && clock_ms() - s->start_ms >= s->budget.hard_ms &&
            !atomic_load_explicit(&s->engine->pondering, memory_order_relaxed))
            return s->aborted = true;
    }
    return false;
}

/* The last step changed the side to move (or nothing was played yet). */
static bool at_turn_start(const struct searcher *s)
{
    const struct position *pos = &s->pos;
    if (pos->ply <= s->root_ply)
        return true;
    return pos->history[pos->ply - 1].side != pos->side;
}

/* The network's score, or with EvalBlend below 100 its blend with the
 * hand-set evaluation (engine_set_eval_blend). A residual network
 * (NNUE_TARGET_RESIDUAL) is a correction: the hand-set evaluation plus
 * EvalBlend percent of it. */
#define RESIDUAL_EVAL_MAX 20000 /* as a network's own score: far from the mate scores */

static int evaluate(struct searcher *s, const struct position *pos)
{
    const struct variant *v = pos->variant;
    if (s->net && s->net->target == NNUE_TARGET_RESIDUAL) {
        int classic = v->evaluate ? v->evaluate(pos) : 0;
        int sum = classic + s->eval_blend * nnue_evaluate(&s->nnue, pos) / ENGINE_EVAL_BLEND_MAX;
        return sum > RESIDUAL_EVAL_MAX ? RESIDUAL_EVAL_MAX : sum < -RESIDUAL_EVAL_MAX ? -RESIDUAL_EVAL_MAX : sum;
    }
    int classic_share = s->net ? ENGINE_EVAL_BLEND_MAX - s->eval_blend : ENGINE_EVAL_BLEND_MAX;
    int net_score = s->net ? nnue_evaluate(&s->nnue, pos) : 0;
    if (classic_share == 0)
        return net_score;
    int classic = v->evaluate ? v->evaluate(pos) : 0;
    if (classic_share == ENGINE_EVAL_BLEND_MAX)
        return classic;
    return (s->eval_blend * net_score + classic_share * classic) / ENGINE_EVAL_BLEND_MAX;
}

static bool history_full(const struct position *pos)
{
    return pos->ply >= MAX_HISTORY - MAX_TURN_STEPS - 2;
}

/* Mate takes precedence over the fifty-move rule. */
static bool mated_now(struct searcher *s)
{
    const struct variant *v = s->v;
    if (!v->has_check || !v->in_check(&s->pos))
        return false;
    struct move_list list;
    v->generate(&s->pos, &list);
    return list.count == 0;
}

/* Draw by the fifty-move rule or repetition at a turn start; *score gets
 * the value from the side to move's view. A position repeated once inside
 * the tree counts as a repetition already (the side that repeated could do
 * it again). */
static bool rule_draw(struct searcher *s, int tply, int *score)
{
    const struct position *pos = &s->pos;
    const struct variant *v = s->v;
    if (pos->halfmove >= 100 && !mated_now(s)) {
        *score = 0;
        return true;
    }
    int window = pos->ply - pos->root_ply;
    if (v->steps_are_turns && pos->halfmove < window)
        window = pos->halfmove;
    if (window < 4)
        return false;
    int reps = position_repetitions(pos, window);
    if (reps == 0)
        return false;
    if (reps == 1) {
        int tree = pos->ply - s->root_ply;
        if (tree < window)
            window = tree;
        if (window < 4 || position_repetitions(pos, window) == 0)
            return false;
    }
    /* The mover (the side not to move) made the repetition. */
    *score = v->repetition == REPETITION_LOSES_FOR_MOVER ? SCORE_MATE - (tply + 1) : 0;
    return true;
}

static void generate_all(struct searcher *s, struct scored_list *l)
{
    struct move_list tmp;
    s->v->generate(&s->pos, &tmp);
    l->count = tmp.count;
    memcpy(l->moves, tmp.moves, (size_t)tmp.count * sizeof(Move));
}

static void generate_noisy(struct searcher *s, struct scored_list *l)
{
    struct move_list tmp;
    const struct variant *v = s->v;
    if (v->generate_noisy) {
        v->generate_noisy(&s->pos, &tmp);
        l->count = tmp.count;
        memcpy(l->moves, tmp.moves, (size_t)tmp.count * sizeof(Move));
        return;
    }
    v->generate(&s->pos, &tmp);
    l->count = 0;
    for (int i = 0; i < tmp.count; i++)
        if (!movepick_is_quiet(&s->pos, tmp.moves[i]))
            l->moves[l->count++] = tmp.moves[i];
}

static void update_pv(struct searcher *s, int ply, Move m)
{
    s->pv[ply][ply] = m;
    for (int i = ply + 1; i < s->pv_len[ply + 1]; i++)
        s->pv[ply][i] = s->pv[ply + 1][i];
    s->pv_len[ply] = s->pv_len[ply + 1] > ply + 1 ? s->pv_len[ply + 1] : ply + 1;
}

/* Value of what step m captures, by the variant's piece values. */
static int captured_value(const struct position *pos, Move m)
{
    const struct variant *v = pos->variant;
    Piece victim = pos->board[move_to(m)];
    if (!v->piece_values || !is_piece(victim) || piece_color(victim) == pos->side)
        return 0;
    return v->piece_values[piece_type(victim)];
}

#define DELTA_MARGIN 200

/* Check extensions (and quiescence evasions) stop at twice the iteration's
 * depth, so that long chains of checks cannot blow the tree up. */
static bool checks_extendable(const struct searcher *s, int ply) { return ply < 2 * s->root_depth + 2; }

static int quiesce(struct searcher *s, int alpha, int beta, int ply, int tply)
{
    struct position *pos = &s->pos;
    const struct variant *v = s->v;
    s->pv_len[ply] = ply;
    s->nodes++;
    if (should_abort(s))
        return 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (ply >= MAX_PLY - 1 || history_full(pos))
        return evaluate(s, pos);
    bool pv_node = beta - alpha > 1;
    uint64_t key = search_tt_key(pos);
    struct tt_entry te;
    Move hash_move = MOVE_NONE;
    bool tt_hit = tt_probe(&s->engine->tt, key, &te);
    int ts;
    if (tt_hit) {
        hash_move = te.move;
        if (!pv_node && tt_cutoff(&te, tply, alpha, beta, &ts))
            return ts;
    }
    /* A game decided with steps left (a variant's own win) ends here too. */
    struct outcome oc = search_outcome(pos, 1);
    if (oc.result != RESULT_NONE)
        return search_outcome_score(pos, oc.result, tply);
    bool turn_start = at_turn_start(s);
    /* Evasions only while the line is short: where a quiet move changes
     * powers (Polypiece), an evasion often gives check itself, and chains of
     * them would never end. */
    bool in_check = turn_start && v->has_check && checks_extendable(s, ply) && v->in_check(pos);
    struct scored_list *l = &s->lists[ply];
    int best = -SCORE_INFINITE;
    int static_eval = -SCORE_INFINITE;
    int alpha_orig = alpha;
    /* A capture the rules compel is searched like an evasion: no stand pat. */
    bool forced = false;
    bool compulsory = variant_captures_compulsory(pos);
    if (!in_check && compulsory) {
        generate_noisy(s, l);
        forced = l->count > 0;
    }
    if (in_check) {
        generate_all(s, l);
        if (l->count == 0)
            return search_outcome_score(pos, search_outcome(pos, 0).result, tply);
    } else if (!forced) {
        best = static_eval = tt_hit && te.eval != -SCORE_INFINITE ? te.eval : evaluate(s, pos);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
        if (!compulsory)
            generate_noisy(s, l);
    }
    bool every_step = in_check || forced;
    movepick_score_noisy(s, l, hash_move);
    bool delta_prune = !every_step && turn_start && v->piece_values;
    Color side = pos->side;
    Move best_move = MOVE_NONE;
    Move m;
    while ((m = movepick_next(l)) != MOVE_NONE) {
        if (delta_prune && move_kind(m) != MK_PROMOTION && static_eval + captured_value(pos, m) + DELTA_MARGIN <= alpha)
            continue;
        /* A capture that loses material cannot raise the stand-pat score. */
        if (!every_step && movepick_last_losing(l))
            continue;
        variant_make(pos, m);
        tt_prefetch(&s->engine->tt, search_tt_key(pos));
        bool changed = pos->side != side;
        int score = changed ? -quiesce(s, -beta, -alpha, ply + 1, tply + 1) : quiesce(s, alpha, beta, ply + 1, tply);
        variant_unmake(pos, m);
        if (s->aborted)
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                update_pv(s, ply, m);
                if (score >= beta)
                    break;
            }
        }
    }
    enum tt_bound b = best >= beta ? TT_LOWER : best > alpha_orig ? TT_EXACT : TT_UPPER;
    tt_store(&s->engine->tt, key, best_move, score_to_tt(best, tply), static_eval, 0, b);
    return best;
}

static bool has_big_pieces(const struct position *pos)
{
    const struct variant *v = pos->variant;
    Color c = pos->side;
    if (!v->piece_values)
        return pos->pcount[c] >= 3;
    for (int i = 0; i < pos->pcount[c]; i++) {
        int type = piece_type(pos->board[pos->plist[c][i]]);
        if (type != v->royal_type && v->piece_values[type] >= 300)
            return true;
    }
    return false;
}

/* A pass: the other side moves next, nothing else changes but the en-passant
 * square. The undo entry makes the repetition scan stop here (halfmove 0). */
static void make_null(struct position *pos)
{
    const struct variant *v = pos->variant;
    pos_push_undo(pos, MOVE_NONE, v->ext_size, true);
    if (pos->ep != NO_SQUARE)
        pos_set_ep(pos, NO_SQUARE);
    pos->halfmove = 0;
    if (pos->side == BLACK)
        pos->fullmove++;
    pos_flip_side(pos);
}

static void unmake_null(struct position *pos)
{
    pos_pop_undo(pos, pos->variant->ext_size);
}

static void reward_quiet(struct searcher *s, int ply, Move m, int depth, const struct scored_list *l, int tried)
{
    Color side = s->pos.side;
    if (s->killers[ply][0] != m) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = m;
    }
    Move *cs = counter_slot(s, &s->pos);
    if (cs)
        *cs = m;
    int bonus = depth * depth > 400 ? 400 : depth * depth;
    int *h = history_slot(s, side, m);
    *h += bonus * 32 - *h * bonus / 512;
    conthist_update(s, ply, m, bonus);
    /* The quiet steps tried before it failed to cut. */
    for (int i = 0; i < tried; i++) {
        Move q = l->moves[i];
        if (q == m || !movepick_is_quiet(&s->pos, q))
            continue;
        int *hq = history_slot(s, side, q);
        *hq -= bonus * 32 + *hq * bonus / 512;
        conthist_update(s, ply, q, -bonus);
    }
}

struct node {
    int depth;
    int ply;
    int tply;
    bool root_turn;   /* still inside the turn the root position begins */
    bool null_ok;
    Move excluded;    /* a singular search: every step but this one */
};

static int negamax(struct searcher *s, int alpha, int beta, struct node n);

/* Searches the child after step m; `changed` says whether the side changed. */
static int child(struct searcher *s, int alpha, int beta, const struct node *n, int depth, bool changed)
{
    struct node c = {depth, n->ply + 1, n->tply + changed, n->root_turn && !changed, true, MOVE_NONE};
    if (changed)
        return -negamax(s, -beta, -alpha, c);
    return negamax(s, alpha, beta, c);
}

/* The other side moves twice: if we still reach beta, the node is good enough. */
static int null_move_search(struct searcher *s, const struct node *n, int beta)
{
    int r = 3 + n->depth / 6;
    make_null(&s->pos);
    s->cont_key[n->ply] = -1;
    struct node c = {n->depth - 1 - r, n->ply + 1, n->tply + 1, false, false, MOVE_NONE};
    int score = -negamax(s, -beta, -beta + 1, c);
    unmake_null(&s->pos);
    return score;
}

/* Plies less for a late quiet step (0: search it in full): fewer for a
 * step with a good history, more for one with a bad history. */
static int late_move_reduction(int depth, int searched, bool pv_node, int new_depth, int history)
{
    int r = lmr_table[depth < LMR_MAX ? depth : LMR_MAX - 1][searched < LMR_MAX ? searched : LMR_MAX - 1];
    if (pv_node)
        r--;
    r -= history / LMR_HISTORY_DIVISOR;
    if (r < 0)
        r = 0;
    if (r > new_depth - 1)
        r = new_depth - 1 > 0 ? new_depth - 1 : 0;
    return r;
}

/* A root step searched in full improved the best line of this iteration. */
static void note_root_best(struct searcher *s, int score)
{
    s->iter_valid = true;
    s->iter_score = score;
    s->iter_pv_len = s->pv_len[0];
    memcpy(s->iter_pv, s->pv[0], (size_t)s->pv_len[0] * sizeof(Move));
}

/* Text of the root turn up to and including step m (made next at ply). */
static void extend_root_prefix(struct searcher *s, int ply, Move m)
{
    char text[TURN_TEXT_LEN];
    step_text(&s->pos, m, text, sizeof text);
    memcpy(s->prefix[ply + 1], s->prefix[ply], TURN_TEXT_LEN);
    search_text_append(s->prefix[ply + 1], TURN_TEXT_LEN, ply ? "," : "", text);
}

/* Near the leaves, a step whose exchange loses more than the depth can win
 * back is not searched: captures by a margin per ply, quiet steps (which
 * stand on an attacked square) by one growing with the square of the depth.
 * m is the step `l` handed out last: move ordering has already judged a
 * capture's exchange against 0, so only one it found losing is asked again. */
static bool loses_too_much(const struct position *pos, const struct scored_list *l, Move m, bool quiet, int depth)
{
    if (depth > SEE_PRUNE_MAX_DEPTH || (!quiet && !movepick_last_losing(l)))
        return false;
    int threshold = quiet ? -SEE_QUIET_MARGIN * depth * depth : -SEE_CAPTURE_MARGIN * depth;
    return see_below(pos, m, threshold);
}

/* The hash step may be singular: deep enough, its stored score a lower
 * bound (or exact) from a search nearly as deep, and not a mate score. */
static bool singular_candidate(const struct searcher *s, const struct node *n, const struct tt_entry *te)
{
    if (n->root_turn || n->excluded || n->depth < SINGULAR_MIN_DEPTH || !checks_extendable(s, n->ply))
        return false;
    enum tt_bound b = tt_bound_of(te);
    if (b == TT_UPPER || te->depth < n->depth - SINGULAR_TT_DEPTH_SLACK)
        return false;
    int ts = score_from_tt(te->score, n->tply);
    return ts > -SCORE_MATE_BOUND && ts < SCORE_MATE_BOUND;
}

/* Searches the node without its hash step, at half depth, against a bound
 * a little below the hash step's score. Returns 1 (extend the hash step)
 * when every other step falls short of it: the hash step is singular.
 * Returns -1 with *cut set when even the others reach beta (multi-cut:
 * several steps hold, the node fails high), else 0. */
static int singular_extension(struct searcher *s, const struct node *n, const struct tt_entry *te, int beta, int *cut)
{
    int singular_beta = score_from_tt(te->score, n->tply) - SINGULAR_MARGIN * n->depth;
    struct node sn = *n;
    sn.depth = (n->depth - 1) / 2;
    sn.excluded = te->move;
    int score = negamax(s, singular_beta - 1, singular_beta, sn);
    if (score < singular_beta)
        return 1;
    if (singular_beta >= beta) {
        *cut = singular_beta;
        return -1;
    }
    return 0;
}

static int negamax(struct searcher *s, int alpha, int beta, struct node n)
{
    struct position *pos = &s->pos;
    const struct variant *v = s->v;
    int ply = n.ply;
    bool pv_node = beta - alpha > 1;
    bool excluding = n.root_turn && s->limits.excluded_count > 0 && ply < MAX_TURN_STEPS;
    s->pv_len[ply] = ply;
    if (ply > 0 && should_abort(s))
        return 0;
    bool turn_start = at_turn_start(s);
    int score;
    if (ply > 0 && turn_start && rule_draw(s, n.tply, &score))
        return score;
    if (n.depth <= 0) {
        if (!n.root_turn)
            return quiesce(s, alpha, beta, ply, n.tply);
        n.depth = 1; /* the root turn is always searched to its end */
    }
    if (ply >= MAX_PLY - 1 || history_full(pos))
        return evaluate(s, pos);
    s->nodes++;
    if (ply > s->seldepth)
        s->seldepth = ply;

    uint64_t key = search_tt_key(pos);
    struct tt_entry te;
    Move hash_move = MOVE_NONE;
    bool tt_hit = tt_probe(&s->engine->tt, key, &te);
    if (tt_hit) {
        hash_move = te.move;
        if (!pv_node && !excluding && !n.excluded && ply > 0 && te.depth >= n.depth &&
            tt_cutoff(&te, n.tply, alpha, beta, &score))
            return score;
    }

    bool in_check = turn_start && v->has_check && v->in_check(pos);
    if (in_check && checks_extendable(s, ply))
        n.depth++;

    /* Pruning by the static evaluation needs a whole-turn position to judge,
     * and only such pruning reads it: elsewhere (PV nodes, checks, the middle
     * of a turn, a singular search) the evaluation is not computed. */
    bool judged = !pv_node && !in_check && turn_start && !n.root_turn && !n.excluded;
    int static_eval = !judged ? -SCORE_INFINITE : tt_hit && te.eval != -SCORE_INFINITE ? te.eval : evaluate(s, pos);
    bool prunable = judged && alpha > -SCORE_MATE_BOUND && beta < SCORE_MATE_BOUND;

    /* Reverse futility: far above beta near the leaves, assume it holds. */
    if (prunable && n.depth <= RFP_MAX_DEPTH && static_eval - RFP_MARGIN * n.depth >= beta)
        return static_eval;

    if (!pv_node && n.null_ok && !n.excluded && v->allow_null_move && turn_start && !in_check && !n.root_turn &&
        n.depth >= NULL_MIN_DEPTH && static_eval >= beta && has_big_pieces(pos)) {
        score = null_move_search(s, &n, beta);
        if (s->aborted)
            return 0;
        if (score >= beta)
            return score > SCORE_MATE_BOUND ? beta : score;
    }

    /* No hash move to try first: a shallower search is cheaper than a bad order. */
    if (hash_move == MOVE_NONE && n.depth >= IIR_MIN_DEPTH && !n.root_turn)
        n.depth--;

    /* Before this node's list is generated: the singular search uses the same ply's list. */
    int singular = 0;
    if (tt_hit && hash_move != MOVE_NONE && singular_candidate(s, &n, &te)) {
        singular = singular_extension(s, &n, &te, beta, &score);
        if (s->aborted)
            return 0;
        if (singular < 0)
            return score;
    }

    struct scored_list *l = &s->lists[ply];
    generate_all(s, l);
    struct outcome oc = search_outcome(pos, l->count);
    /* At the root a drawn position with legal steps (dead by material) is
     * still searched, so that analysis shows lines (every one a draw). */
    bool searched_anyway = ply == 0 && oc.result == RESULT_DRAW && l->count > 0;
    if (l->count == 0 || (oc.result != RESULT_NONE && !searched_anyway))
        return search_outcome_score(pos, oc.result, n.tply);
    movepick_score(s, l, ply, hash_move);

    int alpha_orig = alpha;
    int best = -SCORE_INFINITE;
    Move best_move = MOVE_NONE;
    int searched = 0;
    Color side = pos->side;
    Move m;
    bool futile = prunable && n.depth <= FUTILITY_MAX_DEPTH && static_eval + FUTILITY_MARGIN * n.depth <= alpha;
    int late_limit = LMP_BASE + 2 * n.depth * n.depth;
    int pruned_best = -SCORE_INFINITE;
    while ((m = movepick_next(l)) != MOVE_NONE) {
        if (m == n.excluded)
            continue;
        bool quiet = movepick_is_quiet(pos, m);
        bool killer = m == s->killers[ply][0] || m == s->killers[ply][1];
        /* Quiet steps that cannot lift the score to alpha, and late quiet
         * steps near the leaves, are not searched. */
        if (prunable && quiet && searched > 0 && !killer &&
            (futile || (n.depth <= LMP_MAX_DEPTH && searched >= late_limit))) {
            if (futile)
                pruned_best = static_eval + FUTILITY_MARGIN * n.depth; /* at most alpha */
            continue;
        }
        if (prunable && searched > 0 && !killer && best > -SCORE_MATE_BOUND && loses_too_much(pos, l, m, quiet, n.depth))
            continue;
        if (excluding)
            extend_root_prefix(s, ply, m);
        variant_make(pos, m);
        tt_prefetch(&s->engine->tt, search_tt_key(pos));
        s->cont_key[ply] = conthist_key(s, pos->board[move_to(m)], move_to(m));
        bool changed = pos->side != side;
        if (excluding && changed && search_turn_excluded(&s->limits, s->prefix[ply + 1])) {
            variant_unmake(pos, m);
            continue;
        }
        int new_depth = n.depth - 1 + (m == hash_move ? singular : 0);
        if (searched == 0) {
            score = child(s, alpha, beta, &n, new_depth, changed);
        } else {
            int r = 0;
            bool gives_check = changed && v->has_check && v->in_check(pos);
            if (n.depth >= 3 && searched >= 3 && quiet && !in_check && !killer && !gives_check)
                r = late_move_reduction(n.depth, searched, pv_node, new_depth, *history_slot(s, side, m));
            score = child(s, alpha, alpha + 1, &n, new_depth - r, changed);
            if (score > alpha && r > 0)
                score = child(s, alpha, alpha + 1, &n, new_depth, changed);
            if (score > alpha && score < beta)
                score = child(s, alpha, beta, &n, new_depth, changed);
        }
        variant_unmake(pos, m);
        if (s->aborted)
            return 0;
        searched++;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                update_pv(s, ply, m);
                if (ply == 0)
                    note_root_best(s, score);
                if (score >= beta) {
                    if (quiet)
                        reward_quiet(s, ply, m, n.depth, l, l->next - 1);
                    break;
                }
            }
        }
    }
    if (searched == 0)
        return pruned_best > -SCORE_INFINITE ? pruned_best : -SCORE_INFINITE + 1; /* else: all excluded */
    if (pruned_best > best)
        best = pruned_best;
    if (!excluding && !n.excluded) {
        enum tt_bound b = best >= beta ? TT_LOWER : best > alpha_orig ? TT_EXACT : TT_UPPER;
        tt_store(&s->engine->tt, key, best_move, score_to_tt(best, n.tply), static_eval, n.depth, b);
    }
    return best;
}

int search_root(struct searcher *s, int alpha, int beta, int depth)
{
    s->prefix[0][0] = '\0';
    s->root_depth = depth;
    struct node n = {depth, 0, 0, true, false, MOVE_NONE};
    return negamax(s, alpha, beta, n);
}
