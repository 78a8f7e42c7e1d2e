#!/usr/bin/env python3
"""Rule Zero's time use under a clock (issue 28): one engine process plays
both sides of a game through CECP, and every turn's time is measured against
the clock it had. With --check, a turn that takes more than a twentieth of
its clock plus the increment (and a tolerance) fails.

A turn's time is its wall time, from `go` to the move, less the time the
engine's threads and this test's own spent ready to run but waiting for a
core (Linux's /proc/PID/task/TID/schedstat, as selfplay.py charges its
clocks; 0 where it cannot be read): on a busy machine that wait is the
machine's, not the engine's. Everything the engine does itself, computing or
blocked, is still charged, so an engine that thinks past its share fails.
Usage: time_use.py RULEZERO [--variant V ...] [--base SEC] [--inc SEC]
                            [--plies N] [--tolerance MS] [--check]"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rzproc import ChargedTime, Engine  # noqa: E402

THINK = r"-?\d+ -?\d+ \d+ \d+ \d+ \d+\t.*"


def play(rz, variant, base_ms, inc_ms, plies, tolerance_ms):
    """Plays `plies` turns; returns (rows, failures): rows are
    (ply, clock before ms, time taken ms, bound ms, depth reached, wall ms)."""
    e = Engine(rz, "rulezero")
    e.send("xboard", "protover 2")
    e.expect("feature done=1", 10)
    e.send("new", f"variant {variant}", "post", f"level 0 {base_ms / 1000:g} {inc_ms / 1000:g}", "ping 1")
    e.expect("pong 1", 30)  # the engine's start and its new game are not a turn's time
    clock = [base_ms, base_ms]
    rows, failures = [], []
    for ply in range(plies):
        side, other = ply % 2, 1 - ply % 2
        e.send(f"time {clock[side] // 10}", f"otim {clock[other] // 10}", "go")
        turn = ChargedTime(e.proc.pid)
        depth = 0
        while True:
            line = e.readline(clock[side] / 1000 + 10)
            if line is None:
                e.fail("the engine stopped")
            if line.startswith("move "):
                break
            fields = line.split()
            if fields and fields[0].isdigit():
                depth = int(fields[0])
            if line.startswith(("1-0", "0-1", "1/2-1/2")):
                break
        charged, wall, wait = turn.read()
        taken = round(1000 * charged)
        if not line.startswith("move "):
            break
        bound = clock[side] / 20 + inc_ms
        rows.append((ply + 1, clock[side], taken, bound, depth, round(1000 * wall)))
        if taken > bound + tolerance_ms:
            failures.append(f"{variant} ply {ply + 1}: {taken} ms ({round(1000 * wall)} ms wall, less "
                            f"{round(1000 * wait)} ms waiting for a core) with {clock[side]} ms "
                            f"left (bound {bound:.0f} ms + {tolerance_ms} ms)")
        clock[side] = max(0, clock[side] - taken) + inc_ms
        e.send("force")
    e.send("quit")
    e.proc.wait(timeout=10)
    return rows, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rulezero")
    ap.add_argument("--variant", action="append")
    ap.add_argument("--base", type=float, default=20)
    ap.add_argument("--inc", type=float, default=0)
    ap.add_argument("--plies", type=int, default=6)
    ap.add_argument("--tolerance", type=int, default=150)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    failures = []
    for v in a.variant or ["nickdanger", "interweave"]:
        rows, bad = play(a.rulezero, v, int(a.base * 1000), int(a.inc * 1000), a.plies, a.tolerance)
        failures += bad
        print(f"{v} at {a.base:g}+{a.inc:g}: ply, clock before (ms), time taken (ms), bound left/20+inc (ms), depth, "
              "wall (ms)")
        for r in rows:
            print("  %3d %8d %7d %8.0f %3d %7d%s" % (*r, "  OVER" if r[2] > r[3] + a.tolerance else ""))
        sys.stdout.flush()
    for f in failures:
        print("FAIL:", f)
    if a.check and failures:
        sys.exit(f"{len(failures)} turn(s) over a twentieth of the clock")


main()
