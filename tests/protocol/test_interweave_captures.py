#!/usr/bin/env python3
"""Interweave's `Captures` setting through the command line and CECP: a
malformed value is refused with a message naming the setting and its values,
and the game in force keeps its rules; a good value changes them.

Usage: test_interweave_captures.py RULEZERO"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rzproc import Engine  # noqa: E402

# The docs' chain: with compulsory chains a1a3,a3c3 is the only turn; with
# optional-single a1a3 ends the turn and quiet moves such as a1c1 are legal.
FEN = "3kk3/8/8/8/p7/3p4/8/R2KK3 w - - 0 1"
MESSAGE = r".*Captures.*compulsory-chains.*optional-single.*"


def check_cli(rz):
    failures = []
    run = subprocess.run([rz, "moves", "-v", "interweave", "-f", FEN, "--option", "Captures=many"],
                         capture_output=True, text=True, timeout=30)
    if run.returncode == 0 or not re.fullmatch(MESSAGE, run.stderr.strip(), re.S):
        failures.append(f"CLI Captures=many: exit {run.returncode}, stderr {run.stderr!r}")
    for value, turns in (("compulsory-chains", ["a1a3,a3c3"]), ("optional-single", None)):
        run = subprocess.run([rz, "moves", "-v", "interweave", "-f", FEN, "--option", f"Captures={value}"],
                             capture_output=True, text=True, timeout=30)
        got = [line.split()[0] for line in run.stdout.splitlines() if line.strip()]
        if turns is not None and got != turns:
            failures.append(f"CLI Captures={value}: turns {got}")
        if turns is None and ("a1a3" not in got or "a1c1" not in got or len(got) != 13):
            failures.append(f"CLI Captures={value}: turns {got}")
    return failures


def legal(e, move, n):
    e.send("force", f"setboard {FEN}", f"usermove {move}")
    lines = e.sync(n)
    return not any(line.startswith("Illegal move") or line.startswith("Error") for line in lines)


def check_cecp(rz):
    failures = []
    e = Engine(rz, "cecp")
    e.send("xboard", "protover 2")
    lines = e.collect_until(r"feature .*done=1.*", timeout=10)
    if not any('Captures -combo *compulsory-chains /// optional-single' in line for line in lines):
        failures.append("CECP: no Captures combo feature with the default marked")
    e.send("variant interweave")
    e.sync(1)
    for n, bad in enumerate(("option Captures=many", "option Captures=", "option Captures=Optional_single"), 10):
        e.send(bad)
        lines = e.sync(n)
        if not any(line.startswith("Error") and re.fullmatch(MESSAGE, line) for line in lines):
            failures.append(f"CECP {bad!r}: no Error naming the setting and its values: {lines}")
        if legal(e, "a1c1", n + 10) or not legal(e, "a1a3,a3c3", n + 20):
            failures.append(f"CECP {bad!r}: the game's rules changed")
    e.send("option Captures=optional-single")
    if e.sync(40):
        failures.append("CECP option Captures=optional-single: unexpected output")
    if not legal(e, "a1c1", 41) or not legal(e, "a1a3", 42):
        failures.append("CECP optional-single: a1c1 or a1a3 refused")
    e.send("option Captures=nonsense")
    e.sync(43)
    if not legal(e, "a1c1", 44):
        failures.append("CECP: a refused value undid optional-single")
    e.close()
    return failures


def main():
    rz = sys.argv[1]
    failures = check_cli(rz) + check_cecp(rz)
    for f in failures:
        print("FAIL", f)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
