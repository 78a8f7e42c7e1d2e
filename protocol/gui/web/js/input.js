// Input: clicks and drags on the cells, hand pieces and choice buttons (only
// the clicks of state.legal are taken), and the keyboard.
import { $ } from './dom.js';
import { rz, render, completedTurn, nextClicks } from './store.js';
import { send } from './connection.js';
import { goLive, step, viewAt } from './history.js';
import { flip } from './board.js';

// One click (a cell's square, a hand piece's or a choice's click).
export function press(click) {
  if (rz.viewPly !== null) { goLive(); return; }
  const next = nextClicks();
  if (!next.has(click)) {
    const restart = rz.clicks.length > 0;
    rz.clicks = [];
    if (restart && nextClicks().has(click)) rz.clicks = [click];   // pick up another piece
    render();
    return;
  }
  rz.clicks.push(click);
  const done = completedTurn();
  if (done !== null) {
    rz.pendingTurnAt = performance.now();
    rz.clicks = [];
    if (!send({ type: 'turn', text: done })) rz.pendingTurnAt = null;
  }
  render();
}

export function clearClicks() { rz.clicks = []; render(); }

// Click-click and drag on the [data-click] elements inside `box` (the game's
// layout, or the analysis board): a press picks up, a release on another of
// the `next()` clicks drops; a press on an empty part of the `boards` area
// starts the turn over. The game's input and the analysis board's share it.
// The listeners go on `root`: they must run before drag.js's on the document
// (which looks at the clicks a press left), so the document for a module
// initialised before drag.js, else the box itself.
export function wirePressAndDrop(root, box, boards, { clicks, clear, press, next }) {
  const target = node => {
    const t = node && node.closest('[data-click]');
    return t && box.contains(t) ? t : null;
  };
  let down = null;
  root.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    const t = target(event.target);
    if (!t) {
      if (event.target.closest(boards) && clicks().length) clear();
      return;
    }
    down = { click: t.dataset.click, x: event.clientX, y: event.clientY };
    press(down.click);
    if (t.closest(boards)) event.preventDefault();
  });
  root.addEventListener('pointerup', event => {
    const from = down;
    down = null;
    if (!from || Math.hypot(event.clientX - from.x, event.clientY - from.y) < 8) return;   // a click, not a drag
    const t = target(document.elementFromPoint(event.clientX, event.clientY));
    if (t && t.dataset.click !== from.click && clicks().length && next().has(t.dataset.click)) press(t.dataset.click);
  });
}

function wireKeys() {
  document.addEventListener('keydown', event => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName);
    if (typing || document.querySelector('dialog[open]')) return;
    if (event.key === 'ArrowLeft') { step(-1); event.preventDefault(); }
    else if (event.key === 'ArrowRight') { step(1); event.preventDefault(); }
    else if (event.key === 'Home') { viewAt(0); event.preventDefault(); }
    else if (event.key === 'End') { goLive(); event.preventDefault(); }
    else if (event.key === 'Escape') clearClicks();
    else if (event.key === 'f') flip();
  });
}

export function initInput() {
  wirePressAndDrop(document, $('layout'), '#boards', { clicks: () => rz.clicks, clear: clearClicks, press, next: nextClicks });
  wireKeys();
}
