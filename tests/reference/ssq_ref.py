#!/usr/bin/env python3
"""Independent perft for the Single Square games (Ralph Betza): Simple Pickle
Single Square Chess (`pickle`) and Single Shifted Square Chess
(`shifted-square`), written from docs/rules/pickle.md and
docs/rules/shifted-square.md alone. It shares no code and no data structure
with the engine: squares are names, a position is a dictionary, every move
is made on a copy and legality is found by listing every enemy capture.

Usage:
  ssq_ref.py VARIANT SETTING FEN DEPTH [--divide]
      VARIANT pickle or shifted-square; SETTING like e4=x5 (Link or Shift).
  ssq_ref.py --suite SUITE MAX_DEPTH [MAX_COUNT]
      every `;Dn COUNT` of SUITE with n <= MAX_DEPTH (and COUNT <= MAX_COUNT),
      the variant from the suite's name (pickle*.epd, shifted-square*.epd),
      the setting from the line's `;option Link=...` / `;option Shift=...`
      (default e4=x5).

Geometry: a location is (column, rank), columns 0-7 for files a-h, -1 for
the x-file left of a and 8 for the z-file right of h, ranks 0-7.
Pickle: every board square is a square; the linked square has a second
location, the added one. Shifted: the removed square is no square, the added
location is an ordinary square. A square's rank (promotion, double steps,
en passant) is the rank of its board location (Pickle) or its own.
"""
import re
import sys

FILES = 'abcdefgh'
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (0, 1), (-1, 0), (0, -1)]
BISHOP = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
STEPS = {'N': (KNIGHT, False), 'K': (KING, False), 'R': (ROOK, True), 'B': (BISHOP, True), 'Q': (KING, True)}


def loc_name(loc):
    col, rank = loc
    file = 'x' if col == -1 else 'z' if col == 8 else FILES[col]
    return f'{file}{rank + 1}'


def parse_loc(text):
    file, rank = text[0], int(text[1])
    col = -1 if file == 'x' else 8 if file == 'z' else FILES.index(file)
    return (col, rank - 1)


class Game:
    """The board's shape under one setting: which locations exist and which
    square each one is (a square is named by its board location, or by its
    own name when it is the Shifted game's added square)."""

    def __init__(self, variant, setting):
        board, added = setting.split('=')
        self.variant = variant
        self.board_sq = board
        self.added = added
        self.loc_square = {}
        for c in range(8):
            for r in range(8):
                self.loc_square[(c, r)] = loc_name((c, r))
        if variant == 'pickle':
            self.loc_square[parse_loc(added)] = board
        else:
            del self.loc_square[parse_loc(board)]
            self.loc_square[parse_loc(added)] = added
        self.locations = {}
        for loc, sq in self.loc_square.items():
            self.locations.setdefault(sq, []).append(loc)
        for sq in self.locations:
            self.locations[sq].sort(key=lambda l: l[0] in (-1, 8))

    def rank(self, sq):
        return int(sq[1]) - 1

    def at(self, loc, d):
        return self.loc_square.get((loc[0] + d[0], loc[1] + d[1]))


def read_fen(game, fen):
    fields = fen.split()
    pos = {'board': {}, 'side': fields[1], 'castling': fields[2], 'ep': fields[3]}
    for i, row in enumerate(fields[0].split('/')):
        rank, col = 7 - i, 0
        for ch in row:
            if ch.isdigit():
                col += int(ch)
            else:
                pos['board'][loc_name((col, rank))] = ch
                col += 1
    if game.variant == 'shifted-square' and len(fields) > 6 and fields[6] != '-':
        pos['board'][game.added] = fields[6]
    assert game.variant == 'pickle' or game.board_sq not in pos['board']
    return pos


def white(piece):
    return piece.isupper()


def targets(game, board, sq, piece, captures_only):
    """(to square, is a pawn's move) for every step of the piece on sq,
    ignoring check; pawn pushes left out when captures_only."""
    out = []
    mine = white(piece)
    kind = piece.upper()
    for loc in game.locations[sq]:
        if kind == 'P':
            fwd = 1 if mine else -1
            if not captures_only:
                one = game.at(loc, (0, fwd))
                if one is not None and one not in board and one != sq:
                    out.append((one, 'push'))
                    two = game.at((loc[0], loc[1] + fwd), (0, fwd))
                    start = 1 if mine else 6
                    if game.rank(sq) == start and two is not None and two not in board:
                        out.append((two, 'double'))
            for dc in (-1, 1):
                t = game.at(loc, (dc, fwd))
                if t is not None and t != sq:
                    out.append((t, 'capture'))
            continue
        steps, slides = STEPS[kind]
        for d in steps:
            cur = loc
            while True:
                t = game.at(cur, d)
                if t is None or t == sq:
                    break
                out.append((t, 'move'))
                if t in board or not slides:
                    break
                cur = (cur[0] + d[0], cur[1] + d[1])
    return out


def attacked(game, board, sq, by_white):
    for s, p in board.items():
        if white(p) != by_white:
            continue
        for t, how in targets(game, board, s, p, True):
            if t == sq and how in ('move', 'capture'):
                return True
    return False


def king_square(board, is_white):
    for s, p in board.items():
        if p == ('K' if is_white else 'k'):
            return s
    return None


CASTLES = [('K', 'e1', 'g1', 'h1', 'f1', ['f1', 'g1'], ['e1', 'f1']),
           ('Q', 'e1', 'c1', 'a1', 'd1', ['d1', 'c1', 'b1'], ['e1', 'd1']),
           ('k', 'e8', 'g8', 'h8', 'f8', ['f8', 'g8'], ['e8', 'f8']),
           ('q', 'e8', 'c8', 'a8', 'd8', ['d8', 'c8', 'b8'], ['e8', 'd8'])]
RIGHTS_LOST = {'e1': 'KQ', 'h1': 'K', 'a1': 'Q', 'e8': 'kq', 'h8': 'k', 'a8': 'q'}


def pseudo_moves(game, pos):
    """Every move as (from, to, promotion, ep capture square, castle rook) with no repeats."""
    board = pos['board']
    us_white = pos['side'] == 'w'
    moves = set()
    for s, p in list(board.items()):
        if white(p) != us_white:
            continue
        for t, how in targets(game, board, s, p, False):
            occupant = board.get(t)
            if occupant is not None and white(occupant) == us_white:
                continue
            if how == 'capture' and occupant is None:
                if t == pos['ep']:
                    victim = loc_name((parse_loc(t)[0], parse_loc(t)[1] + (-1 if us_white else 1)))
                    if board.get(victim) == ('p' if us_white else 'P'):
                        moves.add((s, t, '', victim, None))
                continue
            if p.upper() == 'P' and game.rank(t) == (7 if us_white else 0):
                for q in 'QRBN':
                    moves.add((s, t, q if us_white else q.lower(), None, None))
            else:
                moves.add((s, t, '', None, 'double' if how == 'double' else None))
    for right, kf, kt, rf, rt, empty, safe in CASTLES:
        if right not in pos['castling'] or (right.isupper() != us_white):
            continue
        if board.get(kf) != ('K' if us_white else 'k') or board.get(rf) != ('R' if us_white else 'r'):
            continue
        if any(sq in board for sq in empty):
            continue
        if any(attacked(game, board, sq, not us_white) for sq in safe):
            continue
        moves.add((kf, kt, '', None, (rf, rt)))
    return moves


def make(pos, move):
    s, t, promo, victim, extra = move
    board = dict(pos['board'])
    piece = board.pop(s)
    if victim:
        del board[victim]
    board[t] = promo or piece
    ep = '-'
    if extra == 'double':
        ep = loc_name((parse_loc(t)[0], (parse_loc(s)[1] + parse_loc(t)[1]) // 2))
    elif extra:
        board[extra[1]] = board.pop(extra[0])
    castling = ''.join(c for c in pos['castling'] if c != '-' and
                       c not in RIGHTS_LOST.get(s, '') + RIGHTS_LOST.get(t, ''))
    return {'board': board, 'side': 'b' if pos['side'] == 'w' else 'w', 'castling': castling or '-', 'ep': ep}


def legal_moves(game, pos):
    us_white = pos['side'] == 'w'
    out = []
    for m in sorted(pseudo_moves(game, pos), key=str):
        after = make(pos, m)
        if not attacked(game, after['board'], king_square(after['board'], us_white), not us_white):
            out.append((m, after))
    return out


def perft(game, pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(game, pos)
    if depth == 1:
        return len(moves)
    return sum(perft(game, after, depth - 1) for _, after in moves)


def suite(path, max_depth, max_count):
    variant = 'shifted-square' if 'shifted-square' in path else 'pickle'
    agree = differ = 0
    with open(path) as f:
        for number, text in enumerate(f, 1):
            text = text.strip()
            if not text or text.startswith('#'):
                continue
            fields = [x.strip() for x in text.split(';')]
            setting = 'e4=x5'
            for field in fields[1:]:
                m = re.fullmatch(r'option (Link|Shift)=(\S+)', field)
                if m:
                    setting = m.group(2)
                elif field.startswith('option'):
                    print(f'line {number}: unknown setting {field}')
                    return 1
            game = Game(variant, setting)
            for field in fields[1:]:
                m = re.fullmatch(r'D(\d+)\s+(\d+)', field)
                if not m or int(m.group(1)) > max_depth or int(m.group(2)) > max_count:
                    continue
                got = perft(game, read_fen(game, fields[0]), int(m.group(1)))
                if got == int(m.group(2)):
                    agree += 1
                else:
                    differ += 1
                    print(f'line {number} D{m.group(1)}: suite {m.group(2)}, reference {got} ({setting})')
    print(f'{agree} counts agree, {differ} differ')
    return 1 if differ or agree == 0 else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == '--suite':
        return suite(argv[2], int(argv[3]), int(argv[4]) if len(argv) > 4 else 10 ** 12)
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    game = Game(argv[1], argv[2])
    pos = read_fen(game, argv[3])
    depth = int(argv[4])
    if '--divide' in argv:
        total = 0
        for m, after in legal_moves(game, pos):
            n = perft(game, after, depth - 1)
            total += n
            print(f'{m[0]}{m[1]}{m[2].lower()} {n}')
        print(total)
        return 0
    print(perft(game, pos, depth))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
