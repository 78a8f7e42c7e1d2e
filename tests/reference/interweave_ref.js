#!/usr/bin/env node
// Independent reference for Interweave perft, written from the rules text
// (docs/rules/interweave.md) without the engine's code: a plain 8x8
// array, whole turns built recursively as lists of legs, every capture's
// victims listed explicitly. Slow, simple, for cross-checking small counts.
// Usage: node interweave_ref.js [--captures compulsory-chains|optional-single] "FEN" DEPTH [--divide]
//        node interweave_ref.js [--captures ...] --batch   ("DEPTH FEN" lines in, a count per line out)
// --captures optional-single: Aronson's first version (the `Captures` setting):
// captures are optional and every single step is a whole turn (no chains).
'use strict';

const ORTH = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAG = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

function parseFen(fen) {
  const f = fen.trim().split(/\s+/);
  const board = [];
  const rows = f[0].split('/');
  for (let r = 7; r >= 0; r--) {
    const row = [];
    for (const ch of rows[7 - r]) {
      if (/[0-9]/.test(ch)) for (let i = 0; i < +ch; i++) row.push('.');
      else row.push(ch);
    }
    board[r] = row;
  }
  const side = f[1] || 'w';
  let ep = null;
  if (f[3] && f[3] !== '-') {
    const [sq, file] = f[3].split(',');
    const over = [+sq[1] - 1, sq.charCodeAt(0) - 97];
    const them = side === 'w' ? 'b' : 'w';
    const dir = them === 'w' ? 1 : -1;
    const cands = [-1, 1].map(dx => [over[0] + dir, over[1] + dx])
      .filter(([r, c]) => at(board, r, c) === (them === 'w' ? 'P' : 'p'));
    const victim = file ? cands.find(([, c]) => c === file.charCodeAt(0) - 97) : cands[0];
    ep = { over, victim };
  }
  return { board, side, ep };
}

function at(b, r, c) { return r < 0 || r > 7 || c < 0 || c > 7 ? null : b[r][c]; }
function colorOf(p) { return p === '.' || p === null ? null : (p === p.toUpperCase() ? 'w' : 'b'); }
function sq(r, c) { return String.fromCharCode(97 + c) + (r + 1); }
function isEnemy(p, side) { return colorOf(p) !== null && colorOf(p) !== side; }
function isOwn(p, side) { return colorOf(p) === side; }

// Steps of the piece on (r, c): {to, victims, promo, double, text}
function pieceSteps(st, r, c) {
  const b = st.board, side = st.side, p = b[r][c], type = p.toUpperCase();
  const out = [];
  const add = (tr, tc, victims, extra) => out.push(Object.assign({ from: [r, c], to: [tr, tc], victims }, extra || {}));
  const diagSlides = () => {
    for (const [dr, dc] of DIAG)
      for (let k = 1; at(b, r + k * dr, c + k * dc) === '.'; k++) add(r + k * dr, c + k * dc, []);
  };
  if (type === 'K') {
    for (const [dr, dc] of DIAG) if (at(b, r + dr, c + dc) === '.') add(r + dr, c + dc, []);
    for (const [dr, dc] of ORTH)
      if (isEnemy(at(b, r + dr, c + dc), side) && at(b, r + 2 * dr, c + 2 * dc) === '.')
        add(r + 2 * dr, c + 2 * dc, [[r + dr, c + dc]]);
  } else if (type === 'R' || type === 'N') {
    diagSlides();
    for (const [dr, dc] of ORTH) {
      let k = 1;
      while (at(b, r + k * dr, c + k * dc) === '.') {
        if (k % 2 === 0) {
          const nxt = at(b, r + (k + 1) * dr, c + (k + 1) * dc);
          if (type === 'R' && isEnemy(nxt, side)) add(r + k * dr, c + k * dc, [[r + (k + 1) * dr, c + (k + 1) * dc]]);
          else add(r + k * dr, c + k * dc, []);
        }
        k++;
      }
      if (type === 'N' && k % 2 === 1 && isEnemy(at(b, r + k * dr, c + k * dc), side)) {
        const victim = [r + k * dr, c + k * dc];
        for (let j = k + 1; at(b, r + j * dr, c + j * dc) === '.'; j++)
          if (j % 2 === 0) add(r + j * dr, c + j * dc, [victim]);
      }
    }
    if (type === 'N') {
      for (const [a, d] of [[2, 4], [4, 2]])
        for (const sa of [1, -1]) for (const sd of [1, -1]) {
          const tr = r + sa * a, tc = c + sd * d;
          if (at(b, tr, tc) !== '.') continue;
          const mr = r + sa * a / 2, mc = c + sd * d / 2, mid = at(b, mr, mc);
          if (isOwn(mid, side)) continue;
          add(tr, tc, isEnemy(mid, side) ? [[mr, mc]] : []);
        }
    }
  } else if (type === 'B') {
    diagSlides();
    const vs = ORTH.map(([dr, dc]) => [r + dr, c + dc]).filter(([vr, vc]) => isEnemy(at(b, vr, vc), side));
    if (vs.length) add(r, c, vs);
  } else if (type === 'P') {
    const f = side === 'w' ? 1 : -1;
    const cands = [];
    for (const dc of [-1, 1]) {
      if (at(b, r + f, c + dc) !== '.') continue;
      cands.push({ to: [r + f, c + dc], victims: [] });
      const home = side === 'w' ? 1 : 6;
      if (r === home && at(b, r + 2 * f, c + 2 * dc) === '.') cands.push({ to: [r + 2 * f, c + 2 * dc], victims: [], double: true });
    }
    if (at(b, r + 2 * f, c) === '.') {
      if (isEnemy(at(b, r + f, c), side)) cands.push({ to: [r + 2 * f, c], victims: [[r + f, c]] });
      else if (st.ep && st.ep.over[0] === r + f && st.ep.over[1] === c && st.ep.victim &&
               at(b, st.ep.victim[0], st.ep.victim[1]) === (side === 'w' ? 'p' : 'P'))
        cands.push({ to: [r + 2 * f, c], victims: [st.ep.victim] });
    }
    // Custodian on the board after the move.
    for (const m of cands) {
      const nb = b.map(row => row.slice());
      nb[r][c] = '.';
      nb[m.to[0]][m.to[1]] = p;
      for (const [vr, vc] of m.victims) nb[vr][vc] = '.';
      for (const [dr, dc] of ORTH) {
        const v = [m.to[0] + dr, m.to[1] + dc];
        if (isEnemy(at(nb, v[0], v[1]), side) && isOwn(at(nb, v[0] + dr, v[1] + dc), side)) m.victims.push(v);
      }
      const rr = side === 'w' ? m.to[0] : 7 - m.to[0];
      if (rr >= 6) {
        const count = {};
        for (const row of b) for (const x of row) count[x] = (count[x] || 0) + 1;
        const avail = ['r', 'n', 'b'].filter(t => (count[side === 'w' ? t.toUpperCase() : t] || 0) < 2);
        if (rr === 6) add(m.to[0], m.to[1], m.victims, { double: m.double });
        for (const t of avail) add(m.to[0], m.to[1], m.victims, { promo: t });
      } else {
        add(m.to[0], m.to[1], m.victims, { double: m.double });
      }
    }
  }
  return out;
}

function stepText(s) { return sq(s.from[0], s.from[1]) + sq(s.to[0], s.to[1]) + (s.promo || ''); }

function apply(st, s) {
  const b = st.board.map(row => row.slice());
  let p = b[s.from[0]][s.from[1]];
  b[s.from[0]][s.from[1]] = '.';
  if (s.promo) p = st.side === 'w' ? s.promo.toUpperCase() : s.promo;
  b[s.to[0]][s.to[1]] = p;
  let king = false;
  for (const [vr, vc] of s.victims) { if (b[vr][vc].toUpperCase() === 'K') king = true; b[vr][vc] = '.'; }
  return { board: b, side: st.side, ep: st.ep, king };
}

function kings(b, side) {
  let n = 0;
  for (const row of b) for (const x of row) if (x === (side === 'w' ? 'K' : 'k')) n++;
  return n;
}

// Whole turns: [{text, state}]
function turns(st) {
  if (kings(st.board, 'w') < 2 || kings(st.board, 'b') < 2) return [];
  const all = [];
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++)
    if (isOwn(st.board[r][c], st.side)) all.push(...pieceSteps(st, r, c));
  const caps = all.filter(s => s.victims.length > 0);
  const other = st.side === 'w' ? 'b' : 'w';
  const out = [];
  if (caps.length === 0 || optionalSingle) {
    for (const s of all) {
      const n = apply(st, s);
      out.push({ text: stepText(s), state: { board: n.board, side: other,
        ep: s.double ? { over: [(s.from[0] + s.to[0]) / 2, (s.from[1] + s.to[1]) / 2], victim: s.to } : null } });
    }
    return out;
  }
  const chain = (cur, s, prefix) => {
    const n = apply(cur, s);
    const text = prefix + stepText(s);
    const next = { board: n.board, side: cur.side, ep: cur.ep };
    const more = n.king ? [] : pieceSteps(next, s.to[0], s.to[1]).filter(x => x.victims.length > 0);
    if (more.length === 0) {
      out.push({ text, state: { board: n.board, side: other,
        ep: s.double ? { over: [(s.from[0] + s.to[0]) / 2, (s.from[1] + s.to[1]) / 2], victim: s.to } : null } });
      return;
    }
    for (const m of more) chain(next, m, text + ',');
  };
  for (const s of caps) chain(st, s, '');
  return out;
}

function perft(st, d) {
  if (d === 0) return 1;
  const ts = turns(st);
  if (d === 1) return ts.length;
  let n = 0;
  for (const t of ts) n += perft(t.state, d - 1);
  return n;
}

let args = process.argv.slice(2);
let optionalSingle = false;
if (args[0] === '--captures') {
  if (args[1] !== 'compulsory-chains' && args[1] !== 'optional-single') {
    console.error('--captures: compulsory-chains or optional-single');
    process.exit(2);
  }
  optionalSingle = args[1] === 'optional-single';
  args = args.slice(2);
}
const [fen, depthText, flag] = args;
if (fen === '--batch') {
  // One process for a whole suite (suite_check.py --batch): each line of stdin is
  // "DEPTH FEN", each answer one line with the count.
  require('readline').createInterface({ input: process.stdin }).on('line', line => {
    const space = line.indexOf(' ');
    console.log(`Nodes searched: ${perft(parseFen(line.slice(space + 1).trim()), +line.slice(0, space))}`);
  });
} else if (flag === '--divide') {
  const st = parseFen(fen);
  const depth = +depthText;
  let total = 0;
  for (const t of turns(st)) { const n = perft(t.state, depth - 1); total += n; console.log(`${t.text}: ${n}`); }
  console.log(`Nodes searched: ${total}`);
} else {
  console.log(`Nodes searched: ${perft(parseFen(fen), +depthText)}`);
}
