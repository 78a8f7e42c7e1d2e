#!/usr/bin/env python3
"""Other chess software reads the GUI's orthodox PGN: Debian's pgn-extract
turns the SAN of Legal's mate (played in test_notation.py's way) into the
same coordinate moves the server lists. Skipped (exit 77) when pgn-extract is
not installed; PGN_EXTRACT names another path.
Usage: test_pgn_extract.py RULEZERO"""
import os
import shutil
import subprocess

from guitest import check, connect, finish, needs, start_server, stop_server
from test_notation import legals_mate


def main():
    extract = os.environ.get("PGN_EXTRACT") or shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    needs(extract, "pgn-extract")
    proc, port = start_server()
    try:
        ws, _, _ = connect(port)
        state, path = legals_mate(ws, port)
        out = subprocess.run([extract, "-s", "-Wlalg", "--nocomments", path], capture_output=True, text=True)
        check(out.stderr.strip() == "", f"pgn-extract reads our PGN: {out.stderr}")
        body = " ".join(line for line in out.stdout.splitlines() if not line.startswith("["))
        moves = [w.rstrip("+#") for w in body.split() if w[0].isalpha()]
        coords = [m.get("coord") for m in state["moves"]]
        check(len(moves) == 13 and moves == coords, f"pgn-extract finds the same 13 moves: {moves}, {coords}")
        os.unlink(path)
        ws.close()
    finally:
        stop_server(proc)
    finish()


if __name__ == "__main__":
    main()
