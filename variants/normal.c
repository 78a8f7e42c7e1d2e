/* Orthodox chess: the chess family with FIDE powers. */
#include "variants/core/platform.h"
#include "variants/chess.h"
#include "variants/evaluate.h"

static struct chess_rules normal_rules;
static pf_once_flag normal_rules_once = PF_ONCE_INIT;

static void build_normal_rules(void) { chess_rules_declared(&normal_rules, &normal_game); }

static const int normal_piece_values[MAX_TYPES] = {0, 100, 320, 330, 500, 900, 20000};

static void normal_reset_rules(struct position *pos)
{
    pf_once(&normal_rules_once, build_normal_rules);
    pos->rules = &normal_rules;
}

/* A dead position by material (FIDE 5.2.2, and what XBoard and other
 * referees adjudicate): no checkmate can follow when, besides the Kings,
 * there is at most one minor piece, or only Bishops all on squares of one
 * colour. */
static bool dead_by_material(const struct position *pos)
{
    int knights = 0, bishops_by_shade[2] = {0, 0};
    for (Color c = WHITE; c <= BLACK; c++) {
        for (int i = 0; i < pos->pcount[c]; i++) {
            Square sq = pos->plist[c][i];
            switch (piece_type(pos->board[sq])) {
            case KING: break;
            case KNIGHT: knights++; break;
            case BISHOP: bishops_by_shade[(square_col(sq) + square_rank(sq)) & 1]++; break;
            default: return false;
            }
        }
    }
    int minors = knights + bishops_by_shade[0] + bishops_by_shade[1];
    return minors <= 1 || (knights == 0 && (bishops_by_shade[0] == 0 || bishops_by_shade[1] == 0));
}

static struct outcome normal_outcome(struct position *pos, int legal_steps)
{
    struct outcome o = chess_outcome(pos, legal_steps);
    if (o.result == RESULT_NONE && dead_by_material(pos))
        return (struct outcome){RESULT_DRAW, "Insufficient material"};
    return o;
}

static const char *const normal_bench[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    NULL,
};

const struct variant variant_normal = {
    .id = "normal",
    .title = "Orthodox chess",
    .geo = {8, 8, {0, 1, 2, 3, 4, 5, 6, 7}},
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    .bench_fens = normal_bench,
    .bench_depth = 11,
    .piece_letters = ".PNBRQK",
    .royal_type = KING,
    .has_castling = true,
    .steps_are_turns = true,
    .has_san = true,
    .reset_rules = normal_reset_rules,
    .validate = chess_validate,
    .read_ep = chess_read_ep,
    .generate = chess_generate,
    .make = chess_make,
    .unmake = chess_unmake,
    .in_check = chess_in_check,
    .is_capture = chess_is_capture,
    .outcome = normal_outcome,
    .count_turns = chess_count_turns,
    .format_step = chess_format_step,
    .evaluate = evaluate_normal,
    .eval_params = &normal_eval_params,
    .generate_noisy = chess_generate_captures,
    .allow_null_move = true,
    .piece_values = normal_piece_values,
    .see = chess_see,
    .has_check = true,
};
