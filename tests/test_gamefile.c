/* Game files (docs/gamefiles.md): the games of a file registered and played
 * like the built-in ones, and each kind of refusal with its file, line,
 * field and what is allowed, through the registry's public interface. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft/perft.h"
#include "variants/core/fen.h"
#include "variants/core/settings.h"
#include "variants/core/turn.h"
#include "variants/core_games.h"
#include "variants/gamefile.h"
#include "variants/registry.h"
#include "variants/view.h"

static char err[VARIANT_ERR_LEN];

#define PIECES                                                                                                     \
    "piece = P, Pawn\npiece = N, Knight, N\npiece = B, Bishop, B\npiece = R, Rook, R\npiece = Q, Queen, Q\n"       \
    "piece = K, King, K\n"
#define START "start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
#define CASTLING "castling = e1 g1 h1 f1, e1 c1 a1 d1, e8 g8 h8 f8, e8 c8 a8 d8\n"
/* A chess game: lines 1-11. */
#define CHESS "[mine]\nfamily = chess\nname = Mine\n" PIECES START CASTLING
#define POLY_PIECES                                                                                                \
    "piece = P, Pawn\npiece = N, Knight\npiece = B, Bishop\npiece = R, Rook\npiece = Q, Queen\npiece = K, King\n"

static void setup(void)
{
    zobrist_init();
    variant_unload_files();
}

static void teardown(void) { variant_unload_files(); }

/* Perft of v (its start when fen is NULL) under its defaults, or with the
 * setting `name` (NULL: none) set to `value`. */
static uint64_t perft_set(const struct variant *v, const char *name, const char *value, const char *fen, int depth)
{
    struct settings s;
    struct position *pos = malloc(sizeof *pos);
    ck_assert_int_eq(settings_init(&s, v, err, sizeof err), 0);
    if (name)
        ck_assert_msg(settings_set(&s, name, value, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(fen_read_with(pos, &s, fen ? fen : v->start_fen, err, sizeof err) == 0, "%s", err);
    uint64_t n = perft(pos, depth, true);
    settings_free(&s);
    free(pos);
    return n;
}

static uint64_t perft_of(const struct variant *v, const char *fen, int depth)
{
    return perft_set(v, NULL, NULL, fen, depth);
}

/* The refusal of `text` is exactly `want`, and no game joins the registry. */
static void refused(const char *text, const char *want)
{
    int before = variant_count();
    err[0] = '\0';
    ck_assert_msg(variant_load_text("g.ini", text, err, sizeof err) == -1, "accepted:\n%s", text);
    ck_assert_str_eq(err, want);
    ck_assert_int_eq(variant_count(), before);
}

START_TEST(chess_game_registered_and_played)
{
    int before = variant_count();
    ck_assert_msg(variant_load_text("g.ini", CHESS, err, sizeof err) == 1, "%s", err);
    ck_assert_int_eq(variant_count(), before + 1);
    const struct variant *v = variant_find("mine");
    ck_assert_ptr_nonnull(v);
    ck_assert_ptr_eq(variant_at(before), v);
    ck_assert_str_eq(v->title, "Mine");
    ck_assert_str_eq(game_of(v)->promotion, "QRBN");
    ck_assert_str_eq(game_of(v)->pieces[2].name, "Knight");
    char msg[VARIANT_ERR_LEN];
    ck_assert_msg(variant_check_all(msg, sizeof msg) == 0, "%s", msg);
    ck_assert_uint_eq(perft_of(v, NULL, 3), 8902);
    ck_assert_uint_eq(perft_of(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2), 2039);
    /* Loaded again from the same file: kept, nothing added; from another: refused. */
    ck_assert_int_eq(variant_load_text("g.ini", CHESS, err, sizeof err), 0);
    ck_assert_int_eq(variant_count(), before + 1);
    ck_assert_int_eq(variant_load_text("other.ini", CHESS, err, sizeof err), -1);
    ck_assert_str_eq(err, "other.ini:1: id: 'mine' is already a game (allowed: an id no other game has)");
    ck_assert_int_eq(variant_count(), before + 1);
    variant_unload_files();
    ck_assert_ptr_null(variant_find("mine"));
}
END_TEST

/* Other powers: a Knight that is a Camel (C) changes the count from the start. */
START_TEST(chess_game_with_its_own_powers)
{
    const char *text = "[camel]\nfamily = chess\nname = Camels\npiece = P, Pawn\npiece = C, Camel, C\n"
                       "piece = B, Bishop, B\npiece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\n"
                       "start = rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w KQkq - 0 1\n" CASTLING;
    ck_assert_msg(variant_load_text("c.ini", text, err, sizeof err) == 1, "%s", err);
    const struct variant *v = variant_find("camel");
    /* 16 Pawn moves, and each Camel leaps to two squares of rank 4 (b1: a4 c4; g1: f4 h4). */
    ck_assert_uint_eq(perft_of(v, NULL, 1), 20);
    ck_assert_str_eq(game_of(v)->promotion, "QRBC");
}
END_TEST

START_TEST(polypiece_game_with_different_armies)
{
    const char *text = "[armies]\nfamily = polypiece\nname = Armies\n" POLY_PIECES
                       "start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 00000\n" CASTLING
                       "powers = N:N,WA/FvN,fsNW\n";
    ck_assert_msg(variant_load_text("a.ini", text, err, sizeof err) == 1, "%s", err);
    const struct variant *v = variant_find("armies");
    ck_assert_int_eq(v->option_count, 1);
    ck_assert_str_eq(v->options[0].default_value, "N:N,WA/FvN,fsNW");
    struct settings s;
    char out[1024];
    ck_assert_int_eq(settings_init(&s, v, err, sizeof err), 0);
    settings_get(&s, "Powers", out, sizeof out);
    ck_assert_str_eq(out, "K:K Q:Q R:R B:B N:N,WA/FvN,fsNW");
    settings_free(&s);
    /* White's Knights are Knights at the start: 20 turns, as in chess. After
     * 1. Nc3 Black's Knights are fsNW pieces, hemmed in: Pawn moves only. */
    ck_assert_uint_eq(perft_of(v, NULL, 1), 20);
    ck_assert_uint_eq(perft_of(v, "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1 00001", 1), 16);
}
END_TEST

/* Pickle and Shifted Square declared with other squares than Betza's e4=x5:
 * the declared squares are the setting's default, and the game counts as the
 * built-in one under that setting. */
#define SQUARE_GAME(id, family, field)                                                                             \
    "[" id "]\nfamily = " family "\nname = " id "\n" PIECES START CASTLING field "\n"

START_TEST(square_families_registered_and_played)
{
    const char *text = SQUARE_GAME("my-pickle", "pickle", "link = d5=z4")
        SQUARE_GAME("my-shift", "shifted-square", "shift = d3=z6");
    ck_assert_msg(variant_load_text("s.ini", text, err, sizeof err) == 2, "%s", err);
    const struct variant *pickle = variant_find("my-pickle"), *shifted = variant_find("my-shift");
    ck_assert_str_eq(pickle->options[0].name, "Link");
    ck_assert_str_eq(pickle->options[0].default_value, "d5=z4");
    ck_assert_str_eq(shifted->options[0].name, "Shift");
    ck_assert_str_eq(shifted->options[0].default_value, "d3=z6");
    const char *kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    uint64_t want = perft_set(variant_find("pickle"), "Link", "d5=z4", kiwi, 3);
    ck_assert_uint_ne(want, perft_set(variant_find("pickle"), NULL, NULL, kiwi, 3));
    ck_assert_uint_eq(perft_of(pickle, kiwi, 3), want);
    /* The setting still changes: Betza's e4=x5 again counts as the built-in default. */
    ck_assert_uint_eq(perft_set(pickle, "Link", "e4=x5", kiwi, 3), perft_set(variant_find("pickle"), NULL, NULL, kiwi, 3));
    want = perft_set(variant_find("shifted-square"), "Shift", "d3=z6", NULL, 4);
    ck_assert_uint_ne(want, perft_set(variant_find("shifted-square"), NULL, NULL, NULL, 4));
    ck_assert_uint_eq(perft_of(shifted, NULL, 4), want);
    /* As the built-in games: SAN in Pickle, none in Shifted Square (its added square has no SAN name),
     * and Pickle's view (the linked square's second place) for a file's Pickle game. */
    ck_assert(pickle->has_san);
    ck_assert(!shifted->has_san);
    struct position *pos = malloc(sizeof *pos);
    ck_assert_int_eq(fen_read(pos, pickle, pickle->start_fen, err, sizeof err), 0);
    struct board_view *bv = malloc(sizeof *bv);
    view_describe(pos, bv);
    ck_assert_int_eq(bv->link_count, 1);
    free(bv);
    free(pos);
}
END_TEST

/* The reader's refusals: one of each kind. */
START_TEST(reader_refusals)
{
    refused("", "g.ini:0: no game declared (allowed: one [ID] section or more)");
    refused("family = chess\n", "g.ini:1: a field before the first [ID] (allowed: # comments)");
    refused("[Big]\n", "g.ini:1: id: allowed: 1 to 31 characters a-z, 0-9 and '-'");
    refused("[a\n", "g.ini:1: a section is written [ID]");
    refused(CHESS "[mine]\n", "g.ini:12: id: 'mine' is declared twice (first on line 1)");
    refused("[x]\nfamily chess\n", "g.ini:2: expected FIELD = VALUE or [ID]");
    refused("[x]\ncolour = red\n",
            "g.ini:2: colour: unknown field (allowed: family, name, board, piece, start, promotion, castling, "
            "powers, phased, link, shift, boards, link-pairs, links, link-squares, after-linking, hegelian, dialectic, "
            "bench, bench-depth, "
            "rules, card, xboard)");
    refused("[x]\nname = A\nname = B\n", "g.ini:3: name: given twice (first on line 2; allowed: once per game)");
    refused("[x]\nname = A\n", "g.ini:1: family: missing in [x] (allowed: none; it is required)");
    refused(CHESS "board = 8by8\n", "g.ini:12: board: '8by8' (allowed: FILESxRANKS, 1..24 files and 1..8 ranks, e.g. 8x8)");
    refused("[x]\npiece = n, Knight, N\n",
            "g.ini:2: piece: letter 'n' (allowed: one upper-case letter A-Z, White's FEN letter)");
    refused("[x]\npiece = N, Knight, N\npiece = N, Nightrider, NN\n",
            "g.ini:3: piece: letter N is already piece 1's (allowed: a letter of its own)");
    refused("[x]\npiece = N, Knight, X\n",
            "g.ini:2: piece: invalid Betza \"X\": unexpected 'X' at position 1 (allowed: a Betza power, "
            "docs/gamefiles.md)");
    refused("[x]\npiece = N\n", "g.ini:2: piece: expected LETTER, NAME or LETTER, NAME, BETZA (e.g. N, Knight, N)");
    refused("[x]\npromotion = Qr\n",
            "g.ini:2: promotion: 'Qr' (allowed: none, or distinct upper-case piece letters, e.g. QRBN)");
    refused("[x]\ncastling = e1 g1 h1, e1 c1 a1 d1, e8 g8 h8 f8, e8 c8 a8 d8\n",
            "g.ini:2: castling: right 1 (allowed: none, or four rights separated by commas, White short, White "
            "long, Black short, Black long, each KING-FROM KING-TO ROOK-FROM ROOK-TO, e.g. e1 g1 h1 f1)");
    refused("[x]\nphased = maybe\n", "g.ini:2: phased: 'maybe' (allowed: yes, no)");
    refused("[x]\nbench-depth = 0\n", "g.ini:2: bench-depth: '0' (allowed: 1..64)");
    refused("[x]\nrules = ../x\n", "g.ini:2: rules: '../x' (allowed: NAME of docs/rules/NAME.md: a-z, 0-9, '-')");
}
END_TEST

/* The families' refusals: one of each kind. */
START_TEST(family_refusals)
{
    refused("[x]\nfamily = shogi\nname = X\n" PIECES START, "g.ini:2: family: 'shogi' (allowed: chess, polypiece, pickle, shifted-square, nickdanger, "
            "dialectic)");
    refused(CHESS "board = 10x8\n", "g.ini:12: board: 10x8 (allowed: 8x8 in the chess family)");
    refused("[x]\nfamily = chess\nname = X\npiece = P, Pawn\n" START,
            "g.ini:4: piece: 1 pieces (allowed: 6 in the chess family: the Pawn, four pieces, the King, in this "
            "order)");
    refused("[x]\nfamily = chess\nname = X\npiece = P, Pawn, fW\npiece = N, Knight, N\npiece = B, Bishop, B\n"
            "piece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\n" START,
            "g.ini:9: piece: the Pawn (the first piece) has a power (allowed: none; it moves as the family's Pawn)");
    refused("[x]\nfamily = chess\nname = X\n" POLY_PIECES START,
            "g.ini:9: piece: N has no power (allowed: LETTER, NAME, BETZA in the chess family)");
    refused("[x]\nfamily = polypiece\nname = X\n" PIECES START,
            "g.ini:9: piece: N has a power (allowed: none in the polypiece family; the `powers` lists give them)");
    refused("[x]\nfamily = polypiece\nname = X\npiece = P, Pawn\npiece = C, Camel\npiece = B, Bishop\n"
            "piece = R, Rook\npiece = Q, Queen\npiece = K, King\n" START,
            "g.ini:9: piece: piece 2 is C (allowed: P N B R Q K in this order in the polypiece family, the letters "
            "its power lists name)");
    refused(CHESS "powers = N:N,WD\n", "g.ini:12: powers: not a field of the chess family (allowed in: polypiece)");
    refused(CHESS "link = e4=x5\n", "g.ini:12: link: not a field of the chess family (allowed in: pickle)");
    refused(SQUARE_GAME("x", "pickle", "shift = e4=x5"),
            "g.ini:12: shift: not a field of the pickle family (allowed in: shifted-square)");
    refused(SQUARE_GAME("x", "pickle", "link = e4=q9"),
            "g.ini:12: link: Link: 'e4=q9': expected SQUARE=LOCATION: a square of the board a1 to h8, '=', then an "
            "added location beside the board, x1 to x8 (left of the a-file) or z1 to z8 (right of the h-file), e.g. "
            "e4=x5");
    /* Shifted Square removes a square empty at the start: ranks 3 to 6. */
    refused(SQUARE_GAME("x", "shifted-square", "shift = e2=x5"),
            "g.ini:12: shift: Shift: 'e2=x5': expected SQUARE=LOCATION: a square of the board a3 to h6, '=', then "
            "an added location beside the board, x1 to x8 (left of the a-file) or z1 to z8 (right of the h-file), "
            "e.g. e4=x5");
    refused(SQUARE_GAME("x", "shifted-square", "link = e4=x5"),
            "g.ini:12: link: not a field of the shifted-square family (allowed in: pickle)");
    refused(SQUARE_GAME("x", "shifted-square", "board = 8x7"),
            "g.ini:12: board: 8x7 (allowed: 8x8 in the shifted-square family)");
    /* hidden is a choice of a game's start (Partial-Information SSQ), not a file's shift */
    refused(SQUARE_GAME("x", "shifted-square", "shift = hidden"),
            "g.ini:12: shift: Shift: 'hidden': expected SQUARE=LOCATION: a square of the board a3 to h6, '=', then "
            "an added location beside the board, x1 to x8 (left of the a-file) or z1 to z8 (right of the h-file), "
            "e.g. e4=x5");
    refused("[x]\nfamily = polypiece\nname = X\n" POLY_PIECES START "powers = N:N,WA/FvN\n",
            "g.ini:11: powers: Powers: N: White's list has 2 entries, Black's 1; both sides' lists of a type must "
            "be equally long (allowed: " POWERS_ALLOWED ")");
    refused("[x]\nfamily = polypiece\nname = X\n" POLY_PIECES START "powers = N:N,XY\n",
            "g.ini:11: powers: Powers: invalid Betza \"XY\": unexpected 'X' at position 1 (allowed: " POWERS_ALLOWED ")");
    refused("[x]\nfamily = polypiece\nname = X\n" POLY_PIECES START "powers = N:N,W,F,D,A,H,C,Z,G,L\n",
            "g.ini:11: powers: Powers: N: more than 9 entries (allowed: " POWERS_ALLOWED ")");
    refused(CHESS "promotion = K\n",
            "g.ini:12: promotion: 'K' (allowed: letters of the pieces between the Pawn and the King)");
    refused("[x]\nfamily = chess\nname = X\n" PIECES START "castling = e1 g1 h1 f1, e1 c1 a1 d1, e8 g8 h8 f8, e8 c8 a8 z9\n",
            "g.ini:11: castling: variant x: castling right 3 is not four squares of the board");
    refused("[x]\nfamily = chess\nname = X\n" PIECES "start = rnbqkbnr/pppppppp/8/8 w - - 0 1\n",
            "g.ini:10: start: invalid FEN: field 1 (placement): 4 ranks, expected 8 (allowed: a FEN of the game)");
    refused(CHESS "bench = 8/8/8/8/8/8/8/8 w - - 0 1\n",
            "g.ini:12: bench: position 1: invalid FEN: field 1 (placement): White needs exactly one king (allowed: a FEN of the game)");
}
END_TEST

/* A Nick Danger game: lines 1-11 (two 8x8 boards unless `boards` says otherwise). */
#define ND_START "start = rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1 - L -\n"
#define ND "[nd]\nfamily = nickdanger\nname = ND\n" PIECES ND_START CASTLING

/* The Nick Danger family: the declared settings are the game's defaults and
 * it counts as the built-in game under them; a 2x2 board 1 links by quadrant
 * with at most 4 links, and its missing squares take no piece. */
START_TEST(nickdanger_family_registered_and_played)
{
    const char *text = ND "link-squares = same-colour\n"
                          "[nd-small]\nfamily = nickdanger\nname = Small\n" PIECES ND_START CASTLING
                          "boards = 8x8, 2x2\nlink-pairs = 0-1\n";
    ck_assert_msg(variant_load_text("n.ini", text, err, sizeof err) == 2, "%s", err);
    const struct variant *nd = variant_find("nd"), *small = variant_find("nd-small");
    ck_assert_int_eq(nd->option_count, 3);
    ck_assert_str_eq(nd->options[1].name, "LinkSquares");
    ck_assert_str_eq(nd->options[1].default_value, "same-colour");
    const struct variant *builtin = variant_find("nickdanger");
    const char *twinkle = "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 2 "
                          "a3j2,b3j3,c3l2,d3m2,e3n2,f3o2,g3n8,h3i2 T -";
    ck_assert_uint_eq(perft_of(nd, twinkle, 2), perft_set(builtin, "LinkSquares", "same-colour", twinkle, 2));
    ck_assert_str_eq(small->options[0].default_value, "4");
    ck_assert_str_eq(small->options[1].default_value, "same-quadrant");
    /* 20 x 20 x 62: each King-free board-0 square with the one board-1 square of its quadrant. */
    ck_assert_uint_eq(perft_of(small, NULL, 2), 24800);
    struct position *pos = malloc(sizeof *pos);
    struct settings st;
    ck_assert_int_eq(settings_init(&st, small, err, sizeof err), 0);
    ck_assert_int_eq(fen_read_with(pos, &st, "rnbqkbnr8/pppppppp8/16/16/16/2N13/PPPPPPPP8/R1BQKBNR8 w KQkq - 0 2 - L -",
                                   err, sizeof err), 0);
    /* The GUI's view: board 1's frame holds i1, j1, i2, j2 only (row 0 is rank 8). */
    struct board_view *view = malloc(sizeof *view);
    view_describe(pos, view);
    ck_assert_int_eq(view->area_count, 2);
    ck_assert_str_eq(view->area[1].cell[7][0], "i1");
    ck_assert_str_eq(view->area[1].cell[6][1], "j2");
    ck_assert_str_eq(view->area[1].cell[7][2], "");
    ck_assert_str_eq(view->area[1].cell[5][0], "");
    free(view);
    ck_assert_int_eq(fen_read_with(pos, &st, "rnbqkbnr8/pppppppp8/16/16/16/10N5/PPPPPPPP8/R1BQKBNR8 w KQkq - 0 2 - L -",
                                   err, sizeof err), -1);
    ck_assert_str_eq(err, "invalid FEN: field 1 (placement): k3 is not a square of board 1 (2x2: files i.., ranks 1..; "
                          "write the others empty)");
    ck_assert_int_eq(settings_set(&st, "LinkSquares", "same-rank", err, sizeof err), -1);
    ck_assert_int_eq(settings_set(&st, "Links", "5", err, sizeof err), -1);
    settings_free(&st);
    free(pos);
}
END_TEST

/* Four-board Nick Danger (the game nickdanger-4 of the built-in file): its
 * files a-t, links between neighbouring boards by quadrant, the holes above
 * the smaller boards, the GUI's four boards. */
#define ND4_START "rnbqkbnr12/pppppppp12/20/20/20/20/PPPPPPPP12/RNBQKBNR12 w KQkq - 0 1 - L -\n"
START_TEST(nickdanger_four_boards)
{
    const char *text = "[nd4]\nfamily = nickdanger\nname = Four\n" PIECES "start = " ND4_START CASTLING
                       "boards = 8x8, 6x6, 4x4, 2x2\nlink-pairs = 0-1, 1-2, 2-3\n";
    ck_assert_msg(variant_load_text("n.ini", text, err, sizeof err) == 1, "%s", err);
    const struct variant *v = variant_find("nd4");
    ck_assert_int_eq(v->geo.files, 20);
    ck_assert_str_eq(v->options[1].default_value, "same-quadrant");
    ck_assert_str_eq(v->options[0].default_value, "8");
    /* 20 x 20 x (62 x 9 + 36 x 4 + 16 x 1): every link of a quadrant between neighbouring boards. */
    ck_assert_uint_eq(perft_of(v, NULL, 2), 287200);
    struct position *pos = malloc(sizeof *pos);
    struct settings st;
    ck_assert_int_eq(settings_init(&st, v, err, sizeof err), 0);
    /* Links between i-n and o-r (a Rook on k1=o1) and o-r and s-t (a Knight on o2=s1): on both locations. */
    const char *fen = "4k15/20/20/20/20/20/14n5/4K5R3R3n1 w - - 0 9 k1o1,o2s1 T -";
    ck_assert_int_eq(fen_read_with(pos, &st, fen, err, sizeof err), 0);
    char out[FEN_MAX_LEN];
    fen_write(pos, out, sizeof out);
    ck_assert_str_eq(out, fen);
    ck_assert_int_eq(fen_read_with(pos, &st, "4k15/20/20/20/20/20/14n5/4K5R3R4n w - - 0 9 k1o1,o2t1 T -", err,
                                   sizeof err), -1);
    ck_assert_int_eq(fen_read_with(pos, &st, "4k15/20/20/20/20/20/20/4K7R2R4 w - - 0 9 m1p1 T -", err, sizeof err),
                     -1); /* m1 lies in i-n's lower right, p1 in o-r's lower left */
    ck_assert_int_eq(fen_read_with(pos, &st, "4k15/8R11/20/20/20/20/20/4K15 w - - 0 9 - L -", err, sizeof err), -1);
    ck_assert_str_eq(err, "invalid FEN: field 1 (placement): i7 is not a square of board 1 (6x6: files i.., ranks "
                          "1..; write the others empty)");
    /* The GUI's view: four boards, each as wide as its files, the ranks above it left out. */
    ck_assert_int_eq(fen_read_with(pos, &st, fen, err, sizeof err), 0);
    struct board_view *view = malloc(sizeof *view);
    view_describe(pos, view);
    ck_assert_int_eq(view->area_count, 4);
    ck_assert_str_eq(view->area[1].title, "Board i-n");
    ck_assert_int_eq(view->area[2].cols, 4);
    ck_assert_str_eq(view->area[3].cell[7][1], "t1");
    ck_assert_str_eq(view->area[3].cell[5][0], "");
    ck_assert_str_eq(view->area[1].cell[2][5], "n6");
    ck_assert_int_eq(view->link_count, 2);
    ck_assert_str_eq(view->link[1].a, "o2");
    ck_assert_str_eq(view->link[1].b, "s1");
    free(view);
    settings_free(&st);
    free(pos);
}
END_TEST

/* The Nick Danger family's refusals: boards, link pairs, settings, pieces. */
START_TEST(nickdanger_family_refusals)
{
    refused(ND "boards = 8x8, 6x6, 4x4, 2x2\n", "g.ini:12: boards: 4 boards without link-pairs (allowed: link-pairs "
                                                 "= 0-1, 1-2, 2-3 with them)");
    refused(ND "boards = 8x8\n", "g.ini:12: boards: 1 board (allowed: 2 to 4 in the nickdanger family, board 0 first)");
    refused(ND "boards = 8x8, 6x6, 4x4, 2x2\nlink-pairs = 0-1, 0-2, 2-3\n",
            "g.ini:13: link-pairs: 0-2 (allowed with 4 boards: the neighbours 0-1, 1-2, 2-3 in this order)");
    refused(ND "boards = 8x8, 8x8, 8x8\nlink-pairs = 0-1, 1-2\n",
            "g.ini:12: boards: 8x8, 8x8, 8x8: 28 mailbox columns (allowed: at most 26, the boards' files and two "
            "between boards, e.g. 8x8, 6x6, 4x4, 2x2)");
    refused(ND "boards = 6x6, 8x8\n",
            "g.ini:12: boards: board 0 is 6x6 (allowed: 8x8, the Kings' board; board 1 may be smaller)");
    refused(ND "boards = 8x8, 9x9\n",
            "g.ini:12: boards: board 1 '9x9' (allowed: FILESxRANKS, 1..8 files and 1..8 ranks, e.g. 2x2)");
    refused(ND "link-pairs = 0-2\n", "g.ini:12: link-pairs: 0-2 (allowed: 0-1, the one pair of two boards)");
    refused(ND "link-pairs = 1-1\n",
            "g.ini:12: link-pairs: pair '1-1' (allowed: two different board numbers 0..3, e.g. 0-1)");
    refused(ND "boards = 8x8, 2x2\nlink-squares = same-rank\n",
            "g.ini:13: link-squares: LinkSquares: 'same-rank' needs two boards of one size (allowed with board 1 "
            "2x2: same-quadrant, same-colour, any)");
    refused(ND "boards = 8x8, 4x4\nlink-squares = same-square\n",
            "g.ini:13: link-squares: LinkSquares: 'same-square' needs two boards of one size (allowed with board 1 "
            "4x4: same-quadrant, same-colour, any)");
    refused(ND "boards = 8x8, 4x4, 2x2\nlink-pairs = 0-1, 1-2\n", /* the start is 16 files wide, the boards 14 */
            "g.ini:10: start: invalid FEN: field 1 (placement): rank 8 has more than 14 files (allowed: a FEN of the "
            "game)");
    refused(ND "boards = 8x8, 3x3\nlink-squares = same-quadrant\n",
            "g.ini:13: link-squares: LinkSquares: 'same-quadrant' needs a board 1 of even files and ranks, not 3x3 "
            "(allowed: same-colour, any)");
    refused(ND "link-squares = diagonal\n", "g.ini:12: link-squares: LinkSquares: 'diagonal' is not one of "
                                            "same-rank, same-square, same-colour, any, same-quadrant");
    refused(ND "links = 40\n",
            "g.ini:12: links: Links: '40': expected a whole number from 1 to 32 (the most links at a time)");
    refused(ND "boards = 8x8, 2x2\nlinks = 5\n",
            "g.ini:13: links: Links: '5': expected a whole number from 1 to 4 (the most links at a time)");
    refused(ND "after-linking = never\n",
            "g.ini:12: after-linking: AfterLinking: 'never' is not one of twinkle, remove");
    refused(ND "board = 8x8\n",
            "g.ini:12: board: not a field of the nickdanger family (allowed: boards = 8x8, FILESxRANKS)");
    refused(CHESS "links = 4\n", "g.ini:12: links: not a field of the chess family (allowed in: nickdanger)");
    refused("[nd]\nfamily = nickdanger\nname = ND\npiece = P, Pawn\npiece = N, Camel, C\npiece = B, Bishop, B\n"
            "piece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\n" ND_START CASTLING,
            "g.ini:9: piece: N moves as C (allowed: N B R Q K in this order in the nickdanger family: its links and "
            "checks know the orthodox pieces only)");
    refused("[nd]\nfamily = nickdanger\nname = ND\n" PIECES
            "start = rnbqkbnr8/pppppppp8/16/16/16/10N5/PPPPPPPP8/R1BQKBNR8 w KQkq - 0 1 - L -\n" CASTLING
            "boards = 8x8, 2x2\n",
            "g.ini:10: start: invalid FEN: field 1 (placement): k3 is not a square of board 1 (2x2: files i.., "
            "ranks 1..; write the others empty) (allowed: a FEN of the game)");
}
END_TEST

/* A file that cannot be read, and the all-or-none rule: a file whose second
 * game is refused registers neither. */
START_TEST(files_and_all_or_none)
{
    ck_assert_int_eq(variant_load_file("/nonexistent/games.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "/nonexistent/games.ini: cannot be read");
    refused(CHESS "[two]\nfamily = chess\nname = Two\n" PIECES START "board = 9x8\n",
            "g.ini:22: board: 9x8 (allowed: 8x8 in the chess family)");
    ck_assert_ptr_null(variant_find("mine"));
}
END_TEST

/* The built-in games that are entries of the built-in file (games/core.ini,
 * compiled in): each is registered under its id, with the file's name,
 * start, bench, rules card and page, as a built-in game (no file to give an
 * engine), and a file cannot declare one again. */
START_TEST(core_file_games_are_builtin)
{
    static struct game_spec specs[GAMEFILE_MAX_GAMES];
    int n = gamefile_read_text(CORE_GAMES_NAME, core_games_text, specs, GAMEFILE_MAX_GAMES, err, sizeof err);
    ck_assert_msg(n >= 1, "%s", err);
    ck_assert_str_eq(specs[0].id, "normal");
    for (int i = 0; i < n; i++) {
        const struct variant *v = variant_find(specs[i].id);
        ck_assert_msg(v != NULL, "%s is not registered", specs[i].id);
        const struct game_decl *g = game_of(v);
        ck_assert_str_eq(v->title, specs[i].name);
        ck_assert_str_eq(v->start_fen, specs[i].start);
        ck_assert_str_eq(g->rules_card, specs[i].card);
        ck_assert_str_eq(g->rules_doc, specs[i].rules);
        ck_assert_int_eq(v->bench_depth, specs[i].bench_depth);
        for (int b = 0; b < specs[i].bench_count; b++)
            ck_assert_str_eq(v->bench_fens[b], specs[i].bench[b]);
        ck_assert_ptr_null(variant_file_of(v));
        char text[2048];
        snprintf(text, sizeof text, "[%s]\nfamily = chess\nname = Again\n" PIECES START CASTLING, specs[i].id);
        ck_assert_int_eq(variant_load_text("again.ini", text, err, sizeof err), -1);
    }
    /* Orthodox chess: XBoard knows it (no `setup`), its perft and its dead positions are chess's. */
    const struct variant *normal = variant_find("normal");
    ck_assert_ptr_null(game_of(normal)->xboard);
    ck_assert_uint_eq(perft_of(normal, NULL, 3), 8902);
    struct position *pos = malloc(sizeof *pos);
    ck_assert_int_eq(fen_read(pos, normal, "8/8/4k3/8/8/3NK3/8/8 w - - 0 1", err, sizeof err), 0);
    ck_assert_str_eq(normal->outcome(pos, 8).reason, "Insufficient material");
    free(pos);
    /* SAN where the family's turns are one step and named as chess's: not Shifted Square's added square. */
    ck_assert(variant_find("pickle")->has_san);
    ck_assert(!variant_find("shifted-square")->has_san);
    char msg[VARIANT_ERR_LEN];
    ck_assert_msg(variant_check_all(msg, sizeof msg) == 0, "%s", msg);
}
END_TEST

/* The Dialectic family: seven pieces (the Philosophers without powers), the
 * tokens in the start's field 7, `hegelian` and `dialectic`; its games count
 * as the built-in dialectic and hegelian (perft/suites). */
#define DIALECTIC_PIECES                                                                                           \
    "piece = P, Pawn\npiece = N, Philosopher\npiece = B, Bishop, B\npiece = R, Rook, R\npiece = Q, Queen, Q\n"     \
    "piece = K, King, K\npiece = G, Great Philosopher\n"
/* A Dialectic game: lines 1-12. */
#define DIALECTIC                                                                                                  \
    "[mine]\nfamily = dialectic\nname = Mine\n" DIALECTIC_PIECES                                                  \
    "start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T12A21\n" CASTLING

START_TEST(dialectic_family_games)
{
    ck_assert_msg(variant_load_text("g.ini", DIALECTIC, err, sizeof err) == 1, "%s", err);
    const struct variant *v = variant_find("mine");
    ck_assert_int_eq(v->option_count, 0);
    ck_assert_uint_eq(perft_of(v, NULL, 3), 17234);
    ck_assert_str_eq(game_of(v)->xboard->piece_to_char, "PNBRQ.......H........Kpnbrq.......h........k");
    ck_assert_str_eq(game_of(v)->xboard->letter_map, "GHgh");
    variant_unload_files();
    /* Hegelian, its setting Dialectic stair-step by default: hegelian-stair-step.epd's start. */
    ck_assert_msg(variant_load_text("g.ini", DIALECTIC "hegelian = yes\ndialectic = stair-step\n", err, sizeof err) == 1,
                  "%s", err);
    v = variant_find("mine");
    ck_assert_int_eq(v->option_count, 1);
    ck_assert_str_eq(v->options[0].name, "Dialectic");
    ck_assert_str_eq(v->options[0].default_value, "stair-step");
    ck_assert_uint_eq(perft_of(v, NULL, 3), 21351);
    ck_assert_uint_eq(perft_set(v, "Dialectic", "square", NULL, 3), 17754);
    variant_unload_files();
    refused(DIALECTIC "dialectic = stair-step\n",
            "g.ini:13: dialectic: 'stair-step' without hegelian = yes (allowed: only in a Hegelian game, whose tokens "
            "may share a cell)");
    refused(DIALECTIC "hegelian = yes\ndialectic = round\n",
            "g.ini:14: dialectic: Dialectic: 'round' is not one of square, stair-step");
    refused(DIALECTIC "hegelian = perhaps\n", "g.ini:13: hegelian: 'perhaps' (allowed: yes, no)");
    refused(CHESS "hegelian = yes\n", "g.ini:12: hegelian: not a field of the chess family (allowed in: dialectic)");
    refused("[mine]\nfamily = dialectic\nname = Mine\n" DIALECTIC_PIECES
            "start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T33A00\n" CASTLING,
            "g.ini:11: start: invalid FEN: field 7 (dialectic): expected T then the Thesis square, A then the "
            "Antithesis square, like T12A21 (allowed: a FEN of the game)");
    refused("[mine]\nfamily = dialectic\nname = Mine\n" PIECES START,
            "g.ini:9: piece: 6 pieces (allowed: 7 in the dialectic family: the Pawn, the Philosopher, three pieces, "
            "the King, the Great Philosopher, in this order)");
    refused("[mine]\nfamily = dialectic\nname = Mine\npiece = P, Pawn\npiece = N, Philosopher, N\npiece = B, Bishop, B\n"
            "piece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\npiece = G, Great Philosopher\n" START,
            "g.ini:10: piece: N (piece 2) has a power (allowed: none for piece 2 in the dialectic family: its code "
            "moves it)");
    refused("[mine]\nfamily = dialectic\nname = Mine\npiece = P, Pawn\npiece = N, Philosopher\npiece = B, Bishop\n"
            "piece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\npiece = G, Great Philosopher\n" START,
            "g.ini:10: piece: B has no power (allowed: LETTER, NAME, BETZA in the dialectic family)");
    refused("[mine]\nfamily = dialectic\nname = Mine\npiece = P, Pawn\npiece = N, Philosopher\npiece = H, Hawk, B\n"
            "piece = R, Rook, R\npiece = Q, Queen, Q\npiece = K, King, K\npiece = G, Great Philosopher\n"
            "start = rnhqkhnr/pppppppp/8/8/8/8/PPPPPPPP/RNHQKHNR w KQkq - 0 1\n",
            "g.ini:10: piece: H is piece 3 (allowed: H only for the Great Philosopher, the last piece: XBoard draws it "
            "with the image H)");
    refused("[mine]\nfamily = dialectic\nname = Mine\n" DIALECTIC_PIECES
            "start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T11A11\n" CASTLING,
            "g.ini:11: start: invalid FEN: field 7 (dialectic): the Thesis and the Antithesis on the same square "
            "(allowed: a FEN of the game)");
}
END_TEST

/* `xboard`: setup or known, and known only for orthodox chess's id. */
START_TEST(xboard_field_refusals)
{
    refused(CHESS "xboard = maybe\n", "g.ini:12: xboard: 'maybe' (allowed: setup, known)");
    refused(CHESS "xboard = known\n",
            "g.ini:12: xboard: known: XBoard knows no game 'mine' of the chess family (allowed: setup; known: the "
            "chess family's normal only)");
    ck_assert_msg(variant_load_text("g.ini", CHESS "xboard = setup\n", err, sizeof err) == 1, "%s", err);
    ck_assert_ptr_nonnull(game_of(variant_find("mine"))->xboard);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gamefile");
    TCase *tc = tcase_create("gamefile");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, chess_game_registered_and_played);
    tcase_add_test(tc, chess_game_with_its_own_powers);
    tcase_add_test(tc, polypiece_game_with_different_armies);
    tcase_add_test(tc, square_families_registered_and_played);
    tcase_add_test(tc, reader_refusals);
    tcase_add_test(tc, family_refusals);
    tcase_add_test(tc, nickdanger_family_registered_and_played);
    tcase_add_test(tc, nickdanger_family_refusals);
    tcase_add_test(tc, nickdanger_four_boards);
    tcase_add_test(tc, files_and_all_or_none);
    tcase_add_test(tc, core_file_games_are_builtin);
    tcase_add_test(tc, xboard_field_refusals);
    tcase_add_test(tc, dialectic_family_games);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
