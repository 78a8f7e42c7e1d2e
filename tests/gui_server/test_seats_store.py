"""The store of a server with seats (issue 42): one server per database
file, and "acknowledged" means "on the disk".

- A second `rulezero gui --db FILE` while one runs on FILE is refused (exit
  code 3, a message naming FILE and the first server's pid), and so is a
  second `--lobby` on the default file; the first goes on serving.
- A write that fails is refused with its reason and the change undone: no
  page is told of the turn, the game served and the file are as before, and
  the same turn is played once the file can be written. First the file
  locked by another program (a sqlite3 transaction held open), then an
  injected fault (RULEZERO_GUI_STORE_FAULT, protocol/gui/gui_store.h) on
  one game's writes only (another game plays on) and on every write.
- A commit that stalls (the injected "stall") holds no other game's page: a
  hello on another game is answered meanwhile; when it ends, the turns that
  waited are acknowledged and on the disk."""
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time

from guitest import RZ, check, finish, start_server, stop_server
from guitest import http as get
from seatsplay import create_game, page, second_start, stored_turns

TMP = tempfile.mkdtemp(prefix="rz-store-")
DB = os.path.join(TMP, "games.sqlite")
FAULT = os.path.join(TMP, "fault")
REFUSED = "refused: the game could not be saved"


def served_ply(port, game):
    return json.loads(get(port, f"/api/state?game={game}")[2])["ply"]


def states_until_hello(ws):
    """The plies of every state a page got, up to the answer to a new hello of
    its own (which comes after whatever was sent to it before)."""
    ws.send({"type": "hello"})
    plies = []
    while True:
        m = ws.recv()
        if m["type"] == "setup":
            return plies + [ws.recv_type("state")["ply"]]
        if m["type"] == "state":
            plies.append(m["ply"])


def second_server_refused(proc):
    code, err = second_start(RZ, "--db", DB)
    check(code == 3, f"a second server on the file exits 3: {code}")
    check(DB in err and f"process {proc.pid}" in err, f"its message names the file and the first server: {err!r}")


def second_lobby_refused():
    env = dict(os.environ, XDG_DATA_HOME=os.path.join(TMP, "data"))
    first = subprocess.Popen([RZ, "gui", "--port", "0", "--lobby"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    check(first.stdout.readline().startswith("http://127.0.0.1:"), "a --lobby server starts")
    code, err = second_start(RZ, "--lobby", env=env)
    check(code == 3 and "games.sqlite is in use" in err,
          f"a second --lobby server on the default file is refused: {code} {err!r}")
    stop_server(first)


def refused_turn(port, game, mover, other, text, why):
    """The mover's turn `text` refused by the store: said to the mover with the
    reason, no state of it to anyone, the game served and stored as before."""
    before = stored_turns(DB, game)
    mover.send({"type": "turn", "text": text})
    err = mover.recv_type("error")["message"]
    check(err.startswith(REFUSED), f"{why}: the turn is refused with the reason: {err!r}")
    for who, ws in (("the mover", mover), ("the other seat", other)):
        check(states_until_hello(ws) == [len(before)], f"{why}: {who}'s page is told of no turn")
    check(served_ply(port, game) == len(before), f"{why}: the game served is as it was")
    check(stored_turns(DB, game) == before, f"{why}: the file is as it was")


def acknowledged(ws, text):
    """Reads to the state of turn `text` (True), or an error (False)."""
    while True:
        m = ws.recv()
        if m["type"] == "state" and m["moves"] and m["moves"][-1]["coord"] == text:
            return True
        if m["type"] == "error":
            return False


def played_turn(mover, text, why):
    mover.send({"type": "turn", "text": text})
    check(acknowledged(mover, text), f"{why}: the turn {text} is played")


def locked_by_another_program(port):
    game, wj, bj = create_game(port)
    white, _ = page(port, game, wj, timeout=60)
    black, _ = page(port, game, bj, timeout=60)
    holder = sqlite3.connect(DB, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held while the server tries
    try:
        refused_turn(port, game, white, black, "e2e4", "the file locked by another program")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    played_turn(white, "e2e4", "the lock released")
    check(stored_turns(DB, game) == ["e2e4"], "the lock released: the turn is on the disk")
    for ws in (white, black):
        ws.close()


def injected_faults(port):
    games = [create_game(port) for _ in range(2)]
    (a, aw, ab), (b, bw, bb) = [(g, page(port, g, wj)[0], page(port, g, bj)[0]) for g, wj, bj in games]
    with open(FAULT, "w") as f:
        f.write(a + "\n")  # game a's writes fail, game b's do not
    refused_turn(port, a, aw, ab, "d2d4", "a fault on one game")
    played_turn(bw, "d2d4", "the other game meanwhile")
    with open(FAULT, "w"):
        pass  # every write fails
    refused_turn(port, b, bb, bw, "e7e5", "a fault on every write")
    os.remove(FAULT)
    played_turn(aw, "d2d4", "the fault gone")
    played_turn(bb, "e7e5", "the fault gone, the other game")
    check(stored_turns(DB, a) == ["d2d4"] and stored_turns(DB, b) == ["d2d4", "e7e5"], "the turns are on the disk")
    for ws in (aw, ab, bw, bb):
        ws.close()


def stalled_commit(port):
    """While a commit stalls, another game's page is answered; then the stalled
    turns of two games are acknowledged, together, and on the disk."""
    games = [create_game(port) for _ in range(3)]
    whites = [page(port, g, wj)[0] for g, wj, _ in games]
    with open(FAULT, "w") as f:
        f.write("stall")
    for ws in whites[:2]:
        ws.send({"type": "turn", "text": "c2c4"})
    # The lobby's once-a-second tick visits every game; it must not wait on a
    # stalled game while holding up the rest (it did: every lookup blocked).
    # Waiting here lets it run at least twice while the two turns wait.
    time.sleep(2.5)
    spectator, state = page(port, games[2][0])
    check(state["ply"] == 0, "a commit stalled: another game's page is answered meanwhile")
    check(served_ply(port, games[2][0]) == 0, "a commit stalled: another game's state is served meanwhile")
    os.remove(FAULT)
    for i, ws in enumerate(whites[:2]):
        check(acknowledged(ws, "c2c4"), f"the stall over: game {i}'s turn is acknowledged")
        check(stored_turns(DB, games[i][0]) == ["c2c4"], f"the stall over: game {i}'s turn is on the disk")
    for ws in whites + [spectator]:
        ws.close()


def main():
    os.environ["RULEZERO_GUI_STORE_FAULT"] = FAULT
    proc, port = start_server("--db", DB)
    second_server_refused(proc)
    check(served_ply(port, create_game(port)[0]) == 0, "the first server goes on")
    second_lobby_refused()
    locked_by_another_program(port)
    injected_faults(port)
    stalled_commit(port)
    code, err = stop_server(proc)
    check(code == 0, f"the server stops cleanly: {code} {err[-300:]!r}")


try:
    main()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
finish()
