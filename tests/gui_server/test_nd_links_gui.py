#!/usr/bin/env python3
"""Nick Danger's Links setting in `rulezero gui` (issue 31): the variant
offers it (spin 1 to 32, default 8), a new game with Links=1 enters the
Twinkle phase after Black's first link, the panel counts "1 of 1", the PGN
keeps `[VariantOptions "Links=1; LinkSquares=same-rank; AfterLinking=twinkle"]` and `rulezero pgn-check` replays it; a
malformed value (0, 33, many) is refused naming the setting, the game in
force unchanged.
Usage: test_nd_links_gui.py RULEZERO"""
import os

from guitest import api_state, check, connect, finish, start_server, stop_server
from test_notation import new_game, pgn_check, play


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
    links = options.get("Links", {})
    check((links.get("type"), links.get("default"), links.get("min"), links.get("max"), links.get("choices")) ==
          ("spin", "8", 1, 32, None), f"nickdanger offers Links, spin 8 from 1 to 32: {nd[0].get('options')}")


def test_links_one(ws, port):
    state = new_game(ws, "nickdanger", options={"Links": 1})
    play(ws, "e2e4")
    state = play(ws, "e7e5,a3i3")
    phase = panel_items(state, "Phase")
    check([i["text"] for i in phase if i["current"]] == ["Twinkle"], f"Links=1: one link starts the Twinkle phase: {phase}")
    check([i["text"] for i in panel_items(state, "Links")] == ["1 of 1"], f"the panel counts 1 of 1: {state['board']['panels']}")
    pgn, path = pgn_check(port, "Nick Danger with Links=1")
    check('[VariantOptions "Links=1; LinkSquares=same-rank; AfterLinking=twinkle"]' in pgn, f"the PGN names the setting:\n{pgn}")
    os.unlink(path)


def test_bad_values(ws, port):
    before = api_state(port)
    for bad in (0, 33, "many"):
        ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human",
                 "options": {"Links": bad}})
        answer = ws.recv_type("error")
        message = answer.get("message", "")
        check(message.startswith("bad setting") and "Links" in message and "1 to 32" in message,
              f"Links={bad!r}: refused naming the setting and its values: {message!r}")
        after = api_state(port)
        check((before["fen"], before["ply"], before["variant"]) == (after["fen"], after["ply"], after["variant"]),
              f"Links={bad!r} changed the game")


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        test_offered(setup)
        test_links_one(ws, port)
        test_bad_values(ws, port)
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
