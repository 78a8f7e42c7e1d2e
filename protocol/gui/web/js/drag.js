// A dragged piece follows the pointer (mouse and touch): input.js still takes a
// press and a release on another square as two clicks; this module only draws
// the piece under the pointer while the button is held (after 8 pixels, as
// input.js counts a drag) and dims it on its square. #drag-ghost is the
// element that follows. It serves every board entered by clicks: the game's
// (#layout) and any other registered with dragBoard (the analysis board).
import { rz, on } from './store.js';

let drag = null;   // { click, x, y, html, ghost, size, board }

// The boards pieces are dragged on: scope (the section), cells (the boards'
// box) as selectors, and clicks(): the clicks entered there so far.
const boards = [{ scope: '#layout', cells: '#boards', clicks: () => rz.clicks }];

export function dragBoard(scope, cells, clicks) { boards.push({ scope, cells, clicks }); }

// The element of `click` on that board as drawn now: a cell or a hand piece.
function elementOf(board, click) {
  const c = CSS.escape(click);
  return document.querySelector(board.cells + ' [data-square="' + c + '"]') ||   // not the square's second place
    document.querySelector(board.cells + ' [data-click="' + c + '"], ' + board.scope + ' .hand-row [data-click="' + c + '"]');
}

function startPoint(event) {
  if (event.button !== 0) return;
  const t = event.target.closest('[data-click]');
  // The press drew the board anew, so the element pressed may be gone: its
  // board is found on the path the event took when it was dispatched.
  const path = event.composedPath();
  const board = t && boards.find(b => path.some(n => n.matches && n.matches(b.scope)));
  if (!board) return;
  const click = t.dataset.click;
  // The board's input ran first: the press was taken when it is now the last click.
  // Its render drew the board anew, so the element pressed is found again.
  const clicks = board.clicks();
  if (clicks[clicks.length - 1] !== click) return;
  const now = elementOf(board, click);
  const piece = now && now.querySelector('.piece svg, :scope > svg');
  if (!piece) return;
  const size = now.getBoundingClientRect().width;
  drag = { click, x: event.clientX, y: event.clientY, html: piece.outerHTML, ghost: null, size, board };
}

function showGhost(event) {
  if (!drag) return;
  if (!drag.ghost) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 8) return;
    const g = document.createElement('div');
    g.id = 'drag-ghost';
    g.innerHTML = drag.html;
    g.style.width = g.style.height = drag.size + 'px';
    document.body.appendChild(g);
    drag.ghost = g;
    dimOrigin();
  }
  drag.ghost.style.transform = 'translate(' + (event.clientX - drag.size / 2) + 'px, ' + (event.clientY - drag.size / 2) + 'px)';
  if (event.cancelable && event.pointerType === 'touch') event.preventDefault();
}

// Dims the dragged piece's square; a board drawn anew calls it again.
export function dimOrigin() {
  for (const c of document.querySelectorAll('.drag-origin')) c.classList.remove('drag-origin');
  if (!drag || !drag.ghost) return;
  const origin = elementOf(drag.board, drag.click);
  if (origin) origin.classList.add('drag-origin');
}

function endDrag() {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  drag = null;
  dimOrigin();
}

// Registers after input.js, whose pointerdown must run first.
export function initDrag() {
  document.addEventListener('pointerdown', startPoint);
  document.addEventListener('pointermove', showGhost, { passive: false });
  // After input.js's pointerup has dropped the piece (a listener added later runs later).
  document.addEventListener('pointerup', endDrag);
  document.addEventListener('pointercancel', endDrag);
  window.addEventListener('blur', endDrag);
  on('render', dimOrigin);
}
