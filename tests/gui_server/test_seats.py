"""Two people, two machines (issue 32): `rulezero gui --db FILE` holds games
with seats. Two seat holders play a game through the WebSocket while a
spectator watches; the spectator, the other seat's holder, a forged secret
and no secret at all each try to move, take back, resign, offer a draw, load
a FEN, start a new game and delete it: every attempt is refused with a
message, and the game's row in the database (read with Python's sqlite3) is
unchanged. Then: the take-back the other seat must grant, a restart that
restores the game and its seats, a database of a newer schema or of another
program refused and left as it was, the caps on games and connections, the
message rate limit, and the lobby's open seats."""
import http.client
import json
import os
import secrets
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

from guitest import RZ, check, finish, start_server, stop_server
from guitest import http as get
from seatpages import Page, create, follow, lobby, next_answer
from wsclient import WebSocket

TMP = tempfile.mkdtemp(prefix="rz-seats-")
DB = os.path.join(TMP, "games.sqlite")


def row(db, game):
    """The game's row as the database holds it (None once deleted)."""
    with sqlite3.connect(db) as con:
        r = con.execute("SELECT plies, result, record, white_key, black_key, creator_key FROM games WHERE id = ?",
                        (game,)).fetchone()
    return None if r is None else {"plies": r[0], "result": r[1], "record": json.loads(r[2]), "keys": r[3:]}


def stopped(proc, what):
    """Stops the server: it must exit cleanly (a sanitizer build reports leaks and errors in the code)."""
    code, err = stop_server(proc)
    check(code == 0, f"{what}: the server stops cleanly ({code}): {err[-500:]}")


HOSTILE = [
    ({"type": "turn", "text": "e4"}, "move"),
    ({"type": "undo"}, "take back"),
    ({"type": "accept_takeback"}, "grant a take-back"),
    ({"type": "resign"}, "resign"),
    ({"type": "resign", "color": "white"}, "resign for White"),
    ({"type": "offer_draw"}, "offer a draw"),
    ({"type": "load_fen", "fen": "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, "load a FEN"),
    ({"type": "new_game", "variant": "normal", "white": "human", "black": "human"}, "start a new game"),
    ({"type": "delete_game"}, "delete the game"),
    ({"type": "analyse"}, "analyse during the game"),
]


# What the other seat's holder may not do: act for the side whose turn it is.
FOR_WHITE = [(m, w) for m, w in HOSTILE if m["type"] not in ("resign", "offer_draw")] + [
    ({"type": "offer_draw", "color": "white"}, "offer a draw for White"),
    ({"type": "resign", "color": "white"}, "resign for White"),
]


def attack(page, who, before, game, hostile=HOSTILE):
    for msg, what in hostile:
        page.refused(msg, f"{who} tries to {what}")
    time.sleep(0.2)
    check(row(DB, game) == before, f"{who}'s attempts left the game unchanged in the database")


def seats_game():
    proc, port = start_server("--db", DB)
    made = create(port, side="white")
    check(made["type"] == "created", f"create_game answers created: {made}")
    game = made["game"]
    check(len(game) == 32 and set(made["links"]) == {"white", "black"}, "an id and two invitation links")
    status, creator_jar, where = follow(port, made["creator_link"])
    check(status == 303 and where == f"/?game={game}", f"the creator's link leads to the game ({status} {where})")
    check(set(creator_jar) == {f"rzc_{game}", f"rzs_{game}"}, f"the creator's link sets two cookies: {creator_jar}")
    _, black_jar, _ = follow(port, made["links"]["black"])
    check(set(black_jar) == {f"rzs_{game}"}, "the Black link sets the seat's cookie")
    check(follow(port, f"/?game={game}&key={secrets.token_hex(16)}")[0] == 403, "a forged key: 403")
    check(get(port, f"/?game={game}")[0] == 200, "the game's page")
    check(get(port, f"/?game={secrets.token_hex(16)}")[0] == 404, "an unknown game: 404")

    white = Page(port, game, creator_jar)
    black = Page(port, game, black_jar)
    watcher = Page(port, game)
    forged = Page(port, game, {f"rzs_{game}": secrets.token_hex(16), f"rzc_{game}": secrets.token_hex(16)})
    check(white.seat["white"] and white.seat["creator"] and not white.seat["black"], f"white's seat {white.seat}")
    check(black.seat["black"] and not black.seat["creator"] and not black.seat["white"], f"black's {black.seat}")
    check(not any(watcher.seat[k] for k in ("white", "black", "creator")), "the watcher holds nothing")
    check(not any(forged.seat[k] for k in ("white", "black", "creator")), "a forged secret holds nothing")
    check("links" in white.seat and "links" not in black.seat, "only the creator gets the links")

    before = row(DB, game)
    check(before and before["plies"] == 0, "the game is in the database")
    for page, who in ((watcher, "the spectator"), (forged, "a forged secret")):
        attack(page, who, before, game)
    attack(black, "Black, not to move", before, game, FOR_WHITE)

    white.send({"type": "turn", "text": "e4"})
    for p in (white, black, watcher):
        p.until_ply(1)
    check(row(DB, game)["record"]["turns"] == ["e2e4"] or row(DB, game)["plies"] == 1, "the turn is stored")
    before = row(DB, game)
    white.refused({"type": "turn", "text": "d4"}, "White moves on Black's turn")
    for page, who in ((watcher, "the spectator"), (forged, "a forged secret")):
        attack(page, who, before, game)
    black.send({"type": "turn", "text": "e5"})
    for p in (white, black, watcher):
        p.until_ply(2)

    # A take-back: White asks, the spectator cannot grant it, Black does.
    white.send({"type": "undo"})
    asked = watcher.ws.recv_type("state")
    check(asked["takeback_offer"] == "white" and asked["ply"] == 2, f"White's request stands: {asked['note']}")
    check(row(DB, game)["plies"] == 2, "a request changes nothing yet")
    watcher.refused({"type": "accept_takeback"}, "the spectator grants the take-back")
    white.refused({"type": "accept_takeback"}, "White grants its own take-back")
    black.send({"type": "accept_takeback"})
    for p in (white, black, watcher):
        s = p.until_ply(0)
    check(row(DB, game)["plies"] == 0, "the granted take-back is stored (White's turn and Black's answer gone)")
    white.send({"type": "turn", "text": "d4"})
    for p in (white, black, watcher):
        p.until_ply(1)
    # Black declines a take-back.
    white.send({"type": "undo"})
    black.ws.recv_type("state")
    black.send({"type": "decline_takeback"})
    s = watcher.ws.recv_type("state")
    while s["takeback_offer"] is not None:
        s = watcher.ws.recv_type("state")
    check(s["ply"] == 1, "a declined take-back leaves the game")

    # Resign for the other side: refused; for one's own: the game ends, stored.
    black.refused({"type": "resign", "color": "white"}, "Black resigns for White")
    watcher.refused({"type": "accept_draw"}, "the spectator accepts a draw")
    black.send({"type": "offer_draw"})
    s = watcher.ws.recv_type("state")
    check(s["draw_offer"] == "black", "Black's draw offer")
    watcher.refused({"type": "accept_draw", "color": "white"}, "the spectator accepts for White")
    check(row(DB, game)["result"] == "", "no result yet")
    white.send({"type": "decline_draw"})
    game_id = game
    proc_state = {"proc": proc, "port": port}
    for p in (white, black, watcher, forged):
        p.ws.close()
    return proc_state, game_id, creator_jar, black_jar


def restart_keeps(proc_state, game, creator_jar, black_jar):
    """kill -9, start again: the game, its turns and its seats are back."""
    before = row(DB, game)
    proc_state["proc"].kill()
    proc_state["proc"].wait()
    proc, port = start_server("--db", DB)
    state = json.loads(get(port, f"/api/state?game={game}")[2])
    check(state["ply"] == before["plies"] == 1, f"the game is back at ply {before['plies']}")
    black = Page(port, game, black_jar)
    white = Page(port, game, creator_jar)
    check(black.seat["black"] and white.seat["white"] and white.seat["creator"], "the seats' secrets still work")
    black.send({"type": "turn", "text": "d5"})
    white.until_ply(2)
    black.refused({"type": "delete_game"}, "Black deletes the game")
    check(row(DB, game) is not None, "still there")
    white.send({"type": "delete_game"})
    check(black.ws.recv_type("deleted")["type"] == "deleted", "the pages on a deleted game are told")
    black.refused({"type": "turn", "text": "Nc6"}, "a turn in a deleted game")
    check(row(DB, game) is None, "the creator's delete removes the row")
    games = lobby(port)[1]["games"]
    check(all(g["id"] != game for g in games), "and the lobby's list")
    white.ws.close()
    black.ws.close()
    code, err = stop_server(proc)
    check(code == 0, f"the server stops cleanly: {code} {err[-300:]}")


def refuses_other_databases():
    newer = os.path.join(TMP, "newer.sqlite")
    with sqlite3.connect(DB) as src, sqlite3.connect(newer) as dst:
        src.backup(dst)
    with sqlite3.connect(newer) as con:
        con.execute("PRAGMA user_version = 99")
    r = subprocess.run([RZ, "gui", "--port", "0", "--db", newer], capture_output=True, text=True, timeout=30)
    check(r.returncode == 1 and "schema version 99" in r.stderr, f"a newer schema is refused: {r.stderr!r}")
    with sqlite3.connect(newer) as con:
        check(con.execute("PRAGMA user_version").fetchone()[0] == 99, "and left as it was")
    foreign = os.path.join(TMP, "foreign.sqlite")
    with sqlite3.connect(foreign) as con:
        con.execute("CREATE TABLE notes (x TEXT)")
    r = subprocess.run([RZ, "gui", "--port", "0", "--db", foreign], capture_output=True, text=True, timeout=30)
    check(r.returncode == 1 and "not a Rule Zero games database" in r.stderr, f"a foreign file: {r.stderr!r}")


def caps_and_limits():
    db = os.path.join(TMP, "caps.sqlite")
    proc, port = start_server("--db", db, "--max-games", "2", "--max-connections", "3")
    a = create(port, side="black", open=True)
    b = create(port, side="none", white="builtin:random", black="human")
    c = create(port, side="white")
    check(a["type"] == "created" and b["type"] == "created", "two games")
    check(c["type"] == "error" and "most games" in c["message"], f"a third is refused: {c}")
    check(set(b["links"]) == {"black"}, "an engine's seat has no link")
    ws, games = lobby(port)
    listed = {g["id"]: g for g in games["games"]}
    check(listed[a["game"]]["white"]["open"] and not listed[a["game"]]["black"]["open"], "the open seat is listed")
    ws.send({"type": "claim_seat", "game": a["game"], "color": "black"})
    check(next_answer(ws)["type"] == "error", "the creator's seat cannot be claimed")
    ws.send({"type": "claim_seat", "game": a["game"], "color": "white"})
    claimed = ws.recv_type("claimed")
    _, jar, _ = follow(port, claimed["link"])
    check(list(jar) == [f"rzs_{a['game']}"], "the claimed link gives the seat")
    ws.send({"type": "claim_seat", "game": a["game"], "color": "white"})
    check(next_answer(ws)["type"] == "error", "a seat is claimed once")
    # The rate limit: 200 messages at once, some dropped with a message.
    for _ in range(200):
        ws.send({"type": "list_games"})
    dropped = 0
    for _ in range(200):
        m = ws.recv()
        dropped += m["type"] == "error" and "too many messages" in m["message"]
    check(dropped > 0, f"the rate limit drops messages ({dropped} of 200)")
    # The connection cap: the lobby page and two more; a fourth is refused, nobody closed for it.
    others = [WebSocket("127.0.0.1", port) for _ in range(2)]
    for o in others:  # answered: the server holds them (a 101 comes before it counts a page)
        o.send({"type": "hello"})
        o.recv_type("games")
    try:
        WebSocket("127.0.0.1", port)
        check(False, "a fourth WebSocket is refused")
    except (ConnectionRefusedError, OSError):
        pass
    time.sleep(1.5)
    ws.send({"type": "list_games"})
    check(ws.recv_type("games")["type"] == "games", "the first page is still served")
    for o in others:
        o.close()
    ws.close()
    stopped(proc, "the server")


def correspondence_out_of_time():
    """A game of 1 day per move whose day has passed while the server was down:
    the side to move loses on time once the server is up again."""
    db = os.path.join(TMP, "days.sqlite")
    proc, port = start_server("--db", db)
    made = create(port, side="white", days=1)
    check(made["type"] == "created", f"a game by correspondence: {made}")
    for days in (61, 1e300, -1, 2.5, "3"):
        bad = create(port, side="white", days=days)
        check(bad["type"] == "error", f"{days!r} days per move is refused")
    proc.kill()
    proc.wait()
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET turn_started = turn_started - 2 * 86400 WHERE id = ?", (made["game"],))
    proc, port = start_server("--db", db)
    deadline = time.time() + 60  # ends as soon as the result is written: a busy machine starts the server late
    while time.time() < deadline and row(db, made["game"])["result"] == "":
        time.sleep(0.2)
    r = row(db, made["game"])
    check(r["result"] == "0-1" and "loses on time" in r["record"]["result"]["reason"],
          f"White, to move, lost on time: {r['result']} {r['record']['result']}")
    stopped(proc, "the server")


def behind_a_proxy():
    """--public-url: its Host and Origin are accepted besides the server's own, others
    still refused; the cookies are Secure when it is https."""
    db = os.path.join(TMP, "proxy.sqlite")
    proc, port = start_server("--db", db, "--public-url", "https://chess.example.org")
    made = create(port, side="white")
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    con.request("GET", made["creator_link"], headers={"Host": "chess.example.org"})
    r = con.getresponse()
    r.read()
    cookies = r.headers.get_all("Set-Cookie") or []
    check(r.status == 303 and cookies and all("; Secure" in c for c in cookies),
          f"behind an https proxy the cookies are Secure: {r.status} {cookies}")
    con.close()
    for host, origin, want in (("chess.example.org", "https://chess.example.org", 101),
                               ("chess.example.org", "https://evil.example.org", 403),
                               ("evil.example.org", None, 403)):
        headers = {"Host": host, **({"Origin": origin} if origin else {})}
        try:
            ws = WebSocket("127.0.0.1", port, headers=headers)
            status = ws.status
            ws.close()
        except ConnectionRefusedError:
            status = 403
        check(status == want, f"Host {host}, Origin {origin}: {status}, want {want}")
    r = subprocess.run([RZ, "gui", "--port", "0", "--db", db + "2", "--public-url", "ftp://x"], capture_output=True,
                       text=True, timeout=30)
    check(r.returncode == 1 and "bad --public-url" in r.stderr, f"a bad --public-url is refused: {r.stderr!r}")
    stopped(proc, "the server")


def one_person_server_unchanged():
    """Without --db (and on the loopback address) the page still does everything."""
    proc, port = start_server()
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "hello"})
    ws.recv_type("state")
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human"})
    ws.recv_type("state")
    ws.send({"type": "turn", "text": "e4"})
    check(ws.recv_type("state")["ply"] == 1, "a one-person server moves for anyone")
    ws.close()
    stopped(proc, "the server")


try:
    proc_state, game, cj, bj = seats_game()
    restart_keeps(proc_state, game, cj, bj)
    refuses_other_databases()
    caps_and_limits()
    correspondence_out_of_time()
    behind_a_proxy()
    one_person_server_unchanged()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
finish()
