// Drawing the boards: areas as CSS grids of cells, pieces, tokens, link
// markers, coordinates, highlights, the hands, the choice buttons, the size.
import { $, el } from './dom.js';
import { rz, on, render, currentFrame } from './store.js';
import { pieceSvg } from './pieces.js';

function splitSquare(name) {
  const m = /^([a-z]+)(\d+)$/.exec(name || '');
  return m ? { file: m[1], rank: m[2] } : null;
}

function groupBy(items, key) {
  const map = new Map();
  for (const it of items) {
    const k = key(it);
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(it);
  }
  return map;
}

// Draws every area of `board` into `box` (replacing what was there).
// opts: pieces and links to show instead of the board's (a frame), the clicks
// entered so far, the Set of next clicks, flipped. Usable for any box, so a
// second board (analysis, a diagram) draws as the game's does.
export function drawBoardsInto(box, board, opts = {}) {
  const clicks = opts.clicks || [];
  const pieces = opts.pieces || board.pieces || [];
  const shownLinks = opts.links || board.links || [];
  const bySquare = groupBy(pieces, p => p.square);
  const tokens = groupBy(board.tokens || [], t => t.cell);
  const links = new Map();
  const clickOf = new Map();   // a place of a square that has two ("same" links): the square's click
  shownLinks.forEach((l, i) => {
    if (l.same) clickOf.set(l.b, l.a);
    for (const sq of [l.a, l.b]) {
      if (!links.has(sq)) links.set(sq, []);
      links.get(sq).push(l.number || i + 1);   // the server's number stays the link's own
    }
  });
  const marks = new Map();
  const mark = (sq, cls) => { if (!marks.has(sq)) marks.set(sq, []); marks.get(sq).push(cls); };
  const hl = board.highlights || {};
  for (const kind of Object.keys(hl)) {
    for (const sq of hl[kind] || []) mark(sq, 'hl-' + kind.replace(/[^a-z0-9_-]/gi, ''));
  }
  clicks.forEach(c => mark(c, 'chosen'));
  if (clicks.length) {
    const from = clicks[clicks.length - 1];
    if (marks.has(from)) marks.get(from).push('selected');
  }
  const look = { bySquare, tokens, links, marks, clickOf, next: opts.next || new Set(), entering: clicks.length > 0, flipped: !!opts.flipped };
  box.textContent = '';
  for (const area of board.areas || []) box.appendChild(drawArea(area, look));
}

function drawArea(area, look) {
  const wrap = el('div', 'area shade-' + (area.shade || 'checkered'));
  wrap.dataset.area = area.id;
  if (area.title) wrap.appendChild(el('div', 'area-title', area.title));
  let rows = (area.rows || []).map(r => r.slice());
  if (look.flipped) rows = rows.reverse().map(r => r.reverse());
  const cols = rows.reduce((m, r) => Math.max(m, r.length), 0);
  // Rows and columns with no cell at the area's edges are not drawn: a
  // smaller board sent in a bigger frame (Nick Danger's 6x6, 4x4 and 2x2 in 8
  // ranks, the 2x2 game's board in 8 files) is as big as its own files and
  // ranks, not an empty frame (issue 46).
  const isCell = sq => sq !== null && sq !== undefined;
  const span = has => ({ from: Math.max(0, has.indexOf(true)), to: has.lastIndexOf(true) + 1 });
  const ys = span(rows.map(r => r.some(isCell)));
  const xs = span(Array.from({ length: cols }, (_, x) => rows.some(r => isCell(r[x]))));
  const grid = el('div', 'grid');
  grid.dataset.cols = String(xs.to - xs.from);
  grid.dataset.rows = String(ys.to - ys.from);
  grid.style.gridTemplateColumns = 'repeat(' + (xs.to - xs.from) + ', var(--sq))';
  grid.style.gridTemplateRows = 'repeat(' + (ys.to - ys.from) + ', var(--sq))';
  // Each column's lowest cell carries the file letter (a column beside the
  // board may hold a single cell).
  const lowest = [];
  rows.forEach((row, y) => row.forEach((sq, x) => { if (isCell(sq)) lowest[x] = y; }));
  rows.forEach((row, y) => {
    if (y < ys.from || y >= ys.to) return;
    const first = row.findIndex(isCell);
    row.forEach((sq, x) => {
      if (x < xs.from || x >= xs.to) return;
      if (sq === null || sq === undefined) { grid.classList.add('has-void'); grid.appendChild(el('div', 'cell void')); return; }
      // The shade comes from the cell's place in the area as sent (flipped or
      // not), so a board with a column added beside it (darkFirst) keeps a1 dark.
      const ox = look.flipped ? row.length - 1 - x : x, oy = look.flipped ? rows.length - 1 - y : y;
      const dark = (ox + oy + (area.darkFirst ? 1 : 0)) % 2 === 1;
      grid.appendChild(drawCell(area, sq, { x, y, first, dark, lowest: lowest[x] }, look));
    });
  });
  wrap.appendChild(grid);
  return wrap;
}

function drawCell(area, sq, at, look) {
  const plain = area.shade === 'plain';
  const cell = el('div', 'cell ' + (plain ? 'plain' : at.dark ? 'dark' : 'light'));
  // The second place of a square (Pickle's x5) is clicked as the square: the turns name the square only.
  const click = look.clickOf.get(sq) || sq;
  cell.dataset.square = sq;
  cell.dataset.click = click;
  for (const m of look.marks.get(sq) || []) cell.classList.add(m);
  if (look.next.has(click)) cell.classList.add(look.entering ? 'target' : 'movable');
  if (!plain) addCoordinates(cell, sq, at);
  for (const n of look.links.get(sq) || []) {
    const mark = el('span', 'link link-' + ((n - 1) % 8), String(n));
    mark.dataset.link = String(n);
    mark.title = 'link ' + n;
    cell.appendChild(mark);
  }
  const here = look.bySquare.get(sq) || [];
  if (here.length) cell.classList.add('occupied');
  for (const p of here) cell.appendChild(drawPiece(p));
  const tk = look.tokens.get(sq) || [];
  if (tk.length) {
    const holder = el('div', 'tokens n' + tk.length);
    for (const t of tk) {
      const d = el('div', 'token token-' + String(t.token).replace(/[^A-Za-z]/g, ''), t.token);
      d.dataset.token = t.token;
      d.title = t.name || t.token;
      holder.appendChild(d);
    }
    cell.appendChild(holder);
    cell.classList.add('occupied');
  }
  if (plain) cell.appendChild(el('span', 'cell-name', sq));
  return cell;
}

// File letters on each column's lowest cell, rank numbers on each row's first cell.
function addCoordinates(cell, sq, at) {
  const parts = splitSquare(sq);
  if (!parts) return;
  if (at.y === at.lowest) cell.appendChild(el('span', 'coord file', parts.file));
  if (at.x === at.first) cell.appendChild(el('span', 'coord rank', parts.rank));
}

export function drawPiece(p) {
  const d = el('div', 'piece');
  d.dataset.piece = p.color + ':' + p.letter;
  d.title = (p.color === 'black' ? 'Black ' : 'White ') + (p.name || p.letter);
  d.innerHTML = pieceSvg(p.color, p.glyph, p.letter);
  return d;
}

// The game's boards: the last frame reached while a turn is half entered.
function drawBoards(board, next) {
  const frame = currentFrame();
  drawBoardsInto($('boards'), board, {
    pieces: frame && frame.pieces, links: frame && frame.links, clicks: rz.clicks, next, flipped: rz.flipped
  });
}

function drawHands(board, next) {
  drawHandsInto('hand-top', 'hand-bottom', board, { flipped: rz.flipped, next, picked: rz.clicks[0] });
}

// The hands of `board` into the elements topId and bottomId (the side at the
// bottom as `flipped` says): the pieces with their counts, `next` clicks
// marked as targets, the `picked` one as selected. The analysis board uses it too.
export function drawHandsInto(topId, bottomId, board, { flipped, next, picked }) {
  const hands = board.hands || [];
  const bottom = flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of [[topId, top], [bottomId, bottom]]) {
    const box = $(id);
    box.textContent = '';
    const hand = hands.find(h => h.color === color);
    if (!hand) { box.hidden = true; continue; }
    box.hidden = false;
    box.dataset.color = color;
    box.appendChild(el('span', 'hand-label', (color === 'white' ? 'White' : 'Black') + ' in hand'));
    if (!hand.pieces.length) box.appendChild(el('span', 'hand-empty', 'nothing'));
    for (const p of hand.pieces) {
      const d = el('div', 'hand-piece');
      d.dataset.hand = color + ':' + p.letter;
      d.dataset.count = String(p.count);
      if (p.click) d.dataset.click = p.click;
      if (p.click && next.has(p.click)) d.classList.add('target');
      if (p.click && picked === p.click) d.classList.add('selected');
      d.title = (p.name || p.letter) + ' × ' + p.count;
      d.innerHTML = pieceSvg(color, p.glyph, p.letter);
      d.appendChild(el('span', 'count', String(p.count)));
      box.appendChild(d);
    }
  }
}

function drawChoices(next) {
  const box = $('choice-buttons');
  box.textContent = '';
  const labels = (rz.state && rz.state.choices) || {};
  const choices = [...next].filter(c => c.startsWith('choice:'));
  $('choices').hidden = choices.length === 0;
  $('choices').classList.toggle('overlay', choices.length > 0 && choices.length === next.size);
  for (const c of choices) {
    const b = el('button', 'choice', labels[c] || c.slice(7));
    b.type = 'button';
    b.dataset.click = c;
    box.appendChild(b);
  }
}

// The square size fits the window: the boards take the height the rest of
// the board column leaves (players and clocks, hands, status) and the width
// of the column, side by side or, where that gives bigger squares (a phone),
// one above the other (titles dropped if the height is what limits them).
// 24 to 96 pixels. Run after everything else is drawn (main.js).
export function sizeBoards() {
  const box = $('boards');
  const areas = [...box.querySelectorAll('.area')].map(a => {
    const g = a.querySelector('.grid');
    const title = a.querySelector('.area-title');
    return { cols: parseInt(g.dataset.cols, 10) || 0, rows: parseInt(g.dataset.rows, 10) || 0, title: title ? 22 : 0 };
  });
  if (!areas.length) return;
  const width = $('board-wrap').clientWidth;
  const height = window.innerHeight - heightAroundBoards() - roomForControls(areas.length);
  arrangeBoards(box, boardLayouts(areas, width, height), 24, 96);
  $('board-col').style.setProperty('--boards-w', box.getBoundingClientRect().width + 'px');
  placeChoices();
}

// The choice buttons over the board ("Choose:") never cover the square the
// choice is about (the one clicked last): they sit at the far edge of the
// boards from it, else in the middle.
function placeChoices() {
  const box = $('choices');
  box.classList.remove('at-top', 'at-bottom');
  if (box.hidden || !box.classList.contains('overlay')) return;
  const last = rz.clicks[rz.clicks.length - 1];
  const cell = last && $('boards').querySelector('[data-square="' + CSS.escape(last) + '"]');
  if (!cell) return;
  const wrap = $('board-wrap').getBoundingClientRect(), at = cell.getBoundingClientRect();
  box.classList.add(at.top + at.height / 2 < wrap.top + wrap.height / 2 ? 'at-bottom' : 'at-top');
}

// Sizes in pixels of areas with squares of sq pixels (titles: whether
// their titles are drawn): side by side, one above the other, and two
// such blocks beside or above each other.
const SIDE_GAP = 16, STACK_GAP = 8;
const sumOf = (list, f) => list.reduce((t, a) => t + f(a), 0);
const maxOf = (list, f) => list.reduce((m, a) => Math.max(m, f(a)), 0);
const titleOf = (a, titles) => (titles ? a.title : 0);
const inRow = (areas, sq, titles) => ({ w: sumOf(areas, a => a.cols) * sq + SIDE_GAP * (areas.length - 1),
  h: maxOf(areas, a => a.rows) * sq + maxOf(areas, a => titleOf(a, titles)) });
const inColumn = (areas, sq, titles) => ({ w: maxOf(areas, a => a.cols) * sq,
  h: sumOf(areas, a => a.rows * sq + titleOf(a, titles)) + STACK_GAP * (areas.length - 1) });
const beside = (l, r) => ({ w: l.w + SIDE_GAP + r.w, h: Math.max(l.h, r.h) });
const above = (t, b) => ({ w: Math.max(t.w, b.w), h: t.h + STACK_GAP + b.h });

// Three boards or more (four-board Nick Danger) may also stand as a grid: the
// first above the others side by side ("head-row"), the first above the
// second and the rest stacked beside it ("head-pair", a phone's), the
// first beside the others stacked ("side"), or the first beside the second
// above the rest side by side ("side-pair", a desktop's). Each: its size,
// and its CSS grid-template-areas, area i named gi.
const GRIDS = {
  'head-row': {
    size: (first, rest, sq, t) => above(inColumn([first], sq, t), inRow(rest, sq, t)),
    template: n => [Array(n - 1).fill('g0'), Array.from({ length: n - 1 }, (_, i) => 'g' + (i + 1))]
  },
  'head-pair': {
    size: (first, rest, sq, t) => above(inColumn([first], sq, t), beside(inColumn(rest.slice(0, 1), sq, t), inColumn(rest.slice(1), sq, t))),
    template: n => [['g0', 'g0'], ...Array.from({ length: n - 2 }, (_, i) => ['g1', 'g' + (i + 2)])]
  },
  side: {
    size: (first, rest, sq, t) => beside(inColumn([first], sq, t), inColumn(rest, sq, t)),
    template: n => Array.from({ length: n - 1 }, (_, i) => ['g0', 'g' + (i + 1)])
  },
  'side-pair': {
    size: (first, rest, sq, t) => beside(inColumn([first], sq, t), above(inColumn(rest.slice(0, 1), sq, t), inRow(rest.slice(1), sq, t))),
    template: n => [['g0', ...Array(n - 2).fill('g1')], ['g0', ...Array.from({ length: n - 2 }, (_, i) => 'g' + (i + 2))]]
  }
};

// The largest square (pixels, 0 if none) whose arrangement fits width x height.
function largestSquare(size, width, height) {
  let sq = 200;
  for (; sq > 0; sq--) {
    const s = size(sq);
    if (s.w <= width && s.h <= height) break;
  }
  return sq;
}

// The arrangement of the areas in width x height pixels that gives the
// largest squares: side by side, stacked (titles dropped if that gives
// bigger squares: a phone), or for three areas or more one of GRIDS. The
// first of equals wins.
export function boardLayouts(areas, width, height) {
  const n = areas.length;
  const fit = (layout, size) => ({ ...layout, sq: largestSquare(size, width, height) - (layout.shave || 0) });
  const layouts = [fit({ stacked: false, titles: true }, sq => inRow(areas, sq, true))];
  if (n > 1) {
    layouts.push(fit({ stacked: true, titles: true }, sq => inColumn(areas, sq, true)));
    layouts.push(fit({ stacked: true, titles: false, shave: 1 }, sq => inColumn(areas, sq, false)));
  }
  if (n > 2) {
    for (const titles of [true, false]) {
      for (const [name, g] of Object.entries(GRIDS)) {
        const grid = g.template(n).map(row => '"' + row.join(' ') + '"').join(' ');
        layouts.push(fit({ stacked: false, titles, shave: titles ? 0 : 1, grid, name },
          sq => g.size(areas[0], areas.slice(1), sq, titles)));
      }
    }
  }
  return layouts.reduce((a, b) => (b.sq > a.sq ? b : a));
}

// Lays the areas of `box` out as `fit` (boardLayouts) says, squares of
// `least` to `most` pixels. The game's boards and the analysis board.
export function arrangeBoards(box, fit, least, most) {
  box.classList.toggle('stacked', fit.stacked);
  box.classList.toggle('no-titles', !fit.titles);
  box.classList.toggle('arranged', !!fit.grid);
  box.dataset.layout = fit.grid ? fit.name : fit.stacked ? 'stacked' : 'row';
  box.style.gridTemplateAreas = fit.grid || '';
  box.querySelectorAll(':scope > .area').forEach((a, i) => { a.style.gridArea = fit.grid ? 'g' + i : ''; });
  box.style.setProperty('--sq', Math.max(least, Math.min(most, fit.sq)) + 'px');
}

// The height of everything on screen but the boards: the header, the board
// column's other rows and its gaps and padding.
function heightAroundBoards() {
  const col = $('board-col');
  const style = getComputedStyle(col);
  const layout = getComputedStyle($('layout'));
  const gap = parseFloat(style.rowGap) || 0;
  let used = $('top').offsetHeight + parseFloat(layout.paddingTop) + parseFloat(layout.paddingBottom) + 2;
  for (const child of col.children) {
    if (child.id === 'board-wrap' || child.hidden || !child.offsetHeight) continue;
    used += child.offsetHeight + gap;
  }
  const choices = $('choices');
  if (!choices.hidden && !choices.classList.contains('overlay')) used += choices.offsetHeight + 8;
  return used;
}

// On a phone (600 px wide at most, the side column under the boards:
// style.css) one board leaves room on the first screen for the buttons under
// it and the move list's first line (issue 46: hands above and below a board
// took it); two boards need the whole screen.
function roomForControls(areaCount) {
  const side = $('side-col'), moves = $('moves');
  if (areaCount !== 1 || !matchMedia('(max-width: 600px)').matches ||
      side.getBoundingClientRect().top < $('board-col').getBoundingClientRect().bottom - 1) return 0;
  return moves.getBoundingClientRect().top - side.getBoundingClientRect().top + 44;
}

export function flip() { rz.flipped = !rz.flipped; rz.flipChosen = true; render(); }

// Hovering one end of a link lights up both ends.
function lightLinkPeers(event) {
  for (const c of document.querySelectorAll('#boards .link-peer')) c.classList.remove('link-peer');
  const cell = event.target.closest('[data-square]');
  if (!cell) return;
  for (const mark of cell.querySelectorAll('[data-link]')) {
    for (const end of document.querySelectorAll('#boards [data-link="' + mark.dataset.link + '"]')) end.closest('.cell').classList.add('link-peer');
  }
}

export function initBoard() {
  on('render', ctx => {
    drawBoards(ctx.board, ctx.next);
    drawHands(ctx.board, ctx.next);
    drawChoices(ctx.next);
  });
  $('boards').addEventListener('pointerover', lightLinkPeers);
  $('btn-flip').onclick = flip;
  window.addEventListener('resize', sizeBoards);
}
