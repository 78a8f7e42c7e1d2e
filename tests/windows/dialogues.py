#!/usr/bin/env python3
"""Dialogues with the Windows build of Rule Zero under Wine.

The CECP and UCI handshakes, the search thread stopped and on a clock, then a short self-play game of every variant
through each protocol: the engine plays both sides at a fixed depth, and
before every move it sends, the Linux build (`rulezero moves`, given the
game so far) lists the legal turns, which must contain the move (UCI), or
a Linux engine in CECP force mode takes each move as a GUI relays it (CECP,
whose moves are in XBoard's notation). Output
lines end in CRLF on Windows; the reader strips the CR.

Usage: dialogues.py LINUX_RULEZERO 'WINE EXE' [--plies N] [--depth D] [TEST...]
(the second argument is the command that starts the Windows engine, split on
spaces). Wine's environment (WINEPREFIX, WINEDEBUG) comes from the caller.
"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol"))
from rzproc import Engine, run_tests  # noqa: E402

RESULT = r"(1-0|0-1|1/2-1/2) \{.*\}"


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("linux")
    p.add_argument("windows")
    p.add_argument("--plies", type=int, default=12)
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("only", nargs="*")
    return p.parse_args()


ARGS = parse_args()
WINDOWS = ARGS.windows.split()
STARTUP = 60.0  # Wine's first process in a prefix may be slow


def variant_ids():
    out = subprocess.run([ARGS.linux, "--help"], capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("Variants:"))
    return line.split()[1:]


def legal_turns(variant, moves):
    """The legal turns after `moves` from the start, by the Linux build."""
    run = subprocess.run([ARGS.linux, "moves", "--variant", variant, "--moves", " ".join(moves)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise AssertionError(f"{variant}: the Linux build rejects the game {moves}: {run.stderr.strip()}")
    return {line.split()[0] for line in run.stdout.splitlines() if line.strip()}


def check_move(e, variant, moves, move):
    """UCI moves are in Rule Zero's own notation: `rulezero moves` lists them."""
    legal = legal_turns(variant, moves)
    if move not in legal:
        e.fail(f"{variant}: illegal move {move!r} after {moves} (legal: {sorted(legal)[:20]} ...)")


def test_cecp_handshake():
    e = Engine(WINDOWS, "cecp")
    e.send("xboard", "protover 2")
    lines = e.collect_until(r"feature done=1", STARTUP)
    feats = " ".join(lines)
    for want in ("ping=1", "setboard=1", "usermove=1", 'myname="Rule Zero', "variants=\"normal,"):
        if want not in feats:
            e.fail(f"feature {want} missing")
    e.sync(1)
    e.close()


def test_uci_handshake():
    e = Engine(WINDOWS, "uci")
    e.send("uci")
    lines = e.collect_until("uciok", STARTUP)
    if not any(l.startswith("id name Rule Zero") for l in lines):
        e.fail("no id name")
    if not any("option name UCI_Variant type combo" in l for l in lines):
        e.fail("no UCI_Variant option")
    e.send("isready")
    e.expect("readyok")
    e.close()


def test_uci_infinite_stop():
    """The search thread, the condition variables and the clock: an infinite
    search answers `stop` at once."""
    e = Engine(WINDOWS, "uci stop")
    e.send("uci")
    e.expect("uciok", STARTUP)
    e.send("position startpos moves e2e4", "go infinite")
    time.sleep(0.5)
    e.send("stop")
    e.expect(r"bestmove \S+( ponder \S+)?", 5.0)
    e.send("isready")
    e.expect("readyok")
    e.close()


def test_cecp_clock():
    """A move on the clock (1 s left, no increment) comes well within it, and
    `analyze` stops on `exit`."""
    e = Engine(WINDOWS, "cecp clock")
    e.send("xboard", "protover 2")
    e.expect(r"feature done=1", STARTUP)
    e.send("new", "level 0 1 0", "time 100", "otim 100")
    start = time.monotonic()
    e.send("go")
    e.expect(r"move \S+", 5.0)
    if time.monotonic() - start > 1.5:
        e.fail(f"the move took {time.monotonic() - start:.2f} s of a 1 s clock")
    e.send("force", "analyze")
    time.sleep(0.5)
    e.send("exit")
    e.sync(3)
    e.close()


def cecp_session(cmd, name, variant):
    e = Engine(cmd, name)
    e.send("xboard", "protover 2")
    e.expect(r"feature done=1", STARTUP)
    # Whole turns (Rule Zero's own feature), as our GUI and match runner take
    # them: a Dialectic token move is then `A@22`, not XBoard's `@@@@`.
    e.send("accepted fullturns")
    e.send("new", f"variant {variant}", f"sd {ARGS.depth}")
    e.sync(1)
    return e


def cecp_game(variant):
    """The engine plays both sides (`go` makes it play the side to move). Its
    moves are in XBoard's notation (e.g. Interweave's locust captures), so a
    Linux engine in force mode referees them: it must take each one without
    `Illegal move` or `Error`, and both must end in the same position."""
    e = cecp_session(WINDOWS, f"cecp {variant}", variant)
    referee = cecp_session([ARGS.linux], f"referee {variant}", variant)
    referee.send("force")
    moves = []
    for ply in range(ARGS.plies):
        e.send("go")
        lines = e.collect_until(r"move \S+|" + RESULT, 60.0)
        m = re.fullmatch(r"move (\S+)", lines[-1])
        if not m:
            break
        referee.send(f"usermove {m.group(1)}")
        refused = [l for l in referee.sync(ply + 2) if l.startswith(("Illegal move", "Error"))]
        if refused:
            referee.fail(f"{variant}: the Windows engine's move {m.group(1)!r} after {moves}: {refused}")
        moves.append(m.group(1))
        if any(re.fullmatch(RESULT, l) for l in e.sync(ply + 2)):
            break
    if fen_of(e) != fen_of(referee):
        e.fail(f"{variant}: the game ends in {fen_of(e)!r} here but {fen_of(referee)!r} for the Linux build")
    e.close()
    referee.close()
    return moves


def fen_of(e):
    """The FEN of the session's game (CECP `d` prints `# fen ...`)."""
    e.send("d")
    return e.expect(r"# fen (.*)", 10.0).group(1)


def uci_game(variant):
    e = Engine(WINDOWS, f"uci {variant}")
    e.send("uci")
    e.expect("uciok", STARTUP)
    e.send(f"setoption name UCI_Variant value {variant}", "ucinewgame", "isready")
    e.expect("readyok")
    moves = []
    for _ in range(ARGS.plies):
        if not legal_turns(variant, moves):
            break
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""), f"go depth {ARGS.depth}")
        move = e.expect(r"bestmove (\S+)( ponder \S+)?", 60.0).group(1)
        check_move(e, variant, moves, move)
        moves.append(move)
    e.close()
    return moves


def game_test(play, variant):
    def run():
        moves = play(variant)
        if not moves:
            raise AssertionError(f"{variant}: no move played")
        print(f"     {play.__name__} {variant}: {' '.join(moves)}", flush=True)
    return run


def main():
    tests = [("cecp_handshake", test_cecp_handshake), ("uci_handshake", test_uci_handshake),
             ("uci_infinite_stop", test_uci_infinite_stop), ("cecp_clock", test_cecp_clock)]
    for v in variant_ids():
        tests.append((f"cecp_game_{v}", game_test(cecp_game, v)))
        tests.append((f"uci_game_{v}", game_test(uci_game, v)))
    run_tests(tests, ARGS.only)


if __name__ == "__main__":
    main()
