#!/usr/bin/env python3
"""Compares a perft suite's counts with an independent reference program.

Usage: suite_check.py [--batch] SUITE MAX_DEPTH MAX_COUNT REFERENCE_COMMAND...

For every line of SUITE (perft/suites/*.epd) and every `;Dn COUNT` with n at
most MAX_DEPTH and COUNT at most MAX_COUNT, runs `REFERENCE_COMMAND... FEN n`
and compares the last number the reference prints with COUNT. With --batch,
the reference is started once, as `REFERENCE_COMMAND... --batch`, and asked
each count as a line `n FEN` on its stdin, answering a line with the count
(a Python start per count was most of a shallow suite's time). Prints each
difference, then `N counts agree, N differ`; exits 1 on any difference, on a
reference that fails, or when no count was compared at all."""
import re
import subprocess
import sys


def suite_counts(path, max_depth, max_count):
    """Yields (line number, FEN, depth, count) for the counts to compare."""
    with open(path) as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text or text.startswith('#'):
                continue
            fields = [part.strip() for part in text.split(';')]
            for field in fields[1:]:
                m = re.fullmatch(r'D(\d+)\s+(\d+)', field)
                if m and int(m.group(1)) <= max_depth and int(m.group(2)) <= max_count:
                    yield number, fields[0], int(m.group(1)), int(m.group(2))


def reference_count(command, fen, depth):
    run = subprocess.run(command + [fen, str(depth)], capture_output=True, text=True)
    numbers = re.findall(r'\d+', run.stdout.strip().splitlines()[-1]) if run.stdout.strip() else []
    if run.returncode != 0 or not numbers:
        return None, run.stderr.strip()
    return int(numbers[-1]), ''


class BatchReference:
    """The reference started once (--batch): a line `DEPTH FEN` in, a line with the count out."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command + ['--batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)

    def count(self, fen, depth):
        try:
            self.proc.stdin.write(f'{depth} {fen}\n')
            self.proc.stdin.flush()
        except BrokenPipeError:
            return None, 'the reference ended'
        line = self.proc.stdout.readline()
        numbers = re.findall(r'\d+', line)
        if not numbers:
            return None, 'the reference ended' if not line else 'no count in ' + repr(line)
        return int(numbers[-1]), ''

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        error = self.proc.stderr.read().strip()
        return self.proc.wait(), error


def main(argv):
    batch = len(argv) > 1 and argv[1] == '--batch'
    if batch:
        argv = argv[:1] + argv[2:]
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    suite, max_depth, max_count, command = argv[1], int(argv[2]), int(argv[3]), argv[4:]
    reference = BatchReference(command) if batch else None
    agree = differ = 0
    for number, fen, depth, want in suite_counts(suite, max_depth, max_count):
        got, error = reference.count(fen, depth) if batch else reference_count(command, fen, depth)
        if got == want:
            agree += 1
            continue
        differ += 1
        print(f'line {number} depth {depth}: suite {want}, reference {got if got is not None else "failed"}'
              f'{": " + error if error else ""}\n  FEN {fen}')
    if batch:
        status, error = reference.close()
        if status != 0:
            differ += 1
            print(f'the reference exited with {status}' + (f': {error}' if error else ''))
    print(f'{agree} counts agree, {differ} differ')
    if agree + differ == 0:
        print('no count compared: nothing in the suite at or below the limits')
        return 1
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
