#!/usr/bin/env python3
"""`rulezero gui` against a hostile local program that passes the Host/Origin
check (it sends the page's own Origin): deeply nested JSON, a NUL inside a
string, fragmented WebSocket messages, and more connections than the server
keeps. After each the server must still answer, with the game unchanged, and
a new page must still get the page and its `state`.
Usage: test_hostile.py RULEZERO"""
import json
import socket
import time

from guitest import check, connect, finish, http, start_server, stop_server
from wsclient import WebSocket

MAX_DEPTH = 32  # docs/gui-protocol.md


class Server:
    def __init__(self):
        self.proc, self.port = start_server()
        self.origin = {"Origin": f"http://127.0.0.1:{self.port}"}

    def alive(self):
        return self.proc.poll() is None

    def ws(self, timeout=10):
        return WebSocket("127.0.0.1", self.port, headers=self.origin, timeout=timeout)

    def page(self, timeout=10):
        """A page: connects, says hello, gets setup and state."""
        ws, _, state = connect(self.port, headers=self.origin, timeout=timeout)
        return ws, state

    def http(self, path, timeout=10):
        status, _, body = http(self.port, path, headers=self.origin, timeout=timeout)
        return status, body

    def game(self):
        s = json.loads(self.http("/api/state")[1])
        return s["variant"], s["fen"], s["ply"]

    def stop(self):
        """Ends it with SIGTERM: it must exit cleanly (under the sanitizers: no report, no leak)."""
        if not self.alive():
            return
        code, err = stop_server(self.proc)
        check(code == 0, f"the server exits cleanly on SIGTERM (exit {code}): {err[-2000:]}")


def still_answers(srv, what, before):
    """The server is alive, a new page gets its state, and the game is `before`."""
    if not check(srv.alive(), f"{what}: the server is alive (exit {srv.proc.returncode})"):
        return False
    try:
        ws, state = srv.page()
        ws.close()
    except (OSError, EOFError) as e:
        return check(False, f"{what}: a new page connects ({e})")
    return check((state["variant"], state["fen"], state["ply"]) == before, f"{what}: the game is unchanged")


def refused(srv, ws, payload, starts, what, before):
    """Sends one raw text message; it must get an `error` starting `starts`."""
    try:
        ws.send_raw(payload)
        answer = ws.recv()
        check(answer.get("type") == "error" and answer["message"].startswith(starts),
              f"{what}: answered {str(answer)[:100]}, want an error '{starts}...'")
    except (OSError, EOFError) as e:
        check(False, f"{what}: no answer ({e!r})")
    return still_answers(srv, what, before)


def nested(depth, inner="1"):
    return '{"a":' * depth + inner + "}" * depth


def test_nesting(srv):
    ws, _ = srv.page()
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human"})
    ws.recv_type("state")
    ws.send({"type": "turn", "text": "e2e4"})
    ws.recv_type("state")
    before = srv.game()
    cases = [
        (b"[" * 450, "450 '['"),
        (nested(2000).encode(), "an object nested 2,000 deep"),
        (("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)).encode(), f"valid JSON {MAX_DEPTH + 1} deep"),
        (("{" * 30000).encode(), "30,000 '{'"),
        (('{"type":"turn","x":' + "[" * 20000).encode(), "a message ending in 20,000 '['"),
    ]
    for payload, what in cases:
        if not srv.alive():
            break
        if not refused(srv, ws, payload, "message nested too deeply", what, before):
            ws = None
            break
    if not srv.alive():
        return
    ws = ws or srv.page()[0]
    # At the limit: accepted. Brackets inside strings do not count.
    deep = '{"type":"hello","x":' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    ws.send_raw(deep.encode())
    first = ws.recv()
    check(first.get("type") == "setup", f"a hello {MAX_DEPTH} deep is answered: {str(first)[:80]}")
    ws.recv_type("state")
    ws.send_raw(json.dumps({"type": "turn", "text": "[" * 5000 + "{\\\"" * 100}).encode())
    answer = ws.recv()
    check(answer.get("type") == "error" and answer["message"].startswith("illegal turn"),
          f"brackets inside a string are text: {str(answer)[:80]}")
    ws.close()
    still_answers(srv, "nesting", before)


def test_nul(srv):
    ws, _ = srv.page()
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human"})
    ws.recv_type("state")
    before = srv.game()
    refused(srv, ws, b'{"type":"turn","text":"e2e4\\u0000"}', "message has a NUL", "a turn ending in \\u0000",
            before)
    refused(srv, ws, b'{"type":"turn","text":"e2e4\\u0000e7e5"}', "message has a NUL", "\\u0000 inside a turn",
            before)
    refused(srv, ws, b'{"type":"turn","text":"e2e4\x00"}', "message has a NUL", "a raw NUL byte", before)
    refused(srv, ws, b'{"type":"hello"}\x00junk', "message has a NUL", "a NUL after the object", before)
    refused(srv, ws, b'{"type":"load_fen","fen":"8/8/8/8/8/8/8/K6k w - - 0 1\\u0000"}', "message has a NUL",
            "a FEN ending in \\u0000", before)
    # An escaped backslash before u0000 is plain text, not a NUL.
    ws.send_raw(b'{"type":"turn","text":"e2e4\\\\u0000"}')
    answer = ws.recv()
    check(answer.get("type") == "error" and answer["message"].startswith("illegal turn"),
          f"'\\\\u0000' is text: {str(answer)[:80]}")
    ws.close()


def test_fragments(srv):
    ws = srv.ws()
    ws.send_fragments([b'{"type":', b'"hel', b'lo"}'])
    first = ws.recv()
    check(first.get("type") == "setup", f"a hello in three frames gets setup: {str(first)[:80]}")
    check(ws.recv().get("type") == "state", "then state")
    # A ping between the frames of a message (control frames may interleave).
    ws.send_raw(b'{"type":"new_game","variant":"interweave",', fin=False)
    ws.send_raw(b"between", opcode=9)
    ws.send_raw(b'"white":"human","black":"human"}', opcode=0)
    state = ws.recv_type("state")
    check(state["variant"] == "interweave", "a fragmented new_game with a ping inside is played")
    before = srv.game()
    # Too long in pieces: refused, and the next message is read afresh.
    ws.send_fragments([b'{"type":"turn","text":"' + b"x" * 40000, b"y" * 40000 + b'"}'])
    answer = ws.recv()
    check(answer.get("type") == "error" and answer["message"].startswith("message too long"),
          f"80,000 bytes in two frames: {str(answer)[:80]}")
    ws.send({"type": "view", "ply": 0})
    check(ws.recv().get("type") == "view", "the next message after a too long one is answered")
    # A continuation frame with no message to continue.
    ws.send_raw(b'{"type":"hello"}', opcode=0)
    answer = ws.recv()
    check(answer.get("type") == "error" and answer["message"].startswith("unexpected continuation"),
          f"a stray continuation frame: {str(answer)[:80]}")
    # A new message while one is still in frames: both refused, then all is as before.
    ws.send_raw(b'{"type":"turn","text":', fin=False)
    ws.send_raw(b'{"type":"undo"}')
    answer = ws.recv()
    check(answer.get("type") == "error" and answer["message"].startswith("a new message began"),
          f"a new message in the middle of another: {str(answer)[:80]}")
    ws.send_raw(b'{"type":"view","ply":0}')
    check(ws.recv().get("type") == "view", "the next whole message after it is answered")
    ws.close()
    still_answers(srv, "fragments", before)


def test_connections(srv):
    before = srv.game()
    idle = []
    for _ in range(40):
        try:
            idle.append(srv.ws(timeout=5))
        except (OSError, EOFError):
            pass
    start = time.time()
    try:
        ws, state = srv.page(timeout=10)
        check(state["type"] == "state", "a new page gets its state after 40 idle connections")
        ws.close()
    except (OSError, EOFError) as e:
        check(False, f"a new page after 40 idle connections: {e!r}")
    try:
        status, body = srv.http("/", timeout=10)
        check(status == 200 and b"<html" in body.lower(), "GET / after 40 idle connections")
    except OSError as e:
        check(False, f"GET / after 40 idle connections: {e!r}")
    check(time.time() - start < 10, f"both within 10 s ({time.time() - start:.1f} s)")
    # Pages that said hello, more than the server keeps: the newest always gets in.
    pages = []
    for i in range(36):
        try:
            pages.append(srv.page(timeout=10)[0])
        except (OSError, EOFError) as e:
            check(False, f"page {i + 1} of 36 connects: {e!r}")
            break
    # The idle connections are dropped (no hello within the grace time).
    dropped = 0
    deadline = time.time() + 15
    for ws in idle:
        ws.sock.settimeout(max(0.1, deadline - time.time()))
        try:
            while True:
                ws.recv()
        except (EOFError, ConnectionError):
            dropped += 1
        except socket.timeout:
            pass
    check(dropped == len(idle), f"idle connections are closed by the server ({dropped} of {len(idle)})")
    for ws in idle + pages:
        try:
            ws.sock.close()
        except OSError:
            pass
    still_answers(srv, "connections", before)


def main():
    for test in (test_nesting, test_nul, test_fragments, test_connections):
        srv = Server()
        try:
            test(srv)
        except (OSError, EOFError) as e:
            check(False, f"{test.__name__}: {e!r}")
        finally:
            srv.stop()
    finish()


if __name__ == "__main__":
    main()
