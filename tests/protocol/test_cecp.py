#!/usr/bin/env python3
"""CECP (XBoard protocol v2) dialogues. Usage: test_cecp.py RULEZERO [TEST...]"""
import re
import sys

from rzproc import ChargedTime, Engine, run_tests

RZ = sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
THINK = r"-?\d+ -?\d+ \d+ \d+ \d+ \d+\t.*"
# Everything Rule Zero may print in CECP; free-form text must start with '#'.
ALLOWED = [r"feature .*", r"pong -?\d+", r"move \S+", r"Illegal move \([^()]+\): .*", r"Error \([^()]+\): .*",
           r"highlight \S+", r"Hint: \S+", r"stat01: \d+ \d+ \d+ \d+ \d+", THINK,
           r"(1-0|0-1|1/2-1/2) \{[^{}]+\}", r"(setup|piece|telluser) .*", r" .*", r"", r"#.*", r"offer draw"]


def cecp(features=True):
    e = Engine(RZ, "cecp")
    e.send("xboard", "protover 2")
    if features:
        e.expect("feature done=1")
    return e


def finish(e):
    assert e.close() == 0, "exit status"
    for line in e.seen:
        if not any(re.fullmatch(p, line) for p in ALLOWED):
            e.fail(f"line not allowed in CECP: {line!r}")


def test_handshake():
    e = Engine(RZ, "cecp")
    e.send("xboard", "protover 2")
    first = e.readline()
    assert first == "feature done=0", first
    lines = e.collect_until("feature done=1")
    feats = " ".join(lines)
    for f in ["ping=1", "setboard=1", "usermove=1", "playother=1", "colors=0", "sigint=0", "sigterm=0", "reuse=1",
              "analyze=1", "time=1", "nps=1", "draw=1", "memory=1", "exclude=1", "highlight=1"]:
        assert f in feats.split(), f"missing {f}"
    assert re.search(r'myname="Rule Zero \d+\.\d+\.\d+"', feats), feats
    m = re.search(r'variants="([^"]*)"', feats)
    assert m and "normal" in m.group(1).split(","), feats
    help_out = Engine(RZ, "help")
    help_out.send("help", "quit")
    text = " ".join(help_out.collect_until(r"\s*quit .*"))
    help_out.close()
    for v in m.group(1).split(","):  # every registered variant, as the CLI lists them
        assert v, "empty variant id"
    for line in lines:
        if line.startswith("feature option="):
            assert re.fullmatch(r'feature option="[^"]+ -(string|spin|check|combo|button)( .*)?"', line), line
    assert "variant" in text
    e.sync(1)
    finish(e)


def test_ping_and_quiet_commands():
    e = cecp()
    e.send("new", "random", "computer", "name Opponent", "rating 2000 1900", "ics -", "hard", "easy", "post",
           "nopost", "draw", "cores 2", "memory 32", "accepted ping", "rejected foo", "put e4", "hover e4",
           "egtpath syzygy tablebases", "force")
    assert e.sync(5) == [], e.seen
    e.send("bk")
    e.expect(r" .*")
    e.expect("")
    finish(e)


def test_unknown_command():
    e = cecp()
    e.send("frobnicate now")
    e.expect(r"Error \(unknown command\): frobnicate now")
    e.send("level x y z")
    e.expect(r"Error \([^()]+\): level")
    finish(e)


def test_engine_replies_to_usermove():
    e = cecp()
    e.send("new", "level 0 0:05 0.5", "post", "time 500", "otim 500", "usermove e2e4")
    m = e.expect(r"move (\S+)", 10, skip=THINK)
    assert re.fullmatch(r"[a-h][1-8][a-h][1-8]", m.group(1)), m.group(1)
    assert any(re.fullmatch(THINK, s) for s in e.seen), "no thinking output with post"
    finish(e)


def test_bare_move_without_usermove():
    e = cecp()
    e.send("new", "force", "e2e4")
    assert e.sync() == []
    e.send("e2e4")  # now illegal: the pawn has gone
    e.expect(r"Error \(unknown command\): e2e4")
    finish(e)


def test_illegal_usermove_leaves_state():
    e = cecp()
    e.send("new", "force", "usermove e2e5")
    e.expect(r"Illegal move \([^()]+\): e2e5")
    e.send("usermove e7e5")  # Black may not move first: the game is unchanged
    e.expect(r"Illegal move \([^()]+\): e7e5")
    e.send("usermove e2e4", "usermove e7e5", "usermove")
    e.expect(r"Illegal move \([^()]+\): ")
    assert e.sync() == []
    finish(e)


def test_undo_remove():
    e = cecp()
    e.send("new", "force", "usermove e2e4", "undo", "usermove e2e4", "usermove e7e5", "remove", "usermove e2e4")
    assert e.sync() == [], "undo/remove did not restore the position"
    e.send("undo", "undo")
    e.expect(r"Error \([^()]+\): undo")
    e.send("remove")
    e.expect(r"Error \([^()]+\): remove")
    finish(e)


def test_setboard_good_and_bad():
    e = cecp()
    e.send("new", "force", "setboard not a fen")
    e.expect(r"Error \([^()]+\): setboard")
    e.send("usermove e2e4")  # the old position stands
    assert e.sync() == []
    e.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "st 1", "go")
    e.expect("move a1a8", 10, skip=THINK)
    e.expect(r"1-0 \{White mates\}")
    finish(e)


def test_black_mates_claim():
    e = cecp()
    e.send("new", "force", "setboard r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "sd 3", "go")
    e.expect("move a8a1", 10, skip=THINK)
    e.expect(r"0-1 \{Black mates\}")
    finish(e)


def test_user_mate_is_claimed():
    e = cecp()
    e.send("new", "force", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playother", "usermove a1a8")
    e.expect(r"1-0 \{White mates\}")
    assert not any(s.startswith("move") for s in e.sync())
    finish(e)


def test_stalemate_claim():
    e = cecp()
    e.send("new", "force", "setboard 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "playother", "usermove f1f7")
    e.expect(r"1/2-1/2 \{Stalemate\}")
    finish(e)


def test_repetition_claim():
    e = cecp()
    e.send("new", "force")
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
        e.send("usermove " + mv)
    e.send("playother", "usermove f6g8")
    e.expect(r"1/2-1/2 \{Draw by repetition\}")
    finish(e)


def test_fifty_move_claim():
    e = cecp()
    e.send("new", "force", "setboard 8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "playother", "usermove a1a2")
    e.expect(r"1/2-1/2 \{Draw by fifty-move rule\}")
    finish(e)


def test_result_and_force():
    e = cecp()
    e.send("new", "st 1", "go")
    e.send("result 1-0 {White resigns}", "force")  # stops thinking; no move afterwards
    e.quiet(1.5)
    finish(e)


def test_variant_setup_before_pong():
    e = cecp()
    e.send("new", "variant normal")
    assert e.sync() == []  # XBoard knows normal: no setup
    e.send("variant no-such-game")
    e.expect(r"Error \([^()]+\): variant")
    feats = " ".join(l for l in e.seen if l.startswith("feature variants=") or "variants=" in l)
    ids = re.search(r'variants="([^"]*)"', feats).group(1).split(",")
    for vid in ids:  # every variant answers `variant` every time, before the next pong
        for _ in range(2):
            e.send("new", "variant " + vid)
            lines = e.sync()
            assert all(re.fullmatch(r"(setup|piece|telluser) .*", s) for s in lines), lines  # telluser: XBoard can't
            if vid != "normal":
                assert lines and lines[0].startswith("setup "), f"{vid}: no setup"
    finish(e)


def test_ping_waits_for_move():
    e = cecp()
    e.send("new", "st 1", "go", "ping 7")
    e.expect("move \\S+", 10, skip=THINK)
    e.expect("pong 7", 2, skip=THINK)
    finish(e)


def test_move_now():
    e = cecp()
    e.send("new", "post", "level 0 60 0", "time 600000", "otim 600000", "go")
    e.expect(THINK, 30)  # thinking, so `?` has a search to stop
    now = ChargedTime(e.proc.pid)
    e.send("?")
    e.expect("move \\S+", 3, skip=THINK)
    assert now.seconds() < 1.5, f"? was slow: {now.why()}"
    finish(e)


def test_draw_offer():
    """`draw` is accepted (`offer draw`) only when a draw is not worse for the engine than playing on."""
    e = cecp()
    e.send("new", "force", "setboard 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", "playother", "draw")  # the engine has a lone King
    e.expect("offer draw")
    e.send("new", "force", "setboard 4k3/8/8/8/8/8/8/QQQ1K3 b - - 0 1", "playother", "draw")  # the engine has the Queens
    assert e.sync(5) == [], e.seen
    e.send("new", "force", "setboard 4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", "draw")  # force mode: no side to speak for
    assert e.sync(5) == [], e.seen
    finish(e)


def test_playother_and_go():
    e = cecp()
    e.send("new", "playother")  # engine plays Black; White (the user) to move: no thinking
    e.quiet(0.5)
    e.send("st 1", "usermove e2e4")
    e.expect("move [a-h]7[a-h][56]|move [a-h]8\\S+|move \\S+", 10, skip=THINK)
    e.send("force", "usermove d2d4", "go")  # engine now plays Black again: side to move
    e.expect("move \\S+", 10, skip=THINK)
    finish(e)


def test_setboard_after_pass_thinks():
    e = cecp()
    e.send("new", "st 1")  # engine plays Black
    e.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    e.expect("move [a-h][78][a-h][1-8]", 10, skip=THINK)
    finish(e)


def test_analyze_mode():
    e = cecp()
    e.send("new", "force", "nopost", "analyze")  # analysis shows its thinking even without post
    e.expect(THINK, 5)
    e.send(".")
    e.expect(r"stat01: \d+ \d+ \d+ \d+ \d+", 5, skip=THINK)
    e.send("usermove e2e4")
    e.send("ping 3")
    e.expect("pong 3", 5, skip=THINK)  # analysis does not hold back pongs
    e.send("undo", "setboard " + START, "exclude e2e4", "include all", "exit", "ping 4")
    e.expect("pong 4", 5, skip=THINK)
    e.quiet(0.5)
    assert not any(s.startswith("move ") for s in e.seen), "moved in analyze mode"
    finish(e)


def test_exclude():
    e = cecp()
    e.send("new", "force", "setboard 7k/7p/8/8/8/8/8/K7 w - - 0 1", "exclude a1a2", "exclude a1b1", "sd 4", "go")
    e.expect("move a1b2", 10, skip=THINK)
    e.send("force", "exclude e9e9")
    e.expect(r"Illegal move \([^()]+\): e9e9")
    finish(e)


def test_full_turns_only_when_accepted():
    """XBoard rejects the unknown feature `fullturns` and gets its own forms (a
    dialectic move as a pass); a GUI that accepts it gets the whole turn."""
    for reply, expected, sent in [("rejected", "@@@@", "e7e5"), ("accepted", "T@11", "A@22")]:
        e = cecp()
        e.send(f"{reply} fullturns", "variant dialectic", "force", "exclude all", "include T@11", "sd 2", "go")
        e.expect(rf"move {re.escape(expected)}")
        e.send(f"usermove {sent}")
        e.sync(2)
        assert not any(line.startswith("Illegal move") for line in e.seen), e.seen
        finish(e)


def test_hint():
    e = cecp()
    e.send("new", "sd 4", "usermove e2e4")
    e.expect("move \\S+", 10, skip=THINK)
    e.send("hint")
    lines = e.sync()
    assert all(re.fullmatch(r"Hint: \S+", s) for s in lines), lines
    finish(e)


def test_lift_highlight():
    e = cecp()
    e.send("new", "force", "lift e2")
    e.expect("highlight 8/8/8/8/4Y3/4Y3/8/8")
    e.send("lift g1")
    e.expect("highlight 8/8/8/8/8/5Y1Y/8/8")
    e.send("setboard r6k/1P6/8/8/8/8/8/7K w - - 0 1", "lift b7")
    e.expect("highlight MM6/8/8/8/8/8/8/8")
    e.send("setboard 7k/8/8/3p4/4P3/8/8/7K w - - 0 1", "lift e4")
    e.expect("highlight 8/8/8/3RY3/8/8/8/8")
    e.send("lift e5")
    e.expect("highlight 8/8/8/8/8/8/8/8")
    e.send("lift z9")
    e.expect(r"Error \([^()]+\): lift")
    finish(e)


def test_option_unknown():
    e = cecp()
    e.send("option NoSuchOption=3")
    e.expect(r"Error \([^()]+\): option")
    finish(e)


def test_analyze_ended_game():
    """Analysing a mated or stalemated position answers at once: the exact
    score at the greatest depth (a host waiting for a depth has it), no line,
    and the result."""
    e = cecp()
    e.send("new", "force", "setboard rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "analyze")
    e.expect("128 -100000 0 0 0 0\t", 5)
    e.expect(r"0-1 \{Black mates\}", 5)
    e.send("exit", "setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "analyze")
    e.expect("128 0 0 0 0 0\t", 5)
    e.expect(r"1/2-1/2 \{Stalemate\}", 5)
    # Mated by a move played while analysing.
    e.send("exit", "setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "analyze")
    e.expect(THINK, 5)
    e.send("a1a8")
    e.expect("128 -100000 0 0 0 0\t", 5, skip=THINK)
    e.expect(r"1-0 \{White mates\}", 5)
    e.send("exit")
    e.sync(5)
    finish(e)


def test_decimal_numbers():
    """Every number a command reads may have decimals (python-chess sends
    `st 1.0`, `st 0.5`, `level 0 1:00 0.1`); each is rounded to its unit."""
    e = cecp()
    e.send("new", "force", "post")
    for cmd in ["st 1.0", "st 0.5", "sd 3.0", "nps 1000.5", "nps 0", "level 40.0 0:30 2.0", "level 0 1:00 0.1",
                "time 1000.5", "otim 99.9", "memory 16.0", "cores 1.0", "st 0.01", "st 0", "sd 0.0"]:
        e.send(cmd)
    assert not [s for s in e.sync(1) if s.startswith("Error")], e.seen
    for bad in ["st 1.5x", "sd -1", "nps lots", "time 1e99", "st nan"]:
        e.send(bad)
        e.expect(r"Error \(bad number\): " + bad.split()[0], 5)
    # sd 3.0 limits the depth to 3.
    start = len(e.seen)
    e.send("sd 3.0", "level 0 10 0", "time 100000", "otim 100000", "go")
    e.expect(r"move \S+", 60, skip=THINK)
    depths = [int(s.split()[0]) for s in e.seen[start:] if re.fullmatch(THINK, s)]
    assert depths and max(depths) == 3, depths
    # nps 1000.5 and st 2.0: 2001 nodes a move, python-chess's node limit.
    start = len(e.seen)
    e.send("force", "sd 0", "nps 1000.5", "st 2.0", "go")
    e.expect(r"move \S+", 60, skip=THINK)
    nodes = [int(s.split()[3]) for s in e.seen[start:] if re.fullmatch(THINK, s)]
    assert nodes and max(nodes) < 4000, nodes
    finish(e)


def timed_move(e, setup, limit_s):
    """(charged, wall) seconds of the turn that `setup` starts (ChargedTime:
    a busy machine's delay is not the engine's)."""
    e.send(*setup)
    turn = ChargedTime(e.proc.pid)
    e.expect("move \\S+", limit_s + 5, skip=THINK)
    return turn.read()[:2]


def test_time_controls():
    e = cecp()
    e.send("new", "post")
    dt, _ = timed_move(e, ["level 0 5 0.5", "time 100", "otim 100", "usermove e2e4"], 1.5)
    assert dt < 1.5, f"level with fractional increment: {dt:.2f} s from a 1 s clock"
    dt, _ = timed_move(e, ["level 40 0:30 0", "time 3000", "otim 3000", "usermove d2d4"], 3)
    assert dt < 3, f"level 40 0:30: {dt:.2f} s"
    dt, wall = timed_move(e, ["st 1", "usermove g1f3"], 1.4)
    assert 0.3 < wall and dt < 1.4, f"st 1 took {dt:.2f} s ({wall:.2f} s wall)"
    start = len(e.seen)
    timed_move(e, ["level 0 10 0", "sd 2", "time 100000", "otim 100000", "usermove b1c3"], 5)
    depths = [int(s.split()[0]) for s in e.seen[start:] if re.fullmatch(THINK, s)]
    assert depths and max(depths) <= 2, f"sd 2 searched depths {depths}"
    start = len(e.seen)
    e.send("sd 0")
    dt = timed_move(e, ["nps 2000", "level 0 1 0", "time 6000", "otim 6000", "usermove c1d2"], 5)
    nodes = [int(s.split()[3]) for s in e.seen[start:] if re.fullmatch(THINK, s)]
    assert nodes and max(nodes) < 20000, f"nps 2000 with a 60 s clock searched {nodes[-1:]} nodes"
    finish(e)


def test_every_variant_plays_both_ways():
    """Two processes play a few turns of each variant: every `move` one sends
    must be accepted as `usermove` by the other (xboard_move and xboard_parse
    round-trip)."""
    a = cecp()
    ids = re.search(r'variants="([^"]*)"', " ".join(a.seen)).group(1).split(",")
    b = cecp()
    for vid in ids:
        for e in (a, b):
            e.send("new", "variant " + vid, "sd 2", "force")
            e.sync()
        a.send("go")
        mover, other = a, b
        for ply in range(8):
            m = mover.expect(r"move (\S+)|(1-0|0-1|1/2-1/2) \{.*\}", 20, skip=THINK)
            if m.group(1) is None:
                break
            other.send("usermove " + m.group(1))
            if ply == 0:
                other.send("go")  # from now on each replies to the other's move
            mover, other = other, mover
        for e in (a, b):
            e.send("force")
            for line in e.sync():
                assert not line.startswith(("Illegal", "Error")), f"{vid}: {line}"
    finish(a)
    finish(b)


def test_eof_exits():
    e = cecp()
    e.proc.stdin.close()
    assert e.proc.wait(timeout=5) == 0


TESTS = [(name, fn) for name, fn in globals().items() if name.startswith("test_")]

if __name__ == "__main__":
    run_tests(TESTS)
