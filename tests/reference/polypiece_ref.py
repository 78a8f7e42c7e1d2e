#!/usr/bin/env python3
"""Independent, deliberately naive Polypiece perft, used to cross-check the
engine's suite counts (perft/suites/polypiece*.epd). Shares no code with the
engine: its own tiny Betza reader (atoms W F D N A H C L Z G, shorthands
K R B Q, doubled = rider, number = limited rider; the direction letters
f b l r v s and the pairs ff fs bb bs ll lv rr rv of the rules text, no mode
letters), moves found by scanning the board, every move made and then tested
by generating all enemy captures. Slow: use small depths.

Different armies (docs/rules/polypiece-armies.md): a type's list written
WHITE,.../BLACK,... gives each side its own list; the entry in force is the
type's, shared. `--suite` reads a line's `;option Powers=` like any other.

Usage: polypiece_ref.py [--phased] [--powers 'K:K Q:Q,WAND ...'] FEN DEPTH
       polypiece_ref.py [--phased] --suite FILE.epd MAX_DEPTH
         (compares every ;Dn count up to MAX_DEPTH, honouring ;option Powers=...;
          exit status 1 on any difference, or when no count was compared)
"""
import sys

ATOMS = {'W': (1, 0), 'F': (1, 1), 'D': (2, 0), 'N': (2, 1), 'A': (2, 2), 'H': (3, 0),
         'C': (3, 1), 'L': (3, 1), 'Z': (3, 2), 'G': (3, 3)}
SHORT = {'K': 'WF', 'R': 'WW', 'B': 'FF', 'Q': 'WWFF'}
DEFAULT = 'K:K Q:Q,WAND R:R,NN B:B,R4 N:N,WD'
ORDER = 'KQRBN'


def vectors(x, y):
    out = set()
    for a, b in ((x, y), (y, x)):
        for sa in (1, -1):
            for sb in (1, -1):
                out.add((a * sa, b * sb))
    return out


PAIRS = ('ff', 'fs', 'bb', 'bs', 'll', 'lv', 'rr', 'rv')


def selected(token, dx, dy):
    """Whether the direction token (White's view) selects the move (dx, dy)."""
    ax, ay = abs(dx), abs(dy)
    single = {'f': dy > 0, 'b': dy < 0, 'l': dx < 0, 'r': dx > 0, 'v': ay >= ax, 's': ax >= ay}
    if len(token) == 1:
        return single[token]
    side, near = token
    # a pair on an oblique atom: the moves going `side`, of the two nearest straight `near`
    # (ff: forward, nearest straight ahead; fs: forward, nearest sideways; lv: left, nearest vertical)
    near_vertical = ay > ax
    wants_vertical = near in 'fbv' if side in 'lr' else near in 'fb'
    return single[side] and near_vertical == wants_vertical


def tokens(letters, oblique):
    out, i = [], 0
    while i < len(letters):
        if oblique and letters[i:i + 2] in PAIRS:
            out.append(letters[i:i + 2])
            i += 2
        else:
            out.append(letters[i])
            i += 1
    return out


def betza(text, white=True):
    """List of (dx, dy, range) with range 0 = unlimited, for White (or Black:
    forward is toward the opponent, so Black's moves are White's mirrored)."""
    rays = []
    i = 0
    while i < len(text):
        dirs = ''
        while i < len(text) and text[i] in 'fblrvs':
            dirs += text[i]
            i += 1
        c = text[i]
        i += 1
        if c in SHORT:
            base = SHORT[c]
            rng = 0 if c in 'RBQ' else 1
        else:
            base = c
            rng = 1
        if i < len(text) and text[i] == c:
            rng = 0
            i += 1
        elif i < len(text) and text[i].isdigit():
            n = 0
            while i < len(text) and text[i].isdigit():
                n = n * 10 + int(text[i])
                i += 1
            rng = n
        for a in set(base):
            x, y = ATOMS[a]
            toks = tokens(dirs, x != y and y != 0)
            for v in vectors(x, y):
                if not toks or any(selected(t, *v) for t in toks):
                    rays.append((v[0], v[1] if white else -v[1], rng))
    return rays


def parse_lists(text):
    """By type: (White's list, Black's list)."""
    lists = {t: ([t], [t]) for t in ORDER}
    for tok in text.split():
        t, entries = tok.split(':')
        white, _, black = entries.partition('/')
        lists[t] = (white.split(','), (black or white).split(','))
        assert len(lists[t][0]) == len(lists[t][1]), tok
    return lists


class Pos:
    def __init__(self, fen, lists, phased):
        f = fen.split()
        self.board = {}
        for r, row in enumerate(f[0].split('/')):
            c = 0
            for ch in row:
                if ch.isdigit():
                    c += int(ch)
                else:
                    self.board[(c, 7 - r)] = ch
                    c += 1
        self.white = f[1] == 'w'
        self.castle = '' if f[2] == '-' else f[2]
        self.ep = None if f[3] == '-' else (ord(f[3][0]) - 97, int(f[3][1]) - 1)
        ph = f[6] if len(f) > 6 else '00000'
        self.phase = {t: int(ph[i]) for i, t in enumerate(ORDER)}
        self.lists = lists
        self.phased = phased

    def power(self, piece):
        t = piece.upper()
        white = piece.isupper()
        entries = self.lists[t][0 if white else 1]
        p = self.phase[t]
        if self.phased and not white:
            p = (p + 1) % len(entries)
        return betza(entries[p], white)

    def targets(self, sq, piece):
        """Squares a non-pawn piece on sq moves or captures to (set)."""
        out = set()
        for dx, dy, rng in self.power(piece):
            x, y = sq
            k = 0
            while True:
                x += dx
                y += dy
                k += 1
                if not (0 <= x < 8 and 0 <= y < 8):
                    break
                q = self.board.get((x, y))
                if q is None:
                    out.add((x, y))
                    if rng and k >= rng:
                        break
                    continue
                if q.isupper() != piece.isupper():
                    out.add((x, y))
                break
        return out

    def attacked(self, sq, by_white):
        for s, p in list(self.board.items()):
            if p.isupper() != by_white:
                continue
            if p in 'Pp':
                d = 1 if p == 'P' else -1
                if sq in ((s[0] - 1, s[1] + d), (s[0] + 1, s[1] + d)):
                    return True
            elif sq in self.targets(s, p):
                return True
        return False

    def pseudo(self):
        moves = []
        us_white = self.white
        for s, p in list(self.board.items()):
            if p.isupper() != us_white:
                continue
            if p in 'Pp':
                d = 1 if p == 'P' else -1
                last = 7 if p == 'P' else 0
                start = 1 if p == 'P' else 6
                one = (s[0], s[1] + d)
                promos = 'QRBN' if one[1] == last else ''
                if one not in self.board:
                    for pr in promos or [None]:
                        moves.append((s, one, pr))
                    two = (s[0], s[1] + 2 * d)
                    if s[1] == start and two not in self.board:
                        moves.append((s, two, None))
                for dx in (-1, 1):
                    t = (s[0] + dx, s[1] + d)
                    if not 0 <= t[0] < 8:
                        continue
                    q = self.board.get(t)
                    if (q and q.isupper() != us_white) or t == self.ep:
                        for pr in promos or [None]:
                            moves.append((s, t, pr))
            else:
                for t in self.targets(s, p):
                    moves.append((s, t, None))
        # castling: king and rook in place, between empty, king's square and the one passed unattacked
        rank = 0 if us_white else 7
        for right, kt, rf, rt in (('K', 6, 7, 5), ('Q', 2, 0, 3)):
            r = right if us_white else right.lower()
            if r not in self.castle:
                continue
            k = 'K' if us_white else 'k'
            rook = 'R' if us_white else 'r'
            if self.board.get((4, rank)) != k or self.board.get((rf, rank)) != rook:
                continue
            lo, hi = min(4, kt, rf, rt), max(4, kt, rf, rt)
            if any((x, rank) in self.board for x in range(lo, hi + 1) if x not in (4, rf)):
                continue
            step = 1 if kt > 4 else -1
            if any(self.attacked((x, rank), not us_white) for x in range(4, kt, step)):
                continue
            moves.append(((4, rank), (kt, rank), 'castle'))
        return moves

    def make(self, m):
        s, t, extra = m
        saved = (dict(self.board), self.white, self.castle, self.ep, dict(self.phase))
        p = self.board.pop(s)
        mover_type = p.upper()
        new_ep = None
        if extra == 'castle':
            rank = s[1]
            rf, rt = (7, 5) if t[0] == 6 else (0, 3)
            self.board[t] = p
            self.board[(rt, rank)] = self.board.pop((rf, rank))
        else:
            if p in 'Pp' and t == self.ep and t not in self.board:
                del self.board[(t[0], s[1])]
            if p in 'Pp' and abs(t[1] - s[1]) == 2:
                new_ep = (s[0], (s[1] + t[1]) // 2)
            self.board[t] = (extra if p == 'P' else extra.lower()) if extra else p
        for sq, lose in (((4, 0), 'KQ'), ((7, 0), 'K'), ((0, 0), 'Q'), ((4, 7), 'kq'), ((7, 7), 'k'),
                         ((0, 7), 'q')):
            if sq in (s, t):
                self.castle = ''.join(c for c in self.castle if c not in lose)
        if mover_type != 'P':
            n = len(self.lists[mover_type][0])
            self.phase[mover_type] = (self.phase[mover_type] + 1) % n
        self.ep = new_ep
        self.white = not self.white
        return saved

    def unmake(self, saved):
        self.board, self.white, self.castle, self.ep, self.phase = saved

    def legal(self):
        out = []
        for m in self.pseudo():
            saved = self.make(m)
            king = 'K' if not self.white else 'k'
            ksq = next(s for s, p in self.board.items() if p == king)
            if not self.attacked(ksq, self.white):
                out.append(m)
            self.unmake(saved)
        return out


def perft(pos, depth):
    if depth == 0:
        return 1
    n = 0
    for m in pos.legal():
        saved = pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake(saved)
    return n


def check_suite(path, max_depth, phased):
    bad = compared = 0
    for lineno, text in enumerate(open(path), 1):
        text = text.strip()
        if not text or text.startswith('#'):
            continue
        fen, *items = [t.strip() for t in text.split(';')]
        powers = DEFAULT
        expect = []
        for item in items:
            if item.startswith('option Powers='):
                powers = item[len('option Powers='):].strip()
            elif item.startswith('D'):
                d, n = item[1:].split()
                expect.append((int(d), int(n)))
        pos = Pos(fen, parse_lists(powers), phased)
        for d, n in expect:
            if d > max_depth:
                continue
            got = perft(pos, d)
            compared += 1
            if got != n:
                print(f'line {lineno} D{d}: suite {n}, independent {got}')
                bad += 1
    print(f'{compared} counts compared, {bad} differences')
    if not compared:
        print(f'FAIL: no count of {path} at or below depth {max_depth}: nothing was checked')
    return 1 if bad or not compared else 0


def main(argv):
    phased = False
    powers = DEFAULT
    while argv and argv[0].startswith('--'):
        if argv[0] == '--phased':
            phased = True
            argv = argv[1:]
        elif argv[0] == '--powers':
            powers = argv[1]
            argv = argv[2:]
        elif argv[0] == '--suite':
            sys.exit(check_suite(argv[1], int(argv[2]), phased))
        else:
            sys.exit(__doc__)
    fen, depth = argv[0], int(argv[1])
    pos = Pos(fen, parse_lists(powers), phased)
    for d in range(1, depth + 1):
        print(d, perft(pos, d))


if __name__ == '__main__':
    main(sys.argv[1:])
