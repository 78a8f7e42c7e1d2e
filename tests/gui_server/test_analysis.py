#!/usr/bin/env python3
"""The analysis board of `rulezero gui` without a browser (docs/gui-protocol.md,
"Analysis"): in every variant, Rule Zero's MultiPV lines with scores from
White's side, turns and engine lines played onto the board, taking back,
stopping, and the analysis of a short game with one score per ply; mates
as mates; bad input refused with the board unchanged; a game in progress
against an engine goes on while the board is analysed. The legal turns come
as the game's tree of clicks, the lines and moves in the readable notation
(with their coordinates), and an `analysis` message stays under 100 KB (in
Nick Danger it was 0.6 to 1.5 MB with the legal turns as a list).
Usage: test_analysis.py RULEZERO"""
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from guitest import check, connect, finish, start_server, stop_server  # noqa: E402
from legaltree import turns  # noqa: E402
from wsclient import WebSocket  # noqa: E402

MESSAGE_LIMIT = 100 * 1024   # as a game's `state` (test_state_size.py)
largest = {}                 # variant: the largest `analysis` message seen, in bytes
VARIANTS = ["normal", "polypiece", "polypiece-phased", "dialectic", "hegelian", "interdependent", "interweave",
            "nickdanger"]


# How long an answer may take: it ends the wait as soon as it comes, so only a
# slow machine waits longer. 10 s was too short under ASan beside the other
# builds: a clean-clone run (2026-11-29) had Nick Danger's analysis of a
# board with many links come after it (docs/reliability.md).
ANSWER_WAIT = 60


def wait_for(ws, pred, seconds):
    """The first message within `seconds` for which pred is true, else None."""
    # recv's own deadline: the socket's timeout stays as it was for what follows.
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = ws.recv(deadline)
        except (TimeoutError, OSError):
            return None
        if pred(msg):
            return msg
    return None


def message_size(msg):
    return len(json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode())


def analysis_of(ws, sized=True):
    """The next `analysis` (or `error`); its size is checked against MESSAGE_LIMIT (unless not `sized`:
    a position the engine chose, which may differ from run to run; a few Nick Danger positions with
    many links have a `legal` tree near 100 KB in the game's `state` too)."""
    msg = wait_for(ws, lambda m: m.get("type") in ("analysis", "error"), ANSWER_WAIT)
    if sized and msg and msg["type"] == "analysis" and msg["active"]:
        size = message_size(msg)
        largest[msg["variant"]] = max(largest.get(msg["variant"], 0), size)
        check(size < MESSAGE_LIMIT, f"{msg['variant']}: an analysis message of {size} bytes "
              f"({len(turns(msg['legal']))} legal turns)")
    return msg


def legal_coords(legal):
    return [t["text"] for t in turns(legal)]


def lines_with_scores(msg, board_id, want):
    if msg.get("type") != "analysis_info" or msg["id"] != board_id:
        return False
    lines = [line for line in msg["lines"] if line["pv"]]
    firsts = {line["pv_coord"][0] for line in lines}
    scored = all(line["depth"] > 0 and (isinstance(line["score_cp"], int) or isinstance(line["mate"], int))
                 for line in lines)
    return len(firsts) >= want and scored


def score_per_ply(msg):
    return msg.get("type") in ("analysis", "analysis_info") and msg["game"] and msg["game"]["done"]


def check_arrows(variant, info):
    check(all(len(line["arrow"]) == 2 for line in info["lines"]), f"{variant}: each line has an arrow")
    if variant == "nickdanger":  # the arrow is the move, not the link action after it (e7e6,d8i8)
        check(all(line["arrow"] == [line["pv_coord"][0][0:2], line["pv_coord"][0][2:4]] for line in info["lines"]),
              f"{variant}: arrows of the moves: {[(line['pv_coord'][0], line['arrow']) for line in info['lines']]}")


def check_readable(variant, info):
    """Each line's turns in the readable notation beside their coordinates; a readable text names one
    legal turn of the board, as the move list would write it (checked when the line is played)."""
    ok = all(len(line["pv"]) == len(line["pv_coord"]) and all(line["pv"]) for line in info["lines"])
    check(ok, f"{variant}: each line in both notations: {[(l['pv'], l['pv_coord']) for l in info['lines']]}")
    if variant in ("normal", "polypiece", "polypiece-phased"):  # SAN: never the coordinates
        firsts = [(line["pv"][0], line["pv_coord"][0]) for line in info["lines"]]
        check(all(text != coord for text, coord in firsts), f"{variant}: the lines read as SAN: {firsts}")


def test_variant(ws, variant):
    ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "human", "tc": None})
    game = ws.recv_type("state")
    start = time.time()
    ws.send({"type": "analyse", "multipv": 3})
    board = analysis_of(ws)
    if not check(board and board["type"] == "analysis" and board["active"], f"{variant}: analyse opens the board"):
        return
    check(board["variant"] == variant and board["fen"] == game["fen"] and board["ply"] == 0,
          f"{variant}: the board is the game's position")
    check(board["multipv"] == 3 and board["engine"] == "Rule Zero", f"{variant}: three lines of Rule Zero")
    check(isinstance(board["legal"], dict) and "nodes" in board["legal"], f"{variant}: the legal turns as a tree")
    check(board["legal"] == game["legal"] and board["choices"] == game["choices"],
          f"{variant}: the board's legal tree is the game's")
    legal = legal_coords(board["legal"])
    info = wait_for(ws, lambda m: lines_with_scores(m, board["id"], 2), 10)
    if not check(info, f"{variant}: at least two lines with scores"):
        return
    print(f"{variant}: {len(info['lines'])} lines in {time.time() - start:.2f} s, best "
          f"{info['lines'][0]['pv'][0]} {info['lines'][0]['score_cp']} at depth {info['lines'][0]['depth']}",
          flush=True)
    check(all(line["pv_coord"][0] in legal for line in info["lines"]), f"{variant}: each line starts with a legal turn")
    check_arrows(variant, info)
    check_readable(variant, info)
    depths = {line["depth"] for line in info["lines"]}
    check(len(depths) == 1, f"{variant}: the lines shown are of one depth ({depths})")

    ws.send({"type": "analysis_turn", "text": legal[-1]})
    after = analysis_of(ws)
    check(after["type"] == "analysis" and after["ply"] == 1 and after["side"] == "black" and after["id"] > board["id"]
          and after["fen"] != board["fen"], f"{variant}: a turn played on the board")
    check(not after["lines"], f"{variant}: the old lines are gone")
    check(after["moves"][0]["coord"] == legal[-1] and after["moves"][0]["text"] and
          after["moves"][0]["number"] == 1, f"{variant}: the board's moves: {after['moves']}")
    info = wait_for(ws, lambda m: lines_with_scores(m, after["id"], min(2, len(legal_coords(after["legal"])))), 10)
    check(info, f"{variant}: lines for Black")
    if info:
        check_arrows(variant, info)
        line, coords = info["lines"][0]["pv"][:2], info["lines"][0]["pv_coord"][:2]
        ws.send({"type": "analysis_turn", "texts": line})   # readable texts are taken as input too
        played = analysis_of(ws, sized=False)
        check(played["type"] == "analysis" and played["ply"] == 1 + len(line) and
              [m["text"] for m in played["moves"]][1:] == line and
              [m["coord"] for m in played["moves"]][1:] == coords,
              f"{variant}: an engine line played onto the board, its texts as the move list's")
        ws.send({"type": "analysis_back", "count": len(line)})
        back = analysis_of(ws)
        check(back["type"] == "analysis" and back["fen"] == after["fen"], f"{variant}: turns taken back")

    ws.send({"type": "analysis_stop"})
    stopped = analysis_of(ws)
    check(stopped["type"] == "analysis" and not stopped["active"], f"{variant}: stopped")

    start_legal = legal
    for _ in range(2):
        ws.send({"type": "turn", "text": legal_coords(game["legal"])[0]})
        game = ws.recv_type("state")
    start = time.time()
    ws.send({"type": "analyse_game", "depth": 3, "ms": 100})
    opened = analysis_of(ws)
    check(opened["type"] == "analysis" and opened["ply"] == 2 and opened["game"]["plies"] == 2,
          f"{variant}: analyse_game opens the board at the game's end")
    done = opened if score_per_ply(opened) else wait_for(ws, score_per_ply, 20)
    if check(done, f"{variant}: the game analysed"):
        scores = done["game"]["scores"]
        check(len(scores) == 3 and all(s and s["ply"] == i and (isinstance(s.get("score_cp"), int) or
                                                              isinstance(s.get("mate"), int))
                                       for i, s in enumerate(scores)), f"{variant}: a score per ply: {scores}")
        print(f"{variant}: game scores {[s.get('score_cp') for s in scores]} in {time.time() - start:.2f} s",
              flush=True)
        g = done["game"]
        check(g["moves"] == [m["text"] for m in game["moves"]] and g["coords"] == [m["coord"] for m in game["moves"]],
              f"{variant}: the analysed game's turns, readable and in coordinates")
        check(scores[0]["best_coord"] in start_legal and scores[0]["best"],
              f"{variant}: the best turn of the start position: {scores[0]}")
    ws.send({"type": "analysis_goto", "ply": 1})
    went = analysis_of(ws)
    check(went["type"] == "analysis" and went["ply"] == 1 and went["moves"][0]["text"] == game["moves"][0]["text"],
          f"{variant}: analysis_goto goes to a ply of the analysed game")
    ws.send({"type": "analysis_stop"})
    analysis_of(ws)


def expect_error(ws, msg, starts):
    ws.send(msg)
    answer = wait_for(ws, lambda m: m.get("type") in ("error", "analysis"), 5)
    check(answer and answer["type"] == "error" and answer["message"].startswith(starts),
          f"{msg}: error starting '{starts}', got {answer and answer.get('message', answer.get('type'))}")


def test_bad_input(ws):
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human", "tc": None})
    ws.recv_type("state")
    expect_error(ws, {"type": "analysis_turn", "text": "e2e4"}, "no analysis board")
    expect_error(ws, {"type": "analysis_goto", "ply": 0}, "no game analysed")
    expect_error(ws, {"type": "analyse", "multipv": 6}, "bad multipv")
    expect_error(ws, {"type": "analyse", "ply": 3}, "bad ply")
    expect_error(ws, {"type": "analyse", "fen": "not a fen"}, "bad FEN")
    ws.send({"type": "analyse", "multipv": 1})
    board = analysis_of(ws)
    expect_error(ws, {"type": "analysis_turn", "text": "e2e5"}, "illegal turn")
    expect_error(ws, {"type": "analysis_turn", "texts": ["e2e4", "e2e4"]}, "illegal turn")
    expect_error(ws, {"type": "analysis_turn", "texts": ["e2e4"] * 65}, "illegal turn")
    expect_error(ws, {"type": "analysis_turn", "texts": [1]}, "illegal turn")
    expect_error(ws, {"type": "analysis_back"}, "nothing to take back")
    expect_error(ws, {"type": "analysis_multipv", "multipv": 0}, "bad multipv")
    ws.send({"type": "analysis_multipv", "multipv": 2})
    again = analysis_of(ws)
    check(again["type"] == "analysis" and again["fen"] == board["fen"] and again["multipv"] == 2,
          "bad input left the board as it was; multipv changed")
    second = connect_again(ws)
    check(second and second["type"] == "analysis" and second["active"] and second["fen"] == board["fen"],
          "a page that connects gets the analysis board")
    ws.send({"type": "analysis_stop"})
    analysis_of(ws)


def connect_again(ws):
    other = WebSocket("127.0.0.1", ws.sock.getpeername()[1])
    other.send({"type": "hello"})
    msg = wait_for(other, lambda m: m.get("type") == "analysis", 5)
    other.sock.close()
    return msg


def test_mates(ws):
    for fen, mate in (("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1), ("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", -1)):
        ws.send({"type": "analyse", "fen": fen, "multipv": 2})
        board = analysis_of(ws)
        info = wait_for(ws, lambda m: m.get("type") == "analysis_info" and m["id"] == board["id"] and m["lines"]
                        and m["lines"][0]["mate"] is not None, 10)
        check(info and info["lines"][0]["mate"] == mate and info["lines"][0]["score_cp"] is None,
              f"{fen}: mate {mate} from White's side, got {info and info['lines'][0]}")
    ws.send({"type": "analyse", "fen": "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1"})
    over = analysis_of(ws)
    check(over["result"] and over["result"]["score"] == "0-1" and turns(over["legal"]) == [],
          "a mated board has a result and no legal turns")
    time.sleep(0.5)
    ws.send({"type": "analysis_stop"})
    analysis_of(ws)


def test_nick_danger_size(ws):
    """Nick Danger's boards with many links: a seeded game of 16 turns between two people (the legal
    turns grow with the links), then the analysis board at its end and a few turns on it."""
    ws.send({"type": "new_game", "variant": "nickdanger", "white": "human", "black": "human", "tc": None})
    state = ws.recv_type("state")
    rng = random.Random(28)
    for ply in range(1, 17):
        listed = legal_coords(state["legal"])
        if not listed:
            break
        ws.send({"type": "turn", "text": rng.choice(listed)})
        state = wait_for(ws, lambda m, p=ply: m.get("type") == "state" and m["ply"] == p, ANSWER_WAIT)
    state_size = message_size(state)
    ws.send({"type": "analyse", "multipv": 1})
    board = analysis_of(ws)
    extra = message_size(board) - state_size
    check(extra < 4096, f"nickdanger: the analysis message is {extra} bytes more than the game's state "
          f"of the same position ({state_size} bytes)")
    for _ in range(4):
        listed = legal_coords(board["legal"])
        if not check(listed, "nickdanger: the analysis board has legal turns"):
            break
        ws.send({"type": "analysis_turn", "text": rng.choice(listed)})
        board = analysis_of(ws)
    print(f"nickdanger after {state['ply']} turns: state {state_size} bytes "
          f"({len(legal_coords(state['legal']))} legal turns), largest analysis message {largest['nickdanger']} "
          f"bytes", flush=True)
    ws.send({"type": "analysis_stop"})
    analysis_of(ws)


def test_game_goes_on(ws):
    """Rule Zero plays a game while the board is analysed by another Rule Zero."""
    ws.send({"type": "new_game", "variant": "normal", "white": "engine:0", "black": "human",
             "tc": {"kind": "movetime", "ms": 200}})
    ws.recv_type("state")
    ws.send({"type": "analyse", "ply": 0, "multipv": 2})
    board = analysis_of(ws)
    moved = wait_for(ws, lambda m: m.get("type") == "state" and m["ply"] == 1, 15)
    check(moved, "the game's engine moves while the board is analysed")
    info = wait_for(ws, lambda m: lines_with_scores(m, board["id"], 2), 10)
    check(info, "the board is analysed while the game goes on")
    ws.send({"type": "analysis_stop"})
    analysis_of(ws)


def main():
    proc, port = start_server()
    try:
        ws, setup, _ = connect(port)
        ids = [v["id"] for v in setup["variants"]]
        check(set(ids) >= set(VARIANTS), f"variants: {ids}")
        for v in VARIANTS:
            test_variant(ws, v)
        test_bad_input(ws)
        test_mates(ws)
        test_nick_danger_size(ws)
        test_game_goes_on(ws)
        print("largest analysis message per variant (bytes):", largest, flush=True)
        check(proc.poll() is None, "the server is still running")
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
