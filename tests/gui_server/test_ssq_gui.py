#!/usr/bin/env python3
"""Pickle's Link and Shifted Square's Shift in `rulezero gui` (issue 31):
both variants offer their setting (a string, default e4=x5); a new Pickle
game with Link=d8=z1 draws z1 beside the board with the link marked on d8
and z1 and lets the Rook h1 take the Queen through z1; a Shifted game with
Shift=d5=x8 leaves d5 out and draws x8; the PGN keeps the setting in
`[VariantOptions ...]` and `rulezero pgn-check` replays it; malformed values
are refused naming the setting, the game in force unchanged.
Usage: test_ssq_gui.py RULEZERO"""
import os

from guitest import api_state, check, connect, finish, start_server, stop_server
from test_notation import new_game, pgn_check, play


def cells(state):
    return {c for area in state["board"]["areas"] for row in area["rows"] for c in row if c}


def test_offered(setup):
    for variant, name in (("pickle", "Link"), ("shifted-square", "Shift")):
        v = [x for x in setup["variants"] if x["id"] == variant]
        check(len(v) == 1, f"{variant} is offered")
        options = {o["name"]: o for o in v[0].get("options", [])}
        o = options.get(name, {})
        check((o.get("type"), o.get("default")) == ("string", "e4=x5"), f"{variant} offers {name}: {v[0].get('options')}")


def test_pickle(ws, port):
    state = new_game(ws, "pickle", options={"Link": "d8=z1"})
    check("z1" in cells(state) and "x5" not in cells(state), f"Link=d8=z1: the board's cells {sorted(cells(state))}")
    links = state["board"].get("links", [])
    check([(l["a"], l["b"]) for l in links] == [("d8", "z1")], f"the link d8=z1 is marked: {links}")
    check(any(p["square"] == "z1" and p["letter"] == "Q" for p in state["board"]["pieces"]),
          "the Black Queen on d8 is drawn on z1 too")
    state = play(ws, "h1d8")
    pgn, path = pgn_check(port, "Pickle with Link=d8=z1")
    check('[VariantOptions "Link=d8=z1"]' in pgn, f"the PGN names the setting:\n{pgn}")
    os.unlink(path)


def test_shifted(ws, port):
    state = new_game(ws, "shifted-square", options={"Shift": "d5=x8"})
    check("x8" in cells(state) and "d5" not in cells(state), f"Shift=d5=x8: the board's cells {sorted(cells(state))}")
    play(ws, "a2a4")
    play(ws, "b7b6")
    play(ws, "a1a3")
    pgn, path = pgn_check(port, "Shifted Square with Shift=d5=x8")
    check('[VariantOptions "Shift=d5=x8"]' in pgn, f"the PGN names the setting:\n{pgn}")
    os.unlink(path)


def test_bad_values(ws, port):
    before = api_state(port)
    for variant, name in (("pickle", "Link"), ("shifted-square", "Shift")):
        for bad in ("e4=e5", "z9=x5", "e4", 7):
            ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "human",
                     "options": {name: bad}})
            message = ws.recv_type("error").get("message", "")
            check(message.startswith("bad setting") and name in message and "x1 to x8" in message,
                  f"{name}={bad!r}: refused naming the setting and its values: {message!r}")
            after = api_state(port)
            check((before["fen"], before["ply"], before["variant"]) == (after["fen"], after["ply"], after["variant"]),
                  f"{name}={bad!r} changed the game")


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        test_offered(setup)
        test_pickle(ws, port)
        test_shifted(ws, port)
        test_bad_values(ws, port)
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
