#!/usr/bin/env python3
"""Authority comes from the connection, never from the message (issue 42,
docs/security.md). A game with seats is played by two seat holders; the
creator (who holds no seat), a spectator, a page without a cookie, a page
with forged secrets and a lobby visitor watch. First the case the issue
found: White, while Black is to move, sends `resign` with `color` 1 (and
null, true, [], {}) and Black must not lose. Then a table: every message
type, with every JSON type in every field it reads (and `color`), from
every role, in three positions (nothing standing, White's draw offer
standing, Black's take-back request standing); after each message an
observer's page says what changed, and a change must be one the sender may
make for its own side (its own resignation, offer, answer, request), or by
the creator a new game. Nothing may act for the other side.
Usage: test_authority.py RULEZERO"""
import json
import os
import shutil
import tempfile

from guitest import check, cookies_of, finish, start_server, stop_server
from wsclient import WebSocket

TMP = tempfile.mkdtemp(prefix="rz-authority-")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Socket:
    """A page on a game (or on the lobby: game None) with cookies. Each
    message it sends is followed by a fence: what comes before the fence's
    answer is the message's. A socket sends at most PER_SOCKET messages, then is
    opened again, so that the server's rate limit (60 at once) never drops one."""

    PER_SOCKET = 40
    fences = 0

    def __init__(self, port, game=None, jar=None):
        self.port, self.game, self.jar = port, game, jar or {}
        self.ws, self.sent = None, 0

    def _open(self):
        if self.ws:
            self.ws.close()
        cookie = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        path = f"/ws?game={self.game}" if self.game else "/ws"
        self.ws = WebSocket("127.0.0.1", self.port, path=path, headers={"Cookie": cookie} if cookie else {})
        self.ws.send({"type": "hello"})
        self.sent = 1
        got = [self.ws.recv()]
        while got[-1]["type"] != ("state" if self.game else "games"):
            got.append(self.ws.recv())
        return got

    def fresh(self):
        """Opened again before its next message: a page left idle may have been closed meanwhile."""
        self.sent = self.PER_SOCKET

    def exchange(self, raw=None):
        """Sends raw (bytes; None: nothing) and the fence, a message of a
        type nobody knows, numbered: the messages before the fence's error
        answer raw (after a page's hello, when the socket was opened again)."""
        got = []
        if not self.ws or self.sent + 2 > self.PER_SOCKET:
            got = self._open()
        Socket.fences += 1
        fence = f"fence-{Socket.fences}-end"
        if raw is not None:
            self.ws.send_raw(raw)
        self.ws.send({"type": fence})
        self.sent += 2
        while True:
            m = self.ws.recv()
            if m["type"] == "error" and fence in m["message"]:
                return got
            got.append(m)

    def close(self):
        if self.ws:
            self.ws.close()


def snapshot(states):
    """What authority is about in a state: who moved, who won, who offered what."""
    s = states[-1]
    return {"ply": s["ply"], "to_move": s["side"], "result": (s.get("result") or {}).get("reason"),
            "draw_offer": s.get("draw_offer"), "takeback_offer": s.get("takeback_offer"),
            "paused": s["paused"], "game_number": s["game_number"]}


class Table:
    """The server, one game, and a page for each role."""

    def __init__(self):
        self.proc, self.port = start_server("--db", os.path.join(TMP, "games.sqlite"), "--max-connections", "64")
        lobby = WebSocket("127.0.0.1", self.port)
        lobby.send({"type": "create_game", "variant": "normal", "side": "none"})
        made = lobby.recv_type("created")
        lobby.close()
        self.game = made["game"]
        other = WebSocket("127.0.0.1", self.port)
        other.send({"type": "create_game", "variant": "normal", "side": "white"})
        elsewhere = other.recv_type("created")
        other.close()
        g = self.game
        self.jars = {
            "white": cookies_of(self.port, made["links"]["white"]),
            "black": cookies_of(self.port, made["links"]["black"]),
            "creator": cookies_of(self.port, made["creator_link"]),
            # a seat of another game, its cookies renamed for this one
            "spectator": {f"rz{k[2]}_{g}": v for k, v in cookies_of(self.port, elsewhere["creator_link"]).items()},
            "no cookie": {},
            "forged": {f"rzs_{g}": "0" * 32, f"rzc_{g}": "f" * 32},
        }
        check(set(self.jars["white"]) == {f"rzs_{g}"} and set(self.jars["creator"]) == {f"rzc_{g}"},
              f"the links give the seats' and the creator's cookies: {self.jars}")
        self.pages = {role: Socket(self.port, g, jar) for role, jar in self.jars.items()}
        self.pages["lobby visitor"] = Socket(self.port)
        self.observer = Socket(self.port, g)
        self.now = None

    def state(self):
        """The game now, as the observer's page hears it (every change is sent to every page on the game)."""
        states = [m for m in self.observer.exchange() if m["type"] == "state"]
        if states:
            self.now = snapshot(states)
        return self.now

    def send(self, role, raw):
        """raw from role: (its answers, the game before, the game after)."""
        before = self.state()
        answers = self.pages[role].exchange(raw)
        return answers, before, self.state()

    def act(self, role, msg):
        """A legitimate act that sets a position up: it must be answered with no error."""
        self.pages[role].fresh()
        answers = self.pages[role].exchange(json.dumps(msg).encode())
        errors = [m for m in answers if m["type"] == "error"]
        check(not errors, f"{role} {msg}: no error, got {errors}")

    def stop(self):
        for p in list(self.pages.values()) + [self.observer]:
            p.close()
        code, err = stop_server(self.proc)
        check(code == 0, f"the server stops cleanly ({code}): {err[-500:]}")


def resign_for_the_other_side(t):
    """Black to move; White's page says `resign` with a `color` of another JSON type: Black must not lose."""
    t.act("creator", {"type": "load_fen", "fen": START})
    t.act("white", {"type": "turn", "text": "e2e4"})
    for value in ("1", "null", "true", "[]", "{}", "0", '"black"'):
        raw = ('{"type":"resign","color":%s}' % value).encode()
        answers, before, after = t.send("white", raw)
        check(after["result"] is None, f"White's resign with color {value}: Black does not lose ({after['result']})")
        check(any(m["type"] == "error" for m in answers), f"White's resign with color {value} is refused")
        if after["result"] is not None:
            t.act("creator", {"type": "load_fen", "fen": START})
            t.act("white", {"type": "turn", "text": "e2e4"})
    for value in ("0", "1", "null", "true"):
        t.act("creator", {"type": "load_fen", "fen": START})
        t.act("white", {"type": "offer_draw"})
        for msg in ('{"type":"accept_draw","color":%s}', '{"type":"offer_draw","color":%s}'):
            answers, before, after = t.send("white", (msg % value).encode())
            check(after["result"] is None, f"White's {msg % value} after its own offer: no draw ({after['result']})")
        answers, before, after = t.send("white", ('{"type":"decline_draw","color":%s}' % value).encode())
        check(after["draw_offer"] == "white", f"White declines for Black with color {value}: the offer stands")


# Every message a game's page or the lobby's may send, with the fields it reads
# (`color` is read from every message on a game: a side it names must be the sender's).
MESSAGES = {
    "hello": [], "view": ["ply"], "pgn": [], "save": [], "turn": ["text"], "undo": [],
    "accept_takeback": [], "decline_takeback": [], "resign": [], "offer_draw": [], "accept_draw": [],
    "decline_draw": [], "new_game": ["variant", "white", "black", "tc", "options", "fen"], "load_fen": ["fen"],
    "restore": ["record"], "delete_game": [], "stop": [], "resume": [], "move_now": [],
    "analyse": ["fen", "ply", "multipv"], "analysis_turn": ["text", "texts"], "analysis_back": ["count"],
    "analysis_multipv": ["multipv"], "analysis_goto": ["ply"], "analysis_stop": [], "analyse_game": [],
    "create_game": ["variant", "white", "black", "side", "days", "open"], "claim_seat": ["game", "color"],
    "list_games": [],
}
LOBBY = {"hello", "list_games", "create_game", "claim_seat"}
# Every JSON type, texts that name each side, and Black's legal turn in the first position.
VALUES = [None, True, False, 0, 1, -1, 2.5, 1e300, "", "white", "black", "e7e5", "x" * 300, [], {}, [1], {"a": 1}]
# The JSON types each field may have; any other is refused.
FIELD_TYPES = {
    "color": str, "text": str, "fen": (str, type(None)), "variant": str, "white": str, "black": str,
    "side": str, "game": str, "ply": int, "multipv": int, "count": int, "days": (int, type(None)),
    "open": bool, "tc": (dict, type(None)), "options": (dict, type(None)), "record": dict, "texts": list,
}
SIDES = {"white": {"white"}, "black": {"black"}}
OTHER = {"white": "black", "black": "white"}


def right_type(field, value):
    want = FIELD_TYPES[field]
    if isinstance(value, bool) and bool not in (want if isinstance(want, tuple) else (want,)):
        return False  # JSON true is not a number
    if isinstance(value, float) and value == int(value) and value < 1e15:
        value = int(value)
    return isinstance(value, want)


def allowed(role, before, after):
    """'' when the change from before to after is one role may make; else what it did."""
    own = SIDES.get(role, set())
    if after == before:
        return ""
    if after["game_number"] != before["game_number"]:
        return "" if role == "creator" else "started another game"
    if after["paused"] != before["paused"]:
        return "stopped or resumed the clocks"
    if after["result"] != before["result"]:
        reason = after["result"] or ""
        if reason.endswith(" resigns"):
            return "" if reason.split()[0].lower() in own else f"made {reason}"
        if reason == "Draw by agreement":
            return "" if before["draw_offer"] and before["draw_offer"] not in own and own else "agreed a draw for the other side"
        return f"ended the game: {reason}"
    if after["ply"] > before["ply"]:
        return "" if before["to_move"] in own and after["ply"] == before["ply"] + 1 else "moved for the other side"
    if after["ply"] < before["ply"] or after["takeback_offer"] != before["takeback_offer"]:
        asked, now = before["takeback_offer"], after["takeback_offer"]
        if now and not asked:
            return "" if now in own and after["ply"] == before["ply"] else f"asked a take-back for {now}"
        return "" if asked and asked not in own and own else "answered a take-back for the other side"
    if after["draw_offer"] != before["draw_offer"]:
        offered, now = before["draw_offer"], after["draw_offer"]
        if now:
            return "" if now in own else f"offered a draw for {now}"
        return "" if offered not in own and own else "answered a draw offer for the other side"
    return f"changed {before} to {after}"


def probes(types):
    """(type, field or None, value, the message's bytes), every field with every value."""
    for kind in types:
        yield kind, None, None, json.dumps({"type": kind}).encode()
        for field in ["color"] + [f for f in MESSAGES[kind] if f != "color"]:
            for value in VALUES:
                yield kind, field, value, json.dumps({"type": kind, field: value}).encode()


def run_table(t, setup, types, position):
    """Every probe from every role, the position set up again after each change it may make."""
    setup()
    sent = changes = 0
    for role in t.pages:
        t.pages[role].fresh()
        for kind, field, value, raw in probes(types):
            if kind == "delete_game" and role == "creator" and field is None:
                continue  # the creator's delete is test_seats.py's; with a `color` (it holds no seat) it is refused
            answers, before, after = t.send(role, raw)
            sent += 1
            what = f"{position}: {role} sends {raw[:80]!r}"
            wrong = allowed(role, before, after)
            check(not wrong, f"{what}: {wrong}")
            errors = [m for m in answers if m["type"] == "error"]
            reads = field == "color" and role != "lobby visitor" or field in MESSAGES[kind] and (
                role != "lobby visitor" or kind in LOBBY)
            if field and reads and not right_type(field, value):
                check(errors and after == before,
                      f"{what}: a field of the wrong type is refused ({str(answers)[:200]})")
            for m in errors:
                check(len(m["message"]) <= 200, f"{what}: a short error ({len(m['message'])} characters)")
            if after != before:
                changes += 1
                setup()
    print(f"{position}: {sent} messages, {changes} changed the game (each one the sender's own act)", flush=True)


def table(t):
    def nothing_standing():
        t.act("creator", {"type": "load_fen", "fen": START})
        t.act("white", {"type": "turn", "text": "e2e4"})

    def draw_offered():
        nothing_standing()
        t.act("white", {"type": "offer_draw"})

    def takeback_asked():
        nothing_standing()
        t.act("black", {"type": "turn", "text": "e7e5"})
        t.act("black", {"type": "undo"})

    run_table(t, nothing_standing, list(MESSAGES), "Black to move")
    acts = ["turn", "resign", "offer_draw", "accept_draw", "decline_draw", "undo", "accept_takeback",
            "decline_takeback"]
    run_table(t, draw_offered, acts, "White's draw offer standing")
    run_table(t, takeback_asked, acts, "Black's take-back request standing")


def one_person_server():
    """Without seats the page plays both sides, but a `color` that is not "white" or "black" is refused there too."""
    proc, port = start_server()
    ws = WebSocket("127.0.0.1", port)
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human"})
    ws.recv_type("state")
    for value in (1, None, True, [], {}, "x"):
        ws.send({"type": "resign", "color": value})
        m = ws.recv()
        check(m["type"] == "error" and m["message"].startswith("bad color"), f"one person, color {value!r}: {m}")
    ws.send({"type": "resign", "color": "black"})
    check(ws.recv_type("state")["result"]["reason"] == "Black resigns", "one person: Black resigns when it says so")
    ws.close()
    code, err = stop_server(proc)
    check(code == 0, f"the one-person server stops cleanly ({code}): {err[-500:]}")


def main():
    one_person_server()
    t = Table()
    try:
        resign_for_the_other_side(t)
        table(t)
    finally:
        t.stop()
        shutil.rmtree(TMP, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
