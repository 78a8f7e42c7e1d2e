#!/usr/bin/env python3
"""`rulezero gui` with Debian's Stockfish as an engine: offered for orthodox
chess only and refused for the other games (test_game_fixes.py), and
move_now makes it move at once over UCI (test_gui_record.py). Skipped (exit
77) when Stockfish is not installed; STOCKFISH names another path.
Usage: test_with_stockfish.py RULEZERO"""
import os

import test_game_fixes
import test_gui_record
from guitest import finish, needs

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")


def main():
    needs(STOCKFISH, "stockfish")
    test_game_fixes.STOCKFISH = test_gui_record.STOCKFISH = STOCKFISH
    test_game_fixes.test_engines_offered_for_their_games()
    test_gui_record.test_move_now_uci()
    finish()


if __name__ == "__main__":
    main()
