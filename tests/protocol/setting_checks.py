"""What the tests of a game setting (Links, LinkSquares, AfterLinking,
Dialectic, Link, Shift) share: running the program, a match played under
the setting whose PGN names it and replays, and the main loop over checks."""
import os
import subprocess
import tempfile

from rzproc import DialogueError


def run(*args, timeout=120):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)


def check_match_under(rz, variant, options, tag, max_moves, shows=None, what=None):
    """Two games between two Rule Zero processes and the arbiter, all under
    `options` (NAME=VALUE texts): no illegal move or crash, each game's PGN
    carries [VariantOptions "tag"] (and `shows`, a text the games must
    contain, when given), and pgn-check replays them. Returns the failures."""
    what = what or f"{variant} {'; '.join(options)}"
    opts = [x for o in options for x in ("--option", o)]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        res = run(rz, "match", "--variant", variant, "--engine", rz, *opts, "--engine", rz, *opts,
                  "--games", "2", "--depth", "1", "--max-moves", str(max_moves), "--pgn", pgn)
        text = open(pgn).read() if os.path.exists(pgn) else ""
        if res.returncode != 0 or "illegal moves 0, crashes 0" not in res.stdout:
            failures.append(f"match {what} failed: {res.stdout[-400:]} {res.stderr[-400:]}")
        if text.count(f'[VariantOptions "{tag}"]') != 2:
            failures.append(f"match {what}: the PGN lacks [VariantOptions \"{tag}\"]:\n{text[:800]}")
        if shows is not None and shows not in text:
            failures.append(f"match {what}: no '{shows}' in the games:\n{text[:800]}")
        res = run(rz, "pgn-check", pgn)
        if res.returncode != 0 or "0 with errors" not in res.stdout:
            failures.append(f"pgn-check of the {what} games: {res.stdout[-300:]} {res.stderr[-300:]}")
    return failures


def run_checks(rz, checks):
    """Runs each check(rz) (a list of failures; a dialogue that breaks off is
    one), prints them, and returns the exit code."""
    failures = []
    for check in checks:
        try:
            failures += check(rz)
        except DialogueError as exc:
            failures.append(str(exc))
    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0
