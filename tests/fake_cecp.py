#!/usr/bin/env python3
"""A scripted CECP (or, with --uci, UCI) engine for the match runner's tests.

It knows no rules: it asks `rulezero moves` for the legal turns and the
position after each. Modes:
  first    plays the first legal turn (a well-behaved engine)
  illegal  answers every move request with a turn that is never legal (a1a1)
  garbage  answers with text that is not a move at all
  hang     stops answering once asked to move
  crash    exits once asked to move
  claim    claims a win (1-0 / 0-1) instead of moving
  drawish  offers a draw (`offer draw`) before each move, and accepts one
  late     sends its features only when the first `ping` comes, then `pong`
           (an engine slow to start: nothing after `protover 2` on its own)
  nodone   sends its features without `done=1` and leaves the first `ping`
           unanswered (the handshake's); plays well after that
  hidden   (a game with a hidden setting, issue 45) tries a1a1 first, then
           on each `Illegal move (no such turn): M` of its own last try the
           next turn legal on the default board; exits with status 4 when told
           of a refusal of a turn it did not just try (the opponent's)
  repeat   tries a1a1, and again when it is refused
With --log FILE it writes every line it reads there.
With --think SCORE it posts one thinking line before each move, with that
score from its own side in CECP's form (centipawns, 100000 + N for a mate in
N moves, -100000 - N to be mated); with --uci as `score cp SCORE` or `score
mate N`. So a GUI's reading of scores can be checked. --start-delay S waits
S seconds before it reads anything (a script slow to start on a busy machine).
"""
import argparse
import subprocess
import sys
import time

START = {"normal": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         "shifted-square": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"}


def legal_turns(rz, variant, fen):
    out = subprocess.run([rz, "moves", "--variant", variant, "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    turns = []
    for line in out.splitlines():
        text, _, after = line.partition(" ")
        turns.append((text, after))
    return turns


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rz", required=True)
    ap.add_argument("--mode", default="first")
    ap.add_argument("--variant", default="normal")
    ap.add_argument("--uci", action="store_true")
    ap.add_argument("--cecp-only", action="store_true", help="ignore `uci` (a GUI's protocol probe finds CECP)")
    ap.add_argument("--think", type=int, default=None)
    ap.add_argument("--log", default=None, help="write every line read to this file")
    ap.add_argument("--start-delay", type=float, default=0,
                    help="seconds before it reads its input (an engine slow to start)")
    args = ap.parse_args()
    fen = START.get(args.variant, "")
    variant = args.variant
    forced = True
    uci_start, uci_moves, uci_fen = None, [], ""
    listed = "normal" if variant == "normal" else "normal," + variant
    features = ('feature ping=1 setboard=1 usermove=1 myname="Fake %s" '
                'variants="%s" done=1' % (args.mode, listed))
    log = open(args.log, "w") if args.log else None
    tries = []  # hidden: the turns still to try in this position, and the last one tried
    pinged = False

    def say(text):
        if args.uci and text.startswith("move "):
            text = "bestmove " + text[5:]
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def play():
        nonlocal fen
        if args.mode == "hang":
            for _ in sys.stdin:  # read on, answer nothing
                pass
            sys.exit(0)
        if args.mode == "crash":
            sys.exit(3)
        if args.mode in ("repeat", "hidden"):
            tries[:] = ["a1a1"] + [text for text, _ in legal_turns(args.rz, variant, fen)]
        if args.mode in ("illegal", "repeat", "hidden"):
            say("move a1a1")
            return
        if args.mode == "garbage":
            say("move hello-world")
            return
        if args.mode == "claim":
            say("1-0 {White mates}" if " w " in fen else "0-1 {Black mates}")
            return
        if args.mode == "drawish":
            say("offer draw")
        turns = legal_turns(args.rz, variant, fen)
        if turns and args.think is not None:
            if args.uci:
                mate = args.think - 100000 if args.think > 100000 else args.think + 100000 if args.think < -100000 else 0
                score = "mate %d" % mate if mate else "cp %d" % args.think
                say("info depth 1 score %s nodes 1 pv %s" % (score, turns[0][0]))
            else:
                say("1 %d 0 1\t%s" % (args.think, turns[0][0]))
        if turns:
            say("move " + turns[0][0])
            fen = turns[0][1]

    def refused(move):
        """The referee refused our try `move`: the next one (hidden), the same (repeat)."""
        if not tries or move != tries[0]:
            sys.exit(4)  # a refusal of a turn we did not just try
        if args.mode == "hidden":
            tries.pop(0)
        if tries:
            say("move " + tries[0])
        else:
            say("resign")

    def accepted():
        """Our last try was taken (the opponent moves, or the game goes on): the position after it."""
        nonlocal fen
        if tries and args.mode == "hidden":
            for text, after in legal_turns(args.rz, variant, fen):
                if text == tries[0]:
                    fen = after
        tries.clear()

    def apply(move):
        nonlocal fen
        for text, after in legal_turns(args.rz, variant, fen):
            if text == move:
                fen = after
                return True
        say("Illegal move: " + move)
        return False

    time.sleep(args.start_delay)
    for line in sys.stdin:
        if log:
            log.write(line)
            log.flush()
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "uci" and args.cecp_only:
            continue
        if cmd == "uci":
            say("id name Fake %s" % args.mode)
            if variant != "normal":  # announced as UCI engines do (Fairy-Stockfish's option)
                say("option name UCI_Variant type combo default normal var normal var %s" % variant)
            say("uciok")
        elif cmd == "isready":
            say("readyok")
        elif cmd == "position":
            start = START.get(variant, "")
            rest = words[1:]
            if rest and rest[0] == "fen":
                end = rest.index("moves") if "moves" in rest else len(rest)
                start = " ".join(rest[1:end])
                rest = rest[end:]
            elif rest:
                rest = rest[1:]
            moves = rest[1:]
            # only the turns added since the last position command are new
            if start != uci_start or moves[:len(uci_moves)] != uci_moves:
                uci_fen, uci_start, uci_moves = start, start, []
            fen = uci_fen  # play() moved on from here; the new list says how
            for move in moves[len(uci_moves):]:
                apply(move)
            uci_fen, uci_moves = fen, list(moves)
        elif cmd == "setoption":
            if words[2] == "UCI_Variant":
                variant = words[4]
        elif cmd == "protover" and args.mode == "nodone":
            say('feature ping=1 setboard=1 usermove=1 myname="Fake %s" variants="normal"' % args.mode)
        elif cmd == "protover" and args.mode != "late":
            say(features)
        elif cmd == "ping" and not pinged and args.mode in ("late", "nodone"):
            pinged = True
            if args.mode == "late":
                say(features)
                say("pong " + words[1])
        elif cmd == "ping":
            say("pong " + words[1])
        elif cmd == "new":
            tries.clear()
            fen = START.get("normal")
            forced = False
        elif cmd == "variant":
            variant = words[1]
        elif cmd == "setboard":
            fen = line.split(None, 1)[1].strip()
        elif cmd == "force":
            forced = True
        elif cmd == "go" and args.uci:
            play()
        elif cmd == "go":
            forced = False
            play()
        elif cmd == "Illegal" and args.mode in ("hidden", "repeat"):
            refused(words[-1])
        elif cmd == "usermove":
            accepted()
            if apply(words[1]) and not forced:
                play()
        elif cmd == "draw" and args.mode == "drawish":
            say("offer draw")
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
