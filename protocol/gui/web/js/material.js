// Material balance per side, next to each player: the pieces one side has more
// of than the other, letter by letter (the page knows no piece values), board
// and hands together, as lichess's row of captured pieces.
import { $, el } from './dom.js';
import { rz, on } from './store.js';
import { pieceSvg } from './pieces.js';

// The pieces of a board once each: a piece on a linked square is listed once
// per location, so the second end of every link is left out.
export function boardPieces(board) {
  const seconds = new Set((board.links || []).map(l => l.b));
  return (board.pieces || []).filter(p => !seconds.has(p.square));
}

// { white: Map(LETTER -> {count, piece}), black: ... } over the board and the hands.
function countByLetter(board) {
  const out = { white: new Map(), black: new Map() };
  const add = (color, p, n) => {
    const side = out[color === 'black' ? 'black' : 'white'];
    const key = String(p.letter).toUpperCase();
    const had = side.get(key);
    side.set(key, { count: (had ? had.count : 0) + n, piece: had ? had.piece : p });
  };
  for (const p of boardPieces(board)) add(p.color, p, 1);
  for (const hand of board.hands || []) for (const p of hand.pieces || []) add(hand.color, p, p.count || 0);
  return out;
}

// For each colour, the letters it has more of: [{letter, count, piece}].
export function materialDifference(board) {
  const counts = countByLetter(board);
  const diff = { white: [], black: [] };
  const letters = new Set([...counts.white.keys(), ...counts.black.keys()]);
  for (const letter of [...letters].sort()) {
    const w = counts.white.get(letter), b = counts.black.get(letter);
    const d = (w ? w.count : 0) - (b ? b.count : 0);
    if (d > 0) diff.white.push({ letter, count: d, piece: w.piece });
    if (d < 0) diff.black.push({ letter, count: -d, piece: b.piece });
  }
  return diff;
}

function materialBox(player) {
  let box = player.querySelector('.material');
  if (!box) {
    box = el('span', 'material');
    player.querySelector('.name').after(box);
  }
  return box;
}

function drawMaterial(board) {
  const diff = materialDifference(board);
  for (const id of ['player-top', 'player-bottom']) {
    const player = $(id);
    const color = player.dataset.color;
    if (!color) continue;
    const box = materialBox(player);
    box.dataset.material = color;
    box.textContent = '';
    const items = diff[color] || [];
    box.title = items.length ? sideNameOf(color) + ' has more: ' + items.map(i => i.count + ' ' + (i.piece.name || i.letter)).join(', ') : '';
    for (const item of items) {
      const group = el('span', 'mat-group');
      group.dataset.letter = item.letter;
      group.dataset.count = String(item.count);
      for (let i = 0; i < Math.min(item.count, 8); i++) {
        const icon = el('span', 'mat-piece');
        icon.innerHTML = pieceSvg(color, item.piece.glyph, item.piece.letter);
        group.appendChild(icon);
      }
      if (item.count > 8) group.appendChild(el('span', 'mat-more', '×' + item.count));
      box.appendChild(group);
    }
  }
}

function sideNameOf(color) { return color === 'white' ? 'White' : 'Black'; }

// Registers after the panels (which set each player box's colour).
export function initMaterial() {
  on('render', ({ board }) => drawMaterial(board));
  rz.materialDifference = () => materialDifference(rz.view ? rz.view.board : rz.state.board);
}
