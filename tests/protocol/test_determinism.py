#!/usr/bin/env python3
"""Determinism, like Stockfish's reprosearch test: for every variant, the
same node-limited search from each of its positions (the start and after two
turns), run twice in fresh processes, must report the same node counts at
every depth and choose the same move.

Usage: test_determinism.py RULEZERO [NODES]
"""
import subprocess
import sys

from rzproc import DialogueError, Engine


def variants(path):
    out = subprocess.run([path, "--help"], capture_output=True, text=True).stdout
    return next(l for l in out.splitlines() if l.startswith("Variants:")).split()[1:]


def search(path, variant, moves, nodes):
    e = Engine(path, variant)
    e.send("uci")
    e.expect("uciok", timeout=10)
    e.send(f"setoption name UCI_Variant value {variant}", "ucinewgame",
           "position startpos" + (" moves " + " ".join(moves) if moves else ""), f"go nodes {nodes}")
    lines = e.collect_until(r"bestmove .*", timeout=120)
    e.send("quit")
    infos = [l.split(" nodes ")[1].split()[0] for l in lines if l.startswith("info depth")]
    return infos, lines[-1]


def first_turns(path, variant):
    """Two turns from the start, picked by a fixed-depth search, so the second
    position is reached through real play."""
    e = Engine(path, variant)
    e.send("uci")
    e.expect("uciok", timeout=10)
    e.send(f"setoption name UCI_Variant value {variant}")
    moves = []
    for _ in range(2):
        e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""), "go depth 2")
        best = e.expect(r"bestmove (\S+).*", timeout=60).group(1)
        moves.append(best)
    e.send("quit")
    return moves


def main():
    path = sys.argv[1]
    nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    passed = failed = 0
    for v in variants(path):
        for moves in ([], first_turns(path, v)):
            try:
                a, b = search(path, v, moves, nodes), search(path, v, moves, nodes)
            except DialogueError as err:
                print(f"FAIL {v}: {err}")
                failed += 1
                continue
            if a == b and a[0]:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {v} after {moves}: {a} then {b}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
