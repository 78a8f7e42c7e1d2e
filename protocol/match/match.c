#include "protocol/match/match.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "variants/adjudicate.h"
#include "engine/baseline.h"
#include "variants/core/clock.h"
#include "engine/elo.h"
#include "variants/core/fen.h"
#include "protocol/match/match_config.h"
#include "protocol/match/match_report.h"
#include "protocol/match/openings.h"
#include "protocol/match/pgn.h"
#include "protocol/match/player.h"
#include "protocol/match/refusals.h"
#include "variants/registry.h"

enum { EXIT_OK = MATCH_EXIT_OK, EXIT_FAIL = MATCH_EXIT_FAIL };

enum end_kind { END_RULES, END_RESIGN, END_TIME, END_ILLEGAL, END_CRASH, END_CLAIM, END_ERROR, END_LENGTH };

struct shared {
    const struct match_config *cfg;
    pthread_mutex_t lock;
    int next_game;
    int finished;
    bool stop;
    struct match_tally tally;
    FILE *pgn;
    char date[16], site[64];
    enum sprt_state sprt_state;
};

/* ---- One game ------------------------------------------------------------- */

struct worker {
    struct shared *sh;
    struct player players[2];
    struct position *pos;
    struct opening opening;
    char (*moves)[TURN_TEXT_LEN];
    /* A game with a hidden setting: its rules under the drawn value, and the
     * turns refused in the position now. */
    struct settings rules;
    bool has_rules;
    struct refusals refused;
};

struct game_end {
    enum game_result result;
    enum end_kind kind;
    int culprit;            /* engine index at fault, -1 when none */
    char reason[300];
};

static const char *colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

static void lose(struct game_end *e, Color loser, int engine, enum end_kind kind, const char *fmt, const char *what)
{
    e->result = loser == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
    e->kind = kind;
    e->culprit = engine;
    char words[256], detail[160];
    text_copy(detail, sizeof detail, what);
    snprintf(words, sizeof words, fmt, detail);
    snprintf(e->reason, sizeof e->reason, "%s %s", colour_name(loser), words);
}

static int64_t move_deadline(const struct match_config *c, const struct game_view *g, Color side)
{
    int64_t now = clock_ms();
    const struct limits *l = g->limits[side];
    switch (l->kind) {
    case LIMIT_CLOCK: return now + (g->clock_ms[side] > 0 ? g->clock_ms[side] : 0) + c->margin_ms;
    case LIMIT_MOVETIME: return now + l->movetime_ms + c->margin_ms;
    default: return now + c->max_wait_ms;
    }
}

/* Starts a player if needed and prepares the game; false after filling e. */
static bool ready_player(struct worker *w, int engine, Color colour, const struct game_view *g, uint64_t seed,
                         struct game_end *e)
{
    const struct match_config *c = w->sh->cfg;
    struct player *p = &w->players[engine];
    char err[512];
    if (!p->running) {
        p->debug = c->debug;
        p->handshake_ms = c->max_wait_ms < 10000 ? c->max_wait_ms : 10000;
        if (player_start(p, &c->engines[engine], c->variant, err, sizeof err)) {
            lose(e, colour, engine, END_CRASH, "engine could not start: %s", err);
            return false;
        }
    }
    if (player_new_game(p, g, seed, err, sizeof err)) {
        lose(e, colour, engine, END_CRASH, "engine failed to start the game: %s", err);
        player_quit(p);
        return false;
    }
    return true;
}

/* A reply that is not a move ends the game: false after filling e. */
static bool reply_is_move(const struct reply *r, Color side, int engine, struct game_end *e)
{
    switch (r->kind) {
    case REPLY_TIMEOUT: lose(e, side, engine, END_TIME, "%s", "loses on time (no move)"); return false;
    case REPLY_CRASH: lose(e, side, engine, END_CRASH, "loses: %s", r->text); return false;
    case REPLY_ERROR: lose(e, side, engine, END_ERROR, "loses: %s", r->text); return false;
    case REPLY_RESIGN:
        lose(e, side, engine, END_RESIGN, "%s", "resigns");
        e->culprit = -1;
        return false;
    case REPLY_CLAIM: lose(e, side, engine, END_CLAIM, "loses " FAULT_WORDS_CLAIM ": %s", r->text); return false;
    case REPLY_MOVE: break;
    }
    return true;
}

/* Charges a reply's time to the side's clock; false after filling e (lost on time). */
static bool charge_clock(const struct match_config *c, struct game_view *g, Color side, int engine, int64_t elapsed,
                         struct game_end *e)
{
    const struct limits *l = g->limits[side];
    if (l->kind == LIMIT_CLOCK) {
        g->clock_ms[side] -= elapsed;
        if (g->clock_ms[side] < -c->margin_ms) {
            lose(e, side, engine, END_TIME, "%s", "loses on time");
            return false;
        }
        if (g->clock_ms[side] < 0)
            g->clock_ms[side] = 0; /* late within the margin: tolerated */
    } else if (l->kind == LIMIT_MOVETIME && elapsed > l->movetime_ms + c->margin_ms) {
        lose(e, side, engine, END_TIME, "%s", "loses on time (over the time per move)");
        return false;
    }
    return true;
}

/* A game with a hidden setting: the tried turn r->move is not legal under the
 * drawn value. The player is told so alone and asked again (into r), unless
 * the refusals' rule (refusals.h) makes it lose: false after filling e. */
static bool refuse_turn(struct worker *w, struct game_view *g, int engine, struct reply *r, struct game_end *e)
{
    Color side = g->pos->side;
    char why[TURN_TEXT_LEN + 64];
    if (refusals_note(&w->refused, r->move, why, sizeof why)) {
        lose(e, side, engine, END_ILLEGAL, "loses " FAULT_WORDS_ILLEGAL ": %s", why);
        return false;
    }
    char move[TURN_TEXT_LEN];
    snprintf(move, sizeof move, "%s", r->move);
    player_refused(&w->players[engine], g, move, move_deadline(w->sh->cfg, g, side), r);
    return true;
}

/* Asks the side to move for its turn until one is legal (a game with a
 * hidden setting refuses the others); false after filling e. */
static bool next_turn(struct worker *w, struct game_view *g, int engine, struct turn *t, struct game_end *e)
{
    const struct match_config *c = w->sh->cfg;
    Color side = g->pos->side;
    struct reply r;
    refusals_clear(&w->refused);
    int64_t start = clock_ms();
    player_move(&w->players[engine], g, move_deadline(c, g, side), &r);
    for (;;) {
        int64_t now = clock_ms();
        if (!reply_is_move(&r, side, engine, e) || !charge_clock(c, g, side, engine, now - start, e))
            return false;
        if (match_parse_turn(g->pos, r.move, t) == 0)
            return true;
        if (!c->hidden) {
            lose(e, side, engine, END_ILLEGAL, "loses " FAULT_WORDS_ILLEGAL ": %s", r.move);
            return false;
        }
        start = now;
        if (!refuse_turn(w, g, engine, &r, e))
            return false;
    }
}

static void play_moves(struct worker *w, struct game_view *g, const int engine_of[2], struct game_end *e)
{
    const struct match_config *c = w->sh->cfg;
    struct position *pos = w->pos;
    for (;;) {
        struct outcome o = game_adjudicate(pos);
        if (o.result != RESULT_NONE) {
            e->result = o.result;
            e->kind = END_RULES;
            snprintf(e->reason, sizeof e->reason, "%s", o.reason ? o.reason : "Game over");
            return;
        }
        if (pos->ply + 2 * MAX_TURN_STEPS >= MAX_HISTORY || g->nmoves >= MAX_HISTORY - 1) {
            e->result = RESULT_DRAW;
            e->kind = END_LENGTH;
            snprintf(e->reason, sizeof e->reason, "Draw: game longer than %d steps", pos->ply);
            return;
        }
        if (c->max_moves && g->nmoves - w->opening.nmoves >= 2 * c->max_moves) {
            e->result = RESULT_DRAW;
            e->kind = END_LENGTH;
            snprintf(e->reason, sizeof e->reason, "Draw by adjudication after %d moves", c->max_moves);
            return;
        }
        Color side = pos->side;
        const struct limits *l = g->limits[side];
        struct turn t;
        if (!next_turn(w, g, engine_of[side], &t, e))
            return;
        turn_make(pos, &t);
        snprintf(g->moves[g->nmoves++], TURN_TEXT_LEN, "%s", t.text);
        if (l->kind == LIMIT_CLOCK) {
            g->clock_ms[side] += l->inc_ms;
            if (l->moves_per_session && --g->moves_to_go[side] == 0) {
                g->clock_ms[side] += l->base_ms;
                g->moves_to_go[side] = l->moves_per_session;
            }
        }
    }
}

static const char *termination_of(enum end_kind k)
{
    switch (k) {
    case END_RULES:
    case END_RESIGN: return "normal";
    case END_TIME: return "time forfeit";
    case END_CRASH: return "abandoned";
    case END_LENGTH: return "adjudication";
    default: return "rules infraction";
    }
}

static void record_game(struct worker *w, int index, const int engine_of[2], const struct game_view *g,
                        const struct game_end *e);

/* The rules game `index` is played by: the match's, or with a hidden
 * setting, the match's with a value drawn for this game (told to no engine;
 * the PGN gives it). 0, or -1 with err. */
static int game_rules(struct worker *w, int index, const struct settings **out, char *err, size_t errlen)
{
    const struct match_config *c = w->sh->cfg;
    *out = &c->rules;
    if (!c->hidden)
        return 0;
    if (w->has_rules)
        settings_free(&w->rules);
    w->has_rules = false;
    const struct hidden_setting *h = c->variant->hidden;
    char text[SETTINGS_TEXT_LEN], value[128];
    settings_text(&c->rules, text, sizeof text);
    uint64_t state = c->seed * 0x100000001B3ULL + (uint64_t)index; /* fixed by --seed and the game's number */
    h->value((int)(baseline_rand(&state) % (uint64_t)h->count), value, sizeof value);
    if (settings_init(&w->rules, c->variant, err, errlen))
        return -1;
    w->has_rules = true;
    if (settings_read_text(&w->rules, text, err, errlen) || settings_set(&w->rules, h->option, value, err, errlen))
        return -1;
    *out = &w->rules;
    return 0;
}

static void play_game(struct worker *w, int index)
{
    const struct match_config *c = w->sh->cfg;
    make_opening(c, c->distinct_openings ? index : index / 2, w->pos, &w->opening);
    char err[VARIANT_ERR_LEN];
    const struct settings *rules;
    if (game_rules(w, index, &rules, err, sizeof err))
        fprintf(stderr, "rulezero match: game %d: %s\n", index + 1, err);
    fen_read_with(w->pos, rules, w->opening.fen, err, sizeof err);
    struct game_view g = {0};
    g.variant = c->variant;
    g.start_fen = w->opening.fen;
    g.standard_start = strcmp(w->opening.fen, c->variant->start_fen) == 0;
    g.moves = w->moves;
    g.pos = w->pos;
    for (int i = 0; i < w->opening.nmoves; i++) {
        struct turn t;
        if (turn_parse(w->pos, w->opening.moves[i], &t))
            break;
        turn_make(w->pos, &t);
        snprintf(g.moves[g.nmoves++], TURN_TEXT_LEN, "%s", t.text);
    }
    /* Even games: the first engine has White. */
    int engine_of[2] = {index % 2, 1 - index % 2};
    for (Color side = WHITE; side <= BLACK; side++) {
        g.limits[side] = &c->engines[engine_of[side]].limits;
        g.clock_ms[side] = g.limits[side]->base_ms;
        g.moves_to_go[side] = g.limits[side]->moves_per_session;
    }
    struct game_end e = {RESULT_NONE, END_RULES, -1, ""};
    uint64_t seed = c->seed ^ ((uint64_t)(index + 1) * 0x9E3779B97F4A7C15ull);
    bool ready = ready_player(w, engine_of[WHITE], WHITE, &g, seed, &e) &&
                 ready_player(w, engine_of[BLACK], BLACK, &g, seed ^ 0x5555555555555555ull, &e);
    if (ready)
        play_moves(w, &g, engine_of, &e);
    for (int i = 0; i < 2; i++) {
        player_game_over(&w->players[i], result_text(e.result), e.reason);
        if (e.culprit == i || (e.kind == END_CRASH && e.culprit == i))
            player_quit(&w->players[i]); /* a fresh process for the next game */
    }
    record_game(w, index, engine_of, &g, &e);
}

/* ---- Results ------------------------------------------------------------------ */

static void print_score_line(const struct shared *sh, FILE *out)
{
    const struct wdl *s = &sh->tally.score;
    char elo[16], err[16];
    elo_format(elo_diff(s), elo, sizeof elo);
    elo_format(elo_error95(s), err, sizeof err);
    fprintf(out, "%d games: %s +%d =%d -%d, Elo %s +/- %s", wdl_games(s), sh->cfg->engines[0].name, s->wins,
            s->draws, s->losses, elo, err);
}

static enum fault_kind fault_of(enum end_kind k)
{
    switch (k) {
    case END_TIME: return FAULT_TIME;
    case END_ILLEGAL: return FAULT_ILLEGAL;
    case END_CRASH: return FAULT_CRASH;
    case END_CLAIM: return FAULT_CLAIM;
    case END_ERROR: return FAULT_ERROR;
    default: return FAULT_NONE;
    }
}

static void record_game(struct worker *w, int index, const int engine_of[2], const struct game_view *g,
                        const struct game_end *e)
{
    struct shared *sh = w->sh;
    const struct match_config *c = sh->cfg;
    pthread_mutex_lock(&sh->lock);
    sh->finished++;
    int first_colour = engine_of[WHITE] == 0 ? WHITE : BLACK;
    int first_won = e->result == RESULT_DRAW                                             ? 0
                    : (e->result == RESULT_WHITE_WINS) == (first_colour == WHITE) ? 1
                                                                                    : -1;
    tally_game(&sh->tally, first_won, e->culprit >= 0 ? fault_of(e->kind) : FAULT_NONE, e->culprit);
    const struct player_config *wcfg = &c->engines[engine_of[WHITE]], *bcfg = &c->engines[engine_of[BLACK]];
    const char *white = wcfg->name, *black = bcfg->name;
    bool one_control = strcmp(wcfg->tc_text, bcfg->tc_text) == 0;
    if (sh->pgn) {
        char options[SETTINGS_TEXT_LEN];
        settings_text(w->has_rules ? &w->rules : &c->rules, options, sizeof options); /* the drawn value at the end */
        struct game_record rec = {
            .variant = c->variant, .event = "Rule Zero match", .site = sh->site, .date = sh->date,
            .round = index + 1, .white = white, .black = black, .start_fen = g->start_fen,
            .setup = !g->standard_start, .time_control = one_control ? wcfg->tc_text : NULL,
            .white_time_control = one_control ? NULL : wcfg->tc_text,
            .black_time_control = one_control ? NULL : bcfg->tc_text, .variant_options = options,
            .result = result_text(e->result), .termination = termination_of(e->kind), .reason = e->reason,
            .nmoves = g->nmoves, .moves = g->moves, .opening_plies = w->opening.nmoves,
        };
        pgn_write(sh->pgn, &rec);
        fflush(sh->pgn);
    }
    printf("Game %d/%d %s vs %s: %s {%s} | ", index + 1, c->games, white, black, result_text(e->result), e->reason);
    print_score_line(sh, stdout);
    printf("\n");
    if (c->verbose) {
        char fen[FEN_MAX_LEN];
        fen_write(w->pos, fen, sizeof fen);
        printf("  final position: %s\n", fen);
    }
    fflush(stdout);
    /* A decision stands; games under way still count. A shard plays all its
     * games: the test belongs to the merged result. */
    if (c->sprt_on && !c->shard_count && sh->sprt_state == SPRT_CONTINUE) {
        sh->sprt_state = sprt_decide(&sh->tally.score, &c->sprt);
        if (sh->sprt_state != SPRT_CONTINUE)
            sh->stop = true;
    }
    pthread_mutex_unlock(&sh->lock);
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct shared *sh = w->sh;
    for (;;) {
        pthread_mutex_lock(&sh->lock);
        int index = sh->stop ? -1 : match_game_index(sh->cfg, sh->next_game);
        while (index >= 0 && match_game_done(sh->cfg, index))
            index = match_game_index(sh->cfg, ++sh->next_game);
        if (index >= 0)
            sh->next_game++;
        pthread_mutex_unlock(&sh->lock);
        if (index < 0)
            break;
        play_game(w, index);
    }
    for (int i = 0; i < 2; i++)
        player_quit(&w->players[i]);
    return NULL;
}

static void print_summary(const struct shared *sh)
{
    const struct match_config *c = sh->cfg;
    const char *names[2] = {c->engines[0].name, c->engines[1].name};
    printf("\n");
    match_print_summary(stdout, names, c->variant->id, &sh->tally, c->sprt_on ? &c->sprt : NULL, sh->sprt_state);
}

/* Names: given, else the engine's own, else the command; made distinct. */
static int prepare_engines(struct match_config *c)
{
    for (int i = 0; i < 2; i++) {
        struct player_config *e = &c->engines[i];
        if (e->protocol == PROTO_AUTO || strncmp(e->cmd, "builtin:", 8) == 0)
            e->protocol = player_detect(e, c->max_wait_ms < 5000 ? c->max_wait_ms : 5000, c->debug);
        struct player probe = {0};
        probe.debug = c->debug;
        probe.handshake_ms = c->max_wait_ms < 10000 ? c->max_wait_ms : 10000;
        char err[512];
        if (player_start(&probe, e, c->variant, err, sizeof err)) {
            fprintf(stderr, "rulezero match: %s\n", err);
            return -1;
        }
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", probe.engine_name);
        bool cannot_setup = c->fen_count > 0 && probe.protocol == PROTO_CECP && !probe.setboard;
        player_quit(&probe);
        if (c->hidden && probe.protocol != PROTO_CECP) {
            fprintf(stderr, "rulezero match: %s: a game with a hidden setting needs CECP engines (UCI has no "
                            "answer for a refused move; a built-in player would see the setting)\n", e->name);
            return -1;
        }
        if (cannot_setup) {
            fprintf(stderr, "rulezero match: %s cannot set up positions (no setboard=1); use --random-plies\n",
                    e->name);
            return -1;
        }
    }
    if (strcmp(c->engines[0].name, c->engines[1].name) == 0) {
        size_t len = strlen(c->engines[1].name);
        if (len > sizeof c->engines[1].name - 5)
            len = sizeof c->engines[1].name - 5;
        snprintf(c->engines[1].name + len, 5, " (2)");
    }
    return 0;
}

static void fill_date_site(struct shared *sh)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(sh->date, sizeof sh->date, "%Y.%m.%d", &tm);
    if (gethostname(sh->site, sizeof sh->site) != 0)
        snprintf(sh->site, sizeof sh->site, "?");
    sh->site[sizeof sh->site - 1] = '\0';
}

/* Games of this run (the whole match or the shard) not yet in the PGN file. */
static int games_left(const struct match_config *c)
{
    int left = 0;
    for (int k = 0, index; (index = match_game_index(c, k)) >= 0; k++)
        left += !match_game_done(c, index);
    return left;
}

int match_main(int argc, char **argv)
{
    struct match_config c = {0};
    c.games = 2;
    c.seed = 1;
    c.concurrency = 1;
    c.margin_ms = 50;
    c.max_wait_ms = 60000;
    int rc = match_parse_options(argc, argv, &c);
    if (rc)
        return rc == MATCH_EXIT_DONE ? MATCH_EXIT_OK : rc;
    if (c.merge)
        return match_merge_main(&c);
    signal(SIGPIPE, SIG_IGN);
    if (match_apply_variant_options(&c)) {
        settings_free(&c.rules);
        return EXIT_FAIL;
    }
    if (c.resume && match_resume_load(&c)) {
        settings_free(&c.rules);
        free(c.done);
        return EXIT_FAIL;
    }
    if (c.resume && c.done_count)
        printf("Resuming: %d of the %d games are in %s\n", c.done_count, c.games, c.pgn_path);
    if (c.resume && games_left(&c) == 0) {
        printf("Nothing to play: every game is in %s\n", c.pgn_path);
        settings_free(&c.rules);
        free(c.done);
        return EXIT_OK;
    }
    struct position *scratch = malloc(sizeof *scratch);
    bool loaded = scratch && !(c.openings_path && load_openings(&c, scratch));
    free(scratch);
    if (!loaded || prepare_engines(&c)) {
        settings_free(&c.rules);
        free(c.done);
        return EXIT_FAIL;
    }

    struct shared sh = {0};
    sh.cfg = &c;
    if (c.resume) { /* the games already played count, and the SPRT goes on from them */
        sh.tally = c.resumed;
        if (c.sprt_on && !c.shard_count && (sh.sprt_state = sprt_decide(&sh.tally.score, &c.sprt)) != SPRT_CONTINUE)
            sh.stop = true;
    }
    pthread_mutex_init(&sh.lock, NULL);
    fill_date_site(&sh);
    if (c.pgn_path && !(sh.pgn = fopen(c.pgn_path, "a"))) {
        fprintf(stderr, "rulezero match: cannot write '%s'\n", c.pgn_path);
        free(c.done);
        return EXIT_FAIL;
    }
    int games = match_game_count(&c);
    int workers = c.concurrency < games ? c.concurrency : games;
    struct worker *w = calloc((size_t)workers, sizeof *w);
    pthread_t *threads = calloc((size_t)workers, sizeof *threads);
    bool ok = w && threads;
    for (int i = 0; ok && i < workers; i++) {
        w[i].sh = &sh;
        w[i].pos = malloc(sizeof *w[i].pos);
        w[i].moves = malloc(MAX_HISTORY * sizeof *w[i].moves);
        ok = w[i].pos && w[i].moves && refusals_init(&w[i].refused) == 0;
    }
    int started = 0;
    for (; ok && started < workers; started++)
        if (pthread_create(&threads[started], NULL, worker_main, &w[started]))
            break;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    if (ok && started)
        print_summary(&sh);
    for (int i = 0; w && i < workers; i++) {
        free(w[i].pos);
        free(w[i].moves);
        refusals_free(&w[i].refused);
        if (w[i].has_rules)
            settings_free(&w[i].rules);
    }
    free(w);
    free(threads);
    if (sh.pgn)
        fclose(sh.pgn);
    for (int i = 0; i < c.fen_count; i++)
        free(c.fens[i]);
    free(c.fens);
    settings_free(&c.rules);
    free(c.done);
    pthread_mutex_destroy(&sh.lock);
    return ok && started ? EXIT_OK : EXIT_FAIL;
}
