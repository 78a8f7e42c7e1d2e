#!/usr/bin/env python3
"""An independent, deliberately simple reference for Nick Danger Chess turns.

Written from the rules (docs/rules/nickdanger.md) without looking at the C
generator's tricks: a linked square is a *cell* holding one piece; every turn
is made in full on a copy of the position and legality is judged by listing
every enemy capture. Slow, but a different road to the same answers.

Usage:
  nickdanger_ref.py [SETTINGS] turns FEN     one line per legal turn: TEXT FEN-after
  nickdanger_ref.py [SETTINGS] check RULEZERO FEN [SAMPLES]
        compares the engine's `moves` output (texts and FENs after) with this
        reference, then, for SAMPLES child positions, the number of turns.
  nickdanger_ref.py [SETTINGS] suite RULEZERO SUITE MAX_D1 SAMPLES
        check for every position of the EPD file SUITE whose D1 is at most
        MAX_D1, in one process; a line's `;option Links=N`, `;option
        LinkSquares=V` and `;option AfterLinking=V` replace SETTINGS' value
        for that line (another option fails the line). Fails when SUITE
        cannot be read or no position was compared.
SETTINGS, the game's settings, given to the engine too:
  --links N: Links (rule 2d: the most links at a time, default 8);
  --link-squares same-rank|same-square|same-colour|any|same-quadrant:
      LinkSquares (which squares may be linked; with same-colour, any and
      same-quadrant a Pawn promotes only by a Pawn move on board 0);
  --board1 FxR: board 1's size (default 8x8): files i.., ranks 1.. from the
      corner i1 (docs/rules/nickdanger-2x2.md); its other locations do not
      exist (written as empty in a FEN);
  --boards FxR,FxR,...: every board's size, board 0 first (three or four
      boards: docs/rules/nickdanger-4.md): each board's files follow the
      previous board's (a board as wide as its files), ranks 1.. from the
      bottom; a link joins a square of a board and one of the next board;
  --game ID --variants FILE: the engine's game (default nickdanger), a game
      of a game file, with the same settings.
  --after-linking twinkle|remove: AfterLinking (rule 2c, or 2b: when the
      limit is reached only breaks, back to linking when none is left).
Exit status 0 when everything agrees.
"""
import random
import re
import subprocess
import sys

FILES = "abcdefghijklmnopqrstuvwxyz"
VAL = "PNBRQK"
KN = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
MAX_LINKS = 8  # rule 2d, the Links setting (--links)
LINK_SQUARES = 'same-rank'  # the LinkSquares setting (--link-squares)
AFTER_LINKING = 'twinkle'  # the AfterLinking setting (--after-linking)
BOARD_SIZE = [(8, 8), (8, 8)]  # files, ranks of each board (--board1)
GAME = ['-v', 'nickdanger']  # how the engine is told the game (--game, --variants)


def full_phase():
    """The phase after linking: T (Twinkle) or R (removing only)."""
    return 'R' if AFTER_LINKING == 'remove' else 'T'


def may_link(s0, s1):
    """LinkSquares: may board-0 location s0 and board-1 location s1 be linked?"""
    if LINK_SQUARES == 'same-rank':
        return s0[2] == s1[2]
    if LINK_SQUARES == 'same-square':
        return (s0[1], s0[2]) == (s1[1], s1[2])
    if LINK_SQUARES == 'same-colour':   # a1 and i1 are both dark
        return (s0[1] + s0[2]) % 2 == (s1[1] + s1[2]) % 2
    if LINK_SQUARES == 'same-quadrant':
        return quadrant(s0) == quadrant(s1)
    return True


def quadrant(loc):
    """Which quarter of its own board a location lies in: left or right half, lower or upper half."""
    files, ranks = BOARD_SIZE[loc[0]]
    return (loc[1] >= files // 2, loc[2] >= ranks // 2)


def promotes(loc):
    """Rule 3c: with links off the rank, only a Pawn moving on board 0 promotes."""
    return loc[0] == 0 or LINK_SQUARES in ('same-rank', 'same-square')


def exists(loc):
    """Is this location a square of its board?"""
    files, ranks = BOARD_SIZE[loc[0]]
    return 0 <= loc[1] < files and 0 <= loc[2] < ranks


def columns():
    """The FEN's files, in order, as (board, file): two boards keep board 1 in
    an 8-file frame (i-p), more boards are as wide as their files."""
    frame = [8 if len(BOARD_SIZE) == 2 else files for files, _ in BOARD_SIZE]
    return [(b, f) for b in range(len(BOARD_SIZE)) for f in range(frame[b])]


def name(loc):
    b, f, r = loc
    return FILES[columns().index((b, f))] + str(r + 1)


def parse_loc(s):
    b, f = columns()[FILES.index(s[0])]
    return (b, f, int(s[1:]) - 1)


def lower(p, loc):
    """Is loc the location of its link on the lower of the two boards?"""
    return loc[0] < p.links[loc][0]


class Pos:
    def __init__(self):
        self.board = {}      # loc -> piece letter (upper White), pieces on links on both locs
        self.links = {}      # loc -> partner loc
        self.side = 'w'
        self.castle = ''
        self.ep = None
        self.half = 0
        self.full = 1
        self.phase = 'L'
        self.last = None     # ('+'|'-', loc0, loc1)

    def copy(self):
        p = Pos()
        p.board = dict(self.board)
        p.links = dict(self.links)
        p.side, p.castle, p.ep, p.half, p.full = self.side, self.castle, self.ep, self.half, self.full
        p.phase, p.last = self.phase, self.last
        return p

    # -- cells: a piece on a link is on both locations --
    def locs(self, loc):
        return [loc, self.links[loc]] if loc in self.links else [loc]

    def put(self, loc, pc):
        for l in self.locs(loc):
            self.board[l] = pc

    def clear(self, loc):
        for l in self.locs(loc):
            self.board.pop(l, None)


def parse_fen(fen):
    f = fen.split()
    p = Pos()
    rows = f[0].split('/')
    for i, row in enumerate(rows):
        r = 7 - i
        c = 0
        num = ''
        for ch in row + ' ':
            if ch.isdigit():
                num += ch
                continue
            if num:
                c += int(num)
                num = ''
            if ch == ' ':
                break
            board, file = columns()[c]
            assert exists((board, file, r)), 'a piece off the boards'
            p.board[(board, file, r)] = ch
            c += 1
    p.side = f[1]
    p.castle = '' if f[2] == '-' else f[2]
    p.ep = None if f[3] == '-' else parse_loc(f[3])
    p.half, p.full = int(f[4]), int(f[5])
    if f[6] != '-':
        for pair in f[6].split(','):
            a, b = parse_loc(pair[:2]), parse_loc(pair[2:])
            p.links[a] = b
            p.links[b] = a
    p.phase = f[7]
    if len(p.links) == 2 * MAX_LINKS:
        p.phase = full_phase()
    if p.phase == 'R' and not p.links:
        p.phase = 'L'
    if f[8] != '-':
        p.last = (f[8][0], parse_loc(f[8][1:3]), parse_loc(f[8][3:5]))
    return p


def write_fen(p):
    rows = []
    for r in range(7, -1, -1):
        s, e = '', 0
        for b, f in columns():
            pc = p.board.get((b, f, r))
            if pc is None:
                e += 1
            else:
                if e:
                    s += str(e)
                e = 0
                s += pc
        if e:
            s += str(e)
        rows.append(s)
    links = sorted((l for l in p.links if lower(p, l)), key=lambda l: (l[0], l[2], l[1]))
    lk = ','.join(name(l) + name(p.links[l]) for l in links) or '-'
    last = '-' if p.last is None else p.last[0] + name(p.last[1]) + name(p.last[2])
    return '%s %s %s %s %d %d %s %s %s' % ('/'.join(rows), p.side, p.castle or '-', name(p.ep) if p.ep else '-',
                                          p.half, p.full, lk, p.phase, last)


def white(pc):
    return pc.isupper()


def mine(pc, side):
    return pc is not None and (pc.isupper() == (side == 'w'))


def onb(b, f, r):
    return exists((b, f, r))


def piece_moves(p, loc, pc, side):
    """Orthodox moves of the piece pc from location loc, on loc's board: list of (to, kind, promo)."""
    b, f, r = loc
    t = pc.upper()
    out = []
    if t == 'P':
        d = 1 if side == 'w' else -1
        last = 7 if side == 'w' else 0
        start = 1 if side == 'w' else 6

        def add(to, kind):
            if to[2] == last and promotes(to):
                for q in 'qrbn':
                    out.append((to, 'promo', q))
            else:
                out.append((to, kind, ''))
        if onb(b, f, r + d) and (b, f, r + d) not in p.board:
            add((b, f, r + d), 'n')
            if r == start and onb(b, f, r + 2 * d) and (b, f, r + 2 * d) not in p.board:
                out.append(((b, f, r + 2 * d), 'double', ''))
        for df in (-1, 1):
            if not onb(b, f + df, r + d):
                continue
            to = (b, f + df, r + d)
            q = p.board.get(to)
            if q is not None and not mine(q, side):
                add(to, 'n')
            elif q is None and p.ep == to:
                landed = (b, f + df, r)   # the double-stepper landed one step beyond, from our view behind
                if p.board.get(landed) == ('p' if side == 'w' else 'P'):
                    out.append((to, 'ep', ''))
        return out
    if t == 'N':
        dirs, slide = KN, False
    elif t == 'B':
        dirs, slide = DIAG, True
    elif t == 'R':
        dirs, slide = ORTH, True
    elif t == 'Q':
        dirs, slide = DIAG + ORTH, True
    else:
        dirs, slide = DIAG + ORTH, False
    for df, dr in dirs:
        nf, nr = f + df, r + dr
        while onb(b, nf, nr):
            to = (b, nf, nr)
            q = p.board.get(to)
            if q is None:
                out.append((to, 'n', ''))
            else:
                if not mine(q, side):
                    out.append((to, 'n', ''))
                break
            if not slide:
                break
            nf, nr = nf + df, nr + dr
    return out


def cells(p, side):
    """Each piece of `side` once, with all its locations."""
    seen = set()
    for loc, pc in p.board.items():
        if mine(pc, side):
            key = min(p.locs(loc))
            if key not in seen:
                seen.add(key)
                yield pc, p.locs(loc)


def king_loc(p, side):
    k = 'K' if side == 'w' else 'k'
    for loc, pc in p.board.items():
        if pc == k:
            return loc
    return None


def in_line(t, df, dr):
    """Could a piece of type t reach a square df files and dr ranks away on its board (ignoring what
    stands between)? Only a shortcut: attacked() still asks piece_moves() for those that could."""
    adf, adr = abs(df), abs(dr)
    if t == 'N':
        return {adf, adr} == {1, 2}
    if t == 'B':
        return adf == adr
    if t == 'R':
        return df == 0 or dr == 0
    if t == 'Q':
        return adf == adr or df == 0 or dr == 0
    return max(adf, adr) == 1


def attacked(p, loc, by):
    """Can a piece of `by` capture on loc with a part-1 move (from any location)?"""
    # Every location of every piece (a piece on a link stands on both of its locations).
    for l, pc in list(p.board.items()):
        if l[0] != loc[0] or not mine(pc, by):
            continue
        t = pc.upper()
        if t == 'P':
            d = 1 if by == 'w' else -1
            if l[2] + d == loc[2] and abs(l[1] - loc[1]) == 1:
                return True
            continue
        if not in_line(t, loc[1] - l[1], loc[2] - l[2]):
            continue
        q = p.board.get(loc)
        p.board[loc] = 'X' if by == 'b' else 'x'   # a dummy enemy to capture
        hit = any(to == loc for to, _, _ in piece_moves(p, l, pc, by))
        if q is None:
            del p.board[loc]
        else:
            p.board[loc] = q
        if hit:
            return True
    return False


def in_check(p, side):
    return attacked(p, king_loc(p, side), 'b' if side == 'w' else 'w')


CASTLES = {'K': ('w', 4, 6, 7, 5, 0), 'Q': ('w', 4, 2, 0, 3, 0), 'k': ('b', 4, 6, 7, 5, 7), 'q': ('b', 4, 2, 0, 3, 7)}


def part1_moves(p):
    side = p.side
    moves = []
    for pc, locs in cells(p, side):
        for l in locs:
            for to, kind, promo in piece_moves(p, l, pc, side):
                moves.append((l, to, kind, promo))
    for right in p.castle:
        c, kf, kt, rf, rt, r = CASTLES[right]
        if c != side:
            continue
        k, rook = ('K', 'R') if side == 'w' else ('k', 'r')
        if p.board.get((0, kf, r)) != k or p.board.get((0, rf, r)) != rook:
            continue
        lo, hi = min(kf, kt, rf, rt), max(kf, kt, rf, rt)
        if any((0, f, r) in p.board for f in range(lo, hi + 1) if f not in (kf, rf)):
            continue
        step = 1 if kt > kf else -1
        them = 'b' if side == 'w' else 'w'
        if any(attacked(p, (0, f, r), them) for f in range(kf, kt, step)):
            continue
        moves.append(((0, kf, r), (0, kt, r), 'castle', right))
    return moves


def unlink(p, loc):
    o = p.links.pop(loc)
    del p.links[o]


def drop_rights(p):
    """Rights lost: King or Rook not in place."""
    keep = ''
    for right in p.castle:
        c, kf, kt, rf, rt, r = CASTLES[right]
        k, rook = ('K', 'R') if c == 'w' else ('k', 'r')
        if p.board.get((0, kf, r)) == k and p.board.get((0, rf, r)) == rook:
            keep += right
    p.castle = keep


def corner_rights(loc_set):
    lost = ''
    for right, (c, kf, kt, rf, rt, r) in CASTLES.items():
        if (0, rf, r) in loc_set or (0, kf, r) in loc_set:
            lost += right
    return lost


def make_part1(p, m):
    q = p.copy()
    fr, to, kind, extra = m
    pc = q.board[fr]
    side = q.side
    touched = set(q.locs(fr)) | set(q.locs(to))
    q.ep = None
    q.half += 1
    if kind == 'castle':
        c, kf, kt, rf, rt, r = CASTLES[extra]
        rook = q.board[(0, rf, r)]
        q.clear((0, rf, r))
        q.clear((0, kf, r))
        if (0, kt, r) in q.links:
            unlink(q, (0, kt, r))
            if q.phase == 'R' and not q.links:
                q.phase = 'L'
        q.put((0, kt, r), pc)
        q.put((0, rt, r), rook)
    else:
        if kind == 'ep':
            d = 1 if side == 'w' else -1
            cap = (to[0], to[1], to[2] - d)
            q.clear(cap)
            q.half = 0
        elif to in q.board:
            q.clear(to)
            q.half = 0
        if pc.upper() == 'P':
            q.half = 0
        q.clear(fr)
        if pc.upper() == 'K' and to in q.links:
            unlink(q, to)
            if q.phase == 'R' and not q.links:
                q.phase = 'L'
        if kind == 'promo':
            pc = extra.upper() if side == 'w' else extra
        q.put(to, pc)
        if kind == 'double':
            q.ep = (fr[0], fr[1], (fr[2] + to[2]) // 2)
    lost = corner_rights(touched)
    q.castle = ''.join(x for x in q.castle if x not in lost)
    text = name(fr) + name(to) + (extra if kind == 'promo' else '')
    return q, text


def link_actions(p):
    """All link actions the rules allow (before the own-King test): (text, kind, s0, s1, keep)."""
    acts = []
    nlinks = len(p.links) // 2
    twinkle = p.phase == 'T'
    for b in range(len(BOARD_SIZE) - 1):
        if nlinks >= MAX_LINKS or p.phase == 'R':
            break
        for s0 in [(b, f0, r) for r in range(8) for f0 in range(8)]:
            if not exists(s0) or s0 in p.links or (p.board.get(s0) or '').upper() == 'K':
                continue
            for s1 in [(b + 1, f1, r1) for r1 in range(8) for f1 in range(8)]:
                if not exists(s1) or not may_link(s0, s1) or s1 in p.links or (s0 in p.board and s1 in p.board):
                    continue
                if twinkle and p.last == ('-', s0, s1):
                    continue
                acts.append((name(s0) + name(s1), '+', s0, s1, None))
    if p.phase in ('T', 'R'):
        for s0 in [l for l in p.links if lower(p, l)]:
            s1 = p.links[s0]
            if twinkle and p.last == ('+', s0, s1):
                continue
            if s0 in p.board:
                for keep in (s0, s1):
                    acts.append(('x' + name(s0) + name(s1) + name(keep), '-', s0, s1, keep))
            else:
                acts.append(('x' + name(s0) + name(s1), '-', s0, s1, None))
    return acts


def apply_link(p, act):
    q = p.copy()
    text, kind, s0, s1, keep = act
    if kind == '+':
        pc = q.board.get(s0) or q.board.get(s1)
        q.links[s0] = s1
        q.links[s1] = s0
        if pc:
            q.put(s0, pc)
        if len(q.links) == 2 * MAX_LINKS:
            q.phase = full_phase()
    else:
        pc = q.board.get(s0)
        unlink(q, s0)
        if pc:
            q.board.pop(s0 if keep == s1 else s1)
        if q.phase == 'R' and not q.links:
            q.phase = 'L'
    q.last = (kind, s0, s1)
    return q


def end_turn(q):
    drop_rights(q)
    if q.side == 'b':
        q.full += 1
    q.side = 'b' if q.side == 'w' else 'w'


def turns(p):
    """[(text, position after)] of every legal turn."""
    out = []
    side = p.side
    first = side == 'w' and p.full == 1
    for m in part1_moves(p):
        q, text = make_part1(p, m)
        if in_check(q, side):
            continue
        seconds = []
        if not first:
            for act in link_actions(q):
                r = apply_link(q, act)
                if not in_check(r, side):
                    seconds.append((text + ',' + act[0], r))
        if not seconds:
            q.last = None
            seconds = [(text, q)]
        for t, r in seconds:
            end_turn(r)
            out.append((t, r))
    return out


def setting():
    return GAME + ['--option', 'Links=%d' % MAX_LINKS, '--option', 'LinkSquares=' + LINK_SQUARES,
            '--option', 'AfterLinking=' + AFTER_LINKING]


def engine_moves(rz, fen):
    res = subprocess.run([rz, 'moves', '-f', fen] + setting(), capture_output=True, text=True,
                         check=True)
    return dict(line.split(' ', 1) for line in res.stdout.splitlines())


def check(rz, fen, samples):
    ref = {t: write_fen(q) for t, q in turns(parse_fen(fen))}
    eng = engine_moves(rz, fen)
    bad = 0
    for t in sorted(set(ref) | set(eng)):
        if t not in eng:
            print('missing in engine: %s' % t)
            bad += 1
        elif t not in ref:
            print('engine only: %s' % t)
            bad += 1
        elif ref[t] != eng[t]:
            print('FEN after %s differs:\n  ref %s\n  eng %s' % (t, ref[t], eng[t]))
            bad += 1
        if bad > 10:
            break
    rng = random.Random(fen)
    for t in rng.sample(sorted(ref), min(samples, len(ref))):
        child = ref[t]
        n_ref = len(turns(parse_fen(child)))
        res = subprocess.run([rz, 'perft', '-f', child, '-d', '1'] + setting(), capture_output=True,
                             text=True, check=True)
        n_eng = int(res.stdout.split()[-1])
        if n_ref != n_eng:
            print('after %s: ref %d turns, engine %d\n  FEN %s' % (t, n_ref, n_eng, child))
            bad += 1
    print('%s: %d turns, %s' % (fen, len(ref), 'agree' if not bad else '%d differences' % bad))
    return bad


def set_setting(flag, value, variants):
    """Applies one SETTINGS flag; returns an error message, or None."""
    global MAX_LINKS, LINK_SQUARES, AFTER_LINKING, GAME
    if flag == '--links':
        MAX_LINKS = int(value)
    elif flag == '--board1':
        files, ranks = (int(x) for x in value.split('x'))
        BOARD_SIZE[1] = (files, ranks)
    elif flag == '--boards':
        BOARD_SIZE[:] = [tuple(int(x) for x in size.split('x')) for size in value.split(',')]
    elif flag == '--game':
        GAME = ['-v', value]
    elif flag == '--variants':
        variants[:] = ['--variants', value]
    elif flag == '--link-squares':
        if value not in ('same-rank', 'same-square', 'same-colour', 'any', 'same-quadrant'):
            return 'unknown LinkSquares value %r' % value
        LINK_SQUARES = value
    else:
        if value not in ('twinkle', 'remove'):
            return 'unknown AfterLinking value %r' % value
        AFTER_LINKING = value
    return None


SUITE_OPTIONS = {'Links': '--links', 'LinkSquares': '--link-squares', 'AfterLinking': '--after-linking'}


def check_line(rz, line, samples):
    """check for one suite line under its own `;option` settings; the number of differences."""
    global MAX_LINKS, LINK_SQUARES, AFTER_LINKING
    base = (MAX_LINKS, LINK_SQUARES, AFTER_LINKING)
    try:
        for opt in re.findall(r';option ([^;]*)', line):
            name, _, value = opt.partition('=')
            if name not in SUITE_OPTIONS:
                print('FAIL: a setting this reference does not know: ;option %s' % opt.rstrip())
                return 1
            error = set_setting(SUITE_OPTIONS[name], value.rstrip(), [])
            if error:
                print(error)
                return 1
        return 1 if check(rz, line.split(';')[0].rstrip(), samples) else 0
    finally:
        MAX_LINKS, LINK_SQUARES, AFTER_LINKING = base


def check_suite(rz, path, max_d1, samples):
    """check for every position of the EPD file at PATH whose D1 is at most MAX_D1."""
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.read().splitlines()
    except OSError:
        print('FAIL: cannot read the suite %s' % path)
        return 1
    n = fail = 0
    for line in lines:
        if not line or line.startswith('#'):
            continue
        d1 = re.findall(r';D1 ([0-9]+)', line)
        if d1 and int(d1[-1]) > max_d1:
            continue
        n += 1
        fail += 1 if check_line(rz, line, samples) else 0
    print('%d positions compared, %d differ' % (n, fail))
    if n == 0:
        print('FAIL: no position of %s with D1 at most %d: nothing was checked' % (path, max_d1))
        return 1
    return 1 if fail else 0


def main():
    global GAME
    variants = []
    while len(sys.argv) >= 3 and sys.argv[1] in ('--links', '--link-squares', '--after-linking', '--board1', '--boards',
                                                 '--game', '--variants'):
        error = set_setting(sys.argv[1], sys.argv[2], variants)
        if error:
            print(error)
            return 2
        del sys.argv[1:3]
    GAME = variants + GAME
    if len(sys.argv) >= 3 and sys.argv[1] == 'turns':
        for t, q in turns(parse_fen(sys.argv[2])):
            print(t, write_fen(q))
        return 0
    if len(sys.argv) >= 4 and sys.argv[1] == 'check':
        return 1 if check(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 3) else 0
    if len(sys.argv) == 6 and sys.argv[1] == 'suite':
        return check_suite(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
