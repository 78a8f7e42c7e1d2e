#!/usr/bin/env python3
"""The repository stands alone: no tracked file names a path of a developer's
machine or a file outside the repository, and every relative link in the
Markdown files points to a file or folder inside it.

Usage: standalone_paths.py REPOSITORY_ROOT

Forbidden anywhere (source, scripts, tests, docs, suites):
  - home and work folders of a machine: /work/, /root/, /home/, /Users/
  - a fixed scratch name under /tmp/ (use mktemp or the build folder)
  - the project's private notes: ../shared, shared/rules, shared/seeds,
    shared/research, DESIGN.md
Allowed, narrowly: ALLOWED below (engine paths of Debian's games, the
running program's own path). Not scanned: the fuzz corpora (random bytes) and
this file, which must spell the patterns out.
Prints every offending line; exits 1 if there is one."""
import os
import re
import subprocess
import sys

FORBIDDEN = re.compile(r'/work/|/root/|/home/|/Users/|/tmp/|\.\./shared|shared/(rules|seeds|research)|DESIGN\.md')
# Exact strings that may appear although they look like machine paths.
ALLOWED = [re.compile(r'/usr/games/[a-z0-9-]+'), re.compile(r'/proc/self/exe')]
SKIPPED_PREFIXES = ('tests/fuzz/corpus/', 'tests/fuzz/regressions/')
SELF = 'tests/standalone_paths.py'
LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)\)')


def tracked_files(root):
    """The files git tracks, else (no git) every file outside build folders."""
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '--cached'],
                             capture_output=True, text=True, check=True).stdout
        return sorted(set(out.split('\n')) - {''})
    except (OSError, subprocess.CalledProcessError):
        files = []
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith(('build', '.git'))]
            files += [os.path.relpath(os.path.join(folder, n), root) for n in names]
        return sorted(files)


def read_text(path):
    try:
        with open(path, encoding='utf-8') as f:
            return f.read()
    except (UnicodeDecodeError, OSError):
        return None


def forbidden_paths(name, text):
    for number, line in enumerate(text.splitlines(), 1):
        cleaned = line
        for allowed in ALLOWED:
            cleaned = allowed.sub('', cleaned)
        if FORBIDDEN.search(cleaned):
            yield f'{name}:{number}: names a path outside the repository: {line.strip()}'


def broken_links(root, name, text, place='the repository'):
    folder = os.path.dirname(os.path.join(root, name))
    real_root = os.path.realpath(root)
    for number, line in enumerate(text.splitlines(), 1):
        for target in LINK.findall(line):
            if re.match(r'[a-z]+:', target) or target.startswith('#'):
                continue
            path = os.path.realpath(os.path.join(folder, target.split('#')[0]))
            if os.path.commonpath([path, real_root]) != real_root:
                yield f'{name}:{number}: link leaves {place}: {target}'
            elif not os.path.exists(path):
                yield f'{name}:{number}: link to a missing file: {target}'


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = argv[1]
    problems = []
    scanned = 0
    for name in tracked_files(root):
        if name == SELF or name.startswith(SKIPPED_PREFIXES):
            continue
        text = read_text(os.path.join(root, name))
        if text is None:
            continue
        scanned += 1
        problems += forbidden_paths(name, text)
        if name.endswith('.md'):
            problems += broken_links(root, name, text)
    for problem in problems:
        print(problem)
    print(f'{scanned} files scanned, {len(problems)} problems')
    return 1 if problems or scanned == 0 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
