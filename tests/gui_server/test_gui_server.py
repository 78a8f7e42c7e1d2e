#!/usr/bin/env python3
"""`rulezero gui` without a browser: HTTP routes, the Host/Origin check, every
message of docs/gui-protocol.md, bad input leaving the game unchanged, two
pages at once, engines (Rule Zero itself, built-in players, a crashing one).
Usage: test_gui_server.py RULEZERO"""
import json
import subprocess
import time

from guitest import RZ, api_state, check, connect, finish, http, start_server, stop_server
from legaltree import turns
from wsclient import WebSocket


def legal(state):
    """The state's legal turns as a list (the message holds them as a tree)."""
    return turns(state.get("legal"))


def expect_error(ws, msg, starts, port):
    before = api_state(port)
    if isinstance(msg, bytes):
        ws.send_raw(msg)
    else:
        ws.send(msg)
    answer = ws.recv_type("error")
    check(answer["message"].startswith(starts), f"{msg!r:.80}: error '{answer['message']}' should start '{starts}'")
    after = api_state(port)
    check((before["fen"], before["ply"], before["variant"]) == (after["fen"], after["ply"], after["variant"]),
          f"{msg!r:.80} changed the game")


errors_seen = []


def wait_state(ws, pred, seconds, what):
    deadline = time.time() + seconds
    ws.sock.settimeout(seconds)
    while time.time() < deadline:
        msg = ws.recv()
        if msg.get("type") == "error":
            errors_seen.append(msg["message"])
        if msg.get("type") == "state" and pred(msg):
            return msg
    check(False, what)
    return None


def test_http(port):
    status, headers, body = http(port, "/")
    check(status == 200 and headers.get("Content-Type", "").startswith("text/html") and b"<html" in body.lower(),
          "GET / serves the page")
    check(http(port, "/no-such-file.js")[0] == 404, "a missing file is 404")
    check(http(port, "/rules/no-such-game")[0] == 404, "a missing rules doc is 404")
    state = api_state(port)
    check(state["type"] == "state" and legal(state), "/api/state is a state with legal turns")
    check(http(port, "/api/state", {"Host": "evil.example:80"})[0] == 403, "a foreign Host is refused")
    check(http(port, "/api/state", {"Origin": "http://evil.example"})[0] == 403, "a foreign Origin is refused")
    check(http(port, "/api/state", {"Origin": f"http://localhost:{port}"})[0] == 200, "localhost Origin is fine")
    check(http(port, "/api/state", method="POST")[0] == 405, "POST is refused")
    for headers in ({"Origin": "http://evil.example"}, {"Host": "rebind.example"}):
        try:
            WebSocket("127.0.0.1", port, headers=headers).close()
            check(False, f"WebSocket with {headers} accepted")
        except (ConnectionRefusedError, EOFError, OSError):
            pass


def test_every_variant(ws, setup, port):
    ids = [v["id"] for v in setup["variants"]]
    check(set(ids) >= {"normal", "polypiece", "polypiece-phased", "dialectic", "hegelian", "interdependent",
                       "interweave", "nickdanger"}, f"variants in setup: {ids}")
    for v in setup["variants"]:
        check(v["rules_card"].startswith("<p>") and v["rules_doc"], f"{v['id']}: rules card and doc")
        ws.send({"type": "new_game", "variant": v["id"], "white": "human", "black": "human",
                 "tc": {"kind": "clock", "base_ms": 60000, "inc_ms": 0}})
        state = ws.recv_type("state")
        check(state["variant"] == v["id"] and state["ply"] == 0, f"{v['id']}: new game")
        listed = legal(state)
        check(listed and all(t["clicks"] for t in listed), f"{v['id']}: every turn has clicks")
        clicks = [" ".join(t["clicks"]) for t in listed]
        check(len(set(clicks)) == len(clicks), f"{v['id']}: clicks are unique")
        first = listed[0]["text"]
        ws.send({"type": "turn", "text": first})
        state = ws.recv_type("state")
        check(state["ply"] == 1 and state["moves"][0]["coord"] == first, f"{v['id']}: turn {first} played")
        check(state["board"]["highlights"]["last"], f"{v['id']}: last turn highlighted")


def test_bad_input(ws, port):
    ws.send({"type": "new_game", "variant": "polypiece", "white": "human", "black": "human"})
    ws.recv_type("state")
    expect_error(ws, b"{not json", "malformed JSON", port)
    expect_error(ws, b"[1,2]", "malformed JSON", port)
    expect_error(ws, {"no": "type"}, "malformed message", port)
    expect_error(ws, {"type": "fly"}, "unknown command", port)
    expect_error(ws, {"type": "turn", "text": "e2e5"}, "illegal turn", port)
    expect_error(ws, {"type": "turn"}, "illegal turn", port)
    expect_error(ws, {"type": "new_game", "variant": "nosuch", "white": "human", "black": "human"},
                 "unknown variant", port)
    expect_error(ws, {"type": "new_game", "variant": "normal", "white": "nobody", "black": "human"},
                 "unknown player", port)
    expect_error(ws, {"type": "new_game", "variant": "normal", "white": "human", "black": "human",
                      "tc": {"kind": "clock", "base_ms": -5}}, "bad time control", port)
    expect_error(ws, {"type": "new_game", "variant": "normal", "white": "human", "black": "human",
                      "fen": "8/8/8 w"}, "bad FEN", port)
    expect_error(ws, {"type": "new_game", "variant": "polypiece", "white": "human", "black": "human",
                      "options": {"Powers": "K:K Q:not-betza!"}}, "bad setting", port)
    expect_error(ws, {"type": "new_game", "variant": "polypiece", "white": "human", "black": "human",
                      "options": {"Nonsense": "1"}}, "bad setting", port)
    expect_error(ws, {"type": "load_fen", "fen": "garbage"}, "bad FEN", port)
    expect_error(ws, {"type": "view", "ply": 99}, "bad ply", port)
    expect_error(ws, {"type": "undo"}, "nothing to take back", port)
    expect_error(ws, json.dumps({"type": "turn", "text": "x" * 70000}).encode(), "message too long", port)
    check(api_state(port)["board"]["panels"][0]["rows"][1]["items"][1]["text"] == "WAND",
          "a bad setting leaves the Powers as they were")


def test_history_and_pages(ws, port):
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human"})
    ws.recv_type("state")
    other, _, _ = connect(port)
    for text in ("e2e4", "e7e5", "g1f3"):
        ws.send({"type": "turn", "text": text})
        ws.recv_type("state")
        seen = other.recv_type("state")
        check(seen["moves"][-1]["coord"] == text, f"the second page sees {text}")
    reload, _, state = connect(port)
    check([m["text"] for m in state["moves"]] == ["e4", "e5", "Nf3"], "a reload shows the game in SAN")
    ws.send({"type": "view", "ply": 1})
    view = ws.recv_type("view")
    check(view["ply"] == 1 and " b KQkq e3 0 1" in view["fen"], f"view of ply 1: {view['fen']}")
    pgn = http(port, "/game.pgn")[2].decode()
    check("1. e4 e5 2. Nf3" in pgn, "PGN has the moves in SAN")
    ws.send({"type": "undo"})
    state = ws.recv_type("state")
    check(state["ply"] == 2, "undo takes back one turn between two people")
    ws.send({"type": "load_fen", "fen": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"})
    state = ws.recv_type("state")
    promo = [t for t in legal(state) if t["text"] == "a7a8q"]
    check(promo and promo[0]["clicks"] == ["a7", "a8", "choice:q"] and state["choices"]["choice:q"] == "Queen",
          "promotion is clicked with a labelled choice")
    other.close()
    reload.close()


def engine_answer(ws, variant, depth, first):
    """Rule Zero (engine:0, a CECP process) plays Black at a fixed depth: its answer's state."""
    ws.send({"type": "new_game", "variant": variant, "white": "human", "black": "engine:0",
             "tc": {"kind": "depth", "depth": depth}})
    ws.recv_type("state")
    ws.send({"type": "turn", "text": first})
    return wait_state(ws, lambda s: s["ply"] == 2, 60, f"engine:0 answers in {variant}")


def test_engines(ws, port):
    state = engine_answer(ws, "nickdanger", 2, "e2e4")
    if state:
        check("," in state["moves"][1]["text"], f"the engine's turn has a link action: {state['moves'][1]['text']}")
        check(state["to_move"] == "human" and legal(state), "then the person is to move")
    # Its thinking reaches the page.
    state = engine_answer(ws, "normal", 5, "d2d4")
    if state:
        t = state["thinking"]
        check(t and t["color"] == "black" and t["depth"] >= 1 and t["pv"], f"the engine's thinking is shown: {t}")
    # Two built-in players to the end (they wait out their time per move: 5 ms keeps the game short).
    ws.send({"type": "new_game", "variant": "interweave", "white": "builtin:greedy", "black": "builtin:random",
             "tc": {"kind": "movetime", "ms": 5}})
    state = wait_state(ws, lambda s: s["result"] is not None, 120, "builtin against builtin ends")
    if state:
        check(state["to_move"] == "none" and not legal(state), "a finished game offers nothing")
    # Two Rule Zero processes; stopped while one thinks, then resumed: they go on in step.
    ws.send({"type": "new_game", "variant": "interweave", "white": "engine:0", "black": "engine:0",
             "tc": {"kind": "movetime", "ms": 300}})
    errors_seen.clear()
    state = wait_state(ws, lambda s: s["ply"] >= 2 and s["variant"] == "interweave", 60, "engines play")
    ws.send({"type": "stop"})
    wait_state(ws, lambda s: s["paused"] and s["variant"] == "interweave", 30, "stopped")
    ply = api_state(port)["ply"]
    ws.send({"type": "resume"})
    wait_state(ws, lambda s: s["ply"] >= ply + 3 or s["result"] is not None, 60, "engines go on after resume")
    check(not errors_seen, f"no engine errors after stop and resume: {errors_seen}")
    # Undo against an engine goes back to where the person was to move.
    ws.send({"type": "new_game", "variant": "interdependent", "white": "human", "black": "builtin:random"})
    ws.recv_type("state")
    ws.send({"type": "turn", "text": "b2c3"})
    wait_state(ws, lambda s: s["ply"] == 2, 30, "the built-in player answers")
    ws.send({"type": "undo"})
    state = wait_state(ws, lambda s: s["ply"] == 0, 30, "undo takes back the engine's turn and the person's")
    if state:
        check(state["to_move"] == "human" and legal(state), "after undo the person is to move")
    # A person's clock runs out (it starts once both sides made their first turn).
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "human",
             "tc": {"kind": "clock", "base_ms": 1000, "inc_ms": 0}})
    for text in ("e2e4", "e7e5"):
        ws.send({"type": "turn", "text": text})
    state = wait_state(ws, lambda s: s["result"] is not None, 10, "a person loses on time")
    if state:
        check(state["result"] == {"score": "0-1", "reason": "White loses on time"}, f"result {state['result']}")
        check(state["clocks"]["white_ms"] == 0, "the flag shows 0")
    # An engine that cannot start: its start-up probe marks it, a game with it is refused, the game stays.
    before = api_state(port)
    ws.send({"type": "new_game", "variant": "normal", "white": "human", "black": "engine:1"})
    error = ws.recv_type("error")
    check("could not start" in error["message"], f"a crashing engine is reported: {error['message']}")
    state = api_state(port)
    check((state["variant"], state["fen"]) == (before["variant"], before["fen"]), "the game stays as it was")
    # An engine that hangs: reported after its deadline (time per move + 5 s), the game stays, paused.
    # The new game first waits for that engine's start-up probe, up to 30 s from the
    # server's start (gui_probe.c, PROBE_WAIT_MS): a test that gets here sooner waits too.
    ws.sock.settimeout(60)
    ws.send({"type": "new_game", "variant": "interweave", "white": "human", "black": "engine:2",
             "tc": {"kind": "movetime", "ms": 100}})
    ws.recv_type("state")
    ws.send({"type": "turn", "text": "b2c3"})
    error = ws.recv_type("error")
    check("did not answer in time" in error["message"], f"a hung engine is reported: {error['message']}")
    state = api_state(port)
    check(state["paused"] and state["ply"] == 1, "after a hang the game stays as it was, paused")
    # Watching: stop and resume an engine game.
    ws.send({"type": "new_game", "variant": "dialectic", "white": "builtin:random", "black": "builtin:random",
             "tc": {"kind": "movetime", "ms": 50}})
    ws.send({"type": "stop"})
    wait_state(ws, lambda s: s["paused"] and s["variant"] == "dialectic", 30, "stop pauses")
    ply = api_state(port)["ply"]
    time.sleep(0.5)
    check(api_state(port)["ply"] == ply, "nothing moves while stopped")
    ws.send({"type": "resume"})
    wait_state(ws, lambda s: s["ply"] > ply or s["result"] is not None, 30, "resume goes on")


def test_engine_told_the_settings():
    """An engine process plays with the game's settings: Rule Zero (engine:0)
    is sent the game's Polypiece lists before it plays (--debug shows the traffic)."""
    powers = "K:K Q:Q R:R B:B N:W,WD"
    proc, port = start_server("--debug")
    try:
        ws, _, _ = connect(port)
        ws.send({"type": "new_game", "variant": "polypiece", "white": "engine:0", "black": "human",
                 "tc": {"kind": "depth", "depth": 2}, "options": {"Powers": powers}})
        state = wait_state(ws, lambda s: s["ply"] == 1 and s["variant"] == "polypiece", 60,
                           "engine:0 moves in a game with its own Powers")
        check(state and not state["paused"], "the engine's move under the game's lists is legal")
        ws.close()
    finally:
        _, err = stop_server(proc)
    check(f"option Powers={powers}" in err, "engine:0 was sent the game's Powers")


def test_command_line():
    run = subprocess.run([RZ, "gui", "--help"], capture_output=True, text=True, timeout=30)
    check(run.returncode == 0 and "--engine" in run.stdout, "gui --help")
    for args in (["--port", "http"], ["--port", "70000"], ["--bogus"], ["extra"]):
        run = subprocess.run([RZ, "gui", *args], capture_output=True, text=True, timeout=30)
        check(run.returncode == 2 and run.stderr.endswith("\nTry 'rulezero gui --help'.\n"),
              f"gui {' '.join(args)} is a usage error, with the Try line")


def main():
    test_command_line()
    test_engine_told_the_settings()
    proc, port = start_server("--engine", "sh -c 'exit 3'", "--engine", "sleep 1000")
    try:
        test_http(port)
        ws, setup, _ = connect(port)
        check([p["id"] for p in setup["players"]] == ["human", "engine:0", "engine:1", "engine:2", "builtin:random",
                                                       "builtin:greedy"], f"players: {setup['players']}")
        test_every_variant(ws, setup, port)
        test_bad_input(ws, port)
        test_history_and_pages(ws, port)
        test_engines(ws, port)
        ws.close()
    finally:
        code, _ = stop_server(proc)
    check(code == 0, f"the server stops cleanly on SIGTERM (exit {code})")
    finish()


if __name__ == "__main__":
    main()
