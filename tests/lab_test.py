#!/usr/bin/env python3
"""`rulezero lab`: a short study (2 values x 4 games at depth 1, seconds)
whose report agrees with its PGN files (results counted in the PGN, the 95%
intervals recomputed here), a resumed run that plays only the new games, a
game cut off in writing played again, and bad settings refused (exit 2, a
message naming the setting and its allowed values) before any game.

Usage: lab_test.py RULEZERO"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

Z = 1.959963984540054
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(rz, *args):
    return subprocess.run([rz, *args], capture_output=True, text=True, timeout=600)


def wilson(k, n):
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def pgn_games(path):
    """(result, plies, rounds) per game, read with regular expressions, apart from the C reader."""
    text = open(path, encoding="utf-8").read()
    results = re.findall(r'^\[Result "([^"]*)"\]', text, re.M)
    plies = [int(n) for n in re.findall(r'^\[PlyCount "(\d+)"\]', text, re.M)]
    rounds = [int(n) for n in re.findall(r'^\[Round "(\d+)"\]', text, re.M)]
    options = re.findall(r'^\[VariantOptions "([^"]*)"\]', text, re.M)
    return results, plies, rounds, options


def close(a, b):
    return abs(a - b) < 1e-4


def check_report(out, setting, values, games):
    data = json.load(open(os.path.join(out, "lab.json"), encoding="utf-8"))
    md = open(os.path.join(out, "report.md"), encoding="utf-8").read()
    check(data["setting"] == setting, f"lab.json names setting {data['setting']}")
    check([v["value"] for v in data["values"]] == values, f"lab.json values {[v['value'] for v in data['values']]}")
    for v in data["values"]:
        results, plies, rounds, options = pgn_games(os.path.join(out, v["pgn"]))
        w, d, b = results.count("1-0"), results.count("1/2-1/2"), results.count("0-1")
        n = len(results)
        name = f"{setting}={v['value']}"
        check(n == games and v["games"] == n, f"{name}: {n} games in the PGN, {v['games']} in the report, {games} asked")
        check(sorted(rounds) == list(range(1, games + 1)), f"{name}: rounds {sorted(rounds)}")
        check(all(f"{setting}={v['value']}" in o for o in options) and len(options) == n,
              f"{name}: VariantOptions tags {options[:2]}")
        check((v["white_wins"], v["draws"], v["black_wins"]) == (w, d, b),
              f"{name}: report +{v['white_wins']} ={v['draws']} -{v['black_wins']}, PGN +{w} ={d} -{b}")
        check(f"| {v['value'].replace('-', '-')} | {n} | {w} / {d} / {b} |" in md.replace("\\", ""),
              f"{name}: report.md lacks the row '| {v['value']} | {n} | {w} / {d} / {b} |'")
        check(close(v["white_score"]["value"], (w + d / 2) / n), f"{name}: White's score {v['white_score']}")
        low, high = wilson(d, n)
        check(close(v["draw_rate"]["value"], d / n) and close(v["draw_rate"]["low"], low)
              and close(v["draw_rate"]["high"], high), f"{name}: draw rate {v['draw_rate']} vs Wilson {low}, {high}")
        low, high = wilson(n - d, n)
        check(close(v["decisive_rate"]["low"], low) and close(v["decisive_rate"]["high"], high),
              f"{name}: decisive rate {v['decisive_rate']}")
        check(len(plies) == n and close(v["length"]["value"], sum(plies) / n),
              f"{name}: mean length {v['length']['value']} vs PlyCount mean {sum(plies) / max(1, n)}")
        check(v["length"]["low"] <= v["length"]["value"] <= v["length"]["high"], f"{name}: length interval")
        check(sum(e["count"] for e in v["ends"]) == n, f"{name}: the ends add up to {sum(e['count'] for e in v['ends'])}")
        text = open(os.path.join(out, v["pgn"]), encoding="utf-8").read()
        ends = {e["end"]: e["count"] for e in v["ends"]}
        for words, end in (("captures a King", "King capture"), ("mates}", "mate"), ("fifty-move", "fifty-move rule"),
                           ("adjudication after", "adjudication (length)")):
            check(text.count(words) == ends[end], f"{name}: {text.count(words)} games say '{words}', {ends[end]} {end}")
        fit = v["fit"]
        check(fit["done"] or fit["why"], f"{name}: a fit neither done nor explained")
        if fit["done"]:
            check(fit["positions"] >= 100 and fit["error_after"] <= fit["error_before"] + 1e-12
                  and any(w["name"] == "Pawn" for w in fit["weights"]), f"{name}: fit {fit}")
    html = open(os.path.join(out, "report.html"), encoding="utf-8").read()
    check("<table>" in html, "report.html has no table")
    return data, html


def has_matplotlib():
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"
    return subprocess.run([python, "-c", "import matplotlib"], capture_output=True).returncode == 0


def check_study(rz, tmp):
    out = os.path.join(tmp, "study")
    args = ["lab", "--variant", "interweave", "--vary", "Captures=compulsory-chains,optional-single", "--depth",
            "1", "--max-moves", "40", "--fit-passes", "1", "--fit-bootstrap", "0", "--out", out]
    res = run(rz, *args, "--games", "4")  # the bootstrap's intervals: lab_conditions_test.py
    check(res.returncode == 0, f"lab run failed: {res.stdout[-500:]} {res.stderr[-500:]}")
    if res.returncode != 0:
        return
    check(res.stdout.count("Game ") == 8, f"first run played {res.stdout.count('Game ')} games, not 8")
    data, html = check_report(out, "Captures", ["compulsory-chains", "optional-single"], 4)
    if not has_matplotlib():
        print("note: no matplotlib (Debian python3-matplotlib): the charts are not checked")
    else:
        for svg in ("score.svg", "length.svg", "ends.svg"):
            check(os.path.exists(os.path.join(out, svg)), f"no {svg}")
        check(html.count("<svg") >= 3, "report.html does not inline the charts")
    # The runs below check the games and the report, not the charts again: without them each
    # run saves a Python start with matplotlib (about 1.5 CPU-s).
    args = args + ["--no-charts"]
    # Resume: the same command with more games plays only the new ones.
    res = run(rz, *args, "--games", "6")
    check(res.returncode == 0, f"resumed run failed: {res.stderr[-500:]}")
    played = re.findall(r"^Game (\d+)/6", res.stdout, re.M)
    check(sorted(played) == ["5", "5", "6", "6"], f"resumed run played games {played}, not 5 and 6 of each value")
    check(res.stdout.count("Resuming: 4 of the 6 games") == 2, "resumed run did not say it resumed")
    check_report(out, "Captures", ["compulsory-chains", "optional-single"], 6)
    # Again with nothing new: nothing played, the same report.
    res = run(rz, *args, "--games", "6")
    check(res.returncode == 0 and "Game " not in res.stdout, f"a finished study played again: {res.stdout[-300:]}")
    # A game cut off while it was written is dropped and played again.
    pgn = os.path.join(out, data["values"][1]["pgn"])
    with open(pgn, "a", encoding="utf-8") as f:
        f.write('[Event "Rule Zero match"]\n[Round "7"]\n\n1. b2b3 b7b6 2.')
    res = run(rz, *args, "--games", "8")
    check(res.returncode == 0 and "unreadable" in res.stderr, f"a cut game not reported: {res.stderr[-300:]}")
    check_report(out, "Captures", ["compulsory-chains", "optional-single"], 8)
    res = run(rz, "pgn-check", pgn)
    check(res.returncode == 0, f"pgn-check of the resumed file: {res.stdout[-300:]}")
    # The report made again from the study's own directory: nothing played, no game lost.
    res = run(rz, *args, "--games", "8", "--merge", out)
    check(res.returncode == 0 and "Game " not in res.stdout, f"--merge of the study's own DIR: {res.stderr[-300:]}")
    check_report(out, "Captures", ["compulsory-chains", "optional-single"], 8)
    # Self-play: every game its own opening (a colour-reversed replay would repeat the game).
    text = open(pgn, encoding="utf-8").read()
    starts = [" ".join(re.sub(r"\d+\.", "", m).split()[:4]) for m in re.findall(r"\n\n(1\. [^{]*)", text)]
    check(len(starts) == 8 and len(set(starts)) > 6, f"the games' openings repeat: {starts}")


BAD = [
    ("nickdanger", "Links=0", ["Links", "1 to 32"]),
    ("nickdanger", "Links=many", ["Links", "1 to 32"]),
    ("nickdanger", "Links=4,33", ["Links", "'33'", "1 to 32"]),
    ("nickdanger", "Linkz=4", ["Linkz", "Links"]),
    ("interweave", "Captures=compulsory-chains,sometimes", ["Captures", "compulsory-chains, optional-single"]),
    ("normal", "Links=4", ["Links", "none"]),
    ("interweave", "Captures=", ["Captures", "no value"]),
]


def check_bad(rz, tmp):
    for variant, vary, words in BAD:
        out = os.path.join(tmp, "bad")
        res = run(rz, "lab", "--variant", variant, "--vary", vary, "--games", "2", "--depth", "1", "--out", out)
        check(res.returncode == 2, f"{variant} {vary}: exit {res.returncode}, not 2")
        check(all(w in res.stderr for w in words), f"{variant} {vary}: message '{res.stderr.strip()}' lacks {words}")
        check("Game " not in res.stdout and not os.path.exists(out), f"{variant} {vary}: played or wrote something")
    res = run(rz, "lab", "--variant", "interweave", "--vary", "Captures=optional-single", "--fit-weights",
              "Pawn,Queen", "--out", os.path.join(tmp, "bad"))
    check(res.returncode == 2 and "'Queen'" in res.stderr and "Smasher" in res.stderr,
          f"--fit-weights Queen in interweave: {res.returncode} {res.stderr.strip()}")
    res = run(rz, "lab", "--variant", "interweave", "--vary", "Captures=optional-single", "--tc", "soon",
              "--out", os.path.join(tmp, "bad"))
    check(res.returncode == 2 and "'soon'" in res.stderr and not os.path.exists(os.path.join(tmp, "bad")),
          f"lab --tc soon: {res.returncode} {res.stderr.strip()}")
    res = run(rz, "match", "--engine", "builtin:random", "--engine", "builtin:random", "--resume")
    check(res.returncode == 2 and "--pgn" in res.stderr, f"match --resume without --pgn: {res.returncode}")


def check_shards(rz, tmp):
    """Two shards in two directories, merged into a third: every game once."""
    common = ["lab", "--variant", "interweave", "--vary", "Captures=compulsory-chains,optional-single", "--depth",
              "1", "--max-moves", "20", "--fit-passes", "0", "--no-charts"]
    dirs = [os.path.join(tmp, f"shard{i}") for i in (1, 2)]
    for i, d in enumerate(dirs, 1):
        res = run(rz, *common, "--games", "4", "--shard", f"{i}/2", "--out", d)
        check(res.returncode == 0 and res.stdout.count("Game ") == 4, f"shard {i}: {res.stdout[-300:]}")
    merged = os.path.join(tmp, "merged")
    res = run(rz, *common, "--games", "4", "--out", merged, "--merge", *dirs)
    check(res.returncode == 0 and "Game " not in res.stdout, f"merge: {res.returncode} {res.stderr[-300:]}")
    if res.returncode == 0:
        check_report(merged, "Captures", ["compulsory-chains", "optional-single"], 4)
    # A file whose games were played under other settings stops the study before any game.
    pgn = os.path.join(merged, "Captures-optional-single.pgn")
    text = open(pgn, encoding="utf-8").read()
    with open(pgn, "w", encoding="utf-8") as f:
        f.write(text.replace("Captures=optional-single", "Captures=compulsory-chains"))
    res = run(rz, *common, "--games", "6", "--out", merged)
    check(res.returncode == 1 and "played under Captures=compulsory-chains" in res.stderr
          and "Game " not in res.stdout, f"a file of other settings: {res.returncode} {res.stderr[-300:]}")


def check_older_tags(rz, tmp):
    """Games whose VariantOptions tag lists fewer settings (written before the
    variant had the others) belong to the study when the settings left out
    are at their defaults: the study resumes and adds only the new games."""
    out = os.path.join(tmp, "older")
    common = ["lab", "--variant", "nickdanger", "--vary", "Links=2,4", "--depth", "1", "--max-moves", "8",
              "--fit-passes", "0", "--no-charts", "--out", out]
    res = run(rz, *common, "--games", "2")
    check(res.returncode == 0 and res.stdout.count("Game ") == 4, f"older tags, first run: {res.stderr[-300:]}")
    for value in ("2", "4"):
        pgn = os.path.join(out, f"Links-{value}.pgn")
        text = open(pgn, encoding="utf-8").read()
        older = re.sub(r'^\[VariantOptions "Links=' + value + r'[^"]*"\]', f'[VariantOptions "Links={value}"]',
                       text, flags=re.M)
        check(older != text, f"older tags: Links-{value}.pgn has a longer tag to shorten")
        with open(pgn, "w", encoding="utf-8") as f:
            f.write(older)
    res = run(rz, *common, "--games", "3")
    check(res.returncode == 0 and res.stdout.count("Game ") == 2,
          f"older tags, resumed: {res.returncode} {res.stdout.count('Game ')} games {res.stderr[-300:]}")


def main():
    rz = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        check_bad(rz, tmp)
        check_study(rz, tmp)
        check_shards(rz, tmp)
        check_older_tags(rz, tmp)
    return finish("lab")


def finish(name):
    """Says every failure and the verdict; the exit code (also for tests that import this module)."""
    for f in failures:
        print("FAIL:", f)
    print(f"{name}:", "ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
