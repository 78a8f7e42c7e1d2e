#!/usr/bin/env python3
"""UCI as python-chess speaks it (the library under lichess-bot and most chess
scripts; not in Debian, so not run itself). UciHost replays, line for line,
what chess/engine.py's UciProtocol sends for initialize, analyse, play and
ponder, waits for what it waits for, and checks what it parses (options,
`info`, `bestmove`) as it does. Usage: test_python_chess_uci.py RULEZERO [TEST...]"""
import re
import sys
import time

from pychess_limit import WAIT, Limit
from rzproc import Engine, run_tests

RZ = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
STALEMATED = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
MATE_IN_3 = "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1"
UCI_MOVE = r"[a-h][1-8][a-h][1-8][pnbrqk]?|0000"


class Option:
    """chess.engine.Option and its parse(): a default it cannot read fails initialize."""

    def __init__(self, name, type_, default, lo, hi, var):
        self.name, self.type, self.lo, self.hi, self.var = name, type_, lo, hi, var
        self.default = self.parse(default)

    def parse(self, value):
        if self.type == "check":
            return bool(value) and value != "false"
        if self.type == "spin":
            value = int(value)
            assert self.lo is None or value >= self.lo, (self.name, value)
            assert self.hi is None or value <= self.hi, (self.name, value)
            return value
        if self.type == "combo":
            value = str(value)
            assert value in (self.var or []), \
                f"invalid value for combo option {self.name!r}, got: {value} (available: {', '.join(self.var)})"
            return value
        if self.type in ["button", "reset", "save"]:
            return None
        assert self.type in ["string", "file", "path"], f"unknown option type: {self.type!r}"
        return str(value)


def parse_option(arg):
    """UciInitializeCommand._option."""
    current, name, type_, default, lo, hi, current_var, var = None, [], [], [], None, None, None, []
    for token in arg.split(" "):
        if token == "name" and not name:
            current = "name"
        elif token == "type" and not type_:
            current = "type"
        elif token == "default" and not default:
            current = "default"
        elif token == "min" and lo is None:
            current = "min"
        elif token == "max" and hi is None:
            current = "max"
        elif token == "var":
            current = "var"
            if current_var is not None:
                var.append(" ".join(current_var))
            current_var = []
        elif current == "name":
            name.append(token)
        elif current == "type":
            type_.append(token)
        elif current == "default":
            default.append(token)
        elif current == "var":
            current_var.append(token)
        elif current == "min":
            lo = int(token)
        elif current == "max":
            hi = int(token)
    if current_var is not None:
        var.append(" ".join(current_var))
    return Option(" ".join(name), " ".join(type_), " ".join(default), lo, hi, var)


def parse_info(arg):
    """_parse_uci_info, for the fields Rule Zero sends; a field it cannot read fails."""
    info, tokens = {}, arg.split(" ")
    while tokens:
        p = tokens.pop(0)
        if p == "string":
            info["string"] = " ".join(tokens)
            break
        if p in ["depth", "seldepth", "nodes", "multipv", "currmovenumber", "hashfull", "nps", "tbhits", "cpuload"]:
            info[p] = int(tokens.pop(0))
        elif p == "time":
            info["time"] = int(tokens.pop(0)) / 1000.0
        elif p == "score":
            kind, value = tokens.pop(0), int(tokens.pop(0))
            assert kind in ["cp", "mate"], arg
            info["score"] = (kind, value)
        elif p == "pv":
            info["pv"] = []
            while tokens and re.fullmatch(UCI_MOVE, tokens[0]):
                info["pv"].append(tokens.pop(0))
    return info


def parse_bestmove(arg):
    """_parse_uci_bestmove: (move or None, ponder or None)."""
    tokens = arg.split(None, 2)
    if tokens[0] in ["(none)", "NULL"]:
        return None, None
    assert re.fullmatch(UCI_MOVE, tokens[0]), arg
    ponder = tokens[2] if len(tokens) >= 3 and tokens[1] == "ponder" else None
    return tokens[0], ponder


class UciHost:
    """python-chess's UciProtocol (chess/engine.py), the commands it sends."""

    def __init__(self):
        self.e = Engine(RZ, "python-chess/uci")
        self.options, self.config = {}, {}
        self.first_game, self.game = True, None
        self.pondering = None      # the position (fen, moves) of a `go ponder` running
        self.may_ponderhit = None
        self.initialize()

    def initialize(self):
        self.e.send("uci")
        while True:
            line = self.e.readline(WAIT)
            assert line is not None, "engine exited"
            if line == "uciok":
                return
            if line.startswith("option "):
                o = parse_option(line.split(" ", 1)[1])
                self.options[o.name.lower()] = o
                if o.default is not None:
                    self.config[o.name.lower()] = o.default

    def setoption(self, name, value):
        """_setoption: sent only when it changes the configuration."""
        o = self.options[name.lower()]
        value = o.parse(value)
        if value is None or value != self.config.get(name.lower()):
            builder = ["setoption name", o.name if name.lower() == o.name.lower() else name]
            if value is False:
                builder.append("value false")
            elif value is True:
                builder.append("value true")
            elif value is not None:
                builder += ["value", str(value)]
            self.e.send(" ".join(builder))
            self.config[name.lower()] = value

    def position(self, fen, moves):
        """_position for a chess.Board: uci_variant is `chess`."""
        if "uci_variant" in self.options:
            self.setoption("UCI_Variant", "chess")
        if "uci_chess960" in self.options:
            self.setoption("UCI_Chess960", False)
        builder = ["position", "startpos" if fen == START else "fen " + fen]
        if moves:
            builder += ["moves"] + list(moves)
        self.e.send(" ".join(builder))

    def go(self, limit, ponder=False, infinite=False):
        """_go, in its order."""
        b = ["go"]
        if ponder:
            b.append("ponder")
        if limit.white_clock is not None:
            b += ["wtime", str(max(1, round(limit.white_clock * 1000)))]
        if limit.black_clock is not None:
            b += ["btime", str(max(1, round(limit.black_clock * 1000)))]
        if limit.white_inc is not None:
            b += ["winc", str(round(limit.white_inc * 1000))]
        if limit.black_inc is not None:
            b += ["binc", str(round(limit.black_inc * 1000))]
        if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
            b += ["movestogo", str(int(limit.remaining_moves))]
        if limit.depth is not None:
            b += ["depth", str(max(1, int(limit.depth)))]
        if limit.nodes is not None:
            b += ["nodes", str(max(1, int(limit.nodes)))]
        if limit.mate is not None:
            b += ["mate", str(max(1, int(limit.mate)))]
        if limit.time is not None:
            b += ["movetime", str(max(1, round(limit.time * 1000)))]
        if infinite:
            b.append("infinite")
        self.e.send(" ".join(b))

    def read(self):
        """One line a command reads: an error report or a line python-chess
        does not expect fails the test (python-chess only logs it, and then
        waits for ever)."""
        line = self.e.readline(WAIT)
        if line is None:
            self.e.fail("engine exited")
        if line.startswith("info string error") or not re.match(r"(info|bestmove) |readyok$", line):
            self.e.fail(f"unexpected engine output {line!r}")
        return line

    def new_game_or_ready(self, game):
        if self.first_game or self.game != game:
            self.game, self.first_game = game, False
            self.e.send("ucinewgame", "isready")
            while self.read() != "readyok":
                pass

    def until_bestmove(self, infos):
        while True:
            line = self.read()
            if line.startswith("info "):
                infos.append(parse_info(line.split(" ", 1)[1]))
            elif line.startswith("bestmove "):
                return parse_bestmove(line.split(" ", 1)[1])

    def analysis(self, fen, moves=(), limit=None, game=None, stop_after_info=False):
        """analysis()/analyse(): (infos, best move). Without a limit the
        analysis is infinite and stopped (`stop`) after the first info."""
        self.end_ponder(None)
        if "ponder" in self.options:
            self.setoption("Ponder", False)
        if "multipv" in self.options:
            self.setoption("MultiPV", 1)
        self.new_game_or_ready(game)
        self.position(fen, moves)
        if limit:
            self.go(limit)
        else:
            self.go(Limit(), infinite=True)
        infos = []
        if stop_after_info:
            line = self.read()
            assert line.startswith("info "), line
            infos.append(parse_info(line.split(" ", 1)[1]))
            self.e.send("stop")
        best = self.until_bestmove(infos)
        return infos, best

    def end_ponder(self, board):
        """A new command cancels a ponder search: `ponderhit` when the board is
        the one pondered on (play's cancel), else `stop`. True on a hit."""
        if self.pondering is None:
            return False
        hit = board is not None and self.may_ponderhit == board == self.pondering
        self.pondering = None
        if hit:
            self.e.send("ponderhit")
            return True
        self.e.send("stop")
        self.until_bestmove([])  # the ponder search's bestmove, dropped
        return False

    def play(self, fen, moves, limit, game=None, ponder=False):
        """play(): (move, ponder move, infos). With ponder, a `go ponder` on
        the expected reply runs on when it returns."""
        board = (fen, tuple(moves))
        self.may_ponderhit = board if ponder and not self.first_game and game == self.game else None
        t0 = time.monotonic()
        infos = []
        if not self.end_ponder(board):
            if "ponder" in self.options:
                self.setoption("Ponder", ponder)
            if "multipv" in self.options:
                self.setoption("MultiPV", self.options["multipv"].default)
            self.new_game_or_ready(game)
            self.position(fen, moves)
            self.go(limit)
        move, reply = self.until_bestmove(infos)
        if ponder and move and reply:
            self.pondering = (fen, tuple(moves) + (move, reply))
            self.position(fen, list(moves) + [move, reply])
            used = time.monotonic() - t0
            pl = Limit(**vars(limit))
            white_to_move = (len(moves) % 2 == 0) == (" w " in fen)  # after move and reply, as now
            if pl.white_clock is not None:
                pl.white_clock += pl.white_inc or 0.0
                if white_to_move:
                    pl.white_clock -= used
            if pl.black_clock is not None:
                pl.black_clock += pl.black_inc or 0.0
                if not white_to_move:
                    pl.black_clock -= used
            if pl.remaining_moves:
                pl.remaining_moves -= 1
            self.go(pl, ponder=True)
        return move, reply, infos

    def quit(self):
        self.e.send("quit")
        assert self.e.proc.wait(timeout=WAIT) == 0


def legal_moves(moves):
    """The legal moves after `moves` from the start, from another process's `go perft 1`."""
    e = Engine(RZ, "legal moves")
    e.send("uci", "position startpos moves " + " ".join(moves), "go perft 1")
    lines = e.collect_until(r"Nodes searched: \d+", WAIT)
    e.close()
    return sorted(m.group(1) for m in (re.fullmatch(r"(\S+): 1", s) for s in lines) if m)


def test_initialize_reads_every_option():
    """Every option line parses as python-chess reads it, and UCI_Variant
    offers `chess`, the value it sets for an orthodox board."""
    h = UciHost()
    assert "chess" in h.options["uci_variant"].var, h.options["uci_variant"].var
    assert "normal" in h.options["uci_variant"].var
    assert h.options["uci_variant"].default == "normal"
    h.quit()


def test_analyse_depth():
    h = UciHost()
    infos, (move, _) = h.analysis(START, ["e2e4"], Limit(depth=4))
    assert move and re.fullmatch(UCI_MOVE, move), move
    assert max(i.get("depth", 0) for i in infos) == 4, infos
    assert all("score" in i and "pv" in i for i in infos), infos
    # The same game: no ucinewgame, only position and go.
    infos, (move, _) = h.analysis(START, ["e2e4", move], Limit(nodes=3000))
    assert move
    h.quit()


def test_analyse_infinite_then_stop():
    h = UciHost()
    infos, (move, _) = h.analysis(START, [], None, stop_after_info=True)
    assert move and infos
    h.quit()


def test_analyse_mate_stops_at_the_mate():
    """Limit(mate=3): `go mate 3` ends with the mate found, not at a depth."""
    h = UciHost()
    infos, (move, _) = h.analysis(MATE_IN_3, [], Limit(mate=3))
    last = infos[-1]
    assert last["score"][0] == "mate" and 1 <= last["score"][1] <= 3, infos
    assert move == last["pv"][0], (move, last)
    assert last["depth"] < 4 * 3 + 4, "searched on after the mate was found"
    h.quit()


def test_analyse_ended_games():
    """A mated or stalemated board: the result at once, then bestmove."""
    h = UciHost()
    infos, (move, _) = h.analysis(MATED, [], Limit(depth=5))
    assert infos == [{"depth": 0, "score": ("mate", 0)}], infos
    assert move in (None, "0000"), move
    infos, (move, _) = h.analysis(STALEMATED, [], Limit(depth=5), game="other")
    assert infos == [{"depth": 0, "score": ("cp", 0)}], infos
    h.quit()


def test_play_every_limit():
    """One game, a move under each kind of limit python-chess offers."""
    h = UciHost()
    game = object()
    moves = []
    for limit in [Limit(time=0.05), Limit(depth=3), Limit(nodes=2000), Limit(mate=2, depth=4),
                  Limit(white_clock=30, black_clock=30, white_inc=0.1, black_inc=0.1),
                  Limit(white_clock=20.5, black_clock=20.5, remaining_moves=20)]:
        move, _, _ = h.play(START, moves, limit, game=game)
        assert move and re.fullmatch(UCI_MOVE, move), move
        moves.append(move)
        reply, _, _ = h.play(START, moves, Limit(nodes=500), game=game)
        moves.append(reply)
    h.position(START, moves)  # every move was legal: no error
    h.e.send("isready")
    assert h.read() == "readyok"
    h.quit()


def test_play_mate():
    h = UciHost()
    move, _, _ = h.play(MATE_IN_3, [], Limit(mate=3))
    assert move == "f8c5", move
    h.quit()


def test_ponder_hit_and_miss():
    """play(ponder=True): `go ponder` on the expected reply; the reply played
    is a `ponderhit`, another reply a `stop` and a new search."""
    h = UciHost()
    game = object()
    clock = dict(white_clock=60, black_clock=60, white_inc=0.5, black_inc=0.5)
    moves = ["e2e4", "e7e5", "g1f3"]
    move, reply, _ = h.play(START, moves, Limit(**clock), game=game, ponder=True)
    assert move and reply and h.pondering, (move, reply)
    moves += [move, reply]
    move, reply, _ = h.play(START, moves, Limit(**clock), game=game, ponder=True)  # ponderhit
    assert move, move
    moves.append(move)
    moves.append(next(m for m in legal_moves(moves) if m != reply))
    move, _, _ = h.play(START, moves, Limit(**clock), game=game, ponder=True)  # stop, then go
    assert move, move
    h.end_ponder(None)
    h.quit()


TESTS = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]

if __name__ == "__main__":
    run_tests(TESTS)
