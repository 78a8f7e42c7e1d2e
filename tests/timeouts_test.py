#!/usr/bin/env python3
"""Every test's ctest TIMEOUT catches a hang, not a slow machine (issue 43).

The rule (tests/CMakeLists.txt, "Timeouts"; docs/reliability.md): a TIMEOUT is
at least FLOOR_S (300 s) and at least 10x the test's longest wall time in the
last clean-clone run. This test checks the floor, read from ctest itself
(`ctest --show-only=json-v1` in the build tree); a test below it must be in
ALLOWED with its reason. A test without TIMEOUT gets ctest's --timeout
(scripts/test.sh: 600 s or more) or its default (1500 s), so it passes.
Before the real tests, the check is run on a planted list with a low TIMEOUT
and must find it, so that it cannot pass by checking nothing.
Usage: timeouts_test.py CTEST BUILD_DIR"""
import json
import subprocess
import sys

FLOOR_S = 300

# Tests allowed under the floor, each with its reason. A test that checks that
# something finishes quickly must bound CPU time (or a measured margin) inside
# the test, not by its ctest TIMEOUT, so this list is meant to stay empty.
ALLOWED = {
}


def properties(test):
    return {p["name"]: p["value"] for p in test.get("properties", [])}


def too_low(tests):
    """The problems: tests whose TIMEOUT is under FLOOR_S and not allowed."""
    problems = []
    for t in tests:
        timeout = properties(t).get("TIMEOUT")
        if timeout is None or t["name"] in ALLOWED:
            continue
        if float(timeout) < FLOOR_S:
            problems.append(f"{t['name']}: TIMEOUT {timeout} s is under the floor of {FLOOR_S} s "
                            "(tests/CMakeLists.txt, \"Timeouts\": a timeout catches a hang, not a busy machine)")
    return problems


def planted_is_found():
    planted = [{"name": "planted_low", "properties": [{"name": "TIMEOUT", "value": 120}]},
               {"name": "planted_fine", "properties": [{"name": "TIMEOUT", "value": FLOOR_S}]},
               {"name": "planted_default", "properties": []}]
    found = too_low(planted)
    return len(found) == 1 and found[0].startswith("planted_low:")


def main():
    ctest, build = sys.argv[1], sys.argv[2]
    if not planted_is_found():
        print("the check does not find a planted TIMEOUT of 120 s (or flags a fine one)")
        return 1
    out = subprocess.run([ctest, "--show-only=json-v1"], cwd=build, check=True,
                         capture_output=True, text=True).stdout
    tests = json.loads(out)["tests"]
    if len(tests) < 50:
        print(f"ctest lists only {len(tests)} tests in {build}: not the project's build tree?")
        return 1
    problems = too_low(tests)
    if problems:
        print("\n".join(problems))
        return 1
    timed = [float(properties(t)["TIMEOUT"]) for t in tests if "TIMEOUT" in properties(t)]
    print(f"{len(tests)} tests; {len(timed)} with a TIMEOUT, the lowest {min(timed):.0f} s "
          f"(floor {FLOOR_S} s); {len(ALLOWED)} allowed under it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
