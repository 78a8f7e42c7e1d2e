#!/usr/bin/env python3
"""Server side of the GUI's speed: for each variant, the time from sending a
person's turn to receiving the next `state` (refereeing, legal turns with
their clicks, JSON) and that message's size, over the first turns of a game
between two people. The browser's own times are the page's tests'.
Usage: measure_state.py RULEZERO [TURNS]"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wsclient import WebSocket  # noqa: E402

rz, turns = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 12
proc = subprocess.Popen([rz, "gui", "--port", "0"], stdout=subprocess.PIPE, text=True)
port = int(proc.stdout.readline().strip().rsplit(":", 1)[1].rstrip("/"))
ws = WebSocket("127.0.0.1", port)
ws.send({"type": "hello"})
variants = [v["id"] for v in ws.recv_type("setup")["variants"]]
rng = random.Random(1)
print("| variant | turns | median ms | max ms | median legal turns | max state KiB |")
print("|---------|------:|----------:|-------:|-------------------:|--------------:|")
for v in variants:
    ws.send({"type": "new_game", "variant": v, "white": "human", "black": "human"})
    state = ws.recv_type("state")
    times, sizes, counts = [], [], []
    for _ in range(turns):
        if not state["legal"]:
            break
        text = rng.choice(state["legal"])["text"]
        start = time.perf_counter()
        ws.send({"type": "turn", "text": text})
        while True:
            msg = ws.recv()
            if msg.get("type") == "state" and msg["ply"] == state["ply"] + 1:
                break
        times.append(1000 * (time.perf_counter() - start))
        sizes.append(len(json.dumps(msg, separators=(",", ":"))) / 1024)
        counts.append(len(msg["legal"]))
        state = msg
    print(f"| {v} | {len(times)} | {statistics.median(times):.1f} | {max(times):.1f} | "
          f"{statistics.median(counts):.0f} | {max(sizes):.0f} |")
ws.close()
proc.terminate()
proc.wait()
