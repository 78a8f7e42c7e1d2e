#!/usr/bin/env python3
"""Console dialogues (a person at a terminal). Usage: test_console.py RULEZERO [TEST...]"""
import sys

from rzproc import Engine, run_tests

RZ = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_help_first_line():
    e = Engine(RZ, "console")
    e.send("help")
    e.expect(r"Commands:")
    e.expect(r"\s+quit\s+leave")
    assert e.close() == 0


def test_first_line_is_a_command():
    e = Engine(RZ, "console")
    e.send("e2e4", "d")
    e.expect("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    assert e.close() == 0


def test_board_moves_undo_perft():
    e = Engine(RZ, "console")
    e.send("d")
    e.expect(r" 8  r n b q k b n r")
    e.expect("FEN: " + START)
    e.send("e2e4 e7e5", "undo", "d")
    e.expect("FEN: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    e.send("new", "perft 2")
    e.expect("e2e4: 20")
    e.expect("Nodes searched: 400")
    e.send("moves")
    e.expect("20 legal turns")
    assert e.close() == 0


def test_errors_and_variants():
    e = Engine(RZ, "console")
    e.send("fen not a fen")
    e.expect("Error: invalid FEN.*")
    e.send("e2e5")
    e.expect(r"Error: unknown command or illegal move: e2e5 .*")
    e.send("variant no-such-game")
    e.expect("Error: .*")
    e.send("variant")
    e.expect(r"Current variant: normal\. Available: .*normal.*")
    e.send("variant normal")
    e.expect("New game of .*")
    e.send("perft x")
    e.expect("Error: .*")
    assert e.close() == 0


def test_go_and_result():
    e = Engine(RZ, "console")
    e.send("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3")
    e.expect("Rule Zero plays a1a8", 10)
    e.expect(r"Game over: 1-0 \{White mates\}")
    e.send("new", "go movetime 200")
    e.expect("Rule Zero plays .*", 5)
    assert e.close() == 0


TESTS = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]

if __name__ == "__main__":
    run_tests(TESTS)
