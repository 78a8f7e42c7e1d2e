#!/usr/bin/env python3
"""CECP as python-chess speaks it (not in Debian, so not run itself).
XBoardHost replays, line for line, what chess/engine.py's XBoardProtocol
sends for initialize, analyse, play and ponder, and waits for what it waits
for: `feature done=1`, `move`, the `pong` of the ping after a move, thinking
lines up to a depth (as its current version does: `usermove` when the
engine asks for it, `level` whenever a clock is given). Usage: test_python_chess_cecp.py RULEZERO [TEST...]"""
import re
import shlex
import sys

from pychess_limit import WAIT, Limit
from rzproc import Engine, run_tests

RZ = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
STALEMATED = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
ERROR = re.compile(r"^\s*(Error|Illegal move)(\s*\([^()]+\))?\s*:")


def parse_option(feature):
    """_parse_xboard_option: a default it cannot read fails initialize."""
    params = feature.split()
    name, type_ = params[0], params[1][1:]
    if type_ == "combo":
        choices = [c for c in params[2:] if c != "///"]
        assert any(c.startswith("*") for c in choices), feature
    elif type_ == "check":
        int(params[2])
    elif type_ == "spin":
        default, lo, hi = int(params[2]), int(params[3]), int(params[4])
        assert lo <= default <= hi, feature
    return name


def parse_post(line):
    """_parse_xboard_post: depth, score, time, nodes (and pv tokens)."""
    tokens = line.split()
    ints = []
    while tokens:
        try:
            ints.append(int(tokens[0]))
        except ValueError:
            break
        tokens.pop(0)
    if len(ints) < 4:
        return {}
    return {"depth": ints[0], "score": ints[1], "time": ints[2] / 100, "nodes": ints[3], "pv": tokens}


def is_post(line):
    return len(line.split()) >= 4 and line.lstrip()[:1].isdigit()


class XBoardHost:
    """python-chess's XBoardProtocol (chess/engine.py), the commands it sends."""

    def __init__(self):
        self.e = Engine(RZ, "python-chess/xboard")
        self.features, self.options = {}, {}
        self.first_game, self.game = True, None
        self.fen, self.moves = START, []     # what the engine holds
        self.ping_n = 100
        self.pondering = False
        self.initialize()

    def initialize(self):
        self.e.send("xboard", "protover 2")
        while "done" not in self.features or not self.features["done"]:
            line = self.read()
            if line.startswith("feature "):
                for feature in shlex.split(line.split(" ", 1)[1]):
                    key, value = feature.split("=", 1)
                    if key == "option":
                        self.options[parse_option(value)] = value
                    else:
                        self.features[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
        assert self.features.get("ping"), "xboard engine did not declare required feature: ping"
        assert self.features.get("setboard"), "xboard engine did not declare required feature: setboard"
        if not self.features.get("reuse", 1):
            self.e.send("rejected reuse")
        if not self.features.get("sigterm", 1):
            self.e.send("rejected sigterm")
        if self.features.get("san", 0):
            self.e.send("rejected san")
        if self.features.get("memory", 0):
            self.e.send("accepted memory")
        if self.features.get("smp", 0):
            self.e.send("accepted smp")

    def read(self):
        line = self.e.readline(WAIT)
        if line is None:
            self.e.fail("engine exited")
        if ERROR.match(line):
            self.e.fail(f"engine error {line!r}")
        return line

    def ping(self):
        self.ping_n += 1
        self.e.send(f"ping {self.ping_n}")
        return f"pong {self.ping_n}"

    def new(self, fen, moves, game):
        """_new: a new game, or the moves that differ from the engine's board."""
        new_game = self.first_game or self.game != game or fen != self.fen
        self.game, self.first_game = game, False
        if new_game:
            self.fen, self.moves = fen, []
            self.e.send("new")
        self.e.send("force")
        if new_game and fen != START:
            self.e.send(f"setboard {fen}")
        common = 0
        if not new_game:
            for left, right in zip(self.moves, moves):
                if left != right:
                    break
                common += 1
            while len(self.moves) > common + 1:
                self.e.send("remove")
                self.moves = self.moves[:-2]
            while len(self.moves) > common:
                self.e.send("undo")
                self.moves = self.moves[:-1]
        prefix = "usermove " if self.features.get("usermove", 0) else ""
        for move in moves[common:]:
            self.e.send(prefix + move)
            self.moves.append(move)

    def end_ponder(self):
        """play()'s cancel of a pondering command: `easy` and a ping."""
        if self.pondering:
            self.pondering = False
            self.e.send("easy")
            pong = self.ping()
            while self.read() != pong:
                pass

    def play(self, fen, moves, limit, game=None, ponder=False, post=True):
        """play(): (move or None, result line or None, thinking lines)."""
        self.end_ponder()
        self.new(fen, moves, game)
        white = (len(moves) % 2 == 0) == (" w " in fen)
        clock = limit.white_clock if white else limit.black_clock
        increment = limit.white_inc if white else limit.black_inc
        if limit.remaining_moves or clock is not None or increment is not None:
            base_mins, base_secs = divmod(int(clock or 0), 60)
            self.e.send(f"level {limit.remaining_moves or 0} {base_mins}:{base_secs:02d} {increment or 0}")
        if limit.time is not None:
            self.e.send(f"st {max(0.01, limit.time)}")
        if limit.nodes is not None:
            assert self.features.get("nps"), "xboard engine does not support node limits (feature nps=?)"
            self.e.send("nps 1", f"st {max(1, int(limit.nodes))}")
        if limit.depth is not None:
            self.e.send(f"sd {max(1, int(limit.depth))}")
        if limit.white_clock is not None:
            self.e.send("{} {}".format("time" if white else "otim", max(1, round(limit.white_clock * 100))))
        if limit.black_clock is not None:
            self.e.send("{} {}".format("otim" if white else "time", max(1, round(limit.black_clock * 100))))
        self.e.send("post" if post else "nopost", "hard" if ponder else "easy", "go")
        move, result, posts, pong = None, None, [], None
        while True:
            line = self.read()
            if line.startswith("move ") and move is None:
                move = line.split(" ", 1)[1]
                self.moves.append(move)
                pong = pong or self.ping()
            elif re.match(r"(1-0|0-1|1/2-1/2)", line) and not is_post(line):
                result = line
                pong = pong or self.ping()
            elif line == pong:
                break
            elif is_post(line):
                posts.append(parse_post(line))
            elif line.startswith("#") or line.startswith("Hint: "):
                pass
            else:
                self.e.fail(f"unexpected engine output {line!r}")
        self.pondering = ponder and move is not None
        return move, result, posts

    def analysis(self, fen, moves, limit, game=None):
        """analysis() with a depth limit: thinking lines until that depth, then
        `.`, `exit` and a ping."""
        self.end_ponder()
        self.new(fen, moves, game)
        self.e.send("post", "analyze")
        posts = []
        pong = None
        while True:
            line = self.read()
            if line == pong:
                return posts
            if is_post(line):
                post = parse_post(line)
                posts.append(post)
                if pong is None and post and post["depth"] >= limit.depth:
                    self.e.send(".", "exit")
                    pong = self.ping()
            elif not line.startswith("#") and not re.match(r"stat01: |(1-0|0-1|1/2-1/2) ", line):
                self.e.fail(f"unexpected engine output {line!r}")

    def quit(self):
        self.e.send("quit")
        assert self.e.proc.wait(timeout=WAIT) == 0


def test_initialize():
    h = XBoardHost()
    assert h.features.get("nps") == 1, "python-chess warns on node limits without feature nps=1"
    assert "normal" in h.features["variants"].split(",")
    h.quit()


def test_play_every_limit():
    """One game, a move under each kind of limit python-chess offers over
    CECP; st gets decimals (`st 0.5`, `st 1.0`) and level a decimal increment."""
    h = XBoardHost()
    game = object()
    moves = []
    for limit in [Limit(time=0.5), Limit(time=1.0), Limit(depth=3),
                  Limit(white_clock=30, black_clock=30, white_inc=0.1, black_inc=0.1),
                  Limit(white_clock=20.5, black_clock=20.5, remaining_moves=20)]:
        move, result, posts = h.play(START, moves, limit, game=game)
        assert move and result is None, (move, result)
        if limit.depth:
            assert max(p["depth"] for p in posts) == limit.depth, posts
        moves.append(move)
        reply, _, _ = h.play(START, moves, Limit(time=0.1), game=game)
        moves.append(reply)
    h.quit()


def test_play_nodes():
    """Limit(nodes=N): `nps 1` and `st N`, N nodes a move."""
    h = XBoardHost()
    move, _, posts = h.play(START, ["d2d4", "d7d5"], Limit(nodes=3000))
    assert move and posts and max(p["nodes"] for p in posts) < 6000, posts
    h.quit()


def test_play_ended_game():
    """play() on a mated board: the result line, then the pong."""
    h = XBoardHost()
    move, result, _ = h.play(MATED, [], Limit(time=1.0))
    assert move is None and result.startswith("0-1"), (move, result)
    h.quit()


def test_analyse_depth_and_ended_games():
    h = XBoardHost()
    posts = h.analysis(START, ["e2e4"], Limit(depth=4))
    assert max(p["depth"] for p in posts) >= 4, posts
    posts = h.analysis(MATED, [], Limit(depth=20), game="mated")
    assert posts[0]["score"] == -100000 and posts[0]["pv"] == [], posts
    posts = h.analysis(STALEMATED, [], Limit(depth=20), game="stalemated")
    assert posts[0]["score"] == 0, posts
    h.quit()


def test_ponder():
    """play(ponder=True): `hard`; the next play sends `easy`, a ping, the
    opponent's move and `go`."""
    h = XBoardHost()
    game = object()
    clock = dict(white_clock=60, black_clock=60, white_inc=0.5, black_inc=0.5)
    moves = ["e2e4"]
    move, _, _ = h.play(START, moves, Limit(**clock), game=game, ponder=True)
    moves += [move, "d2d4"]  # legal whatever Black's first move
    move, _, _ = h.play(START, moves, Limit(**clock), game=game, ponder=True)
    assert move
    h.end_ponder()
    h.quit()


TESTS = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]

if __name__ == "__main__":
    run_tests(TESTS)
