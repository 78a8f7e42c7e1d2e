#!/usr/bin/env python3
"""Readable moves in `rulezero gui`: state.moves[i].text is the readable
notation (SAN in orthodox chess and Polypiece) and .coord the coordinate
text; a turn may be sent in either; /game.pgn is written in the readable
notation, `rulezero pgn-check` replays it (a Polypiece game with its own
Powers too: issue 28, defect 4). Debian's pgn-extract reading the orthodox
PGN to the same moves is test_pgn_extract.py.
Usage: test_notation.py RULEZERO"""
import os
import subprocess
import tempfile

from guitest import RZ, check, connect, finish, http, start_server, stop_server
from legaltree import turns


def new_game(ws, variant, **extra):
    ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "human", **extra})
    return ws.recv_type("state")


def play(ws, text):
    ws.send({"type": "turn", "text": text})
    msg = ws.recv()
    while msg.get("type") not in ("state", "error"):
        msg = ws.recv()
    check(msg.get("type") == "state", f"turn {text!r} accepted: {msg}")
    return msg


def pgn_check(port, what):
    pgn = http(port, "/game.pgn")[2].decode()
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn)
    out = subprocess.run([RZ, "pgn-check", f.name], capture_output=True, text=True)
    check(out.returncode == 0, f"{what}: pgn-check accepts the GUI's PGN:\n{pgn}\n{out.stdout}{out.stderr}")
    return pgn, f.name


def test_custom_powers(ws, port):
    """Defect 4: the PGN keeps the game's Powers, so pgn-check can replay it."""
    powers = "K:K Q:Q,WAND R:R,NN B:B,R4 N:WD"
    state = new_game(ws, "polypiece", options={"Powers": powers})
    check(any(t["text"] == "b1b3" for t in turns(state["legal"])), "with N:WD the Knight on b1 leaps to b3")
    play(ws, "b1b3")   # illegal with the default powers
    play(ws, "Nb6")    # Black's WD Knight, typed in SAN
    state = play(ws, "e4")
    check([m["text"] for m in state["moves"]] == ["Nb3", "Nb6", "e4"], f"SAN move list: {state['moves']}")
    check([m.get("coord") for m in state["moves"]] == ["b1b3", "b8b6", "e2e4"], "coordinates kept in coord")
    pgn, path = pgn_check(port, "Polypiece with Powers N:WD")
    check(f'[VariantOptions "Powers={powers}"]' in pgn, f"the PGN names the Powers:\n{pgn}")
    os.unlink(path)


def test_orthodox_san(ws, port):
    new_game(ws, "normal")
    for text in ("e2e4", "e5", "Nf3", "b8c6", "Bc4", "Nf6", "O-O", "Be7", "d3", "O-O"):
        state = play(ws, text)
    texts = [m["text"] for m in state["moves"]]
    check(texts == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Be7", "d3", "O-O"], f"SAN list: {texts}")
    check(state["moves"][6].get("coord") == "e1g1", "castling's coordinates")
    pgn_check(port, "orthodox game with castling")


def legals_mate(ws, port):
    """Legal's mate in SAN: (the final state, the path of its PGN, to unlink)."""
    new_game(ws, "normal")
    for text in ("e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"):
        state = play(ws, text)
    texts = [m["text"] for m in state["moves"]]
    check(texts[-5:] == ["Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"], f"captures, check and mate: {texts}")
    pgn, path = pgn_check(port, "orthodox game ending in mate")
    check("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4" in pgn and "7. Nd5#" in pgn and pgn.rstrip().endswith("1-0"), f"SAN PGN:\n{pgn}")
    return state, path


def test_every_variant(ws, port, variants):
    for v in variants:
        state = new_game(ws, v)
        for _ in range(4):
            legal = turns(state["legal"])
            if not legal:
                break
            coord = legal[len(legal) // 3]["text"]
            before = len(state["moves"])
            state = play(ws, coord)
            if len(state["moves"]) <= before:
                break
            move = state["moves"][before]
            check(move.get("coord") == coord, f"{v}: coord of {coord}: {move}")
            check(move["text"] and move["text"] != coord or v in ("interdependent",) and "@" in coord,
                  f"{v}: {coord} has a readable text: {move}")
        # Every readable text is accepted as input too: replay the game from them.
        texts = [m["text"] for m in state["moves"]]
        new_game(ws, v)
        for text in texts:
            state = play(ws, text)
        check([m["text"] for m in state["moves"]] == texts, f"{v}: replayed from its readable texts {texts}")
        path = pgn_check(port, v)[1]
        os.unlink(path)


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        test_custom_powers(ws, port)
        test_orthodox_san(ws, port)
        os.unlink(legals_mate(ws, port)[1])
        test_every_variant(ws, port, [v["id"] for v in setup["variants"]])
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
