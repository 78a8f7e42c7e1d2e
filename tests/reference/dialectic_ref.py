#!/usr/bin/env python3
"""Independent Dialectic / Hegelian Dialectic Chess perft, written from the rules text only
(no code shared with the engine), to cross-check perft/suites/{dialectic,hegelian}.epd and
perft/suites/hegelian-stair-step.epd.
Usage: dialectic_ref.py dialectic|hegelian [--dialectic square|stair-step] "FEN with T..A.. field" DEPTH
(slow: D3 in seconds), or with --batch in place of FEN and DEPTH: "DEPTH FEN" lines on stdin,
a count per line on stdout. --dialectic stair-step (Hegelian's setting): the dialectic keeps only
the squares (x, y) with x >= y (on and south-east of the main diagonal, x to the right, y
upward); a FEN's token square with x < y is read as its mirror (y, x)."""
import sys

SQUARE = [(x, y) for x in range(3) for y in range(3)]
STAIR_STEP = [(x, y) for x, y in SQUARE if x >= y]

def leaps(sq):
    x, y = sq
    s = set()
    for a, b in ((x, y), (y, x)):
        for sa in (1, -1):
            for sb in (1, -1):
                s.add((a * sa, b * sb))
    s.discard((0, 0))
    return s

class Pos:
    pass

def parse(fen, heg, cells=SQUARE):
    f = fen.split()
    p = Pos()
    p.heg = heg
    p.cells = frozenset(cells)
    p.b = {}
    rows = f[0].split('/')
    for i, row in enumerate(rows):
        r = 7 - i; c = 0
        for ch in row:
            if ch.isdigit(): c += int(ch)
            else: p.b[(c, r)] = ch; c += 1
    p.side = f[1]
    p.cast = set() if f[2] == '-' else set(f[2])
    p.ep = None if f[3] == '-' else (ord(f[3][0]) - 97, int(f[3][1]) - 1)
    d = f[6]
    p.t = (int(d[1]), int(d[2])); p.a = (int(d[4]), int(d[5]))
    p.t = p.t if p.t in p.cells else (p.t[1], p.t[0])
    p.a = p.a if p.a in p.cells else (p.a[1], p.a[0])
    assert p.t in p.cells and p.a in p.cells
    p.seen = frozenset([(p.t, p.a)])
    return p

def white(ch): return ch.isupper()
def own(ch, side): return ch is not None and (white(ch) == (side == 'w'))
def onb(s): return 0 <= s[0] < 8 and 0 <= s[1] < 8

KD = [(1,0),(-1,0),(0,1),(0,-1),(1,1),(1,-1),(-1,1),(-1,-1)]
def attacks(p, sq, by):
    """Is sq attacked by side `by`?"""
    for s, ch in p.b.items():
        if not own(ch, by): continue
        u = ch.upper(); dx, dy = sq[0] - s[0], sq[1] - s[1]
        if u == 'P':
            fw = 1 if by == 'w' else -1
            if dy == fw and abs(dx) == 1: return True
        elif u == 'K':
            if max(abs(dx), abs(dy)) == 1: return True
        elif u == 'N':
            if (dx, dy) in leaps(p.a): return True
        elif u in 'GBRQ':
            if u == 'G': dirs = leaps(p.a)
            elif u == 'B': dirs = KD[4:]
            elif u == 'R': dirs = KD[:4]
            else: dirs = KD
            for d in dirs:
                c = (s[0] + d[0], s[1] + d[1])
                while onb(c):
                    if c == sq: return True
                    if c in p.b: break
                    c = (c[0] + d[0], c[1] + d[1])
    return False

def king(p, side):
    k = 'K' if side == 'w' else 'k'
    for s, ch in p.b.items():
        if ch == k: return s

def opp(side): return 'b' if side == 'w' else 'w'

def pseudo(p):
    mv = []
    us = p.side; fw = 1 if us == 'w' else -1
    for s, ch in list(p.b.items()):
        if not own(ch, us): continue
        u = ch.upper()
        def add(to, promo=None, kind='n'): mv.append(('b', s, to, promo, kind))
        if u == 'P':
            last = 7 if us == 'w' else 0
            one = (s[0], s[1] + fw)
            def addp(to, kind='n'):
                if to[1] == last:
                    for q in 'QRBN': add(to, q, kind)
                else: add(to, None, kind)
            if onb(one) and one not in p.b:
                addp(one)
                two = (s[0], s[1] + 2 * fw)
                if s[1] == (1 if us == 'w' else 6) and two not in p.b: add(two, None, 'd')
            for dx in (-1, 1):
                to = (s[0] + dx, s[1] + fw)
                if not onb(to): continue
                if to in p.b and not own(p.b[to], us): addp(to)
                elif p.ep == to: add(to, None, 'e')
        elif u == 'K':
            for d in KD:
                to = (s[0] + d[0], s[1] + d[1])
                if onb(to) and not own(p.b.get(to), us): add(to)
        elif u == 'N':
            for d in leaps(p.t):
                to = (s[0] + d[0], s[1] + d[1])
                if onb(to) and to not in p.b: add(to)
            for d in leaps(p.a):
                to = (s[0] + d[0], s[1] + d[1])
                if onb(to) and to in p.b and not own(p.b[to], us): add(to)
        else:
            if u == 'G': quiet, capt = leaps(p.t), leaps(p.a)
            elif u == 'B': quiet = capt = KD[4:]
            elif u == 'R': quiet = capt = KD[:4]
            else: quiet = capt = KD
            for d in quiet:
                to = (s[0] + d[0], s[1] + d[1])
                while onb(to) and to not in p.b:
                    add(to); to = (to[0] + d[0], to[1] + d[1])
            for d in capt:
                to = (s[0] + d[0], s[1] + d[1])
                while onb(to) and to not in p.b: to = (to[0] + d[0], to[1] + d[1])
                if onb(to) and not own(p.b[to], us): add(to)
    # castling
    r = 0 if us == 'w' else 7
    K = 'K' if us == 'w' else 'k'; R = 'R' if us == 'w' else 'r'
    for right, kto, rfrom, between in (('K', 6, 7, (5, 6)), ('Q', 2, 0, (1, 2, 3))):
        rr = right if us == 'w' else right.lower()
        if rr not in p.cast: continue
        if p.b.get((4, r)) != K or p.b.get((rfrom, r)) != R: continue
        if any((c, r) in p.b for c in between): continue
        path = (4, 5) if kto == 6 else (4, 3)
        if any(attacks(p, (c, r), opp(us)) for c in path): continue
        mv.append(('b', (4, r), (kto, r), None, 'c'))
    # dialectic
    def dn(sq):
        x, y = sq
        return [(x + dx, y + dy) for dx, dy in ((1,0),(-1,0),(0,1),(0,-1)) if (x + dx, y + dy) in p.cells]
    for n in dn(p.t):
        if (p.heg or n != p.a) and (n, p.a) not in p.seen: mv.append(('T', n))
    for n in dn(p.a):
        if (p.heg or n != p.t) and (p.t, n) not in p.seen: mv.append(('A', n))
    if p.heg and p.t == p.a:
        for n in dn(p.a):
            if (n, n) not in p.seen: mv.append(('S', n))
    return mv

CASTLE_SQ = {(4,0): 'KQ', (7,0): 'K', (0,0): 'Q', (4,7): 'kq', (7,7): 'k', (0,7): 'q'}

def make(p, m):
    q = Pos(); q.heg = p.heg; q.cells = p.cells; q.b = dict(p.b); q.cast = set(p.cast); q.ep = None
    q.t, q.a, q.side = p.t, p.a, opp(p.side)
    if m[0] != 'b':
        if m[0] in 'TS': q.t = m[1]
        if m[0] in 'AS': q.a = m[1]
        q.seen = p.seen | {(q.t, q.a)}
        return q
    _, s, to, promo, kind = m
    ch = q.b.pop(s); target = q.b.get(to)
    if kind == 'e': del q.b[(to[0], s[1])]
    if kind == 'c':
        r = s[1]
        if to[0] == 6: q.b[(5, r)] = q.b.pop((7, r))
        else: q.b[(3, r)] = q.b.pop((0, r))
    if promo: ch = promo if p.side == 'w' else promo.lower()
    elif ch.upper() == 'N' and target and target.upper() in 'NG':
        ch = 'G' if p.side == 'w' else 'g'
    q.b[to] = ch
    if kind == 'd': q.ep = (s[0], (s[1] + to[1]) // 2)
    for sq in (s, to):
        for c in CASTLE_SQ.get(sq, ''): q.cast.discard(c)
    q.seen = frozenset([(q.t, q.a)])
    return q

def legal(p):
    out = []
    for m in pseudo(p):
        q = make(p, m)
        if not attacks(q, king(q, p.side), q.side): out.append((m, q))
    return out

def perft(p, d):
    if d == 0: return 1
    ms = legal(p)
    if d == 1: return len(ms)
    return sum(perft(q, d - 1) for m, q in ms)

if __name__ == '__main__':
    args = sys.argv[1:]
    cells = SQUARE
    if '--dialectic' in args:
        i = args.index('--dialectic')
        shape = args[i + 1]
        del args[i:i + 2]
        if shape not in ('square', 'stair-step') or (shape == 'stair-step' and args[0] != 'hegelian'):
            sys.exit('--dialectic: square, or stair-step with hegelian')
        cells = STAIR_STEP if shape == 'stair-step' else SQUARE
    if args[1:] == ['--batch']:
        # One process for a whole suite (suite_check.py --batch): each line of stdin is
        # "DEPTH FEN", each answer one line with the count.
        for line in sys.stdin:
            depth, fen = line.split(' ', 1)
            print(perft(parse(fen.strip(), args[0] == 'hegelian', cells), int(depth)), flush=True)
        sys.exit(0)
    variant, fen, depth = args[0], args[1], int(args[2])
    print(perft(parse(fen, variant == 'hegelian', cells), depth))
