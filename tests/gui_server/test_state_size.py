#!/usr/bin/env python3
"""Issue 28, defect 9: what a page receives. A Nick Danger `state` stays under
100 KB (its legal turns a tree of clicks, not 20,000 lists), a clock tick is a
small `clock` message, and the legal turns come only when the position changes
(never with a tick). Usage: test_state_size.py RULEZERO"""
import json
import random
import socket
import time

from guitest import check, connect, finish, start_server, stop_server
from legaltree import turns, walk
from wsclient import WebSocket

STATE_LIMIT = 100 * 1024
TICK_LIMIT = 200


class SizedWebSocket(WebSocket):
    """Remembers the size of every text message it receives."""

    def recv(self):
        msg = super().recv()
        self.last_size = len(json.dumps(msg, separators=(",", ":")))
        return msg


def turn_list(state):
    legal = state.get("legal")
    if isinstance(legal, list):  # the old form: one entry per turn
        return legal
    return turns(legal) if legal else []


def next_state(ws, ply):
    while True:
        msg = ws.recv()
        if msg.get("type") == "state" and msg["ply"] == ply:
            return msg, ws.last_size


def play_nick_danger(ws, plies):
    """A seeded game between two people; every state's size checked. Returns the last state."""
    ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human",
             "tc": {"kind": "clock", "base_ms": 300000, "inc_ms": 0}})
    state, size = next_state(ws, 0)
    rng = random.Random(28)
    biggest = (size, len(turn_list(state)))
    for ply in range(1, plies + 1):
        listed = turn_list(state)
        check(listed, f"ply {ply - 1}: legal turns listed")
        if not listed:
            break
        clicks = [" ".join(t["clicks"]) for t in listed]
        check(len(set(clicks)) == len(clicks), f"ply {ply - 1}: every turn has its own clicks")
        turn = rng.choice(listed)
        ws.send({"type": "turn", "text": turn["text"]})
        state, size = next_state(ws, ply)
        biggest = max(biggest, (size, len(turn_list(state))))
        check(size < STATE_LIMIT, f"ply {ply}: a Nick Danger state of {size} bytes ({len(turn_list(state))} turns)")
    print(f"largest Nick Danger state: {biggest[0]} bytes with {biggest[1]} legal turns", flush=True)
    return state


def test_tree(state):
    legal = state.get("legal")
    check(isinstance(legal, dict) and "root" in legal and "nodes" in legal, "legal is a tree {root, nodes}")
    if not isinstance(legal, dict):
        return
    listed = turns(legal)
    check(len(listed) > 1000, f"a Nick Danger turn in the linking phase has many turns ({len(listed)})")
    # A chess move, then a link action: after the move, its board is shown.
    long = [t for t in listed if len(t["clicks"]) == 4]
    check(long, "turns of a move and a link action")
    if long:
        node, text, frame = walk(legal, long[0]["clicks"][:2])
        check(frame and (frame.get("gone") or frame.get("put")), f"a frame after the move of {long[0]['text']}")
        check(node.get("next") and not node.get("end"), "the move alone is not a turn")
        node, text, frame = walk(legal, long[0]["clicks"])
        check(node.get("end") and text == long[0]["text"], f"the walk spells the turn: {text}")
    check(walk(legal, ["z99"]) is None, "an unknown click leads nowhere")


def test_ticks(ws, state):
    """Two seconds of a running clock: small `clock` messages, no state, no legal turns."""
    ws.sock.settimeout(0.5)
    end = time.monotonic() + 2.6
    ticks, others = [], []
    while time.monotonic() < end:
        try:
            msg = ws.recv()
        except (socket.timeout, TimeoutError):
            continue
        (ticks if msg.get("type") == "clock" else others).append((msg, ws.last_size))
    ws.sock.settimeout(30)
    check(len(ticks) >= 1, f"the clock ticks as `clock` messages ({len(ticks)}; others: "
                           f"{[(m.get('type'), n) for m, n in others]})")
    for msg, size in ticks:
        check(size < TICK_LIMIT, f"a tick of {size} bytes")
        check(isinstance(msg.get("white_ms"), (int, float)) and isinstance(msg.get("black_ms"), (int, float)) and
              msg.get("running") == state["side"], f"a tick's figures: {msg}")
    check(not any("legal" in m for m, _ in others), "no legal turns sent again while the position stays")


def test_legal_only_on_change(ws, state):
    """A second page's hello gets the legal turns; a change of the position sends new ones."""
    proc_port = ws.sock.getpeername()[1]
    other, _, fresh = connect(proc_port)
    check(fresh.get("legal") and fresh.get("generation") == state.get("generation"),
          "a page that says hello gets the legal turns of the current generation")
    other.close()
    ws.send({"type": "stop"})
    paused, _ = next_state(ws, state["ply"])
    check(paused.get("generation") != state.get("generation"), "a pause is a new generation")


def main():
    proc, port = start_server()
    try:
        ws, _, _ = connect(port, SizedWebSocket)
        state = play_nick_danger(ws, 6)
        test_tree(state)
        test_ticks(ws, state)
        test_legal_only_on_change(ws, state)
        ws.close()
    finally:
        stop_server(proc)
    finish()


main()
