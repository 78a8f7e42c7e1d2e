#!/usr/bin/env python3
"""Issue 28, defect 9: what a page receives. A Nick Danger `state` stays under
100 KB (its legal turns a tree of clicks, not 20,000 lists), a clock tick is a
small `clock` message, and the legal turns come only when the position changes
(never with a tick). The worst position known (over 20,000 legal turns, 106 KB
when every map of clicks was sent whole) stays well under. Usage:
test_state_size.py RULEZERO"""
import json
import random
import socket
import subprocess
import time

from guitest import RZ, check, connect, finish, start_server, stop_server
from legaltree import turns, walk
from wsclient import WebSocket

STATE_LIMIT = 100 * 1024
TICK_LIMIT = 200
MANY_TURNS = 20000
WORST_SEED = 11  # its game reaches 21,188 legal turns at ply 10: 106,060 bytes with whole maps


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


def play_to_many_turns(ws, seed, plies=12):
    """A seeded game between two people (each turn drawn from the sorted turn texts) up to the
    first state with over MANY_TURNS legal turns: (state, its size), or (None, 0)."""
    ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human"})
    state, size = next_state(ws, 0)
    rng = random.Random(seed)
    for ply in range(1, plies + 1):
        texts = sorted(t["text"] for t in turn_list(state))
        if len(texts) > MANY_TURNS or not texts:
            break
        ws.send({"type": "turn", "text": rng.choice(texts)})
        state, size = next_state(ws, ply)
    return (state, size) if len(turn_list(state)) > MANY_TURNS else (None, 0)


def engine_turns(fen):
    """The legal turns of a Nick Danger position in coordinates, as `rulezero moves` lists them."""
    out = subprocess.run([RZ, "moves", "--variant", "nickdanger", "--fen", fen], capture_output=True, text=True,
                         timeout=60)
    check(out.returncode == 0, f"rulezero moves --fen '{fen}': {out.stderr.strip()}")
    return [line.split()[0] for line in out.stdout.splitlines() if line.strip()]


def test_worst_state(ws):
    """The position with the most legal turns known: under the limit with room to spare, its big
    maps of clicks told as an earlier node's (`like`), and the turns, made whole again, exactly
    those of the rules."""
    state, size = play_to_many_turns(ws, WORST_SEED)
    check(state is not None, f"seed {WORST_SEED}: a Nick Danger state with over {MANY_TURNS} legal turns")
    if state is None:
        return
    nodes = state["legal"]["nodes"]
    legal_size = len(json.dumps(state["legal"], separators=(",", ":")))
    listed = [t["text"] for t in turns(state["legal"])]
    print(f"worst Nick Danger state: {size} bytes (legal {legal_size}) with {len(listed)} legal turns, "
          f"{len(nodes)} nodes, {sum('like' in n for n in nodes)} told as another's map", flush=True)
    check(size < STATE_LIMIT * 6 // 10, f"the worst state: {size} bytes, well under {STATE_LIMIT}")
    check(any("like" in n for n in nodes), "big maps of clicks told as another's (`like`)")
    check(all(n["like"] < i and isinstance(n.get("not", []), list) for i, n in enumerate(nodes) if "like" in n),
          "`like` names an earlier node")
    want = engine_turns(state["fen"])
    check(len(listed) == len(set(listed)), "each turn once")
    check(sorted(listed) == sorted(want),
          f"the tree's turns are the rules' ({len(listed)} and {len(want)}; only in the tree: "
          f"{sorted(set(listed) - set(want))[:5]}, only in the rules: {sorted(set(want) - set(listed))[:5]})")


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
        test_worst_state(ws)
        state = play_nick_danger(ws, 6)
        test_tree(state)
        test_ticks(ws, state)
        test_legal_only_on_change(ws, state)
        ws.close()
    finally:
        stop_server(proc)
    finish()


main()
