#!/usr/bin/env python3
"""tests/gui/cpu.py counts the CPU of a descendant orphaned before it ends.

The command cpu.py runs starts a grandchild and exits at once (as Chromium's
zygote leaves its renderers): the grandchild is re-parented, computes a fixed
amount of work and writes its own CPU time (time.process_time) to a file.
cpu.py must wait for it and report at least that CPU; a count that misses
orphans (as /usr/bin/time's) reports about none. No timing: the work is a
fixed computation, whatever the load."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

ORPHAN = r'''
import os, sys, time
if os.fork() == 0:
    if os.fork() == 0:          # the grandchild, orphaned when its parent exits
        sum(i * i for i in range(20000000))
        with open(sys.argv[1] + '.tmp', 'w') as f:
            f.write('%.3f' % time.process_time())
        os.rename(sys.argv[1] + '.tmp', sys.argv[1])
    os._exit(0)
os.wait()
'''


def main():
    with tempfile.TemporaryDirectory() as tmp:
        own = os.path.join(tmp, 'cpu')
        run = subprocess.run([sys.executable, os.path.join(HERE, 'cpu.py'), sys.executable, '-c', ORPHAN, own],
                             capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            print('FAIL: cpu.py exited with %d: %s' % (run.returncode, run.stderr))
            return 1
        if not os.path.exists(own):
            print('FAIL: cpu.py returned before the orphaned grandchild ended (it wrote no figure)')
            return 1
        grandchild = float(open(own).read())
        m = re.search(r'([\d.]+) s user, ([\d.]+) s sys: ([\d.]+) CPU-s \((\d+) orphans reaped', run.stderr)
        if not m:
            print('FAIL: no CPU figure in cpu.py\'s output: ' + run.stderr)
            return 1
        counted, orphans = float(m.group(3)), int(m.group(4))
        print('the orphan used %.2f CPU-s; cpu.py counted %.2f in all, %d orphan(s) reaped' % (grandchild, counted, orphans))
        if orphans < 1 or counted < grandchild:
            print('FAIL: cpu.py missed the orphan\'s CPU')
            return 1
    print('ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
