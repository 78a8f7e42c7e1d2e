#!/usr/bin/env python3
"""How scripts/test.sh schedules the tests (tests/schedule.cmake), read from
ctest itself (`ctest --show-only=json-v1` in the build tree):
  - every test takes a slot, "cores:1" or "waits:1", so that with
    scripts/test.sh's resource file no test escapes the count; a test whose
    command runs a browser script of tests/gui/ (node ... tests/gui/NAME.js)
    takes "waits:1": it mostly waits for the page, and holds no core's slot;
  - the longest tests carry a COST, so that a clean clone starts them first.
Usage: schedule_test.py CTEST BUILD_DIR"""
import json
import subprocess
import sys

# The longest test of each kind in the last whole run: each must start first.
LONGEST_RELEASE = ["gui_browser", "gui_puzzles", "protocol_engine_features", "gui_server"]
LONGEST_SANITIZE = ["match", "variant_games", "gui_server", "gui_stack"]


def main():
    ctest, build = sys.argv[1], sys.argv[2]
    out = subprocess.run([ctest, "--show-only=json-v1"], cwd=build, check=True,
                         capture_output=True, text=True).stdout
    tests = json.loads(out)["tests"]
    problems = []
    props = {}
    for t in tests:
        p = {q["name"]: q["value"] for q in t.get("properties", [])}
        props[t["name"]] = p
        command = t.get("command") or []
        if any(arg.endswith("/tests/skipped.sh") for arg in command):
            continue   # registered as skipped: it runs nothing
        browser = any("/tests/gui/" in arg and arg.endswith(".js") for arg in command)
        cores = [{"requirements": [{".type": "cores", "slots": 1}]}]
        waits = [{"requirements": [{".type": "waits", "slots": 1}]}]
        have = p.get("RESOURCE_GROUPS")
        if browser and have != waits:
            problems.append(f"{t['name']}: a browser test (tests/gui/*.js), but RESOURCE_GROUPS is {have}, "
                            "not waits:1 (tests/schedule.cmake: RULEZERO_BROWSER_TESTS)")
        elif have not in (cores, waits):
            problems.append(f"{t['name']}: RESOURCE_GROUPS is {have}, neither cores:1 nor waits:1 (tests/schedule.cmake)")
    cache = open(f"{build}/CMakeCache.txt", encoding="utf-8").read()
    longest = LONGEST_SANITIZE if "CMAKE_BUILD_TYPE:STRING=Debug" in cache else LONGEST_RELEASE
    costs = {name: float(p.get("COST", 0)) for name, p in props.items()}
    for name in longest:
        if name in props and costs[name] <= 0:
            problems.append(f"{name}: one of the longest tests, but it has no COST (tests/schedule.cmake)")
    present = [n for n in longest if n in props]
    ranked = sorted(present, key=lambda n: -costs[n])
    if ranked != present:
        problems.append(f"the longest tests are not ranked longest first: {ranked}, expected {present}")
    if problems:
        print("\n".join(problems))
        return 1
    waiting = sorted(n for n, p in props.items() if p.get("RESOURCE_GROUPS", [{}])[0]
                     .get("requirements", [{}])[0].get(".type") == "waits")
    print(f"{len(tests)} tests, each in a slot; {len(waiting)} wait: {', '.join(waiting) or 'none'}; "
          f"longest first: {', '.join(present)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
