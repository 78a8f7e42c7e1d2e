"""Partial-Information Single Shifted Square Chess on the games server
(docs/rules/partial-shifted-square.md): a game of `shifted-square` created with
Shift=hidden between two seats. Until the end, no page learns the shift. The
first state (its board and the turns it offers) is the same on two servers
whose draws differ. The board has no hole and shows the x- and z-files whole.
A refused try gets "no such turn" on the mover's page alone: the position
stays, and the other page hears nothing of it. The game stays hidden across a
restart of the server. The two seats play random tries to the end of the game,
and then the PGN gives the shift. Every refused try is illegal, and every
played turn legal, under that shift (`rulezero moves`)."""
import json
import os
import random
import re
import shutil
import tempfile

from guitest import check, finish, start_server, stop_server
from hiddenshift import legal_under, tries_in_order
from seatpages import Page, create, follow

TMP = tempfile.mkdtemp(prefix="rz-hidden-")
MAX_PLIES = 600  # a random game ends long before (fifty-move rule, repetition, mate)


def new_game(port, **extra):
    made = create(port, variant="shifted-square", side="white", options={"Shift": "hidden"}, **extra)
    return made


def seats(port):
    made = new_game(port)
    check(made.get("type") == "created", f"a hidden game is created: {made}")
    game = made["game"]
    jars = (follow(port, made["creator_link"])[1], follow(port, made["links"]["black"])[1])
    return game, jars, Page(port, game, jars[0]), Page(port, game, jars[1])


def public(state):
    """What a state tells of the position (its volatile fields left out)."""
    return json.dumps({k: state.get(k) for k in ("board", "legal", "fen", "moves")}, sort_keys=True)


def check_hidden_view(state, what):
    text = json.dumps(state["board"])
    check("hidden until the end" in text, f"{what}: the panel says the shift is hidden")
    check("removed" not in text and "added" not in text, f"{what}: the board names no removed or added square")
    for name in ("x1", "x8", "z1", "z8", "e4", "d5"):
        check(f'"{name}"' in text, f"{what}: the board shows the cell {name}")


def refusal_then_state(mover, other, text, ply):
    """Sends a try: ("refused", message) or ("played", the mover's state)."""
    mover.send({"type": "turn", "text": text})
    while True:
        m = mover.ws.recv()
        if m["type"] == "error":
            return "refused", m["message"]
        if m["type"] == "state" and m["ply"] == ply + 1:
            return "played", m


def other_hears_nothing_but_the_turn(other, ply):
    """The other page's messages up to the state after the turn: no error, no refusal."""
    while True:
        m = other.ws.recv()
        check(m["type"] != "error" and "no such turn" not in json.dumps(m),
              f"the opponent hears nothing of a refusal: {m}")
        if m["type"] == "state" and m["ply"] == ply + 1:
            return m


# ---- Two servers with different draws show the same first state ------------------------
first = {}
for seed in (11, 12):
    proc, port = start_server("--db", os.path.join(TMP, f"s{seed}.sqlite"), "--hidden-seed", str(seed))
    game, _, white, black = seats(port)
    first[seed] = public(white.state)
    check_hidden_view(white.state, f"seed {seed}: the first state")
    check(public(black.state) == first[seed], f"seed {seed}: both seats see the same state")
    white.send({"type": "resign"})
    while not ((m := white.ws.recv())["type"] == "state" and m["result"]):
        pass
    white.send({"type": "pgn"})
    pgn = white.ws.recv_type("pgn")["text"]
    first[seed] = (first[seed], re.search(r"Shift=([a-h][1-8]=[xz][1-8])", pgn))
    check(first[seed][1] is not None, f"seed {seed}: the PGN at the end gives the shift: {pgn[:400]}")
    code, err = stop_server(proc)
    check(code == 0, f"seed {seed}: the server stops cleanly: {err[-300:]}")
check(first[11][0] == first[12][0], "the first state is the same whatever the draw")
check(first[11][1] and first[12][1] and first[11][1].group(1) != first[12][1].group(1),
      "the two seeds draw two shifts")

# ---- Refused as a game with a built-in player or a FEN (engines: test_hidden_shift_engine.py) -----------------------------------------
DB = os.path.join(TMP, "games.sqlite")
proc, port = start_server("--db", DB, "--hidden-seed", "5")
m = new_game(port, black="builtin:random")
check(m.get("type") == "error" and "built-in player" in m.get("message", ""),
      f"no built-in player in a hidden game (it would read the shift): {m}")
m = new_game(port, fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")
check(m.get("type") == "error" and "start position" in m.get("message", ""), f"no FEN in a hidden game: {m}")

# ---- A game to its end -------------------------------------------------------------------
game, jars, white, black = seats(port)
for msg in ({"type": "analyse"}, {"type": "save"}, {"type": "load_fen", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -"}):
    white.refused(msg, f"{msg['type']} while the shift is hidden")
pages = {"white": white, "black": black}
state = {"white": white.state, "black": black.state}
rng = random.Random(2026)
tries = []  # (fen, text, played)
restarted = False
ply = 0
while ply < MAX_PLIES:
    side = state["white"]["side"]
    mover, other = pages[side], pages["black" if side == "white" else "white"]
    s = state[side]
    if s["result"]:
        break
    options = tries_in_order(s, rng, ply)
    played = None
    for text in options:
        what, answer = refusal_then_state(mover, other, text, ply)
        tries.append((s["fen"], text, what == "played"))
        if what == "refused":
            check(answer.startswith("no such turn"), f"a refused try says 'no such turn': {answer}")
            continue
        played = answer
        break
    check(played is not None, f"ply {ply}: some try is played")
    if played is None:
        break
    state[side] = played
    state["black" if side == "white" else "white"] = other_hears_nothing_but_the_turn(other, ply)
    ply += 1
    if not played["result"]:
        if ply % 50 == 0:
            check_hidden_view(played, f"ply {ply}")
        check("+" not in played["moves"][-1]["text"], "turns are shown in coordinates while hidden")
    if ply == 20 and not restarted and not played["result"]:
        restarted = True
        code, err = stop_server(proc)
        check(code == 0, f"the server stops cleanly: {err[-300:]}")
        proc, port = start_server("--db", DB, "--hidden-seed", "5")
        white, black = (Page(port, game, jar) for jar in jars)
        pages = {"white": white, "black": black}
        state = {"white": white.state, "black": black.state}
        check(state["white"]["ply"] == 20, "the restarted server has the game's 20 turns")
        check_hidden_view(state["white"], "after a restart")

final = state["white"]
check(final["result"] is not None, f"the game ends (after {ply} turns): {final['result']}")
white.send({"type": "pgn"})
pgn = white.ws.recv_type("pgn")["text"]
shift = re.search(r"Shift=([a-h][1-8]=[xz][1-8])", pgn)
check(shift is not None, f"the PGN at the end gives the shift: {pgn[:300]}")
refused = [t for t in tries if not t[2]]
print(f"{ply} turns, {len(refused)} tries refused, {final['result']}, "
      f"Shift={shift.group(1) if shift else '?'}", flush=True)
check(refused, "some tries were refused")
if shift:
    text = json.dumps(final["board"])
    check("hidden until the end" not in text and "removed" in text, "the board at the end shows the shift")
    for fen, text_, played in tries[:40] + refused[:40]:
        legal = legal_under(shift.group(1), fen)
        check((text_ in legal) == played, f"'{text_}' in {fen}: {'played' if played else 'refused'} as "
              f"Shift={shift.group(1)} has it")
code, err = stop_server(proc)
check(code == 0, f"the server stops cleanly: {err[-300:]}")
shutil.rmtree(TMP, ignore_errors=True)
finish()
