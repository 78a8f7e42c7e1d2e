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

function clickTarget(event) {
  const t = event.target.closest('[data-click]');
  return t && $('layout').contains(t) ? t : null;
}

// Click-click and drag: a press picks up, a release on another square drops.
function wirePointer() {
  let down = null;
  document.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    const t = clickTarget(event);
    if (!t) {
      if (event.target.closest('#boards') && rz.clicks.length) clearClicks();
      return;
    }
    down = { click: t.dataset.click, x: event.clientX, y: event.clientY };
    press(down.click);
    if (t.closest('#boards')) event.preventDefault();
  });
  document.addEventListener('pointerup', event => {
    const from = down;
    down = null;
    if (!from || Math.hypot(event.clientX - from.x, event.clientY - from.y) < 8) return;   // a click, not a drag
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const t = under && under.closest('[data-click]');
    if (t && t.dataset.click !== from.click && rz.clicks.length && nextClicks().has(t.dataset.click)) press(t.dataset.click);
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
  wirePointer();
  wireKeys();
}
