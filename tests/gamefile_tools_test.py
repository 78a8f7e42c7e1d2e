#!/usr/bin/env python3
"""The lab, datagen, tune-data and tune on games of a game file
(docs/gamefiles.md): a study of two Powers values on `polypiece-second` (the
lab's own engines started with the file), self-play data of `pickle-file`,
and a weights fit on `polypiece-file`. Small and node- or depth-limited.

Usage: gamefile_tools_test.py RULEZERO GAMEFILE"""
import os
import subprocess
import sys
import tempfile

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def run(rz, gamefile, *args):
    return subprocess.run([rz, "--variants", gamefile, *args], capture_output=True, text=True, timeout=600)


def test_lab(rz, gamefile, tmp):
    out = os.path.join(tmp, "lab")
    res = run(rz, gamefile, "lab", "--variant", "polypiece-second", "--vary",
              "Powers=K:K Q:Q,WAND R:R,NN B:B,FfsLbbL N:N,AD|K:K Q:Q R:R B:B N:N", "--games", "2", "--depth", "1",
              "--out", out)
    check(res.returncode == 0, "lab: exit %d: %s" % (res.returncode, res.stdout[-2000:] + res.stderr))
    check("illegal moves 0, crashes 0" in res.stdout, "lab: the games went wrong: " + res.stdout[-2000:])
    report = open(os.path.join(out, "report.md"), encoding="utf-8").read() if res.returncode == 0 else ""
    check("polypiece-second" in report, "lab: the report does not name the game")
    pgns = [f for f in os.listdir(out) if f.endswith(".pgn")] if os.path.isdir(out) else []
    check(len(pgns) == 2, "lab: %d PGN files, expected 2" % len(pgns))
    for name in pgns:
        text = open(os.path.join(out, name), encoding="utf-8").read()
        check(text.count('[Variant "polypiece-second"]') == 2, "lab: %s does not hold 2 games of the file's game" % name)


def test_datagen(rz, gamefile, tmp):
    out = os.path.join(tmp, "d.bin")
    res = run(rz, gamefile, "datagen", "--variant", "pickle-file", "--games", "2", "--nodes", "200", "--seed", "5",
              "--max-plies", "60", "--out", out)
    check(res.returncode == 0 and "from 2 games" in res.stderr + res.stdout,
          "datagen: exit %d: %s" % (res.returncode, res.stdout + res.stderr))
    data = open(out, "rb").read() if os.path.exists(out) else b""
    check(data[:8] == b"RZDATA01" and b"pickle-file" in data[:4096], "datagen: no data file of pickle-file")


def test_tune(rz, gamefile, tmp):
    data, weights = os.path.join(tmp, "t.epd"), os.path.join(tmp, "w.txt")
    res = run(rz, gamefile, "tune-data", "--variant", "polypiece-file", "--games", "4", "--nodes", "300", "--seed",
              "3", "--out", data)
    check(res.returncode == 0 and os.path.exists(data) and os.path.getsize(data) > 0,
          "tune-data: exit %d: %s" % (res.returncode, res.stdout + res.stderr))
    res = run(rz, gamefile, "tune", "--variant", "polypiece-file", "--data", data, "--iterations", "2", "--out",
              weights)
    check(res.returncode == 0 and "error after" in res.stdout, "tune: exit %d: %s" % (res.returncode,
                                                                                   res.stdout + res.stderr))
    text = open(weights, encoding="utf-8").read() if os.path.exists(weights) else ""
    check("variant polypiece-file" in text, "tune: no weights file for polypiece-file")


def main(argv):
    rz, gamefile = argv[1], os.path.abspath(argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        for test in (test_lab, test_datagen, test_tune):
            test(rz, gamefile, tmp)
    for f in failures:
        print("FAIL:", f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
