#!/usr/bin/env python3
"""Replays the examples of docs/rules/*.md against the engine.

Usage: rules_examples.py RULEZERO DOCS_RULES_DIR

An example is an indented block whose first line starts with `$ `: the
command (continued on the next lines while a line ends with `\\` or `|`),
then the output it prints, up to the end of the block. `build/rulezero` in the
command is replaced by RULEZERO; the command runs in bash and must exit 0 and
print exactly the lines shown, except the timing line of perft (`Time: ...`). Commands run in the repository's
root (two folders above DOCS_RULES_DIR), so an example may name a file of
the repository (`--variants games/builtin.ini`).
Exits 1 on any difference, or when no example was found."""
import glob
import os
import re
import subprocess
import sys

INDENT = '    '


def examples(path):
    """Yields (line number, command, expected output lines) for each example."""
    lines = open(path, encoding='utf-8').read().splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith(INDENT + '$ '):
            i += 1
            continue
        start = i
        command = lines[i][len(INDENT) + 2:]
        while command.rstrip().endswith(('\\', '|')) and i + 1 < len(lines):
            i += 1
            command = command.rstrip().rstrip('\\') + ' ' + lines[i].strip()
        i += 1
        expected = []
        while i < len(lines) and lines[i].startswith(INDENT):
            expected.append(lines[i][len(INDENT):])
            i += 1
        yield start + 1, command, expected


def run(rulezero, command, root):
    command = re.sub(r'(^|\s)build/rulezero(?=\s)', lambda m: m.group(1) + rulezero, command)
    done = subprocess.run(['bash', '-o', 'pipefail', '-c', command], capture_output=True, text=True, cwd=root)
    shown = [line for line in done.stdout.splitlines() if not line.startswith('Time: ')]
    return done.returncode, shown, done.stderr


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    rulezero, folder = os.path.abspath(argv[1]), argv[2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(folder)))
    checked = failed = 0
    for path in sorted(glob.glob(os.path.join(folder, '*.md'))):
        for number, command, expected in examples(path):
            checked += 1
            code, shown, error = run(rulezero, command, root)
            if code == 0 and shown == expected:
                continue
            failed += 1
            print(f'{os.path.basename(path)}:{number}: {command}\n  exit {code} {error.strip()}')
            print('  expected:\n    ' + '\n    '.join(expected) + '\n  got:\n    ' + '\n    '.join(shown))
    print(f'{checked} examples, {failed} differ')
    return 1 if failed or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
