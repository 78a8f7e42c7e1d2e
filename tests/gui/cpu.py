#!/usr/bin/env python3
"""CPU seconds of a command and of every process it starts, browsers included.

Usage: tests/gui/cpu.py COMMAND [ARGS...]   (e.g. tests/gui/cpu.py ctest -R '^web_play$')

`/usr/bin/time` counts only the children a process waits for: Chromium's
zygote leaves its renderers (the page, its Workers' WebAssembly) and Firefox
some of its content processes to be re-parented to init, and their CPU is
then counted nowhere. Here the command runs as a child subreaper
(prctl PR_SET_CHILD_SUBREAPER): every orphaned descendant is re-parented to
this process and reaped by it, so that the CPU of all of them is in its
RUSAGE_CHILDREN. Prints wall, user and system CPU-seconds, the orphans reaped
and the load average on stderr; exits with the command's status.
(docs/performance.md, "Issue 43, eighth session: the browser tests".)
"""
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__.split('\n\n')[1] + '\n')
        return 2
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.stderr.write('cpu.py: prctl(PR_SET_CHILD_SUBREAPER) failed: the orphans would be missed\n')
        return 2
    start = time.time()
    status = subprocess.Popen(sys.argv[1:]).wait()
    orphans = 0
    while True:   # the descendants re-parented here, until none is left
        try:
            os.wait()
        except ChildProcessError:
            break
        orphans += 1
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open('/proc/loadavg') as f:
        load = ' '.join(f.read().split()[:3])
    sys.stderr.write('cpu.py: %.1f s wall, %.1f s user, %.1f s sys: %.1f CPU-s (%d orphans reaped; load %s)\n' % (
        time.time() - start, used.ru_utime, used.ru_stime, used.ru_utime + used.ru_stime, orphans, load))
    return status if status >= 0 else 128 - status


if __name__ == '__main__':
    sys.exit(main())
