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

// A piece choice's look: the glyph of a piece with that letter on the board,
// else of the glyph its label names, else the letter in a disc.
function pieceOf(click, label, board) {
  const letter = click.slice(7).toUpperCase();
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

// Draws (or removes) the picker of one board. o: boards (the boards' box,
// positioned), choices and buttons (the choice buttons' row and holder,
// emptied while the picker is up), id (the picker's), clicks, next, labels
// (the choices' labels), board (BOARD), side (whose pieces they are).
export function drawPickerIn(o) {
  const old = o.boards.querySelector(':scope > .picker');
  if (old) old.remove();
  const choices = pieceChoices(o.next);
  const anchorName = o.clicks[o.clicks.length - 1];
  const anchor = anchorName && o.boards.querySelector('[data-square="' + CSS.escape(anchorName) + '"]');
  if (!choices || !anchor) return;
  // The buttons would repeat the same clicks: they go while the picker is up.
  o.choices.hidden = true;
  o.buttons.textContent = '';
  const origin = o.boards.getBoundingClientRect();
  const cell = anchor.getBoundingClientRect();
  const grid = anchor.closest('.grid').getBoundingClientRect();
  const down = cell.top + cell.height / 2 < grid.top + grid.height / 2;
  const picker = el('div', 'picker');
  picker.id = o.id;
  picker.style.left = (cell.left - origin.left) + 'px';
  picker.style.width = cell.width + 'px';
  if (down) picker.style.top = (cell.top - origin.top) + 'px';
  else picker.style.bottom = (origin.bottom - cell.bottom) + 'px';
  picker.classList.toggle('up', !down);
  for (const c of choices) {
    const p = pieceOf(c, o.labels[c], o.board);
    const item = el('div', 'choice pick');
    item.dataset.click = c;
    item.title = p.name;
    item.style.height = cell.height + 'px';
    item.innerHTML = pieceSvg(o.side, p.glyph, p.letter);
    picker.appendChild(item);
  }
  o.boards.appendChild(picker);
}

function drawPicker(next) {
  const s = rz.state;
  drawPickerIn({ boards: $('boards'), choices: $('choices'), buttons: $('choice-buttons'), id: 'picker',
    clicks: rz.clicks, next, labels: s.choices || {}, board: s.board || {}, side: s.side });
}

// Registers after the board and the panels (which draw the buttons).
export function initPicker() {
  on('render', ({ next }) => drawPicker(next));
}
