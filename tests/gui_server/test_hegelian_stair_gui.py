#!/usr/bin/env python3
"""Hegelian Dialectic's `Dialectic` setting in `rulezero gui` (issue 31): the
variant offers it (combo square / stair-step, default square), a new game on
the stair-step dialectic draws only its six cells (01, 02 and 12 left out),
starts with both tokens on 21, lets the Synthesis move at once, and its PGN
keeps `[VariantOptions "Dialectic=stair-step"]` for `rulezero pgn-check`; a
bad value is refused naming the setting and its values, the game in force
unchanged; the default game keeps all nine cells.
Usage: test_hegelian_stair_gui.py RULEZERO"""
import os

from guitest import api_state, check, connect, finish, start_server, stop_server
from legaltree import turns
from test_notation import new_game, pgn_check, play

REMOVED = {"d01", "d02", "d12"}
ALL = {f"d{x}{y}" for x in range(3) for y in range(3)}


def dialectic_cells(state):
    areas = [a for a in state["board"]["areas"] if a["id"] == "dialectic"]
    check(len(areas) == 1, f"one dialectic area: {[a['id'] for a in state['board']['areas']]}")
    return [c for row in areas[0]["rows"] for c in row]


def tokens(state):
    return sorted((t["token"], t["cell"]) for t in state["board"].get("tokens", []))


def test_offered(setup):
    heg = [v for v in setup["variants"] if v["id"] == "hegelian"]
    check(len(heg) == 1, "hegelian is offered")
    options = {o["name"]: o for o in heg[0].get("options", [])}
    d = options.get("Dialectic", {})
    check((d.get("type"), d.get("default"), d.get("choices")) == ("combo", "square", ["square", "stair-step"]),
          f"hegelian offers Dialectic, combo square / stair-step: {heg[0].get('options')}")
    plain = [v for v in setup["variants"] if v["id"] == "dialectic"]
    check(plain and not any(o["name"] == "Dialectic" for o in plain[0].get("options", [])),
          "plain dialectic does not offer Dialectic")


def test_square(ws):
    state = new_game(ws, "hegelian")
    cells = dialectic_cells(state)
    check(set(cells) == ALL and len(cells) == 9, f"the square dialectic has nine cells: {cells}")
    check(tokens(state) == [("A", "d21"), ("T", "d12")], f"tokens start on 12 and 21: {tokens(state)}")


def test_stair_step(ws, port):
    state = new_game(ws, "hegelian", options={"Dialectic": "stair-step"})
    cells = dialectic_cells(state)
    check(cells.count(None) == 3 and set(c for c in cells if c) == ALL - REMOVED,
          f"the stair-step dialectic: six cells, 01 02 12 left out: {cells}")
    areas = [a for a in state["board"]["areas"] if a["id"] == "dialectic"]
    check(areas[0]["rows"] == [[None, None, "d22"], [None, "d11", "d21"], ["d00", "d10", "d20"]],
          f"drawn with x to the right, y upward: {areas[0]['rows']}")
    check(tokens(state) == [("A", "d21"), ("T", "d21")], f"both tokens start on 21: {tokens(state)}")
    texts = {t["text"] for t in turns(state["legal"])}
    check({"S@11", "S@20", "S@22", "T@11", "A@22"} <= texts and not any(t[2:] in ("01", "02", "12") for t in texts
                                                                       if "@" in t),
          f"token turns stay on the stair: {sorted(t for t in texts if '@' in t)}")
    play(ws, "S@11")
    state = play(ws, "T@10")
    check(tokens(state) == [("A", "d11"), ("T", "d10")], f"after S@11 T@10: {tokens(state)}")
    pgn, path = pgn_check(port, "Hegelian with Dialectic=stair-step")
    check('[VariantOptions "Dialectic=stair-step"]' in pgn, f"the PGN names the setting:\n{pgn}")
    os.unlink(path)


def test_bad_values(ws, port):
    before = api_state(port)
    for bad in ("stairs", "", 3):
        ws.send({"type": "new_game", "variant": "hegelian", "white": "human", "black": "human",
                 "options": {"Dialectic": bad}})
        answer = ws.recv_type("error")
        message = answer.get("message", "")
        check(message.startswith("bad setting") and "Dialectic" in message and "stair-step" in message
              and "square" in message, f"Dialectic={bad!r}: refused naming the setting and its values: {message!r}")
        after = api_state(port)
        check((before["fen"], before["ply"], before["variant"]) == (after["fen"], after["ply"], after["variant"]),
              f"Dialectic={bad!r} changed the game")


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        test_offered(setup)
        test_square(ws)
        test_stair_step(ws, port)
        test_bad_values(ws, port)
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
