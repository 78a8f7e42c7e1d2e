#!/usr/bin/env python3
"""Games written only as game files (tests/gamefiles/, docs/gamefiles.md) in
`rulezero gui`: the games of `--variants FILE` are listed in `setup` (the
new-game dialog's list) with their rules card and play against engine:0
and between two people (nickdanger-4x4: links by quadrant); a file a page opens (`game_file`, its name and
text) is answered with its games and a new `setup`, or refused with the
CLI's `NAME:LINE: FIELD: ...`; its games play too, engine:0 against
engine:0 (which reads the server's copy with --variants).
Usage: test_gamefiles_gui.py RULEZERO"""
import os
import socket
import time

from guitest import check, connect, finish, start_server, stop_server
from test_notation import play

FILES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gamefiles")


def until(ws, done, what, seconds=180):
    """Messages until done(msg); an error, or nothing within a generous
    deadline (engines move at depth 1), fails."""
    deadline = time.monotonic() + seconds
    try:
        while True:
            msg = ws.recv(deadline)
            if msg.get("type") == "error":
                check(False, f"{what}: {msg}")
                return None
            if done(msg):
                return msg
    except socket.timeout:
        check(False, f"{what}: nothing within {seconds} s")
        return None


def until_ply(ws, ply, what):
    return until(ws, lambda m: m.get("type") == "state" and len(m.get("moves", [])) >= ply, what)


def new_game(ws, variant, **extra):
    ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "human", **extra})
    state = until(ws, lambda m: m.get("type") == "state" and m.get("variant") == variant and not m.get("moves"),
                  f"a new game of {variant}")
    if state is None:
        raise SystemExit(finish())
    return state


def test_listed(setup):
    games = {v["id"]: v for v in setup["variants"]}
    for game, word in (("camel-chess", "Camel"), ("pickle-d5", "Pickle"), ("nickdanger-4x4", "4x4 second board")):
        check(game in games, f"{game} is listed: {sorted(games)}")
        check(word in games.get(game, {}).get("rules_card", ""), f"{game}'s rules card: {games.get(game)}")
    link = {o["name"]: o for o in games.get("pickle-d5", {}).get("options", [])}.get("Link", {})
    check(link.get("default") == "d5=z4", f"pickle-d5's Link is its file's: {link}")


def test_engine(ws):
    state = new_game(ws, "camel-chess", black="engine:0", tc={"kind": "depth", "depth": 1})
    check(state.get("variant") == "camel-chess", f"a camel-chess game: {state.get('variant')}")
    play(ws, "b1c4")  # the Camel's (1,3) leap
    state = until_ply(ws, 2, "engine:0 answers in camel-chess")
    check(state is not None and state["players"]["black"]["id"] == "engine:0", "engine:0 answered")


def test_people(ws):
    new_game(ws, "pickle-d5")
    for turn in ("e2e4", "d7d5", "e4d5"):
        play(ws, turn)
    new_game(ws, "polypiece-waffle")
    for turn in ("b1c3", "b8d6"):  # a Knight's leap; then Black's Knight is a Waffle (WA): b8-d6
        play(ws, turn)
    # dialectic-swapped: the Philosopher leaps as a Dabbaba (Thesis 20), the Antithesis moves to 21
    # (captures as a Knight), and the dialectic is the file's game's.
    state = new_game(ws, "dialectic-swapped")
    for turn in ("c1c3", "A@21", "e2e4"):
        state = play(ws, turn)
    areas = [a.get("id") for a in state.get("board", {}).get("areas", [])]
    check("dialectic" in areas, f"dialectic-swapped shows the dialectic: {areas}")
    # nickdanger-4x4: links to the 4x4 board by quadrant (d8 with i3), a Knight linked onto board 1
    # leaping on there; a link a board-0 square cannot make (a3 with k1: another quadrant) is refused.
    state = new_game(ws, "nickdanger-4x4")
    titles = [a.get("title") for a in state.get("board", {}).get("areas", [])]
    check(titles == ["Board a-h", "Board i-l"], f"nickdanger-4x4's boards are named by their own files: {titles}")
    for turn in ("e2e4", "b8c6,d8i3"):
        state = play(ws, turn)
    ws.send({"type": "turn", "text": "g1f3,a3k1"})
    msg = ws.recv()
    while msg.get("type") not in ("state", "error"):
        msg = ws.recv()
    check(msg == {"type": "error", "message": 'illegal turn: "g1f3,a3k1"'}, f"a3k1 (another quadrant) is refused: {msg}")
    for turn in ("g1f3,f3l2", "c6d4,a3i1", "l2j3,a5j3"):  # the Knight's f3 linked with l2; it leaps on board 1
        state = play(ws, turn)
    check(len(state.get("moves", [])) == 5, f"nickdanger-4x4: five turns: {state.get('moves')}")


def test_page_file(ws):
    ws.send({"type": "game_file", "name": "bad.ini", "text": "[bad]\nfamily = chess\nname = Bad\nboard = 9x9\n"})
    answer = ws.recv_type("game_file")
    check(answer.get("ok") is False and answer.get("error", "").startswith("bad.ini:4: board: '9x9' (allowed: "),
          f"a bad file is refused as the CLI says it: {answer}")
    with open(os.path.join(FILES, "shifted-d4.ini")) as f:
        text = f.read()
    ws.send({"type": "game_file", "name": "shifted-d4.ini", "text": text})
    answer = ws.recv_type("game_file")
    check(answer.get("ok") is True and answer.get("games") == ["shifted-d4"], f"the page's file is read: {answer}")
    setup = ws.recv_type("setup")
    check(any(v["id"] == "shifted-d4" for v in setup["variants"]), "the new setup lists shifted-d4")
    ws.send({"type": "game_file", "name": "shifted-d4.ini", "text": text})  # a reload sends it again
    answer = ws.recv_type("game_file")
    check(answer.get("ok") is True and answer.get("games") == ["shifted-d4"], f"the same file again: {answer}")
    new_game(ws, "shifted-d4", white="engine:0", black="engine:0", tc={"kind": "depth", "depth": 1})
    state = until_ply(ws, 4, "engine:0 plays shifted-d4 from the page's file")
    check(state is not None and state["variant"] == "shifted-d4", "four turns of shifted-d4 by engine:0")


def main():
    proc, port = start_server("--variants", os.path.join(FILES, "chess-camel.ini"),
                              "--variants", os.path.join(FILES, "pickle-d5.ini"),
                              "--variants", os.path.join(FILES, "polypiece-waffle.ini"),
                              "--variants", os.path.join(FILES, "dialectic-swapped.ini"),
                              "--variants", os.path.join(FILES, "nickdanger-4x4.ini"))
    try:
        ws, setup, _ = connect(port)
        test_listed(setup)
        test_engine(ws)
        test_people(ws)
        test_page_file(ws)
        ws.close()
    finally:
        code, err = stop_server(proc)
        check(code == 0, f"the server stopped cleanly: {code} {err[-2000:]}")
    finish()


if __name__ == "__main__":
    main()
