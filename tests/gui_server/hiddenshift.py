"""What the tests of Partial-Information SSQ on the games server share
(test_hidden_shift.py, test_hidden_shift_engine.py, test_hidden_move_now.py): a
person's tries in the order they are sent, a person's turn tried so, and the
turns legal under a shift once it is told."""
import subprocess

from guitest import RZ, check
from legaltree import turns


def tries_in_order(state, rng, ply):
    """The turns the page offers, shuffled, captures first (the pieces on the
    target), so that a random game ends sooner."""
    options = [t["text"] for t in turns(state["legal"])]
    check(options, f"ply {ply}: the mover is offered tries")
    rng.shuffle(options)
    occupied = {p["square"] for p in state["board"]["pieces"]}
    options.sort(key=lambda t: t[2:4] not in occupied)
    return options


def legal_under(shift, fen):
    out = subprocess.run([RZ, "moves", "-v", "shifted-square", "-o", f"Shift={shift}", "--fen", fen],
                         capture_output=True, text=True, timeout=120)
    check(out.returncode == 0, f"rulezero moves under Shift={shift}: {out.stderr[-300:]}")
    return {line.split()[0] for line in out.stdout.splitlines() if line.strip()}


def person_turn(page, state, rng):
    """A person's turn tried on a seat's page (seatpages.Page), as tries_in_order
    orders them, each refusal "no such turn": the state after the one played, or None."""
    ply = state["ply"]
    for text in tries_in_order(state, rng, ply):
        page.send({"type": "turn", "text": text})
        while True:
            m = page.ws.recv()
            if m["type"] == "error":
                check(m["message"].startswith("no such turn"), f"the person's refusal: {m}")
                break
            if m["type"] == "state" and m["ply"] == ply + 1:
                return m
    check(False, f"ply {ply}: some try of the person is played")
    return None
