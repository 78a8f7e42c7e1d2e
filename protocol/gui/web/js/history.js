// Browsing the game's history (`view` messages) and taking a turn back.
import { $ } from './dom.js';
import { rz, render, emit } from './store.js';
import { send, onMessage } from './connection.js';

// Shows the position after `ply` turns (the live game from the last one on).
export function viewAt(ply) {
  const s = rz.state;
  if (!s) return;
  if (ply >= s.moves.length) { goLive(); return; }
  ply = Math.max(0, ply);
  rz.viewPly = ply;
  rz.clicks = [];
  send({ type: 'view', ply });
  render();
}

export function goLive() { rz.viewPly = null; rz.view = null; render(); }

export function step(delta) {
  const s = rz.state;
  if (!s) return;
  const cur = rz.viewPly === null ? s.moves.length : rz.viewPly;
  viewAt(cur + delta);
}

function receiveView(msg) {
  if (rz.viewPly !== msg.ply) return;   // an answer to a view left since
  rz.view = msg;
  emit('view', msg);
  render();
}

export function initHistory() {
  onMessage('view', receiveView);
  $('moves').addEventListener('click', event => {
    const m = event.target.closest('[data-ply]');
    if (m) viewAt(parseInt(m.dataset.ply, 10));
  });
  $('btn-first').onclick = () => viewAt(0);
  $('btn-prev').onclick = () => step(-1);
  $('btn-next').onclick = () => step(1);
  $('btn-last').onclick = goLive;
  $('btn-live').onclick = goLive;
  $('btn-undo').onclick = () => { goLive(); send({ type: 'undo' }); };
}
