"""Partial-Information Single Shifted Square Chess on the games server with an
engine at a seat (docs/rules/partial-shifted-square.md, "On the games
server"). A built-in player and a UCI engine are refused with a message that
says why. A person's seat plays Rule Zero (engine:0, depth 1) to the end of
the game under --hidden-seed; a person's seat plays a scripted CECP engine
that tries a1a1 first each time (always refused) for a few turns. The
server's --debug log (the engines' traffic) gives each turn an engine tried
and each `Illegal move (no such turn): M` it was told: every refused turn is
illegal, every accepted one legal, under the shift the PGN gives at the end.
The engine is told `Shift=hidden`, never the shift; the person's page hears
nothing of the engine's refusals (no error, no thinking line)."""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from guitest import RZ, check, finish
from hiddenshift import legal_under, person_turn
from seatpages import Page, create, follow

TMP = tempfile.mkdtemp(prefix="rz-hidden-engine-")
FAKE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fake_cecp.py")
FAKE_CECP = f"{sys.executable} {FAKE} --rz {RZ} --variant shifted-square --mode hidden --cecp-only"
FAKE_UCI = f"{sys.executable} {FAKE} --rz {RZ} --variant shifted-square --uci"
MAX_PLIES = 600
LOG = os.path.join(TMP, "server.log")


def start():
    """The games server with both fakes listed (engine:1 CECP, engine:2 UCI); its stderr (--debug) to LOG."""
    err = open(LOG, "w")
    proc = subprocess.Popen([RZ, "gui", "--port", "0", "--db", os.path.join(TMP, "games.sqlite"),
                             "--hidden-seed", "9", "--debug", "--engine", FAKE_CECP, "--engine", FAKE_UCI],
                            stdout=subprocess.PIPE, stderr=err, text=True)
    err.close()
    url = proc.stdout.readline().strip()
    check(url.startswith("http://127.0.0.1:"), f"the server prints its address: {url!r}")
    return proc, int(url.rsplit(":", 1)[1].rstrip("/"))


def game_with(port, black):
    return create(port, variant="shifted-square", side="white", options={"Shift": "hidden"}, black=black,
                  tc={"kind": "depth", "depth": 1})


def engine_tries(label):
    """From the log, the engine's tries in order: (the engine's accepted turns before it, turn, refused)."""
    tries = []
    accepted = 0
    with open(LOG, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith(f"{label} > move "):
                if tries and tries[-1][2] is None:
                    tries[-1] = (tries[-1][0], tries[-1][1], False)
                    accepted += 1
                tries.append((accepted, line.split()[-1], None))
            elif line.startswith(f"{label} < Illegal move (no such turn): "):
                check(tries and tries[-1][1] == line.split()[-1] and tries[-1][2] is None,
                      f"a refusal follows the engine's own try: {line}")
                tries[-1] = (tries[-1][0], tries[-1][1], True)
            elif line.startswith(f"{label} < ") and tries and tries[-1][2] is None:
                tries[-1] = (tries[-1][0], tries[-1][1], False)  # the next thing it hears: its turn stood
                accepted += 1
    return [(n, turn, bool(refused)) for n, turn, refused in tries]


def label_of(myname):
    """The log's name for the engine that calls itself myname (its command line, cut short)."""
    with open(LOG, errors="replace") as f:
        for line in f:
            m = re.match(r'(.*) > feature .*myname="%s"' % myname, line)
            if m:
                return m.group(1)
    check(False, f"the log names the engine {myname}")
    return myname


def told_options(label):
    with open(LOG, errors="replace") as f:
        return [line.strip() for line in f if line.startswith(f"{label} < option ")]


def play(port, black, max_plies, rng):
    """A person (White, random tries, captures first) against `black`: (the fens by ply, the end state, the PGN)."""
    made = game_with(port, black)
    check(made.get("type") == "created", f"a hidden game against {black} is created: {made}")
    if made.get("type") != "created":
        return {}, {"result": None}, ""
    game = made["game"]
    page = Page(port, game, follow(port, made["creator_link"])[1])
    page.ws.sock.settimeout(300)
    state = page.state
    fens = {0: state["fen"]}
    while state["ply"] < max_plies and not state["result"]:
        if state["side"] == "white":
            played = person_turn(page, state, rng)
            if played is None:
                break
            state = played
        else:
            m = page.ws.recv()
            text = json.dumps(m)
            check(m["type"] != "error" and "no such turn" not in text and "Illegal" not in text,
                  f"the person hears nothing of the engine's refusals: {text[:300]}")
            if m["type"] == "state":
                check(m["thinking"] is None or m["result"], f"no thinking line while hidden: {m['thinking']}")
                state = m
        fens.setdefault(state["ply"], state["fen"])
    if not state["result"]:
        page.send({"type": "resign"})
        while not ((m := page.ws.recv())["type"] == "state" and m["result"]):
            pass
        state = m
    page.send({"type": "pgn"})
    pgn = page.ws.recv_type("pgn")["text"]
    return fens, state, pgn


def check_tries(label, fens, shift, what):
    tries = engine_tries(label)
    refused = [t for t in tries if t[2]]
    print(f"{what}: {len(tries)} tries, {len(refused)} refused", flush=True)
    checked = 0
    for n, turn, was_refused in tries:
        fen = fens.get(2 * n + 1)  # the engine is Black: its n-th turn is tried after 2n + 1 plies
        if fen is None:
            continue
        legal = legal_under(shift, fen)
        check((turn in legal) != was_refused,
              f"{what}: '{turn}' after {2 * n + 1} plies {'refused' if was_refused else 'played'} as Shift={shift} has it")
        checked += 1
    check(checked >= len(refused) and checked > 0, f"{what}: every refused try checked ({checked} checked)")
    return refused


proc, port = start()
try:
    # ---- Players that cannot hold a seat ---------------------------------------------------
    for black, words in (("builtin:greedy", "built-in player"), ("engine:2", "UCI")):
        m = game_with(port, black)
        check(m.get("type") == "error" and words in m.get("message", ""),
              f"{black} refused in a hidden game, saying why: {m}")

    # ---- A person against Rule Zero, to the end ----------------------------------------------
    fens, final, pgn = play(port, "engine:0", MAX_PLIES, random.Random(45))
    check(final["result"] is not None, f"the game against Rule Zero ends: {final['result']}")
    shift = re.search(r"Shift=([a-h][1-8]=[xz][1-8])", pgn)
    check(shift is not None, f"the PGN at the end gives the shift: {pgn[:300]}")
    options = told_options("Rule Zero")
    check(any(o.endswith("< option Shift=hidden") for o in options) and not any(re.search(r"Shift=[a-h][1-8]", o) for o in options),
          f"Rule Zero is told Shift=hidden, not the shift: {options}")
    if shift:
        check_tries("Rule Zero", fens, shift.group(1), "Rule Zero")

    # ---- A person against a scripted CECP engine: a1a1 refused at each of its turns -----------
    fens, final, pgn = play(port, "engine:1", 8, random.Random(46))
    check(final["result"] is not None and "illegal" not in (final["result"] or ""), f"the game ends: {final['result']}")
    shift = re.search(r"Shift=([a-h][1-8]=[xz][1-8])", pgn)
    check(shift is not None, f"the PGN at the end gives the shift: {pgn[:300]}")
    if shift:
        refused = check_tries(label_of("Fake hidden"), fens, shift.group(1), "the CECP engine")
        check(sum(1 for t in refused if t[1] == "a1a1") >= 4, f"a1a1 refused at each of its turns: {refused}")
finally:
    proc.terminate()
    try:
        code = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "hung"
check(code == 0, f"the server stops cleanly ({code})")
shutil.rmtree(TMP, ignore_errors=True)
finish()
