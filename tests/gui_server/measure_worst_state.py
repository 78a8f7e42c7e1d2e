#!/usr/bin/env python3
"""The largest Nick Danger `state` over seeded games between two people (each
turn drawn from the legal turns sorted by text, so that two builds play the
same games), and what its `legal` tree is made of: the frames, the maps of
clicks (`next`, with `like` and `not` where a map is told as an earlier
node's), the parts. Found the 106 KB state of issue 28 (defect 9); see
docs/performance.md. Usage: measure_worst_state.py RULEZERO [GAMES] [PLIES]"""
import json
import random
import sys

from guitest import connect, start_server, stop_server
from legaltree import turns


def size(value):
    return len(json.dumps(value, separators=(",", ":")))


def next_state(ws, ply):
    while True:
        msg = ws.recv()
        if msg.get("type") == "state" and msg["ply"] == ply:
            return msg


def worst_state(ws, games, plies):
    """(size, seed, ply, state) of the largest state met."""
    best = (0, None, None, None)
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human"})
        state = next_state(ws, 0)
        for ply in range(1, plies + 1):
            texts = sorted(t["text"] for t in turns(state["legal"]))
            if not texts:
                break
            ws.send({"type": "turn", "text": rng.choice(texts)})
            state = next_state(ws, ply)
            best = max(best, (size(state), seed, ply, state), key=lambda b: b[0])
    return best


def report(found):
    n, seed, ply, state = found
    legal = state["legal"]
    nodes = legal["nodes"]
    maps = sum(size(x.get("next", {})) + size(x.get("not", [])) + (size(x["like"]) if "like" in x else 0)
               for x in nodes)
    print(f"largest state: {n} bytes (seed {seed}, ply {ply}), {len(turns(legal))} legal turns")
    print(f"fen: {state['fen']}")
    print(f"legal: {size(legal)} bytes, {len(nodes)} nodes, {sum('like' in x for x in nodes)} maps told by `like`")
    print(f"  frames {sum(size(x['frame']) for x in nodes if 'frame' in x)}, maps of clicks {maps}, "
          f"parts {sum(size(x['part']) for x in nodes if 'part' in x)}")
    for key in ("board", "moves", "fen"):
        print(f"{key}: {size(state.get(key))} bytes")


def main():
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    proc, port = start_server()
    try:
        ws, _, _ = connect(port)
        report(worst_state(ws, games, plies))
        ws.close()
    finally:
        stop_server(proc)


main()
