// A turn typed as text (issue 46): in coordinates (`e2e4`, `a1a3,a3c3`) or
// the game's readable notation (`Nf3`, `N@c4`, `e5,+a2i2`), sent as it is in
// a `turn` message. The page reads nothing of it: the rules side (the server,
// or the session's Worker in the browser build) plays it or answers an
// `error` ("illegal turn: ..."), which is shown beside the field and leaves
// the field, the board and the game as they were.
import { $ } from './dom.js';
import { rz, on } from './store.js';
import { send, onMessage } from './connection.js';
import { goLive } from './history.js';

let pending = null;   // the text sent, until the next turn or error answers it

function setNote(text) {
  const note = $('typed-note');
  note.textContent = text;
  note.hidden = !text;
  $('typed-move').setAttribute('aria-invalid', text ? 'true' : 'false');
}

function submit(event) {
  event.preventDefault();
  const text = $('typed-move').value.trim();
  if (!text) return;
  if (rz.viewPly !== null) goLive();
  setNote('');
  if (send({ type: 'turn', text })) pending = text;
}

export function initTyped() {
  $('typed').addEventListener('submit', submit);
  on('state', (state, info) => {
    if (pending !== null && info.moved) { $('typed-move').value = ''; setNote(''); }
    if (info.moved || info.newGame) pending = null;
  });
  onMessage('error', msg => {
    if (pending === null) return;
    setNote((msg.message || 'error') + ' (nothing was played)');
    pending = null;
  });
}
