#!/usr/bin/env python3
"""Server side of the GUI's speed: for each variant, the time from sending a
person's turn to receiving the next `state` (refereeing, legal turns with
their clicks, JSON) and that message's size, over the first turns of a game
between two people (each turn drawn from the legal ones sorted by text, so
that two builds play the same games); then what a page receives in three
seconds of a running clock in Nick Danger. The browser's own times are the
page's tests'. Reads the legal turns as a list (before issue 28) or a tree.
Usage: measure_state.py RULEZERO [TURNS]"""
import json
import random
import socket
import statistics
import sys
import time

from guitest import connect, start_server, stop_server
from legaltree import turns


def turn_list(legal):
    return sorted(legal if isinstance(legal, list) else turns(legal), key=lambda t: t["text"])


def size(msg):
    return len(json.dumps(msg, separators=(",", ":")))


def play(ws, variant, turns_wanted, rng):
    ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "human",
             "tc": {"kind": "clock", "base_ms": 300000, "inc_ms": 0}})
    state = ws.recv_type("state")
    listed = turn_list(state["legal"])
    times, sizes, counts = [], [], []
    for _ in range(turns_wanted):
        if not listed:
            break
        text = rng.choice(listed)["text"]
        start = time.perf_counter()
        ws.send({"type": "turn", "text": text})
        while True:
            msg = ws.recv()
            if msg.get("type") == "state" and msg["ply"] == state["ply"] + 1:
                break
        times.append(1000 * (time.perf_counter() - start))
        sizes.append(size(msg) / 1024)
        listed = turn_list(msg["legal"])
        counts.append(len(listed))
        state = msg
    print(f"| {variant} | {len(times)} | {statistics.median(times):.1f} | {max(times):.1f} | "
          f"{statistics.median(counts):.0f} | {max(sizes):.0f} |", flush=True)


def ticks(ws, seconds):
    """What arrives while a person's clock runs: (type, bytes) of each message."""
    ws.sock.settimeout(0.5)
    got, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            msg = ws.recv()
        except (socket.timeout, TimeoutError):
            continue
        got.append((msg.get("type"), size(msg)))
    ws.sock.settimeout(30)
    return got


def main():
    turns_wanted = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    proc, port = start_server()
    ws, setup, _ = connect(port)
    variants = [v["id"] for v in setup["variants"]]
    rng = random.Random(1)
    print("| variant | turns | median ms | max ms | median legal turns | max state KiB |")
    print("|---------|------:|----------:|-------:|-------------------:|--------------:|")
    for v in variants:
        play(ws, v, turns_wanted, rng)
    got = ticks(ws, 3.2)
    print(f"\nNick Danger, 3.2 s of a running clock: {len(got)} messages, "
          f"{', '.join(f'{t} {n} B' for t, n in got)}")
    ws.close()
    stop_server(proc)


main()
