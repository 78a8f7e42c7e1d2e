#!/usr/bin/env python3
"""The documentation of a release file stands alone: the Debian package
(unpacked with dpkg-deb -x) or the Windows zip is unpacked into WORK_DIR, and
  - every relative link and image of every Markdown file in it resolves to a
    file or folder inside the unpacked release (standalone_paths.py's check,
    with the release as the root; anchors are not checked);
  - every link of the repository's copy of such a file that leads to one of the
    repository's docs (README.md, docs/...) is still a link in the release's
    copy: the release carries the docs its pages link to, it does not only
    unlink them (cmake/release_docs.cmake unlinks source files alone);
  - no folder in it is empty (lintian's package-contains-empty-directory).
Usage: release_links.py REPOSITORY_ROOT deb|zip RELEASE WORK_DIR
RELEASE is the .deb or the .zip, or the folder holding the one rulezero_*.deb or
rulezero-*.zip (build/package-test, build-windows).
Exit: 0 when all holds, 1 otherwise, 77 (skipped) when the release file or
dpkg-deb is missing."""
import os
import glob
import re
import shutil
import subprocess
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from standalone_paths import LINK, broken_links  # noqa: E402

SKIP = 77
DEB_DOC_DIR = 'usr/share/doc/rulezero'


def release_file(kind, release):
    """The release file itself, or None."""
    if os.path.isdir(release):
        pattern = 'rulezero_*.deb' if kind == 'deb' else 'rulezero-*.zip'
        found = sorted(glob.glob(os.path.join(release, pattern)))
        if len(found) > 1:
            raise SystemExit(f'FAIL: more than one {pattern} in {release}: {found}')
        return found[0] if found else None
    return release if os.path.isfile(release) else None


def unpack(kind, release, work):
    """Unpacks the release into work; returns the folder its README.md is in."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if kind == 'deb':
        subprocess.run(['dpkg-deb', '-x', release, work], check=True)
        return os.path.join(work, DEB_DOC_DIR)
    with zipfile.ZipFile(release) as z:
        z.extractall(work)
    tops = os.listdir(work)
    if len(tops) != 1:
        raise SystemExit(f'FAIL: the zip holds {tops}, not one folder')
    return os.path.join(work, tops[0])


def markdown_files(folder):
    for here, _, names in os.walk(folder):
        for name in names:
            if name.endswith('.md'):
                yield os.path.relpath(os.path.join(here, name), folder)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def doc_targets(repo, name, text):
    """The link targets of the repository's copy of name that lead to a doc."""
    folder = os.path.dirname(os.path.join(repo, name))
    for target in LINK.findall(text):
        if re.match(r'[a-z]+:', target) or target.startswith('#'):
            continue
        path = os.path.relpath(os.path.realpath(os.path.join(folder, target.split('#')[0])),
                               os.path.realpath(repo))
        if path == 'README.md' or path == 'docs' or path.startswith('docs' + os.sep):
            yield target


def empty_folders(root):
    for here, dirs, names in os.walk(root):
        if not dirs and not names:
            yield os.path.relpath(here, root)


def main(argv):
    if len(argv) != 5 or argv[2] not in ('deb', 'zip'):
        print(__doc__, file=sys.stderr)
        return 2
    repo, kind, given, work = argv[1:]
    release = release_file(kind, given)
    if not release:
        print(f'no {kind} release in {given} (skipped: build it first)')
        return SKIP
    if kind == 'deb' and not shutil.which('dpkg-deb'):
        print('dpkg-deb not installed (skipped)')
        return SKIP
    docs = unpack(kind, release, work)
    problems = []
    pages = sorted(markdown_files(docs))
    if 'README.md' not in pages:
        problems.append(f'no README.md in {os.path.relpath(docs, work)}')
    links = 0
    for page in pages:
        text = read(os.path.join(docs, page))
        links += len(LINK.findall(text))
        problems += broken_links(work, os.path.relpath(os.path.join(docs, page), work), text, 'the release')
        source = os.path.join(repo, page)
        if os.path.isfile(source):
            kept = set(LINK.findall(text))
            problems += [f'{page}: the link to {t} is gone (the release should carry it)'
                         for t in doc_targets(repo, page, read(source)) if t not in kept]
    problems += [f'{folder}: empty folder' for folder in empty_folders(work)]
    for problem in problems:
        print(problem)
    print(f'{os.path.basename(release)}: {len(pages)} Markdown files, {links} links, '
          f'{len(problems)} problems')
    return 1 if problems or not pages else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
