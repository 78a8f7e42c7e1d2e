#!/usr/bin/env python3
"""`rulezero gui` as players expect it (issue 28, defects 2, 5, 6 and the
playing features): no clock runs before a side's first turn and the default
game is untimed; engines are offered only for the games they play; Nick
Danger's links keep their numbers; resign, draw offers (to people and
engines) and their results.
Usage: test_game_fixes.py RULEZERO"""
import os
import sys
import time

import guitest
from guitest import RZ, api_state, connect, finish, http, start_server, stop_server


def check(cond, what):
    """This test also prints what passed."""
    if guitest.check(cond, what):
        print("ok:", what, flush=True)


def http_text(port, path):
    return http(port, path)[2].decode()


def wait_state(ws, pred, seconds, what):
    """The first state that satisfies pred within `seconds`, else a failure (None)."""
    # recv's own deadline: the socket's timeout stays as it was for what follows.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = ws.recv(deadline)
        except (TimeoutError, OSError):
            break
        if msg.get("type") == "state" and pred(msg):
            return msg
    check(False, what)
    return None


def new_game(ws, **fields):
    ws.send({"type": "new_game", **fields})
    return ws.recv_type("state")


def turn(ws, text):
    ws.send({"type": "turn", "text": text})
    return wait_state(ws, lambda s: s["moves"] and s["moves"][-1].get("coord") == text, 10, f"{text} is played")


# ---- Defect 2: nobody loses on time before playing --------------------------------------

def test_clocks_start_with_the_first_turns(port):
    state = api_state(port)
    check(state["clocks"] is None, f"the default game has no clock: {state['clocks']}")
    check(not state["result"], "the default game is not over")
    ws, _, _ = connect(port)
    state = new_game(ws, variant="normal", white="human", black="human",
                     tc={"kind": "clock", "base_ms": 1000, "inc_ms": 0})
    check(state["clocks"]["running"] is None, f"no clock runs before the first turn: {state['clocks']}")
    time.sleep(2)
    state = api_state(port)
    check(state["result"] is None and state["clocks"]["white_ms"] == 1000,
          f"2 s before White's first turn lose nothing: {state['result']} {state['clocks']}")
    state = turn(ws, "e2e4")
    check(state and state["clocks"]["running"] is None, "Black's first turn is untimed too")
    time.sleep(1.5)
    check(api_state(port)["result"] is None, "Black does not lose on time before its first turn")
    turn(ws, "e7e5")
    state = wait_state(ws, lambda s: s["result"] is not None, 10, "after both first turns White's clock runs")
    if state:
        check(state["result"] == {"score": "0-1", "reason": "White loses on time"}, f"result {state['result']}")
        check(state["clocks"]["black_ms"] == 1000, "Black's untimed first turn cost nothing")
    # load_fen starts afresh: nothing runs until a turn is made.
    new_game(ws, variant="normal", white="human", black="human", tc={"kind": "clock", "base_ms": 1000, "inc_ms": 0})
    ws.send({"type": "load_fen", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})
    ws.recv_type("state")
    time.sleep(1.5)
    state = api_state(port)
    check(state["result"] is None and state["clocks"]["running"] is None, "a loaded FEN waits for its first turn")
    # A new game without `tc`, or with {kind: untimed}: no clock; the PGN says so.
    state = new_game(ws, variant="normal", white="human", black="human", tc={"kind": "untimed"})
    check(state["clocks"] is None, "an untimed new game has no clock")
    check('[TimeControl "-"]' in http_text(port, "/game.pgn"), "an untimed game's PGN has TimeControl -")
    ws.close()


# ---- Defect 5: engines only for the games they play ------------------------------------

STOCKFISH = "/usr/games/stockfish"


def players_known(ws, setup):
    """The players once every engine's probe has ended (a `players` message follows setup)."""
    players = setup["players"]
    deadline = time.time() + 30
    while any(p.get("status") == "starting" for p in players) and time.time() < deadline:
        ws.sock.settimeout(max(0.1, deadline - time.time()))
        msg = ws.recv()
        if msg.get("type") == "players":
            players = msg["players"]
    return {p["id"]: p for p in players}


def test_engines_offered_for_their_games():
    """With Debian's Stockfish (run by test_with_stockfish.py)."""
    proc, port = start_server("--engine", STOCKFISH, "--engine", "false")
    try:
        ws, setup, _ = connect(port)
        players = players_known(ws, setup)
        every = sorted(v["id"] for v in setup["variants"])
        sf, broken = players.get("engine:1", {}), players.get("engine:2", {})
        check(sf.get("status") == "ready" and sf.get("variants") == ["normal"],
              f"setup: Stockfish plays orthodox chess only: {sf}")
        check("Stockfish" in sf.get("name", ""), f"the probe learnt the engine's name: {sf.get('name')}")
        check(broken.get("status") == "failed" and broken.get("variants") == [] and broken.get("error"),
              f"an engine that does not start is marked so: {broken}")
        for pid in ("human", "engine:0", "builtin:random", "builtin:greedy"):
            check(sorted(players[pid]["variants"]) == every, f"{pid} plays every game")
        before = api_state(port)
        ws.send({"type": "new_game", "variant": "dialectic", "white": "human", "black": "engine:1"})
        answer = ws.recv_type("error")
        check(answer["message"].startswith("engine cannot play this game") and "Dialectic" in answer["message"],
              f"Dialectic against Stockfish is refused: {answer['message']}")
        after = api_state(port)
        check((before["variant"], before["fen"], before["players"]) == (after["variant"], after["fen"],
                                                                        after["players"]),
              "the refused game leaves the game as it was")
        ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "engine:2"})
        answer = ws.recv_type("error")
        check("could not start" in answer["message"], f"a game with a broken engine is refused: {answer['message']}")
        state = new_game(ws, variant="normal", white="human", black="engine:1", tc={"kind": "depth", "depth": 4})
        check(state["variant"] == "normal" and state["players"]["black"]["id"] == "engine:1",
              "orthodox chess against Stockfish starts")
        turn(ws, "e2e4")
        state = wait_state(ws, lambda s: s["ply"] == 2, 30, "Stockfish answers")
        check(state and not state["paused"], "and the game goes on")
        ws.send({"type": "offer_draw"})
        state = wait_state(ws, lambda s: s["note"], 10, "a draw offer to a UCI engine is answered")
        check(state and "cannot answer a draw offer" in state["note"] and state["draw_offer"] is None,
              f"UCI has no draw offers: declined with a note ({state and state['note']})")
        ws.close()
    finally:
        stop_server(proc)


# ---- Resign, draw offers ----------------------------------------------------------------

def expect_error(ws, msg, starts):
    ws.send(msg)
    answer = ws.recv_type("error")
    check(answer["message"].startswith(starts), f"{msg}: error '{answer['message']}' should start '{starts}'")


def send_wait(ws, msg, pred, what, seconds=10):
    ws.send(msg)
    return wait_state(ws, pred, seconds, what)


def test_resign_and_draws_between_people(port):
    ws, _, _ = connect(port)
    people = {"variant": "normal", "white": "human", "black": "human"}
    new_game(ws, **people)
    expect_error(ws, {"type": "accept_draw"}, "no draw offer to answer")
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["draw_offer"], "White offers a draw")
    check(state and state["draw_offer"] == "white" and state["note"] == "White offers a draw", "the offer is shown")
    expect_error(ws, {"type": "accept_draw", "color": "white"}, "no draw offer to answer")
    state = send_wait(ws, {"type": "accept_draw"}, lambda s: s["result"], "Black accepts")
    check(state and state["result"] == {"score": "1/2-1/2", "reason": "Draw by agreement"}, "drawn by agreement")
    pgn = http_text(port, "/game.pgn")
    check('[Result "1/2-1/2"]' in pgn and "Draw by agreement" in pgn, "the PGN has the agreed draw")
    # An offer made with a turn stands until the opponent plays on.
    new_game(ws, **people)
    send_wait(ws, {"type": "offer_draw"}, lambda s: s["draw_offer"], "White offers")
    state = turn(ws, "e2e4")
    check(state and state["draw_offer"] == "white", "White's offer stands after White's turn")
    state = turn(ws, "e7e5")
    check(state and state["draw_offer"] is None and state["note"] == "Black declines the draw",
          f"Black plays on: declined ({state and state['note']})")
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["draw_offer"], "White offers again")
    state = send_wait(ws, {"type": "decline_draw"}, lambda s: s["draw_offer"] is None, "Black declines")
    check(state and state["note"] == "Black declines the draw" and state["result"] is None, "an explicit decline")
    # Resign: the side to move between two people, or the colour given.
    state = send_wait(ws, {"type": "resign"}, lambda s: s["result"], "White resigns")
    check(state and state["result"] == {"score": "0-1", "reason": "White resigns"}, f"resigned: {state and state['result']}")
    check('[Result "0-1"]' in http_text(port, "/game.pgn"), "the PGN has the resignation")
    expect_error(ws, {"type": "resign"}, "the game is over")
    new_game(ws, **people)
    state = send_wait(ws, {"type": "resign", "color": "black"}, lambda s: s["result"], "Black resigns")
    check(state and state["result"] == {"score": "1-0", "reason": "Black resigns"}, "1-0 Black resigns")
    new_game(ws, variant="normal", white="human", black="builtin:greedy")
    expect_error(ws, {"type": "resign", "color": "black"}, "not your side")
    expect_error(ws, {"type": "offer_draw", "color": "purple"}, "bad color")
    new_game(ws, variant="normal", white="builtin:random", black="builtin:greedy", tc={"kind": "movetime", "ms": 2000})
    expect_error(ws, {"type": "resign"}, "no person plays this game")
    new_game(ws, **people)
    ws.close()


def test_draws_with_engines(port):
    ws, _, _ = connect(port)
    # Rule Zero (engine:0, CECP) with a lone King accepts.
    new_game(ws, variant="normal", white="human", black="engine:0", tc={"kind": "depth", "depth": 2},
             fen="4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1")
    turn(ws, "e1d2")
    wait_state(ws, lambda s: s["ply"] == 2, 30, "Rule Zero answers")
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["result"], "Rule Zero accepts the draw", 15)
    check(state and state["result"] == {"score": "1/2-1/2", "reason": "Draw by agreement"},
          f"losing, Rule Zero accepts: {state and state['result']}")
    # In an even game it declines, and the game goes on.
    new_game(ws, variant="normal", white="human", black="engine:0", tc={"kind": "depth", "depth": 2})
    turn(ws, "e2e4")
    wait_state(ws, lambda s: s["ply"] == 2, 30, "Rule Zero answers e2e4")
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["note"] and "declines" in s["note"],
                      "Rule Zero declines the draw", 15)
    check(state and state["draw_offer"] is None and state["result"] is None and state["to_move"] == "human",
          "declined: the person plays on")
    # Offered before the engine has started: answered after its first move.
    new_game(ws, variant="normal", white="human", black="engine:0", tc={"kind": "depth", "depth": 2})
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["draw_offer"] == "white", "an offer waits")
    turn(ws, "d2d4")
    state = wait_state(ws, lambda s: s["ply"] == 2 and s["note"] and "declines" in s["note"], 30,
                       "the offer reaches the engine after its first move, and is declined")
    # A built-in player cannot answer: declined at once, with a note.
    new_game(ws, variant="normal", white="human", black="builtin:greedy")
    state = send_wait(ws, {"type": "offer_draw"}, lambda s: s["note"], "the built-in player's answer")
    check(state and state["note"] == "Greedy does not take draw offers: declined" and state["draw_offer"] is None,
          f"a built-in player declines: {state and state['note']}")
    new_game(ws, variant="normal", white="human", black="human")
    ws.close()


def test_engine_offers_a_draw():
    fake = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fake_cecp.py")
    cmd = f"{sys.executable} {fake} --rz {RZ} --mode drawish --cecp-only"
    proc, port = start_server("--engine", cmd)
    try:
        ws, setup, _ = connect(port)
        players_known(ws, setup)
        new_game(ws, variant="normal", white="human", black="engine:1")
        turn(ws, "e2e4")
        state = wait_state(ws, lambda s: s["ply"] == 2, 30, "the drawish engine moves")
        check(state and state["draw_offer"] == "black" and "offers a draw" in (state["note"] or ""),
              f"its `offer draw` reaches the person: {state and (state['draw_offer'], state['note'])}")
        state = send_wait(ws, {"type": "accept_draw"}, lambda s: s["result"], "the person accepts")
        check(state and state["result"]["reason"] == "Draw by agreement", "drawn by agreement with the engine")
        ws.close()
    finally:
        stop_server(proc)


def main():
    proc, port = start_server()
    try:
        test_clocks_start_with_the_first_turns(port)
        test_resign_and_draws_between_people(port)
        test_draws_with_engines(port)
    finally:
        stop_server(proc)
    test_engine_offers_a_draw()
    finish()


if __name__ == "__main__":
    main()
