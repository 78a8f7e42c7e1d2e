#!/usr/bin/env python3
"""Pondering, MultiPV, playing weaker and threads through UCI and CECP, in
every variant; bad values are refused and the settings in force stay.
Usage: test_engine_features.py RULEZERO [TEST...]"""
import re
import subprocess
import sys
import time

from rzproc import ANSWER_WAIT, ChargedTime, Engine, run_tests

RZ = sys.argv[1]
UCI_ERR = r"info string error: .+"
INFO = r"info depth (\d+) seldepth \d+(?: multipv (\d+))? score (?:cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv (\S+).*"
THINK = r"(\d+) -?\d+ \d+ \d+ \d+ \d+\t(\S+).*"


def variants():
    """Our variant ids, as CECP lists them (UCI_Variant also offers other
    engines' names for them, such as `chess`)."""
    e = Engine(RZ, "cecp")
    e.send("xboard", "protover 2")
    features = " ".join(e.collect_until("feature done=1"))
    e.close()
    return re.search(r'variants="([^"]*)"', features).group(1).split(",")


VARIANTS = variants()


# ---- UCI ---------------------------------------------------------------------------------

def uci(variant):
    e = Engine(RZ, f"uci {variant}")
    e.send("uci")
    e.expect("uciok")
    e.send(f"setoption name UCI_Variant value {variant}", "position startpos")
    ready(e)
    return e


def ready(e, errors=0):
    """isready; returns the lines before readyok, which must hold exactly `errors` error lines."""
    start = len(e.seen)
    e.send("isready")
    e.expect("readyok", timeout=30)
    lines = e.seen[start:-1]
    got = [s for s in lines if re.fullmatch(UCI_ERR, s)]
    if len(got) != errors:
        e.fail(f"expected {errors} error lines, got {got}")
    return lines


def round_trip(e, command, answer, samples=3):
    """The longest of `samples` round trips of COMMAND to ANSWER (seconds): the
    machine's own delay, the slack of the timing checks below (well under a
    millisecond idle, tens of milliseconds on a loaded machine)."""
    worst = 0.0
    for _ in range(samples):
        t0 = time.monotonic()
        e.send(command)
        e.expect(answer, timeout=30)
        worst = max(worst, time.monotonic() - t0)
    return worst


def uci_legal(e, turn):
    """The turn is legal at the root: playing it gives no error (then the root is restored)."""
    e.send(f"position startpos moves {turn}")
    ready(e)
    e.send("position startpos")
    ready(e)


def no_bestmove(e, seconds):
    """Reads for `seconds`; fails on a bestmove (thinking output is fine)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = e.lines.get(timeout=left)[1]
        except Exception:  # noqa: BLE001 - queue.Empty: nothing more within the time
            return
        if line is None or not re.fullmatch(INFO, line):
            e.seen.append(str(line))
            e.fail(f"unexpected output {line!r} while pondering")
        e.seen.append(line)


def uci_go(e, go, timeout=30):
    """Sends `go ...`; returns (info matches, bestmove, ponder)."""
    start = len(e.seen)
    e.send(go)
    m = e.expect(r"bestmove (\S+)(?: ponder (\S+))?", timeout=timeout)
    infos = [re.fullmatch(INFO, s) for s in e.seen[start:-1]]
    return [i for i in infos if i], m.group(1), m.group(2)


def uci_multipv(v):
    e = uci(v)
    e.send("setoption name MultiPV value 3")
    ready(e)
    infos, best, _ = uci_go(e, "go depth 4")
    last = max(int(i.group(1)) for i in infos)
    lines = {int(i.group(2)): i.group(3) for i in infos if int(i.group(1)) == last and i.group(2)}
    assert sorted(lines) == [1, 2, 3], f"{v}: lines at depth {last}: {lines}"
    assert len(set(lines.values())) == 3, f"{v}: the first turns must differ: {lines}"
    assert lines[1] == best, f"{v}: bestmove {best} is not line 1 {lines[1]}"
    for turn in lines.values():
        uci_legal(e, turn)
    # Bad values are refused; MultiPV stays 3.
    for bad in ["0", "65", "x", ""]:
        e.send(f"setoption name MultiPV value {bad}")
        ready(e, errors=1)
    infos, _, _ = uci_go(e, "go depth 2")
    assert max(int(i.group(2) or 1) for i in infos) == 3, f"{v}: MultiPV changed by a bad value"
    assert e.close() == 0


def uci_ponder(v):
    e = uci(v)
    e.send("setoption name Ponder value true")
    ready(e)
    slack = round_trip(e, "isready", "readyok")
    # A ponder search never ends by itself, whatever its clock says ...
    e.send("go ponder wtime 1000 btime 1000 winc 0 binc 0")
    no_bestmove(e, 1.0)
    # ... and on ponderhit, its clock already spent, it answers at once.
    hit = ChargedTime(e.proc.pid)
    e.send("ponderhit")
    m = e.expect(r"bestmove (\S+)(?: ponder \S+)?", timeout=10)
    assert hit.seconds() < 1.0 + slack, f"{v}: ponderhit answered after {hit.why()} (slack {slack:.3f} s)"
    uci_legal(e, m.group(1))
    # A miss: the GUI stops the ponder search; its bestmove is legal and ignored.
    e.send("go ponder wtime 60000 btime 60000")
    no_bestmove(e, 0.3)
    e.send("stop")
    m = e.expect(r"bestmove (\S+)(?: ponder \S+)?", timeout=10)
    uci_legal(e, m.group(1))
    for bad in ["maybe", "2", ""]:
        e.send(f"setoption name Ponder value {bad}")
        ready(e, errors=1)
    assert e.close() == 0


def uci_strength(v):
    e = uci(v)
    e.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1000")
    ready(e)
    for bad in ["999", "2401", "strong", ""]:
        e.send(f"setoption name UCI_Elo value {bad}")
        ready(e, errors=1)
    e.send("setoption name UCI_LimitStrength value perhaps")
    ready(e, errors=1)
    # The weakest level still in force: a shallow search, a legal turn.
    infos, best, _ = uci_go(e, "go movetime 400")
    assert max(int(i.group(1)) for i in infos) <= 2, f"{v}: weakest level searched deeper than 2"
    uci_legal(e, best)
    e.send("setoption name UCI_LimitStrength value false")
    ready(e)
    infos, best, _ = uci_go(e, "go depth 5")
    assert max(int(i.group(1)) for i in infos) == 5, f"{v}: full strength should reach depth 5"
    assert e.close() == 0


def uci_threads(v):
    e = uci(v)
    for bad in ["0", "65", "two"]:
        e.send(f"setoption name Threads value {bad}")
        ready(e, errors=1)
    e.send("setoption name Threads value 2")
    ready(e)
    _, best, _ = uci_go(e, "go movetime 300")
    uci_legal(e, best)
    assert e.close() == 0


# ---- CECP -----------------------------------------------------------------------------------

def cecp(variant):
    e = Engine(RZ, f"cecp {variant}")
    e.send("xboard", "protover 2")
    feats = " ".join(e.collect_until("feature done=1"))
    assert "smp=1" in feats.split(), "feature smp=1"
    assert 'option="MultiPV -spin 1 1 64"' in feats and 'option="Skill -spin 20 0 20"' in feats, feats
    e.send("new", f"variant {variant}", "force", "post")
    e.sync(1)
    return e


def cecp_errors(e, command, count):
    e.send(command)
    lines = e.sync(2, timeout=30)
    got = [s for s in lines if s.startswith("Error")]
    if len(got) != count:
        e.fail(f"{command}: expected {count} error lines, got {got}")


def fen(e):
    e.send("d")
    return e.expect(r"# fen (.*)").group(1)


def cecp_move(e, timeout=20):
    """Waits for the engine's move; returns (thinking depths, move)."""
    start = len(e.seen)
    m = e.expect(r"move (\S+)", timeout=timeout)
    depths = [int(t.group(1)) for t in (re.fullmatch(THINK, s) for s in e.seen[start:-1]) if t]
    return depths, m.group(1)


def cecp_multipv(v):
    e = cecp(v)
    cecp_errors(e, "option MultiPV=3", 0)
    for bad in ["0", "65", "many"]:
        cecp_errors(e, f"option MultiPV={bad}", 1)
    e.send("analyze")
    # Thinking lines of one depth, three of them with different first turns.
    deadline = time.monotonic() + ANSWER_WAIT  # ends as soon as the lines come
    by_depth = {}
    while time.monotonic() < deadline:
        t = re.fullmatch(THINK, e.readline(ANSWER_WAIT))
        if t:
            by_depth.setdefault(int(t.group(1)), []).append(t.group(2))
            if any(len(set(firsts)) >= 3 for d, firsts in by_depth.items() if d >= 3):
                break
    else:
        e.fail(f"{v}: no depth with three lines in analysis: {by_depth}")
    e.send("exit")
    e.sync(3)
    assert e.close() == 0


def cecp_ponder(v):
    e = cecp(v)
    cecp_errors(e, "cores 0", 1)
    cecp_errors(e, "cores 2", 0)
    slack = round_trip(e, "ping 77", "pong 77")
    e.send("hard", "st 1", "go")
    _, first = cecp_move(e)
    e.send("hint")
    hint = e.expect(r"Hint: (\S+)", timeout=5).group(1)
    # Pondering on the hint: playing it gets an answer at once (its second is spent).
    time.sleep(1.2)
    hit = ChargedTime(e.proc.pid)  # a busy machine's delay is not the engine's
    e.send(f"usermove {hint}")
    _, reply = cecp_move(e)
    assert hit.seconds() < 0.75 + slack, f"{v}: answer to the pondered move took {hit.why()} (slack {slack:.3f} s)"
    # A miss: another legal move; the ponder search is dropped and the answer is a fresh search.
    e.send("hint")
    hint = e.expect(r"Hint: (\S+)", timeout=5).group(1)
    before = fen(e)
    listed = subprocess.run([RZ, "moves", "-v", v, "-f", before], capture_output=True, text=True, check=True)
    for turn in (line.split()[0] for line in listed.stdout.splitlines()):
        if turn == hint:
            continue
        e.send(f"usermove {turn}")
        if e.expect(r"Illegal move.*|move \S+", timeout=20).group(0).startswith("move"):
            break
        # written differently for XBoard: try another
    else:
        e.fail(f"{v}: no other legal turn accepted")
    after = fen(e)
    assert after != before and after.split()[1] == before.split()[1], f"{v}: {before} -> {after}"
    e.send("result 1/2-1/2 {end}")
    assert e.close() == 0
    del first, reply


def cecp_strength(v):
    e = cecp(v)
    cecp_errors(e, "option Skill=0", 0)
    for bad in ["21", "-1", "weak"]:
        cecp_errors(e, f"option Skill={bad}", 1)
    e.send("st 1", "go")
    depths, _ = cecp_move(e)
    assert depths and max(depths) <= 2, f"{v}: Skill=0 thought to depths {depths}"
    assert e.close() == 0


def command_line_engine_options():
    for bad in ["Threads=0", "MultiPV=65", "Skill=x", "UCI_Elo=3000", "Ponder=maybe", "Move Overhead=5001"]:
        r = subprocess.run([RZ, "--option", bad], input="", capture_output=True, text=True)
        name = bad.split("=")[0]
        assert r.returncode == 2 and f"option {name}: " in r.stderr, f"{bad}: {r.returncode} {r.stderr!r}"  # a usage error
    # Given on the command line, they hold in the session: Skill 0 stays shallow, MultiPV 2 shows two lines.
    e = Engine([RZ, "--option", "Skill=0", "-o", "Threads=2"], "uci with --option")
    e.send("uci", "position startpos")
    e.expect("uciok")
    infos, _, _ = uci_go(e, "go depth 6")
    assert infos and max(int(i.group(1)) for i in infos) <= 2, "--option Skill=0 did not hold"
    assert e.close() == 0
    e = Engine([RZ, "--option", "MultiPV=2"], "cecp with --option")
    e.send("xboard", "protover 2", "analyze")
    first = re.fullmatch(THINK, e.expect(THINK, timeout=10).group(0)).group(1)
    e.expect(first + r" .*", timeout=10)  # a second line of the same depth
    e.send("exit")
    assert e.close() == 0


def move_overhead_option():
    """Move Overhead is offered by both protocols, refuses bad values and is kept for the clock."""
    e = Engine(RZ, "uci move overhead")
    e.send("uci")
    e.expect(r"option name Move Overhead type spin default 30 min 0 max 5000")
    e.expect("uciok")
    e.send("setoption name Move Overhead value 5001")
    e.expect(r"info string error: Move Overhead must be 0\.\.5000.*")
    e.send("setoption name Move Overhead value 400", "position startpos")
    _, best, _ = uci_go(e, "go wtime 1000 btime 1000 winc 0 binc 0")
    assert best, "no move with Move Overhead 400"
    e.send("quit")
    assert e.close() == 0
    e = Engine(RZ, "cecp move overhead")
    e.send("xboard", "protover 2")
    feats = " ".join(e.collect_until("feature done=1"))
    assert 'option="Move Overhead -spin 30 0 5000"' in feats, feats
    e.send("new", "force")
    e.sync(1)
    cecp_errors(e, "option Move Overhead=250", 0)
    for bad in ["-1", "5001", "soon"]:
        cecp_errors(e, f"option Move Overhead={bad}", 1)
    e.send("exit")
    assert e.close() == 0


def main():
    tests = [("command_line_engine_options", command_line_engine_options), ("move_overhead_option", move_overhead_option)]
    for v in VARIANTS:
        for fn in [uci_multipv, uci_ponder, uci_strength, uci_threads, cecp_multipv, cecp_ponder, cecp_strength]:
            tests.append((f"{fn.__name__}[{v}]", lambda fn=fn, v=v: fn(v)))
    run_tests(tests)


if __name__ == "__main__":
    main()
