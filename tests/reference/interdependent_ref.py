#!/usr/bin/env python3
"""Independent reference for Interdependent Chess perft, written straight from
the rules (docs/rules/interdependent.md) with none of the engine's tables: plain
(file, rank) tuples, the powers spelled out per type, legality by playing the
move on a copy and generating every enemy capture (the naive check).

Usage: interdependent_ref.py FEN DEPTH [--divide]
       interdependent_ref.py --epd SUITE MAX_DEPTH   (checks the suite's counts up to
       MAX_DEPTH and MAX_NODES; exits 1 on a mismatch)
Slow (Python); meant for small counts that cross-check the C engine."""
import sys

W, H = 6, 7
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
ORDER = "USNCGT"


def on(f, r):
    return 0 <= f < W and 0 <= r < H


def restricted(t, mode, e):
    """Power of type t (mode 'm' or 'c') restricted to first step e:
    list of ('leap', dx, dy) or ('slide', dx, dy)."""
    dx, dy = e
    diag = dx != 0 and dy != 0
    if t == 'K':
        return [('leap', dx, dy)]
    if t == 'S':
        return [('leap', 2 * dx, 2 * dy)]
    if t == 'N':
        if diag:
            return [('leap', 2 * dx, dy), ('leap', dx, 2 * dy)]
        if dx == 0:
            return [('leap', -1, 2 * dy), ('leap', 1, 2 * dy)]
        return [('leap', 2 * dx, -1), ('leap', 2 * dx, 1)]
    if t == 'C':
        return [('slide', dx, dy)] if dy == 0 else []
    if t == 'T':  # Steward: moves orthogonally, captures diagonally
        ok = (not diag) if mode == 'm' else diag
        return [('leap', dx, dy)] if ok else []
    if t == 'G':  # Guardian: moves diagonally, captures orthogonally
        ok = diag if mode == 'm' else (not diag)
        return [('leap', dx, dy)] if ok else []
    return []  # Universalist


def targets(board, p, spec, want_quiet, want_cap, colour):
    out = set()
    for kind, dx, dy in spec:
        f, r = p[0] + dx, p[1] + dy
        if kind == 'leap':
            if not on(f, r):
                continue
            q = board.get((f, r))
            if q is None and want_quiet:
                out.add((f, r))
            if q is not None and want_cap and q[0] != colour:
                out.add((f, r))
        else:
            while on(f, r) and board.get((f, r)) is None:
                if want_quiet:
                    out.add((f, r))
                f, r = f + dx, r + dy
            if on(f, r) and want_cap and board[(f, r)][0] != colour:
                out.add((f, r))
    return out


def torus_bishop(board, p, e, colour):
    out = set()
    f, r = p
    for _ in range(W * H - 1):
        f, r = (f + e[0]) % W, (r + e[1]) % H
        q = board.get((f, r))
        if q is None:
            out.add((f, r))
            continue
        if q[0] != colour:
            out.add((f, r))
        break
    return out


def piece_moves(board, p):
    colour, t = board[p]
    result = set()
    if t != 'U':
        for e in DIRS:
            result |= targets(board, p, restricted(t, 'm', e), True, False, colour)
    for d in DIRS:
        h = ((p[0] + d[0]) % W, (p[1] + d[1]) % H)
        if h not in board:
            continue
        ht = board[h][1]
        e = (-d[0], -d[1])
        diag = d[0] != 0 and d[1] != 0
        if ht == 'U' and t == 'U':
            if diag:
                result |= torus_bishop(board, p, e, colour)
        elif ht == 'U':
            result |= targets(board, p, restricted(t, 'c', e), False, True, colour)
        else:
            result |= targets(board, p, restricted(ht, 'c', e), False, True, colour)
            if t == 'U':
                result |= targets(board, p, restricted(ht, 'm', e), True, False, colour)
    return result


def in_check(board, colour):
    king = next(p for p, q in board.items() if q == (colour, 'K'))
    for p, q in list(board.items()):
        if q[0] != colour and king in piece_moves(board, p):
            return True
    return False


def legal_moves(pos):
    board, hands, side = pos
    moves = []
    for p in [p for p, q in board.items() if q[0] == side]:
        for to in piece_moves(board, p):
            nb = dict(board)
            nb[to] = nb.pop(p)
            if not in_check(nb, side):
                moves.append((p, to))
    for t in ORDER:
        if hands[side].get(t, 0):
            for r in range(H):
                for f in range(W):
                    if (f, r) in board:
                        continue
                    nb = dict(board)
                    nb[(f, r)] = (side, t)
                    if not in_check(nb, side):
                        moves.append((t, (f, r)))
    return moves


def play(pos, m):
    board, hands, side = pos
    board = dict(board)
    hands = {c: dict(h) for c, h in hands.items()}
    a, to = m
    if isinstance(a, str):
        board[to] = (side, a)
        hands[side][a] -= 1
    else:
        if to in board:
            t = board[to][1]
            hands[side][t] = hands[side].get(t, 0) + 1
        board[to] = board.pop(a)
    return board, hands, 'b' if side == 'w' else 'w'


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def parse(fen):
    parts = fen.split()
    place = parts[0]
    hold = ''
    if '[' in place:
        place, hold = place.split('[')
        hold = hold.rstrip(']')
    board = {}
    for i, row in enumerate(place.split('/')):
        r = H - 1 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(f, r)] = ('w' if ch.isupper() else 'b', ch.upper())
                f += 1
    hands = {'w': {}, 'b': {}}
    for ch in hold:
        if ch == '-':
            continue
        c = 'w' if ch.isupper() else 'b'
        hands[c][ch.upper()] = hands[c].get(ch.upper(), 0) + 1
    return board, hands, parts[1]


def name(m):
    a, to = m
    sq = "abcdef"[to[0]] + str(to[1] + 1)
    if isinstance(a, str):
        return a + "@" + sq
    return "abcdef"[a[0]] + str(a[1] + 1) + sq


MAX_NODES = 300000


def check_epd(path, max_depth):
    """The number of failures: counts that differ, or 1 when no count was compared."""
    bad = compared = 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        fen, *items = [x.strip() for x in line.split(';')]
        pos = parse(fen)
        for item in items:
            d, n = item[1:].split()
            if int(d) > max_depth or int(n) > MAX_NODES:
                continue  # too slow in Python
            compared += 1
            if perft(pos, int(d)) != int(n):
                print(f"MISMATCH depth {d}: suite {n}, reference {perft(pos, int(d))}: {fen}")
                bad += 1
    print(f"{compared} counts compared: " + ("reference agrees" if not bad else f"{bad} mismatches"))
    if not compared:
        print(f"FAIL: no count of {path} at or below depth {max_depth}: nothing was checked")
        return 1
    return bad


if __name__ == "__main__":
    if sys.argv[1] == '--epd':
        sys.exit(1 if check_epd(sys.argv[2], int(sys.argv[3])) else 0)
    pos = parse(sys.argv[1])
    depth = int(sys.argv[2])
    if len(sys.argv) > 3 and sys.argv[3] == '--divide':
        total = 0
        for m in sorted(legal_moves(pos), key=name):
            n = perft(play(pos, m), depth - 1)
            total += n
            print(f"{name(m)}: {n}")
        print(f"\nNodes searched: {total}")
    else:
        print(perft(pos, depth))
