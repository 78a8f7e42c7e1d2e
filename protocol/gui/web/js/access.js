// Keyboard-only and screen-reader play (issue 46). Every square, token cell
// and hand piece is focusable and labelled (its name, what stands on it,
// whether it is picked or can be played to); one cell per area is in the Tab
// order (a roving tabindex), the arrow keys move the focus over the area's
// grid (and along a hand), Enter or Space on a square is a click on it (pick,
// then play; Escape starts over: input.js). Each turn, a new game, the result
// and what a pick offers are told in a live region (#announce). The page
// still knows no rules: it reads what the state and the drawn cells say.
import { $, sideName } from './dom.js';
import { rz, on, nextClicks } from './store.js';
import { press } from './input.js';

const FOCUSABLE = '#boards .cell[data-click], .hand-row .hand-piece[data-click], #picker [data-click], #choice-buttons [data-click]';
const KEYED = '#boards .cell[data-click], .hand-row .hand-piece[data-click], #picker [data-click]';

// ---------------------------------------------------------------- labels
const titles = (cell, sel) => [...cell.querySelectorAll(sel)].map(e => e.title).filter(Boolean);

// "e4, White Pawn, last move", "d11, Thesis, Antithesis, can play here", "a1, empty".
export function cellLabel(cell, next) {
  const parts = [cell.dataset.square];
  const things = titles(cell, '.piece').concat(titles(cell, '.token'), titles(cell, '[data-link]'));
  parts.push(things.length ? things.join(', ') : 'empty');
  const c = cell.classList;
  if (c.contains('hl-check')) parts.push('in check');
  if (c.contains('hl-last')) parts.push('last move');
  if (c.contains('selected')) parts.push('picked');
  else if (c.contains('chosen')) parts.push('chosen');
  if (next.has(cell.dataset.click)) parts.push(c.contains('target') ? 'can play here' : 'can move');
  return parts.join(', ');
}

function handLabel(piece, next) {
  const color = (piece.dataset.hand || '').split(':')[0];
  const what = piece.title.replace(/ × \d+$/, '');
  let label = sideName(color) + ' ' + what + ' in hand, ' + piece.dataset.count;
  if (piece.classList.contains('selected')) label += ', picked';
  else if (next.has(piece.dataset.click)) label += ', can drop';
  return label;
}

// Labels and the Tab order of what the last render drew.
function labelBoard() {
  const next = nextClicks();
  for (const area of $('boards').querySelectorAll('.area')) {
    const title = area.querySelector('.area-title');
    area.setAttribute('role', 'group');
    area.setAttribute('aria-label', title && title.textContent ? title.textContent : 'Board');
    const cells = [...area.querySelectorAll('.cell[data-click]')];
    for (const cell of cells) {
      cell.setAttribute('role', 'button');
      cell.setAttribute('aria-label', cellLabel(cell, next));
      cell.tabIndex = -1;
    }
    const stop = cells.find(c => c.dataset.square === roving.get(area.dataset.area)) ||
      cells.find(c => c.classList.contains('selected')) || cells.find(c => c.classList.contains('movable')) || cells[0];
    if (stop) stop.tabIndex = 0;
  }
  for (const piece of document.querySelectorAll('.hand-row .hand-piece')) {
    piece.setAttribute('role', 'button');
    piece.setAttribute('aria-label', handLabel(piece, next));
    piece.tabIndex = 0;
  }
  for (const pick of document.querySelectorAll('#picker [data-click]')) {
    pick.setAttribute('role', 'button');
    pick.setAttribute('aria-label', 'Choose ' + pick.title);
    pick.tabIndex = 0;
  }
}

// ---------------------------------------------------------------- focus
// Every render draws the cells anew: the focused one is found again by its key.
const roving = new Map();   // area id -> the square last focused in it
let focused = null;         // the element of ours that has the focus, or had it when a render removed it
let keyed = false;          // the last pick came from the keyboard

function keyOf(e) {
  if (e.dataset.square) return '#boards [data-area="' + CSS.escape(e.closest('.area').dataset.area) + '"] [data-square="' + CSS.escape(e.dataset.square) + '"]';
  if (e.dataset.hand) return '.hand-row [data-hand="' + CSS.escape(e.dataset.hand) + '"]';
  return null;
}

let lastKey = null;   // the last square or hand piece focused: where the focus goes back after a choice
function trackFocus() {
  document.addEventListener('focusin', event => {
    const t = event.target.closest && event.target.closest(FOCUSABLE);
    focused = t || null;
    if (!t) return;
    const key = keyOf(t);
    if (key) lastKey = key;
    if (t.dataset.square) roving.set(t.closest('.area').dataset.area, t.dataset.square);
  });
}

function restoreFocus() {
  if (!focused || focused.isConnected) return;
  const was = focused;
  focused = null;
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const fresh = (keyOf(was) && document.querySelector(keyOf(was))) || (lastKey && document.querySelector(lastKey));
  if (fresh) fresh.focus({ preventScroll: true });
}

// A choice (the promotion picker, "Choose:") asked after a keyboard pick takes the focus.
function focusChoice() {
  const first = document.querySelector('#picker [data-click]') ||
    ($('choices').hidden ? null : $('choice-buttons').querySelector('[data-click]'));
  const there = document.activeElement && document.activeElement.closest('#picker, #choice-buttons');
  if (first && keyed && !there) first.focus({ preventScroll: true });
}

// ---------------------------------------------------------------- keys
const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The next non-void cell of the grid from `cell` in the direction (dx, dy), or null.
function neighbour(cell, dx, dy) {
  const grid = cell.parentElement;
  const cols = parseInt(grid.dataset.cols, 10) || 1;
  const all = [...grid.children];
  const i = all.indexOf(cell);
  let x = i % cols, y = Math.floor(i / cols);
  for (;;) {
    x += dx; y += dy;
    if (x < 0 || y < 0 || x >= cols || y * cols + x >= all.length) return null;
    const c = all[y * cols + x];
    if (c.dataset.click) return c;
  }
}

// Along a hand (left, right) or the picker's column (any arrow).
function along(item, d) {
  const all = [...item.parentElement.querySelectorAll('[data-click]')];
  return all[all.indexOf(item) + d] || null;
}

function onKey(event) {
  const t = event.target.closest && event.target.closest(KEYED);
  if (!t || event.altKey || event.ctrlKey || event.metaKey) return;
  const move = MOVES[event.key];
  if (move) {
    const flip = t.parentElement.classList.contains('up') ? -1 : 1;   // a picker drawn upward runs bottom to top
    const to = t.dataset.square ? neighbour(t, move[0], move[1]) : t.dataset.hand ? (move[1] === 0 ? along(t, move[0]) : null)
      : along(t, (move[0] + move[1]) * flip);
    if (to) { t.tabIndex = -1; to.tabIndex = 0; to.focus(); }
    event.preventDefault();
    event.stopPropagation();   // not the history's ← and →
  } else if (event.key === 'Enter' || event.key === ' ') {
    keyed = true;
    press(t.dataset.click);
    event.preventDefault();
    event.stopPropagation();
  }
}

// A choice button pressed from the keyboard (a click with no pointer).
function onChoiceKey(event) {
  const b = event.target.closest('[data-click]');
  if (b && event.detail === 0) { keyed = true; press(b.dataset.click); }
}

// ---------------------------------------------------------------- announcements
export function announce(text) { $('announce').textContent = text; }

function turnsText(state, from) {
  return state.moves.slice(from).map(m => sideName(m.color) + ' played ' + m.text + '.').join(' ');
}

function toMoveText(state) {
  if (state.result) return 'Game over: ' + state.result.score + ', ' + state.result.reason + '.';
  const check = ((state.board.highlights || {}).check || []).length ? 'Check. ' : '';
  const you = state.to_move === 'human' ? ', your turn' : '';
  return check + sideName(state.side) + ' to move' + you + '.';
}

function onState(state, info) {
  const said = [];
  if (info.newGame) said.push('New game of ' + (state.title || state.variant) + '.');
  else if (info.moved) said.push(turnsText(state, info.old.moves.length));
  else if (info.old && state.moves.length < info.old.moves.length) said.push('Turns taken back.');
  else if (!state.result || (info.old && info.old.result)) return;   // nothing a player needs told
  said.push(toMoveText(state));
  announce(said.join(' '));
}

// After a keyboard pick: what it picked and how many places it can go.
function announcePick() {
  if (!keyed || !rz.clicks.length) return;
  const last = rz.clicks[rz.clicks.length - 1];
  const n = [...nextClicks()].length;
  const where = document.activeElement && document.activeElement.getAttribute('aria-label');
  announce((where || last) + '. ' + n + (n === 1 ? ' way' : ' ways') + ' to go on; Escape starts over.');
}

export function initAccess() {
  trackFocus();
  on('render', () => {
    labelBoard();
    restoreFocus();
    focusChoice();
    announcePick();
    if (!rz.clicks.length) keyed = false;
  });
  on('state', onState);
  $('board-col').addEventListener('keydown', onKey);
  $('choice-buttons').addEventListener('click', onChoiceKey);
}
