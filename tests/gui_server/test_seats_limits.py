"""Players always get in; strangers cannot lock them out (issue 42, item 4).
`rulezero gui --db FILE` under its limits: 40 idle WebSockets that said hello
fill the server (32 kept), and a seat's holder still gets in, closing the
idle page silent the longest, while a spectator is refused; the WebSockets
and the games of one address (an IPv6 /64 counts as one; behind
--public-url the proxy's X-Forwarded-For says who; the loopback address
counts for nothing) are capped; a page that
holds no seat is closed after --idle-timeout, a player's is not; games
without a turn and games abandoned are deleted after --expire-unstarted and
--expire-abandoned, from memory and from the file (a correspondence game
gets its days on top); --max-engine-games caps the games without a person;
`--list-games` and `--delete-game ID` work on the file, and refuse while a
server holds it."""
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from guitest import RZ, check, finish, start_server, stop_server
from guitest import http as get
from seatpages import Page, create, follow, lobby, next_answer
from wsclient import WebSocket

TMP = tempfile.mkdtemp(prefix="rz-limits-")
PROXY = "chess.example.org"


def stopped(proc, what):
    code, err = stop_server(proc)
    check(code == 0, f"{what}: the server stops cleanly ({code}): {err[-500:]}")


def row(db, game):
    with sqlite3.connect(db) as con:
        return con.execute("SELECT plies, result FROM games WHERE id = ?", (game,)).fetchone()


def proxied(port, address, path="/ws"):
    """A WebSocket as the proxy of --public-url passes it on, from `address`."""
    return WebSocket("127.0.0.1", port, path=path, headers={"Host": PROXY, "X-Forwarded-For": f"203.0.113.9, {address}"})


def refused(open_socket, what):
    """open_socket() must be refused (no upgrade)."""
    try:
        ws = open_socket()
    except (ConnectionRefusedError, OSError):
        return True
    ws.close()
    return check(False, f"{what} is refused")


def said_hello(ws):
    ws.send({"type": "hello"})
    ws.recv_type("games")
    return ws


def answers(ws):
    """Sends list_games: the games, or the `error` that closed the page, or None when it is closed."""
    try:
        ws.send({"type": "list_games"})
        return ws.recv()
    except (EOFError, OSError):
        return None


def closing(ws, quiet_s=3):
    """How the server closed this idle page: the `error` it sent, {} when it ended
    the connection without one, None when the page is open. Every frame the page has is read, not only the first: the lobby's
    `games` broadcasts may come before the closing `error`, and a page closed
    for room may still answer for up to a second (its worker ends it at its next
    wake-up). An open page answers list_games and then stays quiet."""
    deadline = None
    try:
        ws.send({"type": "list_games"})
        while True:
            msg = ws.recv(deadline)
            if msg["type"] == "error":
                return msg
            deadline = deadline or time.monotonic() + quiet_s
    except socket.timeout:
        return None
    except (EOFError, OSError):
        return {}


def seat_holder_gets_in():
    """40 strangers' pages (each its own address, behind the proxy) said hello and
    stay idle: 32 are kept (--max-connections' default). The game's seat holders
    still get in, each closing the idle page silent the longest; a spectator is
    refused."""
    db = os.path.join(TMP, "full.sqlite")
    proc, port = start_server("--db", db, "--public-url", f"http://{PROXY}")
    made = create(port, side="white")
    game = made["game"]
    _, white_jar, _ = follow(port, made["creator_link"])
    _, black_jar, _ = follow(port, made["links"]["black"])
    idle = []
    for i in range(40):
        try:
            idle.append(said_hello(proxied(port, f"198.51.100.{i + 1}")))
        except (ConnectionRefusedError, OSError):
            pass
    check(len(idle) == 32, f"32 idle pages are kept, the rest refused: {len(idle)}")
    try:
        white = Page(port, game, white_jar)
        black = Page(port, game, black_jar)
    except (ConnectionRefusedError, OSError) as e:
        check(False, f"the seat holders get in while idle pages fill the server: {e}")
        for ws in idle:
            ws.close()
        stopped(proc, "the full server")
        return
    check(white.seat["white"] and black.seat["black"], "each with its seat")
    refused(lambda: WebSocket("127.0.0.1", port, path=f"/ws?game={game}"), "a spectator on a full server")
    refused(lambda: proxied(port, "198.51.100.200"), "another stranger on a full server")
    white.send({"type": "turn", "text": "e4"})
    check(black.until_ply(1)["ply"] == 1, "the players play")
    with ThreadPoolExecutor(max_workers=len(idle)) as pool:
        closed = [a for a in pool.map(closing, idle) if a is not None]
    check(len(closed) == 2, f"two idle pages were closed for them: {closed}")
    check(all(a == {} or "a player's page needed the room" in a["message"] for a in closed),
          f"each told why: {closed}")
    for ws in idle:
        ws.close()
    white.ws.close()
    black.ws.close()
    stopped(proc, "the full server")


def per_address():
    """--connections-per-address (default 8) and --games-per-address (default 10); the
    loopback address (the operator's machine, or a proxy that does not say who)
    counts for nothing."""
    db = os.path.join(TMP, "addresses.sqlite")
    proc, port = start_server("--db", db, "--public-url", f"http://{PROXY}")
    mine = [said_hello(proxied(port, "192.0.2.1")) for _ in range(8)]
    refused(lambda: proxied(port, "192.0.2.1"), "a ninth WebSocket from one address")
    local = [said_hello(WebSocket("127.0.0.1", port)) for _ in range(9)]
    v6 = [said_hello(proxied(port, f"2001:db8:0:7::{i + 1}")) for i in range(8)]
    refused(lambda: proxied(port, "2001:db8:0:7:ffff::1"), "a ninth from one IPv6 /64")
    other = said_hello(proxied(port, "2001:db8:0:8::1"))
    check(answers(other)["type"] == "games", "another /64 gets in")
    for ws in mine + v6 + [other] + local:
        ws.close()

    pages = {}

    def create_from(address):
        if address not in pages:
            pages[address] = said_hello(proxied(port, address))
        pages[address].send({"type": "create_game", "variant": "normal", "side": "white"})
        return next_answer(pages[address])

    made = [create_from("192.0.2.5") for _ in range(10)]
    a = made[0]
    c = create_from("192.0.2.5")
    check(all(m["type"] == "created" for m in made), "ten games from one address")
    check(c["type"] == "error" and "your address holds its most games (10)" in c["message"],
          f"an eleventh is refused: {c}")
    check(create_from("192.0.2.7")["type"] == "created", "another address may create one")
    check(all(create(port, side="white")["type"] == "created" for _ in range(3)), "the loopback address more")
    _, jar, _ = follow(port, a["creator_link"])
    page = Page(port, a["game"], jar)
    page.send({"type": "delete_game"})
    page.ws.recv_type("deleted")
    page.ws.close()
    check(create_from("192.0.2.5")["type"] == "created", "after a deletion the address may create again")
    for ws in pages.values():
        ws.close()
    stopped(proc, "the server of addresses")


def idle_reaped():
    """--idle-timeout 1: the lobby's page and a spectator that send nothing are
    closed with a message; the seat holders' pages stay."""
    db = os.path.join(TMP, "idle.sqlite")
    proc, port = start_server("--db", db, "--idle-timeout", "1")
    made = create(port, side="white")
    game = made["game"]
    _, jar, _ = follow(port, made["creator_link"])
    player = Page(port, game, jar)
    watcher = Page(port, game)
    ws, _ = lobby(port)
    for page, who in ((ws, "the lobby's page"), (watcher.ws, "the spectator")):
        try:
            m = page.recv_type("error")
            check("nothing was sent for too long" in m["message"], f"{who} is told why: {m}")
            page.recv()
            check(False, f"{who} is closed")
        except EOFError:
            pass
    player.send({"type": "turn", "text": "e4"})
    check(player.until_ply(1)["ply"] == 1, "the player's page, as silent, still plays")
    player.ws.close()
    stopped(proc, "the server with an idle limit")


def games_expire():
    """Games without a turn expire after --expire-unstarted, games whose last turn
    is older after --expire-abandoned; a correspondence game gets its days on
    top. Restarted on a file whose games are old; then live, with a page on it."""
    db = os.path.join(TMP, "expiry.sqlite")
    limits = ("--expire-unstarted", "3600", "--expire-abandoned", "7200")
    proc, port = start_server("--db", db, *limits)
    games = {}
    for name, fields, turn in (("unstarted", {}, False), ("abandoned", {}, True), ("by post", {"days": 1}, False),
                               ("recent", {}, True)):
        made = create(port, side="white", **fields)
        games[name] = made["game"]
        if turn:
            _, jar, _ = follow(port, made["creator_link"])
            page = Page(port, made["game"], jar)
            page.send({"type": "turn", "text": "e4"})
            page.until_ply(1)
            page.ws.close()
    proc.kill()
    proc.wait()
    with sqlite3.connect(db) as con:
        for name, age in (("unstarted", 3700), ("abandoned", 7300), ("by post", 3700), ("recent", 3700)):
            con.execute("UPDATE games SET turn_started = turn_started - ?, created = created - ? WHERE id = ?",
                        (age, age, games[name]))
    proc, port = start_server("--db", db, *limits)
    ws, listed = lobby(port)
    gone = {games["unstarted"], games["abandoned"]}
    while any(g["id"] in gone for g in listed["games"]):  # the lobby's list is sent anew on each deletion
        listed = ws.recv_type("games")
    ws.close()
    for name in games:
        expected = name in ("unstarted", "abandoned")
        check((row(db, games[name]) is None) == expected,
              f"the {name} game is {'deleted' if expected else 'kept'} in the file")
        status = get(port, f"/?game={games[name]}")[0]
        check(status == (404 if expected else 200), f"the {name} game's page: {status}")
    stopped(proc, "the server on old games")

    proc, port = start_server("--db", db, "--expire-abandoned", "2")
    made = create(port, side="white")
    _, jar, _ = follow(port, made["creator_link"])
    page = Page(port, made["game"], jar)
    page.send({"type": "turn", "text": "e4"})  # its time starts now, with the page on it
    page.until_ply(1)
    check(page.ws.recv_type("deleted")["type"] == "deleted", "a page on a game that expires is told")
    check(row(db, made["game"]) is None, "and the game is gone from the file")
    page.ws.close()
    stopped(proc, "the server with a short expiry")


SLOW = {"kind": "movetime", "ms": 600000}  # built-in players wait for the time per move: the game goes on


def engine_cap():
    """--max-engine-games (default 2): a third game without a person is refused,
    a game with one is not; nor may a creator turn a game into one."""
    db = os.path.join(TMP, "engines.sqlite")
    proc, port = start_server("--db", db)
    bots = {"white": "builtin:random", "black": "builtin:random", "side": "none", "tc": SLOW}
    first, second = create(port, **bots), create(port, **bots)
    check(first["type"] == second["type"] == "created", f"two games between engines: {first} {second}")
    third = create(port, **bots)
    check(third["type"] == "error" and "most games between engines at once (2)" in third["message"],
          f"a third is refused: {third}")
    person = create(port, side="white", black="builtin:random", tc=SLOW)
    check(person["type"] == "created", f"a game with a person is not: {person}")
    _, jar, _ = follow(port, person["creator_link"])
    page = Page(port, person["game"], jar)
    page.refused({"type": "new_game", "variant": "normal", **bots}, "a creator turning a game into one between engines")
    page.ws.close()
    _, jar, _ = follow(port, first["creator_link"])
    page = Page(port, first["game"], jar)
    page.send({"type": "delete_game"})
    page.ws.recv_type("deleted")
    page.ws.close()
    check(create(port, **bots)["type"] == "created", "once it is deleted another may start")
    stopped(proc, "the server of engine games")


def operator_commands():
    """--list-games and --delete-game on the file; refused while a server holds it."""
    db = os.path.join(TMP, "operator.sqlite")
    proc, port = start_server("--db", db)
    quiet = create(port, side="white")
    played = create(port, side="white", black="builtin:greedy")
    _, jar, _ = follow(port, played["creator_link"])
    page = Page(port, played["game"], jar)
    page.send({"type": "turn", "text": "e4"})
    page.until_ply(2)
    page.ws.close()
    for args in (["--list-games"], ["--delete-game", quiet["game"]]):
        r = subprocess.run([RZ, "gui", "--db", db, *args], capture_output=True, text=True, timeout=60)
        check(r.returncode == 3 and "in use by another rulezero gui" in r.stderr,
              f"{args[0]} while the server runs: refused ({r.returncode} {r.stderr!r})")
    check(row(db, quiet["game"]) is not None, "and nothing deleted")
    stopped(proc, "the server")

    r = subprocess.run([RZ, "gui", "--db", db, "--list-games"], capture_output=True, text=True, timeout=60)
    lines = [line.split("\t") for line in r.stdout.splitlines()]
    check(r.returncode == 0 and lines and lines[0][:5] == ["id", "game", "white", "black", "state"],
          f"--list-games prints a header: {r.stdout!r} {r.stderr!r}")
    by_id = {line[0]: line for line in lines[1:]}
    check(set(by_id) == {quiet["game"], played["game"]}, f"and every game: {list(by_id)}")
    q, p = by_id.get(quiet["game"], []), by_id.get(played["game"], [])
    check(q[1:5] == ["normal", "human", "human", "unstarted"] and q[6] == "-", f"the unstarted game: {q}")
    check(p[1:5] == ["normal", "human", "builtin:greedy", "ply 2"] and p[5].endswith("Z") and p[6].endswith("Z"),
          f"the game played: {p}")

    r = subprocess.run([RZ, "gui", "--db", db, "--delete-game", quiet["game"]], capture_output=True, text=True,
                       timeout=60)
    check(r.returncode == 0 and row(db, quiet["game"]) is None, f"--delete-game deletes it: {r.stderr!r}")
    check(row(db, played["game"]) is not None, "and only it")
    for bad in (quiet["game"], "nonsense"):
        r = subprocess.run([RZ, "gui", "--db", db, "--delete-game", bad], capture_output=True, text=True, timeout=60)
        check(r.returncode == 1 and r.stderr, f"--delete-game {bad}: refused ({r.returncode} {r.stderr!r})")
    r = subprocess.run([RZ, "gui", "--db", os.path.join(TMP, "none.sqlite"), "--list-games"], capture_output=True,
                       text=True, timeout=60)
    check(r.returncode == 1 and not os.path.exists(os.path.join(TMP, "none.sqlite")),
          f"no such file: refused, not made ({r.stderr!r})")
    proc, port = start_server("--db", db)
    check(get(port, f"/?game={quiet['game']}")[0] == 404 and get(port, f"/?game={played['game']}")[0] == 200,
          "a server started on the file has the one game left")
    stopped(proc, "the server after --delete-game")


try:
    seat_holder_gets_in()
    per_address()
    idle_reaped()
    games_expire()
    engine_cap()
    operator_commands()
finally:
    shutil.rmtree(TMP, ignore_errors=True)
finish()
