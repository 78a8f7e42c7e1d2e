#!/usr/bin/env python3
"""Hegelian Dialectic's `Dialectic` setting (issue 31) through the command
line, CECP, UCI and the match runner: offered as a combo (square, stair-step),
applied (the start has 26 turns on the square dialectic, 29 on the stair-step
one, where both tokens start on 21), and a malformed value refused with a
message naming the setting and its values, the game in force unchanged. Plain
`dialectic` does not offer it.

Usage: test_hegelian_dialectic.py RULEZERO
"""
import sys

from rzproc import Engine
from setting_checks import check_match_under, run, run_checks

BAD = ["stairs", "Stair_Step", "", "square stair-step", "3x3"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def names_setting(text):
    return "Dialectic" in text and "square" in text and "stair-step" in text


def check_cli(rz):
    failures = []
    perft = [rz, "perft", "--variant", "hegelian", "--depth", "1"]
    for option, count in ((None, 26), ("Dialectic=square", 26), ("Dialectic=stair-step", 29),
                          ("dialectic=STAIR-STEP", 29)):
        res = run(*perft, *(["--option", option] if option else []))
        last = res.stdout.strip().splitlines()[-1:] or [""]
        if res.returncode != 0 or last[0] != f"Nodes searched: {count}":
            failures.append(f"CLI {option}: expected {count} turns, got {last[0]!r} {res.stderr.strip()!r}")
    for bad in BAD:
        res = run(*perft, "--option", f"Dialectic={bad}")
        if res.returncode == 0 or not names_setting(res.stderr) or "Nodes searched" in res.stdout:
            failures.append(f"CLI Dialectic={bad!r}: not refused by name ({res.returncode}, {res.stderr.strip()!r})")
    res = run(rz, "perft", "--variant", "dialectic", "--depth", "1", "--option", "Dialectic=stair-step")
    if res.returncode == 0 or "Nodes searched" in res.stdout:
        failures.append(f"CLI: plain dialectic took Dialectic=stair-step ({res.stdout.strip()!r})")
    # The removed squares: the start's T12 is read as 21, and no token steps onto 01, 02 or 12.
    res = run(rz, "moves", "--variant", "hegelian", "--option", "Dialectic=stair-step")
    fens = [line.split(" ", 1)[1] for line in res.stdout.splitlines() if "@" in line.split(" ")[0]]
    if len(fens) != 9 or any(f.split()[-1][1:3] in ("01", "02", "12") or f.split()[-1][4:6] in ("01", "02", "12")
                             for f in fens):
        failures.append(f"CLI stair-step token moves: {res.stdout!r}")
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
    if 'feature option="Dialectic -combo *square /// stair-step"' not in lines:
        failures.append("CECP: no feature option Dialectic -combo *square /// stair-step")
    e.send("new", "variant hegelian", "option Dialectic=stair-step", "force", "ping 1")
    lines = e.collect_until(r"pong 1", timeout=10)
    if any(l.startswith("Error") for l in lines):
        failures.append(f"CECP: Dialectic=stair-step refused: {lines}")
    before = cecp_fen(e, 2)
    if not before or not before[0].endswith("T21A21"):
        failures.append(f"CECP stair-step start: {before}")
    for n, bad in enumerate(BAD, start=10):
        e.send(f"option Dialectic={bad}", f"ping {n}")
        lines = e.collect_until(rf"pong {n}", timeout=10)
        if not any(l.startswith("Error") and names_setting(l) for l in lines):
            failures.append(f"CECP Dialectic={bad!r}: no Error naming Dialectic, square and stair-step ({lines})")
        if cecp_fen(e, 100 + n) != before:
            failures.append(f"CECP Dialectic={bad!r}: the game changed")
    # Still stair-step: the Synthesis may move at once; a Thesis step to 12 is not a turn.
    e.send("usermove S@11", "ping 200")
    lines = e.collect_until(r"pong 200", timeout=10)
    if any(l.startswith("Illegal") or l.startswith("Error") for l in lines):
        failures.append(f"CECP: S@11 refused after the bad values ({lines})")
    e.send("usermove T@12", "ping 201")
    lines = e.collect_until(r"pong 201", timeout=10)
    if not any(l.startswith("Illegal") for l in lines):
        failures.append(f"CECP: T@12, onto a removed square, accepted ({lines})")
    e.send("quit")
    return failures


def check_uci(rz):
    failures = []
    e = Engine(rz, "uci")
    e.send("uci")
    lines = e.collect_until("uciok", timeout=10)
    if "option name Dialectic type combo default square var square var stair-step" not in lines:
        failures.append("UCI: Dialectic not offered as combo square / stair-step")
    e.send("setoption name UCI_Variant value hegelian", "setoption name Dialectic value stair-step",
           "position startpos", "go perft 1")
    e.expect(r"Nodes searched: 29", timeout=10)
    for bad in BAD:
        if bad == "":  # `setoption name Dialectic value` with nothing after: the UCI reader's own message
            continue
        e.send(f"setoption name Dialectic value {bad}", "isready")
        lines = e.collect_until("readyok", timeout=10)
        if not any(l.startswith("info string") and names_setting(l) for l in lines):
            failures.append(f"UCI Dialectic={bad!r}: no info string naming the setting ({lines})")
    e.send("position startpos moves S@20", "go perft 1")
    e.expect(r"Nodes searched: \d+", timeout=10)
    e.send("position startpos", "go perft 1")
    e.expect(r"Nodes searched: 29", timeout=10)
    e.send("quit")
    return failures


def check_match(rz):
    """The match runner: both engines and the arbiter play stair-step, the PGN
    names the setting and pgn-check replays it (a token move onto a removed
    square would be an illegal move there)."""
    return check_match_under(rz, "hegelian", ["Dialectic=stair-step"], "Dialectic=stair-step", 16)


def main():
    return run_checks(sys.argv[1], (check_cli, check_cecp, check_uci, check_match))


if __name__ == "__main__":
    sys.exit(main())
