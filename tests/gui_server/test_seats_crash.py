"""The crash test of issues 32 and 42: a server with seats (`rulezero gui
--db FILE`) plays turns in several games while it is killed with SIGKILL at
random moments, again and again; after each restart every turn the server
had acknowledged (its `state` with the turn reached the player) must be in
the database and in the game the server serves again, and the file must
pass SQLite's integrity check. Meanwhile:
- about one turn in eight meets a failed write (the injected fault of
  RULEZERO_GUI_STORE_FAULT on its game): it must be refused, and neither
  served nor in the file, while the server runs and after the next kill;
- every fifth restart, a second server on the same file must be refused
  (exit 3) while the first runs, and leave it serving;
- at the end, the load: scripts/bench-seats.py's players in 10 games at
  once, killed 3 times under the load, every acknowledged turn on the disk.
`python3 test_seats_crash.py RULEZERO [KILLS [LOAD_KILLS]]` (default 20 and
3; ctest's deep label runs 300 and 20)."""
import http.client
import importlib.util
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import threading

from guitest import RZ, check, finish, start_server
from guitest import http as get
from legaltree import turns as legal_turns
from seatsplay import create_game, page, second_start

KILLS = int(sys.argv[2]) if len(sys.argv) > 2 else 20
LOAD_KILLS = int(sys.argv[3]) if len(sys.argv) > 3 else 3
GAMES = 3
TMP = tempfile.mkdtemp(prefix="rz-crash-")
DB = os.path.join(TMP, "games.sqlite")
FAULT = os.path.join(TMP, "fault")
REFUSED = "refused: the game could not be saved"
rng = random.Random(32)
os.environ["RULEZERO_GUI_STORE_FAULT"] = FAULT  # the servers started below fail a write while FAULT names its game


def stored_turns(game):
    with sqlite3.connect(DB) as con:
        r = con.execute("SELECT record FROM games WHERE id = ?", (game,)).fetchone()
    return None if r is None else json.loads(r[0])["turns"]


def refused_write(port, g, mover, state, acked):
    """A turn whose write fails: refused, neither served nor in the file."""
    with open(FAULT, "w") as f:
        f.write(g)
    try:
        mover.send({"type": "turn", "text": rng.choice(legal_turns(state.get("legal")))["text"]})
        m = mover.recv_type("error")
    except TimeoutError:  # not answered (the turn played, its state sent and read past)
        m = {"message": "no error"}
    finally:
        os.remove(FAULT)
    check(m["message"].startswith(REFUSED), f"a failed write is refused: {m['message']!r}")
    served = json.loads(get(port, f"/api/state?game={g}")[2])
    check(served["ply"] == state["ply"], f"game {g[:8]}: a refused turn is not served")
    check(stored_turns(g)[:len(acked[g])] == acked[g] and len(stored_turns(g)) == state["ply"],
          f"game {g[:8]}: a refused turn is not in the file")


def play_until_killed(port, games, acked, proc):
    """Plays turns round the games until the server dies (killed by a timer);
    a game that ends, or reaches 120 plies, makes way for a new one."""
    pages = {}
    try:
        while True:
            for g in list(games):
                if g not in pages:
                    wj, bj = games[g]
                    pages[g] = [page(port, g, wj)[0], page(port, g, bj)[0]]
                state = json.loads(get(port, f"/api/state?game={g}")[2])
                moves = legal_turns(state.get("legal"))
                if state["result"] is not None or state["ply"] >= 120 or not moves:
                    del games[g]
                    n, wj, bj = create_game(port)
                    games[n] = (wj, bj)
                    acked[n] = []
                    continue
                mover = pages[g][0 if state["side"] == "white" else 1]
                if rng.random() < 1 / 8:
                    refused_write(port, g, mover, state, acked)
                    continue
                text = rng.choice(moves)["text"]
                mover.send({"type": "turn", "text": text})
                while True:
                    m = mover.recv()
                    if m["type"] == "state" and m["ply"] == state["ply"] + 1:
                        acked[g] = acked[g][:state["ply"]] + [text]
                        break
                    if m["type"] == "error":
                        break
    except (EOFError, OSError, ConnectionError, http.client.HTTPException, json.JSONDecodeError, KeyError):
        pass  # the server died (killed), also in the middle of an answer
    finally:
        for ws_pair in pages.values():
            for ws in ws_pair:
                try:
                    ws.sock.close()
                except OSError:
                    pass
    proc.wait()


def main():
    proc, port = start_server("--db", DB)
    games = {}
    for _ in range(GAMES):
        g, wj, bj = create_game(port)
        games[g] = (wj, bj)
    acked = {g: [] for g in games}  # every game's turns acknowledged to their movers
    for kill in range(KILLS):
        timer = threading.Timer(rng.uniform(0.05, 0.6), proc.kill)
        timer.start()
        play_until_killed(port, games, acked, proc)
        timer.cancel()
        with sqlite3.connect(DB) as con:
            check(con.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"kill {kill}: the file is whole")
        if os.path.exists(FAULT):  # killed during a refused write
            os.remove(FAULT)
        proc, port = start_server("--db", DB)
        if kill % 5 == 0:
            second_server_refused(proc, port, kill)
        for g in list(acked):
            turns = stored_turns(g)
            if turns is None and not acked[g]:  # created, not acknowledged: may be lost
                games.pop(g, None)
                del acked[g]
                continue
            served = json.loads(get(port, f"/api/state?game={g}")[2])
            check(turns is not None and turns[:len(acked[g])] == acked[g],
                  f"kill {kill}: game {g[:8]} keeps its {len(acked[g])} acknowledged turns")
            check(served["ply"] == len(turns or []), f"kill {kill}: game {g[:8]} served as stored")
            acked[g] = turns or []
    proc.kill()
    proc.wait()
    print(f"{KILLS} kills, {sum(len(a) for a in acked.values())} turns in {len(acked)} games")
    under_load()


def second_server_refused(proc, port, kill):
    code, err = second_start(RZ, "--db", DB)
    check(code == 3 and f"process {proc.pid}" in err, f"kill {kill}: a second server on the file is refused: {code} {err!r}")
    check(get(port, "/")[0] == 200, f"kill {kill}: the first server goes on serving")


def under_load():
    """scripts/bench-seats.py's load, killed LOAD_KILLS times."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "bench-seats.py")
    spec = importlib.util.spec_from_file_location("bench_seats", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    text, rate, _, failures = bench.bench(RZ, games=10, seconds=3, kills=LOAD_KILLS)
    print(text)
    check(rate > 0, "under load: turns are played")
    for f in failures:
        check(False, f"under load: {f}")


try:
    main()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
finish()
