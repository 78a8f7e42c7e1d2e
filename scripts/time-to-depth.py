#!/usr/bin/env python3
"""Time to depth: how long Rule Zero takes to finish a given depth with 1 and
with more threads (UCI `Threads`), over a few orthodox positions, each search
from a cleared hash (`ucinewgame`). Prints a Markdown table.

Usage: scripts/time-to-depth.py [--rz build/rulezero] [--depth 13] [--threads "1 2"] [--runs 3]
"""
import argparse
import re
import statistics
import subprocess

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
]


def time_to_depth(rz, threads, fen, depth):
    p = subprocess.Popen([rz], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(f"uci\nsetoption name Threads value {threads}\nucinewgame\nposition fen {fen}\n"
                  f"go depth {depth}\n")
    p.stdin.flush()
    ms = None
    for line in p.stdout:
        m = re.match(rf"info depth {depth} .* time (\d+) ", line)
        if m:
            ms = int(m.group(1))
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return ms


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rz", default="build/rulezero")
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--threads", default="1 2")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    counts = [int(t) for t in a.threads.split()]
    print("| position | " + " | ".join(f"{t} thread(s), ms (median of {a.runs})" for t in counts) + " | speed-up |")
    print("|---|" + "---:|" * (len(counts) + 1))
    totals = {t: 0 for t in counts}
    for i, fen in enumerate(POSITIONS, 1):
        med = {}
        for t in counts:
            med[t] = statistics.median(time_to_depth(a.rz, t, fen, a.depth) for _ in range(a.runs))
            totals[t] += med[t]
        ratio = med[counts[0]] / med[counts[-1]] if med[counts[-1]] else float("nan")
        print(f"| {i} | " + " | ".join(f"{med[t]:.0f}" for t in counts) + f" | {ratio:.2f} |")
    ratio = totals[counts[0]] / totals[counts[-1]] if totals[counts[-1]] else float("nan")
    print("| all | " + " | ".join(f"{totals[t]:.0f}" for t in counts) + f" | {ratio:.2f} |")


if __name__ == "__main__":
    main()
