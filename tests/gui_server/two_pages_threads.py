#!/usr/bin/env python3
"""`rulezero gui` with two pages at once, every thread of the server at work
together, for the ThreadSanitizer stage (tests/threads_tsan.sh gui; in an
ordinary build it is a smoke test): page A starts a game of Rule Zero
(engine:0, a CECP process) against a built-in player that page B watches to
its eighth turn, asking for views of earlier turns meanwhile; page B then
plays a Dialectic game against a built-in player that page A watches; page A
opens the analysis board (Rule Zero on a thread and in a process of its
own), both pages see its lines, and page B plays on in the game meanwhile. Each page reads on
a thread of its own, as a browser does, so neither holds the server up.
Fails on a message missed, an error, or a server that does not stop cleanly;
threads_tsan.sh looks for ThreadSanitizer reports.
Usage: two_pages_threads.py RULEZERO"""
import os
import queue
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from guitest import check, connect, finish, start_server, stop_server  # noqa: E402
from legaltree import turns  # noqa: E402
from wsclient import WebSocket  # noqa: E402

WAIT = 120  # seconds: generous, a ThreadSanitizer build is 5 to 15 times slower


class LockedWebSocket(WebSocket):
    """Sends from the test's thread and answers pings from the reader's: one frame at a time."""

    def __init__(self, *args, **kwargs):
        self.send_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def send_raw(self, payload, opcode=1, fin=True):
        with self.send_lock:
            super().send_raw(payload, opcode, fin)


class Page:
    """A connected page whose messages a thread of its own reads into a queue."""

    def __init__(self, port, name):
        self.name = name
        self.ws, self.setup, self.state = connect(port, socket_class=LockedWebSocket, timeout=WAIT)
        self.messages = queue.Queue()
        self.errors = []
        self.last_state = self.state
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        try:
            while True:
                msg = self.ws.recv()
                if msg.get("type") == "error":
                    self.errors.append(msg["message"])
                if msg.get("type") == "state":
                    self.last_state = msg
                self.messages.put(msg)
        except (EOFError, OSError, ValueError):
            self.messages.put(None)

    def send(self, msg):
        self.ws.send(msg)

    def wait(self, pred, what, seconds=WAIT):
        """The first message for which pred is true, else a failure and None."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                msg = self.messages.get(timeout=max(0.05, deadline - time.time()))
            except queue.Empty:
                break
            if msg is None:
                break
            if pred(msg):
                return msg
        check(False, f"page {self.name}: {what}")
        return None

    def state_where(self, pred, what):
        return self.wait(lambda m: m.get("type") == "state" and pred(m), what)

    def close(self):
        self.ws.close()
        self.reader.join(timeout=10)


def watched_engine_game(a, b):
    """A starts engine:0 against Greedy; B watches, asking for views of earlier turns."""
    a.send({"type": "new_game", "variant": "normal", "white": "engine:0", "black": "builtin:greedy",
            "tc": {"kind": "movetime", "ms": 100}})
    for ply in (2, 4, 6):
        seen = b.state_where(lambda s, p=ply: s["variant"] == "normal" and (s["ply"] >= p or s["result"]),
                             f"sees the engine game reach ply {ply}")
        if not seen:
            return
        b.send({"type": "view", "ply": 1})
        view = b.wait(lambda m: m.get("type") == "view", "gets the view of ply 1")
        check(view and view["ply"] == 1, f"page B: the view of ply 1: {view and view['ply']}")
    a.state_where(lambda s: s["variant"] == "normal" and (s["ply"] >= 8 or s["result"]), "sees ply 8")


def first_turn(state):
    texts = [t["text"] for t in turns(state.get("legal"))]
    return texts[0] if texts else None


def played_dialectic(b, a, rounds):
    """B plays White against Random; A sees every turn."""
    b.send({"type": "new_game", "variant": "dialectic", "white": "human", "black": "builtin:random"})
    state = b.state_where(lambda s: s["variant"] == "dialectic" and s["ply"] == 0, "gets the new Dialectic game")
    for r in range(rounds):
        if not state or state["result"]:
            return
        turn = first_turn(state)
        if not check(turn, f"page B: a legal turn at ply {state['ply']}"):
            return
        b.send({"type": "turn", "text": turn})
        ply = 2 * (r + 1)
        state = b.state_where(lambda s, p=ply: s["variant"] == "dialectic" and (s["ply"] == p or s["result"]),
                              f"Random answers at ply {ply}")
        a.state_where(lambda s, p=ply: s["variant"] == "dialectic" and (s["ply"] >= p or s["result"]),
                      f"sees Dialectic ply {ply}")
    print(f"Dialectic: ply {state and state['ply']}, result {state and state['result']}", flush=True)


def analysis_beside(a, b):
    """A opens the analysis board at the game; both pages see its lines; B plays on
    in the game meanwhile, and A sees that turn too."""
    a.send({"type": "analyse", "multipv": 2})
    board = a.wait(lambda m: m.get("type") == "analysis" and m["active"], "the analysis board opens")
    if not board:
        return
    for page in (a, b):
        page.wait(lambda m: m.get("type") == "analysis_info" and m["id"] == board["id"] and
                  any(line["pv"] for line in m["lines"]), "gets the analysis lines")
    state = b.last_state
    turn = first_turn(state) if state and state["to_move"] == "human" else None
    if check(turn, "page B: a turn to play beside the analysis"):
        b.send({"type": "turn", "text": turn})
        for page in (a, b):
            page.state_where(lambda s: s["ply"] >= state["ply"] + 2 or s["result"], "sees the game go on")
    a.send({"type": "analysis_stop"})
    for page in (a, b):
        page.wait(lambda m: m.get("type") == "analysis" and not m["active"], "sees the analysis board close")


def main():
    proc, port = start_server()
    try:
        a = Page(port, "A")
        b = Page(port, "B")
        started = time.time()
        watched_engine_game(a, b)
        print(f"engine game watched: {time.time() - started:.1f} s", flush=True)
        played_dialectic(b, a, 3)
        print(f"Dialectic played: {time.time() - started:.1f} s", flush=True)
        analysis_beside(a, b)
        print(f"analysis seen: {time.time() - started:.1f} s", flush=True)
        check(not a.errors and not b.errors, f"no errors: {a.errors + b.errors}")
        a.close()
        b.close()
    finally:
        code, err = stop_server(proc)
    check(code == 0, f"the server stops cleanly on SIGTERM (exit {code}): {err[-2000:]}")
    finish()


if __name__ == "__main__":
    main()
