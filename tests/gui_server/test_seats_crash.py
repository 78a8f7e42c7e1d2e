"""The crash test of issue 32: a server with seats (`rulezero gui --db FILE`)
plays turns in several games while it is killed with SIGKILL at random
moments, again and again; after each restart every turn the server had
acknowledged (its `state` with the turn reached the player) must be in the
database and in the game the server serves again, and the file must pass
SQLite's integrity check. `python3 test_seats_crash.py RULEZERO [KILLS]`
(default 50; ctest's deep label runs 300)."""
import http.client
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import threading
import time

from guitest import check, cookies_of, finish, start_server
from guitest import http as get
from legaltree import turns as legal_turns
from wsclient import WebSocket

KILLS = int(sys.argv[2]) if len(sys.argv) > 2 else 50
GAMES = 3
TMP = tempfile.mkdtemp(prefix="rz-crash-")
DB = os.path.join(TMP, "games.sqlite")
rng = random.Random(32)


def create_game(port):
    """A game between two people: (id, the White seat's cookies, the Black seat's)."""
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "create_game", "variant": "normal", "side": "white"})
    made = ws.recv_type("created")
    ws.close()
    return made["game"], cookies_of(port, made["creator_link"]), cookies_of(port, made["links"]["black"])


def stored_turns(game):
    with sqlite3.connect(DB) as con:
        r = con.execute("SELECT record FROM games WHERE id = ?", (game,)).fetchone()
    return None if r is None else json.loads(r[0])["turns"]


def page(port, game, jar):
    cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
    ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}", headers={"Cookie": cookie}, timeout=10)
    ws.send({"type": "hello"})
    return ws, ws.recv_type("state")


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
                text = rng.choice(moves)["text"]
                mover = pages[g][0 if state["side"] == "white" else 1]
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
        proc, port = start_server("--db", DB)
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


try:
    main()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
finish()
