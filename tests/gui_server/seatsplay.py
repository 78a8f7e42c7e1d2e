"""Playing games with seats from a test (`rulezero gui --db FILE`): a game
between two people made through the lobby, a seat's cookies from its link,
a seat's page, the turns the database holds for a game, and a non-blocking
WebSocket client for scripts that read many pages on one selector."""
import base64
import json
import os
import socket
import sqlite3
import struct
import subprocess

from guitest import cookies_of
from wsclient import WebSocket


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


def second_start(rz, *args, env=None):
    """Starts `rulezero gui --port 0 ARGS` (another server, say on a file one
    holds already): (exit code, stderr) when it exits at once, or ("serving",
    "") when it printed its address (then it is killed)."""
    p = subprocess.Popen([rz, "gui", "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env)
    if p.stdout.readline().startswith("http://"):
        p.kill()
        p.communicate()
        return "serving", ""
    return p.wait(timeout=120), p.stderr.read()


def stored_turns(db, game):
    """The game's turns as the file holds them (None: no such row)."""
    with sqlite3.connect(db) as con:
        r = con.execute("SELECT record FROM games WHERE id = ?", (game,)).fetchone()
    return None if r is None else json.loads(r[0])["turns"]


class Conn:
    """A non-blocking WebSocket client: frames in, JSON messages out."""

    def __init__(self, port, path, cookie=None):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        head = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket", "Connection: Upgrade",
                f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if cookie:
            head.append("Cookie: " + cookie)
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the upgrade")
            buf += chunk
        status, _, self.buf = buf.partition(b"\r\n\r\n")
        if b" 101 " not in status.split(b"\r\n")[0]:
            raise ConnectionError(status[:60])
        self.sock.setblocking(False)

    def send(self, obj):
        payload = json.dumps(obj).encode()
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n))
        self.sock.setblocking(True)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        self.sock.setblocking(False)

    def messages(self):
        """Reads what has come; yields whole messages."""
        try:
            while True:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    self.closed = True
                    break
                self.buf += chunk
        except BlockingIOError:
            pass
        except OSError:
            self.closed = True
        while len(self.buf) >= 2:
            b0, b1 = self.buf[0], self.buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(self.buf) < 4:
                    return
                n, at = struct.unpack(">H", self.buf[2:4])[0], 4
            elif n == 127:
                if len(self.buf) < 10:
                    return
                n, at = struct.unpack(">Q", self.buf[2:10])[0], 10
            if len(self.buf) < at + n:
                return
            payload, self.buf = self.buf[at:at + n], self.buf[at + n:]
            if b0 & 0x0F == 9:  # ping
                try:
                    self.sock.setblocking(True)
                    self.sock.sendall(bytes([0x8A, 0x80]) + os.urandom(4))
                    self.sock.setblocking(False)
                except OSError:
                    self.closed = True
                    return
            elif b0 & 0x0F == 8:  # closed by the server
                self.closed = True
                return
            elif b0 & 0x0F in (1, 2):
                yield json.loads(payload)
