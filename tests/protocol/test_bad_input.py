#!/usr/bin/env python3
"""Bad input through CECP and UCI: every command with malformed, missing or
extreme arguments (huge numbers, negative times, empty FENs, FENs and moves of
another variant, 10,000-character lines, binary junk). The engine must answer
with an `Error (...)` / `Illegal move (...)` line (CECP) or an `info string`
(UCI) where the input is wrong, never crash or hang, and the game must be
exactly as it was afterwards.

Usage: test_bad_input.py RULEZERO
"""
import sys

from rzproc import DialogueError, Engine

LONG = "x" * 10000
JUNK = "\x01\x02\x7f\x1b[2J\x00junk"
OTHER_FEN = "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[] w - - 0 1"  # Interdependent

# (command, must it be answered with an error line?)
CECP_BAD = [
    ("level", True), ("level x y z", True), ("level -1 5 0", True), ("level 0 5 -1", True),
    ("level 0 99999999999999999999 0", True), ("level 40 0:xx 0", True), ("level 0 0 0", True),
    ("st", True), ("st -5", True), ("st abc", True), ("st 999999999999999999999", True),
    ("sd", True), ("sd -1", True), ("sd x", True), ("sd 100000000000", True),
    ("nps", True), ("nps -5", True), ("nps x", True),
    ("time", True), ("time -100", True), ("time x", True), ("time 99999999999999999999999", True),
    ("otim", True), ("otim -1", True), ("otim x", True),
    ("usermove", True), ("usermove e2e5", True), ("usermove zz", True), ("usermove " + LONG, True),
    ("usermove T@11", True), ("usermove N@c4", True), ("usermove e7e8q", True), ("e2e5", True),
    ("setboard", True), ("setboard ", True), ("setboard not a fen", True), ("setboard " + OTHER_FEN, True),
    ("setboard " + LONG, True), ("setboard 8/8/8/8/8/8/8/8 w - - 0 1", True),
    ("variant", True), ("variant nosuch", True), ("variant " + LONG, True),
    ("memory", True), ("memory -1", True), ("memory x", True), ("memory 99999999999999", True),
    ("cores -1", True), ("cores x", True),
    ("option", True), ("option Nosuch=1", True), ("option Powers=ZZZ", True), ("option =", True),
    ("exclude", True), ("exclude e2e5", True), ("include zz", True),
    ("lift", True), ("lift z9", True), ("lift " + LONG, True),
    ("result", False), ("result garbage", False), ("put x", False), ("hover", False),
    ("name " + LONG, False), ("rating x y", False), ("ics", False), ("computer extra", False),
    ("hard", False), ("easy", False), ("post", False), ("nopost", False), ("random", False),
    ("accepted nosuch", False), ("rejected nosuch", False),
    (LONG, True), (JUNK, True), ("", False), ("   ", False), ("\t", False),
]

UCI_BAD = [
    ("position", True), ("position fen", True), ("position fen not a fen", True),
    ("position fen " + OTHER_FEN, True), ("position fen " + LONG, True),
    ("position startpos moves e2e4 e7e5 zz", True), ("position startpos moves e2e5", True),
    ("position startpos moves T@11", True), ("position nonsense", True),
    ("setoption", True), ("setoption name", True), ("setoption name Nosuch value 1", True),
    ("setoption name Hash value -5", True), ("setoption name Hash value x", True),
    ("setoption name Hash value 99999999999999999999", True),
    ("setoption name UCI_Variant value nosuch", True), ("setoption name Powers value ZZZ", True),
    ("go perft x", True), ("go perft -1", True),
    (LONG, True), (JUNK, True), ("", False), ("debug on", False), ("register later", False),
]


def cecp_fen(e):
    e.send("d")
    e.expect(r"# variant \S+")
    return e.expect(r"# fen (.*)").group(1)


def check_cecp(path):
    e = Engine(path, "cecp")
    e.send("xboard", "protover 2")
    e.expect(r"feature .*done=1.*", timeout=10)
    e.send("new", "force", "usermove e2e4", "usermove e7e5")
    before = cecp_fen(e)
    failures = []
    for n, (cmd, needs_error) in enumerate(CECP_BAD):
        e.send(cmd, f"ping {n}")
        lines = e.collect_until(rf"pong {n}", timeout=10)
        errors = [l for l in lines if l.startswith("Error") or l.startswith("Illegal move")]
        after = cecp_fen(e)
        short = cmd[:40].encode("unicode_escape").decode()
        if after != before:
            failures.append(f"CECP {short!r}: the game changed to {after}")
        if needs_error and not errors:
            failures.append(f"CECP {short!r}: no Error/Illegal move line (got {lines[:3]})")
        bad_lines = [l for l in lines[:-1] if not (l.startswith("#") or l.startswith("Error") or
                                                    l.startswith("Illegal move") or l.startswith("highlight"))]
        if bad_lines:
            failures.append(f"CECP {short!r}: free-form output without '#': {bad_lines[:2]}")
    # undo/remove with nothing to take back
    e.send("new", "force", "undo", "remove", "ping 999")
    lines = e.collect_until(r"pong 999", timeout=10)
    if not any(l.startswith("Error") for l in lines):
        failures.append("CECP undo/remove at the start: no Error line")
    e.send("quit")
    return failures


def uci_fen(e, n):
    e.send("d")
    m = e.expect(r"(?:Fen|FEN|fen):? (.*)", timeout=10)
    return m.group(1)


def check_uci(path):
    e = Engine(path, "uci")
    e.send("uci")
    e.expect("uciok", timeout=10)
    e.send("position startpos moves e2e4 e7e5", "isready")
    e.expect("readyok")
    before = uci_fen(e, 0)
    failures = []
    for n, (cmd, needs_info) in enumerate(UCI_BAD):
        e.send(cmd, "isready")
        lines = e.collect_until("readyok", timeout=10)
        if cmd.startswith("go perft"):
            lines += e.collect_until(r"Nodes searched: \d+", timeout=10) if not any(
                l.startswith("info string") for l in lines) else []
        infos = [l for l in lines if l.startswith("info string")]
        after = uci_fen(e, n)
        short = cmd[:40].encode("unicode_escape").decode()
        if after != before:
            failures.append(f"UCI {short!r}: the position changed to {after}")
        if needs_info and not infos:
            failures.append(f"UCI {short!r}: no info string (got {lines[:3]})")
    e.send("quit")
    return failures


def main():
    path = sys.argv[1]
    failures = []
    for check in (check_cecp, check_uci):
        try:
            failures += check(path)
        except DialogueError as err:
            failures.append(str(err))
    for f in failures:
        print("FAIL", f)
    total = len(CECP_BAD) + 1 + len(UCI_BAD)
    print(f"{total - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
