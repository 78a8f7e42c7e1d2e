#!/usr/bin/env python3
"""`rulezero lab`: what keeps a study honest (small Interweave studies at
depth 1 and 2, node-free but tiny: a few seconds each).

- A study keeps its conditions (DIR/conditions.txt) and refuses, exit 2 and
  nothing played, to resume or merge under others (--depth, the default depth,
  --random-plies, --seed, --max-moves, --engine), naming each difference;
  a directory of games without conditions is refused too.
- The report, lab.json and every chart state every condition, defaults
  included, and each value's n; the commands that played the games are
  listed, oldest first.
- The console gives no Elo or LOS (self-play: two copies of one engine) but
  White's score and the draw rate.
- Fitted weights carry 95% bootstrap intervals, the same on every run, and
  are marked n.s. where the interval holds the default.
- --max-wait reaches the runner: an engine that keeps its first move 40 s
  loses on time under --max-wait 8 (the runner's own wait is 60 s); it is
  not a condition, so a study resumes with it.
- --confirm-deeper plays the study one ply deeper and says, for each answer,
  whether it holds; the verdicts agree with the two studies' own figures.

Usage: lab_conditions_test.py RULEZERO"""
import json
import os
import re
import shlex
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab_test import check, finish, has_matplotlib, run  # noqa: E402  the lab tests' helpers


STUDY = ["lab", "--variant", "interweave", "--vary", "Captures=compulsory-chains,optional-single"]
SMALL = ["--max-moves", "20", "--fit-passes", "0", "--no-charts"]


def load(out):
    """lab.json, or {} when missing (a failure already said why)."""
    path = os.path.join(out, "lab.json")
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def read(path):
    """A file's text, or "" when missing (its checks then fail)."""
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        return f.read()


def check_refusals(rz, tmp):
    out = os.path.join(tmp, "kept")
    base = STUDY + SMALL + ["--depth", "1", "--games", "2", "--out", out]
    res = run(rz, *base)
    check(res.returncode == 0, f"first run: {res.returncode} {res.stderr[-300:]}")
    check(os.path.exists(os.path.join(out, "conditions.txt")), "no conditions.txt")
    text = read(os.path.join(out, "conditions.txt"))
    check("limit: depth 1\n" in text and "random plies: 4 (default)" in text and "seed: 1 (default)" in text
          and "max moves: 20\n" in text, f"conditions.txt: {text}")
    changed = [
        (["--depth", "2"], ["limit", "depth 1", "depth 2"]),
        ([], ["limit", "depth 1", "depth 3 (the default)"]),
        (["--depth", "1", "--random-plies", "6"], ["random plies", "4", "6"]),
        (["--depth", "1", "--seed", "7"], ["seed", "7"]),
        (["--depth", "1", "--max-moves", "30"], ["max moves", "20", "30"]),
        (["--depth", "1", "--engine", "rulezero-other"], ["engine", "rulezero-other"]),
    ]
    for extra, words in changed:
        moves = [] if "--max-moves" in extra else ["--max-moves", "20"]
        args = STUDY + ["--fit-passes", "0", "--no-charts"] + moves + extra + ["--games", "3", "--out", out]
        res = run(rz, *args)
        check(res.returncode == 2, f"resumed with {extra}: exit {res.returncode}, not 2")
        check(all(w in res.stderr for w in words) and "other conditions" in res.stderr,
              f"resumed with {extra}: message '{res.stderr.strip()}' lacks {words}")
        check("Game " not in res.stdout, f"resumed with {extra}: played {res.stdout[-200:]}")
    # The same conditions: resumes, and the report lists both commands.
    res = run(rz, *base[:-4], "--games", "3", "--out", out)
    check(res.returncode == 0 and res.stdout.count("Game ") == 2, f"resume, same conditions: {res.stderr[-300:]}")
    md = read(os.path.join(out, "report.md"))
    check(md.count("rulezero lab --variant interweave") == 2 and "--games 2" in md and "--games 3" in md,
          "report.md does not list the two commands that played")
    # --merge of a directory of other conditions: refused.
    other = os.path.join(tmp, "other")
    res = run(rz, *STUDY, *SMALL, "--depth", "1", "--seed", "9", "--games", "1", "--out", other)
    check(res.returncode == 0, f"the other study: {res.stderr[-300:]}")
    res = run(rz, *STUDY, *SMALL, "--depth", "1", "--games", "3", "--out", os.path.join(tmp, "m"),
              "--merge", out, other)
    check(res.returncode == 2 and "seed 9 in " + other in res.stderr, f"merge of two conditions: {res.stderr}")
    # Games without conditions (a study from before they were kept): refused, naming the file to write.
    if os.path.exists(os.path.join(out, "conditions.txt")):
        os.remove(os.path.join(out, "conditions.txt"))
    res = run(rz, *base[:-4], "--games", "4", "--out", out)
    check(res.returncode == 2 and "conditions.txt" in res.stderr and "Game " not in res.stdout,
          f"games without conditions: {res.returncode} {res.stderr}")


def check_report(rz, tmp):
    """The default depth stated as such; n everywhere; no Elo; weights with intervals."""
    out = os.path.join(tmp, "report")
    args = STUDY + ["--max-moves", "40", "--games", "6", "--fit-passes", "1", "--fit-bootstrap", "5",
                    "--out", out]
    # The default depth (3) is slow for a test: the conditions are checked with depth 1 and a
    # stored default checked through conditions.txt below.
    # No charts on this run: the run below (--merge, nothing played) draws them again, and they are
    # checked after it (a Python start with matplotlib saved).
    res = run(rz, *args, "--depth", "1", "--no-charts")
    check(res.returncode == 0, f"report study: {res.stderr[-300:]}")
    if res.returncode != 0:
        return
    elo = re.findall(r"Elo difference.*|Elo [-+]?\d.*|LOS: .*", res.stdout)
    check(not elo, f"the console gives Elo or LOS between two copies of one engine: {elo[:3]}")
    check("self-play" in res.stdout, "the console does not say self-play")
    for value in ("compulsory-chains", "optional-single"):
        check(re.search(rf"Captures={value}: 6 games, White \+\d+ =\d+ -\d+, White's score [\d.]+% \([\d.]+-[\d.]+\), "
                        r"draw rate [\d.]+% \([\d.]+-[\d.]+\)", res.stdout),
              f"the console lacks {value}'s score and draw rate")
    data, md = load(out), read(os.path.join(out, "report.md"))
    cond = data.get("conditions", {})
    check(cond.get("limit") == {"value": "depth 1", "default": False} and cond.get("seed", {}).get("default")
          and cond.get("random plies") == {"value": "4", "default": True}
          and cond.get("max moves", {}).get("value") == "40"
          and "engine" in cond and "variant defaults" in cond, f"lab.json conditions: {cond}")
    for row in ("| limit | depth 1 |", "| random plies | 4 (default) |", "| seed | 1 (default) |",
                "| max moves | 40 |", "| engine | this rulezero", "| games (n) | compulsory-chains: 6, optional-single: 6 |"):
        check(row in md.replace("\\", ""), f"report.md lacks '{row}'")
    fitted = [v for v in data.get("values", []) if v["fit"]["done"]]
    check(fitted, "no value fitted (too few positions?)")
    for v in fitted:
        fit = v["fit"]
        check(fit.get("bootstrap") == 5, f"{v['value']}: bootstrap {fit.get('bootstrap')}")
        for w in fit["weights"]:
            ok = "low" in w and "high" in w and w["low"] <= w["high"]
            check(ok, f"{v['value']} {w['name']}: no interval {w}")
            if ok:
                moved_up, moved_down = w["fitted"] > w["default"], w["fitted"] < w["default"]
                outside = (moved_up and w["low"] > w["default"]) or (moved_down and w["high"] < w["default"])
                check(w.get("significant") == outside, f"{v['value']} {w['name']}: significant {w}")
        check(re.search(r"\| Pawn \| 100 \|.*\(\d+–\d+\)", md), "report.md: Pawn without its interval")
    if any(not w.get("significant") for v in fitted for w in v["fit"]["weights"]):
        check(" n.s." in md, "report.md marks no weight n.s.")
    # Deterministic: the report made again (nothing played) gives the same intervals.
    res = run(rz, *args, "--depth", "1", "--merge", out)
    check(res.returncode == 0 and "Game " not in res.stdout, f"report again: {res.stderr[-300:]}")
    if res.returncode == 0:
        again = load(out)
        check([v["fit"] for v in again["values"]] == [v["fit"] for v in data["values"]],
              "the bootstrap intervals differ between two runs on the same games")
    if has_matplotlib():
        for svg in ("score.svg", "length.svg", "ends.svg", "weights.svg"):
            text = read(os.path.join(out, svg)) if os.path.exists(os.path.join(out, svg)) else ""
            check("depth 1" in text and "random plies 4 (default)" in text and "seed 1 (default)" in text
                  and "max moves 40" in text, f"{svg} does not state the conditions")
            check("n=6" in text, f"{svg} does not state n")
    else:
        print("note: no matplotlib (Debian python3-matplotlib): the charts are not checked")
    # The default depth, stated as such: a study without --depth records "depth 3 (default)".
    dflt = os.path.join(tmp, "default")
    res = run(rz, *STUDY, "--games", "1", "--max-moves", "2", "--fit-passes", "0", "--no-charts", "--out", dflt)
    check(res.returncode == 0, f"default depth: {res.stderr[-300:]}")
    if res.returncode == 0:
        check("| limit | depth 3 (default) |" in read(os.path.join(dflt, "report.md")),
              "report.md does not state the default depth 3")
        check(load(dflt).get("conditions", {}).get("limit") == {"value": "depth 3", "default": True}, "lab.json: default depth")


def sign(x):
    return (x > 1e-9) - (x < -1e-9)


def check_deeper(rz, tmp):
    out = os.path.join(tmp, "deeper")
    args = STUDY + SMALL + ["--depth", "1", "--games", "4", "--out", out, "--confirm-deeper"]
    res = run(rz, *args)
    check(res.returncode == 0, f"--confirm-deeper: {res.stderr[-300:]}")
    if res.returncode != 0:
        return
    check(res.stdout.count("Game ") == 16, f"--confirm-deeper played {res.stdout.count('Game ')} games, not 16")
    inner = os.path.join(out, "depth-2")
    check("limit: depth 2\n" in read(os.path.join(inner, "conditions.txt")), "depth-2/conditions.txt: not depth 2")
    base, deep = load(out), load(inner)
    answers = base.get("deeper", {}).get("answers", [])
    check(base.get("deeper", {}).get("depth") == 2 and answers, f"lab.json: no answers one ply deeper")
    figures = {"White's score": ("white_score", 100), "draw rate": ("draw_rate", 100), "length": ("length", 1)}
    values = [v["value"] for v in base["values"]]
    for a in answers:
        i, j = values.index(a["from"]), values.index(a["to"])
        if a["figure"] in figures:
            key, scale = figures[a["figure"]]
            d0 = scale * (base["values"][j][key]["value"] - base["values"][i][key]["value"])
            d1 = scale * (deep["values"][j][key]["value"] - deep["values"][i][key]["value"])
        else:
            share = [{e["end"]: e["value"] for e in v["ends"]} for v in (base["values"][i], base["values"][j],
                                                                            deep["values"][i], deep["values"][j])]
            d0, d1 = 100 * (share[1][a["figure"]] - share[0][a["figure"]]), 100 * (share[3][a["figure"]] - share[2][a["figure"]])
        want = {1: "holds", -1: "flips", 0: "none"}[sign(d0) * sign(d1)]
        check(abs(a["difference"] - d0) < 1e-3 and abs(a["deeper_difference"] - d1) < 1e-3 and a["verdict"] == want,
              f"answer {a} against {d0:+.2f}, {d1:+.2f}: {want}")
    md = read(os.path.join(out, "report.md"))
    check("One ply deeper" in md and "| depth 1 | depth 2 |" in md, "report.md has no answers one ply deeper")
    flips = sum(a["verdict"] == "flips" for a in answers)
    check(("answers flip" in res.stdout) == (flips > 0) and "One ply deeper" in res.stdout,
          f"the console's verdict disagrees with {flips} flips")
    # Resumed: nothing new played.
    res = run(rz, *args)
    check(res.returncode == 0 and "Game " not in res.stdout, f"--confirm-deeper again: {res.stdout[-300:]}")
    # Only a depth can be made deeper.
    res = run(rz, *STUDY, "--nodes", "1000", "--confirm-deeper", "--out", os.path.join(tmp, "nodes"))
    check(res.returncode == 2 and "--confirm-deeper" in res.stderr and not os.path.exists(os.path.join(tmp, "nodes")),
          f"--confirm-deeper with --nodes: {res.returncode} {res.stderr}")


SLOW_ENGINE = """import subprocess, sys, threading, time, os
engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def answers():
    held = False
    for line in engine.stdout:
        if not held and (line.startswith("bestmove") or line.startswith("move ")):
            held = True
            time.sleep(40)
        sys.stdout.write(line)
        sys.stdout.flush()
threading.Thread(target=answers, daemon=True).start()
for line in sys.stdin:
    engine.stdin.write(line)
    engine.stdin.flush()
engine.kill()
os._exit(0)
"""


def check_max_wait(rz, tmp):
    slow = os.path.join(tmp, "slow_engine.py")
    with open(slow, "w", encoding="utf-8") as f:
        f.write(SLOW_ENGINE)
    engine = " ".join(shlex.quote(w) for w in (sys.executable, slow, os.path.abspath(rz)))
    out = os.path.join(tmp, "wait")
    study = ["lab", "--variant", "interweave", "--vary", "Captures=compulsory-chains", *SMALL, "--depth", "1",
             "--games", "1", "--engine", engine, "--out", out]
    res = run(rz, *study, "--max-wait", "8")
    check(res.returncode == 0, f"--max-wait 8: {res.returncode} {res.stderr[-300:]}")
    pgn = read(os.path.join(out, "Captures-compulsory-chains.pgn"))
    check("on time (no move)" in pgn, f"--max-wait 8 did not reach the runner (no loss on time): {pgn[-300:]}")
    res = run(rz, *study)
    check(res.returncode == 0 and "Game " not in res.stdout, f"resumed without --max-wait: {res.stderr[-300:]}")
    res = run(rz, "lab", "--max-wait", "0", *STUDY[1:], "--out", os.path.join(tmp, "wait0"))
    check(res.returncode == 2 and "max wait" in res.stderr, f"--max-wait 0: {res.returncode} {res.stderr}")


def main():
    rz = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        check_refusals(rz, tmp)
        check_report(rz, tmp)
        check_deeper(rz, tmp)
        check_max_wait(rz, tmp)
    return finish("lab_conditions")


if __name__ == "__main__":
    sys.exit(main())
