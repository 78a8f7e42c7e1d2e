"""The load test of issue 32 on the loopback: `rulezero gui --db FILE` with
GAMES games at once, built-in players moving at short time controls in most
of them, and SPECTATORS spectator WebSockets spread over the games. A few
games are played by this script as a person (turns sent through a seat's
WebSocket) so that the latency from a turn sent to every watcher's state of
it can be measured. Prints turns per second, the latencies and the server's
memory (VmRSS, VmHWM).

    python3 tests/gui_server/load_seats.py RULEZERO [GAMES SPECTATORS SECONDS [WHITE]]

(WHITE: the player of White in the games between players, builtin:greedy
unless given, e.g. engine:0 for a Rule Zero process in each.)

(default 200 games, 500 spectators, 30 s). One thread, one selector: the
client's own cost is part of the figures. Fails (exit 1) when a spectator
got no state, more than a tenth of them were closed by the server (one whose
hello is not read within 5 s is), no turn was played, or a person's turn
reached no watcher.
ctest runs a short form (20 games, 50 spectators, 5 s); the deep label the
whole one."""
import http.client
import http.cookies
import os
import random
import selectors
import shutil
import statistics
import sys
import tempfile
import time

from guitest import start_server, stop_server
from legaltree import turns as legal_turns
from seatsplay import Conn

RZ = sys.argv[1]
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 200
SPECTATORS = int(sys.argv[3]) if len(sys.argv) > 3 else 500
SECONDS = float(sys.argv[4]) if len(sys.argv) > 4 else 30
WHITE = sys.argv[5] if len(sys.argv) > 5 else "builtin:greedy"
PEOPLE_GAMES = min(10, GAMES)  # games this script plays as a person, for the latency
rng = random.Random(32)


def lobby_call(port, msg):
    c = Conn(port, "/ws")
    c.sock.setblocking(True)
    c.send(msg)
    while True:
        for m in c.messages():
            if m["type"] in ("created", "error"):
                c.sock.close()
                return m
        time.sleep(0.005)


def cookies_of(port, link):
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    con.request("GET", link)
    r = con.getresponse()
    r.read()
    jar = []
    for line in r.headers.get_all("Set-Cookie") or []:
        c = http.cookies.SimpleCookie()
        c.load(line)
        jar += [f"{k}={m.value}" for k, m in c.items()]
    return "; ".join(jar)


def memory(pid):
    with open(f"/proc/{pid}/status") as f:
        fields = dict(line.split(":", 1) for line in f)
    return fields["VmRSS"].strip(), fields["VmHWM"].strip(), fields["Threads"].strip()


def main():
    tmp = tempfile.mkdtemp(prefix="rz-load-")
    proc, port = start_server("--db", os.path.join(tmp, "games.sqlite"), "--max-games", str(GAMES + 10),
                              "--max-connections", str(SPECTATORS + 2 * PEOPLE_GAMES + 20),
                              "--max-engine-games", str(GAMES))
    try:
        t0 = time.time()
        people, games = {}, []
        for i in range(GAMES):
            if i < PEOPLE_GAMES:
                made = lobby_call(port, {"type": "create_game", "variant": "normal", "side": "white",
                                         "white": "human", "black": "human"})
                people[made["game"]] = (cookies_of(port, made["creator_link"]),
                                        cookies_of(port, made["links"]["black"]))
            else:
                made = lobby_call(port, {"type": "create_game", "variant": "normal", "side": "none",
                                         "white": WHITE, "black": "builtin:random",
                                         "tc": {"kind": "movetime", "ms": 100}})
            assert made["type"] == "created", made
            games.append(made["game"])
        created_s = time.time() - t0
        sel = selectors.DefaultSelector()
        watchers = {}
        for i in range(SPECTATORS):
            g = games[i % PEOPLE_GAMES] if i % 5 == 0 else games[i % GAMES]  # a fifth on the people's games
            c = Conn(port, f"/ws?game={g}")
            c.send({"type": "hello"})
            c.game = g
            watchers.setdefault(g, []).append(c)
            sel.register(c.sock, selectors.EVENT_READ, c)
        seats = {}
        for g, (wj, bj) in people.items():
            for side, jar in (("white", wj), ("black", bj)):
                c = Conn(port, f"/ws?game={g}", jar)
                c.send({"type": "hello"})
                c.game, c.side = g, side
                seats[(g, side)] = c
                sel.register(c.sock, selectors.EVENT_READ, c)
        sent = {}        # (game, ply) -> when the turn was sent
        latencies = []   # sent -> a watcher's state of it, every watcher
        plies = {}       # the last ply seen per game
        pending = {}     # game -> the state a seat must answer
        start = time.time()
        first_ply = None
        while time.time() - start < SECONDS:
            for key, _ in sel.select(timeout=0.05):
                c = key.data
                if getattr(c, "closed", False):
                    continue
                for m in c.messages():
                    if m["type"] != "state":
                        continue
                    c.states = getattr(c, "states", 0) + 1
                    now = time.time()
                    plies[c.game] = max(plies.get(c.game, 0), m["ply"])
                    if hasattr(c, "side"):
                        if m["side"] == c.side and m.get("legal") and not m["result"] and m["ply"] < 150:
                            pending[c.game] = (c, m)
                    elif (c.game, m["ply"]) in sent:
                        latencies.append(now - sent[(c.game, m["ply"])])
            for g, (c, m) in list(pending.items()):
                moves = legal_turns(m["legal"])
                if moves and not getattr(c, "closed", False):
                    sent[(g, m["ply"] + 1)] = time.time()
                    try:
                        c.send({"type": "turn", "text": rng.choice(moves)["text"]})
                    except OSError:
                        c.closed = True
                del pending[g]
            for key in list(sel.get_map().values()):
                if getattr(key.data, "closed", False):
                    sel.unregister(key.fileobj)
            if first_ply is None:
                first_ply = sum(plies.values())
        elapsed = time.time() - start
        rss, hwm, threads = memory(proc.pid)
        total = sum(plies.values()) - (first_ply or 0)
        lat = sorted(latencies)
        print(f"{GAMES} games ({PEOPLE_GAMES} played by people through seats), {SPECTATORS} spectators; "
              f"created in {created_s:.1f} s")
        print(f"turns: {total} in {elapsed:.0f} s = {total / elapsed:.1f} a second")
        if lat:
            print(f"a person's turn to every watcher: {len(lat)} deliveries, median {1000 * statistics.median(lat):.1f} ms, "
                  f"90% {1000 * lat[int(0.9 * len(lat))]:.1f} ms, max {1000 * lat[-1]:.1f} ms")
        print(f"server memory: VmRSS {rss}, peak VmHWM {hwm}, {threads} threads")
        closed = sum(1 for cs in watchers.values() for c in cs if getattr(c, "closed", False))
        print(f"spectators closed by the server: {closed} (one whose hello was not read within 5 s is closed)")
        closed = sum(1 for cs in watchers.values() for c in cs if getattr(c, "closed", False))
        starved = sum(1 for cs in watchers.values() for c in cs
                      if not getattr(c, "states", 0) and not getattr(c, "closed", False))
        failures = [what for bad, what in ((starved, f"{starved} spectators got no state"),
                                           (closed > SPECTATORS // 10, f"{closed} spectators closed"),
                                           (total <= 0, "no turn was played"),
                                           (not lat, "no person's turn reached a watcher")) if bad]
        for c in list(watchers.values()) + [[s] for s in seats.values()]:
            for x in c:
                x.sock.close()
        print("ok" if not failures else "FAIL: " + "; ".join(failures))
        return 1 if failures else 0
    finally:
        stop_server(proc)
        shutil.rmtree(tmp, ignore_errors=True)


sys.exit(main())
