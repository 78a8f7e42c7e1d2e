#!/usr/bin/env python3
"""The Single Square games' settings (issue 31): Pickle's Link and Shifted
Square's Shift through the command line, CECP, UCI and the match runner:
offered with their defaults, applied (a position's moves change with them),
and a malformed value refused with a message naming the setting and its
allowed values, the game in force unchanged. A setting that changes the
board starts a game in progress again from its start position.

Usage: test_ssq_settings.py RULEZERO
"""
import sys

from rzproc import Engine
from setting_checks import check_match_under, run, run_checks

BAD = ["e4=e5", "e4", "z9=x5", "x5=e4", "e4=x9", "i4=x5", "e4=y5", "", "e4=x5=z5"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def names(setting, text):
    return setting in text and "x1 to x8" in text and "z1 to z8" in text


def check_cli(rz):
    failures = []
    # Pickle: with d8 also on z1 (beside h1) the Rook h1 takes the Queen: 21 moves.
    # Shifted: e4 removed (no e2-e4): 19; d5 removed and x8 added: 20.
    cases = (("pickle", None, 20), ("pickle", "Link=d8=z1", 21), ("pickle", "link=e4=x5", 20),
             ("shifted-square", None, 19), ("shifted-square", "Shift=d5=x8", 20))
    for variant, option, count in cases:
        res = run(rz, "perft", "--variant", variant, "--depth", "1", *(["--option", option] if option else []))
        last = res.stdout.strip().splitlines()[-1:] or [""]
        if res.returncode != 0 or last[0] != f"Nodes searched: {count}":
            failures.append(f"CLI {variant} {option}: expected {count}, got {last[0]!r} {res.stderr.strip()!r}")
    for variant, setting in (("pickle", "Link"), ("shifted-square", "Shift")):
        for bad in BAD + (["e2=x5", "d7=z4"] if setting == "Shift" else []):
            res = run(rz, "perft", "--variant", variant, "--depth", "1", "--option", f"{setting}={bad}")
            if res.returncode == 0 or not names(setting, res.stderr) or "Nodes searched" in res.stdout:
                failures.append(f"CLI {setting}={bad!r}: not refused by name ({res.returncode}, {res.stderr.strip()!r})")
    return failures


def cecp_fen(e, n):
    e.send("d", f"ping {n}")
    lines = e.collect_until(rf"pong {n}", timeout=10)
    return [l for l in lines if l.startswith("# fen")]


def check_cecp(rz):
    failures = []
    e = Engine(rz, "cecp")
    e.send("xboard", "protover 2")
    lines = e.collect_until(r"feature .*done=1.*", timeout=10)
    for want in ('feature option="Link -string e4=x5"', 'feature option="Shift -string e4=x5"'):
        if want not in lines:
            failures.append(f"CECP: no {want}")
    e.send("variant pickle", "option Link=d8=z1", "force", "usermove h1d8", "ping 1")
    lines = e.collect_until(r"pong 1", timeout=10)
    if any(l.startswith("Illegal") or l.startswith("Error") for l in lines):
        failures.append(f"CECP: Link=d8=z1 not applied (h1d8 through z1 refused): {lines}")
    before = cecp_fen(e, 2)
    for n, bad in enumerate(BAD, start=10):
        e.send(f"option Link={bad}", f"ping {n}")
        lines = e.collect_until(rf"pong {n}", timeout=10)
        if not any(l.startswith("Error") and names("Link", l) for l in lines):
            failures.append(f"CECP Link={bad!r}: no Error naming Link and its values ({lines})")
        if cecp_fen(e, 100 + n) != before:
            failures.append(f"CECP Link={bad!r}: the game changed")
    # A good value in the middle of a game: the board changes, so the game starts again.
    e.send("option Link=e4=x5")
    fen = cecp_fen(e, 300)
    if not fen or START not in fen[0]:
        failures.append(f"CECP: a new Link during a game did not start it again ({fen})")
    e.send("usermove h1d8", "ping 301")
    lines = e.collect_until(r"pong 301", timeout=10)
    if not any(l.startswith("Illegal move") for l in lines):
        failures.append(f"CECP: under Link=e4=x5 h1d8 was taken ({lines})")
    e.send("quit")
    return failures


def check_uci(rz):
    failures = []
    e = Engine(rz, "uci")
    e.send("uci")
    lines = e.collect_until("uciok", timeout=10)
    for want in ("option name Link type string default e4=x5", "option name Shift type string default e4=x5"):
        if want not in lines:
            failures.append(f"UCI: no {want!r}")
    e.send("setoption name UCI_Variant value shifted-square", "setoption name Shift value d5=x8",
           "position startpos", "go perft 1")
    e.expect(r"Nodes searched: 20", timeout=10)
    for bad in BAD:
        if bad == "":
            continue
        e.send(f"setoption name Shift value {bad}", "isready")
        lines = e.collect_until("readyok", timeout=10)
        if not any(l.startswith("info string") and names("Shift", l) for l in lines):
            failures.append(f"UCI Shift={bad!r}: no info string naming Shift and its values ({lines})")
    e.send("position startpos", "go perft 1")
    e.expect(r"Nodes searched: 20", timeout=10)
    e.send("quit")
    return failures


def check_match(rz):
    """The match runner plays both games under a setting; the PGN names it and pgn-check replays it."""
    return (check_match_under(rz, "pickle", ["Link=d5=z4"], "Link=d5=z4", 30) +
            check_match_under(rz, "shifted-square", ["Shift=d5=x4"], "Shift=d5=x4", 30))


def main():
    return run_checks(sys.argv[1], (check_cli, check_cecp, check_uci, check_match))


if __name__ == "__main__":
    sys.exit(main())
