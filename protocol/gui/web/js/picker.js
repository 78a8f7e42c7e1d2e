// Choices picked on the board, as lichess's promotion picker: when the only
// clicks left are `choice:X` with X one letter (a piece letter: promotion,
// docs/gui-protocol.md), the pieces are shown in a column over the square
// clicked last, running toward the middle of its board; the buttons under the
// board stay for every other choice. Each piece carries the choice's
// data-click, so input.js takes it as it takes a button.
import { $, el } from './dom.js';
import { rz, on } from './store.js';
import { pieceSvg } from './pieces.js';

const GLYPHS = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];

// A piece choice's look: the glyph of a piece with that letter in the state,
// else of the glyph its label names, else the letter in a disc.
function pieceOf(click, label, state) {
  const letter = click.slice(7).toUpperCase();
  const board = state.board || {};
  const known = [...(board.pieces || []), ...(board.hands || []).flatMap(h => h.pieces || [])]
    .find(p => String(p.letter).toUpperCase() === letter);
  const named = GLYPHS.find(g => g === String(label || '').toLowerCase());
  return { letter, glyph: known ? known.glyph : named || null, name: label || (known && known.name) || letter };
}

function pieceChoices(next) {
  const all = [...next];
  if (!all.length || !all.every(c => /^choice:[A-Za-z]$/.test(c))) return null;
  return all;
}

function drawPicker(next) {
  const old = document.getElementById('picker');
  if (old) old.remove();
  const choices = pieceChoices(next);
  const anchorName = rz.clicks[rz.clicks.length - 1];
  const anchor = anchorName && document.querySelector('#boards [data-square="' + CSS.escape(anchorName) + '"]');
  if (!choices || !anchor) return;
  const s = rz.state;
  const labels = s.choices || {};
  // The buttons would repeat the same clicks: they go while the picker is up.
  $('choices').hidden = true;
  $('choice-buttons').textContent = '';
  const box = $('boards');
  const origin = box.getBoundingClientRect();
  const cell = anchor.getBoundingClientRect();
  const grid = anchor.closest('.grid').getBoundingClientRect();
  const down = cell.top + cell.height / 2 < grid.top + grid.height / 2;
  const picker = el('div', 'picker');
  picker.id = 'picker';
  picker.style.left = (cell.left - origin.left) + 'px';
  picker.style.width = cell.width + 'px';
  if (down) picker.style.top = (cell.top - origin.top) + 'px';
  else picker.style.bottom = (origin.bottom - cell.bottom) + 'px';
  picker.classList.toggle('up', !down);
  for (const c of choices) {
    const p = pieceOf(c, labels[c], s);
    const item = el('div', 'choice pick');
    item.dataset.click = c;
    item.title = p.name;
    item.style.height = cell.height + 'px';
    item.innerHTML = pieceSvg(s.side, p.glyph, p.letter);
    picker.appendChild(item);
  }
  box.appendChild(picker);
}

// Registers after the board and the panels (which draw the buttons).
export function initPicker() {
  on('render', ({ next }) => drawPicker(next));
}
