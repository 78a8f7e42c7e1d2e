#!/usr/bin/env python3
"""Games declared in a game file (docs/gamefiles.md) wherever a built-in game
works: `--variants FILE` on the command line (perft, divide, moves, bench, a
refused file), the re-declared games' bench equal to the built-in ones', the
`VariantPath` option through UCI and CECP (the variant
lists sent again, a game played), and the match runner with pgn-check.
Usage: test_gamefiles.py RULEZERO GAMEFILE"""
import os
import re
import subprocess
import sys
import tempfile

from rzproc import Engine, run_tests

RZ = sys.argv[1]
FILE = os.path.abspath(sys.argv[2])
UCI_ERR = r"info string error: .+"


def run(*args):
    return subprocess.run([RZ, *args], capture_output=True, text=True, timeout=600)


def last_count(res):
    m = re.findall(r"Nodes searched: (\d+)", res.stdout)
    return int(m[-1]) if m else None


def test_cli():
    # Perft of the file's games, the option anywhere on the line; chess-file as chess.
    res = run("--variants", FILE, "perft", "--variant", "chess-file", "--depth", "3")
    assert res.returncode == 0 and last_count(res) == 8902, res.stdout + res.stderr
    res = run("perft", "--variants", FILE, "--variant", "polypiece-armies", "--depth", "2", "--divide")
    assert res.returncode == 0, res.stderr
    assert re.search(r"^b1c3: \d+$", res.stdout, re.M), res.stdout
    res = run(f"--variants={FILE}", "moves", "--variant", "polypiece-armies", "--moves", "e2e4 e7e6 d2d3")
    turns = [line.split()[0] for line in res.stdout.splitlines()]
    assert "g8f6" in turns and "g8e7" not in turns, res.stdout  # the Fibnif: narrow Knight moves only
    res = run("--variants", FILE, "bench", "--variant", "polypiece-armies", "--depth", "3")
    assert res.returncode == 0 and last_count(res), res.stdout + res.stderr
    # Without the file the game is unknown; a broken file is refused with its line and field.
    res = run("perft", "--variant", "chess-file", "--depth", "1")
    assert res.returncode != 0, res.stdout
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "bad.ini")
        with open(bad, "w") as f:
            f.write("[x]\nfamily = chess\nname = X\nboard = 9x9\n")
        res = run("--variants", bad, "perft", "--variant", "normal", "--depth", "1")
        assert res.returncode == 1, res.returncode
        assert f"{bad}:4: board: '9x9' (allowed: " in res.stderr, res.stderr
    res = run("--variants")
    assert res.returncode == 2 and "--variants needs a game file" in res.stderr, res.stderr


def test_test_files():
    """Each game of tests/gamefiles/ counted by perft and divide from the command line."""
    nd = os.path.join(TEST_FILES, "nickdanger-4x4.ini")
    res = run("--variants", nd, "perft", "--variant", "nickdanger-4x4", "--depth", "2")
    assert res.returncode == 0 and last_count(res) == 99200, res.stdout + res.stderr  # 20 x 20 x 62 squares x 4
    res = run("--variants", nd, "perft", "--variant", "nickdanger-4x4", "--moves", "f2f3 a7a6,g1l2", "--depth", "1",
              "--divide")
    assert re.search(r"^l2k4\S*: \d+$", res.stdout, re.M), res.stdout  # the Knight leaps on board 1


def test_same_search():
    """The re-declared games search as the built-in ones: the same bench
    nodes (node counts, not times: depth-limited, one thread)."""
    for builtin, declared, depth in (("normal", "chess-file", 6), ("polypiece", "polypiece-file", 6),
                                     ("pickle", "pickle-file", 6), ("shifted-square", "shifted-square-file", 6),
                                     ("nickdanger", "nickdanger-file", 4)):
        a = last_count(run("bench", "--variant", builtin, "--depth", str(depth)))
        b = last_count(run("--variants", FILE, "bench", "--variant", declared, "--depth", str(depth)))
        assert a and a == b, f"bench {builtin} {a}, {declared} {b}"


def test_uci():
    e = Engine(RZ, "uci")
    e.send("uci")
    first = e.collect_until("uciok")
    assert not any("polypiece-armies" in line for line in first)
    assert any(line.startswith("option name VariantPath type string") for line in first), first
    e.send("setoption name VariantPath value /nonexistent/games.ini")
    e.expect(UCI_ERR)
    e.send(f"setoption name VariantPath value {FILE}")
    e.expect(r"info string variants: 9 new from .*: chess-file polypiece-file polypiece-armies polypiece-second "
             r"pickle-file shifted-square-file nickdanger-file nickdanger-2x2 nickdanger-4")
    e.expect(r"option name UCI_Variant type combo default normal .* var polypiece-armies( .*)?")
    e.send("setoption name UCI_Variant value polypiece-armies", "position startpos moves b1c3", "go perft 1")
    e.expect(r"Nodes searched: 16", timeout=30)  # Black's Knights are fsNW pieces, hemmed in
    e.send("go depth 3")
    e.expect(r"bestmove \S+( ponder \S+)?", timeout=120)
    e.close()


def test_cecp():
    e = Engine(RZ, "cecp")
    e.send("xboard", "protover 2")
    features = e.collect_until("feature done=1")
    assert any('VariantPath -string' in line for line in features), features
    e.send(f"option VariantPath={FILE}")
    e.expect(r'feature variants="normal,.*,chess-file,polypiece-file,polypiece-armies,polypiece-second,pickle-file,'
             r'shifted-square-file,nickdanger-file,nickdanger-2x2,nickdanger-4"')
    e.send("new", "variant polypiece-armies")
    e.expect(r"setup \(PNBRQKpnbrqk\) 8x8\+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    e.send("sd 2", "usermove b1c3")
    e.expect(r"move \S+", timeout=120)
    e.send("option VariantPath=/nonexistent/games.ini")
    e.expect(r"Error \(/nonexistent/games.ini: cannot be read\): option")
    e.close()


TEST_FILES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gamefiles")


def test_cecp_pieces():
    """XBoard gets, after `variant ID` of a file's game, the `setup` line and a
    `piece L& BETZA` line for each piece that moves otherwise than XBoard's
    piece of its image: exactly these lines, none for a Polypiece game (its
    powers change as it plays) or a game of orthodox pieces."""
    e = Engine(RZ, "cecp")
    e.send("xboard", "protover 2")
    e.collect_until("feature done=1")
    for name in sorted(os.listdir(TEST_FILES)):
        e.send(f"option VariantPath={os.path.join(TEST_FILES, name)}")
        e.sync(1)
    want = {
        "camel-chess": ["setup (PCBRQKpcbrqk) 8x8+0_fairy rcbqkbcr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBCR w KQkq - 0 1",
                        "piece C& C", "piece B& BW"],
        "polypiece-waffle": ["setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
        "pickle-d5": ["setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
        "shifted-d4": ["setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"],
        "dialectic-swapped": ["setup (PNBRQ.......H........Kpnbrq.......h........k) 8x8+0_fairy "
                              "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1"],
        # XBoard draws both boards as one (the 4x4's missing locations empty), but no link: said plainly.
        "nickdanger-4x4": ["setup (PNBRQKpnbrqk) 16x8+0_fairy rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 "
                           "w KQkq - 0 1",
                           "telluser Rule Zero: XBoard cannot show or enter Nick Danger's links; a game goes wrong "
                           "at the first link. Play it in rulezero gui or the page"],
    }
    for game, lines in want.items():
        e.send("new", f"variant {game}")
        got = [line for line in e.sync(2) if not line.startswith("#")]
        assert got == lines, f"{game}: {got}"
    # The Camel leaps as declared: XBoard's move b1c4 is the engine's too.
    e.send("new", "variant camel-chess")
    e.sync(3)
    e.send("force", "usermove b1c4", "ping 4")
    e.expect("pong 4", skip=r"#.*")
    e.close()


def test_match():
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        # nickdanger-2x2: a board 1 of four squares; nickdanger-4: four boards, 20 files
        for game in ("polypiece-armies", "nickdanger-2x2", "nickdanger-4"):
            res = run("--variants", FILE, "match", "--variant", game,
                      "--engine", f"{RZ} --variants {FILE}", "--engine", "builtin:random",
                      "--games", "2", "--depth", "1", "--max-moves", "40", "--pgn", pgn)
            assert res.returncode == 0 and "illegal moves 0, crashes 0" in res.stdout, res.stdout + res.stderr
            res = run("--variants", FILE, "pgn-check", pgn)
            assert res.returncode == 0 and "0 with errors" in res.stdout, res.stdout + res.stderr
        # A Dialectic game written only as a file (tests/gamefiles/), played to the end or the move limit.
        dialectic, pgn = os.path.join(TEST_FILES, "dialectic-swapped.ini"), os.path.join(tmp, "dialectic.pgn")
        res = run("--variants", dialectic, "match", "--variant", "dialectic-swapped",
                  "--engine", f"{RZ} --variants {dialectic}", "--engine", f"{RZ} --variants {dialectic}",
                  "--games", "2", "--depth", "2", "--max-moves", "60", "--pgn", pgn)
        assert res.returncode == 0 and "illegal moves 0, crashes 0" in res.stdout, res.stdout + res.stderr
        res = run("--variants", dialectic, "pgn-check", pgn)
        assert res.returncode == 0 and "0 with errors" in res.stdout, res.stdout + res.stderr
        # A Nick Danger game written only as a file: Rule Zero over UCI against Rule Zero over CECP.
        nd, pgn = os.path.join(TEST_FILES, "nickdanger-4x4.ini"), os.path.join(tmp, "nickdanger.pgn")
        res = run("--variants", nd, "match", "--variant", "nickdanger-4x4",
                  "--engine", f"{RZ} --variants {nd}", "--protocol", "uci",
                  "--engine", f"{RZ} --variants {nd}", "--protocol", "cecp",
                  "--games", "2", "--depth", "2", "--max-moves", "40", "--pgn", pgn)
        assert res.returncode == 0 and "illegal moves 0, crashes 0" in res.stdout, res.stdout + res.stderr
        res = run("--variants", nd, "pgn-check", pgn)
        assert res.returncode == 0 and "0 with errors" in res.stdout, res.stdout + res.stderr
        with open(pgn) as f:  # a link made: a turn's second part, a board-0 square then a board-1 square
            assert re.search(r"\S,[a-h][1-8][i-l][1-4]\b", f.read()), "no link made in the Nick Danger games"


if __name__ == "__main__":
    sys.exit(run_tests([("cli", test_cli), ("test_files", test_test_files), ("same_search", test_same_search), ("uci", test_uci), ("cecp", test_cecp), ("cecp_pieces", test_cecp_pieces),
                       ("match", test_match)],
                       only=sys.argv[3:]))
