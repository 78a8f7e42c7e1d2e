"""What the tests of games with seats share (`rulezero gui --db FILE`): the
lobby's page, an invitation link followed, a page on one game with its
cookies, a game created."""
import http.client
import http.cookies

from guitest import check
from wsclient import WebSocket


def lobby(port):
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "hello"})
    return ws, ws.recv_type("games")


def follow(port, link):
    """Opens an invitation link: {cookie name: value} it sets, and where it leads."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    con.request("GET", link)
    r = con.getresponse()
    r.read()
    status, headers = r.status, r.headers
    con.close()
    if status != 303:
        return status, {}, None
    jar = {}
    for line in headers.get_all("Set-Cookie") or []:
        check("HttpOnly" in line and "SameSite=Strict" in line, f"cookie is HttpOnly and SameSite: {line}")
        c = http.cookies.SimpleCookie()
        c.load(line)
        jar.update({k: m.value for k, m in c.items()})
    return status, jar, headers.get("Location")


class Page:
    """A page on one game with these cookies: sends hello, reads seat and state."""

    def __init__(self, port, game, jar=None):
        cookie = "; ".join(f"{k}={v}" for k, v in (jar or {}).items())
        self.ws = WebSocket("127.0.0.1", port, path=f"/ws?game={game}", headers={"Cookie": cookie} if cookie else {})
        self.ws.send({"type": "hello"})
        self.seat = self.ws.recv_type("seat")  # before the state, so that the page reads it as its seat sees it
        self.state = self.ws.recv_type("state")

    def send(self, msg):
        self.ws.send(msg)

    def refused(self, msg, what):
        """Sends msg: an `error` beginning 'refused' must come back (states may come first)."""
        self.ws.send(msg)
        while True:
            m = self.ws.recv()
            if m["type"] == "error":
                return check(m["message"].startswith("refused") or "not your" in m["message"],
                             f"{what}: refused with a message, got {m['message']!r}")
            if m["type"] == "deleted":
                return check(False, f"{what}: the game was deleted")

    def until_ply(self, ply):
        """States until one at this ply (returns it)."""
        while True:
            m = self.ws.recv()
            if m["type"] == "state" and m["ply"] == ply:
                return m
            check(m["type"] != "error", f"no error while waiting for ply {ply}: {m}")


def next_answer(ws):
    """The next message that is not the lobby's list (sent to every lobby page when it changes)."""
    m = ws.recv()
    while m["type"] in ("games", "setup"):
        m = ws.recv()
    return m


def create(port, **fields):
    ws, _ = lobby(port)
    ws.send({"type": "create_game", "variant": "normal", **fields})
    m = ws.recv()
    while m["type"] in ("games", "setup"):  # the answers to hello, or the list sent to every lobby page on a change
        m = ws.recv()
    ws.close()
    return m
