#!/usr/bin/env python3
"""Nick Danger's LinkSquares and AfterLinking settings (issue 31) through the
command line, CECP, UCI and the match runner: offered as combos with their
values, applied (a position's count changes with them, and combines with
Links), and a malformed value (unknown, empty) refused with a message naming
the setting and its allowed values, the game in force unchanged.

Usage: test_nd_rules.py RULEZERO
"""
import sys

from rzproc import Engine
from setting_checks import check_match_under, run, run_checks

KINGS = "7k8/16/16/16/16/16/16/K15 w - - 0 20 - L -"
# Kings only: 3 King moves, each followed by a link make: 62 King-free
# board-0 squares times 8 (same-rank), 1 (same-square), 32 (same-colour) or
# 64 (any) board-1 squares.
KINGS_COUNTS = {"same-rank": 1488, "same-square": 186, "same-colour": 5952, "any": 11904}
# Eight links on rank 4, Linking: with Links=16 and any, (64 - 8 - 2) x (64 - 8) makes after each King move.
EIGHT = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 L -"
EIGHT_ANY_16 = 3 * 54 * 56
# Links=1, the one link just made by Black. Twinkle: no make, no break (rule
# 2c): 3 turns without part 2. Remove: White must break it: 3 turns too, but
# the position written has phase R, which a Twinkle game refuses.
REMOVING = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4 R +a4i4"
TWINKLING = "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4i4 T +a4i4"
# Two links, removing: the King going to b2 breaks b2j2, one link is left to
# break: 2 + 2 + 1 = 5 turns (Twinkle would let it make links too).
REMOVE_TWO = "7k8/16/16/16/16/16/16/K15 w - - 0 20 b2j2,c3k3 R -"
# A White Pawn on board 1's last rank (p8): only where links leave the rank.
# It cannot move: the King's 3 moves times the counts of KINGS.
PAWN_ON_LAST = "7k7P/16/16/16/16/16/16/K15 w - - 0 20 - L -"
SETTINGS = {
    "LinkSquares": ("same-rank", ["same-rank", "same-square", "same-colour", "any"]),
    "AfterLinking": ("twinkle", ["twinkle", "remove"]),
}
BAD = ["", "anywhere", "same rank", "twinkles", "1", "any,same-rank"]


def names_setting(name, text):
    """The message names the setting and every allowed value."""
    return name in text and all(v in text for v in SETTINGS[name][1])


def perft(rz, fen, *options):
    args = [rz, "perft", "--variant", "nickdanger", "--depth", "1", "--fen", fen]
    for o in options:
        args += ["--option", o]
    res = run(*args)
    last = res.stdout.strip().splitlines()[-1:] or [""]
    return res.returncode, last[0], res.stderr.strip()


def check_cli(rz):
    failures = []
    cases = [((), KINGS, 1488)]
    cases += [((f"LinkSquares={v}",), KINGS, n) for v, n in KINGS_COUNTS.items()]
    cases += [(("linksquares=ANY",), KINGS, 11904),  # names and values in any case
              (("Links=16", "LinkSquares=any"), EIGHT, EIGHT_ANY_16),
              (("Links=1", "AfterLinking=remove"), REMOVING, 3),
              (("Links=1",), TWINKLING, 3),
              (("Links=2", "AfterLinking=remove"), REMOVE_TWO, 5),
              (("LinkSquares=same-colour",), PAWN_ON_LAST, 5952),
              (("LinkSquares=any",), PAWN_ON_LAST, 11904)]
    for options, fen, count in cases:
        rc, last, err = perft(rz, fen, *options)
        if rc != 0 or last != f"Nodes searched: {count}":
            failures.append(f"CLI {options} {fen}: expected {count} turns, got {last!r} {err!r}")
    for name in SETTINGS:
        for bad in BAD:
            rc, last, err = perft(rz, KINGS, f"{name}={bad}")
            if rc == 0 or not names_setting(name, err) or "Nodes searched" in last:
                failures.append(f"CLI {name}={bad!r}: not refused naming the setting and its values ({rc}, {err!r})")
    refused = [((), REMOVING, "expected L or T"), (("Links=1", "AfterLinking=remove"), TWINKLING, "expected L or R"),
               ((), PAWN_ON_LAST, "last rank"), (("LinkSquares=same-square",), PAWN_ON_LAST, "last rank"),
               (("LinkSquares=same-square",), "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4j4 L -", "same square"),
               (("LinkSquares=same-colour",), "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4j6 L -", "same colour")]
    for options, fen, said in refused:
        rc, last, err = perft(rz, fen, *options)
        if rc == 0 or said not in err:
            failures.append(f"CLI {options}: {fen} not refused with '{said}' ({rc}, {err!r})")
    rc, last, err = perft(rz, "7k8/16/16/16/16/16/16/K15 w - - 0 20 a4j6 L -", "LinkSquares=same-colour", "LinkSquares=any")
    if rc != 0:
        failures.append(f"CLI: the last LinkSquares given (any) is not the one in force ({err!r})")
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
    for offer in ('feature option="LinkSquares -combo *same-rank /// same-square /// same-colour /// any /// same-quadrant"',
                  'feature option="AfterLinking -combo *twinkle /// remove"'):
        if offer not in lines:
            failures.append(f"CECP: no {offer}")
    e.send("variant nickdanger", "option Links=1", "option AfterLinking=remove", "option LinkSquares=any",
           f"setboard {REMOVING}", "ping 1")
    lines = e.collect_until(r"pong 1", timeout=10)
    if any(l.startswith("Error") for l in lines):
        failures.append(f"CECP: AfterLinking=remove and a removing-phase FEN refused: {lines}")
    before = cecp_state(e, 2)
    n = 10
    for name in SETTINGS:
        for bad in BAD:
            n += 1
            e.send(f"option {name}={bad}", f"ping {n}")
            lines = e.collect_until(rf"pong {n}", timeout=10)
            if not any(l.startswith("Error") and names_setting(name, l) for l in lines):
                failures.append(f"CECP {name}={bad!r}: no Error naming the setting and its values ({lines})")
            if cecp_state(e, 100 + n) != before:
                failures.append(f"CECP {name}={bad!r}: the game changed")
    # The settings in force are still remove and any: a Twinkle FEN is
    # refused, a link off the rank accepted.
    e.send(f"setboard {TWINKLING}", "ping 300")
    lines = e.collect_until(r"pong 300", timeout=10)
    if not any(l.startswith("Error") and "expected L or R" in l for l in lines):
        failures.append(f"CECP: after the bad values, AfterLinking is no longer remove ({lines})")
    e.send("setboard 7k8/16/16/16/16/16/16/K15 w - - 0 20 a4j7 R -", "ping 301")
    lines = e.collect_until(r"pong 301", timeout=10)
    if any(l.startswith("Error") for l in lines):
        failures.append(f"CECP: after the bad values, LinkSquares is no longer any ({lines})")
    e.send("quit")
    return failures


def check_uci(rz):
    failures = []
    e = Engine(rz, "uci")
    e.send("uci")
    lines = e.collect_until("uciok", timeout=10)
    for offer in ("option name LinkSquares type combo default same-rank var same-rank var same-square var same-colour var any var same-quadrant",
                  "option name AfterLinking type combo default twinkle var twinkle var remove"):
        if offer not in lines:
            failures.append(f"UCI: no '{offer}'")
    e.send("setoption name UCI_Variant value nickdanger", "setoption name LinkSquares value same-colour",
           f"position fen {KINGS}", "go perft 1")
    e.expect(r"Nodes searched: 5952", timeout=10)
    for name in SETTINGS:
        for bad in BAD:
            if bad == "":  # `setoption name X value` with nothing after: the UCI reader's own message
                continue
            e.send(f"setoption name {name} value {bad}", "isready")
            lines = e.collect_until("readyok", timeout=10)
            if not any(l.startswith("info string") and names_setting(name, l) for l in lines):
                failures.append(f"UCI {name}={bad!r}: no info string naming the setting and its values ({lines})")
    e.send(f"position fen {KINGS}", "go perft 1")
    e.expect(r"Nodes searched: 5952", timeout=10)
    e.send("quit")
    return failures


def check_match(rz):
    """The match runner plays Links=2 with links anywhere and removing after
    linking (a break shows the removing phase); the PGN names the settings
    and pgn-check replays the games."""
    return check_match_under(rz, "nickdanger", ["Links=2", "LinkSquares=any", "AfterLinking=remove"],
                             "Links=2; LinkSquares=any; AfterLinking=remove", 12, shows=",x")


def main():
    return run_checks(sys.argv[1], (check_cli, check_cecp, check_uci, check_match))


if __name__ == "__main__":
    sys.exit(main())
