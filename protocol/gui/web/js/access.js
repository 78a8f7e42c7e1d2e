// Keyboard-only and screen-reader play (issue 46). Every square, token cell
// and hand piece is focusable and labelled (its name, what stands on it,
// whether it is picked or can be played to); one cell per area is in the Tab
// order (a roving tabindex), the arrow keys move the focus over the area's
// grid (and along a hand), Enter or Space on a square is a click on it (pick,
// then play; Escape starts over: input.js). Each turn, a new game, the result
// and what a pick offers are told in a live region (#announce). The page
// still knows no rules: it reads what the state and the drawn cells say.
// The game's board and the analysis board (analysis.js) are each a
// keyboardBoard: the same labels, keys and announcements over their own
// elements, clicks and live region.
import { $, sideName } from './dom.js';
import { rz, on, nextClicks } from './store.js';
import { press } from './input.js';

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

// ---------------------------------------------------------------- announcements
// Into the live region `id` (the game's #announce by default).
export function announce(text, id = 'announce') { $(id).textContent = text; }

function turnsText(state, from) {
  return state.moves.slice(from).map(m => sideName(m.color) + ' played ' + m.text + '.').join(' ');
}

function toMoveText(state) {
  if (state.result) return 'Game over: ' + state.result.score + ', ' + state.result.reason + '.';
  const check = ((state.board.highlights || {}).check || []).length ? 'Check. ' : '';
  const you = state.to_move === 'human' ? ', your turn' : '';
  return check + sideName(state.side) + ' to move' + you + '.';
}

// What a change from `old` to `state` (a game's state or the analysis
// board's: moves, side, result, board) says, `opened` its first words when
// the board is new; null when nothing a player needs told.
export function changeText(state, old, opened) {
  const said = [];
  if (opened) said.push(opened);
  else if (old && state.moves.length > old.moves.length) said.push(turnsText(state, old.moves.length));
  else if (old && state.moves.length < old.moves.length) said.push('Turns taken back.');
  else if (!state.result || (old && old.result)) return null;
  said.push(toMoveText(state));
  return said.join(' ');
}

// ---------------------------------------------------------------- one board
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

// A board played by the keyboard. `o`: root (the element holding its boards,
// hands and choices), boards, picker, choices, buttons (the ids of its boards'
// box, its promotion picker, its "Choose:" box and that box's buttons), live
// (its live region's id), next() (the clicks that go on), clicks() (those
// made), press(click). Returns drawn(), to call after each drawing of it.
export function keyboardBoard(o) {
  const root = o.root;
  const squares = '#' + o.boards + ' .cell[data-click]', hands = '.hand-row .hand-piece[data-click]';
  const picks = '#' + o.picker + ' [data-click]', choices = '#' + o.buttons + ' [data-click]';
  const focusable = [squares, hands, picks, choices].join(', ');
  const keyed = [squares, hands, picks].join(', ');
  const roving = new Map();   // area id -> the square last focused in it
  let focused = null;         // the element of ours that has the focus, or had it when a drawing removed it
  let byKeys = false;         // the last pick came from the keyboard
  let lastKey = null;         // the last square or hand piece focused: where the focus goes back after a choice

  // Labels and the Tab order of what the last drawing drew.
  function label() {
    const next = o.next();
    for (const area of $(o.boards).querySelectorAll('.area')) {
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
    for (const piece of root.querySelectorAll('.hand-row .hand-piece')) {
      piece.setAttribute('role', 'button');
      piece.setAttribute('aria-label', handLabel(piece, next));
      piece.tabIndex = 0;
    }
    for (const pick of root.querySelectorAll(picks)) {
      pick.setAttribute('role', 'button');
      pick.setAttribute('aria-label', 'Choose ' + pick.title);
      pick.tabIndex = 0;
    }
  }

  // Every drawing draws the cells anew: the focused one is found again by its key.
  function keyOf(e) {
    if (e.dataset.square) return '#' + o.boards + ' [data-area="' + CSS.escape(e.closest('.area').dataset.area) + '"] [data-square="' + CSS.escape(e.dataset.square) + '"]';
    if (e.dataset.hand) return '.hand-row [data-hand="' + CSS.escape(e.dataset.hand) + '"]';
    return null;
  }

  root.addEventListener('focusin', event => {
    const t = event.target.closest && event.target.closest(focusable);
    focused = t || null;
    if (!t) return;
    const key = keyOf(t);
    if (key) lastKey = key;
    if (t.dataset.square) roving.set(t.closest('.area').dataset.area, t.dataset.square);
  });

  function restoreFocus() {
    if (!focused || focused.isConnected) return;
    const was = focused;
    focused = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const fresh = (keyOf(was) && root.querySelector(keyOf(was))) || (lastKey && root.querySelector(lastKey));
    if (fresh) fresh.focus({ preventScroll: true });
  }

  // A choice (the promotion picker, "Choose:") asked after a keyboard pick takes the focus.
  function focusChoice() {
    const first = root.querySelector(picks) || ($(o.choices).hidden ? null : root.querySelector(choices));
    const there = document.activeElement && document.activeElement.closest('#' + o.picker + ', #' + o.buttons);
    if (first && byKeys && !there) first.focus({ preventScroll: true });
  }

  // After a keyboard pick: what it picked and how many places it can go.
  function announcePick() {
    const made = o.clicks();
    if (!byKeys || !made.length) return;
    const n = [...o.next()].length;
    const where = document.activeElement && document.activeElement.getAttribute('aria-label');
    announce((where || made[made.length - 1]) + '. ' + n + (n === 1 ? ' way' : ' ways') + ' to go on; Escape starts over.', o.live);
  }

  root.addEventListener('keydown', event => {
    const t = event.target.closest && event.target.closest(keyed);
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
      byKeys = true;
      o.press(t.dataset.click);
      event.preventDefault();
      event.stopPropagation();
    }
  });

  // A choice button pressed from the keyboard (a click with no pointer).
  $(o.buttons).addEventListener('click', event => {
    const b = event.target.closest('[data-click]');
    if (b && event.detail === 0) { byKeys = true; o.press(b.dataset.click); }
  });

  return {
    drawn() {
      label();
      restoreFocus();
      focusChoice();
      announcePick();
      if (!o.clicks().length) byKeys = false;
    }
  };
}

// Keys for the arrows of a board's own cells: the page's other key handlers leave them to it.
export const boardKey = event => MOVES[event.key] && event.target.closest && event.target.closest('.cell[data-click], .hand-piece[data-click], .picker [data-click]');

function onState(state, info) {
  const text = changeText(state, info.old, info.newGame ? 'New game of ' + (state.title || state.variant) + '.' : null);
  if (text) announce(text);
}

export function initAccess() {
  const game = keyboardBoard({ root: $('board-col'), boards: 'boards', picker: 'picker', choices: 'choices', buttons: 'choice-buttons',
    live: 'announce', next: nextClicks, clicks: () => rz.clicks, press });
  on('render', () => game.drawn());
  on('state', onState);
}
