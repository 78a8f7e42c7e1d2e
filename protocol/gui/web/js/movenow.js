// "Move now": while an engine thinks over a turn of the game, a button beside
// its name (and the key m) sends `move_now`, and the engine plays its best
// turn so far (docs/gui-protocol.md). Shown only then: an engine of the
// game's to move (not a built-in player, which moves at once), no result,
// not paused.
//
// In the browser build the engine's search runs inside its Worker; the
// session stops it through shared memory when the page has it, and otherwise
// plays the turn the engine last reported best and starts a new engine for
// the next turn (docs/web.md). Either way the turn comes at once; before the
// engine's first report there is none, and the session says so.
import { $, el } from './dom.js';
import { rz, on } from './store.js';
import { send } from './connection.js';

const TITLE = 'The engine plays its best turn so far, now (m)';

function engineThinking(s) {
  if (!s || s.result || s.paused || s.to_move !== 'engine') return false;
  const p = (s.players || {})[s.side];
  return !!p && !String(p.id).startsWith('builtin:');
}

function draw({ state: s }) {
  const button = $('btn-move-now');
  const show = engineThinking(s);
  button.hidden = !show;
  if (!show) return;
  const row = document.querySelector('#board-col .player[data-color="' + s.side + '"]');
  if (row && button.parentNode !== row) row.insertBefore(button, row.querySelector('.clock'));
}

export function moveNow() {
  if (!engineThinking(rz.state)) return false;
  return send({ type: 'move_now' });
}

export function initMoveNow() {
  const button = el('button', 'move-now');
  button.type = 'button';
  button.id = 'btn-move-now';
  button.hidden = true;
  button.innerHTML = '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M2 2.5 L9 8 L2 13.5 Z"/>' +
    '<path d="M8 2.5 L15 8 L8 13.5 Z"/></svg> Move now';
  button.title = TITLE;
  button.onclick = moveNow;
  $('player-top').appendChild(button);
  on('render', draw);
  document.addEventListener('keydown', event => {
    if (event.key !== 'm' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || document.querySelector('dialog[open]')) return;
    if ($('layout').hidden) return;   // the analysis board is open: its keys are its own
    if (moveNow()) event.preventDefault();
  });
}
