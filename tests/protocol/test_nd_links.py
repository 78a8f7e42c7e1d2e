#!/usr/bin/env python3
"""Nick Danger's Links setting (issue 31) through the command line, CECP and
UCI and the match runner: offered with its range, applied (a position's count changes with it),
and a malformed value (0, 33, many, ...) refused with a message naming the
setting and its allowed values, the game in force unchanged.

Usage: test_nd_links.py RULEZERO
"""
import sys

from rzproc import Engine
from setting_checks import check_match_under, run, run_checks

BAD = ["0", "33", "many", "", "8x", "-1", "100000000000000000000"]
# Eight links, Linking phase, Kings only. Links 8 (the default): the eighth
# link starts Twinkle, so 3 King moves x 8 breaks = 24 turns. Links 16: the
# phase stays Linking, makes only: 3 x 432 = 1296 turns.
EIGHT = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 L -"
ONE = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4 L -"
THREE = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4 L -"


def names_setting(text):
    return "Links" in text and "1 to 32" in text


def check_cli(rz):
    failures = []
    perft = [rz, "perft", "--variant", "nickdanger", "--depth", "1", "--fen", EIGHT]
    for option, count in ((None, 24), ("Links=8", 24), ("Links=16", 1296), ("links=16", 1296)):
        res = run(*perft, *(["--option", option] if option else []))
        last = res.stdout.strip().splitlines()[-1:] or [""]
        if res.returncode != 0 or last[0] != f"Nodes searched: {count}":
            failures.append(f"CLI {option}: expected {count} turns, got {last[0]!r} {res.stderr.strip()!r}")
    for bad in BAD:
        res = run(*perft, "--option", f"Links={bad}")
        if res.returncode == 0 or not names_setting(res.stderr) or "Nodes searched" in res.stdout:
            failures.append(f"CLI Links={bad!r}: not refused by name ({res.returncode}, {res.stderr.strip()!r})")
    res = run(rz, "perft", "--variant", "nickdanger", "--depth", "1", "--fen", THREE, "--option", "Links=2")
    if res.returncode == 0 or "more than 2 links" not in res.stderr:
        failures.append(f"CLI: three links under Links=2 not refused ({res.stderr.strip()!r})")
    return failures


def cecp_state(e, n):
    e.send("d", f"ping {n}")
    lines = e.collect_until(rf"pong {n}", timeout=10)
    return [l for l in lines if l.startswith("# fen")]


def check_cecp(rz):
    failures = []
    e = Engine(rz, "cecp")
    e.send("xboard", "protover 2")
    lines = e.collect_until(r"feature .*done=1.*", timeout=10)
    if 'feature option="Links -spin 8 1 32"' not in lines:
        failures.append("CECP: no feature option Links -spin 8 1 32")
    e.send("variant nickdanger", "option Links=2", f"setboard {ONE}", "ping 1")
    lines = e.collect_until(r"pong 1", timeout=10)
    if any(l.startswith("Error") for l in lines):
        failures.append(f"CECP: Links=2 and a one-link FEN refused: {lines}")
    before = cecp_state(e, 2)
    for n, bad in enumerate(BAD, start=10):
        e.send(f"option Links={bad}", f"ping {n}")
        lines = e.collect_until(rf"pong {n}", timeout=10)
        if not any(l.startswith("Error") and names_setting(l) for l in lines):
            failures.append(f"CECP Links={bad!r}: no Error naming Links and 1 to 32 ({lines})")
        if cecp_state(e, 100 + n) != before:
            failures.append(f"CECP Links={bad!r}: the game changed")
    # The setting in force is still 2: three links are refused, two accepted.
    e.send(f"setboard {THREE}", "ping 200")
    lines = e.collect_until(r"pong 200", timeout=10)
    if not any(l.startswith("Error") and "more than 2 links" in l for l in lines):
        failures.append(f"CECP: after the bad values, Links is no longer 2 ({lines})")
    e.send("quit")
    return failures


def check_uci(rz):
    failures = []
    e = Engine(rz, "uci")
    e.send("uci")
    lines = e.collect_until("uciok", timeout=10)
    if "option name Links type spin default 8 min 1 max 32" not in lines:
        failures.append("UCI: Links not offered as spin 8, 1 to 32")
    e.send("setoption name UCI_Variant value nickdanger", "setoption name Links value 16",
           f"position fen {EIGHT}", "go perft 1")
    e.expect(r"Nodes searched: 1296", timeout=10)
    for bad in BAD:
        if bad == "":  # `setoption name Links value` with nothing after: the UCI reader's own message
            continue
        e.send(f"setoption name Links value {bad}", "isready")
        lines = e.collect_until("readyok", timeout=10)
        if not any(l.startswith("info string") and names_setting(l) for l in lines):
            failures.append(f"UCI Links={bad!r}: no info string naming Links and 1 to 32 ({lines})")
    e.send(f"position fen {EIGHT}", "go perft 1")
    e.expect(r"Nodes searched: 1296", timeout=10)
    e.send("quit")
    return failures


def check_match(rz):
    """The match runner: both engines and the arbiter play Links=2 (the
    Twinkle phase from the second link on: a break shows it), the PGN names
    the setting and pgn-check replays it."""
    return check_match_under(rz, "nickdanger", ["Links=2"], "Links=2; LinkSquares=same-rank; AfterLinking=twinkle",
                             12, shows=",x")


def main():
    return run_checks(sys.argv[1], (check_cli, check_cecp, check_uci, check_match))


if __name__ == "__main__":
    sys.exit(main())
