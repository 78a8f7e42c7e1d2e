"""What the python-chess replay tests share: chess.engine.Limit, the limits
a host gives a search, and how long a reply may take."""
import os

WAIT = float(os.environ.get("RZ_WAIT", "60"))  # generous: a loaded machine must not fail a test


class Limit:
    """chess.engine.Limit."""

    def __init__(self, time=None, depth=None, nodes=None, mate=None, white_clock=None, black_clock=None,
                 white_inc=None, black_inc=None, remaining_moves=None):
        self.time, self.depth, self.nodes, self.mate = time, depth, nodes, mate
        self.white_clock, self.black_clock = white_clock, black_clock
        self.white_inc, self.black_inc = white_inc, black_inc
        self.remaining_moves = remaining_moves
