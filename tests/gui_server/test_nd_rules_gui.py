#!/usr/bin/env python3
"""Nick Danger's LinkSquares and AfterLinking settings in `rulezero gui`
(issue 31): the variant offers them as combos with their values (the page
draws a select from the choices), a new game with Links=1, LinkSquares=any
and AfterLinking=remove accepts a link off the rank, enters the removing
phase after Black's first link, and makes White break it; the PGN keeps the
three settings and `rulezero pgn-check` replays it; an unknown or empty value
is refused naming the setting and its values, the game in force unchanged.
Usage: test_nd_rules_gui.py RULEZERO"""
import os

from guitest import api_state, check, connect, finish, start_server, stop_server
from test_notation import new_game, pgn_check, play

CHOICES = {"LinkSquares": ["same-rank", "same-square", "same-colour", "any", "same-quadrant"], "AfterLinking": ["twinkle", "remove"]}


def panel_items(state, row_name):
    for panel in state["board"]["panels"]:
        for row in panel["rows"]:
            if row["label"] == row_name:
                return row["items"]
    return []


def test_offered(setup):
    nd = [v for v in setup["variants"] if v["id"] == "nickdanger"]
    check(len(nd) == 1, "nickdanger is offered")
    options = {o["name"]: o for o in nd[0].get("options", [])}
    for name, values in CHOICES.items():
        o = options.get(name, {})
        check((o.get("type"), o.get("default"), o.get("choices")) == ("combo", values[0], values),
              f"nickdanger offers {name}, a combo of {values}: {o}")


def test_any_remove(ws, port):
    new_game(ws, "nickdanger", options={"Links": 1, "LinkSquares": "any", "AfterLinking": "remove"})
    play(ws, "e2e4")
    state = play(ws, "e7e5,a3p8")  # a link off the rank (a3 with p8)
    phase = panel_items(state, "Phase")
    check([(i["text"], i["current"]) for i in phase] == [("Linking", False), ("Removing", True)],
          f"one link of one starts the removing phase: {phase}")
    links = state["board"].get("links", [])
    check([(l["a"], l["b"]) for l in links] == [("a3", "p8")], f"the link a3=p8 is drawn: {links}")
    state = play(ws, "g1f3,xa3p8")  # White must break it; then linking again
    phase = panel_items(state, "Phase")
    check([i["text"] for i in phase if i["current"]] == ["Linking"], f"no link left: linking again: {phase}")
    pgn, path = pgn_check(port, "Nick Danger with links anywhere, removing")
    check('[VariantOptions "Links=1; LinkSquares=any; AfterLinking=remove"]' in pgn, f"the PGN names the settings:\n{pgn}")
    os.unlink(path)


def test_bad_values(ws, port):
    before = api_state(port)
    for name, values in CHOICES.items():
        for bad in ("", "anywhere", 3):
            ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human",
                     "options": {name: bad}})
            message = ws.recv_type("error").get("message", "")
            check(message.startswith("bad setting") and name in message and all(v in message for v in values),
                  f"{name}={bad!r}: refused naming the setting and its values: {message!r}")
            after = api_state(port)
            check((before["fen"], before["ply"], before["variant"]) == (after["fen"], after["ply"], after["variant"]),
                  f"{name}={bad!r} changed the game")


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        test_offered(setup)
        test_any_remove(ws, port)
        test_bad_values(ws, port)
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
