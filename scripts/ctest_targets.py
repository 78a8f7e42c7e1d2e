#!/usr/bin/env python3
"""Prints the build targets that a set of a configured tree's tests runs.

Usage: scripts/ctest_targets.py BUILD_DIR [ctest selection args...]
  e.g. scripts/ctest_targets.py build-sanitize -L sanitize -LE '^fuzz$'

scripts/test.sh builds only these in its sanitizer tree, so that a build
makes what its stage's tests run and nothing else (issue 43). ctest's
`--show-only=json-v1` names the selected tests (in a tree not built yet it
leaves out the command of a test whose program is missing, so the commands
are read from the tree's CTestTestfile.cmake files). A test's command names
the programs it runs by their path in the tree (arguments split at `=`, `:`
and `,`); each such path
whose name is a target of the tree (CMakeFiles/TargetDirectories.txt)
is printed, one a line. A path in the tree that is no target (a file a
custom command makes, say) prints nothing and exits 3: the caller then
builds the whole tree rather than guess. The tree itself (a test given the
folder, to read ctest's own list) needs nothing built.
"""
import json
import os
import re
import shlex
import subprocess
import sys


def tree_targets(build):
    """The tree's target names, from CMakeFiles/TargetDirectories.txt (one
    folder NAME.dir a target; CMake's Makefile and Ninja generators write
    it): read, not asked of `cmake --build --target help`, which costs a
    make of the build system. Empty when the file is missing."""
    try:
        with open(os.path.join(build, "CMakeFiles", "TargetDirectories.txt"), encoding="utf-8") as f:
            return {os.path.basename(line.strip())[:-len(".dir")] for line in f
                    if line.strip().endswith(".dir")}
    except FileNotFoundError:
        return set()


def tree_commands(folder):
    """NAME -> command of every add_test in FOLDER's CTestTestfile.cmake and
    the folders its subdirs() name, as CMake wrote them."""
    commands = {}
    try:
        with open(os.path.join(folder, "CTestTestfile.cmake"), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return commands
    for line in lines:
        m = re.match(r"^add_test\((.*)\)$", line)
        if m:
            words = shlex.split(m.group(1))
            commands[words[0]] = words[1:]
        m = re.match(r"^subdirs\((.*)\)$", line)
        if m:
            for sub in shlex.split(m.group(1)):
                commands.update(tree_commands(os.path.join(folder, sub)))
    return commands


def tests_paths(build, selection):
    """Every path inside BUILD that the selected tests' commands name."""
    out = subprocess.run(["ctest", "--show-only=json-v1", *selection], cwd=build,
                         check=True, capture_output=True, text=True).stdout
    commands = tree_commands(build)
    paths = set()
    for test in json.loads(out).get("tests", []):
        for arg in commands.get(test["name"], []):
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
