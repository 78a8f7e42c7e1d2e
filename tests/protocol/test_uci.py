#!/usr/bin/env python3
"""UCI dialogues. Usage: test_uci.py RULEZERO [TEST...]"""
import re
import subprocess
import sys
import time

from rzproc import ANSWER_WAIT, ChargedTime, Engine, run_tests

RZ = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
INFO = r"info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv .*"
ERR = r"info string error: .+"


def uci():
    e = Engine(RZ, "uci")
    e.send("uci")
    e.expect("uciok")
    return e


def fen_of(e):
    e.send("d")
    return e.expect(r"FEN: (.*)").group(1)


def finish(e):
    assert e.close() == 0


def test_handshake_and_options():
    e = Engine(RZ, "uci")
    e.send("uci")
    lines = e.collect_until("uciok")
    assert re.fullmatch(r"id name Rule Zero \d+\.\d+\.\d+", lines[0]), lines[0]
    assert lines[1].startswith("id author "), lines[1]
    assert any(re.fullmatch(r"option name Hash type spin default \d+ min 1 max \d+", s) for s in lines)
    combo = [s for s in lines if s.startswith("option name UCI_Variant type combo default normal")]
    assert combo and " var normal" in combo[0], lines
    assert " var chess" in combo[0], combo  # Fairy-Stockfish's name, which python-chess sends
    for s in lines[2:-1]:
        # A name may have spaces, as Stockfish's "Move Overhead" does.
        assert re.fullmatch(r"option name \S+( \S+)* type (spin|check|combo|string) default .*", s), s
    e.send("isready")
    e.expect("readyok")
    e.send("setoption name Hash value 8", "setoption name UCI_Variant value normal", "isready")
    e.expect("readyok", skip="")  # no errors in between
    e.send("setoption name UCI_Variant value interweave", "setoption name UCI_Variant value chess")
    assert fen_of(e) == START
    finish(e)


def test_position_and_moves():
    e = uci()
    e.send("position startpos moves e2e4 e7e5 g1f3")
    assert fen_of(e) == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    e.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1 moves a1b2")
    assert fen_of(e) == "7k/8/8/8/8/8/1K6/8 b - - 1 1"
    e.send("ucinewgame")
    assert fen_of(e) == START
    finish(e)


def test_bad_input_changes_nothing():
    e = uci()
    e.send("position startpos moves e2e4")
    before = fen_of(e)
    for bad in ["position fen not a fen", "position startpos moves e7e5 e2e4", "position sideways",
                "setoption name Hash value lots", "setoption name UCI_Variant value no-such-game",
                "setoption name NoSuchOption value 1", "go depth x", "go sideways", "frobnicate"]:
        e.send(bad)
        e.expect(ERR, 3)
        assert fen_of(e) == before, bad
    e.send("isready")
    e.expect("readyok")
    finish(e)


def test_go_depth_info_and_bestmove():
    e = uci()
    e.send("position startpos", "go depth 3")
    lines = e.collect_until(r"bestmove \S+( ponder \S+)?", 10)
    infos = [s for s in lines if s.startswith("info")]
    assert infos and all(re.fullmatch(INFO, s) for s in infos), infos
    assert int(infos[-1].split()[2]) == 3
    finish(e)


def test_go_time_controls():
    e = uci()
    e.send("position startpos")
    for go, limit in [("go movetime 300", 1.5), ("go nodes 2000", 3.0),
                      ("go wtime 2000 btime 2000 winc 20 binc 20", 1.5),
                      ("go wtime 5000 btime 5000 movestogo 5", 2.0)]:
        turn = ChargedTime(e.proc.pid)  # a busy machine's delay is not the engine's
        e.send(go)
        e.expect(r"bestmove [a-h][1-8][a-h][1-8].*", limit + 3)
        assert turn.seconds() < limit, f"{go} took {turn.why()}"
    finish(e)


def test_ponder_move_even_from_a_short_line():
    """A search whose line ends with our move still names a reply to ponder on
    (from the hash table), so a GUI with pondering on always has one."""
    e = uci()
    e.send("position startpos", "go depth 1")
    e.expect(r"bestmove [a-h][1-8][a-h][1-8] ponder [a-h][1-8][a-h][1-8]", 5, skip=INFO)
    finish(e)


def test_go_searchmoves():
    e = uci()
    e.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1", "go searchmoves a1b1 depth 3")
    e.expect("bestmove a1b1.*", 5, skip=INFO)
    e.send("go depth 2 searchmoves a1a2 a1b2")
    e.expect("bestmove a1(a2|b2).*", 5, skip=INFO)
    e.send("go searchmoves e2e4 depth 1")
    e.expect(ERR, 3)
    e.expect(r"bestmove a1\S+.*", 5, skip=INFO)
    finish(e)


def test_go_infinite_and_stop():
    e = uci()
    e.send("position startpos", "go infinite")
    e.expect(INFO, 5)
    e.send("isready")
    e.expect("readyok", 2, skip=INFO)  # answered while searching
    stop = ChargedTime(e.proc.pid)
    e.send("stop")
    e.expect(r"bestmove \S+.*", 3, skip=INFO)
    assert stop.seconds() < 2.0, f"bestmove {stop.why()} after stop"
    e.send("stop")  # nothing to stop: no second bestmove
    e.send("isready")
    e.expect("readyok", 2, skip=INFO)
    finish(e)


def test_mate_scores_and_no_move():
    e = uci()
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "go depth 3")
    lines = e.collect_until("bestmove a1a8.*", 10)
    assert any("score mate 1 " in s for s in lines), lines
    # No legal move: the result as Stockfish reports it, then bestmove.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8", "go depth 3")
    e.expect("info depth 0 score mate 0", 5)
    e.expect("bestmove 0000", 5, skip="")
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go movetime 100000")
    e.expect("info depth 0 score cp 0", 5)
    e.expect("bestmove 0000", 5, skip="")
    finish(e)


def test_go_mate():
    """`go mate N` ends once a mate in N moves or fewer is found, at a depth
    far short of the one it would search to for nothing."""
    e = uci()
    e.send("position fen r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "go mate 3")
    lines = e.collect_until(r"bestmove .*", 60)
    assert not any(s.startswith("info string") for s in lines), lines
    last = lines[-2].split()
    assert last[last.index("score") + 1:last.index("score") + 3] in (["mate", "1"], ["mate", "2"], ["mate", "3"]), lines
    assert int(last[2]) < 16, lines
    assert lines[-1].split()[1] == last[last.index("pv") + 1], lines
    # No mate to find: the search still ends by itself (by depth 4N+4), and with a bestmove.
    e.send("position startpos", "go mate 1")
    lines = e.collect_until(r"bestmove [a-h][1-8][a-h][1-8].*", 60)
    assert int(lines[-2].split()[2]) <= 8, lines
    finish(e)


def test_every_go_ends_with_bestmove():
    """An unknown parameter or a bad value is reported and ignored: the host
    waiting for bestmove still gets one (at once, or on stop)."""
    e = uci()
    e.send("position startpos", "go frobnicate depth 2")
    e.expect(r"info string error: unknown go parameter 'frobnicate'.*", 5)
    e.expect(r"bestmove [a-h][1-8][a-h][1-8].*", 30, skip=INFO)
    e.send("go depth 2 nodes lots")
    e.expect(r"info string error: bad value for go nodes.*", 5)
    e.expect(r"bestmove [a-h][1-8][a-h][1-8].*", 30, skip=INFO)
    e.send("go searchmoves e2e5 e2e4 depth 2")
    e.expect(r"info string error: searchmoves: 'e2e5'.*", 5)
    e.expect(r"bestmove e2e4.*", 30, skip=INFO)
    e.send("go depth x")
    e.expect(ERR, 5)
    e.send("stop")
    e.expect(r"bestmove [a-h][1-8][a-h][1-8].*", 30, skip=INFO)
    finish(e)


def test_go_perft_matches_cli():
    e = uci()
    e.send("position startpos moves e2e4", "go perft 3")
    lines = e.collect_until(r"Nodes searched: \d+", 30)
    cli = subprocess.run([RZ, "perft", "-v", "normal", "-f",
                          "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "-d", "3", "-D"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    cli = [s for s in cli if not s.startswith("Time:")]
    assert lines == cli, (lines[-3:], cli[-3:])
    assert lines[-2] == "" and lines[-1] == "Nodes searched: 13160", lines[-3:]
    finish(e)


def test_quit_while_searching():
    e = uci()
    e.send("position startpos", "go infinite")
    e.expect(INFO, 5)
    # Its exit, charged as a turn (a busy machine's delay left out): read
    # while it runs, since a process that has ended has no threads to read.
    quit_ = ChargedTime(e.proc.pid)
    e.send("quit")
    charged = 0.0
    while e.proc.poll() is None and quit_.read()[1] < ANSWER_WAIT:
        charged = quit_.seconds()
        time.sleep(0.01)
    assert e.proc.poll() == 0, "no clean exit after quit"
    assert charged < 2, f"exit {quit_.why()} after quit"


TESTS = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]

if __name__ == "__main__":
    run_tests(TESTS)
