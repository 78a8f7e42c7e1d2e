"""Move now in Partial-Information Single Shifted Square Chess (issue 45;
docs/rules/partial-shifted-square.md): Rule Zero chooses a hidden game's
turn by sampling, and hears `?` meanwhile.

Over CECP (`rulezero`, `st 600`: ten minutes a move): told
`option Shift=hidden`, White's e2e4, then `?`, Rule Zero moves at once; its
turn refused (`Illegal move (no such turn)`, as a referee says it), it tries
again at once (the `?` holds for the rest of that turn); its next choice
ends at `?` too; and once a turn of its stands, the next choice is not
hurried: with `post` it says a line of thinking per drawn shift.

On the games server (`rulezero gui --db`): a person against Rule Zero
(engine:0) in a hidden game of ten minutes a move; at each of Rule Zero's
three turns, once the server's log shows the turn sent to it, the person's
page sends `move_now` and Rule Zero's turn comes. Each wait is for an
answer, with a timeout of a few minutes against the ten each turn would take
without the `?`: before the fix the engine did not read `?` until its
choice was made."""
import os
import queue
import random
import re
import shutil
import subprocess
import tempfile
import threading
import time

from guitest import RZ, check, finish, stop_server
from hiddenshift import person_turn
from seatpages import Page, create, follow

TMP = tempfile.mkdtemp(prefix="rz-hidden-move-now-")
LOG = os.path.join(TMP, "server.log")
WAIT_S = 180          # a reply to `?` (it comes in well under a second on an idle machine)
TEN_MINUTES_MS = 600000


class Engine:
    """`rulezero` over CECP, its lines read on a thread into a queue."""

    def __init__(self):
        self.proc = subprocess.Popen([RZ, "--seed", "3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, pred, what, timeout=WAIT_S):
        """The first line pred accepts, within timeout seconds; None (a failure) otherwise."""
        end = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                check(False, f"{what}: no such line within {timeout} s")
                return None
            if pred(line):
                return line

    def close(self):
        self.send("quit")
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def cecp():
    e = Engine()
    try:
        e.send("xboard")
        e.send("protover 2")
        e.until(lambda l: "done=1" in l, "the features")
        for line in ("new", "variant shifted-square", "option Shift=hidden", "force", "st 600", "post", "usermove e2e4",
                     "go"):
            e.send(line)
        t0 = time.monotonic()
        e.send("?")
        first = e.until(lambda l: l.startswith("move ") or l.startswith("resign"), "Rule Zero's turn after ?")
        check(first and first.startswith("move "), f"after ?, a turn: {first}")
        print(f"cecp: ? answered by '{first}' in {time.monotonic() - t0:.1f} s", flush=True)
        if not first or not first.startswith("move "):
            return
        turn = first.split()[1]
        e.send(f"Illegal move (no such turn): {turn}")
        again = e.until(lambda l: l.startswith("move ") or l.startswith("Error") or l.startswith("resign"),
                        "Rule Zero's next try after the refusal")
        check(again and again.startswith("move ") and again.split()[1] != turn,
              f"after the refusal of {turn}, another try at once (the ? still holds): {again}")
        if not again or not again.startswith("move "):
            return
        # Its turn stands (White answers): the next choice, hurried or not, ends at `?` too.
        e.send("usermove d2d4")
        e.send("?")
        check(e.until(lambda l: l.startswith("move "), "Rule Zero's third turn") is not None, "a third turn after ?")
        # Its third turn stands: the fourth choice is not hurried. With `post` it says a line of
        # thinking per drawn shift (a host that sends `?` again at the first line reaches it so).
        e.send("sd 1")
        e.send("usermove g1f3")
        lines = []
        e.until(lambda l: lines.append(l) or l.startswith("move "), "Rule Zero's fourth turn, at depth 1")
        thinking = [l for l in lines if re.match(r"^\d+ -?\d+ \d+ 0 0 0\t\S+$", l)]
        check(len(thinking) >= 2 and [int(l.split()[0]) for l in thinking] == list(range(1, len(thinking) + 1)),
              f"a thinking line per drawn shift, numbered from 1 (the ? no longer holds): {lines}")
    finally:
        e.close()


def log_has(count, prefix):
    """Whether the server's log holds `count` lines starting with prefix."""
    with open(LOG, errors="replace") as f:
        return sum(1 for line in f if line.startswith(prefix)) >= count


def sent_turns():
    """How many of White's turns the server has told Rule Zero, with its first
    `go` (at its first turn it is sent `force`, the turn, then `go`)."""
    with open(LOG, errors="replace") as f:
        lines = f.readlines()
    if not any(line.startswith("Rule Zero < go") for line in lines):
        return 0
    return sum(1 for line in lines if line.startswith("Rule Zero < usermove "))


def until_log(pred, what):
    end = time.monotonic() + WAIT_S
    while not pred():
        if time.monotonic() > end:
            return check(False, f"{what}: not in the server's log within {WAIT_S} s")
        time.sleep(0.05)  # polling a file for a state, not waiting for a time
    return True


def server():
    err = open(LOG, "w")
    proc = subprocess.Popen([RZ, "gui", "--port", "0", "--db", os.path.join(TMP, "games.sqlite"), "--hidden-seed", "9",
                             "--debug"], stdout=subprocess.PIPE, stderr=err, text=True)
    err.close()
    try:
        url = proc.stdout.readline().strip()
        check(url.startswith("http://127.0.0.1:"), f"the server prints its address: {url!r}")
        port = int(url.rsplit(":", 1)[1].rstrip("/"))
        made = create(port, variant="shifted-square", side="white", options={"Shift": "hidden"}, black="engine:0",
                      tc={"kind": "movetime", "ms": TEN_MINUTES_MS})
        check(made.get("type") == "created", f"a hidden game against Rule Zero, ten minutes a move: {made}")
        page = Page(port, made["game"], follow(port, made["creator_link"])[1])
        page.ws.sock.settimeout(WAIT_S)
        state, rng = page.state, random.Random(45)
        for n in range(1, 4):
            state = person_turn(page, state, rng)
            if not state:
                return
            if not until_log(lambda: sent_turns() >= n, f"White's turn {n} sent to Rule Zero"):
                return
            t0 = time.monotonic()
            page.send({"type": "move_now"})
            state = page.until_ply(state["ply"] + 1)
            check(state["thinking"] is None, f"no thinking line while hidden: {state['thinking']}")
            print(f"server: Move now, Rule Zero's turn {n} in {time.monotonic() - t0:.1f} s", flush=True)
        check(log_has(3, "Rule Zero < ?"), "the server told Rule Zero `?` at each of its turns")
    finally:
        code, _ = stop_server(proc)
        check(code == 0, f"the server stops cleanly ({code})")


cecp()
server()
shutil.rmtree(TMP, ignore_errors=True)
finish()
