#!/usr/bin/env python3
"""state.game_number changes when a game starts (new_game, load_fen) and only
then: a refused request, a turn, an undo leave it; the page matches its
pending new_game or load_fen to it (docs/gui-protocol.md).
Usage: test_game_number.py RULEZERO"""
from guitest import check, connect, finish, start_server, stop_server

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def answer(ws, msg):
    """The first error or state after msg (depth limits: no clock ticks)."""
    ws.send(msg)
    while True:
        m = ws.recv()
        if m.get("type") in ("error", "state"):
            return m


def new_game(**kw):
    msg = {"type": "new_game", "variant": "normal", "white": "human", "black": "human",
           "tc": {"kind": "depth", "depth": 1}, "fen": ""}
    msg.update(kw)
    return msg


def main():
    proc, port = start_server()
    try:
        ws, _, first = connect(port)
        n = first.get("game_number")
        check(isinstance(n, int), f"state.game_number is a number: {n!r}")
        s = answer(ws, new_game())
        check(s["type"] == "state" and s["game_number"] != n, "a new game of the same settings has a new game_number")
        n = s["game_number"]
        for bad, what in ((new_game(fen="not a fen"), "a bad FEN"),
                          (new_game(variant="polypiece", options={"Powers": "X:WD"}), "bad Powers"),
                          (new_game(tc={"kind": "clock", "base_ms": 0, "inc_ms": 0}), "a 0+0 clock"),
                          ({"type": "load_fen", "fen": "8/8/8 w"}, "a bad load_fen")):
            a = answer(ws, bad)
            check(a["type"] == "error", f"{what} is refused: {a.get('message', a['type'])}")
        s = answer(ws, {"type": "turn", "text": "e2e4"})
        check(s["type"] == "state" and s["game_number"] == n and s["ply"] == 1, "a turn keeps game_number")
        s = answer(ws, {"type": "undo"})
        check(s["type"] == "state" and s["game_number"] == n, "undo keeps game_number")
        s = answer(ws, {"type": "load_fen", "fen": START})
        check(s["type"] == "state" and s["game_number"] != n, "load_fen starts a game with a new game_number")
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
