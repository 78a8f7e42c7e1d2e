#!/usr/bin/env python3
"""Prints the build targets that a set of a configured tree's tests runs.

Usage: scripts/ctest_targets.py BUILD_DIR [ctest selection args...]
  e.g. scripts/ctest_targets.py build-sanitize -L sanitize -LE '^fuzz$'

scripts/test.sh builds only these in its sanitizer tree, so that a build
makes what its stage's tests run and nothing else (issue 43). A test's
command names the programs it runs by their path in the tree (ctest's
`--show-only=json-v1`, arguments split at `=`, `:` and `,`); each such path
whose name is a target of the tree (`cmake --build BUILD_DIR --target help`)
is printed, one a line. A path in the tree that is no target (a file a
custom command makes, say) prints nothing and exits 3: the caller then
builds the whole tree rather than guess. The tree itself (a test given the
folder, to read ctest's own list) needs nothing built.
"""
import json
import os
import re
import subprocess
import sys


def tree_targets(build):
    """The names `cmake --build BUILD --target help` lists."""
    out = subprocess.run(["cmake", "--build", build, "--target", "help"],
                         check=True, capture_output=True, text=True).stdout
    return {m.group(1) for m in re.finditer(r"^\.\.\. (\S+)", out, re.M)}


def tests_paths(build, selection):
    """Every path inside BUILD that the selected tests' commands name."""
    out = subprocess.run(["ctest", "--show-only=json-v1", *selection], cwd=build,
                         check=True, capture_output=True, text=True).stdout
    paths = set()
    for test in json.loads(out).get("tests", []):
        for arg in test.get("command", []):
            for part in re.split(r"[=:,]", arg):
                if os.path.isabs(part) and os.path.commonpath([part, build]) == build:
                    paths.add(part)
    return paths


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    build = os.path.realpath(sys.argv[1])
    targets = tree_targets(build)
    needed = set()
    for path in tests_paths(build, sys.argv[2:]):
        if path == build:
            continue
        name = os.path.basename(path)
        if name not in targets:
            print(f"ctest_targets.py: {path} is no target of {build}", file=sys.stderr)
            return 3
        needed.add(name)
    print("\n".join(sorted(needed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
