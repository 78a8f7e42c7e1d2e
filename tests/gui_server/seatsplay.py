"""Playing games with seats from a test (`rulezero gui --db FILE`): a game
between two people made through the lobby, a seat's cookies from its link,
a seat's page, and the turns the database holds for a game."""
import http.client
import http.cookies
import json
import sqlite3

from wsclient import WebSocket


def cookies_of(port, link):
    """The cookies an invitation link sets: {name: value}."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    con.request("GET", link)
    r = con.getresponse()
    r.read()
    jar = {}
    for line in r.headers.get_all("Set-Cookie") or []:
        c = http.cookies.SimpleCookie()
        c.load(line)
        jar.update({k: m.value for k, m in c.items()})
    con.close()
    return jar


def create_game(port):
    """A game between two people: (id, the White seat's cookies, the Black seat's)."""
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "create_game", "variant": "normal", "side": "white"})
    made = ws.recv_type("created")
    ws.close()
    return made["game"], cookies_of(port, made["creator_link"]), cookies_of(port, made["links"]["black"])


def page(port, game, jar=None, timeout=10):
    """A page on the game with these cookies (None: a spectator), after its
    hello: (ws, its first state)."""
    cookie = "; ".join(f"{k}={v}" for k, v in (jar or {}).items())
    ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}", headers={"Cookie": cookie} if cookie else None,
                   timeout=timeout)
    ws.send({"type": "hello"})
    return ws, ws.recv_type("state")


def stored_turns(db, game):
    """The game's turns as the file holds them (None: no such row)."""
    with sqlite3.connect(db) as con:
        r = con.execute("SELECT record FROM games WHERE id = ?", (game,)).fetchone()
    return None if r is None else json.loads(r[0])["turns"]
