#!/usr/bin/env python3
"""The store's benchmark (issue 42): GAMES games with seats, both seats of
each played by this script as people through their WebSockets (a random
legal turn as soon as a seat is to move; a finished game, or one of 300
plies, is started anew by its creator), on `rulezero gui --db FILE` on the
loopback. Prints the turns a second and the round trip of a turn (sent by
its seat, to that seat's state of it): median, 90%, 99%, max.

Then, with --kills K, K times: the server is killed with SIGKILL while the
load goes on, the file must pass SQLite's integrity check and hold every
turn acknowledged (every turn of a state any page got), and the restarted
server serves each game as the file holds it; the load goes on against the
restarted server.

    python3 scripts/bench-seats.py RULEZERO [--games 50] [--seconds 20] [--kills 0] [--min-rate R] [--max-p99 MS]

One Python thread, one selector: the script's own cost is in the figures.
Exit code 1 when a check fails, or when --min-rate / --max-p99 is given and
not met. tests/gui_server/test_seats_crash.py runs a short form of it
(docs/reliability.md); the figures are in docs/performance.md."""
import argparse
import json
import os
import random
import selectors
import shutil
import signal
import sqlite3
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "gui_server"))

from legaltree import turns as legal_turns  # noqa: E402
from seatsplay import Conn, create_game  # noqa: E402
from wsclient import WebSocket  # noqa: E402

PLY_CAP = 300
NEW_GAME = {"type": "new_game", "variant": "normal", "white": "human", "black": "human"}


def start_server(rz, db, games):
    import subprocess
    proc = subprocess.Popen([rz, "gui", "--port", "0", "--db", db, "--max-games", str(games + 10),
                             "--max-connections", str(2 * games + 20)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        proc.kill()
        raise SystemExit(f"the server did not start: {url!r}")
    return proc, int(url.rsplit(":", 1)[1].rstrip("/"))


class Seat(Conn):
    """One seat's page (load_seats.Conn: a non-blocking socket, whole messages out)."""

    def __init__(self, port, game, jar, side):
        super().__init__(port, f"/ws?game={game}", "; ".join(f"{k}={v}" for k, v in jar.items()))
        self.game, self.side = game, side
        self.send({"type": "hello"})


class Load:
    def __init__(self, rz, db, games, rng):
        self.rz, self.db, self.games_n, self.rng = rz, db, games, rng
        self.games = {}       # id -> (White's cookies, Black's cookies)
        self.acked = {}       # id -> the turns of the last state a page got
        self.renewing = {}    # id -> the creator asked for a new game, not yet seen
        self.sent = {}        # (id, ply) -> when the turn was sent
        self.round_trips = []
        self.turns = 0
        self.checked = 0      # acknowledged turns looked for in the file after the kills

    def start(self):
        self.proc, self.port = start_server(self.rz, self.db, self.games_n)

    def create_games(self):
        for _ in range(self.games_n):
            g, wj, bj = create_game(self.port)
            self.games[g] = (wj, bj)
            self.acked[g] = []

    def open_seats(self):
        self.sel = selectors.DefaultSelector()
        self.seats = {}
        for g, (wj, bj) in self.games.items():
            for side, jar in (("white", wj), ("black", bj)):
                s = Seat(self.port, g, jar, side)
                self.seats[(g, side)] = s
                self.sel.register(s.sock, selectors.EVENT_READ, s)

    def close_seats(self):
        for s in self.seats.values():
            self.sel.unregister(s.sock)
            s.sock.close()

    def on_state(self, seat, m):
        now = time.time()
        g = seat.game
        self.acked[g] = [t["coord"] for t in m["moves"]]
        if m["ply"] == 0:
            self.renewing.pop(g, None)
        sent = self.sent.pop((g, m["ply"]), None) if seat.side != m["side"] else None
        if sent is not None:
            self.round_trips.append(now - sent)
            self.turns += 1
        if m["side"] != seat.side or self.renewing.get(g):
            return
        if m["result"] or m["ply"] >= PLY_CAP:
            if seat.side == "white":  # the creator's seat: a new game in its place
                self.renewing[g] = True
                seat.send(NEW_GAME)
            return
        moves = legal_turns(m.get("legal"))
        if moves:
            self.sent[(g, m["ply"] + 1)] = time.time()
            seat.send({"type": "turn", "text": self.rng.choice(moves)["text"]})

    def run(self, seconds):
        """Plays for `seconds` (True), or until the server is gone (False)."""
        end = time.time() + seconds
        while time.time() < end:
            for key, _ in self.sel.select(timeout=0.1):
                seat = key.data
                try:
                    for m in seat.messages():
                        if m["type"] == "state":
                            self.on_state(seat, m)
                        elif m["type"] == "error":  # a turn refused: the state again, and on
                            self.sent = {k: v for k, v in self.sent.items() if k[0] != seat.game}
                            seat.send({"type": "hello"})
                except OSError:
                    return False
                if getattr(seat, "closed", False):
                    return False
        return True

    def check_file(self, what):
        """The file whole, every acknowledged turn in it: the failures' texts."""
        bad = []
        with sqlite3.connect(self.db) as con:
            if con.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                bad.append(f"{what}: the file is damaged")
            for g, acked in self.acked.items():
                r = con.execute("SELECT record FROM games WHERE id = ?", (g,)).fetchone()
                turns = json.loads(r[0])["turns"] if r else None
                if turns is None or (turns[:len(acked)] != acked and not (self.renewing.get(g) and turns == [])):
                    bad.append(f"{what}: game {g[:8]} lost acknowledged turns ({len(acked)} acknowledged, "
                               f"{None if turns is None else len(turns)} on the disk)")
                else:
                    self.checked += len(acked)
                    self.acked[g] = turns
        return bad


def cpu_seconds(pid):
    """The process's CPU time so far (user and system), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def figures(load, elapsed, server_cpu):
    rt = sorted(load.round_trips)
    if not rt:
        return "no turn was acknowledged", 0, None
    pct = lambda q: 1000 * rt[min(len(rt) - 1, int(q * len(rt)))]  # noqa: E731
    rate = load.turns / elapsed
    text = (f"{load.games_n} games, {load.turns} turns in {elapsed:.1f} s = {rate:.0f} a second; round trip "
            f"median {1000 * statistics.median(rt):.1f} ms, 90% {pct(0.9):.1f} ms, 99% {pct(0.99):.1f} ms, "
            f"max {1000 * rt[-1]:.1f} ms; the server used {100 * server_cpu / elapsed:.0f}% of a core, "
            f"this script {100 * (time.process_time() - load.cpu0) / elapsed:.0f}%; load average "
            f"{os.getloadavg()[0]:.1f}")
    return text, rate, pct(0.99)


def bench(rz, games=50, seconds=20.0, kills=0, seed=42):
    """Runs the load (and the kills): (the figures' text, turns a second, p99 ms, the failures)."""
    tmp = tempfile.mkdtemp(prefix="rz-bench-seats-")
    load = Load(rz, os.path.join(tmp, "games.sqlite"), games, random.Random(seed))
    failures = []
    try:
        load.start()
        load.create_games()
        load.open_seats()
        t0, cpu0, load.cpu0 = time.time(), cpu_seconds(load.proc.pid), time.process_time()
        load.run(seconds)
        elapsed = time.time() - t0
        text, rate, p99 = figures(load, elapsed, cpu_seconds(load.proc.pid) - cpu0)
        for k in range(kills):
            load.run(load.rng.uniform(0.2, 1.0))  # the load going on
            load.proc.send_signal(signal.SIGKILL)
            load.proc.wait()
            load.close_seats()
            failures += load.check_file(f"kill {k + 1}")
            load.start()
            for g in load.acked:
                ws = WebSocket("127.0.0.1", load.port, path=f"/ws?game={g}", timeout=30)
                ws.send({"type": "hello"})
                served = ws.recv_type("state")
                ws.close()
                if [t["coord"] for t in served["moves"]] != load.acked[g]:
                    failures.append(f"kill {k + 1}: game {g[:8]} is not served as the file holds it")
            load.open_seats()
        if kills:
            text += (f"\n{kills} kills under the load: {load.checked} acknowledged turns looked for in the file, "
                     f"{'every one there' if not failures else f'{len(failures)} failures'}")
        return text, rate, p99, failures
    finally:
        if getattr(load, "proc", None):
            load.proc.kill()
            load.proc.wait()
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulezero")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--min-rate", type=float)
    ap.add_argument("--max-p99", type=float)
    a = ap.parse_args()
    text, rate, p99, failures = bench(a.rulezero, a.games, a.seconds, a.kills)
    print(text)
    if a.min_rate is not None and rate < a.min_rate:
        failures.append(f"{rate:.0f} turns a second, under {a.min_rate:.0f}")
    if a.max_p99 is not None and (p99 is None or p99 > a.max_p99):
        failures.append(f"99% of round trips {p99} ms, over {a.max_p99:.0f}")
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
