"""A Rule Zero process driven through pipes, for dialogue tests.

Every read has a timeout, so a test fails instead of hanging; on failure the
lines seen so far are printed. A wait for an expected line (expect, sync,
collect_until) or for the exit after quit lasts WAIT_SLACK times the figure
given, and never less than ANSWER_WAIT seconds: the figures are what an idle
machine needs, with room, and a loaded machine (or the sanitizer build,
3 to 10 times slower) may be several times slower; a longer wait only delays
a failure, it never lets a wrong answer pass. A bare readline() without a
figure waits ANSWER_WAIT too. (quiet(), which checks that nothing comes,
keeps its figure.)
"""
import os
import queue
import re
import subprocess
import sys
import threading
import time


WAIT_SLACK = 6
ANSWER_WAIT = 60.0  # seconds: the least any wait for an answer lasts


def answer_wait(figure):
    """How long a wait for an answer given as `figure` seconds lasts."""
    return max(figure * WAIT_SLACK, ANSWER_WAIT)


def thread_stats(pid):
    """{thread id: (seconds on a core, seconds ready to run but waiting)}
    of process `pid`; empty where Linux's schedstat cannot be read."""
    stats = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return stats
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                run_ns, wait_ns = f.read().split()[:2]
        except (OSError, ValueError):
            continue  # the thread ended, or no schedstat
        stats[tid] = (int(run_ns) / 1e9, int(wait_ns) / 1e9)
    return stats


def stats_delta(before, after):
    """(run, wait) seconds added since `before`, over the threads still there."""
    run = wait = 0.0
    for tid, (r, w) in after.items():
        r0, w0 = before.get(tid, (0.0, 0.0))
        run += r - r0
        wait += w - w0
    return run, wait


class ChargedTime:
    """Time since it was made, as a GUI would charge an engine for a turn: the
    wall time less what the engine's threads (process `pid`) and this test's
    own spent ready to run but waiting for a core (Linux's schedstat). On an
    idle machine it is the wall time; on a busy one it leaves out only the
    machine's delay: everything the engine does itself, computing or
    blocked, still counts."""

    def __init__(self, pid):
        self.pid = pid
        self.start = time.monotonic()
        self.before = thread_stats(pid), thread_stats(os.getpid())

    def read(self):
        """(charged seconds, wall seconds, seconds waiting for a core)."""
        wall = time.monotonic() - self.start
        _, engine_wait = stats_delta(self.before[0], thread_stats(self.pid))
        _, own_wait = stats_delta(self.before[1], thread_stats(os.getpid()))
        wait = engine_wait + own_wait
        return max(0.0, wall - wait), wall, wait

    def seconds(self):
        return self.read()[0]

    def why(self):
        """The figures, for a failure's message."""
        charged, wall, wait = self.read()
        return f"{charged:.2f} s charged ({wall:.2f} s wall, less {wait:.2f} s waiting for a core)"


class DialogueError(AssertionError):
    pass


class Engine:
    def __init__(self, path, name="engine", sink=None):
        """`path` is the engine, or a command list (e.g. Wine and the Windows exe)."""
        self.name = name
        argv = list(path) if isinstance(path, (list, tuple)) else [path]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.sink = sink  # if set, output goes there as (engine, time, line) instead
        self.seen = []   # every line read, in order
        self.sent = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self._put(line.rstrip("\r\n"))
        self._put(None)

    def _put(self, line):
        if self.sink is not None:
            self.sink.put((self, time.monotonic(), line))
        else:
            self.lines.put((time.monotonic(), line))

    def send(self, *lines):
        for line in lines:
            self.sent.append(line)
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def fail(self, msg):
        tail = "\n".join("  > " + s for s in self.sent[-15:])
        got = "\n".join("  < " + s for s in self.seen[-25:])
        raise DialogueError(f"{self.name}: {msg}\n last sent:\n{tail}\n last received:\n{got}")

    def readline(self, timeout=ANSWER_WAIT):
        """The next line, or None at end of output; fails after `timeout` seconds."""
        try:
            _, line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.fail(f"no output within {timeout} s")
        if line is not None:
            self.seen.append(line)
        return line

    def expect(self, pattern, timeout=5.0, skip=None):
        """Reads lines until one matches `pattern` (a regex, full match); lines
        matching `skip` are passed over, any other line fails the test. With
        skip=None every other line is passed over."""
        timeout = answer_wait(timeout)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail(f"expected /{pattern}/ within {timeout} s")
            line = self.readline(left)
            if line is None:
                self.fail(f"output ended, expected /{pattern}/")
            m = re.fullmatch(pattern, line)
            if m:
                return m
            if skip is not None and not re.fullmatch(skip, line):
                self.fail(f"unexpected line {line!r} while waiting for /{pattern}/")

    def collect_until(self, pattern, timeout=5.0):
        """All lines up to and including the first matching `pattern`."""
        start = len(self.seen)
        self.expect(pattern, timeout)
        return self.seen[start:]

    def quiet(self, seconds):
        """Fails if anything is printed within `seconds`."""
        try:
            _, line = self.lines.get(timeout=seconds)
        except queue.Empty:
            return
        if line is not None:
            self.seen.append(line)
        self.fail(f"unexpected output {line!r}")

    def sync(self, n=999, timeout=10.0):
        """ping/pong (CECP) and returns the lines before the pong."""
        start = len(self.seen)
        self.send(f"ping {n}")
        self.expect(f"pong {n}", timeout)
        return self.seen[start:-1]

    def close(self, timeout=5.0):
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            return self.proc.wait(timeout=answer_wait(timeout))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise DialogueError(f"{self.name}: did not exit after quit")


def run_tests(tests, only=None):
    """Runs (name, function) pairs; prints a summary; exit status 1 on any failure.
    Only the tests named in `only` (default: the command line after the engine) run."""
    if only is None:
        only = sys.argv[2:] if len(sys.argv) > 2 else None
    passed = failed = 0
    for name, fn in tests:
        if only and name not in only:
            continue
        t0 = time.monotonic()
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - report every failure and go on
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
            continue
        passed += 1
        print(f"ok   {name} ({time.monotonic() - t0:.2f} s)", flush=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
