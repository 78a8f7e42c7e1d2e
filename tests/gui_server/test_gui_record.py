#!/usr/bin/env python3
"""What a page without HTTP (the browser build of issue 29) gets as WebSocket
messages: `pgn` (the text GET /game.pgn serves), `move_now` (the engine
thinking plays at once, CECP and UCI), and `save` / `restore` (the whole game
as a record, rebuilt after a reload): a round trip in every variant with its
special inputs (chains, drops, token moves, links, castling, en passant,
promotion, a start FEN, Polypiece's Powers), a result the turns do not show,
an engine that goes on after a restore, and hostile records, each refused with
the game unchanged (docs/gui-protocol.md, "Saving a game").
Usage: test_gui_record.py RULEZERO"""
import copy
import json
import random
import time

from guitest import api_state, check, connect, finish, http, start_server, stop_server
from legaltree import turns

STOCKFISH = "/usr/games/stockfish"
CLOCK = {"kind": "clock", "base_ms": 300000, "inc_ms": 2000}
REFUSED = "the stored game could not be restored: "


def answer(ws, msg, kinds=("state", "error")):
    """The first message of one of these types after msg."""
    ws.send(msg)
    while True:
        m = ws.recv()
        if m.get("type") in kinds:
            return m


def start(ws, msg):
    """The state of the game msg starts (a new game_number; states of the old game may come first), or an error."""
    number = api_state(ws.port)["game_number"]
    ws.send(msg)
    while True:
        m = ws.recv()
        if m.get("type") == "error" or (m.get("type") == "state" and m["game_number"] != number):
            return m


def new_game(ws, variant, white="human", black="human", **extra):
    s = start(ws, {"type": "new_game", "variant": variant, "white": white, "black": black, **extra})
    check(s["type"] == "state" and s["variant"] == variant, f"{variant}: new game: {s.get('message')}")
    return s


def play(ws, text):
    s = answer(ws, {"type": "turn", "text": text})
    check(s["type"] == "state", f"turn {text!r}: {s.get('message')}")
    return s


def wait_state(ws, pred, seconds):
    """The first state within `seconds` for which pred holds, else None."""
    # recv's own deadline: the socket's timeout (30 s) stays as it was for the
    # next answer, not the few seconds this wait had left (a turn's answer
    # then timed out at a load of 30).
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            m = ws.recv(deadline)
        except (TimeoutError, OSError):
            return None
        if m.get("type") == "state" and pred(m):
            return m
    return None


def save(ws):
    m = answer(ws, {"type": "save"}, ("saved", "error"))
    check(m["type"] == "saved" and isinstance(m.get("record"), dict), f"save answers `saved`: {m}")
    return m.get("record", {})


def restore(ws, record):
    return start(ws, {"type": "restore", "record": record})


# ---- pgn and move_now --------------------------------------------------------------------------

def test_pgn(ws, port):
    new_game(ws, "normal")
    for text in ("e2e4", "e7e5", "g1f3"):
        play(ws, text)
    m = answer(ws, {"type": "pgn"}, ("pgn", "error"))
    served = http(port, "/game.pgn")[2].decode()
    check(m["type"] == "pgn" and m.get("text") == served, f"`pgn` is what GET /game.pgn serves:\n{m}\n{served}")
    check("1. e4 e5 2. Nf3" in m.get("text", ""), f"the PGN has the moves: {m.get('text')}")


def engine_moves_now(ws, white, what):
    """White (an engine with 30 s a move) is told to move now once it thinks: it must within 1.5 s."""
    s = new_game(ws, "normal", white=white, tc={"kind": "movetime", "ms": 30000})
    thinking = wait_state(ws, lambda s: s["thinking"] and s["thinking"]["color"] == "white" and s["ply"] == 0, 20)
    if not check(thinking is not None, f"{what}: the engine thinks"):
        return
    start = time.time()
    ws.send({"type": "move_now"})
    moved = wait_state(ws, lambda s: s["ply"] == 1 or s["paused"], 5)
    took = time.time() - start
    print(f"{what}: moved {took:.3f} s after move_now, thinking {thinking['thinking']}", flush=True)
    check(moved is not None and moved["ply"] == 1 and not moved["paused"], f"{what}: the engine moved: {moved}")
    check(took < 1.5, f"{what}: move_now made the engine move in {took:.2f} s (at most 1.5)")
    s = answer(ws, {"type": "move_now"}, ("error", "state"))
    check(s["type"] == "error" and s["message"] == "no engine is thinking",
          f"{what}: move_now with a person to move: {s}")
    check(api_state(ws.port)["ply"] == 1, f"{what}: the game went on as usual")


def test_move_now(ws):
    new_game(ws, "normal")
    m = answer(ws, {"type": "move_now"})
    check(m["type"] == "error" and m["message"] == "no engine is thinking", f"move_now with no engine: {m}")
    engine_moves_now(ws, "engine:0", "Rule Zero (CECP)")
    engine_moves_when_asked_early(ws)


def engine_moves_when_asked_early(ws):
    """move_now sent with the new game, before the engine (ten minutes a
    turn) has started or reported a line: no error, and it moves as soon as it
    has a best turn (it used to be "no engine is thinking", and the click was lost)."""
    s = new_game(ws, "normal", white="engine:0", tc={"kind": "movetime", "ms": 600000})
    ws.send({"type": "move_now"})
    deadline = time.monotonic() + 60
    got = None
    while time.monotonic() < deadline:
        try:
            m = ws.recv(deadline)
        except (TimeoutError, OSError):
            break
        if m.get("type") == "error" or (m.get("type") == "state" and m["game_number"] == s["game_number"] and m["ply"] >= 1):
            got = m
            break
    check(got is not None and got["type"] == "state",
          f"move_now before the engine started: the engine moved (not after its ten minutes): {got}")


def test_move_now_uci():
    """move_now over UCI, with Debian's Stockfish (run by test_with_stockfish.py)."""
    proc, port = start_server("--engine", STOCKFISH)
    try:
        ws, _, _ = connect(port)
        ws.port = port
        engine_moves_now(ws, "engine:1", "Stockfish (UCI)")
        ws.close()
    finally:
        stop_server(proc)


# ---- save and restore: round trips ---------------------------------------------------------------

def special(t, variant=None):
    """A turn with more than a plain from-to: a chain, a drop, a choice, a token move, a link; a
    step to or from a place beside the board (Shifted Square's added square, files x and z); in
    Pickle, a step to or from the linked square (e4 by default, also x5)."""
    c = t["clicks"]
    return (len(c) > 2 or any(":" in x for x in c) or any(len(x) == 3 and x[0] == "d" and x[1:].isdigit() for x in c)
            or any(len(x) == 2 and x[0] in "xz" and x[1].isdigit() for x in c)
            or (variant == "pickle" and "e4" in c))


def walk(ws, variant, plies, seed):
    """Plays up to `plies` turns from state.legal, a special one whenever there is one: (state, specials played)."""
    rng = random.Random(seed)
    state, played = api_state(ws.port), []
    for _ in range(plies):
        legal = turns(state["legal"])
        if not legal or state["result"]:
            break
        chosen = [t for t in legal if special(t, variant)] or legal
        t = rng.choice(chosen)
        state = play(ws, t["text"])
        if special(t, variant):
            played.append(t["text"])
    return state, played


def same_game(before, after, record, what):
    """The restored state is the saved game: board, history, players, clocks (the running one to 1.5 s)."""
    for key in ("variant", "board", "moves", "fen", "side", "to_move", "players", "result", "paused", "ply"):
        check(before[key] == after[key], f"{what}: {key} differs after restore:\n{before[key]}\n{after[key]}")
    check(after["game_number"] != before["game_number"], f"{what}: the restored game has a new game_number")
    if not check((before["clocks"] is None) == (after["clocks"] is None), f"{what}: clocks {after['clocks']}"):
        return
    if before["clocks"]:
        check(after["clocks"]["running"] == before["clocks"]["running"], f"{what}: the running clock")
        for i, side in enumerate(("white", "black")):
            saved, now = record["clock_ms"][i], after["clocks"][side + "_ms"]
            if after["clocks"]["running"] == side:
                check(0 <= saved - now < 1500, f"{what}: {side}'s running clock {now} after restore, {saved} saved")
            else:
                check(now == saved, f"{what}: {side}'s clock {now} after restore, {saved} saved")


def round_trip(ws, what, other="interweave"):
    """Saves the game, starts another, restores: the same game, and a second save the same record."""
    before = api_state(ws.port)
    record = save(ws)
    check(record.get("format") == "rulezero-game" and record.get("version") == 1, f"{what}: record header {record}")
    check(record.get("turns") == [m["coord"] for m in before["moves"]], f"{what}: the record's turns")
    new_game(ws, other if before["variant"] != other else "normal")
    after = restore(ws, record)
    if not check(after["type"] == "state", f"{what}: restore answers state: {after}"):
        return record
    same_game(before, after, record, what)
    again = save(ws)
    for key in record:
        if key != "clock_ms":
            check(again.get(key) == record[key], f"{what}: a second save's {key}: {again.get(key)} != {record[key]}")
    return record


def test_round_trips(ws, variants):
    new_game(ws, "normal", tc=CLOCK)  # castling and en passant
    for text in ("e2e4", "d7d5", "e4d5", "c7c5", "d5c6", "g8f6", "g1f3", "e7e6", "f1c4", "f8e7", "e1g1", "e8g8"):
        play(ws, text)
    record = round_trip(ws, "normal: castling, en passant")
    check(record.get("fen") == "" and record.get("tc") == CLOCK and record.get("options") == {},
          f"normal: fen, tc and options of the record: {record}")
    fen = "4k3/1P6/8/8/8/8/p7/4K2R w K - 0 1"  # promotions, then castling
    state = new_game(ws, "normal", tc=CLOCK, fen=fen)
    check(any(t["text"] == "b7b8n" and t["clicks"][-1] == "choice:n" for t in turns(state["legal"])),
          "the promotion to a knight is a choice")
    for text in ("b7b8n", "a2a1n", "e1g1", "e8e7"):
        play(ws, text)
    check(round_trip(ws, "normal from a FEN: promotions").get("fen") == fen, "the record keeps the start FEN")
    powers = "K:K Q:Q,WAND R:R,NN B:B,R4 N:WD"
    new_game(ws, "polypiece", tc=CLOCK, options={"Powers": powers})
    for text in ("b1b3", "b8b6", "e2e4"):  # legal with these Powers only
        play(ws, text)
    check(round_trip(ws, "polypiece with its own Powers").get("options") == {"Powers": powers},
          "the record keeps the Powers")
    for v in variants:
        if v in ("normal", "polypiece"):
            continue
        new_game(ws, v, tc=CLOCK)
        state, specials = walk(ws, v, 24, seed=0)
        if v != "polypiece-phased":
            check(specials, f"{v}: the walk played none of the game's special inputs")
        round_trip(ws, f"{v} ({len(state['moves'])} turns, special: {specials})")


def test_xboard_turns(ws):
    """An imported PGN's moves as XBoard writes them (its SAN for pieces it does not know, a FEN with a
    hand) replay; a turn no form reads is still refused (docs/web.md, PGN import)."""
    fen = "snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[-] w - - 0 1"
    xboard = ["Tc3", "Tc5", "Kc2", "Tdd5", "Td1", "Kd6", "Kd2", "Nc6", "Nc2", "Gd7", "Te1", "Te5", "Gd1", "Te4",
              "Ce2", "Sf7f5"]
    record = {"format": "rulezero-game", "version": 1, "variant": "interdependent", "options": {}, "fen": fen,
              "turns": xboard, "white": "human", "black": "human", "tc": {"kind": "untimed"}, "clock_ms": [0, 0],
              "paused": False, "result": None}
    s = restore(ws, record)
    if check(s["type"] == "state", f"XBoard's turns restore: {s.get('message')}"):
        check(len(s["moves"]) == len(xboard), f"XBoard's turns: {len(s['moves'])} of {len(xboard)} replayed")
    number = api_state(ws.port)["game_number"]
    bad = dict(record, turns=xboard[:3] + ["Tz9"])
    s = restore(ws, bad)
    check(s["type"] == "error" and s["message"] == REFUSED + "turn 4 'Tz9' is illegal", f"a bad XBoard turn: {s}")
    check(api_state(ws.port)["game_number"] == number, "a refused record changed the game")


def test_results_and_engines(ws):
    new_game(ws, "normal")
    play(ws, "e2e4")
    s = answer(ws, {"type": "resign"})
    check(s["type"] == "state" and s["result"] == {"score": "1-0", "reason": "Black resigns"}, f"resign: {s}")
    record = round_trip(ws, "a resigned game")
    check(record.get("result") == {"score": "1-0", "reason": "Black resigns"}, f"the record's result: {record}")
    new_game(ws, "normal")
    for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
        play(ws, text)
    round_trip(ws, "a mated game")
    new_game(ws, "normal", white="builtin:random", black="builtin:random", tc={"kind": "movetime", "ms": 3000})
    s = answer(ws, {"type": "stop"})
    record = round_trip(ws, "a paused game of built-in players")
    check(record.get("paused") is True and record.get("tc") == {"kind": "movetime", "ms": 3000},
          f"paused and movetime in the record: {record}")
    # An engine to move after a restore is told the whole game and moves.
    new_game(ws, "normal", white="human", black="engine:0", tc={"kind": "depth", "depth": 1})
    s = play(ws, "d2d4")
    wait_state(ws, lambda s: s["ply"] == 2, 30)
    s = play(ws, "c2c4")
    wait_state(ws, lambda s: s["ply"] == 4, 30)
    s = play(ws, "b1c3")
    record = save(ws)
    record["turns"] = record["turns"][:5]  # the engine may have answered already: Black to move again
    new_game(ws, "normal")
    restored = restore(ws, record)
    check(restored["type"] == "state" and restored["ply"] == 5, f"the engine game is restored: {restored}")
    moved = wait_state(ws, lambda s: s["ply"] == 6, 30)
    check(moved is not None and moved["moves"][:5] == restored["moves"], "the engine moves after the restore")


# ---- save and restore: hostile records --------------------------------------------------------------

def edited(record, **changes):
    r = copy.deepcopy(record)
    for key, value in changes.items():
        if value is KeyError:
            r.pop(key, None)
        else:
            r[key] = value
    return r


def test_hostile(ws):
    new_game(ws, "normal", tc=CLOCK)
    for text in ("e2e4", "e7e5", "g1f3", "b8c6"):
        play(ws, text)
    good = save(ws)
    play(ws, "f1b5")
    before = api_state(ws.port)
    illegal = edited(good, turns=["e2e4", "e7e5", "e2e4", "g1f3"])
    cases = [
        ({"type": "restore"}, "'record' is missing"),
        ({"type": "restore", "record": "a game"}, "'record' is missing or not an object"),
        (edited(good, format="pgn"), "it is not a Rule Zero game"),
        (edited(good, format=KeyError), "it is not a Rule Zero game"),
        (edited(good, version=99), "version 99 is not known (this build reads version 1)"),
        (edited(good, version="1"), "'version' is missing or not a number"),
        (edited(good, variant="nosuch"), "unknown variant 'nosuch'"),
        (edited(good, variant=7), "'variant' is missing or not a text"),
        (edited(good, white="nobody"), "unknown player 'nobody'"),
        (edited(good, black=None), "'black' is missing or not a text"),
        (illegal, "turn 3 'e2e4' is illegal"),
        (edited(good, turns=["f2f3", "e7e5", "g2g4", "d8h4", "a2a3"]), "turn 5 'a2a3' comes after the game ended"),
        (edited(good, turns=["e2e4"] * 5000), "too many turns (5000, at most"),
        (edited(good, turns="e2e4 e7e5"), "'turns' is missing or not an array"),
        (edited(good, turns=["e2e4", 7]), "turn 2 is not a turn's text"),
        (edited(good, turns=["e2e4", ["e7e5"]]), "turn 2 is not a turn's text"),
        (edited(good, turns=["x" * 300]), "turn 1 is not a turn's text"),
        (edited(good, clock_ms=[-1, 300000]), "White's clock must be a whole number of milliseconds from 0 to"),
        (edited(good, clock_ms=[300000, 10 ** 12]), "Black's clock must be a whole number of milliseconds"),
        (edited(good, clock_ms=[1.5, 300000]), "White's clock must be"),
        (edited(good, clock_ms=["300000", 300000]), "White's clock must be"),
        (edited(good, clock_ms=[0] * 5000), "'clock_ms' must be [white, black]"),
        (edited(good, clock_ms=KeyError), "'clock_ms' must be [white, black]"),
        (edited(good, tc={"kind": "clock", "base_ms": 0, "inc_ms": 0}), "bad time control"),
        (edited(good, tc={"kind": "hourglass"}), "bad time control"),
        (edited(good, tc=[1, 2]), "bad time control"),
        (edited(good, options=["Powers"]), "bad setting: options must be an object"),
        (edited(good, options={"Powers": "K:K"}), 'bad setting: "Powers"'),
        (edited(good, options={"k%d" % i: "v" for i in range(2000)}), 'bad setting: "k0"'),
        (edited(good, variant="polypiece", options={"Powers": "X:WD"}), "bad setting"),
        (edited(good, fen="8/8/8 w"), "bad FEN"),
        (edited(good, fen=12), "'fen' is missing or not a text"),
        (edited(good, paused="no"), "'paused' is missing or not true or false"),
        (edited(good, result={"score": "2-0", "reason": "White wins big"}), "result '2-0' is not 1-0, 0-1 or 1/2-1/2"),
        (edited(good, result={"score": "1-0"}), "'result' must be null or {score, reason}"),
        (edited(good, result="1-0"), "'result' must be null or {score, reason}"),
        (edited(good, result={"score": "1-0", "reason": "r" * 300}), "'result' must be null or {score, reason}"),
    ]
    for case, expected in cases:
        msg = case if case.get("type") == "restore" else {"type": "restore", "record": case}
        m = answer(ws, msg)
        check(m["type"] == "error" and m["message"].startswith(REFUSED + expected),
              f"refused with {expected!r}: {m.get('message', m['type'])}")
        after = api_state(ws.port)
        check(all(after[k] == before[k] for k in ("variant", "fen", "moves", "players", "game_number", "paused")),
              f"{expected}: the game is unchanged")
    check(len(json.dumps(edited(good, turns=["e2e4"] * 5000))) < 64 * 1024, "the huge record fits in a message")
    s = restore(ws, good)
    check(s["type"] == "state" and s["ply"] == 4, f"the good record is restored after all that: {s.get('message')}")


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        ws.port = port
        test_pgn(ws, port)
        test_move_now(ws)
        test_round_trips(ws, [v["id"] for v in setup["variants"]])
        test_xboard_turns(ws)
        test_results_and_engines(ws)
        test_hostile(ws)
        ws.close()
        check(proc.poll() is None, "the server died")
    finally:
        code, err = stop_server(proc)
        check(code == 0, f"the server exits cleanly (exit {code}): {err[-2000:]}")
    finish()


if __name__ == "__main__":
    main()
