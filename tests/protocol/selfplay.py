#!/usr/bin/env python3
"""A small CECP arbiter: plays games between two Rule Zero processes the way
XBoard does (new / variant / level / time / otim / usermove), relays moves,
keeps both clocks itself (from sending the opponent's move to reading the
reply, less the machine's own delay, which is not charged as thinking) and
ends a game on a claimed result or a move limit.

The machine's delay in a move is the larger of two measures: the longest of
three ping round trips per engine at the game's start (as a GUI's time
margin would allow), and the time the engine's and this arbiter's threads
spent ready to run but waiting for a core during that move (Linux's
/proc/PID/task/TID/schedstat; 0 where it cannot be read). On a busy machine
the second is what grows (at a load of 23, 2 of 4 games were lost on time
when only the first was subtracted); everything the engine does itself, computing or
blocked, is still charged, so an engine that thinks past its clock or
stalls still loses. A loss on time prints the move's wall time, the engine's
CPU time and the waits, which say which of the two it was.

Fails (exit 1) on an illegal-move or error reply, a hang, claims that
disagree, or a loss on time (unless --allow-forfeits).

Usage: selfplay.py RULEZERO [--engine2 PATH] [--games N] [--variant V]
                   [--base SECONDS] [--inc SECONDS] [--max-moves N] [--allow-forfeits]
"""
import argparse
import os
import queue
import re
import sys
import time

from rzproc import WAIT_SLACK, Engine, stats_delta, thread_stats

RESULT = re.compile(r"(1-0|0-1|1/2-1/2) \{([^{}]*)\}")
VERBOSE = bool(__import__("os").environ.get("SELFPLAY_VERBOSE"))
REJECT = re.compile(r"(Illegal move|Error)\b.*")


class Arbiter:
    def __init__(self, paths):
        self.q = queue.Queue()
        self.engines = [Engine(p, f"engine{i + 1}", sink=self.q) for i, p in enumerate(paths)]
        self.overhead = 0.0  # the longest round trip measured (seconds)
        self.read_at = 0.0   # when the last line was read (time.monotonic())
        self.waited = 0.0    # the machine's delays not charged, all moves (seconds)
        self.longest_wait = 0.0

    def snapshot(self, eng):
        """The scheduler's figures of `eng` and of this arbiter, now."""
        return thread_stats(eng.proc.pid), thread_stats(os.getpid())

    def machine_delay(self, eng, before):
        """(seconds waited for a core, engine's CPU seconds) since `before`."""
        eng_run, eng_wait = stats_delta(before[0], thread_stats(eng.proc.pid))
        _, own_wait = stats_delta(before[1], thread_stats(os.getpid()))
        return eng_wait + own_wait, eng_run

    def get(self, timeout):
        """(engine, line) or (None, None) after `timeout` seconds; the time the
        line was read from the pipe is in self.read_at."""
        try:
            eng, self.read_at, line = self.q.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            return None, None
        if line is None:
            raise RuntimeError(f"{eng.name} exited")
        eng.seen.append(line)
        if REJECT.fullmatch(line):
            raise RuntimeError(f"{eng.name} said {line!r}")
        return eng, line

    def wait_all(self, pattern, timeout=10.0 * WAIT_SLACK):
        """Waits until every engine printed a line matching `pattern`."""
        waiting = set(self.engines)
        deadline = time.monotonic() + timeout
        while waiting:
            eng, line = self.get(deadline - time.monotonic())
            if eng is None:
                raise RuntimeError(f"no /{pattern}/ from {[e.name for e in waiting]}")
            if re.fullmatch(pattern, line):
                waiting.discard(eng)

    def round_trip(self, eng, first_ping, samples=3):
        """The longest of `samples` ping round trips to an idle engine (seconds)."""
        worst = 0.0
        for n in range(first_ping, first_ping + samples):
            start = time.monotonic()
            eng.send(f"ping {n}")
            while True:
                e, line = self.get(start + 10.0 * WAIT_SLACK - time.monotonic())
                if e is None:
                    raise RuntimeError(f"no pong {n} from {eng.name}")
                if e is eng and line == f"pong {n}":
                    break
            worst = max(worst, time.monotonic() - start)
        return worst

    def send_all(self, *lines):
        for e in self.engines:
            e.send(*lines)


def level_text(base, inc):
    minutes, seconds = divmod(base, 60)
    base_txt = f"{int(minutes)}:{int(seconds):02d}" if seconds else f"{int(minutes)}"
    return f"level 0 {base_txt} {inc:g}"


def play_game(arb, white, args, game_no):
    """Returns (result, reason, forfeit: bool)."""
    arb.send_all("new")
    if args.variant != "normal":
        arb.send_all("variant " + args.variant)
    arb.send_all(level_text(args.base, args.inc), "post", "hard", f"ping {game_no}")
    arb.wait_all(f"pong {game_no}")
    players = [arb.engines[white], arb.engines[1 - white]]  # by colour
    overhead = [arb.round_trip(p, 100000 + 10 * game_no) for p in players]
    arb.overhead = max(arb.overhead, *overhead)
    clock = [args.base, args.base]
    side = 0
    moves = 0
    sched = arb.snapshot(players[0])
    players[0].send(f"time {round(clock[0] * 100)}", f"otim {round(clock[1] * 100)}", "go")
    started = time.monotonic()
    while True:
        eng, line = arb.get(clock[side] + 5.0 - (time.monotonic() - started))
        elapsed = arb.read_at - started
        if eng is None:
            return ("0-1" if side == 0 else "1-0", "no move within the clock + 5 s: hang", True)
        m = RESULT.fullmatch(line)
        if m:
            # Both engines may claim (the mover after its move, the other on receiving it): they must agree.
            other = players[0] if eng is players[1] else players[1]
            other.send("force", f"ping {1000 + moves}")
            while True:
                e2, l2 = arb.get(5.0 * WAIT_SLACK)
                if e2 is None:
                    raise RuntimeError("no pong after a claim")
                r2 = RESULT.fullmatch(l2)
                if r2 and r2.group(1) != m.group(1):
                    raise RuntimeError(f"claims disagree: {line!r} vs {l2!r}")
                if e2 is other and l2 == f"pong {1000 + moves}":
                    return (m.group(1), m.group(2), False)
        if eng is not players[side] or not line.startswith("move "):
            continue
        text = line[5:]
        if VERBOSE:
            print(f"  {side} {text} {elapsed*1000:.0f} ms, clock {clock[side]*1000:.0f}", flush=True)
        waited, cpu = arb.machine_delay(players[side], sched)
        excused = max(overhead[side], waited)
        arb.waited += max(0.0, min(excused, elapsed))
        arb.longest_wait = max(arb.longest_wait, waited)
        clock[side] -= max(0.0, elapsed - excused)
        if clock[side] < 0:
            return ("0-1" if side == 0 else "1-0",
                    f"{'White' if side == 0 else 'Black'} loses on time, {-clock[side]:.3f} s over "
                    f"(the move: {elapsed:.3f} s wall, {cpu:.3f} s of the engine's CPU, "
                    f"{waited:.3f} s waiting for a core, ping {overhead[side]:.3f} s)", True)
        clock[side] += args.inc
        moves += 1
        if moves >= 2 * args.max_moves:
            return ("1/2-1/2", "move limit", False)
        side ^= 1
        sched = arb.snapshot(players[side])
        players[side].send(f"time {round(clock[side] * 100)}", f"otim {round(clock[side ^ 1] * 100)}",
                           "usermove " + text)
        started = time.monotonic()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--engine2")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--variant", default="normal")
    ap.add_argument("--base", type=float, default=2.0)
    ap.add_argument("--inc", type=float, default=0.02)
    ap.add_argument("--max-moves", type=int, default=80)
    ap.add_argument("--allow-forfeits", action="store_true")
    args = ap.parse_args()
    arb = Arbiter([args.engine, args.engine2 or args.engine])
    arb.send_all("xboard", "protover 2")
    arb.wait_all("feature done=1")
    score = {"1-0": 0, "0-1": 0, "1/2-1/2": 0}
    forfeits = 0
    failed = False
    t0 = time.monotonic()
    for g in range(args.games):
        white = g % 2
        try:
            result, reason, forfeit = play_game(arb, white, args, g + 1)
        except Exception as e:  # noqa: BLE001
            print(f"game {g + 1}: FAILED: {e}", flush=True)
            for p in arb.engines:
                print(f"--- {p.name} sent:\n  " + "\n  ".join(p.sent[-6:]) +
                      f"\n--- {p.name} said:\n  " + "\n  ".join(p.seen[-8:]))
            failed = True
            break
        score[result] += 1
        forfeits += forfeit
        arb.send_all(f"result {result} {{{reason}}}", "force")
        print(f"game {g + 1}: {arb.engines[white].name} white: {result} {{{reason}}}", flush=True)
    for p in arb.engines:
        try:
            p.send("quit")
            status = p.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001
            p.proc.kill()
            status = "hung at quit"
        if status != 0:
            print(f"{p.name}: exit status {status}: {p.proc.stderr.read()[-2000:]}")
            failed = True
    print(f"{sum(score.values())} games in {time.monotonic() - t0:.1f} s: 1-0 {score['1-0']}, "
          f"0-1 {score['0-1']}, draws {score['1/2-1/2']}; losses on time: {forfeits}; "
          f"longest ping round trip {1000 * arb.overhead:.1f} ms; not charged: {arb.waited:.2f} s "
          f"in all, the longest wait for a core in a move {1000 * arb.longest_wait:.1f} ms")
    if failed or (forfeits and not args.allow_forfeits):
        sys.exit(1)


if __name__ == "__main__":
    main()
